//! A call's arguments: the values a front-end hands over ([`Value`]), bound to the call's
//! parameters by position or by name ([`Arguments::bind`]), and read as what each parameter is
//! (a tile, an ALU op, a scalar, a flag, …) with the argument named in every error.

use std::cell::RefCell;
use std::str::FromStr;

use isa_core::{AluOp, Dtype, SyncBand, UnknownName};
use isa_ops::tensor_scalar::Arg;

use super::tile::Tile;
pub use super::value::{Value, integer, integer_in};
use super::{Call, CallError, Notes, Problem};

/// A call's arguments, bound to its parameters, and what the call's lowering notes beside its
/// bundles ([`super::lower`] keeps them here, [`super::run`] hands them on).
#[derive(Debug, Clone)]
pub struct Arguments {
    call: &'static str,
    names: &'static [&'static str],
    values: Vec<Option<Value>>,
    notes: RefCell<Notes>,
}

impl Arguments {
    /// Binds `positional` to the first parameters of `call` and `keywords` to the parameters
    /// they name. An argument given twice, a name no parameter has, more positional arguments
    /// than parameters or a required parameter left out is refused, naming it.
    pub fn bind(
        call: &Call,
        positional: Vec<Option<Value>>,
        keywords: Vec<(String, Option<Value>)>,
    ) -> Result<Self, CallError> {
        let fail = |problem| CallError {
            call: call.name,
            problem,
        };
        if positional.len() > call.params.len() {
            return Err(fail(Problem::TooMany {
                most: call.params.len(),
                given: positional.len(),
            }));
        }
        let mut values = positional;
        values.resize(call.params.len(), None);
        for (name, value) in keywords {
            let Some(at) = call.params.iter().position(|p| *p == name) else {
                return Err(fail(Problem::Unknown {
                    name,
                    params: call.params.join(", "),
                }));
            };
            if values[at].is_some() {
                return Err(fail(Problem::Twice(call.params[at])));
            }
            values[at] = value;
        }
        if let Some(missing) = (0..call.required).find(|&i| values[i].is_none()) {
            return Err(fail(Problem::Missing(call.params[missing])));
        }
        Ok(Self {
            call: call.name,
            names: call.params,
            values,
            notes: RefCell::default(),
        })
    }

    /// Keeps what a lowering noted: its reports and the module attributes it set.
    pub fn note(&self, notes: Notes) {
        let mut kept = self.notes.borrow_mut();
        kept.reports.extend(notes.reports);
        kept.attributes.extend(notes.attributes);
    }

    /// What the lowerings of this call noted, in order.
    pub fn notes(&self) -> Notes {
        self.notes.borrow().clone()
    }

    /// The call's name.
    pub fn call(&self) -> &'static str {
        self.call
    }

    /// The value of parameter `name`, when given.
    pub fn value(&self, name: &'static str) -> Option<&Value> {
        let at = self.names.iter().position(|p| *p == name)?;
        self.values.get(at)?.as_ref()
    }

    /// Reads parameter `name` with `read` when it is given; an error names the argument.
    pub fn read<T>(
        &self,
        name: &'static str,
        read: impl FnOnce(&Value) -> Result<T, Problem>,
    ) -> Result<Option<T>, CallError> {
        self.value(name)
            .map(read)
            .transpose()
            .map_err(|problem| self.error(name, problem))
    }

    /// Reads parameter `name`, which the call's signature requires.
    pub fn required<T>(
        &self,
        name: &'static str,
        read: impl FnOnce(&Value) -> Result<T, Problem>,
    ) -> Result<T, CallError> {
        self.read(name, read)?.ok_or(CallError {
            call: self.call,
            problem: Problem::Missing(name),
        })
    }

    /// `problem`, about argument `name` of this call.
    pub fn error(&self, name: &'static str, problem: Problem) -> CallError {
        CallError {
            call: self.call,
            problem: problem.of(name),
        }
    }

    /// Tile parameter `name`, as an operand.
    pub fn tile(&self, name: &'static str) -> Result<Tile, CallError> {
        self.required(name, Tile::read)
    }

    /// Optional tile parameter `name`.
    pub fn optional_tile(&self, name: &'static str) -> Result<Option<Tile>, CallError> {
        self.read(name, Tile::read)
    }

    /// Parameter `name`, a name of the enumeration `T` (`add`, `zero_accumulate`, …), or
    /// `default` when it is not given.
    pub fn named<T: FromStr<Err = UnknownName>>(
        &self,
        name: &'static str,
        default: T,
    ) -> Result<T, CallError> {
        Ok(self.read(name, named::<T>)?.unwrap_or(default))
    }

    /// ALU op parameter `name` (required).
    pub fn alu(&self, name: &'static str) -> Result<AluOp, CallError> {
        self.required(name, named::<AluOp>)
    }

    /// Flag parameter `name`: `True` or `False`, `False` when not given.
    pub fn flag(&self, name: &'static str) -> Result<bool, CallError> {
        let read = |v: &Value| match v {
            Value::Bool(b) => Ok(*b),
            other => Err(Problem::kind("True or False", other)),
        };
        Ok(self.read(name, read)?.unwrap_or(false))
    }

    /// Optional scalar parameter `name` ([`scalar`]).
    pub fn scalar(&self, name: &'static str, dtype: Dtype) -> Result<Option<Arg>, CallError> {
        self.read(name, |v| scalar(v, dtype))
    }

    /// Parameter `name`, a mode: a name of the enumeration `T` or its raw code (a code no
    /// variant has goes to the lowering, which refuses it with its own message); `default` when
    /// not given.
    pub fn mode<T: FromStr<Err = UnknownName>>(
        &self,
        name: &'static str,
        code: fn(T) -> u8,
        default: u32,
    ) -> Result<u32, CallError> {
        let read = |v: &Value| match v {
            Value::Str(_) => named::<T>(v).map(|m| u32::from(code(m))),
            other => integer_in(other, 0, u32::MAX.into()).map(|n| n as u32),
        };
        Ok(self.read(name, read)?.unwrap_or(default))
    }

    /// The `sync` parameter: a dict of the sync band's parts (`wait_mode`, `wait_index`,
    /// `update_mode`, `update_index`, `value`), each 0 when left out; no band when not given.
    pub fn sync(&self) -> Result<SyncBand, CallError> {
        Ok(self.read("sync", sync_band)?.unwrap_or_default())
    }
}

/// A scalar operand: a tile of one element per partition, read per partition, or a number, an
/// immediate of `dtype` ([`immediate`]).
pub fn scalar(value: &Value, dtype: Dtype) -> Result<Arg, Problem> {
    match value {
        Value::Int(_) | Value::Float(_) => Ok(Arg::Immediate {
            bits: immediate(value, dtype)?,
            dtype,
        }),
        other => Ok(Arg::Ap(Tile::read(other)?.operand())),
    }
}

/// `value` as a name of the enumeration `T`.
fn named<T: FromStr<Err = UnknownName>>(value: &Value) -> Result<T, Problem> {
    match value {
        Value::Str(s) => s
            .parse()
            .map_err(|e: UnknownName| Problem::value(e.to_string())),
        other => Err(Problem::kind("a name", other)),
    }
}

/// The 32-bit immediate a number stands for in an element of `dtype`, the reading the
/// simulator takes of Memset's fill and of every scalar immediate: a float dtype holds the
/// number's fp32 bits, an integer dtype its two's-complement low 32 bits (the number must then
/// be a whole number that fits 32 bits).
pub fn immediate(value: &Value, dtype: Dtype) -> Result<u32, Problem> {
    let float = match value {
        Value::Int(n) => *n as f64,
        Value::Float(x) => *x,
        other => return Err(Problem::kind("a number", other)),
    };
    if !is_integer(dtype) {
        return Ok((float as f32).to_bits());
    }
    let whole = match value {
        Value::Int(n) => Some(*n),
        _ if float.fract() == 0.0 && float.abs() < 1e19 => Some(float as i64),
        _ => None,
    };
    match whole {
        Some(n) if (i64::from(i32::MIN)..=i64::from(u32::MAX)).contains(&n) => Ok(n as u32),
        _ => Err(Problem::value(format!(
            "{value} is no {dtype} value: an integer element needs a whole number in {}..={}",
            i32::MIN,
            u32::MAX
        ))),
    }
}

/// A sync band from a dict of its parts.
fn sync_band(value: &Value) -> Result<SyncBand, Problem> {
    let Value::Map(parts) = value else {
        return Err(Problem::kind("a dict of the sync band's parts", value));
    };
    let mut band = SyncBand::default();
    for (key, part) in parts {
        let byte = || integer_in(part, 0, 0xFF).map(|n| n as u8);
        match key.as_str() {
            "wait_mode" => band.wait_mode = byte()?,
            "wait_index" => band.wait_index = byte()?,
            "update_mode" => band.update_mode = byte()?,
            "update_index" => band.update_index = byte()?,
            "value" => band.value = integer_in(part, 0, u32::MAX.into())? as u32,
            other => {
                return Err(Problem::value(format!(
                    "no part `{other}`; the parts are wait_mode, wait_index, update_mode, \
                     update_index, value"
                )));
            }
        }
    }
    Ok(band)
}

/// Whether `dtype` holds integers (every other dtype holds floats, the packed forms included).
fn is_integer(dtype: Dtype) -> bool {
    matches!(
        dtype,
        Dtype::Uint8
            | Dtype::Int8
            | Dtype::Uint16
            | Dtype::Int16
            | Dtype::Uint32
            | Dtype::Int32
            | Dtype::Uint64
            | Dtype::Int64
    )
}
