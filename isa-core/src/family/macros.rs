//! [`family!`](crate::family!): the one way an ISA's members are gathered, for the built-in ISA
//! and a user's alike.

/// Declares a family of instruction layouts: an enum over every member, its view enum, and the
/// [`Family`](crate::Family) implementation (dispatch by identity, walker, member list, serde
/// form, validators), with the member rules checked when the crate compiles.
///
/// Each member is a `#[derive(Bundle)]` declaration that also implements
/// [`Validate`](crate::Validate), `Clone`, `Debug`, `PartialEq` and serde's `Serialize` and
/// `Deserialize`. A bundle family's members have opcodes; a word family's have `mask`/`match`;
/// all have one size. The variant name is the member's name in the serde form.
///
/// ```
/// use isa_core::{Bundle, Family, SyncBand, Validate, family};
///
/// #[derive(isa_derive::Bundle, Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
/// #[bundle(size = 64, opcodes = [0x60])]
/// pub struct Nop {
///     #[field(offset = 0x04)]
///     pub sync: SyncBand,
/// }
/// impl Validate for Nop {}
///
/// family! {
///     /// My bundles.
///     pub enum MyOp(view MyOpView, tag "op") {
///         /// Does nothing.
///         Nop(Nop),
///     }
/// }
///
/// let bytes = MyOp::Nop(Nop { sync: SyncBand::default() }).to_bytes()?;
/// assert_eq!(&bytes[..4], &[0x60, 0x10, 0, 0]);
/// assert_eq!(MyOp::decode(&bytes)?.name(), "Nop");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// `extends BASE as Variant` adds every member of another family (the built-in ISA's, say)
/// under one variant, without restating them; an opcode or word identity both claim does not
/// compile:
///
/// ```ignore
/// family! {
///     pub enum MyOp(view MyOpView, tag "op", extends isa_ops::Op as Builtin) {
///         TensorMax(TensorMax),
///     }
/// }
/// ```
#[macro_export]
macro_rules! family {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident(view $view:ident $(, kind $kind:ident)?, tag $tag:literal $(, extends $base:ty as $bvar:ident)?) {
            $( $(#[$doc:meta])* $variant:ident($ty:ty) ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq)]
        // A four-byte tag before every member: a member decoded into the family value lands at
        // the offset its own fields are aligned to, so it is moved in whole words, not copied
        // out of a one-byte-tagged layout at an odd offset (which defeats store forwarding).
        #[repr(u32)]
        $vis enum $name {
            $(
                /// Every member of the base family.
                $bvar($base),
            )?
            $( $(#[$doc])* $variant($ty), )+
        }

        /// A member read in place: the wire struct of whichever member the identity names.
        #[derive(Debug, Clone, Copy)]
        $vis enum $view<'a> {
            $(
                /// A member of the base family.
                $bvar(<$base as $crate::Family>::View<'a>),
            )?
            $( $(#[$doc])* $variant(&'a <$ty as $crate::Bundle>::Wire), )+
        }

        $crate::family!(@kind [$($kind)?] $vis $name [$( [$(#[$doc])*] $variant($ty), )+]);

        const _: () = {
            use $crate::Bundle as _;
            use $crate::__private::core::result::Result;
            use $crate::__private::core::option::Option;
            use $crate::{DecodeError, Declaration, EncodeError, Family};

            const OWN: &[Declaration] = &[$( Declaration::of::<$ty>() ),+];
            const OWN_TAGS: &[&str] = &[$( stringify!($variant) ),+];
            const BASE: &[Declaration] = $crate::family!(@base_decls $($base)?);
            const BASE_TAGS: &[&str] = $crate::family!(@base_tags $($base)?);
            const COUNT: usize = BASE.len() + OWN.len();
            const ALL: [Declaration; COUNT] = $crate::family::concat(BASE, OWN, Declaration::EMPTY);
            const TAGS: [&str; COUNT] = $crate::family::concat(BASE_TAGS, OWN_TAGS, "");
            // The base's members come first: its size and kind are the family's.
            const WIDTH: usize = ALL[0].size;
            const WORDS: bool = ALL[0].is_word();
            /// The family whose size the members keep, as the declaration names it.
            const SIZED_BY: &str = [$( stringify!($base), )? stringify!($name)][0];
            const _: () = $crate::family::check_members(&ALL, WIDTH, WORDS, SIZED_BY);
            const OPCODES: [u16; 256] = $crate::family::opcode_table(&ALL);
            const KNOWN: ([u8; 256], usize) = $crate::family::known_opcodes(&OPCODES);
            const KNOWN_OPCODES: &[u8] = KNOWN.0.split_at(KNOWN.1).0;

            type DecodeFn = fn(&[u8]) -> Result<$name, DecodeError>;
            type CheckedFn = fn(&[u8], &mut $crate::Findings) -> Result<$name, DecodeError>;
            type ViewFn = for<'a> fn(&'a [u8]) -> Result<$view<'a>, DecodeError>;

            fn refuse_decode(bytes: &[u8]) -> Result<$name, DecodeError> {
                Result::Err($crate::family::unknown::<$name>(bytes, KNOWN_OPCODES))
            }
            fn refuse_view(bytes: &[u8]) -> Result<$view<'_>, DecodeError> {
                Result::Err($crate::family::unknown::<$name>(bytes, KNOWN_OPCODES))
            }
            $crate::family!(@base_fns $name, $view, $($base, $bvar)?);

            // The identity has chosen the member, so the views check the length only
            // (`view_prefix`), and decode checks the whole header once.
            /// Decoder of every member, by member index.
            const DECODERS: [DecodeFn; COUNT] = $crate::family::after_base::<DecodeFn, COUNT>(
                base_decode,
                &[$( |b| <$ty>::decode_map(<$ty>::view_prefix(b)?, $name::$variant) ),+],
            );
            /// Decoder and validators of every member, by member index: the member's checks
            /// called directly, not through a second dispatch. A base member goes through the
            /// base family's.
            const CHECKED: [CheckedFn; COUNT] = $crate::family::after_base::<CheckedFn, COUNT>(
                base_decode_checked,
                &[$(
                    |b, out| <$ty>::decode_map(<$ty>::view_prefix(b)?, |member| {
                        $crate::Validate::check(&member, out);
                        $name::$variant(member)
                    })
                ),+],
            );
            /// View of every member, by member index.
            const VIEWS: [ViewFn; COUNT] = $crate::family::after_base::<ViewFn, COUNT>(
                base_view,
                &[$( |b| <$ty>::view_prefix(b).map($view::$variant) ),+],
            );
            /// For a bundle family, the decoder of every opcode byte (one that refuses an
            /// unclaimed opcode): the dispatch is one load after the opcode's.
            const DECODER_OF: [DecodeFn; 256] =
                $crate::family::by_opcode(&OPCODES, &DECODERS, refuse_decode as DecodeFn);
            /// For a bundle family, [`CHECKED`] by opcode byte, like `DECODER_OF`.
            const CHECKED_OF: [CheckedFn; 256] =
                $crate::family::by_opcode(&OPCODES, &CHECKED, refuse_decode_checked as CheckedFn);
            fn refuse_decode_checked(
                bytes: &[u8],
                _: &mut $crate::Findings,
            ) -> Result<$name, DecodeError> {
                refuse_decode(bytes)
            }
            /// The entry of a per-member table that handles `bytes`: for a word family by the
            /// member index (`refuse` when no member matches), for a bundle family by the opcode
            /// byte from its table spread over the opcodes. The one dispatch rule of `decode`
            /// and `decode_checked`; a slice shorter than a member is refused as truncated.
            #[inline(always)]
            fn pick<T: Copy>(
                bytes: &[u8],
                members: &[T; COUNT],
                by_opcode: &[T; 256],
                refuse: T,
            ) -> Result<T, DecodeError> {
                if bytes.len() < WIDTH {
                    return Result::Err($crate::family::truncated::<$name>(bytes.len()));
                }
                Result::Ok(if WORDS {
                    match <$name as Family>::member_index(bytes) {
                        Option::Some(i) => members[i],
                        Option::None => refuse,
                    }
                } else {
                    by_opcode[bytes[0] as usize]
                })
            }

            impl Family for $name {
                const WIDTH: usize = WIDTH;
                const WORDS: bool = WORDS;
                const TAG: &'static str = $tag;
                const DECLARATIONS: &'static [Declaration] = &ALL;
                const TAGS: &'static [&'static str] = &TAGS;
                const KNOWN_OPCODES: &'static [u8] = KNOWN_OPCODES;
                type View<'a> = $view<'a>;

                #[inline]
                fn member_index(bytes: &[u8]) -> Option<usize> {
                    if WORDS {
                        ALL.iter().position(|d| d.matches(bytes))
                    } else {
                        match bytes.first() {
                            Option::Some(&op) if OPCODES[op as usize] != 0 => {
                                Option::Some(OPCODES[op as usize] as usize - 1)
                            }
                            _ => Option::None,
                        }
                    }
                }

                #[inline]
                fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
                    pick(bytes, &DECODERS, &DECODER_OF, refuse_decode as DecodeFn)?(bytes)
                }

                #[inline]
                fn decode_checked(
                    bytes: &[u8],
                    out: &mut $crate::Findings,
                ) -> Result<Self, DecodeError> {
                    pick(bytes, &CHECKED, &CHECKED_OF, refuse_decode_checked as CheckedFn)?(bytes, out)
                }

                fn decode_run<
                    V: $crate::__private::core::ops::FnMut(usize, &Result<Self, DecodeError>),
                    A: $crate::__private::core::ops::FnMut() -> bool,
                >(
                    member: usize,
                    chunk: &[u8],
                    origin: usize,
                    at: &[u32],
                    visit: &mut V,
                    ahead: &mut A,
                ) {
                    use $crate::family::decode_run_of;
                    $crate::family!(@base_run member, chunk, origin, at, visit, ahead $(, $base, $name::$bvar)?);
                    let mut k = BASE.len();
                    $(
                        if member == k {
                            decode_run_of(chunk, origin, at, WIDTH, visit, ahead, |b| {
                                <$ty>::decode_map(<$ty>::view_prefix(b)?, $name::$variant)
                            });
                            return;
                        }
                        k += 1;
                    )+
                    let _ = k;
                    decode_run_of(chunk, origin, at, WIDTH, visit, ahead, refuse_decode);
                }

                fn decode_follow<
                    V: $crate::__private::core::ops::FnMut(usize, &Result<Self, DecodeError>),
                >(
                    member: usize,
                    chunk: &[u8],
                    origin: usize,
                    from: usize,
                    visit: &mut V,
                ) -> usize {
                    use $crate::family::follow_run_of;
                    $crate::family!(@base_follow member, chunk, origin, from, visit $(, $base, $name::$bvar)?);
                    let mut k = BASE.len();
                    $(
                        if member == k {
                            return follow_run_of(chunk, origin, member, from, visit, |b| {
                                <$ty>::decode_map(<$ty>::view_prefix(b)?, $name::$variant)
                            });
                        }
                        k += 1;
                    )+
                    let _ = k;
                    follow_run_of(chunk, origin, member, from, visit, refuse_decode)
                }

                fn view(bytes: &[u8]) -> Result<$view<'_>, DecodeError> {
                    if bytes.len() < WIDTH {
                        return Result::Err($crate::family::truncated::<Self>(bytes.len()));
                    }
                    match Self::member_index(bytes) {
                        Option::Some(i) => VIEWS[i](bytes),
                        Option::None => refuse_view(bytes),
                    }
                }

                fn decode_view(view: $view<'_>) -> Result<Self, DecodeError> {
                    match view {
                        $( $view::$bvar(v) => <$base as Family>::decode_view(v).map($name::$bvar), )?
                        $( $view::$variant(w) => <$ty>::decode_map(w, $name::$variant), )+
                    }
                }

                fn view_declaration(view: &$view<'_>) -> Declaration {
                    match view {
                        $( $view::$bvar(v) => <$base as Family>::view_declaration(v), )?
                        $( $view::$variant(_) => Declaration::of::<$ty>(), )+
                    }
                }

                fn view_bytes<'a>(view: &$view<'a>) -> &'a [u8]
                where
                    Self: 'a,
                {
                    match *view {
                        $( $view::$bvar(v) => <$base as Family>::view_bytes(&v), )?
                        $( $view::$variant(w) => $crate::__private::zerocopy::IntoBytes::as_bytes(w), )+
                    }
                }

                fn visit_view<V: $crate::Visitor>(
                    view: &$view<'_>,
                    v: &mut V,
                ) -> Result<(), V::Error> {
                    match view {
                        $( $view::$bvar(b) => <$base as Family>::visit_view(b, v), )?
                        $( $view::$variant(w) => <$ty>::visit(w, v), )+
                    }
                }

                #[inline]
                fn for_member<P: $crate::family::PerMember>(member: usize, f: P) -> Option<P::Output> {
                    $( if member < BASE.len() {
                        return <$base as Family>::for_member(member, f);
                    } )?
                    let mut k = BASE.len();
                    $(
                        if member == k {
                            return Option::Some(f.call::<$ty>());
                        }
                        k += 1;
                    )+
                    let _ = k;
                    Option::None
                }

                fn declaration(&self) -> Declaration {
                    match self {
                        $( $name::$bvar(b) => b.declaration(), )?
                        $( $name::$variant(_) => Declaration::of::<$ty>(), )+
                    }
                }

                fn tag(&self) -> &'static str {
                    match self {
                        $( $name::$bvar(b) => b.tag(), )?
                        $( $name::$variant(_) => stringify!($variant), )+
                    }
                }

                fn encode_into(&self, out: &mut [u8]) -> Result<(), EncodeError> {
                    match self {
                        $( $name::$bvar(b) => b.encode_into(out), )?
                        $( $name::$variant(b) => b.encode_into(out), )+
                    }
                }

                #[inline]
                fn check(&self, out: &mut $crate::Findings) {
                    match self {
                        $( $name::$bvar(b) => b.check(out), )?
                        $( $name::$variant(b) => $crate::Validate::check(b, out), )+
                    }
                }

                fn deserialize_member<'de, A: $crate::__private::serde::de::MapAccess<'de>>(
                    name: &str,
                    map: A,
                ) -> Result<Self, A::Error> {
                    use $crate::__private::serde::de::{Deserialize, Error, value::MapAccessDeserializer};
                    $(
                        if name == stringify!($variant) {
                            return <$ty as Deserialize>::deserialize(MapAccessDeserializer::new(map))
                                .map($name::$variant);
                        }
                    )+
                    if BASE_TAGS.contains(&name) {
                        return base_member(name, map);
                    }
                    Result::Err(A::Error::unknown_variant(name, &TAGS))
                }
            }

            impl $crate::__private::serde::Serialize for $name {
                fn serialize<S: $crate::__private::serde::Serializer>(
                    &self,
                    serializer: S,
                ) -> Result<S::Ok, S::Error> {
                    match self {
                        $( $name::$bvar(b) => $crate::__private::serde::Serialize::serialize(b, serializer), )?
                        $( $name::$variant(b) => $crate::family::serde_form::serialize_tagged(
                            serializer, $tag, stringify!($variant), b,
                        ), )+
                    }
                }
            }

            impl<'de> $crate::__private::serde::Deserialize<'de> for $name {
                fn deserialize<D: $crate::__private::serde::Deserializer<'de>>(
                    deserializer: D,
                ) -> Result<Self, D::Error> {
                    $crate::family::serde_form::deserialize_family::<Self, D>(deserializer)
                }
            }

            impl $name {
                /// Decodes the first bytes of `bytes` as whichever member they name
                /// ([`Family::decode`]).
                #[inline]
                pub fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
                    <Self as Family>::decode(bytes)
                }
                /// Decodes like [`decode`](Self::decode) and runs the member's validators into
                /// `out`, with one dispatch ([`Family::decode_checked`]).
                #[inline]
                pub fn decode_checked(
                    bytes: &[u8],
                    out: &mut $crate::Findings,
                ) -> Result<Self, DecodeError> {
                    <Self as Family>::decode_checked(bytes, out)
                }
                /// Reads the first bytes of `bytes` in place ([`Family::view`]).
                #[inline]
                pub fn view(bytes: &[u8]) -> Result<$view<'_>, DecodeError> {
                    <Self as Family>::view(bytes)
                }
                /// The member's name.
                pub fn name(&self) -> &'static str {
                    <Self as Family>::name(self)
                }
                /// The member's field table.
                pub fn fields(&self) -> &'static [$crate::FieldInfo] {
                    <Self as Family>::declaration(self).fields
                }
                /// Encodes into the first bytes of `out`, in place ([`Family::encode_into`]).
                pub fn encode_into(&self, out: &mut [u8]) -> Result<(), EncodeError> {
                    <Self as Family>::encode_into(self, out)
                }
                /// Encodes to an array of the family's width.
                pub fn to_bytes(&self) -> Result<[u8; WIDTH], EncodeError> {
                    let mut out = [0u8; WIDTH];
                    <Self as Family>::encode_into(self, &mut out)?;
                    Result::Ok(out)
                }
                /// Runs every validator of the member, appending its findings to `out`
                /// ([`Family::check`]); a loop reuses one buffer.
                #[inline]
                pub fn check(&self, out: &mut $crate::Findings) {
                    <Self as Family>::check(self, out)
                }
                /// Runs every validator of the member, into a new vector ([`Family::validate`]).
                pub fn validate(&self) -> $crate::Findings {
                    <Self as Family>::validate(self)
                }
            }

            impl<'a> $view<'a> {
                /// The member's name.
                pub fn name(&self) -> &'static str {
                    <$name as Family>::view_declaration(self).name
                }
                /// The member's field table.
                pub fn fields(&self) -> &'static [$crate::FieldInfo] {
                    <$name as Family>::view_declaration(self).fields
                }
                /// The bytes the view reads.
                pub fn as_bytes(&self) -> &'a [u8] {
                    <$name as Family>::view_bytes(self)
                }
                /// The first byte (a bundle's opcode).
                pub fn opcode(&self) -> u8 {
                    self.as_bytes().first().copied().unwrap_or(0)
                }
                /// Decodes every field, with every check.
                pub fn decode(&self) -> Result<$name, DecodeError> {
                    <$name as Family>::decode_view(*self)
                }
            }

            $( impl $crate::__private::core::convert::From<$ty> for $name {
                fn from(b: $ty) -> $name { $name::$variant(b) }
            } )+
        };
    };

    (@kind [] $($rest:tt)*) => {};
    (@kind [$kind:ident] $vis:vis $name:ident [$( [$(#[$doc:meta])*] $variant:ident($ty:ty), )+]) => {
        /// Which member a value is: one variant per member, without its fields.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        $vis enum $kind {
            $( $(#[$doc])* $variant, )+
        }

        impl $kind {
            /// Every member, in declaration order.
            pub const ALL: &'static [$kind] = &[$( $kind::$variant ),+];

            /// The member's declaration.
            pub const fn declaration(self) -> $crate::Declaration {
                match self {
                    $( $kind::$variant => $crate::Declaration::of::<$ty>(), )+
                }
            }

            /// The member's name.
            pub const fn name(self) -> &'static str {
                self.declaration().name
            }

            /// The member's field table.
            pub const fn fields(self) -> &'static [$crate::FieldInfo] {
                self.declaration().fields
            }

            /// Decodes the first bytes of `bytes` as this member, with every check of its
            /// declaration.
            pub fn decode_bytes(
                self,
                bytes: &[u8],
            ) -> $crate::__private::core::result::Result<$name, $crate::DecodeError> {
                match self {
                    $( $kind::$variant => <$ty as $crate::Bundle>::decode_bytes(bytes).map($name::$variant), )+
                }
            }
        }

        impl $name {
            /// Which member the value is.
            pub const fn kind(&self) -> $kind {
                match self {
                    $( $name::$variant(_) => $kind::$variant, )+
                }
            }
        }
    };

    (@base_run $member:ident, $chunk:ident, $origin:ident, $at:ident, $visit:ident, $ahead:ident) => {};
    (@base_run $member:ident, $chunk:ident, $origin:ident, $at:ident, $visit:ident, $ahead:ident, $base:ty, $wrap:path) => {
        if $member < BASE.len() {
            <$base as Family>::decode_run($member, $chunk, $origin, $at, &mut |offset, r: &Result<$base, DecodeError>| {
                $visit(offset, &r.clone().map($wrap))
            }, $ahead);
            return;
        }
    };

    (@base_follow $member:ident, $chunk:ident, $origin:ident, $from:ident, $visit:ident) => {};
    (@base_follow $member:ident, $chunk:ident, $origin:ident, $from:ident, $visit:ident, $base:ty, $wrap:path) => {
        if $member < BASE.len() {
            return <$base as Family>::decode_follow($member, $chunk, $origin, $from, &mut |offset, r: &Result<$base, DecodeError>| {
                $visit(offset, &r.clone().map($wrap))
            });
        }
    };

    (@base_decls) => { &[] };
    (@base_decls $base:ty) => { <$base as $crate::Family>::DECLARATIONS };
    (@base_tags) => { &[] };
    (@base_tags $base:ty) => { <$base as $crate::Family>::TAGS };

    (@base_fns $name:ident, $view:ident, ) => {
        fn base_decode(bytes: &[u8]) -> Result<$name, DecodeError> {
            refuse_decode(bytes)
        }
        fn base_decode_checked(
            bytes: &[u8],
            _: &mut $crate::Findings,
        ) -> Result<$name, DecodeError> {
            refuse_decode(bytes)
        }
        fn base_view(bytes: &[u8]) -> Result<$view<'_>, DecodeError> {
            refuse_view(bytes)
        }
        fn base_member<'de, A: $crate::__private::serde::de::MapAccess<'de>>(
            name: &str,
            _map: A,
        ) -> Result<$name, A::Error> {
            Result::Err(<A::Error as $crate::__private::serde::de::Error>::unknown_variant(name, &TAGS))
        }
    };
    (@base_fns $name:ident, $view:ident, $base:ty, $bvar:ident) => {
        fn base_decode(bytes: &[u8]) -> Result<$name, DecodeError> {
            <$base as Family>::decode(bytes).map($name::$bvar)
        }
        fn base_decode_checked(
            bytes: &[u8],
            out: &mut $crate::Findings,
        ) -> Result<$name, DecodeError> {
            <$base as Family>::decode_checked(bytes, out).map($name::$bvar)
        }
        fn base_view(bytes: &[u8]) -> Result<$view<'_>, DecodeError> {
            <$base as Family>::view(bytes).map($view::$bvar)
        }
        fn base_member<'de, A: $crate::__private::serde::de::MapAccess<'de>>(
            name: &str,
            map: A,
        ) -> Result<$name, A::Error> {
            <$base as Family>::deserialize_member(name, map).map($name::$bvar)
        }
    };
}
