//! The assembler of the listing: what `isa decode` prints, read back to the very bytes it came
//! from, for any ISA. Nothing here is written per op: a line's member is found by its name in
//! the family's declarations, its fields are read by the member's own serde form (the values
//! asked for by type, `de.rs`), and the field table says which fields there are, where each sits
//! and which may be left out (`fields.rs`). A user's family assembles as the built-in one does.
//!
//! A line of a stream of bundles:
//!
//! ```text
//! [OFFSET [OPCODE]]  NAME  field=value …          [; comment]
//! [OFFSET [OPCODE]]  (bad)  bytes=HEX             [; reason]
//! [OFFSET]  (trailing)  bytes=HEX                 [; reason]
//! ```
//!
//! and of a stream of 32-bit words (`--word32`), where a TSHUF block is a header line over the
//! lines of its words:
//!
//! ```text
//! [OFFSET]  block  BSTART.SFU TSHUF, U32; …; BSTOP        the header of a block: no bytes
//! [OFFSET]  (bad block)  N words                          the header of a block that does not compose
//! [OFFSET]  [(stray)]  [WORD]  NAME  field=value …        a word
//! [OFFSET]  [(stray)]  [WORD]  (unknown)  bytes=HEX       raw bytes; `(bad NAME)`, `(trailing)` too
//! BSTART.SFU TSHUF, U32; …; BSTOP                         a block in assembly text, all its words
//! ```
//!
//! - The columns are optional and checked when present: `OFFSET` (the line's byte offset, in
//!   hexadecimal after `0x` or in decimal) by the rule every record follows, each where the ones
//!   before it end ([`crate::encode::Tally`]); `OPCODE` (the opcode byte) and `WORD` (the whole
//!   32-bit word) against what the line encodes to.
//! - Fields are `name=value` pairs separated by blanks, in any order, each value right after its
//!   `=`; the values as the listing writes them (`de.rs`). A field left out takes its declared default where the declaration
//!   gives one (the sync band: zero, see `fields::has_default`); every other field is
//!   required, and a line without it is refused with the field's name and byte. Reserved bytes
//!   are never written on a line: they are zero.
//! - Raw bytes are written back byte for byte, whatever they are: that is how a listing carries
//!   what has no typed form, so `isa decode S | isa encode - -o T` gives T equal to S, corrupted
//!   streams included. In a word stream, the header lines give no bytes: the word lines under
//!   them do, so a block whose words would not come back from its assembly text (a fixed field
//!   set) still comes back whole.
//! - `;` and `#` start a comment (after the block of a header or a line of assembly text, `;`
//!   separates words); blank lines and comment lines are skipped. A line may mix with JSON
//!   Lines records: a line that starts with `{` is one.
//!
//! Every error names the line, the column and the token, and says the fix ([`ListingError`]):
//! an unknown field names the nearest declared ones, a value out of range states the range and
//! the field's byte, an unknown table name lists the table's names. A whole listing is read by
//! [`crate::text::assemble`]; one line, with [`crate::encode::read_line`].

mod de;
mod error;
mod fields;
mod line;

pub use error::ListingError;
pub(crate) use line::read;
