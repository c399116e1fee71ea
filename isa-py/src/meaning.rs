//! What the simulator says a bundle means: the op table (`semantics()`, every form with its
//! pseudocode, source, confidence and status, as `isa doc` prints it) and the form each bundle
//! of a stream runs as (`meanings(data)`).

use isa_host::Members;
use isa_host::decode::{Record, records};
use isa_sim::{Execute, Semantics};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// A dict per form of the family `B`'s op table.
pub fn table<'py, B: Execute>(py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
    let out = PyList::empty(py);
    for form in isa_sim::table::<B>() {
        out.append(form_dict(py, form)?)?;
    }
    Ok(out)
}

/// A dict per record of `stream` (as `decode` gives them): its `offset`, its `op` and the
/// `form` it runs as, with the form's `executed`; bytes with no typed form have `op` and
/// `form` None and the decoder's `reason`, so every byte of the stream is accounted for.
pub fn meanings<'py, B: Members + Execute>(
    py: Python<'py>,
    stream: &[u8],
) -> PyResult<Bound<'py, PyList>> {
    let out = PyList::empty(py);
    for record in records::<B>(stream) {
        let d = PyDict::new(py);
        match record {
            Record::Member { offset, member, .. } => {
                let form = member.semantics();
                d.set_item("offset", offset)?;
                d.set_item("op", member.tag())?;
                d.set_item("form", form.form)?;
                d.set_item("executed", form.refusal().is_none())?;
            }
            Record::Raw { offset, reason, .. } => {
                d.set_item("offset", offset)?;
                d.set_item("op", py.None())?;
                d.set_item("form", py.None())?;
                d.set_item("executed", false)?;
                d.set_item("reason", reason)?;
            }
        }
        out.append(d)?;
    }
    Ok(out)
}

fn form_dict<'py>(py: Python<'py>, form: &Semantics) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("form", form.form)?;
    d.set_item("pseudocode", form.pseudocode)?;
    d.set_item("source", form.source)?;
    d.set_item("confidence", form.confidence.tag())?;
    d.set_item("executed", form.refusal().is_none())?;
    d.set_item("status", form.status.describe())?;
    Ok(d)
}
