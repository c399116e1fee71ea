//! A family: the members of one kind of instruction stream — 64-byte bundles told apart by
//! their opcode byte, or 32-bit words told apart by mask/match — declared once with
//! [`family!`](crate::family!), by the built-in ISA and by any user crate alike.
//!
//! A family gives what a disassembler, a checker and the `isa` command need: one enum over
//! every member, zero-copy views, [`Family::decode`] by identity, a walker over a stream, the
//! member list with its field tables ([`Family::DECLARATIONS`]), and a serde form tagged with
//! the member's name. Two members that can match the same bytes, or a member of the wrong size,
//! do not compile, and the error names both members. A family can extend another (the
//! built-in ops plus a user's) without restating it.

mod batch;
mod declaration;
mod macros;
#[doc(hidden)]
pub mod serde_form;
mod walk;

pub use batch::CHUNK;
#[doc(hidden)]
pub use batch::{decode_run_of, follow_run_of};
pub use declaration::{
    Declaration, after_base, by_opcode, check_members, concat, identities_collide, known_opcodes,
    opcode_table,
};
pub use walk::{Located, Trailing, Walk};

use crate::error::{DecodeError, EncodeError, Location, Problem};
use crate::validate::Findings;

/// Work generic over a member's bundle type, run by [`Family::for_member`] with the type of the
/// member an index names.
pub trait PerMember {
    /// What the work gives.
    type Output;

    /// Does the work for members of type `B`.
    fn call<B: crate::Bundle>(self) -> Self::Output;
}

/// What [`Family::visit_batch`] shows a stream's members to, each with its type: code generic
/// over the type has one body per member, in which everything about the member's layout is a
/// constant, and runs in a loop of its own over the member's group.
pub trait BatchVisitor {
    /// The bytes at `offset`, which carry the identity of member `member` of
    /// [`Family::DECLARATIONS`], a `B`: [`Family::WIDTH`] bytes, not yet checked further.
    fn member<B: crate::Bundle>(&mut self, member: usize, offset: usize, bytes: &[u8]);

    /// The bundles of member `member` of one chunk of the stream, each a `B`, as `(offset,
    /// bytes)` in the order [`BatchVisitor::member`] would see them, which is what this does
    /// unless overridden: a visitor with state of its own per member overrides it to find that
    /// state once for the group, not once a bundle.
    #[inline]
    fn group<'a, B: crate::Bundle>(
        &mut self,
        member: usize,
        bundles: impl Iterator<Item = (usize, &'a [u8])>,
    ) {
        for (offset, bytes) in bundles {
            self.member::<B>(member, offset, bytes);
        }
    }

    /// The bytes at `offset`, which no member claims.
    fn unclaimed(&mut self, offset: usize);
}

/// One kind of instruction stream, declared with [`family!`](crate::family!).
pub trait Family: Sized + Clone + std::fmt::Debug + 'static {
    /// Bytes per member: 64 for a bundle family, 4 for a word family.
    const WIDTH: usize;
    /// Whether members are told apart by mask/match (32-bit words) rather than an opcode byte.
    const WORDS: bool;
    /// The JSON member that names the member: `"op"` for bundles, `"word"` for words.
    const TAG: &'static str;
    /// Every member, in dispatch order (a base family's first).
    const DECLARATIONS: &'static [Declaration];
    /// The name of every member in the serde form (its variant name), in the order of
    /// [`Family::DECLARATIONS`].
    const TAGS: &'static [&'static str];

    /// Every opcode a member claims, ascending (empty for a word family).
    const KNOWN_OPCODES: &'static [u8];

    /// A member read in place: the wire struct of whichever member the identity names.
    type View<'a>: Copy + std::fmt::Debug;

    /// The index in [`Family::DECLARATIONS`] of the member whose identity `bytes` carries.
    fn member_index(bytes: &[u8]) -> Option<usize>;

    /// Decodes the first [`Family::WIDTH`] bytes as whichever member they name, with every check
    /// of its declaration.
    fn decode(bytes: &[u8]) -> Result<Self, DecodeError>;

    /// Reads the first [`Family::WIDTH`] bytes in place as whichever member they name. Only the
    /// identity and the length are checked; fields decode on demand.
    fn view(bytes: &[u8]) -> Result<Self::View<'_>, DecodeError>;

    /// Decodes a view, with every check.
    fn decode_view(view: Self::View<'_>) -> Result<Self, DecodeError>;

    /// The declaration of a view's member.
    fn view_declaration(view: &Self::View<'_>) -> Declaration;

    /// The bytes a view reads.
    fn view_bytes<'a>(view: &Self::View<'a>) -> &'a [u8]
    where
        Self: 'a;

    /// Shows every logical field of a view's member to `v`, read in place
    /// ([`Bundle::visit`](crate::Bundle::visit)).
    fn visit_view<V: crate::visit::Visitor>(
        view: &Self::View<'_>,
        v: &mut V,
    ) -> Result<(), V::Error>;

    /// Runs `f` with the bundle type of member `member` of [`Family::DECLARATIONS`]; `None` when
    /// there is no such member.
    fn for_member<P: PerMember>(member: usize, f: P) -> Option<P::Output>;

    /// The declaration of the value's member.
    fn declaration(&self) -> Declaration;

    /// The member's name in the serde form (its variant name).
    fn tag(&self) -> &'static str;

    /// The member's name.
    fn name(&self) -> &'static str {
        self.declaration().name
    }

    /// Encodes into the first [`Family::WIDTH`] bytes of `out`, in place (every byte written).
    fn encode_into(&self, out: &mut [u8]) -> Result<(), EncodeError>;

    /// Encodes to a byte vector of [`Family::WIDTH`] bytes.
    fn to_bytes(&self) -> Result<Vec<u8>, EncodeError> {
        let mut out = vec![0u8; Self::WIDTH];
        self.encode_into(&mut out)?;
        Ok(out)
    }

    /// Runs every validator of the member, appending its findings to `out`
    /// ([`Validate::check`](crate::Validate::check)): nothing is allocated beyond `out`'s growth.
    fn check(&self, out: &mut Findings);

    /// Decodes like [`Family::decode`] and, when the bundle decodes, runs its member's
    /// validators into `out` like [`Family::check`]: the same result and the same findings as
    /// the two calls, with one dispatch on the identity instead of two. On a stream of mixed
    /// members each dispatch is a jump the processor mispredicts, so a loop that validates
    /// one bundle at a time pays one instead of two. Nothing is appended when decoding fails.
    fn decode_checked(bytes: &[u8], out: &mut Findings) -> Result<Self, DecodeError> {
        let decoded = Self::decode(bytes);
        if let Ok(member) = &decoded {
            member.check(out);
        }
        decoded
    }

    /// Runs every validator of the member, into a new vector (built on [`Family::check`]).
    fn validate(&self) -> Findings {
        let mut out = Vec::new();
        self.check(&mut out);
        out
    }

    /// Reads member `name` from the rest of a tagged map (the serde form); an unknown name is
    /// refused with every name the family knows.
    fn deserialize_member<'de, A: serde::de::MapAccess<'de>>(
        name: &str,
        map: A,
    ) -> Result<Self, A::Error>;

    /// Walks a buffer in place: every member (or why it is none), then, when the length is not
    /// a multiple of [`Family::WIDTH`], one [`Trailing`] report. Nothing is copied or dropped.
    fn walk(stream: &[u8]) -> Walk<'_, Self> {
        Walk::new(stream)
    }

    /// Decodes every member of a buffer, with every check, and shows each to `visit` with its
    /// byte offset: the decoded value, or why the bytes are no member (nothing is dropped). The
    /// result is lent, built in place for the call (clone it to keep it). When
    /// the length is not a multiple of [`Family::WIDTH`], the bytes past the last whole member
    /// are returned as a [`Trailing`] report.
    ///
    /// The fast way to decode a long stream. The buffer is taken [`CHUNK`] members at a time,
    /// and each member's decoder runs in a loop of its own instead of a dispatch per member.
    /// Within a chunk of a bundle family, the members are visited in stream order, run by run,
    /// up to the end of the chunk's first short run (a run of one member of fewer than 16
    /// members, neither the chunk's first run nor its last); the rest of the chunk is visited
    /// grouped by member (in [`Family::DECLARATIONS`] order, those no member claims last), each
    /// group in stream order. So a stream of long runs is visited in stream order throughout. A
    /// word family's chunks are visited grouped. Chunks are visited in stream order. A caller
    /// that needs stream order throughout sorts by the offset, or uses [`Family::walk`].
    fn decode_batch<V: FnMut(usize, &Result<Self, DecodeError>)>(
        stream: &[u8],
        visit: V,
    ) -> Option<Trailing> {
        batch::decode_batch::<Self, V>(stream, visit)
    }

    /// Shows every member of a buffer to `v` with its byte offset and its type, as
    /// [`Family::decode_batch`] shows them (in runs up to a chunk's first short run, grouped by
    /// member after it), without decoding it: [`BatchVisitor::member`] is called in a
    /// loop of its own per member and group, [`BatchVisitor::unclaimed`] for the bytes no member
    /// claims. The bytes past the last whole member are returned as a [`Trailing`] report.
    fn visit_batch<V: BatchVisitor>(stream: &[u8], v: &mut V) -> Option<Trailing> {
        batch::visit_batch::<Self, V>(stream, v)
    }

    /// Hands `visit` every member of `chunk` at the indices `at` (in members), decoded as member
    /// `member` of [`Family::DECLARATIONS`] (an index past them refuses each as unknown), with
    /// `origin` added to each offset, calling `ahead` once before each: the inner loop of
    /// [`Family::decode_batch`], which reads the next chunk's identities in `ahead`.
    #[doc(hidden)]
    fn decode_run<V: FnMut(usize, &Result<Self, DecodeError>), A: FnMut() -> bool>(
        member: usize,
        chunk: &[u8],
        origin: usize,
        at: &[u32],
        visit: &mut V,
        ahead: &mut A,
    );

    /// Hands `visit` the member of `chunk` at index `from` (in members), decoded as member
    /// `member` of [`Family::DECLARATIONS`] (an index past them refuses it as unknown), and every
    /// one after it of the same member, up to the chunk's end, with `origin` added to each
    /// offset: the inner loop of [`Family::decode_batch`] on a stream in long runs. Returns the
    /// index of the first member it did not take.
    #[doc(hidden)]
    fn decode_follow<V: FnMut(usize, &Result<Self, DecodeError>)>(
        member: usize,
        chunk: &[u8],
        origin: usize,
        from: usize,
        visit: &mut V,
    ) -> usize;
}

/// What a member of `F` is called in messages: "word" or "bundle".
pub(crate) const fn member_kind<F: Family>() -> &'static str {
    if F::WORDS { "word" } else { "bundle" }
}

/// The error for bytes no member of `F` claims.
#[cold]
pub fn unknown<F: Family>(bytes: &[u8], known_opcodes: &'static [u8]) -> DecodeError {
    let at = Location {
        op: member_kind::<F>(),
        field: if F::WORDS { "identity" } else { "opcode" },
        inner: None,
        offset: 0,
    };
    let problem = match bytes.first_chunk::<4>() {
        Some(w) if F::WORDS => Problem::UnknownWord {
            word: u32::from_le_bytes(*w),
        },
        _ => Problem::UnknownOpcode {
            opcode: bytes.first().copied().unwrap_or(0),
            expected: known_opcodes,
        },
    };
    DecodeError::new(at, problem)
}

/// The error for a buffer shorter than one member of `F`.
#[cold]
pub fn truncated<F: Family>(available: usize) -> DecodeError {
    DecodeError::new(
        Location {
            op: member_kind::<F>(),
            field: member_kind::<F>(),
            inner: None,
            offset: 0,
        },
        Problem::Truncated {
            needed: F::WIDTH,
            available,
        },
    )
}
