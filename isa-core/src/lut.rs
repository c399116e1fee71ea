//! Lookup tables between logical enumerations and wire codes.
//!
//! A table is declared once (with `lut!`) and gives both directions. A table may
//! be many-to-one (the dtype tags: seed 000's `byte_1DF5760` maps 20 ordinals onto 15 codes);
//! such a table names one canonical preimage per shared code, and [`Lut::preimages`] lists all
//! of them, so a decoder never pretends to know more than the wire says.

/// A lookup table from `Value` to codes of at most [`Lut::CODE_BITS`] bits.
///
/// The generated codecs call [`Lut::encode`] and [`Lut::decode`] once per field and bundle; a
/// table written by hand rather than with `lut!` should mark both `#[inline]`, or every call from
/// another crate stays a call.
pub trait Lut {
    /// The logical side.
    type Value: Copy + PartialEq + 'static;

    /// The table's name, as written in `#[field(lut = NAME)]`.
    const NAME: &'static str;

    /// Bits needed by the largest code. A field must be at least this wide; the derive checks it
    /// at compile time (a 5-bit CoreV4 dtype code cannot go in a nibble).
    const CODE_BITS: u32;

    /// Whether every code has exactly one preimage.
    const ONE_TO_ONE: bool;

    /// Every `(value, code)` pair of the table, in declaration order.
    const ENTRIES: &'static [(Self::Value, u8)];

    /// Every `(value name, code)` pair of the table, in declaration order, for messages (a code
    /// the table does not have is reported with the codes it does have). Empty when the table
    /// does not give them; [`lut!`](crate::lut!) does.
    const CODES: crate::error::Codes = &[];

    /// The value's name, for messages ("average has no wire form in table `alu_v2`").
    fn value_name(value: &Self::Value) -> &'static str {
        let _ = value;
        core::any::type_name::<Self::Value>()
    }

    /// The code of `value`, or `None` when the value has no wire form in this table.
    fn encode(value: &Self::Value) -> Option<u8>;

    /// The canonical preimage of `code`, or `None` when no value maps to it.
    fn decode(code: u64) -> Option<Self::Value>;

    /// Every value that maps to `code` (empty when none does), the canonical one first.
    fn preimages(code: u64) -> impl Iterator<Item = Self::Value> {
        let canonical = Self::decode(code);
        let rest = Self::ENTRIES
            .iter()
            .filter(move |(v, c)| u64::from(*c) == code && Some(*v) != canonical)
            .map(|(v, _)| *v);
        canonical.into_iter().chain(rest)
    }
}

/// A lookup table as a field-table row names it ([`FieldInfo::lut`](crate::FieldInfo::lut)):
/// its name, whether it is one-to-one, and its entries by value name, so that a tool that only
/// has the field table can print a code as every value it stands for. Seed 000's dtype table maps
/// 20 ordinals onto 15 codes: code 0x03 is `uint8` and `float8_e8m0fnu` alike, and a disassembly
/// must show both rather than pick one.
///
/// Two `LutRef`s are equal when they name the same table.
#[derive(Clone, Copy)]
pub struct LutRef {
    /// The table's name, as written in `#[field(lut = NAME)]`.
    pub name: &'static str,
    /// Whether every code has exactly one preimage.
    pub one_to_one: bool,
    entries: fn() -> Vec<(&'static str, u8)>,
    preimages: fn(u64) -> Vec<&'static str>,
    entry: fn(usize) -> Option<(&'static str, u8)>,
    /// [`Lut::CODES`] when it lists every entry (as `lut!` tables do), so that the names are
    /// read from a static slice; empty otherwise.
    codes: crate::error::Codes,
    canonical: fn(u64) -> Option<&'static str>,
    /// Bit `c` is set when code `c` stands for two values or more.
    shared: &'static [u8; 32],
}

/// The codes of table `L` that stand for two values or more, as a 256-bit map.
struct SharedCodes<L>(core::marker::PhantomData<L>);

impl<L: Lut> SharedCodes<L> {
    const MAP: [u8; 32] = {
        let mut count = [0u8; 256];
        let mut map = [0u8; 32];
        let mut i = 0;
        while i < L::ENTRIES.len() {
            let code = L::ENTRIES[i].1 as usize;
            count[code] = count[code].saturating_add(1);
            if count[code] > 1 {
                map[code / 8] |= 1 << (code % 8);
            }
            i += 1;
        }
        map
    };
}

impl LutRef {
    /// The reference to table `L`.
    pub const fn of<L: Lut>() -> Self {
        Self {
            name: L::NAME,
            one_to_one: L::ONE_TO_ONE,
            entries: entry_names::<L>,
            preimages: preimage_names::<L>,
            entry: entry_name::<L>,
            codes: if L::CODES.len() == L::ENTRIES.len() {
                L::CODES
            } else {
                &[]
            },
            canonical: canonical_name::<L>,
            shared: &SharedCodes::<L>::MAP,
        }
    }

    /// Whether `code` stands for two values or more (seed 000's dtype code 0x03: `uint8` and
    /// `float8_e8m0fnu`); a code that stands for one value, or none, is not shared.
    ///
    /// ```
    /// use isa_core::{LutRef, dtype_v2};
    /// let table = LutRef::of::<dtype_v2>();
    /// assert!(table.is_shared(0x03));
    /// assert!(!table.is_shared(0x0A)); // float32 alone
    /// assert!(!table.is_shared(0x1FF));
    /// ```
    #[inline]
    pub fn is_shared(&self, code: u64) -> bool {
        usize::try_from(code)
            .ok()
            .and_then(|c| self.shared.get(c / 8).map(|byte| byte >> (c % 8) & 1 == 1))
            .unwrap_or(false)
    }

    /// Every `(value name, code)` pair of the table, in declaration order.
    pub fn entries(&self) -> Vec<(&'static str, u8)> {
        (self.entries)()
    }

    /// The names of every value that maps to `code`, the canonical one first (empty when none
    /// does).
    pub fn preimages(&self, code: u64) -> Vec<&'static str> {
        (self.preimages)(code)
    }

    /// The names of every value that maps to `code`, the canonical one first (none when no
    /// value does): what [`LutRef::preimages`] lists, read from the table in place, so a listing
    /// of many bundles allocates nothing for them.
    ///
    /// ```
    /// use isa_core::{LutRef, dtype_v2};
    /// let table = LutRef::of::<dtype_v2>();
    /// let names: Vec<&str> = table.preimage_names(0x03).collect();
    /// assert_eq!(names, ["uint8", "float8_e8m0fnu"]);
    /// assert_eq!(names, table.preimages(0x03));
    /// assert_eq!(table.preimage_names(0xFF).count(), 0);
    /// ```
    pub fn preimage_names(&self, code: u64) -> PreimageNames {
        PreimageNames {
            entry: self.entry,
            codes: self.codes,
            code,
            canonical: (self.canonical)(code),
            next: None,
        }
    }

    /// The code of the value named `name`, or `None` when the table has no such entry.
    pub fn code_of(&self, name: &str) -> Option<u8> {
        self.entries()
            .into_iter()
            .find_map(|(n, code)| (n == name).then_some(code))
    }
}

fn entry_names<L: Lut>() -> Vec<(&'static str, u8)> {
    L::ENTRIES
        .iter()
        .map(|(value, code)| (L::value_name(value), *code))
        .collect()
}

fn preimage_names<L: Lut>(code: u64) -> Vec<&'static str> {
    L::preimages(code)
        .map(|value| L::value_name(&value))
        .collect()
}

fn entry_name<L: Lut>(index: usize) -> Option<(&'static str, u8)> {
    L::ENTRIES
        .get(index)
        .map(|(value, code)| (L::value_name(value), *code))
}

fn canonical_name<L: Lut>(code: u64) -> Option<&'static str> {
    L::decode(code).map(|value| L::value_name(&value))
}

/// The iterator of [`LutRef::preimage_names`]: the canonical name, then every other entry with
/// the code, in declaration order.
#[derive(Clone)]
pub struct PreimageNames {
    entry: fn(usize) -> Option<(&'static str, u8)>,
    codes: crate::error::Codes,
    code: u64,
    canonical: Option<&'static str>,
    /// The next entry to look at; `None` before the canonical name is given.
    next: Option<usize>,
}

impl PreimageNames {
    /// Entry `index` of the table: from the static names when there are, else through the
    /// table's function.
    #[inline]
    fn entry(&self, index: usize) -> Option<(&'static str, u8)> {
        if self.codes.is_empty() {
            (self.entry)(index)
        } else {
            self.codes.get(index).copied()
        }
    }
}

impl Iterator for PreimageNames {
    type Item = &'static str;

    fn next(&mut self) -> Option<&'static str> {
        let Some(mut index) = self.next else {
            self.next = Some(0);
            if self.canonical.is_some() {
                return self.canonical;
            }
            return self.next();
        };
        while let Some((name, code)) = self.entry(index) {
            index += 1;
            if u64::from(code) == self.code && Some(name) != self.canonical {
                self.next = Some(index);
                return Some(name);
            }
        }
        self.next = Some(index);
        None
    }
}

impl core::fmt::Debug for PreimageNames {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("PreimageNames")
            .field("code", &self.code)
            .field("canonical", &self.canonical)
            .finish_non_exhaustive()
    }
}

impl PartialEq for LutRef {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}

impl Eq for LutRef {}

impl core::fmt::Debug for LutRef {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("LutRef")
            .field("name", &self.name)
            .field("one_to_one", &self.one_to_one)
            .finish_non_exhaustive()
    }
}

impl core::fmt::Display for LutRef {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name)
    }
}

/// Declares a lookup table from an [`enumeration!`](crate::enumeration!) to wire codes, as a
/// zero-sized type named like the table (`dtype_v2`), so that `#[field(lut = dtype_v2)]` names
/// it.
///
/// Syntax: `VIS NAME: VALUE { Variant => CODE, … }`, then optionally
/// `canonical { CODE => Variant, … }` and `unmapped { Variant, … }`, in that order. Codes are
/// `u8` literals.
///
/// ```
/// use isa_core::{Lut, enumeration, lut};
///
/// enumeration! {
///     /// Three values, two of which share a wire code.
///     pub enum Width: "Width" {
///         Byte = 0 => "byte",
///         Octet = 1 => "octet",
///         Word = 2 => "word",
///         Wide = 3 => "wide",
///     }
/// }
///
/// lut! {
///     /// `Byte` and `Octet` are the same on the wire; `Wide` has no wire form.
///     pub width_tag: Width {
///         Byte => 0x01,
///         Octet => 0x01,
///         Word => 0x02,
///     }
///     canonical { 0x01 => Byte }
///     unmapped { Wide }
/// }
///
/// assert_eq!(width_tag::encode(&Width::Octet), Some(0x01));
/// assert_eq!(width_tag::encode(&Width::Wide), None);
/// assert_eq!(width_tag::decode(0x01), Some(Width::Byte));
/// assert_eq!(width_tag::preimages(0x01).collect::<Vec<_>>(), [Width::Byte, Width::Octet]);
/// assert_eq!((width_tag::CODE_BITS, width_tag::ONE_TO_ONE), (2, false));
/// ```
///
/// The table is checked where it is declared:
/// - every variant is either given a code or listed in `unmapped`, exactly once: the encode
///   table is built from a `match` without a catch-all arm, so a forgotten variant does not
///   compile, and a variant listed twice fails a `const` assertion;
/// - every code that several variants share names its canonical preimage (the value `decode`
///   returns) in `canonical`; a canonical entry must be one of the variants listed with that
///   code, and only shared codes have one.
///
/// `encode` and `decode` are each one index into a table built at compile time (the value type
/// is an [`enumeration!`](crate::enumeration!), whose `ALL` lists the variants); `CODE_BITS` and
/// `ONE_TO_ONE` are computed from the entries. The type also gets `UNMAPPED`, and `code_of` / `value_of`, which
/// report a missing entry as a [`Problem`](crate::Problem) naming the value and the table.
///
/// A table that differs from another in a few entries is declared as that table plus its
/// differences: `VIS NAME: VALUE = BASE { added { Variant => CODE, … } changed { Variant => CODE,
/// … } removed { Variant, … } }` (each part optional, in that order), then optionally its own
/// `canonical { … }`. The base is a `lut!` table of the same value type. The entries are the
/// base's in their order, a changed one with its new code in place and the removed ones left
/// out, then the added ones; the unmapped values are the base's that are not added, then the
/// removed ones. So the table is as exhaustive as its base, and every difference is checked at
/// compile time: an added value must be unmapped in the base, a changed or removed one mapped,
/// a change must change the code, and no value is named twice. Canonical entries are not
/// inherited (a change can leave a shared code with one preimage): the derived table names its
/// own, under the same rules.
///
/// ```
/// use isa_core::{Lut, enumeration, lut};
///
/// enumeration! {
///     /// Four operations.
///     pub enum Op: "Op" {
///         Add = 0 => "add",
///         Sub = 1 => "sub",
///         Mul = 2 => "mul",
///         Div = 3 => "div",
///     }
/// }
///
/// lut! {
///     /// The first generation: no division.
///     pub op_v1: Op { Add => 0x01, Sub => 0x02, Mul => 0x03 }
///     unmapped { Div }
/// }
///
/// lut! {
///     /// The second generation: division added, multiplication moved, subtraction dropped.
///     pub op_v2: Op = op_v1 {
///         added { Div => 0x04 }
///         changed { Mul => 0x08 }
///         removed { Sub }
///     }
/// }
///
/// assert_eq!(op_v2::ENTRIES, [(Op::Add, 0x01), (Op::Mul, 0x08), (Op::Div, 0x04)]);
/// assert_eq!(op_v2::UNMAPPED, [Op::Sub]);
/// assert_eq!(op_v2::decode(0x08), Some(Op::Mul));
/// assert_eq!(op_v2::encode(&Op::Sub), None);
/// assert_eq!((op_v2::CODE_BITS, op_v2::ONE_TO_ONE), (4, true));
/// ```
///
/// A difference the base does not allow does not compile, and the message names the value
/// ("lookup table `op_v2`: `Div` has no code in the base table, so it cannot be changed or
/// removed; list it in `added`"):
///
/// ```compile_fail,E0080
/// use isa_core::{enumeration, lut};
///
/// enumeration! {
///     /// Two values.
///     pub enum Pair: "Pair" { A = 0 => "a", B = 1 => "b" }
/// }
///
/// lut! {
///     /// `B` has no code.
///     pub pair_v1: Pair { A => 0x01 }
///     unmapped { B }
/// }
///
/// lut! {
///     /// `B` cannot change: it has no code to change.
///     pub pair_v2: Pair = pair_v1 { changed { B => 0x02 } }
/// }
/// ```
///
/// A shared code without a canonical entry does not compile:
///
/// ```compile_fail,E0080
/// use isa_core::{enumeration, lut};
///
/// enumeration! {
///     /// Two values.
///     pub enum Pair: "Pair" { A = 0 => "a", B = 1 => "b" }
/// }
///
/// lut! {
///     /// Both values map to 0x07, and nothing says which one 0x07 decodes to.
///     pub pair_tag: Pair { A => 0x07, B => 0x07 }
/// }
/// ```
///
/// Nor does a table that forgets a variant:
///
/// ```compile_fail,E0004
/// use isa_core::{enumeration, lut};
///
/// enumeration! {
///     /// Two values.
///     pub enum Pair: "Pair" { A = 0 => "a", B = 1 => "b" }
/// }
///
/// lut! {
///     /// `B` is neither mapped nor listed as unmapped.
///     pub pair_tag: Pair { A => 0x07 }
/// }
/// ```
#[macro_export]
macro_rules! lut {
    (
        $(#[$meta:meta])*
        $vis:vis $name:ident : $value:ty = $base:path {
            $( added { $( $avariant:ident => $acode:literal ),+ $(,)? } )?
            $( changed { $( $chvariant:ident => $chcode:literal ),+ $(,)? } )?
            $( removed { $( $rvariant:ident ),+ $(,)? } )?
        }
        $( canonical { $( $ccode:literal => $cvariant:ident ),+ $(,)? } )?
    ) => {
        $crate::lut!(@type $(#[$meta])* $vis $name);

        const _: () = {
            type __Value = $value;

            /// The base table's entries, which must be of the same value type.
            const BASE: &[(__Value, u8)] = <$base as $crate::Lut>::ENTRIES;
            const BASE_PAIRS: [(u8, u8); BASE.len()] = {
                let mut pairs = [(0, 0); BASE.len()];
                let mut i = 0;
                while i < BASE.len() {
                    pairs[i] = (BASE[i].0 as u8, BASE[i].1);
                    i += 1;
                }
                pairs
            };
            const BASE_UNMAPPED: &[__Value] = <$base>::UNMAPPED;
            const BASE_UNLISTED: [u8; BASE_UNMAPPED.len()] = {
                let mut ordinals = [0; BASE_UNMAPPED.len()];
                let mut i = 0;
                while i < BASE_UNMAPPED.len() {
                    ordinals[i] = BASE_UNMAPPED[i] as u8;
                    i += 1;
                }
                ordinals
            };
            const DELTA: $crate::lut::support::Delta = $crate::lut::support::Delta {
                added: &[$($( (__Value::$avariant as u8, $acode, ::core::stringify!($avariant)) ),+)?],
                changed: &[$($( (__Value::$chvariant as u8, $chcode, ::core::stringify!($chvariant)) ),+)?],
                removed: &[$($( (__Value::$rvariant as u8, ::core::stringify!($rvariant)) ),+)?],
            };
            const _: () = if let ::core::result::Result::Err(defect) =
                DELTA.check(&BASE_PAIRS)
            {
                ::core::panic!("{}", defect.message(::core::stringify!($name)).as_str());
            };

            const PAIRS_BY_ORDINAL: [(u8, u8); DELTA.entries_len(&BASE_PAIRS)] =
                DELTA.entries(&BASE_PAIRS);
            const UNMAPPED_BY_ORDINAL: [u8; DELTA.unmapped_len(&BASE_UNLISTED)] =
                DELTA.unmapped(&BASE_UNLISTED);
            const PAIRS: &[(u8, u8)] = &PAIRS_BY_ORDINAL;
            /// Every value at its ordinal.
            const VALUES: [::core::option::Option<__Value>; 256] = {
                let mut values = [::core::option::Option::None; 256];
                let mut i = 0;
                while i < __Value::ALL.len() {
                    values[__Value::ALL[i] as u8 as usize] =
                        ::core::option::Option::Some(__Value::ALL[i]);
                    i += 1;
                }
                values
            };
            const ENTRY_VALUES: [(__Value, u8); PAIRS.len()] =
                $crate::lut::support::entry_values(PAIRS, &VALUES, __Value::ALL[0]);
            const UNMAPPED_VALUES: [__Value; UNMAPPED_BY_ORDINAL.len()] =
                $crate::lut::support::values(&UNMAPPED_BY_ORDINAL, &VALUES, __Value::ALL[0]);
            const ENCODE: [u16; 256] = $crate::lut::support::encode_table(PAIRS);
            const ENTRY_CODES: [(&str, u8); PAIRS.len()] = {
                let mut codes = [("", 0); PAIRS.len()];
                let mut i = 0;
                while i < codes.len() {
                    codes[i] = (ENTRY_VALUES[i].0.name(), ENTRY_VALUES[i].1);
                    i += 1;
                }
                codes
            };
            const LISTED_NAMES: [(u8, &str); PAIRS.len() + UNMAPPED_VALUES.len()] = {
                let mut listed = [(0, ""); PAIRS.len() + UNMAPPED_VALUES.len()];
                let mut i = 0;
                while i < listed.len() {
                    let value = if i < PAIRS.len() {
                        ENTRY_VALUES[i].0
                    } else {
                        UNMAPPED_VALUES[i - PAIRS.len()]
                    };
                    listed[i] = (value as u8, value.name());
                    i += 1;
                }
                listed
            };
            const LISTED: &[(u8, &str)] = &LISTED_NAMES;
            const ENTRIES: &[(__Value, u8)] = &ENTRY_VALUES;
            const CODES: $crate::error::Codes = &ENTRY_CODES;
            const UNMAPPED: &[__Value] = &UNMAPPED_VALUES;

            $crate::lut!(@impl $name $( canonical { $( $ccode => $cvariant ),+ } )?);
        };
    };
    (
        $(#[$meta:meta])*
        $vis:vis $name:ident : $value:ty {
            $( $variant:ident => $code:literal ),+ $(,)?
        }
        $( canonical { $( $ccode:literal => $cvariant:ident ),+ $(,)? } )?
        $( unmapped { $( $uvariant:ident ),+ $(,)? } )?
    ) => {
        $crate::lut!(@type $(#[$meta])* $vis $name);

        const _: () = {
            type __Value = $value;

            /// `(ordinal, code)` of every entry, for the checks.
            const PAIRS: &[(u8, u8)] = &[$( (__Value::$variant as u8, $code) ),+];

            /// The table as an exhaustive `match`: a variant neither mapped nor unmapped does not
            /// compile.
            const fn encode_match(value: __Value) -> ::core::option::Option<u8> {
                match value {
                    $( __Value::$variant => ::core::option::Option::Some($code), )+
                    $( $( __Value::$uvariant )|+ => ::core::option::Option::None, )?
                }
            }

            /// `encode_match` for every variant, by ordinal, as `0x100 | code` (0: no code):
            /// `encode` is one load and one test, with no branch on the value.
            const ENCODE: [u16; 256] = {
                let mut table = [0u16; 256];
                let all = __Value::ALL;
                let mut i = 0;
                while i < all.len() {
                    if let ::core::option::Option::Some(code) = encode_match(all[i]) {
                        table[all[i] as u8 as usize] = 0x100 | code as u16;
                    }
                    i += 1;
                }
                table
            };

            /// `(ordinal, name)` of every value the table lists, mapped or not.
            const LISTED: &[(u8, &str)] = &[
                $( (__Value::$variant as u8, ::core::stringify!($variant)), )+
                $($( (__Value::$uvariant as u8, ::core::stringify!($uvariant)), )+)?
            ];
            const ENTRIES: &[(__Value, u8)] = &[$( (__Value::$variant, $code) ),+];
            const CODES: $crate::error::Codes = &[$( (__Value::$variant.name(), $code) ),+];
            const UNMAPPED: &[__Value] = &[$($( __Value::$uvariant ),+)?];

            $crate::lut!(@impl $name $( canonical { $( $ccode => $cvariant ),+ } )?);
        };
    };
    (@type $(#[$meta:meta])* $vis:vis $name:ident) => {
        $(#[$meta])*
        #[allow(non_camel_case_types)]
        #[derive(
            ::core::fmt::Debug,
            ::core::clone::Clone,
            ::core::marker::Copy,
            ::core::default::Default,
            ::core::cmp::PartialEq,
            ::core::cmp::Eq,
            ::core::hash::Hash,
        )]
        $vis struct $name;
    };
    // The checks and the impls, from the consts PAIRS, ENCODE, LISTED, ENTRIES, CODES and
    // UNMAPPED that either form defines in the same block.
    (@impl $name:ident $( canonical { $( $ccode:literal => $cvariant:ident ),+ } )?) => {
        /// `(code, ordinal)` of every canonical entry.
        const CANONICAL: &[(u8, u8)] = &[$($( ($ccode, __Value::$cvariant as u8) ),+)?];
        const DECODE: [::core::option::Option<__Value>;
            $crate::lut::support::DECODE_SLOTS] = $crate::lut::support::decode_table(
            ENTRIES,
            &[$($( ($ccode, __Value::$cvariant) ),+)?],
        );
        const _: () = if let ::core::result::Result::Err(defect) =
            $crate::lut::support::verify(LISTED, PAIRS, CANONICAL)
        {
            ::core::panic!("{}", defect.message(::core::stringify!($name)).as_str());
        };

        #[automatically_derived]
        impl $crate::Lut for $name {
            type Value = __Value;
            const NAME: &'static str = ::core::stringify!($name);
            const CODE_BITS: u32 = $crate::lut::support::code_bits(PAIRS);
            const ONE_TO_ONE: bool = $crate::lut::support::one_to_one(PAIRS);
            const ENTRIES: &'static [(__Value, u8)] = ENTRIES;
            const CODES: $crate::error::Codes = CODES;

            #[inline]
            fn encode(value: &__Value) -> ::core::option::Option<u8> {
                let entry = ENCODE[*value as u8 as usize];
                if entry & 0x100 != 0 {
                    ::core::option::Option::Some(entry as u8)
                } else {
                    ::core::option::Option::None
                }
            }

            #[inline]
            fn decode(code: u64) -> ::core::option::Option<__Value> {
                $crate::lut::support::lookup(&DECODE, code)
            }

            #[inline]
            fn value_name(value: &__Value) -> &'static str {
                value.name()
            }
        }

        impl $name {
            /// The values that have no code in this table.
            pub const UNMAPPED: &'static [__Value] = UNMAPPED;

            /// The code of `value`; a value without one is
            /// `isa_core::Problem::NoWireForm` naming it and the table.
            pub fn code_of(value: __Value) -> ::core::result::Result<u8, $crate::Problem> {
                match <Self as $crate::Lut>::encode(&value) {
                    ::core::option::Option::Some(code) => ::core::result::Result::Ok(code),
                    ::core::option::Option::None => ::core::result::Result::Err(
                        $crate::Problem::NoWireForm {
                            value: value.name(),
                            table: <Self as $crate::Lut>::NAME,
                            known: &<Self as $crate::Lut>::CODES,
                        },
                    ),
                }
            }

            /// The canonical value of `code`; a code no value maps to is
            /// `isa_core::Problem::UnknownCode` naming the table.
            pub fn value_of(code: u64) -> ::core::result::Result<__Value, $crate::Problem> {
                match <Self as $crate::Lut>::decode(code) {
                    ::core::option::Option::Some(value) => ::core::result::Result::Ok(value),
                    ::core::option::Option::None => ::core::result::Result::Err(
                        $crate::Problem::UnknownCode {
                            code,
                            table: <Self as $crate::Lut>::NAME,
                            known: &<Self as $crate::Lut>::CODES,
                        },
                    ),
                }
            }
        }
    };
}

/// The decode table and its lookup that [`lut!`](crate::lut!) builds, for a [`Lut`] written by
/// hand (a table that is the union of several code sets, say): `decode_table(ENTRIES, &[])`
/// gives slot `code` its value at compile time, and `lookup` reads it with one load, with no
/// branch on which value the code stands for. A table of 256 slots (`[Option<V>; 256]`, as
/// `lut!` builds) needs no test of its length for a code read from a byte.
pub use support::{decode_table, lookup};

/// Compile-time construction and checks of [`lut!`](crate::lut!) tables, kept out of the macro.
/// Entries are seen here as `(ordinal, code)` pairs, so the functions need nothing of the value
/// type.
#[doc(hidden)]
pub mod support {
    use crate::__private::Message;
    /// The largest code of the table (0 for an empty one).
    pub const fn max_code(pairs: &[(u8, u8)]) -> u8 {
        let mut max = 0;
        let mut i = 0;
        while i < pairs.len() {
            if pairs[i].1 > max {
                max = pairs[i].1;
            }
            i += 1;
        }
        max
    }

    /// Bits needed by the largest code: 4 for 0x0F, 5 for 0x10, 8 for 0xC8.
    pub const fn code_bits(pairs: &[(u8, u8)]) -> u32 {
        u8::BITS - max_code(pairs).leading_zeros()
    }

    /// Length of every decode table: one slot for each code a byte holds (every code is a
    /// `u8`), so that a code read from a field of eight bits or fewer is looked up with no test
    /// of the table's length: one load and one test of the slot, as a hand-written 256-entry
    /// table is.
    pub const DECODE_SLOTS: usize = 1 << u8::BITS;

    /// How many entries have code `code`.
    pub const fn count(pairs: &[(u8, u8)], code: u8) -> usize {
        let mut n = 0;
        let mut i = 0;
        while i < pairs.len() {
            if pairs[i].1 == code {
                n += 1;
            }
            i += 1;
        }
        n
    }

    /// Whether no two entries share a code.
    pub const fn one_to_one(pairs: &[(u8, u8)]) -> bool {
        let mut i = 0;
        while i < pairs.len() {
            if count(pairs, pairs[i].1) > 1 {
                return false;
            }
            i += 1;
        }
        true
    }

    /// The differences of a table declared as another table plus changes: `(ordinal, code,
    /// name)` of the entries added and changed, `(ordinal, name)` of the entries removed.
    #[derive(Debug, Clone, Copy)]
    pub struct Delta {
        /// Values the base table leaves unmapped, with their codes here.
        pub added: &'static [(u8, u8, &'static str)],
        /// Values of the base table, with their new codes.
        pub changed: &'static [(u8, u8, &'static str)],
        /// Values of the base table that have no code here.
        pub removed: &'static [(u8, &'static str)],
    }

    impl Delta {
        /// Checks every difference against the base entries `(ordinal, code)`: an added value
        /// must not be a base entry, a changed or removed one must be, a change must change the
        /// code, and no value is named twice.
        pub const fn check(&self, base: &[(u8, u8)]) -> Result<(), Defect> {
            let mut i = 0;
            while i < self.added.len() {
                let (ordinal, _, name) = self.added[i];
                if base_code(base, ordinal).is_some() {
                    return Err(Defect::AddedButInBase(name));
                }
                if self.named_after(ordinal, i) {
                    return Err(Defect::DeltaTwice(name));
                }
                i += 1;
            }
            let mut i = 0;
            while i < self.changed.len() {
                let (ordinal, code, name) = self.changed[i];
                match base_code(base, ordinal) {
                    None => return Err(Defect::NotInBase(name)),
                    Some(old) if old == code => return Err(Defect::Unchanged(name)),
                    Some(_) => {}
                }
                if self.named_after(ordinal, self.added.len() + i) {
                    return Err(Defect::DeltaTwice(name));
                }
                i += 1;
            }
            let mut i = 0;
            while i < self.removed.len() {
                let (ordinal, name) = self.removed[i];
                if base_code(base, ordinal).is_none() {
                    return Err(Defect::NotInBase(name));
                }
                if self.named_after(ordinal, self.added.len() + self.changed.len() + i) {
                    return Err(Defect::DeltaTwice(name));
                }
                i += 1;
            }
            Ok(())
        }

        /// The ordinal of difference `index`, counting added, then changed, then removed.
        const fn ordinal(&self, index: usize) -> u8 {
            if index < self.added.len() {
                self.added[index].0
            } else if index < self.added.len() + self.changed.len() {
                self.changed[index - self.added.len()].0
            } else {
                self.removed[index - self.added.len() - self.changed.len()].0
            }
        }

        /// Whether a difference after `index` names `ordinal` again.
        const fn named_after(&self, ordinal: u8, index: usize) -> bool {
            let total = self.added.len() + self.changed.len() + self.removed.len();
            let mut j = index + 1;
            while j < total {
                if self.ordinal(j) == ordinal {
                    return true;
                }
                j += 1;
            }
            false
        }

        const fn is_removed(&self, ordinal: u8) -> bool {
            let mut i = 0;
            while i < self.removed.len() {
                if self.removed[i].0 == ordinal {
                    return true;
                }
                i += 1;
            }
            false
        }

        const fn is_added(&self, ordinal: u8) -> bool {
            let mut i = 0;
            while i < self.added.len() {
                if self.added[i].0 == ordinal {
                    return true;
                }
                i += 1;
            }
            false
        }

        /// How many entries the derived table has.
        pub const fn entries_len(&self, base: &[(u8, u8)]) -> usize {
            let mut n = self.added.len();
            let mut i = 0;
            while i < base.len() {
                if !self.is_removed(base[i].0) {
                    n += 1;
                }
                i += 1;
            }
            n
        }

        /// The derived entries `(ordinal, code)`: the base entries in their order, each changed
        /// one with its new code and the removed ones left out, then the added ones in the order
        /// given.
        pub const fn entries<const N: usize>(&self, base: &[(u8, u8)]) -> [(u8, u8); N] {
            let mut entries = [(0, 0); N];
            let mut n = 0;
            let mut i = 0;
            while i < base.len() && n < N {
                let (ordinal, mut code) = base[i];
                let mut j = 0;
                while j < self.changed.len() {
                    if self.changed[j].0 == ordinal {
                        code = self.changed[j].1;
                    }
                    j += 1;
                }
                if !self.is_removed(ordinal) {
                    entries[n] = (ordinal, code);
                    n += 1;
                }
                i += 1;
            }
            let mut i = 0;
            while i < self.added.len() && n < N {
                entries[n] = (self.added[i].0, self.added[i].1);
                n += 1;
                i += 1;
            }
            entries
        }

        /// How many values the derived table leaves unmapped.
        pub const fn unmapped_len(&self, base: &[u8]) -> usize {
            let mut n = self.removed.len();
            let mut i = 0;
            while i < base.len() {
                if !self.is_added(base[i]) {
                    n += 1;
                }
                i += 1;
            }
            n
        }

        /// The ordinals the derived table leaves unmapped: the base's unmapped values that are
        /// not added, in their order, then the removed ones in the order given.
        pub const fn unmapped<const N: usize>(&self, base: &[u8]) -> [u8; N] {
            let mut unmapped = [0; N];
            let mut n = 0;
            let mut i = 0;
            while i < base.len() && n < N {
                if !self.is_added(base[i]) {
                    unmapped[n] = base[i];
                    n += 1;
                }
                i += 1;
            }
            let mut i = 0;
            while i < self.removed.len() && n < N {
                unmapped[n] = self.removed[i].0;
                n += 1;
                i += 1;
            }
            unmapped
        }
    }

    /// The code of `ordinal` among the entries `(ordinal, code)`, if it has one.
    const fn base_code(base: &[(u8, u8)], ordinal: u8) -> Option<u8> {
        let mut i = 0;
        while i < base.len() {
            if base[i].0 == ordinal {
                return Some(base[i].1);
            }
            i += 1;
        }
        None
    }

    /// The entries `(ordinal, code)` as `(value, code)`, reading each value from `values` (every
    /// value at its ordinal); `fill` stands where an ordinal has no value, which the macro never
    /// asks for.
    pub const fn entry_values<V: Copy, const N: usize>(
        pairs: &[(u8, u8)],
        values: &[Option<V>; 256],
        fill: V,
    ) -> [(V, u8); N] {
        let mut entries = [(fill, 0); N];
        let mut i = 0;
        while i < pairs.len() && i < N {
            if let Some(value) = values[pairs[i].0 as usize] {
                entries[i] = (value, pairs[i].1);
            }
            i += 1;
        }
        entries
    }

    /// The values of `ordinals`, read as [`entry_values`] reads them.
    pub const fn values<V: Copy, const N: usize>(
        ordinals: &[u8],
        values: &[Option<V>; 256],
        fill: V,
    ) -> [V; N] {
        let mut out = [fill; N];
        let mut i = 0;
        while i < ordinals.len() && i < N {
            if let Some(value) = values[ordinals[i] as usize] {
                out[i] = value;
            }
            i += 1;
        }
        out
    }

    /// The encode table of the entries `(ordinal, code)`: slot `ordinal` holds `0x100 | code`,
    /// or 0 for a value without a code.
    pub const fn encode_table(pairs: &[(u8, u8)]) -> [u16; 256] {
        let mut table = [0; 256];
        let mut i = 0;
        while i < pairs.len() {
            table[pairs[i].0 as usize] = 0x100 | pairs[i].1 as u16;
            i += 1;
        }
        table
    }

    /// What is wrong with a table; each names the value or the code concerned.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Defect {
        /// A value is listed twice (two codes, or a code and `unmapped`).
        ListedTwice(&'static str),
        /// Several values map to the code and none is named canonical.
        SharedWithoutCanonical(u8),
        /// A canonical entry names a value that is not listed with the code.
        CanonicalNotAnEntry(u8),
        /// A canonical entry for a code only one value maps to.
        CanonicalOfUniqueCode(u8),
        /// Two canonical entries for one code.
        CanonicalTwice(u8),
        /// An added value already has a code in the base table.
        AddedButInBase(&'static str),
        /// A changed or removed value has no code in the base table.
        NotInBase(&'static str),
        /// A changed value keeps the code it has in the base table.
        Unchanged(&'static str),
        /// A value is named twice among the differences.
        DeltaTwice(&'static str),
    }

    /// Checks that no value is listed twice (`listed` is `(ordinal, name)` of the entries and
    /// the unmapped values), then the canonical entries `(code, ordinal)` against the entries
    /// `(ordinal, code)`.
    pub const fn verify(
        listed: &[(u8, &'static str)],
        pairs: &[(u8, u8)],
        canonical: &[(u8, u8)],
    ) -> Result<(), Defect> {
        let mut i = 0;
        while i < listed.len() {
            let mut j = i + 1;
            while j < listed.len() {
                if listed[j].0 == listed[i].0 {
                    return Err(Defect::ListedTwice(listed[i].1));
                }
                j += 1;
            }
            i += 1;
        }
        let mut i = 0;
        while i < canonical.len() {
            let (code, ordinal) = canonical[i];
            let mut j = i + 1;
            while j < canonical.len() {
                if canonical[j].0 == code {
                    return Err(Defect::CanonicalTwice(code));
                }
                j += 1;
            }
            if count(pairs, code) == 1 {
                return Err(Defect::CanonicalOfUniqueCode(code));
            }
            if !contains(pairs, (ordinal, code)) {
                return Err(Defect::CanonicalNotAnEntry(code));
            }
            i += 1;
        }
        let mut i = 0;
        while i < pairs.len() {
            let code = pairs[i].1;
            if count(pairs, code) > 1 && !has_code(canonical, code) {
                return Err(Defect::SharedWithoutCanonical(code));
            }
            i += 1;
        }
        Ok(())
    }

    const fn contains(pairs: &[(u8, u8)], pair: (u8, u8)) -> bool {
        let mut i = 0;
        while i < pairs.len() {
            if pairs[i].0 == pair.0 && pairs[i].1 == pair.1 {
                return true;
            }
            i += 1;
        }
        false
    }

    const fn has_code(canonical: &[(u8, u8)], code: u8) -> bool {
        let mut i = 0;
        while i < canonical.len() {
            if canonical[i].0 == code {
                return true;
            }
            i += 1;
        }
        false
    }

    /// The decode table: slot `code` holds the canonical preimage of `code`, or the only one,
    /// or `None`. Codes past `N` are left out (the macro sizes `N` from the same entries).
    pub const fn decode_table<V: Copy, const N: usize>(
        entries: &[(V, u8)],
        canonical: &[(u8, V)],
    ) -> [Option<V>; N] {
        let mut table = [None; N];
        let mut i = 0;
        while i < entries.len() {
            let (value, code) = entries[i];
            let slot = code as usize;
            if slot < N && table[slot].is_none() {
                table[slot] = Some(value);
            }
            i += 1;
        }
        let mut i = 0;
        while i < canonical.len() {
            let (code, value) = canonical[i];
            if (code as usize) < N {
                table[code as usize] = Some(value);
            }
            i += 1;
        }
        table
    }

    /// Slot `code` of a decode table; a code past the end has no preimage.
    #[inline]
    pub fn lookup<V: Copy>(table: &[Option<V>], code: u64) -> Option<V> {
        usize::try_from(code)
            .ok()
            .and_then(|i| table.get(i).copied().flatten())
    }

    impl Defect {
        /// What is wrong and what to do, for table `table`.
        pub const fn message(self, table: &str) -> Message {
            let head = Message::new()
                .push("lookup table `")
                .push(table)
                .push("`: ");
            let (code, what) = match self {
                Defect::AddedButInBase(value) => {
                    return head
                        .push("added `")
                        .push(value)
                        .push("` already has a code in the base table; list it in `changed`");
                }
                Defect::NotInBase(value) => {
                    return head.push("`").push(value).push(
                        "` has no code in the base table, so it cannot be changed or removed; \
                         list it in `added`",
                    );
                }
                Defect::Unchanged(value) => {
                    return head
                        .push("changed `")
                        .push(value)
                        .push("` keeps the code it has in the base table; leave it out");
                }
                Defect::DeltaTwice(value) => {
                    return head
                        .push("`")
                        .push(value)
                        .push("` is named more than once among the differences; name it once");
                }
                Defect::ListedTwice(value) => {
                    return head.push("`").push(value).push(
                        "` is listed more than once; give each value one code, \
                         or list it in `unmapped`",
                    );
                }
                Defect::SharedWithoutCanonical(code) => (
                    code,
                    " is the code of several values and has no canonical entry; \
                     name the value it decodes to in `canonical { CODE => Value }`",
                ),
                Defect::CanonicalNotAnEntry(code) => (
                    code,
                    " has a canonical entry whose value does not map to it; \
                     name one of the values listed with that code",
                ),
                Defect::CanonicalOfUniqueCode(code) => (
                    code,
                    " has a canonical entry but only one value maps to it; \
                     remove the entry (only shared codes need one)",
                ),
                Defect::CanonicalTwice(code) => {
                    (code, " has more than one canonical entry; keep exactly one")
                }
            };
            head.push("code ").push_code(code).push(what)
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn code_bits_counts_the_bits_of_the_largest_code() {
            assert_eq!(code_bits(&[(0, 0x0F), (1, 0x03)]), 4);
            assert_eq!(code_bits(&[(0, 0x10)]), 5);
            assert_eq!(code_bits(&[(0, 0xC8)]), 8);
            assert_eq!(code_bits(&[(0, 0x04), (1, 0x02)]), 3);
        }

        #[test]
        fn every_canonical_defect_is_found() {
            let listed = [(0, "A"), (1, "B"), (2, "C")];
            let shared = [(0, 7), (1, 7), (2, 8)];
            let check = |canonical: &[(u8, u8)]| verify(&listed, &shared, canonical);
            assert_eq!(check(&[]), Err(Defect::SharedWithoutCanonical(7)));
            assert_eq!(check(&[(7, 1)]), Ok(()));
            assert_eq!(check(&[(7, 2)]), Err(Defect::CanonicalNotAnEntry(7)));
            assert_eq!(
                check(&[(7, 0), (8, 2)]),
                Err(Defect::CanonicalOfUniqueCode(8))
            );
            assert_eq!(check(&[(7, 0), (7, 1)]), Err(Defect::CanonicalTwice(7)));
            assert_eq!(
                check(&[(9, 0), (7, 0)]),
                Err(Defect::CanonicalNotAnEntry(9))
            );
            let twice = [(0, "A"), (1, "B"), (0, "A")];
            assert_eq!(
                verify(&twice, &[(0, 1), (1, 2)], &[]),
                Err(Defect::ListedTwice("A"))
            );
        }

        #[test]
        fn every_delta_defect_is_found() {
            let base = [(0, 0x01), (1, 0x02)];
            let delta = |added, changed, removed| Delta {
                added,
                changed,
                removed,
            };
            assert_eq!(
                delta(&[(2, 0x03, "C")], &[(1, 0x04, "B")], &[(0, "A")]).check(&base),
                Ok(())
            );
            assert_eq!(
                delta(&[(1, 0x03, "B")], &[], &[]).check(&base),
                Err(Defect::AddedButInBase("B"))
            );
            assert_eq!(
                delta(&[], &[(2, 0x03, "C")], &[]).check(&base),
                Err(Defect::NotInBase("C"))
            );
            assert_eq!(
                delta(&[], &[], &[(2, "C")]).check(&base),
                Err(Defect::NotInBase("C"))
            );
            assert_eq!(
                delta(&[], &[(1, 0x02, "B")], &[]).check(&base),
                Err(Defect::Unchanged("B"))
            );
            assert_eq!(
                delta(&[], &[(1, 0x05, "B")], &[(1, "B")]).check(&base),
                Err(Defect::DeltaTwice("B"))
            );
            assert_eq!(
                delta(&[(2, 0x03, "C"), (2, 0x04, "C")], &[], &[]).check(&base),
                Err(Defect::DeltaTwice("C"))
            );
        }

        #[test]
        fn a_delta_keeps_the_base_order_and_appends_what_it_adds() {
            let base = [(0, 0x01), (1, 0x02), (2, 0x03)];
            let delta = Delta {
                added: &[(4, 0x09, "E")],
                changed: &[(2, 0x07, "C")],
                removed: &[(0, "A")],
            };
            assert_eq!(delta.entries_len(&base), 3);
            assert_eq!(delta.entries::<3>(&base), [(1, 0x02), (2, 0x07), (4, 0x09)]);
            assert_eq!(delta.unmapped_len(&[3, 4]), 2);
            assert_eq!(delta.unmapped::<2>(&[3, 4]), [3, 0]);
            let message = Defect::NotInBase("Div").message("op_v2");
            assert!(
                message
                    .as_str()
                    .starts_with("lookup table `op_v2`: `Div` has no code in the base table")
            );
        }

        #[test]
        fn the_message_names_the_table_and_the_code() {
            let message = Defect::SharedWithoutCanonical(0x0E).message("dtype_v2");
            assert!(
                message
                    .as_str()
                    .starts_with("lookup table `dtype_v2`: code 0x0E is the code")
            );
            let message = Defect::ListedTwice("Uint8").message("dtype_v2");
            assert!(
                message
                    .as_str()
                    .starts_with("lookup table `dtype_v2`: `Uint8` is listed more")
            );
        }

        #[test]
        fn canonical_entries_win_and_codes_past_the_table_decode_to_nothing() {
            const TABLE: [Option<char>; 3] =
                decode_table(&[('a', 2), ('b', 2), ('c', 0)], &[(2, 'b')]);
            assert_eq!(TABLE, [Some('c'), None, Some('b')]);
            assert_eq!(lookup(&TABLE, 2), Some('b'));
            assert_eq!(lookup(&TABLE, 3), None);
            assert_eq!(lookup(&TABLE, u64::MAX), None);
        }
    }
}
