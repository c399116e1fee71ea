//! The `run_stream` fuzz target's body over a deterministic sample of streams: the example
//! kernel's bundles in random orders with random bytes changed, and random bytes. No stream
//! panics the simulator.

#[path = "../../../fuzz/src/run_stream.rs"]
mod fuzz;

use crate::common::Rng;

#[test]
fn no_stream_of_the_sample_panics_the_simulator() {
    let kernel = include_bytes!("../../../examples/kernel.bin");
    let bundles: Vec<&[u8]> = kernel.chunks(64).collect();
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    for case in 0..24 {
        let mut data = vec![rng.next() as u8];
        if case % 8 == 7 {
            // Random bytes, any length.
            let len = rng.below(300);
            data.extend((0..len).map(|_| rng.next() as u8));
        } else {
            for _ in 0..1 + rng.below(10) {
                data.extend_from_slice(bundles[rng.below(bundles.len())]);
            }
            // Change a few bytes past the header byte: fields, dtypes, descriptors.
            for _ in 0..rng.below(6) {
                let at = 1 + rng.below(data.len() - 1);
                data[at] = rng.next() as u8;
            }
        }
        fuzz::run_stream(&data);
    }
}
