//! The fields of one member on a listing line, `name=value` pairs separated by blanks, handed to
//! the family's serde form ([`isa_core::family::serde_form::read_member`]) as the map it reads:
//! the member's own `Deserialize` asks for each value by its type, and the field table says
//! which names there are, where each sits, and which may be left out.

use isa_core::family::Declaration;
use isa_core::{FieldInfo, FieldKind};
use serde::de::value::BorrowedStrDeserializer;
use serde::de::{DeserializeSeed, MapAccess};

use super::de::{Cursor, Value, Zero, starts_comment};
use super::error::{Fault, unknown};

/// The fields of `decl` from the cursor to the end of the line, as a serde map.
pub(crate) struct Fields<'c, 'a> {
    cur: &'c mut Cursor<'a>,
    decl: &'static Declaration,
    /// Bit `i` set: row `i` of the field table was given (or defaulted).
    seen: u128,
    /// The row whose value is read next; `None` when it is a default.
    row: Option<&'static FieldInfo>,
    /// Where the search for the next field's row starts.
    next: usize,
}

impl<'c, 'a> Fields<'c, 'a> {
    /// The fields of `decl` from the cursor on.
    pub(crate) fn new(cur: &'c mut Cursor<'a>, decl: &'static Declaration) -> Self {
        Fields {
            cur,
            decl,
            seen: 0,
            row: None,
            next: 0,
        }
    }
}

/// Whether a row is a field of the member's serde form: a value, or the opcode where the member
/// has several.
fn is_field(row: &FieldInfo) -> bool {
    match row.kind {
        FieldKind::Value | FieldKind::Opcode => true,
        FieldKind::Constant(_) | FieldKind::Reserved | FieldKind::Identity { .. } => false,
    }
}

/// The field rows of `decl`, with their index in its table.
fn field_rows(
    decl: &'static Declaration,
) -> impl Iterator<Item = (usize, &'static FieldInfo)> + Clone {
    decl.fields
        .iter()
        .enumerate()
        .filter(|(_, row)| is_field(row))
}

/// Whether a field left out of a line takes a default, and it is zero: the one field every
/// 64-byte bundle's declaration carries in its header, the sync band at 0x04, whose zero is "no
/// wait, no semaphore update". Every other field is required, so that a line says what it
/// encodes; reserved bytes are not fields and are always zero.
pub(crate) fn has_default(row: &FieldInfo) -> bool {
    row.kind == FieldKind::Value && row.ty.rsplit("::").next() == Some("SyncBand")
}

/// `field `name` (byte 0x20): `, the context of a message about a field's value.
pub(crate) fn context(row: &FieldInfo) -> String {
    format!("field `{}` (byte {:#04x}): ", row.name, row.first_bit() / 8)
}

impl Fields<'_, '_> {
    /// The next field left out that takes a default, marked given.
    fn next_default(&mut self) -> Option<&'static FieldInfo> {
        let (i, row) = field_rows(self.decl)
            .filter(|&(i, row)| i < 128 && self.seen & (1 << i) == 0 && has_default(row))
            .find(|&(_, row)| !self.given(row.name))?;
        self.seen |= 1 << i;
        Some(row)
    }

    /// Whether a field of this name was given: the bit of its first row is set.
    fn given(&self, name: &str) -> bool {
        field_rows(self.decl)
            .find(|(_, row)| row.name == name)
            .is_some_and(|(i, _)| i < 128 && self.seen & (1 << i) != 0)
    }

    /// The first row of the field named `name`, and its index. A line lists its fields in the
    /// table's order, as the listing writes them, so the search starts after the last field
    /// found; the first part of a value split across bit ranges is searched from the start.
    fn find(&self, name: &str) -> Option<(usize, &'static FieldInfo)> {
        let rows = self.decl.fields.iter().enumerate();
        let (after, before) = (rows.clone().skip(self.next), rows.take(self.next));
        let (i, row) = after
            .chain(before)
            .find(|(_, row)| is_field(row) && row.name == name)?;
        match row.value_bits {
            Some(_) => field_rows(self.decl).find(|(_, row)| row.name == name),
            None => Some((i, row)),
        }
    }

    /// The row of the field `name` names, marked given.
    fn row_named(
        &mut self,
        name: &str,
        span: std::ops::Range<usize>,
    ) -> Result<&'static FieldInfo, Fault> {
        let Some((i, row)) = self.find(name) else {
            let names = field_rows(self.decl).map(|(_, row)| row.name);
            return Err(Fault::at(
                span,
                unknown("field", name, self.decl.name, names),
            ));
        };
        self.next = i + 1;
        if i < 128 && self.seen & (1 << i) != 0 {
            return Err(Fault::at(
                span,
                format!("field `{name}` is given twice; give it once"),
            ));
        }
        if i < 128 {
            self.seen |= 1 << i;
        }
        Ok(row)
    }

    /// The fault of a value of a table field that is not a name of the table: the nearest
    /// names, or all of them. Other faults as they are.
    fn not_in_table(&self, row: &FieldInfo, fault: Fault) -> Fault {
        let (Some(table), Some(span)) = (row.lut, fault.span.clone()) else {
            return fault;
        };
        let token = self.cur.text.get(span.clone()).unwrap_or_default();
        let Some(name) = token
            .split('|')
            .next()
            .filter(|n| table.code_of(n).is_none())
        else {
            return fault;
        };
        let entries = table.entries();
        let names = entries.iter().map(|(name, _)| *name);
        Fault::at(span, unknown("name", name, table.name, names))
    }

    /// A value of several names (`uint8|float8_e8m0fnu`) names one code of the field's table.
    fn check_names(&self, row: &FieldInfo, span: std::ops::Range<usize>) -> Result<(), Fault> {
        let Some(table) = row.lut else {
            return Ok(());
        };
        let token = self.cur.text.get(span.clone()).unwrap_or_default();
        if !token.contains('|') {
            return Ok(());
        }
        let mut names = token.split('|');
        let first = names.next().unwrap_or_default();
        let code = table.code_of(first);
        match names.find(|name| table.code_of(name) != code) {
            Some(other) => {
                let of = code
                    .map(|c| {
                        table
                            .preimage_names(u64::from(c))
                            .collect::<Vec<_>>()
                            .join("|")
                    })
                    .unwrap_or_default();
                Err(Fault::at(
                    span,
                    format!(
                        "`{other}` is not a name of the code `{first}` has in {}; that code's \
                         names are {of}",
                        table.name
                    ),
                ))
            }
            None => Ok(()),
        }
    }
}

impl<'a> MapAccess<'a> for Fields<'_, 'a> {
    type Error = Fault;

    fn next_key_seed<K: DeserializeSeed<'a>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Fault> {
        if self.cur.at_end() {
            self.row = None;
            return self
                .next_default()
                .map(|row| seed.deserialize(BorrowedStrDeserializer::new(row.name)))
                .transpose();
        }
        let start = self.cur.pos;
        let rest = self.cur.text.as_bytes().get(start..).unwrap_or_default();
        let name_len = rest
            .iter()
            .take_while(|&&c| c != b'=' && !c.is_ascii_whitespace() && !starts_comment(c))
            .count();
        self.cur.pos += name_len;
        let span = start..self.cur.pos;
        let name = self.cur.text.get(span.clone()).unwrap_or_default();
        let row = self.row_named(name, span.clone())?;
        self.cur.skip_blanks();
        self.cur.expect(
            b'=',
            format_args!("after `{name}`: a field is `name=value`"),
        )?;
        self.row = Some(row);
        seed.deserialize(BorrowedStrDeserializer::<Fault>::new(row.name))
            .map(Some)
            .map_err(|e| e.or_at(span))
    }

    fn next_value_seed<V: DeserializeSeed<'a>>(&mut self, seed: V) -> Result<V::Value, Fault> {
        let Some(row) = self.row else {
            return seed.deserialize(Zero);
        };
        // Fields are separated by blanks, so a value follows its `=` at once.
        if self.cur.peek().is_none_or(|c| c.is_ascii_whitespace()) {
            let message = format!("field `{}` has no value; write `{}=…`", row.name, row.name);
            return Err(Fault::at(self.cur.here(), message));
        }
        let start = self.cur.pos;
        let value = seed.deserialize(Value { cur: self.cur }).map_err(|e| {
            self.not_in_table(row, e.or_at(start..self.cur.pos))
                .within(&context(row))
        })?;
        self.check_names(row, start..self.cur.pos)
            .map_err(|e| e.within(&context(row)))?;
        match self.cur.peek() {
            Some(c) if !c.is_ascii_whitespace() => Err(Fault::at(
                self.cur.here(),
                format!(
                    "expected a blank before the next field, found {}",
                    self.cur.found()
                ),
            )),
            Some(_) | None => Ok(value),
        }
    }
}
