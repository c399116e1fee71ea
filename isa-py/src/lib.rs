//! The Python module over an ISA's declarations: the same decoder, encoder, validators and
//! field tables as the `isa` command, with Python values at the boundary and nothing else.
//!
//! [`register`] adds the functions to a module for any [`Isa`]. The built-in ISA's module,
//! `isa_bundles` (`pip install ./isa-py`), is `module/`, a crate of a few lines that calls it; a
//! user's crate builds the module of its own ISA the same way:
//!
//! ```rust,ignore
//! use pyo3::prelude::*;
//!
//! #[pymodule]
//! fn my_isa(m: &Bound<'_, PyModule>) -> PyResult<()> {
//!     isa_py::register::<my_crate::MyIsa>(m)
//! }
//! ```
//!
//! | function | what it calls |
//! | --- | --- |
//! | `decode(data)`, `decode_words(data)` | [`isa_host::decode::records`], [`Isa::word_decoder`]: the records `isa decode --json` writes, as dicts |
//! | `encode(records)`, `encode_words(records)` | [`isa_host::encode::encode_values`], as `isa encode` |
//! | `validate(data, strict_only=False)` | [`isa_host::validate::check_stream`], as `isa validate` |
//! | `tables(data, threads=None)` | [`isa_host::table`], its rows written into NumPy's buffer: `{op: structured array}` |
//! | `view(data, op)` | the op's field table: a zero-copy structured array over the wire bytes |
//! | `ops()`, `fields(op)` | [`isa_core::Family::DECLARATIONS`] |
//! | `semantics()`, `meanings(data)` | [`isa_sim::table`] and [`isa_sim::Execute::semantics`]: the op table, and the form each bundle runs as |
//! | `tensor_tensor(dst, data1, data2, op)`, … | [`isa_host::kernel::run`] on each of [`Isa::calls`]: an instruction's lowering, its bundles as `bytes` |
//! | `assemble(text)`, `disassemble(data)` (and `_words`) | [`isa_host::text`]: the listing `isa decode` prints, and back |
//!
//! `data` is `bytes`, `bytearray`, `memoryview`, a NumPy `uint8` array or a path. Errors are
//! Python exceptions carrying the library's message (`ValueError` for bytes or records that do
//! not encode or tabulate, `TypeError` for a value of the wrong type, `KeyError` for an unknown
//! op, `OSError` for a file that does not read); nothing panics across the boundary.
//!
//! `Machine(core="v2")` is the simulator's machine over NumPy arrays ([`machine`]): `load`,
//! `run` (a [`isa_sim::Runner`] over the module's family) and `dump`; `run_all(machines,
//! streams)` runs independent kernels on all cores.
#![forbid(unsafe_code)]

mod args;
mod asm;
mod input;
pub mod kernel;
pub mod machine;
mod meaning;
mod numpy;
mod objects;

use std::ffi::CStr;

use isa_core::Family;
use isa_host::decode::{Record, records};
use isa_host::encode::{LineError, Mode, encode_values};
use isa_host::validate::{self, Reported};
use isa_host::{Isa, Members, listing, raw};
use pyo3::exceptions::{PyKeyError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyCFunction, PyDict, PyList, PyTuple};

use crate::args::Args;
use crate::input::Stream;
use crate::objects::Objects;

/// Adds every function of the module, and `Machine`, for the ISA `I`, to `m`.
pub fn register<I: Isa>(m: &Bound<'_, PyModule>) -> PyResult<()>
where
    I::Bundles: isa_sim::Execute,
{
    add(m, c"Machine", c"Machine(core='v2')\n--\n\nThe simulator's machine of core 'v2', 'v3' or 'v4', running streams of this ISA: load(region, address, array, partition=0), run(data, drains=None), dump(region, address, dtype, shape, partition=0).", |a| {
        let core = a.optional(0, "core")?.map(|c| c.extract::<String>()).transpose()?;
        let run = machine::runner::<I::Bundles>();
        let machine = machine::Machine::new(core.as_deref().unwrap_or("v2"), run)?;
        Ok(Bound::new(a.py(), machine)?.into_any())
    })?;
    add(m, c"run_all", c"run_all(machines, streams, drains=None, threads=None)\n--\n\nRuns streams[i] on machines[i], every pair at once on all cores (on `threads` when given), each as Machine.run runs it with the same drains; returns each run's drains. When a run fails the others still run, each failed machine is left as it was, and ValueError names each failed run's index and error.", |a| {
        let machines: Vec<Bound<'_, machine::Machine>> = a.get(0, "machines")?.extract()?;
        let streams: Vec<Bound<'_, PyAny>> = a.get(1, "streams")?.extract()?;
        let drains = a.optional(2, "drains")?.map(|d| d.extract()).transpose()?;
        let threads = a.optional(3, "threads")?.map(|t| t.extract()).transpose()?;
        machine::run_all(a.py(), machines, streams, drains, threads)
    })?;
    add(m, c"decode", c"decode(data)\n--\n\nThe records `isa decode --json` writes for a stream of 64-byte bundles, as dicts: one per bundle, a raw record for bytes that do not decode (trailing bytes included).", |a| {
        let stream = Stream::read(&a.get(0, "data")?)?;
        let py = a.py();
        Ok(objects::acyclic(py, || bundle_records::<I::Bundles>(py, stream.bytes()))?.into_any())
    })?;
    add(m, c"decode_words", c"decode_words(data)\n--\n\nThe records `isa decode --word32 --json` writes for a stream of 32-bit block words, as dicts.", |a| {
        let stream = Stream::read(&a.get(0, "data")?)?;
        let mut text = String::new();
        for item in I::word_decoder().decode(stream.bytes()).into_iter().flatten() {
            if let Some(json) = &item.json {
                text.push_str(&listing::with_offset(item.offset, json));
                text.push('\n');
            }
        }
        Ok(Objects::new(a.py()).parse_lines(&text)?.into_any())
    })?;
    add(m, c"encode", c"encode(records)\n--\n\nThe bytes of records as `decode` returns them (`isa encode`): each record where the ones before it end, raw records written back as they are. A record that does not encode raises ValueError naming its index and field.", |a| {
        encode::<I>(&a.get(0, "records")?, Mode::Bundles)
    })?;
    add(m, c"encode_words", c"encode_words(records)\n--\n\nThe bytes of records as `decode_words` returns them (`isa encode --word32`).", |a| {
        encode::<I>(&a.get(0, "records")?, Mode::Words)
    })?;
    add(m, c"validate", c"validate(data, strict_only=False)\n--\n\nEvery finding `isa validate` reports: a dict per failed check, with its rule, confidence, source, op, field, byte offset and message.", |a| {
        let stream = Stream::read(&a.get(0, "data")?)?;
        let strict_only = a.optional(1, "strict_only")?.map(|v| v.is_truthy()).transpose()?.unwrap_or(false);
        findings::<I>(a.py(), stream.bytes(), strict_only)
    })?;
    add(m, c"tables", c"tables(data, threads=None)\n--\n\n`{op: numpy structured array}`: a row per bundle that decodes, in stream order, its stream `offset` and every field; the names of code and enumeration columns are in `array.dtype.metadata['names']`. The stream is split across `threads` threads (by default every core rayon sees, `RAYON_NUM_THREADS` if set; 1 keeps it on the calling thread), and the interpreter is released while Rust works.", |a| {
        let stream = Stream::read(&a.get(0, "data")?)?;
        let threads = match a.optional(1, "threads")?.filter(|t| !t.is_none()) {
            Some(t) => match t.extract::<usize>()? {
                0 => return Err(PyValueError::new_err("threads must be at least 1")),
                n => n,
            },
            None => rayon::current_num_threads(),
        };
        Ok(numpy::tables::<I::Bundles>(a.py(), stream.bytes(), threads)?.into_any())
    })?;
    add(m, c"view", c"view(data, op)\n--\n\nA zero-copy structured array over `data`, a buffer of bundles of `op` alone: its fields that sit in whole bytes.", |a| {
        view::<I>(&a.get(0, "data")?, &a.get(1, "op")?.extract::<String>()?)
    })?;
    add(
        m,
        c"ops",
        c"ops()\n--\n\nThe name of every op, in dispatch order.",
        |a| Ok(PyList::new(a.py(), <I::Bundles as Family>::TAGS)?.into_any()),
    )?;
    add(
        m,
        c"fields",
        c"fields(op)\n--\n\nThe field table of `op`: a dict per row.",
        |a| {
            let op = member::<I::Bundles>(&a.get(0, "op")?.extract::<String>()?)?;
            fields(a.py(), op.fields)
        },
    )?;
    add(m, c"semantics", c"semantics()\n--\n\nThe op table: a dict per form of every op as Machine.run executes it, with its pseudocode, source, confidence and status (executed, or why not), as `isa doc` prints it.", |a| {
        Ok(meaning::table::<I::Bundles>(a.py())?.into_any())
    })?;
    add(m, c"meanings", c"meanings(data)\n--\n\nThe form each record of a stream of 64-byte bundles runs as (a form of `semantics()`): a dict per record with its offset, op, form and whether the form executes; bytes that do not decode have op and form None and the decoder's reason.", |a| {
        let stream = Stream::read(&a.get(0, "data")?)?;
        Ok(meaning::meanings::<I::Bundles>(a.py(), stream.bytes())?.into_any())
    })?;
    kernel::register::<I>(m)?;
    asm::register::<I>(m)?;
    Ok(())
}

/// Adds the function `name` to `m`, called with its arguments read by [`Args`].
fn add<F>(m: &Bound<'_, PyModule>, name: &'static CStr, doc: &'static CStr, f: F) -> PyResult<()>
where
    F: for<'py> Fn(&Args<'_, 'py>) -> PyResult<Bound<'py, PyAny>> + Send + Sync + 'static,
{
    let function = PyCFunction::new_closure(
        m.py(),
        Some(name),
        Some(doc),
        move |args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>| {
            f(&Args::new(args, kwargs)).map(Bound::unbind)
        },
    )?;
    m.add_function(function)
}

/// The declaration of the member named `op` (its serde name, or its name).
fn member<F: Family>(op: &str) -> PyResult<isa_core::family::Declaration> {
    F::TAGS
        .iter()
        .position(|tag| *tag == op)
        .or_else(|| F::DECLARATIONS.iter().position(|d| d.name == op))
        .and_then(|i| F::DECLARATIONS.get(i).copied())
        .ok_or_else(|| {
            PyKeyError::new_err(format!("no op {op:?}; the ops are {}", F::TAGS.join(", ")))
        })
}

/// The records of `stream`, a stream of bundles, as dicts: a member's serde form after its
/// `offset`, or a raw record's `offset`, `raw` and `reason` (what `isa decode --json` writes).
fn bundle_records<'py, B: Members>(py: Python<'py>, stream: &[u8]) -> PyResult<Bound<'py, PyList>> {
    let out = PyList::empty(py);
    let mut objects = Objects::new(py);
    for record in records::<B>(stream) {
        let d = match record {
            Record::Member {
                offset,
                member,
                view,
            } => objects.member::<B>(offset, member.tag(), &view)?,
            Record::Raw {
                offset,
                bytes,
                reason,
            } => {
                let d = PyDict::new(py);
                d.set_item("offset", offset)?;
                d.set_item(raw::MEMBER, raw::hex(bytes))?;
                d.set_item(raw::REASON, reason)?;
                d
            }
        };
        out.append(d)?;
    }
    Ok(out)
}

/// The bytes of `records` (any iterable of dicts), as `isa encode` writes their JSON Lines.
fn encode<'py, I: Isa>(records: &Bound<'py, PyAny>, mode: Mode) -> PyResult<Bound<'py, PyAny>> {
    let mut values = Vec::new();
    for record in records.try_iter()? {
        let value: Result<serde_json::Value, LineError> =
            pythonize::depythonize(&record?).map_err(|e| LineError::from(e.to_string()));
        values.push(value);
    }
    match encode_values::<I>(values, mode) {
        Ok(bytes) => Ok(PyBytes::new(records.py(), &bytes).into_any()),
        Err(problems) => {
            let messages: Vec<String> = problems
                .iter()
                .map(|p| format!("record {}: {}", p.line, p.error))
                .collect();
            Err(PyValueError::new_err(messages.join("\n")))
        }
    }
}

/// What `isa validate` reports of `stream`, a dict per finding.
fn findings<'py, I: Isa>(
    py: Python<'py>,
    stream: &[u8],
    strict_only: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let out = PyList::empty(py);
    let mut failed = Ok(());
    validate::check_stream::<I::Bundles>(stream, strict_only, |reported| {
        let finding = match reported {
            Reported::Bundle(_) => return,
            Reported::Finding {
                bundle,
                op,
                finding,
            } => finding_dict(py, bundle, Some(op), &finding),
            Reported::Trailing(t) => {
                let finding = isa_core::Finding::new(
                    &validate::TRAILING,
                    "bundle",
                    0,
                    t as &dyn std::fmt::Display,
                );
                finding_dict(py, t.offset, None, &finding)
            }
        };
        if failed.is_ok() {
            failed = finding.and_then(|f| out.append(f));
        }
    });
    failed.map(|()| out.into_any())
}

fn finding_dict<'py>(
    py: Python<'py>,
    bundle: usize,
    op: Option<&str>,
    f: &isa_core::Finding<&dyn std::fmt::Display>,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("offset", bundle + f.offset)?;
    d.set_item("bundle", bundle)?;
    d.set_item("op", op)?;
    d.set_item("rule", f.rule.name)?;
    d.set_item("confidence", f.rule.confidence.tag())?;
    d.set_item("source", f.rule.source)?;
    d.set_item("field", f.field)?;
    d.set_item("message", f.reason.to_string())?;
    Ok(d)
}

/// A zero-copy array over `data`, a buffer holding bundles of `op` alone.
fn view<'py, I: Isa>(data: &Bound<'py, PyAny>, op: &str) -> PyResult<Bound<'py, PyAny>> {
    type B<I> = <I as Isa>::Bundles;
    let declaration = member::<B<I>>(op)?;
    let stream = Stream::read(data)?;
    let bytes = stream.bytes();
    let size = declaration.size.max(1);
    if bytes.len() % size != 0 {
        return Err(PyValueError::new_err(format!(
            "{} bytes do not make whole {size}-byte bundles: {} trailing bytes at offset {:#x}",
            bytes.len(),
            bytes.len() % size,
            bytes.len() - bytes.len() % size
        )));
    }
    if let Some((i, other)) = bytes
        .chunks_exact(size)
        .enumerate()
        .find(|(_, b)| !declaration.matches(b))
    {
        let is = <B<I> as Family>::member_index(other)
            .and_then(|m| <B<I> as Family>::DECLARATIONS.get(m))
            .map_or_else(
                || format!("opcode {:#04x}, no op", other.first().copied().unwrap_or(0)),
                |d| d.name.to_string(),
            );
        return Err(PyValueError::new_err(format!(
            "bundle at offset {:#x} is {is}, not {}: a view holds one op",
            i * size,
            declaration.name
        )));
    }
    let dtype = numpy::wire_dtype(data.py(), declaration.fields, declaration.size)?;
    data.py()
        .import("numpy")?
        .getattr("frombuffer")?
        .call1((data, dtype))
}

/// The field table, a dict per row: name, offset, bits, type, table, kind, confidence and
/// provenance.
fn fields<'py>(py: Python<'py>, rows: &[isa_core::FieldInfo]) -> PyResult<Bound<'py, PyAny>> {
    let out = PyList::empty(py);
    for row in rows {
        let d = PyDict::new(py);
        d.set_item("name", row.name)?;
        d.set_item("spec_name", row.display_name())?;
        d.set_item("offset", row.offset)?;
        d.set_item("first_bit", row.first_bit())?;
        d.set_item("last_bit", row.last_bit())?;
        d.set_item("bits", row.placement.bit_width())?;
        d.set_item("value_bits", row.value_bits)?;
        d.set_item("type", row.ty)?;
        d.set_item("table", row.lut.map(|t| t.name))?;
        d.set_item("kind", kind(&row.kind))?;
        d.set_item("confidence", row.confidence.tag())?;
        d.set_item("note", row.note)?;
        d.set_item("corroborated", row.corroborated)?;
        d.set_item("disputed", row.disputed)?;
        out.append(d)?;
    }
    Ok(out.into_any())
}

/// What a row is, as a word.
fn kind(kind: &isa_core::FieldKind) -> &'static str {
    match kind {
        isa_core::FieldKind::Value => "value",
        isa_core::FieldKind::Opcode => "opcode",
        isa_core::FieldKind::Constant(_) => "constant",
        isa_core::FieldKind::Reserved => "reserved",
        isa_core::FieldKind::Identity { .. } => "identity",
    }
}
