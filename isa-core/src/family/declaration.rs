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
/// fails the build with a message naming the member, or both members; `family` is the name the
/// declaration gives the family whose size the members keep (its base, when it extends one).
pub const fn check_members(members: &[Declaration], width: usize, words: bool, family: &str) {
    if let Some(msg) = first_broken_rule(members, width, words, family) {
        panic!("{}", msg.as_str());
    }
}

/// The message of the first rule `members` break, if any (see [`check_members`]).
const fn first_broken_rule(
    members: &[Declaration],
    width: usize,
    words: bool,
    family: &str,
) -> Option<Message> {
    let mut i = 0;
    while i < members.len() {
        let m = &members[i];
        if m.size != width {
            return Some(size_mismatch(m, family, width));
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
                    word_overlap(&members[j], m)
                } else {
                    opcode_clash(opcode, &members[j], m, members)
                });
            }
            j += 1;
        }
        i += 1;
    }
    None
}

/// "TensorMax is 32 bytes; the members of isa_ops::Op are 64": a member of another size than
/// the family's.
const fn size_mismatch(member: &Declaration, family: &str, width: usize) -> Message {
    Message::new()
        .push(member.name)
        .push(" is ")
        .push_dec(member.size as u64)
        .push(" bytes; the members of ")
        .push(family)
        .push(" are ")
        .push_dec(width as u64)
}

/// "opcode 0x41 is claimed by both TensorTensor and TensorMin; the nearest opcodes no member
/// claims are 0x40, 0x42, 0x44, 0x45": two members of a bundle family share an opcode.
const fn opcode_clash(
    opcode: u8,
    first: &Declaration,
    second: &Declaration,
    members: &[Declaration],
) -> Message {
    let mut msg = Message::new()
        .push("opcode ")
        .push_code(opcode)
        .push(" is claimed by both ")
        .push(first.name)
        .push(" and ")
        .push(second.name);
    let (free, n) = nearest_free(members, opcode);
    if n == 0 {
        return msg.push("; every opcode is claimed");
    }
    msg = msg.push("; the nearest opcodes no member claims are ");
    let mut k = 0;
    while k < n {
        if k > 0 {
            msg = msg.push(", ");
        }
        msg = msg.push_code(free[k]);
        k += 1;
    }
    msg
}

/// Up to four opcodes no member of `members` claims, the nearest to `opcode` (the lower first
/// at equal distance), in ascending order, and how many there are.
const fn nearest_free(members: &[Declaration], opcode: u8) -> ([u8; 4], usize) {
    let (table, at) = (opcode_table(members), opcode as usize);
    let (mut free, mut n, mut distance) = ([0u8; 4], 0, 1);
    while n < free.len() && distance < 256 {
        if distance <= at && table[at - distance] == 0 {
            free[n] = (at - distance) as u8;
            n += 1;
        }
        if at + distance < 256 && table[at + distance] == 0 && n < free.len() {
            free[n] = (at + distance) as u8;
            n += 1;
        }
        distance += 1;
    }
    // Ascending: a short insertion sort (const fn has no `sort`).
    let mut i = 1;
    while i < n {
        let mut k = i;
        while k > 0 && free[k - 1] > free[k] {
            let t = free[k];
            free[k] = free[k - 1];
            free[k - 1] = t;
            k -= 1;
        }
        i += 1;
    }
    (free, n)
}

/// "B.DIM LB0 and B.WIDE have identities one word can match (0x00001043 matches both); make
/// their mask/match pairs disjoint": two members of a word family overlap. The example word is
/// the first one's match with the second one's bits outside the first mask.
const fn word_overlap(first: &Declaration, second: &Declaration) -> Message {
    let msg = Message::new()
        .push(first.name)
        .push(" and ")
        .push(second.name)
        .push(" have identities one word can match");
    let example = match (first.identity, second.identity) {
        (
            Identity::MaskMatch {
                mask: ma,
                value: va,
            },
            Identity::MaskMatch { value: vb, .. },
        ) => va | (vb & !ma),
        _ => return msg.push("; make their mask/match pairs disjoint"),
    };
    msg.push(" (")
        .push_word(example)
        .push(" matches both); make their mask/match pairs disjoint")
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

/// A per-member table of a family that extends another: `base` (the one entry that goes through
/// the base family) for each of the base's members, then `own`, one entry per own member.
pub const fn after_base<T: Copy, const N: usize>(base: T, own: &[T]) -> [T; N] {
    assert!(own.len() <= N, "the member count covers the own members");
    let mut out = [base; N];
    let mut k = 0;
    while k < own.len() {
        out[N - own.len() + k] = own[k];
        k += 1;
    }
    out
}

/// A per-member table spread over the opcode bytes of `opcodes` ([`opcode_table`]): each
/// claimed opcode gets its member's entry, every other byte `refuse`.
pub const fn by_opcode<T: Copy, const N: usize>(
    opcodes: &[u16; 256],
    members: &[T; N],
    refuse: T,
) -> [T; 256] {
    let mut out = [refuse; 256];
    let mut opcode = 0;
    while opcode < 256 {
        if opcodes[opcode] != 0 {
            out[opcode] = members[opcodes[opcode] as usize - 1];
        }
        opcode += 1;
    }
    out
}

/// `base` followed by `own`: the member list (or any per-member list) of a family that extends
/// another ([`after_base`] with the base's own entries). `filler` only initialises the array;
/// every slot is overwritten.
pub const fn concat<T: Copy, const N: usize>(base: &[T], own: &[T], filler: T) -> [T; N] {
    assert!(
        base.len() + own.len() == N,
        "the member count is the sum of both lists"
    );
    let mut out = after_base::<T, N>(filler, own);
    let mut i = 0;
    while i < base.len() {
        out[i] = base[i];
        i += 1;
    }
    out
}
