//! What a declaration's validators report: the checks the specification's validator roster
//! names, run on a decoded bundle, each with how firmly the seeds state its rule.

use crate::Confidence;
use crate::error::Codes;

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

/// Why a check failed: a message template and the raw values it names, `{}` in the template
/// standing for the next value in order. Five words: a pointer to the call site's static
/// [`ReasonShape`] (the template and how each value prints) and the values as `u64`. Copied,
/// never allocated; nothing is formatted until it is displayed. Build one with
/// [`reason!`](crate::reason!), which checks at compile time that the template has a `{}` for
/// each argument and takes each argument's print form from its type.
///
/// ```
/// use isa_core::{Dtype, ReasonArg, reason};
/// let r = reason!("{} is {} elements past byte {}", Dtype::Int32, 3u32, ReasonArg::hex2(0x40));
/// assert_eq!(r.to_string(), "int32 is 3 elements past byte 0x40");
/// assert_eq!(std::mem::size_of_val(&r), 40);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Reason {
    shape: &'static ReasonShape,
    values: [u64; Reason::MAX_ARGS],
}

/// The static part of a [`Reason`], one per [`reason!`](crate::reason!) call site: the
/// template and how each of its values prints.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct ReasonShape {
    template: &'static str,
    prints: [Option<Print>; Reason::MAX_ARGS],
}

impl ReasonShape {
    /// The shape of `template` with arguments of the types of the tuple `A`, for a table of
    /// reasons that a validator picks from by index ([`Reason::from_shape`]) instead of
    /// branching. In a `static` or `const`, where it belongs, a template whose `{}` count is
    /// not `A`'s length does not compile; called at run time, such a template panics.
    ///
    /// ```
    /// use isa_core::{Hex, Reason, ReasonShape};
    /// static SHAPES: [ReasonShape; 2] = [
    ///     ReasonShape::new::<(u8,)>("count{} is 0"),
    ///     ReasonShape::new::<(Hex<8>,)>("word {} is not an address"),
    /// ];
    /// let r = Reason::from_shape(&SHAPES[1], [0x8000_0040, 0, 0, 0]);
    /// assert_eq!(r.to_string(), "word 0x80000040 is not an address");
    /// ```
    pub const fn new<A: Args>(template: &'static str) -> Self {
        assert!(
            Reason::placeholders(template) == A::COUNT,
            "ReasonShape::new: the template needs one placeholder per argument"
        );
        ReasonShape {
            template,
            prints: A::PRINTS,
        }
    }
}

/// How one value of a [`Reason`] prints: the print form of an argument's type
/// ([`Arg::PRINT`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Print {
    /// An unsigned number, in decimal.
    Uint,
    /// A signed number (stored as its two's complement), in decimal.
    Int,
    /// A number in hexadecimal with `0x`, zero-padded to `digits` digits (`{:#0w$x}`, w =
    /// digits + 2; 0: no padding).
    Hex {
        /// The least number of hex digits.
        digits: u8,
    },
    /// An enumerator, by the wire name its code has in the table (its `CODES`).
    Name(Codes),
}

impl Reason {
    /// The most arguments a reason carries.
    pub const MAX_ARGS: usize = 4;

    /// The reason of the template `T` with `args`: what [`reason!`](crate::reason!) expands
    /// to. The shape is a constant of `T` and the argument types, so building a reason stores
    /// five words and calls nothing.
    #[doc(hidden)]
    #[inline(always)]
    pub fn of<T: Template, A: Args>(args: A) -> Self {
        Reason {
            shape: const { &ReasonShape::new::<A>(T::TEXT) },
            values: args.values(),
        }
    }

    /// The reason of `shape` with its raw `values` (as [`Arg::value`] gives them; 0 past the
    /// last argument).
    #[inline(always)]
    pub const fn from_shape(shape: &'static ReasonShape, values: [u64; Reason::MAX_ARGS]) -> Self {
        Reason { shape, values }
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
        self.shape.template
    }

    /// The arguments, in template order, as they print.
    pub fn args(&self) -> impl Iterator<Item = ReasonArg> + '_ {
        self.shape
            .prints
            .iter()
            .zip(self.values)
            .filter_map(|(print, value)| Some(ReasonArg::printed(*print.as_ref()?, value)))
    }
}

impl std::fmt::Display for Reason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut args = self.args();
        let mut rest = self.shape.template;
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

/// One value of a [`Reason`] as it prints ([`Reason::args`]). Its associated functions
/// [`hex`](ReasonArg::hex), [`hex2`](ReasonArg::hex2) and [`hex8`](ReasonArg::hex8) wrap a
/// number for [`reason!`](crate::reason!) to print in hexadecimal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReasonArg {
    /// An unsigned number, in decimal.
    Uint(u64),
    /// A signed number, in decimal.
    Int(i64),
    /// A number in hexadecimal with `0x`, zero-padded to `digits` digits.
    Hex {
        /// The value.
        value: u64,
        /// The least number of hex digits.
        digits: u8,
    },
    /// A name: an enumerator's wire name. A code the table does not name prints as `code N`.
    Name(&'static str),
    /// An enumerator's code that its table does not name (a value no decoder produces).
    Unnamed(u64),
}

impl ReasonArg {
    /// `value` as `{:#x}`.
    pub const fn hex(value: u64) -> Hex<0> {
        Hex(value)
    }

    /// `value` as `{:#04x}`: a byte, an opcode.
    pub const fn hex2(value: u64) -> Hex<2> {
        Hex(value)
    }

    /// `value` as `{:#010x}`: a 32-bit word.
    pub const fn hex8(value: u64) -> Hex<8> {
        Hex(value)
    }

    /// The stored `value` as `print` shows it.
    fn printed(print: Print, value: u64) -> Self {
        match print {
            Print::Uint => ReasonArg::Uint(value),
            Print::Int => ReasonArg::Int(value as i64),
            Print::Hex { digits } => ReasonArg::Hex { value, digits },
            Print::Name(codes) => codes
                .iter()
                .find(|(_, code)| u64::from(*code) == value)
                .map_or(ReasonArg::Unnamed(value), |(name, _)| ReasonArg::Name(name)),
        }
    }
}

impl std::fmt::Display for ReasonArg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            ReasonArg::Uint(n) => write!(f, "{n}"),
            ReasonArg::Int(n) => write!(f, "{n}"),
            ReasonArg::Hex { value, digits: 0 } => write!(f, "{value:#x}"),
            ReasonArg::Hex { value, digits } => {
                write!(f, "{value:#0w$x}", w = usize::from(digits) + 2)
            }
            ReasonArg::Name(name) => f.write_str(name),
            ReasonArg::Unnamed(code) => write!(f, "code {code}"),
        }
    }
}

/// A number that a [`Reason`] prints in hexadecimal with at least `DIGITS` digits; made by
/// [`ReasonArg::hex`] and its kin.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Hex<const DIGITS: u8>(pub u64);

/// A value a [`reason!`](crate::reason!) argument may be: how its type prints, and its bits.
/// Integers print in decimal, [`Hex`] in hexadecimal, enumerators by wire name.
pub trait Arg: Copy {
    /// How values of this type print.
    const PRINT: Print;
    /// The value as stored in a [`Reason`].
    fn value(self) -> u64;
}

impl<const DIGITS: u8> Arg for Hex<DIGITS> {
    const PRINT: Print = Print::Hex { digits: DIGITS };
    #[inline(always)]
    fn value(self) -> u64 {
        self.0
    }
}

/// The integer types a reason prints in decimal.
macro_rules! integer_arg {
    ($print:ident as $wide:ty: $($ty:ty),+) => {$(
        impl Arg for $ty {
            const PRINT: Print = Print::$print;
            #[inline(always)]
            fn value(self) -> u64 {
                self as $wide as u64
            }
        }
    )+};
}
integer_arg!(Uint as u64: u8, u16, u32, u64, usize);
integer_arg!(Int as i64: i8, i16, i32, i64, isize);

/// A [`reason!`](crate::reason!) template: a type per call site whose constant is the text.
#[doc(hidden)]
pub trait Template {
    /// The template, `{}` where each argument goes.
    const TEXT: &'static str;
}

/// The arguments of one [`reason!`](crate::reason!) or [`ReasonShape::new`]: a tuple of up to
/// [`Reason::MAX_ARGS`] [`Arg`]s.
pub trait Args {
    /// How many arguments.
    const COUNT: usize;
    /// How each argument prints; `None` past the last.
    const PRINTS: [Option<Print>; Reason::MAX_ARGS];
    /// The stored values; 0 past the last.
    fn values(self) -> [u64; Reason::MAX_ARGS];
}

/// `Args` for the tuples of 0 to 4 arguments.
macro_rules! args_tuple {
    ($($arg:ident $field:tt),*) => {
        impl<$($arg: Arg),*> Args for ($($arg,)*) {
            const COUNT: usize = [$(::core::stringify!($arg),)* ""].len() - 1;
            const PRINTS: [Option<Print>; Reason::MAX_ARGS] = {
                let mut prints = [None; Reason::MAX_ARGS];
                let given = [$(Some($arg::PRINT)),*];
                let mut i = 0;
                while i < given.len() {
                    prints[i] = given[i];
                    i += 1;
                }
                prints
            };
            #[inline(always)]
            #[allow(clippy::unused_unit)]
            fn values(self) -> [u64; Reason::MAX_ARGS] {
                let mut values = [0; Reason::MAX_ARGS];
                let given = [$(self.$field.value()),*];
                values[..given.len()].copy_from_slice(&given);
                values
            }
        }
    };
}
args_tuple!();
args_tuple!(A 0);
args_tuple!(A 0, B 1);
args_tuple!(A 0, B 1, C 2);
args_tuple!(A 0, B 1, C 2, D 3);

/// `reason!("template with {} and {}", a, b)`: a [`Reason`]. Each argument is an [`Arg`]:
/// integers print in decimal, enumerators by wire name; wrap a value in [`ReasonArg::hex`] and
/// its kin for hexadecimal. A template whose `{}` count differs from the argument count, or
/// with more than [`Reason::MAX_ARGS`] arguments, does not compile.
#[macro_export]
macro_rules! reason {
    ($template:expr $(, $arg:expr)* $(,)?) => {
        match ($($arg,)*) {
            args => {
                const _: () = ::core::assert!(
                    $crate::Reason::placeholders($template)
                        == [$(::core::stringify!($arg),)* ""].len() - 1,
                    "reason!: the template needs one placeholder per argument",
                );
                struct __ReasonTemplate;
                impl $crate::validate::Template for __ReasonTemplate {
                    const TEXT: &'static str = $template;
                }
                $crate::Reason::of::<__ReasonTemplate, _>(args)
            }
        }
    };
}

/// Where validators put their findings: a buffer the caller owns and reuses, so that checking a
/// bundle allocates nothing once the buffer has grown to the most findings one bundle has.
pub type Findings = Vec<Finding>;

/// Appends `finding` to `out` when `failed`, with no branch on `failed`: the finding is written
/// either way, and `out`'s length moves past it only when the check failed.
///
/// A validator over random or corrupt bundles meets checks whose outcome is a coin toss; an
/// `if failed { out.push(..) }` then mispredicts about every other bundle, which costs more
/// than writing a five-word finding that is not kept. Build `finding` from values at hand (a
/// [`ReasonShape`] table, [`Tensor::report`](crate::Tensor::report)); on clean streams, where
/// checks pass predictably, a plain `if` is as fast.
#[inline(always)]
pub fn push_if<R: Copy>(out: &mut Vec<Finding<R>>, failed: bool, finding: Finding<R>) {
    out.push(finding);
    let kept = out.len() - usize::from(!failed);
    out.truncate(kept);
}

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
