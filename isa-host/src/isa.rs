//! What the front-ends are built for: an ISA — a family of bundles and a family of 32-bit words,
//! each declared with [`isa_core::family!`] — and how its word streams are read. The `isa`
//! binary is the command on [`BuiltIn`], and `isa_bundles` the Python module on it; a user's
//! crate gets every command for its own ISA with `fn main() -> ExitCode {
//! isa_cli::main::<MyIsa>() }`, and its Python module with `isa_py::register::<MyIsa>(m)`.

pub use crate::members::Members;
use crate::word_stream::{WordDecoder, WordReader};

/// An instruction set the command works on.
pub trait Isa: 'static {
    /// The command's name: its help, usage, messages and generated files all say this one.
    const COMMAND: &'static str = "isa";
    /// The reference's opening paragraphs (markdown, after the title of `doc`'s `index.md`):
    /// what the instruction set is and where its declarations come from. The default says only
    /// what every reference holds and how to read its confidence column.
    const PREFACE: &'static str = concat!(
        "Every bundle and every 32-bit word of the instruction set, from its declarations. ",
        "Each page gives the field table (offset, width or bit range, type and lookup table, ",
        "the confidence the declaration states for the position, and its note) and a register ",
        "diagram. Bits no field claims are reserved: encoding writes zero there and decoding ",
        "refuses anything else.\n\n",
        "Confidence: CONFIRMED, a store or compare seen byte-exact; STRONG, a validator, table ",
        "or name cross-reference; INFERRED, implied with no direct store (the note names the ",
        "reading); SPECULATIVE, a guess; not stated, the declaration gives no confidence.\n\n"
    );
    /// The heading of the reference index's bundle section. The default names only the shape.
    const OPS_HEADING: &'static str = "Ops: 64-byte bundles";
    /// The heading of the reference index's word section.
    const WORDS_HEADING: &'static str = "Words: 32-bit words";
    /// The paragraph under [`Isa::WORDS_HEADING`] (markdown, ending in a blank line).
    const WORDS_INTRO: &'static str =
        "A word is of a type when `word & mask == match`; no two types can match one word.\n\n";
    /// What a word is, opening each word's page: "{WORD_LEAD}: a word is B.SCALE when …".
    const WORD_LEAD: &'static str = "A 32-bit word";
    /// The bundle family (`decode`, `encode`, `validate`, `stats` without `--word32`). Running a
    /// stream asks more of it: every member has [`isa_sim::Execute`], through
    /// [`isa_sim::execute_family!`]; an ISA that is only decoded needs no meaning.
    type Bundles: Members;
    /// The 32-bit word family (with `--word32`).
    type Words: Members;

    /// How a `--word32` stream is read. The default lists every word on its own; an ISA whose
    /// words form TSHUF blocks (the PTO words of the built-in ISA, or a family that extends
    /// them) returns [`WordReader`].
    fn word_decoder() -> Box<dyn WordDecoder> {
        Box::new(WordReader::<Self::Words>::each_word())
    }

    /// The calls a kernel makes on this ISA ([`crate::kernel`]): each runs one instruction's
    /// lowering and gives its bundles. The default is the built-in ISA's calls, whose bundles
    /// every family that extends the built-in ops decodes; a family of its own returns its own
    /// (or none), and one that extends the built-in ops adds its calls to
    /// [`kernel::builtin::calls`](crate::kernel::builtin::calls).
    fn calls() -> Vec<crate::kernel::Call> {
        crate::kernel::builtin::calls()
    }
}

/// The built-in ISA: every op of the seeds ([`isa_ops::Op`]) and the PTO block words
/// ([`isa_ops::pto::Word`]), whose streams are read as TSHUF blocks.
#[derive(Debug, Clone, Copy, Default)]
pub struct BuiltIn;

impl Isa for BuiltIn {
    const PREFACE: &'static str = concat!(
        "Every bundle and every 32-bit word of the instruction set, from its declarations ",
        "(for the built-in ISA, `isa-ops`: the ops of seeds 000-001 and the PTO tile ISA's ",
        "block words of seed 004). Each page gives the field table (offset, width or bit range, ",
        "type and lookup table, the confidence of the position, and the reading taken where the ",
        "seeds are silent) and a register diagram. Bits no field claims are reserved: encoding ",
        "writes zero there and decoding refuses anything else.\n\n",
        "Confidence (seed tags): CONFIRMED, a store or compare seen byte-exact; STRONG, a ",
        "validator, table or name cross-reference; INFERRED, implied with no direct store (the ",
        "note names the reading); SPECULATIVE, a guess.\n\n",
        "Public notes: where a public source outside the seeds (reverse-engineering notes of ",
        "the vendor's shipped ISA headers) agrees with a position, the column names it; where it ",
        "places a field differently, the column says what it says and the diagram outlines the ",
        "field in red. The bytes always follow the seeds; a declaration's module docs say which ",
        "one attribute a reader who trusts the source would change.\n\n"
    );
    const OPS_HEADING: &'static str = "Ops: 64-byte bundles (seeds 000, 001)";
    const WORDS_HEADING: &'static str = "Block words: 32-bit PTO words (seed 004)";
    const WORDS_INTRO: &'static str = concat!(
        "A PTO instruction is a block of these words (TSHUF: `BSTART.SFU TSHUF, DataType`, ",
        "optional `B.DATR` and `B.DIM`, `B.IOT`, `B.IOR`, `BSTOP`). A word is of a type when ",
        "`word & mask == match`; no two types can match one word.\n\n"
    );
    const WORD_LEAD: &'static str = "A 32-bit block word of the PTO tile ISA (seed 004)";
    type Bundles = isa_ops::Op;
    type Words = isa_ops::pto::Word;

    fn word_decoder() -> Box<dyn WordDecoder> {
        Box::new(WordReader::<Self::Words>::tshuf_blocks())
    }
}
