//! The listing in Python: `disassemble(data)` is the text `isa decode` prints for a stream,
//! `assemble(text)` the bytes `isa encode` writes for a listing ([`isa_host::text`]), and
//! the same for 32-bit word streams. What `disassemble` gives, `assemble` reads back byte for
//! byte, whatever the stream holds.

use isa_host::Isa;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use crate::args::Args;
use crate::input::Stream;

/// Adds `assemble`, `disassemble`, `assemble_words` and `disassemble_words` to `m`.
pub(crate) fn register<I: Isa>(m: &Bound<'_, PyModule>) -> PyResult<()> {
    crate::add(m, c"assemble", c"assemble(text)\n--\n\nThe bytes of a listing as `disassemble` returns it, or written by hand (`isa encode`): each line's op, its fields by name, columns optional; raw lines back byte for byte. A line that does not assemble raises ValueError naming its line, column and the fix.", |a| {
        assembled(a, isa_host::assemble::<I>)
    })?;
    crate::add(m, c"assemble_words", c"assemble_words(text)\n--\n\nThe bytes of a word listing as `disassemble_words` returns it (`isa encode --word32`), blocks in assembly text among its lines.", |a| {
        assembled(a, isa_host::assemble_words::<I>)
    })?;
    crate::add(m, c"disassemble", c"disassemble(data)\n--\n\nThe listing `isa decode` prints for a stream of 64-byte bundles: a line per bundle (offset, opcode, op, fields), every byte that does not decode as a (bad) or (trailing) line.", |a| {
        let stream = Stream::read(&a.get(0, "data")?)?;
        let text = isa_host::disassemble::<I>(stream.bytes());
        Ok(PyString::new(a.py(), &text).into_any())
    })?;
    crate::add(m, c"disassemble_words", c"disassemble_words(data)\n--\n\nThe listing `isa decode --word32` prints for a stream of 32-bit block words.", |a| {
        let stream = Stream::read(&a.get(0, "data")?)?;
        let text = isa_host::disassemble_words::<I>(stream.bytes());
        Ok(PyString::new(a.py(), &text).into_any())
    })?;
    Ok(())
}

/// The bytes `assemble` makes of the `text` argument, or its errors as a ValueError.
fn assembled<'py>(
    a: &Args<'_, 'py>,
    assemble: fn(&str) -> Result<Vec<u8>, isa_host::AssembleErrors>,
) -> PyResult<Bound<'py, PyAny>> {
    let text: String = a.get(0, "text")?.extract()?;
    let bytes = assemble(&text).map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(PyBytes::new(a.py(), &bytes).into_any())
}
