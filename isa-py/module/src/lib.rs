//! `import isa_bundles`: the functions of [`isa_py`] over the built-in ISA.
#![forbid(unsafe_code)]

use pyo3::prelude::*;

/// The module of the built-in ISA.
#[pymodule]
fn isa_bundles(m: &Bound<'_, PyModule>) -> PyResult<()> {
    isa_py::register::<isa_host::BuiltIn>(m)
}
