//! What a function takes as a stream: `bytes` (read in place), any other buffer of bytes
//! (`bytearray`, `memoryview`, a NumPy `uint8` array: copied once into `bytes`), or a path
//! (`str` or `os.PathLike`: the file is read).

use pyo3::exceptions::{PyOSError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

/// Buffer formats (as `memoryview.format` writes them) whose items are single bytes.
const BYTE_FORMATS: [&str; 3] = ["B", "b", "c"];

/// A stream's bytes.
pub struct Stream<'py> {
    bytes: Bound<'py, PyBytes>,
}

impl<'py> Stream<'py> {
    /// The stream `data` stands for.
    pub fn read(data: &Bound<'py, PyAny>) -> PyResult<Self> {
        let py = data.py();
        if let Ok(bytes) = data.cast::<PyBytes>() {
            return Ok(Self::buffer(bytes.clone()));
        }
        if data.is_instance_of::<PyString>() || data.hasattr("__fspath__")? {
            let path: String = py
                .import("os")?
                .call_method1("fspath", (data,))?
                .extract()?;
            let read = std::fs::read(&path)
                .map_err(|e| PyOSError::new_err(format!("cannot read {path}: {e}")))?;
            return Ok(Self::buffer(PyBytes::new(py, &read)));
        }
        let view = py
            .import("builtins")?
            .getattr("memoryview")?
            .call1((data,))
            .map_err(|_| {
                PyTypeError::new_err(format!(
                    "expected bytes, a buffer of bytes or a path, found {}",
                    type_name(data)
                ))
            })?;
        let format: String = view.getattr("format")?.extract()?;
        if !BYTE_FORMATS.contains(&format.as_str()) {
            return Err(PyTypeError::new_err(format!(
                "expected a buffer of bytes (uint8), found a {} buffer of format {format:?}",
                type_name(data)
            )));
        }
        Ok(Self::buffer(view.call_method0("tobytes")?.cast_into()?))
    }

    fn buffer(bytes: Bound<'py, PyBytes>) -> Self {
        Self { bytes }
    }

    /// The bytes.
    pub fn bytes(&self) -> &[u8] {
        self.bytes.as_bytes()
    }
}

/// The name of `value`'s type, for messages.
pub fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "value".into())
}
