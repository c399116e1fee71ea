//! A function's arguments, by position or by keyword.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

/// The arguments of one call.
pub struct Args<'a, 'py> {
    args: &'a Bound<'py, PyTuple>,
    kwargs: Option<&'a Bound<'py, PyDict>>,
}

impl<'a, 'py> Args<'a, 'py> {
    /// The arguments given.
    pub fn new(args: &'a Bound<'py, PyTuple>, kwargs: Option<&'a Bound<'py, PyDict>>) -> Self {
        Self { args, kwargs }
    }

    /// The interpreter.
    pub fn py(&self) -> Python<'py> {
        self.args.py()
    }

    /// Argument `name`, the `at`-th positional one, or `None` when it is not given or is
    /// Python's `None` (the default of every optional argument).
    pub fn optional(&self, at: usize, name: &str) -> PyResult<Option<Bound<'py, PyAny>>> {
        let given = if at < self.args.len() {
            self.args.get_item(at).map(Some)?
        } else {
            match self.kwargs {
                Some(kwargs) => kwargs.get_item(name)?,
                None => None,
            }
        };
        Ok(given.filter(|v| !v.is_none()))
    }

    /// Argument `name`, the `at`-th positional one; a `TypeError` when it is missing.
    pub fn get(&self, at: usize, name: &str) -> PyResult<Bound<'py, PyAny>> {
        self.optional(at, name)?
            .ok_or_else(|| PyTypeError::new_err(format!("missing argument `{name}`")))
    }
}
