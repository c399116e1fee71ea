//! `Machine`: the simulator's [`isa_sim::Machine`] over NumPy arrays. Loading and dumping copy
//! element bytes between an array and a memory, one row of the array a partition; running
//! calls [`Runner::run`] for the module's family. Nothing is computed here.

use isa_core::{Addr4, Dtype, Family};
use isa_host::place::{self, Place};
use isa_host::rows;
use isa_sim::numeric::Format;
use isa_sim::{
    DrainBinding, DrainEvent, ExecError, Execute, Observer, Operand, PARTITIONS, Record, Runner,
};
use std::collections::BTreeMap;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyDict, PyList};
use rayon::prelude::*;

use crate::input::Stream;

/// How a machine runs a stream: [`Runner::run`] for the module's family.
type Run = fn(&Runner, &mut isa_sim::Machine, &[u8], &mut Report) -> Result<usize, ExecError>;

/// What a run reports as it goes: its drains, and each bundle that ran where a trace is kept.
#[derive(Debug, Default)]
pub struct Report {
    drains: Vec<DrainEvent>,
    trace: Option<Vec<Traced>>,
}

/// A bundle that ran, as `isa run --trace` shows it: its offset, its op, and the operands it
/// read and wrote.
#[derive(Debug)]
struct Traced {
    offset: usize,
    op: &'static str,
    reads: Vec<Operand>,
    writes: Vec<Operand>,
}

impl Observer for Report {
    fn bundle(&mut self, record: &Record<'_>) {
        if let Some(trace) = &mut self.trace {
            trace.push(Traced {
                offset: record.offset,
                op: record.op,
                reads: record.reads.to_vec(),
                writes: record.writes.to_vec(),
            });
        }
    }

    fn drain(&mut self, event: &DrainEvent) {
        self.drains.push(event.clone());
    }
}

/// The run function of family `F`: the whole run atomic ([`Runner::run_atomic`]: a failing
/// run leaves the machine as it was, at the cost of what the run wrote).
pub fn runner<F: Family + Execute>() -> Run {
    |runner, machine, stream, report| runner.run_atomic::<F>(machine, stream, report)
}

/// `Machine(core="v4")`: SBUF, PSUM, the accumulators and the registers of one core, running
/// streams of the module's ISA.
#[pyclass(name = "Machine")]
pub struct Machine {
    machine: isa_sim::Machine,
    run: Run,
}

/// The error of a Rust value, as Python's `ValueError`.
fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

impl Machine {
    /// A machine of `core` (`"v2"`, `"v3"` or `"v4"`) running streams with `run`.
    pub fn new(core: &str, run: Run) -> PyResult<Self> {
        Ok(Self {
            machine: isa_sim::Machine::new(place::core(core).map_err(value_error)?),
            run,
        })
    }
}

/// The place of row 0: byte `address` of partition `partition` of memory `region`.
fn place(region: &str, address: usize, partition: usize) -> PyResult<Place> {
    Place::new(
        place::space(region).map_err(value_error)?,
        partition,
        address,
    )
    .map_err(value_error)
}

/// The element format of a NumPy dtype: its name is the format's NumPy or ml_dtypes name and
/// its item size the format's (ml_dtypes' types are read by name, so ml_dtypes is never needed
/// here); a big-endian dtype is refused.
fn format(dtype: &Bound<'_, PyAny>) -> PyResult<Format> {
    let name: String = dtype.getattr("name")?.extract()?;
    let itemsize: usize = dtype.getattr("itemsize")?.extract()?;
    let order: String = dtype.getattr("byteorder")?.extract()?;
    place::format(&name)
        .ok()
        .filter(|f| f.bytes() == itemsize && order != ">")
        .ok_or_else(|| {
            PyTypeError::new_err(format!(
                "dtype {name} ({itemsize} bytes, byte order {order:?}) is no element format of the machine; the formats are {}",
                place::format_names()
            ))
        })
}

#[pymethods]
impl Machine {
    /// `load(region, address, array, partition=0)`: writes row `i` of `array` (its elements
    /// in C order) to partition `partition + i` of `region` ("sbuf" or "psum") from byte
    /// `address`. Nothing is written when any of it does not fit.
    #[pyo3(signature = (region, address, array, partition = 0))]
    fn load(
        &mut self,
        region: &str,
        address: usize,
        array: &Bound<'_, PyAny>,
        partition: usize,
    ) -> PyResult<()> {
        let place = place(region, address, partition)?;
        let array = array
            .py()
            .import("numpy")?
            .call_method1("ascontiguousarray", (array,))?;
        format(&array.getattr("dtype")?)?;
        let shape: Vec<usize> = array.getattr("shape")?.extract()?;
        let bytes: Vec<u8> = array.call_method0("tobytes")?.extract()?;
        rows::load(&mut self.machine, place, &shape, &bytes).map_err(value_error)
    }

    /// `dump(region, address, dtype, shape, partition=0)`: the array of `shape` (partitions,
    /// elements…) and `dtype` that `load` would have written there. A byte nothing wrote
    /// raises ValueError.
    #[pyo3(signature = (region, address, dtype, shape, partition = 0))]
    fn dump<'py>(
        &self,
        py: Python<'py>,
        region: &str,
        address: usize,
        dtype: &Bound<'py, PyAny>,
        shape: Vec<usize>,
        partition: usize,
    ) -> PyResult<Bound<'py, PyAny>> {
        let place = place(region, address, partition)?;
        let numpy = py.import("numpy")?;
        let dtype = numpy.call_method1("dtype", (dtype,))?;
        let out = rows::dump(&self.machine, place, &shape, format(&dtype)?).map_err(value_error)?;
        let kwargs = PyDict::new(py);
        kwargs.set_item("dtype", dtype)?;
        numpy
            .call_method("frombuffer", (PyByteArray::new(py, &out),), Some(&kwargs))?
            .call_method1("reshape", (shape,))
    }

    /// `run(data, drains=None)`: runs the stream's bundles in order; `drains` maps the byte
    /// offset of a DveReadAccumulator bundle to the SBUF byte address its read-out lands at
    /// (fp32, partition p's register to partition p, all 128). Returns a dict per drain: its
    /// `offset` and the 128 `values` (float32, NaN where a register is unset). A bundle that
    /// fails raises ValueError naming its offset, op and operand, and leaves the machine as it
    /// was before the run. Other Python threads run while it does.
    ///
    /// `trace`, a list, gets a dict for each bundle as it runs, what `isa run --trace` prints:
    /// its `offset`, its `op`, and the operands it `reads` and `writes`, each a dict of its
    /// `name`, `space`, first `partition`, `partitions`, in-partition `byte` address, `dtype` and
    /// `elements` a partition. After a failure it holds the bundles before the failing one,
    /// whose effects the failure undid.
    #[pyo3(signature = (data, drains = None, trace = None))]
    fn run<'py>(
        &mut self,
        py: Python<'py>,
        data: &Bound<'py, PyAny>,
        drains: Option<BTreeMap<usize, u32>>,
        trace: Option<Bound<'py, PyList>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let stream = Stream::read(data)?;
        let runner = runner_with(drains.unwrap_or_default())?;
        let bytes = stream.bytes();
        let mut report = Report {
            drains: Vec::new(),
            trace: trace.is_some().then(Vec::new),
        };
        let result = py.detach(|| self.run_atomic(&runner, bytes, &mut report));
        if let (Some(list), Some(traced)) = (&trace, &report.trace) {
            for bundle in traced {
                list.append(traced_dict(py, bundle)?)?;
            }
        }
        result.map_err(value_error)?;
        drain_list(py, report.drains)
    }
}

impl Machine {
    /// Runs `stream` with `runner`, reporting to `report`; on failure the machine is left as it
    /// was before the run (and the drains of the bundles rolled back are dropped with the error).
    fn run_atomic(
        &mut self,
        runner: &Runner,
        stream: &[u8],
        report: &mut Report,
    ) -> Result<(), ExecError> {
        (self.run)(runner, &mut self.machine, stream, report)?;
        Ok(())
    }
}

/// A traced bundle as a dict: `offset`, `op`, `reads` and `writes`.
fn traced_dict<'py>(py: Python<'py>, bundle: &Traced) -> PyResult<Bound<'py, PyDict>> {
    let operands = |list: &[Operand]| -> PyResult<Bound<'py, PyList>> {
        let out = PyList::empty(py);
        for o in list {
            let d = PyDict::new(py);
            d.set_item("name", o.name)?;
            d.set_item("space", place::space_name(o.space))?;
            d.set_item("partition", o.partition)?;
            d.set_item("partitions", o.partitions)?;
            d.set_item("byte", o.byte)?;
            d.set_item("dtype", o.dtype.to_string())?;
            d.set_item("elements", o.elements())?;
            out.append(d)?;
        }
        Ok(out)
    };
    let d = PyDict::new(py);
    d.set_item("offset", bundle.offset)?;
    d.set_item("op", bundle.op)?;
    d.set_item("reads", operands(&bundle.reads)?)?;
    d.set_item("writes", operands(&bundle.writes)?)?;
    Ok(d)
}

/// A runner with each drain at a stream offset bound to its SBUF byte address (fp32, all 128
/// partitions).
fn runner_with(drains: BTreeMap<usize, u32>) -> PyResult<Runner> {
    let mut runner = Runner::new();
    for (offset, address) in drains {
        let addr = Addr4::sbuf(0, address).map_err(value_error)?;
        runner.bind_drain(
            offset,
            DrainBinding::at(addr, Dtype::Float32, PARTITIONS as u8),
        );
    }
    Ok(runner)
}

/// A dict per drain: its `offset` and its 128 `values` (float32, NaN where a register is unset).
fn drain_list(py: Python<'_>, events: Vec<DrainEvent>) -> PyResult<Bound<'_, PyAny>> {
    let out = PyList::empty(py);
    let numpy = py.import("numpy")?;
    for event in events {
        let values: Vec<f32> = event.values.iter().map(|v| v.unwrap_or(f32::NAN)).collect();
        let d = PyDict::new(py);
        d.set_item("offset", event.offset)?;
        d.set_item("values", numpy.call_method1("array", (values, "float32"))?)?;
        out.append(d)?;
    }
    Ok(out.into_any())
}

/// `run_all(machines, streams, drains=None, threads=None)`: runs `streams[i]` on
/// `machines[i]`, every pair at once on all cores (on `threads` of them when given), as
/// independent kernels: each as `run` runs it, with the same `drains`. Returns the list of
/// each run's drains. When any run fails, the others have still run; ValueError names each
/// failed run's index and its error, and each failed machine is as it was.
pub fn run_all<'py>(
    py: Python<'py>,
    machines: Vec<Bound<'py, Machine>>,
    streams: Vec<Bound<'py, PyAny>>,
    drains: Option<BTreeMap<usize, u32>>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    if machines.len() != streams.len() {
        return Err(value_error(format!(
            "{} machines for {} streams: give one machine a stream",
            machines.len(),
            streams.len()
        )));
    }
    let runner = runner_with(drains.unwrap_or_default())?;
    let streams = streams
        .iter()
        .map(Stream::read)
        .collect::<PyResult<Vec<_>>>()?;
    let mut held = Vec::with_capacity(machines.len());
    for (i, m) in machines.iter().enumerate() {
        held.push(m.try_borrow_mut().map_err(|_| {
            value_error(format!("machine {i} is given twice, or is running already"))
        })?);
    }
    let mut jobs: Vec<(&mut Machine, &[u8])> = held
        .iter_mut()
        .map(|m| &mut **m)
        .zip(streams.iter().map(Stream::bytes))
        .collect();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(value_error)?;
    let results: Vec<Result<Vec<DrainEvent>, ExecError>> = py.detach(|| {
        pool.install(|| {
            jobs.par_iter_mut()
                .map(|(machine, bytes)| {
                    let mut report = Report::default();
                    machine.run_atomic(&runner, bytes, &mut report)?;
                    Ok(report.drains)
                })
                .collect()
        })
    });
    let out = PyList::empty(py);
    let mut failed = Vec::new();
    for (i, result) in results.into_iter().enumerate() {
        match result {
            Ok(events) => out.append(drain_list(py, events)?)?,
            Err(e) => failed.push(format!("run {i}: {e}")),
        }
    }
    if failed.is_empty() {
        Ok(out.into_any())
    } else {
        Err(value_error(failed.join("\n")))
    }
}
