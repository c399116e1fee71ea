//! The Python module of the user's ISA: every function of `isa_bundles`, over [`CustomIsa`]
//! (the built-in ops, TensorMax, TensorClamp and the BScale word).
#![forbid(unsafe_code)]

use ::custom_isa::CustomIsa;
use pyo3::prelude::*;

/// `import custom_isa`.
#[pymodule]
#[pyo3(name = "custom_isa")]
fn custom_isa_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    isa_py::register::<CustomIsa>(m)
}
