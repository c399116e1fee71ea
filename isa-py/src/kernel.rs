//! The kernel calls of an ISA ([`isa_host::Isa::calls`]) as functions of the module: each
//! Python argument becomes an [`isa_host::kernel::Value`], and [`isa_host::kernel::run`] binds,
//! lowers and checks; the bundles come back as `bytes`. A refusal is a `TypeError` (an argument
//! missing or of the wrong kind) or a `ValueError` (a value, a lowering or a validator refused)
//! with the library's message. What the lowering notes beside the bundles (a diagnostic it
//! reports and goes on after, a module attribute it sets) is a [`LoweringWarning`], one per note.

use std::ffi::{CStr, CString};

use isa_host::Isa;
use isa_host::kernel::{self, Call, CallError, Notes, Value};
use pyo3::exceptions::{PyTypeError, PyUserWarning, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{
    PyBool, PyBytes, PyCFunction, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple,
};

pyo3::create_exception!(
    isa_py,
    LoweringWarning,
    PyUserWarning,
    "What a kernel call's lowering notes beside its bundles, which the bytes do not record: a \
     diagnostic it reports and goes on after, or a module attribute it sets."
);

/// Adds every call of `I` to `m`, and [`LoweringWarning`].
pub fn register<I: Isa>(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("LoweringWarning", m.py().get_type::<LoweringWarning>())?;
    for call in I::calls() {
        let doc = format!("{}\n--\n\n{}", call.signature(), call.doc);
        let function = PyCFunction::new_closure(
            m.py(),
            Some(text(call.name)?),
            Some(text(&doc)?),
            move |args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>| {
                let bytes = run::<I>(&call, args, kwargs)?;
                Ok::<_, PyErr>(PyBytes::new(args.py(), &bytes).unbind())
            },
        )?;
        m.add_function(function)?;
    }
    Ok(())
}

/// A name or a help text as the interpreter keeps it: for as long as the module lives, which
/// is the process (a module is initialised once).
fn text(s: &str) -> PyResult<&'static CStr> {
    let c = CString::new(s).map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(Box::leak(c.into_boxed_c_str()))
}

/// One call with Python's arguments.
fn run<I: Isa>(
    call: &Call,
    args: &Bound<'_, PyTuple>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<Vec<u8>> {
    let positional = args.iter().map(|a| argument(&a)).collect::<PyResult<_>>()?;
    let mut keywords = Vec::new();
    for (key, v) in kwargs.into_iter().flat_map(|k| k.iter()) {
        keywords.push((key.extract::<String>()?, argument(&v)?));
    }
    let lowered = kernel::run::<I::Bundles>(call, positional, keywords).map_err(|e| error(&e))?;
    warn(args.py(), call.name, &lowered.notes)?;
    Ok(lowered.bytes)
}

/// Each note of `call`'s lowering as a [`LoweringWarning`].
fn warn(py: Python<'_>, call: &str, notes: &Notes) -> PyResult<()> {
    let reports = notes
        .reports
        .iter()
        .map(|r| format!("{call}(): the lowering reports: {r}"));
    let attributes = notes.attributes.iter().map(|a| {
        format!(
            "{call}(): the lowering sets the module attribute `{}`",
            a.name()
        )
    });
    let category = py.get_type::<LoweringWarning>();
    for message in reports.chain(attributes) {
        let message = CString::new(message).map_err(|e| PyValueError::new_err(e.to_string()))?;
        PyErr::warn(py, &category, &message, 1)?;
    }
    Ok(())
}

/// `e` as Python's exception.
fn error(e: &CallError) -> PyErr {
    if e.is_type_error() {
        PyTypeError::new_err(e.to_string())
    } else {
        PyValueError::new_err(e.to_string())
    }
}

/// An argument: `None` for Python's `None` (left out).
fn argument(v: &Bound<'_, PyAny>) -> PyResult<Option<Value>> {
    if v.is_none() {
        Ok(None)
    } else {
        value(v).map(Some)
    }
}

/// A Python value as a [`Value`]: bools, ints, floats, strings, tuples and lists, dicts with
/// string keys; NumPy scalars through `__index__` / `__float__` and arrays through `tolist`;
/// anything else is described.
fn value(v: &Bound<'_, PyAny>) -> PyResult<Value> {
    if let Ok(b) = v.cast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if v.is_instance_of::<PyInt>() || (v.hasattr("__index__")? && !v.hasattr("tolist")?) {
        return Ok(v.extract::<i64>().map_or_else(
            |_| Value::Other(format!("{v}, an integer past 64 bits")),
            Value::Int,
        ));
    }
    if v.is_instance_of::<PyFloat>() {
        return Ok(Value::Float(v.extract()?));
    }
    if v.is_instance_of::<PyString>() {
        return Ok(Value::Str(v.extract()?));
    }
    if let Ok(d) = v.cast::<PyDict>() {
        let mut entries = Vec::with_capacity(d.len());
        for (key, item) in d.iter() {
            let Ok(key) = key.extract::<String>() else {
                return Ok(Value::Other(
                    "a dict with a key that is not a string".into(),
                ));
            };
            entries.push((key, value(&item)?));
        }
        return Ok(Value::Map(entries));
    }
    if v.is_instance_of::<PyTuple>() || v.is_instance_of::<PyList>() {
        let items = v.try_iter()?.map(|i| value(&i?)).collect::<PyResult<_>>()?;
        return Ok(Value::List(items));
    }
    if v.hasattr("tolist")? {
        // A NumPy array or scalar: its Python form (a 0-d array or a scalar gives a number).
        return value(&v.call_method0("tolist")?);
    }
    if v.hasattr("__float__")? {
        return Ok(Value::Float(v.extract()?));
    }
    Ok(Value::Other(format!(
        "an object of type {}",
        v.get_type().name()?
    )))
}
