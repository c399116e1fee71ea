//! An argument as a front-end gives it ([`Value`]), and the readings of it that tiles and the
//! other parameters share.

use std::fmt;

use super::Problem;

/// An argument as a front-end gives it, before it is read as what its parameter needs. The
/// shapes are those of Python's values (the Python module converts each argument to one).
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// `True` or `False`.
    Bool(bool),
    /// An integer that fits 64 bits.
    Int(i64),
    /// A floating-point number (NaN and the infinities included).
    Float(f64),
    /// A string.
    Str(String),
    /// A tuple or a list.
    List(Vec<Value>),
    /// A dict with string keys, in its order.
    Map(Vec<(String, Value)>),
    /// Anything else, described (`an int too large for 64 bits`, `a set`).
    Other(String),
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Bool(b) => f.write_str(if *b { "True" } else { "False" }),
            Value::Int(n) => write!(f, "{n}"),
            Value::Float(x) if x.is_nan() => f.write_str("nan"),
            Value::Float(x) => write!(f, "{x:?}"),
            Value::Str(s) => write!(f, "'{s}'"),
            Value::List(items) => write!(f, "a sequence of {} items", items.len()),
            Value::Map(_) => f.write_str("a dict"),
            Value::Other(what) => f.write_str(what),
        }
    }
}

/// A value read as an integer: an `Int`, and nothing else (a float, NaN included, is refused:
/// an address or a count is never rounded).
pub fn integer(value: &Value) -> Result<i64, Problem> {
    match value {
        Value::Int(n) => Ok(*n),
        other => Err(Problem::kind("an integer", other)),
    }
}

/// `value` as an integer in `min..=max`.
pub fn integer_in(value: &Value, min: i64, max: i64) -> Result<i64, Problem> {
    let n = integer(value)?;
    if (min..=max).contains(&n) {
        Ok(n)
    } else {
        Err(Problem::value(format!("{n} is outside {min}..={max}")))
    }
}
