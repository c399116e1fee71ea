//! Field-less enumerations of the specification: each variant has a code (the BIR ordinal, or the
//! wire value where the two are the same) and a wire name, and is read and written through the
//! same [`BitValue`](crate::BitValue) and [`Field`](crate::Field) codecs as an integer.
//!
//! An enumeration whose wire form is not its code (the dtype tags, the ALU op bytes) goes through
//! a lookup table declared with [`lut!`](crate::lut!); the enumeration itself only knows its
//! ordinals.

/// Declares a field-less enumeration with explicit codes and wire names.
///
/// ```
/// isa_core::enumeration! {
///     /// The three arms of a code generator (seed 001, `CodeGenMode`).
///     pub enum Mode: "CodeGenMode" {
///         /// Records opcodes only.
///         Collect = 0 => "collect_opcodes",
///         Generate = 1 => "generate_isacode",
///         Check = 2 => "run_isa_checks",
///     }
/// }
///
/// assert_eq!(Mode::Generate.code(), 1);
/// assert_eq!(Mode::from_code(2), Some(Mode::Check));
/// assert_eq!("collect_opcodes".parse::<Mode>(), Ok(Mode::Collect));
/// assert_eq!(Mode::Check.to_string(), "run_isa_checks");
/// ```
///
/// The type gets `#[repr(u8)]` with the codes as discriminants (a repeated code does not
/// compile), the usual value derives, and:
/// - `NAME` (the enumeration's name in the specification, used in errors) and `ALL` (every
///   variant, in declaration order);
/// - `code`, `from_code`, `name` and `from_name`;
/// - `FromStr` by wire name (error [`UnknownName`](crate::UnknownName)) and `Display` as the
///   wire name;
/// - [`BitValue`](crate::BitValue) (the code in a bit range; an unknown code is
///   [`Problem::UnknownCode`](crate::Problem::UnknownCode) naming the enumeration) and
///   [`Field`](crate::Field) with a `u8` wire byte, both shown to a
///   [`Visitor`](crate::visit::Visitor) through
///   [`Visitor::enumerated`](crate::visit::Visitor::enumerated): the code, the wire name and
///   `CODES` (shown as [`Value::Name`](crate::visit::Value::Name), the wire name, unless the
///   visitor wants the code).
///
/// Every path in the expansion is absolute, so the macro works from any crate and under
/// `#![no_implicit_prelude]`.
#[macro_export]
macro_rules! enumeration {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident : $spec:literal {
            $( $(#[$vmeta:meta])* $variant:ident = $code:literal => $wire:literal ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(
            ::core::fmt::Debug,
            ::core::clone::Clone,
            ::core::marker::Copy,
            ::core::cmp::PartialEq,
            ::core::cmp::Eq,
            ::core::hash::Hash,
            ::core::cmp::PartialOrd,
            ::core::cmp::Ord,
        )]
        #[repr(u8)]
        $vis enum $name {
            $(
                $(#[$vmeta])*
                #[doc = ::core::concat!("\n\nWire name `", $wire, "`, code ", ::core::stringify!($code), ".")]
                $variant = $code,
            )+
        }

        impl $name {
            /// The enumeration's name in the specification.
            pub const NAME: &'static str = $spec;

            /// Every variant, in declaration order.
            pub const ALL: &'static [Self] = &[$(Self::$variant),+];

            /// Every `(wire name, code)`, in declaration order (what messages list).
            pub const CODES: $crate::error::Codes = &[$( ($wire, $code) ),+];

            /// The code (the discriminant).
            #[inline]
            pub const fn code(self) -> u8 {
                self as u8
            }

            /// The variant whose code is `code`: one load from a table built at compile time.
            #[inline]
            pub const fn from_code(code: u8) -> ::core::option::Option<Self> {
                const TABLE: [::core::option::Option<$name>; 256] = {
                    let mut table = [::core::option::Option::None; 256];
                    $( table[$code as usize] = ::core::option::Option::Some($name::$variant); )+
                    table
                };
                TABLE[code as usize]
            }

            /// The wire name.
            #[inline]
            pub const fn name(self) -> &'static str {
                match self {
                    $( Self::$variant => $wire, )+
                }
            }

            /// The variant whose wire name is `name`.
            pub fn from_name(name: &str) -> ::core::option::Option<Self> {
                match name {
                    $( $wire => ::core::option::Option::Some(Self::$variant), )+
                    _ => ::core::option::Option::None,
                }
            }
        }

        #[automatically_derived]
        impl ::core::str::FromStr for $name {
            type Err = $crate::UnknownName;

            fn from_str(name: &str) -> ::core::result::Result<Self, Self::Err> {
                match Self::from_name(name) {
                    ::core::option::Option::Some(value) => ::core::result::Result::Ok(value),
                    ::core::option::Option::None => {
                        ::core::result::Result::Err(
                            $crate::UnknownName::new($spec, name).with_known(Self::CODES),
                        )
                    }
                }
            }
        }

        #[automatically_derived]
        impl ::core::fmt::Display for $name {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(self.name())
            }
        }

        #[automatically_derived]
        impl $crate::enumeration::support::Variant for $name {
            #[inline]
            fn enumerated(self) -> $crate::visit::Enumerated {
                $crate::visit::Enumerated {
                    code: self.code(),
                    name: self.name(),
                    codes: Self::CODES,
                }
            }
        }

        /// In a validator's reason: the code, printed as the wire name.
        #[automatically_derived]
        impl $crate::validate::Arg for $name {
            const PRINT: $crate::validate::Print = $crate::validate::Print::Name(Self::CODES);
            #[inline(always)]
            fn value(self) -> u64 {
                self.code() as u64
            }
        }

        /// Serialized as the wire name.
        #[automatically_derived]
        impl $crate::__private::serde::Serialize for $name {
            fn serialize<S: $crate::__private::serde::Serializer>(
                &self,
                serializer: S,
            ) -> ::core::result::Result<S::Ok, S::Error> {
                serializer.serialize_str(self.name())
            }
        }

        /// Deserialized from the wire name.
        #[automatically_derived]
        impl<'de> $crate::__private::serde::Deserialize<'de> for $name {
            fn deserialize<D: $crate::__private::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> ::core::result::Result<Self, D::Error> {
                $crate::enumeration::support::deserialize_known_name(
                    deserializer,
                    $spec,
                    Self::CODES,
                    Self::from_name,
                )
            }
        }

        #[automatically_derived]
        impl $crate::BitValue for $name {
            const BITS: u32 = 8;
            const CODES: &'static [u8] = &[$($code),+];

            #[inline]
            fn to_bits(&self, width: u32) -> ::core::result::Result<u64, $crate::Problem> {
                $crate::enumeration::support::to_bits(self.code(), width)
            }

            #[inline]
            fn from_bits(code: u64, width: u32) -> ::core::result::Result<Self, $crate::Problem> {
                $crate::enumeration::support::from_bits(code, width, ($spec, &Self::CODES), Self::from_code)
            }

            #[inline]
            fn describe(
                code: u64,
                width: u32,
            ) -> ::core::result::Result<$crate::visit::Value<'static>, $crate::Problem> {
                match <Self as $crate::BitValue>::from_bits(code, width) {
                    ::core::result::Result::Ok(value) => {
                        ::core::result::Result::Ok($crate::visit::Value::Name(value.name()))
                    }
                    ::core::result::Result::Err(e) => ::core::result::Result::Err(e),
                }
            }

            #[inline]
            fn visit_bits<V: $crate::visit::Visitor>(
                code: u64,
                width: u32,
                key: $crate::visit::Key,
                v: &mut V,
            ) -> ::core::result::Result<(), V::Error> {
                $crate::enumeration::support::visit(
                    <Self as $crate::BitValue>::from_bits(code, width).map_err($crate::FieldError::new),
                    key,
                    v,
                )
            }
        }

        #[automatically_derived]
        impl $crate::Field for $name {
            type Wire = u8;

            #[inline]
            fn to_wire(&self) -> ::core::result::Result<u8, $crate::FieldError> {
                ::core::result::Result::Ok(self.code())
            }

            #[inline]
            fn from_wire(wire: &u8) -> ::core::result::Result<Self, $crate::FieldError> {
                $crate::enumeration::support::from_wire(*wire, ($spec, &Self::CODES), Self::from_code)
            }

            #[inline]
            fn visit<V: $crate::visit::Visitor>(
                wire: &u8,
                key: $crate::visit::Key,
                v: &mut V,
            ) -> ::core::result::Result<(), V::Error> {
                $crate::enumeration::support::visit(
                    <Self as $crate::Field>::from_wire(wire),
                    key,
                    v,
                )
            }
        }
    };
}

/// The codec bodies every [`enumeration!`](crate::enumeration!) shares, kept out of the macro.
#[doc(hidden)]
pub mod support {
    use crate::error::{Codes, FieldError, Problem};
    use crate::field::fit_unsigned;
    use crate::visit::{Enumerated, Key, Visitor};

    /// Reads a wire name and maps it through `from_name`; an unknown name is a custom error that
    /// names the enumeration.
    pub fn deserialize_name<'de, D, T>(
        deserializer: D,
        enumeration: &'static str,
        from_name: fn(&str) -> Option<T>,
    ) -> Result<T, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        deserialize_known_name(deserializer, enumeration, &[], from_name)
    }

    /// [`deserialize_name`], the error listing `known` (the enumeration's names) when there are
    /// few.
    pub fn deserialize_known_name<'de, D, T>(
        deserializer: D,
        enumeration: &'static str,
        known: Codes,
        from_name: fn(&str) -> Option<T>,
    ) -> Result<T, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        let name = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(deserializer)?;
        from_name(&name).ok_or_else(|| {
            serde::de::Error::custom(crate::UnknownName::new(enumeration, &name).with_known(known))
        })
    }

    /// The code in a range `width` bits wide.
    #[inline]
    pub fn to_bits(code: u8, width: u32) -> Result<u64, Problem> {
        fit_unsigned(u64::from(code), width)
    }

    /// The variant of a code read from a range `width` bits wide; `(table, known)` name the
    /// enumeration and its codes for the error.
    #[inline]
    pub fn from_bits<T>(
        code: u64,
        width: u32,
        (table, known): (&'static str, &'static Codes),
        from_code: fn(u8) -> Option<T>,
    ) -> Result<T, Problem> {
        let code = fit_unsigned(code, width)?;
        u8::try_from(code)
            .ok()
            .and_then(from_code)
            .ok_or(Problem::UnknownCode { code, table, known })
    }

    /// Shows a decoded variant to [`Visitor::enumerated`] (its code, wire name and
    /// enumeration's codes), or what decoding refused to [`Visitor::undecodable`].
    #[inline]
    pub fn visit<T: Variant, V: Visitor>(
        decoded: Result<T, FieldError>,
        key: Key,
        v: &mut V,
    ) -> Result<(), V::Error> {
        match decoded {
            Ok(value) => v.enumerated(key, value.enumerated()),
            Err(e) => v.undecodable(key, e),
        }
    }

    /// A variant of an [`enumeration!`](crate::enumeration!), as a visitor is shown it.
    pub trait Variant: Copy {
        /// Its code, wire name and enumeration's codes.
        fn enumerated(self) -> Enumerated;
    }

    /// The variant of a whole wire byte.
    #[inline]
    pub fn from_wire<T>(
        byte: u8,
        (table, known): (&'static str, &'static Codes),
        from_code: fn(u8) -> Option<T>,
    ) -> Result<T, FieldError> {
        from_code(byte).ok_or(FieldError::new(Problem::UnknownCode {
            code: u64::from(byte),
            table,
            known,
        }))
    }
}
