//! The body of the `run_stream` fuzz target, shared with isa-sim's `run_stream` test (which
//! runs it over a deterministic sample of streams, so CI exercises it without libFuzzer): any
//! byte stream run on a machine with some defined memory never panics, and a stop is an error
//! that prints.

use isa_core::{Addr4, Dtype};
use isa_ops::Op;
use isa_sim::{Core, DrainBinding, Machine, PARTITIONS, Runner, Space};

/// Bytes defined at the start of every SBUF partition: the example kernel's whole layout.
const SBUF_DEFINED: usize = 12 * 1024;
/// Bytes defined at the start of every PSUM partition.
const PSUM_DEFINED: usize = 2 * 1024;

/// Runs `data[1..]` as a bundle stream of the built-in ISA; `data[0]` picks the core and the
/// memory's contents. Panics only if the simulator does.
///
/// Each input runs on a machine prepared once per core and thread, inside a checkpoint rolled
/// back after the run ([`Machine::checkpoint`]): the next input finds the machine exactly as
/// prepared, as a fresh machine would be, without paying for one. Only the defined bytes are
/// rewritten when `data[0]` asks for other contents.
pub fn run_stream(data: &[u8]) {
    let Some((&head, stream)) = data.split_first() else {
        return;
    };
    MACHINES.with_borrow_mut(|machines| {
        let slot = usize::from(head % 3);
        let (filled, machine) = machines[slot].get_or_insert_with(|| (None, prepared(slot)));
        if *filled != Some(head) {
            fill(machine, head);
            *filled = Some(head);
        }
        machine.checkpoint();
        run(machine, stream);
        machine.rollback();
    });
}

/// A prepared machine, with the head byte its defined bytes were last filled for.
type Prepared = (Option<u8>, Machine);

thread_local! {
    /// One prepared machine per core.
    static MACHINES: std::cell::RefCell<[Option<Prepared>; 3]> =
        const { std::cell::RefCell::new([None, None, None]) };
}

/// A machine of core `slot` (V2, V3, V4) with half its accumulators and eight registers set.
fn prepared(slot: usize) -> Machine {
    let core = [Core::V2, Core::V3, Core::V4][slot];
    let mut machine = Machine::new(core);
    for p in (0..PARTITIONS).step_by(2) {
        machine.accumulators_mut().set(p, p as f32 - 64.0);
    }
    for id in 0..8 {
        let _ = machine.set_register(id, u32::from(id) * 256);
    }
    machine
}

/// Writes the defined bytes at the start of every partition, a pattern of `head`.
fn fill(machine: &mut Machine, head: u8) {
    let fill: Vec<u8> = (0..SBUF_DEFINED)
        .map(|i| {
            (i as u8)
                .wrapping_mul(head | 1)
                .rotate_left(u32::from(head % 8))
        })
        .collect();
    for p in 0..PARTITIONS {
        let sbuf = machine.memory_mut(Space::Sbuf).write(p, 0, &fill);
        let psum = machine
            .memory_mut(Space::Psum)
            .write(p, 0, &fill[..PSUM_DEFINED]);
        assert!(sbuf.is_ok() && psum.is_ok(), "the defined region fits");
    }
}

/// Runs `stream`, with the example kernel's drain bound; a stop must print.
fn run(machine: &mut Machine, stream: &[u8]) {
    let mut runner = Runner::new();
    if let Ok(addr) = Addr4::sbuf(0, 10244) {
        // The example kernel's drain (its seventh bundle) lands on its rowsum.
        let binding = DrainBinding::at(addr, Dtype::Float32, PARTITIONS as u8);
        runner.bind_drain(6 * 64, binding);
    }
    if let Err(e) = runner.run::<Op>(machine, stream, &mut ()) {
        assert!(!e.to_string().is_empty());
    }
}
