//! What a declaration's validators report: the checks the specification's validator roster
//! names, run on a decoded bundle, each with how firmly the seeds state its rule.

use crate::Confidence;

/// One validator rule: the check's name, how sure the seeds are of what it requires, and where
/// that comes from. Declared once per check, as a `const` next to the validator that runs it,
/// so that every finding of the check carries the same basis.
///
/// The tags are the field tags' (seed README): [`Confidence::Confirmed`] or
/// [`Confidence::Strong`] when the seeds state the rule itself (`source` cites the seed line);
/// [`Confidence::Inferred`] or [`Confidence::Speculative`] when the rule is a reading of a
/// check's name or of the encoder (`source` says what it is read from).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rule {
    /// The check's name as the specification's validator roster spells it (`s3d3_tt_valid_op`).
    pub name: &'static str,
    /// How firmly the seeds state what the check requires.
    pub confidence: Confidence,
    /// The seed line the rule rests on, or what a reading is read from.
    pub source: &'static str,
}

impl Rule {
    /// Whether the seeds state the rule (CONFIRMED or STRONG), rather than it being a reading.
    pub const fn is_stated(&self) -> bool {
        matches!(self.confidence, Confidence::Confirmed | Confidence::Strong)
    }
}

/// One validator finding: which rule, where, and why. A small value: nothing is formatted or
/// allocated until it is displayed.
///
/// `R` is the why: a validator's [`Reason`] (the default). A tool that reports other failures in
/// the same form (a bundle that does not decode) gives its own `R: Display`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Finding<R = Reason> {
    /// The rule that failed: its check name, confidence and source.
    pub rule: &'static Rule,
    /// The field the check reads.
    pub field: &'static str,
    /// Byte offset of that field in the bundle.
    pub offset: usize,
    /// What is wrong, with its values.
    pub reason: R,
}

impl<R> Finding<R> {
    /// A finding of `rule` on `field` at byte `offset`.
    pub const fn new(rule: &'static Rule, field: &'static str, offset: usize, reason: R) -> Self {
        Finding {
            rule,
            field,
            offset,
            reason,
        }
    }

    /// The check's name (`self.rule.name`).
    pub const fn check(&self) -> &'static str {
        self.rule.name
    }
}

/// `CHECK failed on `FIELD` at byte 0xOO: REASON`.
impl<R: std::fmt::Display> std::fmt::Display for Finding<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} failed on `{}` at byte {:#04x}: {}",
            self.rule.name, self.field, self.offset, self.reason
        )
    }
}

/// Why a check failed, as a message template and the values it names: `{}` in the template
/// stands for the next argument, in order. Copied, never allocated; formatted only when
/// displayed. Build one with [`reason!`](crate::reason!), which checks at compile time that the
/// template has a `{}` for each argument.
///
/// ```
/// use isa_core::{Dtype, ReasonArg, reason};
/// let r = reason!("{} is {} elements past byte {}", Dtype::Int32, 3u32, ReasonArg::hex2(0x40));
/// assert_eq!(r.to_string(), "int32 is 3 elements past byte 0x40");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Reason {
    template: &'static str,
    args: [ReasonArg; Reason::MAX_ARGS],
}

impl Reason {
    /// The most arguments a reason carries.
    pub const MAX_ARGS: usize = 4;

    /// A reason from its template and arguments (at most [`Reason::MAX_ARGS`], checked when the
    /// call compiles). A `{}` with no argument left prints nothing; prefer
    /// [`reason!`](crate::reason!), which also checks that count.
    pub const fn new<const N: usize>(template: &'static str, args: [ReasonArg; N]) -> Self {
        const {
            assert!(
                N <= Reason::MAX_ARGS,
                "a reason carries at most 4 arguments"
            )
        };
        let mut all = [ReasonArg::Empty; Reason::MAX_ARGS];
        let mut i = 0;
        while i < N && i < Reason::MAX_ARGS {
            all[i] = args[i];
            i += 1;
        }
        Reason {
            template,
            args: all,
        }
    }

    /// How many `{}` placeholders `template` has (what [`reason!`](crate::reason!) checks).
    pub const fn placeholders(template: &str) -> usize {
        let bytes = template.as_bytes();
        let (mut i, mut n) = (0, 0);
        while i + 1 < bytes.len() {
            if bytes[i] == b'{' && bytes[i + 1] == b'}' {
                n += 1;
                i += 2;
            } else {
                i += 1;
            }
        }
        n
    }

    /// The template, with `{}` where the arguments go.
    pub const fn template(&self) -> &'static str {
        self.template
    }

    /// The arguments, in template order.
    pub fn args(&self) -> impl Iterator<Item = ReasonArg> + '_ {
        self.args
            .iter()
            .copied()
            .filter(|a| !matches!(a, ReasonArg::Empty))
    }
}

impl std::fmt::Display for Reason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut args = self.args.iter();
        let mut rest = self.template;
        while let Some((text, after)) = rest.split_once("{}") {
            f.write_str(text)?;
            if let Some(arg) = args.next() {
                arg.fmt(f)?;
            }
            rest = after;
        }
        f.write_str(rest)
    }
}

/// One value a [`Reason`] names, with how it prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReasonArg {
    /// No value (an unused argument slot); prints nothing.
    Empty,
    /// An unsigned number, in decimal.
    Uint(u64),
    /// A signed number, in decimal.
    Int(i64),
    /// A number in hexadecimal with `0x`, zero-padded to `digits` digits (`{:#0w$x}`, w =
    /// digits + 2; 0: no padding).
    Hex {
        /// The value.
        value: u64,
        /// The least number of hex digits.
        digits: u8,
    },
    /// A name: an enumerator's wire name, a field's name.
    Name(&'static str),
}

impl ReasonArg {
    /// `value` as `{:#x}`.
    pub const fn hex(value: u64) -> Self {
        ReasonArg::Hex { value, digits: 0 }
    }

    /// `value` as `{:#04x}`: a byte, an opcode.
    pub const fn hex2(value: u64) -> Self {
        ReasonArg::Hex { value, digits: 2 }
    }

    /// `value` as `{:#010x}`: a 32-bit word.
    pub const fn hex8(value: u64) -> Self {
        ReasonArg::Hex { value, digits: 8 }
    }
}

impl std::fmt::Display for ReasonArg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            ReasonArg::Empty => Ok(()),
            ReasonArg::Uint(n) => write!(f, "{n}"),
            ReasonArg::Int(n) => write!(f, "{n}"),
            ReasonArg::Hex { value, digits: 0 } => write!(f, "{value:#x}"),
            ReasonArg::Hex { value, digits } => {
                write!(f, "{value:#0w$x}", w = usize::from(digits) + 2)
            }
            ReasonArg::Name(name) => f.write_str(name),
        }
    }
}

/// The integer types a reason prints in decimal.
macro_rules! reason_arg_from {
    ($variant:ident as $wide:ty: $($ty:ty),+) => {$(
        impl From<$ty> for ReasonArg {
            fn from(n: $ty) -> Self {
                ReasonArg::$variant(n as $wide)
            }
        }
    )+};
}
reason_arg_from!(Uint as u64: u8, u16, u32, u64, usize);
reason_arg_from!(Int as i64: i8, i16, i32, i64, isize);

impl From<&'static str> for ReasonArg {
    fn from(name: &'static str) -> Self {
        ReasonArg::Name(name)
    }
}

/// `reason!("template with {} and {}", a, b)`: a [`Reason`], each argument converted with
/// [`ReasonArg::from`] (integers print in decimal, enumerators by wire name; wrap a value in
/// [`ReasonArg::hex`] and its kin for hexadecimal). A template whose `{}` count differs from
/// the argument count does not compile.
#[macro_export]
macro_rules! reason {
    ($template:literal $(, $arg:expr)* $(,)?) => {{
        const _: () = ::core::assert!(
            $crate::Reason::placeholders($template) == [$(::core::stringify!($arg),)* ""].len() - 1,
            "reason!: the template needs one placeholder per argument",
        );
        $crate::Reason::new($template, [$($crate::ReasonArg::from($arg)),*])
    }};
}

/// Where validators put their findings: a buffer the caller owns and reuses, so that checking a
/// bundle allocates nothing once the buffer has grown to the most findings one bundle has.
pub type Findings = Vec<Finding>;

/// The validators of one declaration: every rule the specification states about a bundle
/// beyond what its field types already refuse. A declaration with no such rule implements it
/// with the default (`impl Validate for MyOp {}`), which finds nothing.
///
/// Implement [`Validate::check`]; [`Validate::validate`] is built on it.
pub trait Validate {
    /// Appends every finding to `out` (keeping what is there); appends nothing when the bundle
    /// passes. No allocation beyond `out`'s growth.
    fn check(&self, out: &mut Findings) {
        let _ = out;
    }

    /// Every finding, in a new vector; empty when the bundle passes. A loop over many bundles
    /// calls [`Validate::check`] with one buffer instead.
    fn validate(&self) -> Findings {
        let mut out = Vec::new();
        self.check(&mut out);
        out
    }
}
