//! The attribute grammar, parsed with darling. Nothing here knows about layouts; `ast.rs` turns
//! these raw options into typed nodes and `valid.rs` applies the rules.

use darling::util::{Flag, SpannedValue};
use darling::{Error, FromDeriveInput, FromField, FromMeta, Result};
use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::{Expr, ExprLit, ExprRange, Lit, LitInt, RangeLimits};

/// `#[bundle(...)]` on the struct.
#[derive(FromDeriveInput)]
#[darling(attributes(bundle), supports(struct_named))]
pub struct BundleOpts {
    /// Size in bytes.
    pub size: SpannedValue<usize>,
    /// Opcode bytes (64-byte family): `opcodes = [0x41, 0x51]`.
    #[darling(default)]
    pub opcodes: Option<SpannedValue<OpcodeList>>,
    /// Identity mask of a 32-bit word layout.
    #[darling(default)]
    pub mask: Option<SpannedValue<u32>>,
    /// Identity value under the mask.
    #[darling(default, rename = "match")]
    pub match_: Option<SpannedValue<u32>>,
    /// How sure the specification is of the word identity `word & mask == match`; unstated
    /// when absent. Only a `mask`/`match` layout takes it.
    #[darling(default)]
    pub confidence: Option<SpannedValue<ConfidenceOpt>>,
    /// The op's name, if not the struct's.
    #[darling(default)]
    pub name: Option<String>,
    /// The specification's name for the wire struct (`s3d3_tt`).
    #[darling(default)]
    pub wire: Option<String>,
    /// The field map is not recovered: the op is known by its identity and its bytes are carried
    /// whole, never given invented fields. The string says what is known.
    #[darling(default)]
    pub unrecovered: Option<SpannedValue<String>>,
    /// Fixed byte ranges: `constant(offset = 0x0C, len = 2, value = 0x0100, name = "shape_ctl")`.
    #[darling(default, multiple)]
    pub constant: Vec<SpannedValue<ConstantOpts>>,
    /// Documented reserved ranges: `reserved(offset = 0x26, len = 2, note = "...")`.
    #[darling(default, multiple)]
    pub reserved: Vec<SpannedValue<ReservedOpts>>,
    /// The path of the runtime crate, when the derive cannot find it in the manifest:
    /// `crate = "my_facade::isa_core"`.
    #[darling(default, rename = "crate")]
    pub krate: Option<CratePath>,
}

/// `constant(...)` inside `#[bundle]`.
#[derive(FromMeta)]
pub struct ConstantOpts {
    pub offset: usize,
    #[darling(default = || 1)]
    pub len: usize,
    pub value: u64,
    pub name: String,
    #[darling(default)]
    pub confidence: Option<ConfidenceOpt>,
    #[darling(default)]
    pub note: Option<String>,
}

/// `reserved(...)` inside `#[bundle]`.
#[derive(FromMeta)]
pub struct ReservedOpts {
    pub offset: usize,
    #[darling(default = || 1)]
    pub len: usize,
    #[darling(default)]
    pub name: Option<String>,
    /// How sure the specification is that the range is reserved; unstated when absent.
    #[darling(default)]
    pub confidence: Option<ConfidenceOpt>,
    #[darling(default)]
    pub note: Option<String>,
    /// A public source outside the seeds that agrees the range is reserved.
    #[darling(default)]
    pub corroborated: Option<SpannedValue<String>>,
    /// What a public source outside the seeds places in the range instead.
    #[darling(default)]
    pub disputed: Option<SpannedValue<String>>,
}

/// `#[field(...)]` on a struct field.
#[derive(FromField)]
#[darling(attributes(field))]
pub struct FieldOpts {
    /// Marks the field that carries the opcode byte.
    #[darling(default)]
    pub opcode: Flag,
    #[darling(default)]
    pub offset: Option<SpannedValue<usize>>,
    #[darling(default)]
    pub nibble: Option<SpannedValue<Nibble>>,
    #[darling(default)]
    pub bits: Option<SpannedValue<BitRanges>>,
    #[darling(default)]
    pub lut: Option<syn::Path>,
    #[darling(default)]
    pub confidence: Option<ConfidenceOpt>,
    #[darling(default)]
    pub note: Option<String>,
    /// The field's name as the specification spells it (`PEMode`), when it differs.
    #[darling(default)]
    pub spec: Option<String>,
    /// A public source outside the seeds that agrees with the position, by struct and header.
    #[darling(default)]
    pub corroborated: Option<SpannedValue<String>>,
    /// What a public source outside the seeds says instead of the position taken.
    #[darling(default)]
    pub disputed: Option<SpannedValue<String>>,
}

/// Which half of a byte.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Nibble {
    Lo,
    Hi,
}

impl FromMeta for Nibble {
    fn from_expr(expr: &Expr) -> Result<Self> {
        match word(expr).as_deref() {
            Some("lo") => Ok(Nibble::Lo),
            Some("hi") => Ok(Nibble::Hi),
            _ => Err(
                Error::custom("`nibble` is `lo` (bits 0..=3) or `hi` (bits 4..=7)").with_span(expr),
            ),
        }
    }
}

/// The seeds' confidence tags.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ConfidenceOpt {
    Confirmed,
    Strong,
    Inferred,
    Speculative,
}

impl FromMeta for ConfidenceOpt {
    fn from_expr(expr: &Expr) -> Result<Self> {
        match word(expr).as_deref() {
            Some("confirmed") => Ok(Self::Confirmed),
            Some("strong") => Ok(Self::Strong),
            Some("inferred") => Ok(Self::Inferred),
            Some("speculative") => Ok(Self::Speculative),
            _ => Err(Error::custom(
                "`confidence` is one of `confirmed`, `strong`, `inferred`, `speculative`",
            )
            .with_span(expr)),
        }
    }
}

/// A bare identifier or a string literal, as a string.
fn word(expr: &Expr) -> Option<String> {
    match expr {
        Expr::Path(p) => p.path.get_ident().map(|i| i.to_string()),
        Expr::Lit(ExprLit {
            lit: Lit::Str(s), ..
        }) => Some(s.value()),
        Expr::Group(g) => word(&g.expr),
        _ => None,
    }
}

/// One inclusive bit range `A..=B` with its span.
#[derive(Clone, Copy, Debug)]
pub struct BitRange {
    pub lo: u32,
    pub hi: u32,
    pub span: Span,
}

/// `bits = A..=B`, or `bits = [A..=B, C..=D]` for a value split across ranges (low part first).
#[derive(Clone, Debug)]
pub struct BitRanges(pub Vec<BitRange>);

impl FromMeta for BitRanges {
    fn from_expr(expr: &Expr) -> Result<Self> {
        match expr {
            Expr::Range(r) => Ok(BitRanges(vec![range(r)?])),
            Expr::Array(a) if !a.elems.is_empty() => {
                let mut errors = Error::accumulator();
                let parts = a
                    .elems
                    .iter()
                    .filter_map(|e| match e {
                        Expr::Range(r) => errors.handle(range(r)),
                        other => {
                            errors.push(
                                Error::custom("expected a bit range `A..=B`").with_span(other),
                            );
                            None
                        }
                    })
                    .collect();
                errors.finish_with(BitRanges(parts))
            }
            Expr::Group(g) => Self::from_expr(&g.expr),
            _ => Err(Error::custom(
                "`bits` is an inclusive range `A..=B`, or a list `[A..=B, C..=D]` low part first",
            )
            .with_span(expr)),
        }
    }
}

fn range(r: &ExprRange) -> Result<BitRange> {
    let bound = |e: &Option<Box<Expr>>| -> Result<u32> {
        match e.as_deref() {
            Some(Expr::Lit(ExprLit {
                lit: Lit::Int(i), ..
            })) => i.base10_parse::<u32>().map_err(Error::from),
            Some(other) => {
                Err(Error::custom("a bit number must be an integer literal").with_span(other))
            }
            None => Err(Error::custom("a bit range needs both ends: `A..=B`").with_span(r)),
        }
    };
    if !matches!(r.limits, RangeLimits::Closed(_)) {
        return Err(Error::custom("write the bit range inclusive, `A..=B`").with_span(r));
    }
    Ok(BitRange {
        lo: bound(&r.start)?,
        hi: bound(&r.end)?,
        span: r.span(),
    })
}

/// `crate = "some::path"`: a module path in a string, as serde's and zerocopy's `crate` keys
/// take it. A path that does not start with `::`, `crate`, `self` or `super` names an external
/// crate and is made absolute (`isa::core` is `::isa::core`), so it resolves without a prelude.
#[derive(Clone, Debug)]
pub struct CratePath(pub syn::Path);

impl FromMeta for CratePath {
    fn from_value(value: &Lit) -> Result<Self> {
        let Lit::Str(s) = value else {
            return Err(Error::custom(CRATE_PATH_HINT).with_span(value));
        };
        let mut path = s.parse_with(syn::Path::parse_mod_style).map_err(|e| {
            Error::custom(format!(
                "`crate` is not a module path ({e}); {CRATE_PATH_HINT}"
            ))
            .with_span(s)
        })?;
        let relative = path.segments.first().is_some_and(|first| {
            ["crate", "self", "super"].contains(&first.ident.to_string().as_str())
        });
        if path.leading_colon.is_none() && !relative {
            path.leading_colon = Some(syn::Token![::](s.span()));
        }
        Ok(CratePath(path))
    }

    fn from_expr(expr: &Expr) -> Result<Self> {
        match expr {
            Expr::Lit(ExprLit { lit, .. }) => Self::from_value(lit),
            Expr::Group(g) => Self::from_expr(&g.expr),
            _ => Err(Error::custom(CRATE_PATH_HINT).with_span(expr)),
        }
    }
}

/// What `crate = …` takes.
const CRATE_PATH_HINT: &str =
    "write the runtime's path as a string, e.g. `crate = \"my_facade::isa_core\"`";

/// `opcodes = [0x41, 0x51]`, each literal kept for its span.
#[derive(Clone, Debug)]
pub struct OpcodeList(pub Vec<LitInt>);

impl FromMeta for OpcodeList {
    fn from_expr(expr: &Expr) -> Result<Self> {
        match expr {
            Expr::Array(a) => {
                let mut errors = Error::accumulator();
                let lits = a
                    .elems
                    .iter()
                    .filter_map(|e| match e {
                        Expr::Lit(ExprLit {
                            lit: Lit::Int(i), ..
                        }) => Some(i.clone()),
                        other => {
                            errors.push(
                                Error::custom("an opcode is an integer literal").with_span(other),
                            );
                            None
                        }
                    })
                    .collect();
                errors.finish_with(OpcodeList(lits))
            }
            Expr::Group(g) => Self::from_expr(&g.expr),
            _ => {
                Err(Error::custom("`opcodes` is a list: `opcodes = [0x41, 0x51]`").with_span(expr))
            }
        }
    }
}
