//! The NumPy side: structured dtypes described from a [`Layout`]'s columns or an op's field
//! table, and arrays made with `numpy.frombuffer` over buffers filled from Rust: NumPy's own
//! buffer, written in place through rust-numpy, or a buffer of the caller's. Both keep the
//! module on the stable ABI.

use ::numpy::{PyArray1, PyArrayMethods};
use isa_core::{Family, FieldInfo, FieldKind, Placement};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

use isa_host::table::rows;
use isa_host::table::{Column, Layout, Names, TableError};

/// `{op: array}` of `stream` ([`isa_host::table::rows`]), its rows written on `threads` threads:
/// one structured array per op with a bundle that decodes, each row its bundle's offset and
/// fields. Every array is a read-only view of one NumPy buffer, sized from a first pass that
/// counts each op's bundles (NumPy asks the kernel for huge pages for it, which a `bytes`
/// object of that size does not get: its 4 KiB page faults cost more than decoding). The rows
/// are written into that buffer in place, with the interpreter released.
pub fn tables<'py, F: Family>(
    py: Python<'py>,
    stream: &[u8],
    threads: usize,
) -> PyResult<Bound<'py, PyDict>> {
    let refused = |e: TableError| PyValueError::new_err(e.to_string());
    let mut plan = py
        .detach(|| rows::plan::<F>(stream, threads))
        .map_err(refused)?;
    let numpy = py.import("numpy")?;
    let all = numpy.call_method1("empty", (plan.bytes(), "u1"))?;
    let taken = {
        let mut buffer = all.cast::<PyArray1<u8>>()?.readwrite();
        let out = buffer.as_slice_mut()?;
        py.detach(|| rows::write::<F>(&mut plan, stream, out))
            .map_err(refused)?
    };
    all.call_method1("setflags", (false,))?;
    let out = PyDict::new(py);
    for (layout, rows) in plan.layouts().iter().zip(taken) {
        let Some(layout) = layout.as_ref().filter(|_| !rows.is_empty()) else {
            continue;
        };
        let kwargs = PyDict::new(py);
        kwargs.set_item("dtype", record_dtype(py, layout)?)?;
        kwargs.set_item("count", rows.len() / layout.itemsize.max(1))?;
        kwargs.set_item("offset", rows.start)?;
        let array = numpy.call_method("frombuffer", (&all,), Some(&kwargs))?;
        out.set_item(layout.tag, array)?;
    }
    Ok(out)
}

/// The dtype of a table's rows: `offset`, then its columns, with `metadata={"names": {path:
/// {number: name}}}` for its code and enumeration columns.
fn record_dtype<'py>(py: Python<'py>, table: &Layout) -> PyResult<Bound<'py, PyAny>> {
    let descr = PyList::empty(py);
    descr.append(("offset", "<u8"))?;
    for column in &table.columns {
        descr.append(describe(py, column)?)?;
    }
    let names = PyDict::new(py);
    for (path, column_names) in &table.names {
        let by_number = PyDict::new(py);
        match column_names {
            Names::Table(lut) => {
                for (_, code) in lut.entries() {
                    if let Some(canonical) = lut.preimages(code.into()).first() {
                        by_number.set_item(code, canonical)?;
                    }
                }
            }
            Names::Enumeration(codes) => {
                for (name, code) in *codes {
                    by_number.set_item(code, name)?;
                }
            }
            Names::Seen(seen) => {
                for (i, name) in seen.iter().enumerate() {
                    by_number.set_item(i, name)?;
                }
            }
        }
        names.set_item(path, by_number)?;
    }
    let metadata = PyDict::new(py);
    metadata.set_item("names", names)?;
    let kwargs = PyDict::new(py);
    kwargs.set_item("metadata", metadata)?;
    py.import("numpy")?
        .getattr("dtype")?
        .call((descr,), Some(&kwargs))
}

/// A column as a member of a dtype description: `(name, type)`, `(name, type, (len,))` or
/// `(name, [members])`.
fn describe<'py>(py: Python<'py>, column: &Column) -> PyResult<Bound<'py, PyTuple>> {
    match column {
        Column::Scalar { name, store } => (name, store.numpy()).into_pyobject(py),
        Column::Array { name, store, len } => (name, store.numpy(), (*len,)).into_pyobject(py),
        Column::Record { name, members } => {
            let inner = PyList::empty(py);
            for member in members {
                inner.append(describe(py, member)?)?;
            }
            (name, inner).into_pyobject(py)
        }
    }
}

/// The dtype of an op's wire bytes, for a zero-copy view: every field that sits in whole bytes
/// at its offset (an integer at its declared width, a one-byte code or enumeration as its
/// byte, anything wider as its bytes), in a record as wide as the bundle. Fields in nibbles or
/// bits, and the parts of a split value, are left out (`tables` decodes them).
pub fn wire_dtype<'py>(
    py: Python<'py>,
    fields: &[FieldInfo],
    size: usize,
) -> PyResult<Bound<'py, PyAny>> {
    let (names, formats, offsets) = (PyList::empty(py), PyList::empty(py), PyList::empty(py));
    for row in fields {
        let Some(format) = wire_format(row) else {
            continue;
        };
        names.append(row.name)?;
        formats.append(format)?;
        offsets.append(row.offset)?;
    }
    let spec = PyDict::new(py);
    spec.set_item("names", names)?;
    spec.set_item("formats", formats)?;
    spec.set_item("offsets", offsets)?;
    spec.set_item("itemsize", size)?;
    py.import("numpy")?.getattr("dtype")?.call1((spec,))
}

/// How a field sits in a view, or `None` for one that does not sit in whole bytes of its own.
fn wire_format(row: &FieldInfo) -> Option<String> {
    let Placement::Bytes { len } = row.placement else {
        return None;
    };
    match row.kind {
        FieldKind::Reserved | FieldKind::Identity { .. } => return None,
        FieldKind::Value | FieldKind::Opcode | FieldKind::Constant(_) => {}
    }
    if row.value_bits.is_some() {
        return None;
    }
    let sign = if row.ty.starts_with('i') { 'i' } else { 'u' };
    Some(match isa_host::table::declared_width(row.ty) {
        Some(width) if width == len => format!("<{sign}{len}"),
        _ if len == 1 => "|u1".into(),
        _ => format!("|V{len}"),
    })
}
