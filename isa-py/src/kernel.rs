//! The kernel calls of an ISA ([`isa_host::Isa::calls`]) as functions of the module: each
//! Python argument becomes an [`isa_host::kernel::Value`], and [`isa_host::kernel::run`] binds,
//! lowers and checks; the bundles come back as `bytes`. A refusal is a `TypeError` (an argument
//! missing or of the wrong kind) or a `ValueError` (a value, a lowering or a validator refused)
//! with the library's message.

use std::ffi::{CStr, CString};

use isa_host::Isa;
use isa_host::kernel::{self, Call, CallError, Value};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{
    PyBool, PyBytes, PyCFunction, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple,
};

/// Adds every call of `I` to `m`.
pub fn register<I: Isa>(m: &Bound<'_, PyModule>) -> PyResult<()> {
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
    kernel::run::<I::Bundles>(call, positional, keywords).map_err(|e| error(&e))
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
