//! `isa run STREAM [--core v2|v3|v4] [--load …]… [--dump …]… [--drain …]… [--trace]`: runs a
//! bundle stream on a simulated core ([`isa_sim::Machine`]) with NumPy arrays loaded into
//! memory before and written out after.
//!
//! A place in memory is `sbuf@ADDR` or `psum@ADDR`, optionally `sbuf[P0]@ADDR` from partition
//! `P0` on (0 by default): an array of shape (partitions, elements…) goes to partitions `P0`,
//! `P0+1`, … each row laid out from byte `ADDR` of its partition, in C order. A dump names the
//! file, the element type as NumPy or ml_dtypes names it and the shape; a drain binds the
//! DveReadAccumulator bundle at a byte offset to a place (one element per partition, from
//! `P0` to partition 127, fp32 unless a dtype follows).
//!
//! The exit status is the other commands': 0 when the stream ran, 1 when it stopped (the error
//! names the bundle's offset, the op, the operand and the problem) or a dump reads memory
//! nothing wrote — and then no dump is written — and 2 when the command could not run (a file
//! that cannot be read, a `.npy` whose dtype or shape does not fit).

use std::io::{BufWriter, StdoutLock};
use std::path::{Path, PathBuf};
use std::str::FromStr;

use isa_core::{Addr4, Dtype};
use isa_host::place::{self, NameError, Place};
use isa_host::{Isa, rows};
use isa_sim::numeric::Format;
use isa_sim::{Core, DrainBinding, Execute, Machine, Observer, PARTITIONS, Record, Runner, Space};

use crate::cmd::{emit, flush, stdout};
use crate::error::{CliError, Status};
use crate::io::{Input, write_file};
use crate::npy;
use crate::walk::Progress;

/// Arguments of `isa run`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Example (the masked softmax of examples/kernel.jsonl):\n\
  isa run examples/kernel.bin \\\n\
    --load sbuf@0x0=scores.npy        # float32, shape (128, 512)\n\
    --load sbuf@0x800=causal.npy      # float32, shape (128, 512)\n\
    --load sbuf@0x1000=padding.npy    # bfloat16 (ml_dtypes), shape (128, 512)\n\
    --drain 0x180=sbuf@0x2804         # the DveReadAccumulator bundle at byte 0x180 → rowsum\n\
    --dump sbuf@0x2400=probs.npy:bfloat16:128,512\n\n\
Then in Python: np.load(\"probs.npy\").view(ml_dtypes.bfloat16)."
)]
pub struct Args {
    /// The stream of bundles; `-` reads standard input.
    pub input: PathBuf,
    /// The core version the machine models (its SBUF size and dtype tables).
    #[arg(long, default_value = "v2", value_parser = parse_core)]
    pub core: Core,
    /// `PLACE=FILE.npy`: writes the array's bytes before the run, row i to partition P0+i
    /// (PLACE is `sbuf@ADDR`, `psum@ADDR`, or `sbuf[P0]@ADDR`).
    #[arg(long, value_name = "PLACE=FILE.npy")]
    pub load: Vec<Load>,
    /// `PLACE=FILE.npy:DTYPE:SHAPE`: writes memory after the run as a `.npy` of that dtype
    /// (`float32`, `bfloat16`, `float8_e4m3fn`, `int32`, …) and shape (`128,512`).
    #[arg(long, value_name = "PLACE=FILE.npy:DTYPE:SHAPE")]
    pub dump: Vec<Dump>,
    /// `OFFSET=PLACE[:DTYPE]`: where the DveReadAccumulator bundle at byte OFFSET writes its
    /// registers (fp32 unless DTYPE says).
    #[arg(long, value_name = "OFFSET=PLACE[:DTYPE]")]
    pub drain: Vec<Drain>,
    /// List every bundle with the operands it read and wrote.
    #[arg(long)]
    pub trace: bool,
}

fn parse_core(s: &str) -> Result<Core, String> {
    place::core(s).map_err(|e| e.to_string())
}

/// `--load PLACE=FILE.npy`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Load {
    /// Where row 0 goes.
    pub place: Place,
    /// The array.
    pub file: PathBuf,
}

impl FromStr for Load {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let (place, file) = s
            .split_once('=')
            .ok_or_else(|| format!("`{s}`: write PLACE=FILE.npy"))?;
        Ok(Self {
            place: place.parse().map_err(|e: NameError| e.to_string())?,
            file: file.into(),
        })
    }
}

/// `--dump PLACE=FILE.npy:DTYPE:SHAPE`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dump {
    /// Where row 0 comes from.
    pub place: Place,
    /// The file written.
    pub file: PathBuf,
    /// The element format.
    pub format: Format,
    /// The shape: partitions, then elements.
    pub shape: Vec<usize>,
}

impl FromStr for Dump {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let (place, rest) = s
            .split_once('=')
            .ok_or_else(|| format!("`{s}`: write PLACE=FILE.npy:DTYPE:SHAPE"))?;
        let mut parts = rest.rsplitn(3, ':');
        let (Some(shape), Some(dtype), Some(file)) = (parts.next(), parts.next(), parts.next())
        else {
            return Err(format!("`{rest}`: write FILE.npy:DTYPE:SHAPE"));
        };
        let shape = shape
            .trim_matches(|c| c == '(' || c == ')')
            .split([',', 'x'])
            .filter(|d| !d.is_empty())
            .map(place::number)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| e.to_string())?;
        if shape.is_empty() {
            return Err("the shape needs at least the partitions".into());
        }
        Ok(Self {
            place: place.parse().map_err(|e: NameError| e.to_string())?,
            file: file.into(),
            format: place::format(dtype).map_err(|e| e.to_string())?,
            shape,
        })
    }
}

/// `--drain OFFSET=PLACE[:DTYPE]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Drain {
    /// The DveReadAccumulator bundle's byte offset.
    pub offset: usize,
    /// Where partition P0's register goes.
    pub place: Place,
    /// The destination's dtype.
    pub dtype: Dtype,
}

impl FromStr for Drain {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let (offset, rest) = s
            .split_once('=')
            .ok_or_else(|| format!("`{s}`: write OFFSET=PLACE[:DTYPE]"))?;
        let (place, dtype) = rest.split_once(':').unwrap_or((rest, "float32"));
        let dtype = Dtype::from_str(dtype).map_err(|e| e.to_string())?;
        Ok(Self {
            offset: place::number(offset).map_err(|e| e.to_string())?,
            place: place.parse().map_err(|e: NameError| e.to_string())?,
            dtype,
        })
    }
}

impl Drain {
    fn binding(&self) -> Result<DrainBinding, String> {
        let Place {
            space,
            partition,
            byte,
        } = self.place;
        let (p, b) = (partition as u32, byte as u32);
        let addr = match space {
            Space::Sbuf => Addr4::sbuf(p, b),
            Space::Psum => Addr4::psum(p, b),
        }
        .map_err(|e| format!("drain at {:#x}: {e}", self.offset))?;
        Ok(DrainBinding::at(
            addr,
            self.dtype,
            (PARTITIONS - partition) as u8,
        ))
    }
}

/// Writes the array of the `.npy` file at `path` to memory at `place`: row i to partition
/// `place.partition + i`.
fn load(machine: &mut Machine, place: Place, path: &Path) -> Result<(), CliError> {
    let array = npy::read(path)?;
    rows::load(machine, place, &array.shape, &array.data).map_err(|e| CliError::Npy {
        path: path.display().to_string(),
        why: e.to_string(),
    })
}

/// The `.npy` file of `dump`, read from memory; an error names the file and the first byte
/// nothing wrote or that is outside memory.
fn dump_bytes(machine: &Machine, dump: &Dump) -> Result<Vec<u8>, String> {
    let name = dump.file.display();
    let data = rows::dump(machine, dump.place, &dump.shape, dump.format)
        .map_err(|e| format!("{name}: {e}"))?;
    npy::encode(dump.format, &dump.shape, &data).map_err(|e| format!("{name}: {e}"))
}

/// The trace and the progress bar, as the run goes.
struct Watch {
    trace: Option<BufWriter<StdoutLock<'static>>>,
    /// The first failure to write the trace.
    failed: Option<CliError>,
    progress: Progress,
    width: usize,
}

impl Observer for Watch {
    fn bundle(&mut self, record: &Record<'_>) {
        self.progress.advance(self.width);
        if let (Some(out), None) = (&mut self.trace, &self.failed) {
            let line = trace_line(record);
            self.failed = self.progress.suspend(|| emit(out, &line)).err();
        }
    }
}

/// One trace line: the offset, the op, and each operand read and written.
pub fn trace_line(record: &Record<'_>) -> String {
    use std::fmt::Write;
    let mut line = format!("{:#010x}  {}", record.offset, record.op);
    // Ended by a newline, as `emit` writes it.
    for (what, ops) in [("read", record.reads), ("wrote", record.writes)] {
        for o in ops {
            let _ = write!(
                line,
                "  {what} {} {}[{}..{}]@{:#x} {} x{}",
                o.name,
                o.space.name(),
                o.partition,
                o.partition + o.partitions,
                o.byte,
                o.dtype,
                o.elements()
            );
        }
    }
    line.push('\n');
    line
}

/// Runs `isa run`.
pub fn run<I: Isa>(args: Args) -> Result<Status, CliError>
where
    I::Bundles: Execute,
{
    let input = Input::from_arg(Some(&args.input));
    let name = input.name();
    let stream = input.open()?.read_all()?;
    let mut machine = Machine::new(args.core);
    for l in &args.load {
        load(&mut machine, l.place, &l.file)?;
    }
    let mut runner = Runner::new();
    for d in &args.drain {
        let binding = d.binding().map_err(|why| CliError::Usage { why })?;
        runner.bind_drain(d.offset, binding);
    }
    let width = <I::Bundles as isa_core::Family>::WIDTH;
    let mut watch = Watch {
        trace: args.trace.then(stdout),
        failed: None,
        progress: Progress::new(Some(stream.len() as u64)),
        width,
    };
    let result = runner.run::<I::Bundles>(&mut machine, &stream, &mut watch);
    watch.progress.finish();
    if let Some(e) = watch.failed {
        return Err(e);
    }
    if let Some(out) = &mut watch.trace {
        flush(out)?;
    }
    if let Err(e) = result {
        eprintln!("{}: {name}: {e}; no dump is written", I::COMMAND);
        return Ok(Status::Problems(1));
    }
    let files = args
        .dump
        .iter()
        .map(|d| dump_bytes(&machine, d))
        .collect::<Result<Vec<_>, _>>();
    match files {
        Ok(files) => {
            for (d, bytes) in args.dump.iter().zip(files) {
                write_file(&d.file, &bytes)?;
            }
            Ok(Status::Clean)
        }
        Err(e) => {
            eprintln!("{}: dump {e}; no dump is written", I::COMMAND);
            Ok(Status::Problems(1))
        }
    }
}
