//! Records to Python objects: a member's fields read in place through the field visitor
//! ([`Objects::member`]), and JSON text in one pass over the text ([`Objects::parse`]); the
//! records `isa decode --json` writes become dicts, lists, ints, strings, bools and `None`,
//! with no tree built in between.
//! Member names and short strings (op, field and table names) are made once per call and
//! shared by every record that holds them; the names of the declarations, which live as long as
//! the program, are found again by their address, without hashing their text.

use std::collections::HashMap;
use std::fmt;

use isa_core::FieldError;
use isa_core::visit::{Key, Nest, Value};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};

/// Strings longer than this are made anew each time (a raw record's hex digits, its reason).
const SHARED_LEN: usize = 48;

/// The strings made so far, shared by the records of one call.
pub struct Objects<'py> {
    py: Python<'py>,
    strings: HashMap<String, Bound<'py, PyString>>,
    /// The names of the declarations, by address and length.
    names: foldhash::HashMap<(usize, usize), Bound<'py, PyString>>,
}

impl<'py> Objects<'py> {
    /// A converter with no string made yet.
    pub fn new(py: Python<'py>) -> Self {
        Self {
            py,
            strings: HashMap::new(),
            names: foldhash::HashMapExt::new(),
        }
    }

    /// The Python value of the JSON text `line`.
    pub fn parse(&mut self, line: &str) -> PyResult<Bound<'py, PyAny>> {
        let mut de = serde_json::Deserializer::from_str(line);
        let value = Seed(self)
            .deserialize(&mut de)
            .and_then(|v| de.end().map(|()| v))
            .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?;
        Ok(value)
    }

    /// The list of the Python values of each line of `text` (JSON Lines).
    pub fn parse_lines(&mut self, text: &str) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(self.py);
        for line in text.lines() {
            list.append(self.parse(line)?)?;
        }
        Ok(list)
    }

    /// The record of a member of family `F` read in place: `offset`, its name under the
    /// family's tag, then every field as the field visitor gives it (in declaration order, as
    /// the serde form and `isa decode --json` write them).
    pub fn member<F: isa_core::Family>(
        &mut self,
        offset: usize,
        tag: &'static str,
        view: &F::View<'_>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(self.py);
        d.set_item(self.name("offset"), offset)?;
        d.set_item(self.name(F::TAG), self.name(tag))?;
        let mut fields = Fields {
            objects: self,
            stack: vec![Nested::Dict(d.clone())],
        };
        F::visit_view(view, &mut fields)?;
        Ok(d)
    }

    /// The string of a declaration's name: made on its first use in this call.
    fn name(&mut self, s: &'static str) -> Bound<'py, PyAny> {
        let py = self.py;
        self.names
            .entry((s.as_ptr() as usize, s.len()))
            .or_insert_with(|| PyString::new(py, s))
            .clone()
            .into_any()
    }

    fn string(&mut self, s: &str) -> Bound<'py, PyAny> {
        if s.len() > SHARED_LEN {
            return PyString::new(self.py, s).into_any();
        }
        if let Some(shared) = self.strings.get(s) {
            return shared.clone().into_any();
        }
        let made = PyString::new(self.py, s);
        self.strings.insert(s.to_owned(), made.clone());
        made.into_any()
    }
}

/// `build()` with Python's cyclic collector paused, as it was before afterwards: the records a
/// call builds hold no cycles, and a collection every few hundred of their dicts would scan the
/// young ones again and again for none.
pub fn acyclic<'py, T>(py: Python<'py>, build: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    let gc = py.import("gc")?;
    let was_enabled = gc.call_method0("isenabled")?.is_truthy()?;
    if was_enabled {
        gc.call_method0("disable")?;
    }
    let built = build();
    if was_enabled {
        gc.call_method0("enable")?;
    }
    built
}

/// A JSON value to read into a Python object.
struct Seed<'a, 'py>(&'a mut Objects<'py>);

impl<'de, 'py> DeserializeSeed<'de> for Seed<'_, 'py> {
    type Value = Bound<'py, PyAny>;

    fn deserialize<D: de::Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

/// A Python error as the deserializer's error.
fn failed<E: de::Error>(e: PyErr) -> E {
    E::custom(e)
}

impl<'de, 'py> Visitor<'de> for Seed<'_, 'py> {
    type Value = Bound<'py, PyAny>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Self::Value, E> {
        Ok(pyo3::types::PyBool::new(self.0.py, v).to_owned().into_any())
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
        let Ok(n) = v.into_pyobject(self.0.py);
        Ok(n.into_any())
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
        let Ok(n) = v.into_pyobject(self.0.py);
        Ok(n.into_any())
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
        let Ok(n) = v.into_pyobject(self.0.py);
        Ok(n.into_any())
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(self.0.string(v))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(self.0.py.None().into_bound(self.0.py))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let list = PyList::empty(self.0.py);
        while let Some(item) = seq.next_element_seed(Seed(&mut *self.0))? {
            list.append(item).map_err(failed)?;
        }
        Ok(list.into_any())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let dict = PyDict::new(self.0.py);
        while let Some(key) = map.next_key_seed(Seed(&mut *self.0))? {
            let value = map.next_value_seed(Seed(&mut *self.0))?;
            dict.set_item(key, value).map_err(failed)?;
        }
        Ok(dict.into_any())
    }
}

/// The field visitor that builds Python objects: a nested layout is a dict, a sequence a list,
/// an integer or an address an int, a flag a bool, a name a str, opaque bytes their hex digits.
struct Fields<'o, 'py> {
    objects: &'o mut Objects<'py>,
    /// The dict or list each value goes into, innermost last.
    stack: Vec<Nested<'py>>,
}

/// A dict or list being filled.
enum Nested<'py> {
    Dict(Bound<'py, PyDict>),
    List(Bound<'py, PyList>),
}

impl<'py> Fields<'_, 'py> {
    /// Puts `v` into the innermost dict under `key`'s name, or at the end of the innermost list.
    fn put(&mut self, key: Key, v: Bound<'py, PyAny>) -> PyResult<()> {
        match (self.stack.last(), key.name()) {
            (Some(Nested::Dict(into)), Some(name)) => into.set_item(self.objects.name(name), v),
            (Some(Nested::List(into)), None) => into.append(v),
            _ => Err(PyValueError::new_err(
                "a field outside any record, or an element outside any sequence",
            )),
        }
    }
}

impl<'py> isa_core::visit::Visitor for Fields<'_, 'py> {
    type Error = PyErr;

    fn value(&mut self, key: Key, value: Value<'_>) -> PyResult<()> {
        let py = self.objects.py;
        let v = match value {
            Value::Unsigned(n) => n.into_pyobject(py)?.into_any(),
            Value::Signed(n) => n.into_pyobject(py)?.into_any(),
            Value::Bool(flag) => pyo3::types::PyBool::new(py, flag).to_owned().into_any(),
            Value::Name(name) | Value::Code { name, .. } => self.objects.name(name),
            Value::Address(word) => word.into_pyobject(py)?.into_any(),
            Value::Bytes(bytes) => PyString::new(py, &isa_host::raw::hex(bytes)).into_any(),
        };
        self.put(key, v)
    }

    fn begin(&mut self, key: Key, nest: Nest) -> PyResult<()> {
        let py = self.objects.py;
        let (inner, nested) = match nest {
            Nest::Layout(_) => {
                let d = PyDict::new(py);
                (d.clone().into_any(), Nested::Dict(d))
            }
            Nest::Seq(_) => {
                let l = PyList::empty(py);
                (l.clone().into_any(), Nested::List(l))
            }
        };
        self.put(key, inner)?;
        self.stack.push(nested);
        Ok(())
    }

    fn end(&mut self, _nest: Nest) -> PyResult<()> {
        self.stack.pop();
        Ok(())
    }

    fn undecodable(&mut self, key: Key, error: FieldError) -> PyResult<()> {
        Err(PyValueError::new_err(format!(
            "field `{}` does not decode: {}",
            key.name().unwrap_or("item"),
            error.problem
        )))
    }
}
