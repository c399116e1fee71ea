//! One member of a family as the dispatch and the tools see it, and the compile-time rules a
//! family's member list must keep.

use crate::__private::Message;
use crate::bundle::{Bundle, FieldInfo, Identity, LayoutStatus};

/// One declared layout as the dispatch, the command and the reference see it: what a
/// `#[derive(Bundle)]` declaration states about itself, without its Rust types.
#[derive(Debug, Clone, Copy)]
pub struct Declaration {
    /// The op's or word's name (`TensorTensor`, `B.DIM LB0`).
    pub name: &'static str,
    /// The specification's wire-struct name (`s3d3_tt`), or "".
    pub wire_name: &'static str,
    /// How it is recognised on the wire: its opcodes, or `word & mask == match`.
    pub identity: Identity,
    /// Size in bytes.
    pub size: usize,
    /// Its field table.
    pub fields: &'static [FieldInfo],
    /// Whether its field map is recovered.
    pub layout: LayoutStatus,
}

impl Declaration {
    /// A placeholder with no identity, to initialise arrays of declarations in constants.
    pub const EMPTY: Declaration = Declaration {
        name: "",
        wire_name: "",
        identity: Identity::Nested,
        size: 0,
        fields: &[],
        layout: LayoutStatus::Recovered,
    };

    /// The declaration of bundle type `B`.
    pub const fn of<B: Bundle>() -> Self {
        Declaration {
            name: B::NAME,
            wire_name: B::WIRE_NAME,
            identity: B::IDENTITY,
            size: B::SIZE,
            fields: B::FIELDS,
            layout: B::LAYOUT,
        }
    }

    /// The opcodes it claims (none for a mask/match word).
    pub const fn opcodes(&self) -> &'static [u8] {
        match self.identity {
            Identity::Opcodes(ops) => ops,
            Identity::MaskMatch { .. } | Identity::Nested => &[],
        }
    }

    /// Whether this is a mask/match word layout.
    pub const fn is_word(&self) -> bool {
        matches!(self.identity, Identity::MaskMatch { .. })
    }

    /// Whether the first bytes of `bytes` carry this declaration's identity.
    #[inline]
    pub fn matches(&self, bytes: &[u8]) -> bool {
        self.identity.matches(bytes)
    }
}

/// Whether some bytes carry both identities: a shared opcode (returned), or two mask/match
/// pairs whose common bits agree (what TableGen calls a decoding conflict; returned as 0).
pub const fn identities_collide(a: &Identity, b: &Identity) -> Option<u8> {
    match (*a, *b) {
        (Identity::Opcodes(x), Identity::Opcodes(y)) => {
            let mut i = 0;
            while i < x.len() {
                let mut j = 0;
                while j < y.len() {
                    if x[i] == y[j] {
                        return Some(x[i]);
                    }
                    j += 1;
                }
                i += 1;
            }
            None
        }
        (
            Identity::MaskMatch {
                mask: ma,
                value: va,
            },
            Identity::MaskMatch {
                mask: mb,
                value: vb,
            },
        ) => {
            if (va ^ vb) & ma & mb == 0 {
                Some(0)
            } else {
                None
            }
        }
        _ => None,
    }
}

/// Checks the rules every family's member list keeps, when the family compiles: every member
/// has an identity of the family's kind (opcodes for a bundle family, mask/match for a word
/// family) and the family's width, and no two members can match the same bytes. A broken rule
/// fails the build with a message naming the member, or both members.
pub const fn check_members(members: &[Declaration], width: usize, words: bool) {
    if let Some(msg) = first_broken_rule(members, width, words) {
        panic!("{}", msg.as_str());
    }
}

/// The message of the first rule `members` break, if any (see [`check_members`]).
const fn first_broken_rule(members: &[Declaration], width: usize, words: bool) -> Option<Message> {
    let mut i = 0;
    while i < members.len() {
        let m = &members[i];
        if m.size != width {
            return Some(
                Message::new()
                    .push(m.name)
                    .push(" is not as wide as the family's first member: every member of a family has one size"),
            );
        }
        let fits = match m.identity {
            Identity::Opcodes(_) => !words,
            Identity::MaskMatch { .. } => words,
            Identity::Nested => false,
        };
        if !fits {
            return Some(Message::new().push(m.name).push(if words {
                " has no mask/match identity: a word family's members are declared with `mask` and `match`"
            } else {
                " has no opcodes: a bundle family's members are declared with `opcodes = [..]`"
            }));
        }
        let mut j = 0;
        while j < i {
            if let Some(opcode) = identities_collide(&members[j].identity, &m.identity) {
                return Some(if words {
                    Message::new()
                        .push(members[j].name)
                        .push(" and ")
                        .push(m.name)
                        .push(" have identities one word can match; make their mask/match pairs disjoint")
                } else {
                    Message::new()
                        .push("opcode ")
                        .push_code(opcode)
                        .push(" is claimed by both ")
                        .push(members[j].name)
                        .push(" and ")
                        .push(m.name)
                        .push("; an opcode shared by two producers is declared once, on their shared layout")
                });
            }
            j += 1;
        }
        i += 1;
    }
    None
}

/// Opcode → 1 + index of the member that claims it (0: none), for a bundle family whose
/// members [`check_members`] has accepted.
pub const fn opcode_table(members: &[Declaration]) -> [u16; 256] {
    let mut table = [0u16; 256];
    let mut d = 0;
    while d < members.len() {
        let ops = members[d].opcodes();
        let mut k = 0;
        while k < ops.len() {
            table[ops[k] as usize] = d as u16 + 1;
            k += 1;
        }
        d += 1;
    }
    table
}

/// Every opcode of `table`, ascending, and how many there are.
pub const fn known_opcodes(table: &[u16; 256]) -> ([u8; 256], usize) {
    let mut out = [0u8; 256];
    let (mut i, mut n) = (0, 0);
    while i < 256 {
        if table[i] != 0 {
            out[n] = i as u8;
            n += 1;
        }
        i += 1;
    }
    (out, n)
}

/// `base` followed by `own`: the member list (or any per-member list) of a family that extends
/// another. `filler` only initialises the array; every slot is overwritten.
pub const fn concat<T: Copy, const N: usize>(base: &[T], own: &[T], filler: T) -> [T; N] {
    assert!(
        base.len() + own.len() == N,
        "the member count is the sum of both lists"
    );
    let mut out = [filler; N];
    let mut i = 0;
    while i < base.len() {
        out[i] = base[i];
        i += 1;
    }
    let mut k = 0;
    while k < own.len() {
        out[i + k] = own[k];
        k += 1;
    }
    out
}
