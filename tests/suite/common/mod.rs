//! What the property and mutation tests share: reading a field-table row's bits out of a bundle,
//! and checking that a decode error sits where the field table says its field is.
#![allow(dead_code)]

use isa::core::{DecodeError, FieldInfo, FieldKind, Problem};
use isa::ops::DECLARATIONS;
use isa::ops::dispatch::Declaration;

/// The declaration named `name`.
pub fn declaration(name: &str) -> Option<&'static Declaration> {
    DECLARATIONS.iter().find(|d| d.name == name)
}

/// The declaration that claims `opcode`.
pub fn claimant(opcode: u8) -> Option<&'static Declaration> {
    DECLARATIONS.iter().find(|d| d.opcodes().contains(&opcode))
}

/// Bits `first..=last` of `bytes` (bit 0 is the low bit of byte 0), at most 64 of them.
pub fn read_bits(bytes: &[u8], first: usize, last: usize) -> u64 {
    (first..=last).enumerate().fold(0, |acc, (k, bit)| {
        let on = bytes.get(bit / 8).is_some_and(|b| b >> (bit % 8) & 1 == 1);
        if on && k < 64 { acc | 1 << k } else { acc }
    })
}

/// The raw code of row `f` in `bytes`.
pub fn raw(bytes: &[u8], f: &FieldInfo) -> u64 {
    read_bits(bytes, f.first_bit(), f.last_bit())
}

/// The bytes row `f` touches.
pub fn byte_extent(f: &FieldInfo) -> core::ops::RangeInclusive<usize> {
    f.first_bit() / 8..=f.last_bit() / 8
}

/// Whether some row that carries bits (a value, the opcode, a constant) claims absolute `bit`.
pub fn claimed(fields: &[FieldInfo], bit: usize) -> bool {
    fields.iter().any(|f| {
        !matches!(f.kind, FieldKind::Reserved) && (f.first_bit()..=f.last_bit()).contains(&bit)
    })
}

/// Checks that `e`, an error of decoding a bundle as `decl`, names a row of `decl`'s field
/// table and an offset inside that row's bytes; a reserved-bits error names a byte whose set
/// bits include unclaimed ones and says which.
pub fn located(decl: &Declaration, e: &DecodeError) -> Result<(), String> {
    let at = e.at;
    if at.op != decl.name {
        return Err(format!("{e}: the error names op {}", at.op));
    }
    if let Problem::ReservedNonZero { value, mask } = e.problem {
        let unclaimed = (0..8)
            .filter(|b| !claimed(decl.fields, at.offset * 8 + b))
            .fold(0u8, |m, b| m | 1 << b);
        return if at.field == "reserved" && at.offset < 64 && mask == unclaimed && value & mask != 0
        {
            Ok(())
        } else {
            Err(format!(
                "{e}: byte {:#04x}'s unclaimed bits are {unclaimed:#04x}",
                at.offset
            ))
        };
    }
    match decl.fields.iter().find(|f| f.name == at.field) {
        Some(f) if byte_extent(f).contains(&at.offset) => Ok(()),
        Some(f) => Err(format!(
            "{e}: field `{}` spans bytes {:?}",
            f.name,
            byte_extent(f)
        )),
        None => Err(format!("{e}: no field `{}` in the table", at.field)),
    }
}
