//! [`Layout`]: how a format's codes are read, the sort the codecs dispatch on. Apart from
//! [`Format`](super::Format), which maps each format to its layout, so that the codecs can read a
//! layout without depending on the format type that calls them.

use super::minifloat::Minifloat;

/// How a format's codes are read ([`Format::layout`](super::Format::layout)).
#[derive(Debug, Clone, Copy)]
pub(super) enum Layout {
    /// IEEE single precision.
    Float32,
    /// bfloat16: the top half of an fp32 ([`float::bf16_from_f32`](super::float::bf16_from_f32)).
    BFloat16,
    /// IEEE half precision, through `half`.
    Float16,
    /// An 8- or 4-bit float, through the generic codec.
    Minifloat(&'static Minifloat),
    /// A two's-complement (signed) or plain binary (unsigned) integer.
    Integer {
        /// Its width.
        bits: u32,
        /// Whether it is two's complement.
        signed: bool,
    },
}
