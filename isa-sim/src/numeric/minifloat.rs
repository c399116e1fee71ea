//! One generic minifloat codec for the 8- and 4-bit formats, parameterised by exponent bits,
//! mantissa bits, bias, sign, zero and the special-value convention ([`Minifloat`]), with the
//! six formats as constants. Its rounding is ml_dtypes 0.6.0's, proved bit for bit by the golden
//! tables (`tests/suite/conversions.rs`).
//!
//! The `microfloat` crate, which aims at ml_dtypes compatibility, differs from ml_dtypes 0.6.0
//! on the golden tables (`float8_e4m3fn` rounds 464 to NaN where ml_dtypes gives 448,
//! `float8_e8m0fnu` rounds values just below 2^-126 and at 1.5 × 2^127 differently,
//! `float4_e2m1fn` encodes a NaN to the other zero), so this crate does not use it.

/// What the all-ones exponent means, and what ±inf, overflow and NaN become.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Specials {
    /// IEEE 754: the all-ones exponent is ±inf (mantissa 0) or NaN; overflow gives ±inf, NaN
    /// gives the quiet NaN (top mantissa bit set).
    Ieee,
    /// "fn": no infinities; the all-ones code (exponent and mantissa) is NaN, which ±inf,
    /// overflow and NaN all give.
    AllOnesNan,
    /// No infinities and no NaN: ±inf and overflow saturate to the largest finite value; a NaN
    /// gives the negative zero code, sign-flipped by a negative NaN (so −NaN gives +0), as
    /// ml_dtypes' `float4_e2m1fn` does.
    None,
}

/// A minifloat format: `[sign] exponent mantissa`, value `1.m × 2^(e − bias)`, or
/// `0.m × 2^(1 − bias)` when `e` is 0 and the format has a zero.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Minifloat {
    /// Exponent bits.
    pub(super) exponent: u32,
    /// Mantissa (trailing significand) bits.
    pub(super) mantissa: u32,
    /// Exponent bias.
    pub(super) bias: i32,
    /// A sign bit above the exponent.
    pub(super) signed: bool,
    /// Exponent 0 holds zero and the subnormals; without it, exponent 0 is a normal binade and
    /// zero converts to NaN (`float8_e8m0fnu`).
    pub(super) zero: bool,
    /// The special-value convention.
    pub(super) specials: Specials,
}

/// fp32's mantissa bits and exponent bias.
const F32_MANTISSA: u32 = 23;
const F32_BIAS: i32 = 127;

/// `float8_e4m3`: IEEE-like, bias 7, largest finite 240.
pub(super) const E4M3: Minifloat = Minifloat::ieee(4, 3, 7);
/// `float8_e4m3fn`: bias 7, no infinities, largest 448.
pub(super) const E4M3FN: Minifloat = Minifloat {
    specials: Specials::AllOnesNan,
    ..Minifloat::ieee(4, 3, 7)
};
/// `float8_e5m2`: IEEE-like, bias 15.
pub(super) const E5M2: Minifloat = Minifloat::ieee(5, 2, 15);
/// `float8_e3m4`: IEEE-like, bias 3.
pub(super) const E3M4: Minifloat = Minifloat::ieee(3, 4, 3);
/// `float8_e8m0fnu`: unsigned powers of two, bias 127, no zero, 0xFF is NaN.
pub(super) const E8M0FNU: Minifloat = Minifloat {
    exponent: 8,
    mantissa: 0,
    bias: 127,
    signed: false,
    zero: false,
    specials: Specials::AllOnesNan,
};
/// `float4_e2m1fn`: bias 1, no infinities or NaN, saturating; largest 6.
pub(super) const E2M1FN: Minifloat = Minifloat {
    specials: Specials::None,
    ..Minifloat::ieee(2, 1, 1)
};

impl Minifloat {
    const fn ieee(exponent: u32, mantissa: u32, bias: i32) -> Minifloat {
        Minifloat {
            exponent,
            mantissa,
            bias,
            signed: true,
            zero: true,
            specials: Specials::Ieee,
        }
    }

    /// Bits of a code: sign, exponent and mantissa.
    pub(super) const fn bits(&self) -> u32 {
        self.signed as u32 + self.exponent + self.mantissa
    }

    /// The sign bit's mask (0 when unsigned).
    const fn sign_bit(&self) -> u64 {
        (self.signed as u64) << (self.exponent + self.mantissa)
    }

    /// The mask of the exponent and mantissa bits: the largest magnitude code.
    const fn magnitude_mask(&self) -> u64 {
        (1 << (self.exponent + self.mantissa)) - 1
    }

    /// The positive infinity code, or what stands for it (NaN, or the largest finite code).
    const fn infinity(&self) -> u64 {
        match self.specials {
            Specials::Ieee => ((1 << self.exponent) - 1) << self.mantissa,
            Specials::AllOnesNan | Specials::None => self.magnitude_mask(),
        }
    }

    /// The positive quiet NaN code (the negative zero code when the format has no NaN).
    const fn nan(&self) -> u64 {
        match self.specials {
            Specials::Ieee => self.infinity() | (1 << self.mantissa) >> 1,
            Specials::AllOnesNan => self.magnitude_mask(),
            Specials::None => self.sign_bit(),
        }
    }

    /// The largest finite magnitude code.
    const fn max_finite(&self) -> u64 {
        match self.specials {
            Specials::Ieee | Specials::AllOnesNan => self.infinity() - 1,
            Specials::None => self.magnitude_mask(),
        }
    }

    /// The fp32 value of a code (masked to the format's bits); exact, since every value of
    /// these formats is an fp32.
    pub(super) fn decode(&self, code: u64) -> f32 {
        let negative = code & self.sign_bit() != 0;
        let magnitude = code & self.magnitude_mask();
        let value = if magnitude >= self.infinity() && self.specials != Specials::None {
            if magnitude == self.infinity() && self.specials == Specials::Ieee {
                f32::INFINITY
            } else {
                f32::NAN
            }
        } else {
            let biased = (magnitude >> self.mantissa) as i32;
            let fraction = magnitude & ((1 << self.mantissa) - 1);
            let (significand, exponent) = if biased == 0 && self.zero {
                (fraction, 1 - self.bias)
            } else {
                (fraction | 1 << self.mantissa, biased - self.bias)
            };
            // Exact: at most 8 significant bits, scaled by a power of two within fp32's range.
            (significand as f64 * 2f64.powi(exponent - self.mantissa as i32)) as f32
        };
        if negative { -value } else { value }
    }

    /// The code nearest to `x`, rounding as ml_dtypes 0.6.0 does ([`Minifloat::round`]).
    pub(super) fn encode(&self, x: f32) -> u64 {
        let sign = if x.is_sign_negative() {
            self.sign_bit()
        } else {
            0
        };
        let magnitude = u64::from(x.to_bits() & 0x7FFF_FFFF);
        let code = if x.is_nan() {
            self.nan()
        } else if x.is_infinite() {
            self.infinity()
        } else if magnitude == 0 {
            if self.zero { 0 } else { self.nan() }
        } else if x < 0.0 && !self.signed {
            self.nan()
        } else {
            self.round(magnitude)
        };
        // ml_dtypes negates a result by flipping its sign bit, specials included.
        code ^ sign
    }

    /// The magnitude code of a finite, non-zero fp32 magnitude `bits`.
    ///
    /// The fp32 significand (with its implicit bit, 0 for an fp32 subnormal) is rounded to
    /// nearest even at the target's last mantissa bit, or further down below the target's
    /// normal range, and added to the target exponent less one: the implicit bit adds that one
    /// back, and a carry from rounding moves into the exponent. With no mantissa bits the kept
    /// bit is the implicit one, so a tie rounds up (`float8_e8m0fnu`: 1.5 → 2).
    fn round(&self, bits: u64) -> u64 {
        let fp32_exponent = (bits >> F32_MANTISSA) as i32;
        let normal = u64::from(fp32_exponent > 0);
        let significand = bits & ((1 << F32_MANTISSA) - 1) | normal << F32_MANTISSA;
        // An fp32 subnormal has the exponent of the smallest normal.
        let biased = fp32_exponent.max(1) - F32_BIAS + self.bias;
        let below_normal = if self.zero { (1 - biased).max(0) } else { 0 };
        let shift = (F32_MANTISSA - self.mantissa) as i32 + below_normal;
        let rounded = round_to_even(significand, shift.min(63) as u32);
        // Below the normal range the exponent field is 0.
        let exponent = u64::try_from(biased - 1).unwrap_or(0);
        let code = (exponent << self.mantissa) + rounded;
        if code > self.max_finite() {
            self.infinity()
        } else {
            code
        }
    }
}

/// `bits / 2^shift` rounded to nearest, ties to even (`shift` ≥ 1).
fn round_to_even(bits: u64, shift: u32) -> u64 {
    let kept_lsb = (bits >> shift) & 1;
    (bits + kept_lsb + (1 << (shift - 1)) - 1) >> shift
}
