//! A listing value read straight into the type that asks for it: a serde [`Deserializer`] over
//! the text of one value, as the listing writes it (`isa_core::render::text`), so that whatever
//! a declaration's serde form reads — an integer of a width, a name, a nested layout, a
//! sequence — it reads from the listing too, with no code per type and no tree in between.
//!
//! ```text
//! value  = scalar | "{" [ member { "," member } ] "}" | "[" [ value { "," value } ] "]"
//! member = name "=" value
//! scalar = a run of characters other than blanks and , { } [ ] =
//! ```
//!
//! A scalar is read as the type asks: an integer in decimal (`-3`) or hexadecimal (`0x2400`),
//! checked against the range of the type; `true` or `false`; a name. A code of a many-to-one
//! table is written with every name it stands for, `uint8|float8_e8m0fnu`, and read by its
//! first. Blanks may surround `,`, `=` and the brackets.

use std::ops::Range;

use serde::de::value::BorrowedStrDeserializer;
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

use super::error::{Fault, unknown};

/// The text of a line and where reading is.
#[derive(Debug)]
pub(crate) struct Cursor<'a> {
    /// The line; reading ends where its comment starts.
    pub(crate) text: &'a str,
    /// The byte where reading is.
    pub(crate) pos: usize,
}

/// The bytes that end a scalar: blanks, `, { } [ ] =` and a comment's `;` or `#`, looked up in
/// one table.
const ENDS_SCALAR: [bool; 256] = {
    let mut table = [false; 256];
    let ends = b" \t\n\r\x0b\x0c,{}[]=;#";
    let mut i = 0;
    while i < ends.len() {
        table[ends[i] as usize] = true;
        i += 1;
    }
    table
};

/// Whether `c` starts a comment, which runs to the end of the line: `;` or `#`.
#[inline]
pub(crate) fn starts_comment(c: u8) -> bool {
    c == b';' || c == b'#'
}

/// Whether `c` ends a scalar.
#[inline]
fn ends_scalar(c: u8) -> bool {
    ENDS_SCALAR[usize::from(c)]
}

impl<'a> Cursor<'a> {
    /// A cursor at byte `pos` of `text`.
    pub(crate) fn new(text: &'a str, pos: usize) -> Self {
        Cursor { text, pos }
    }

    /// The next byte, if any.
    #[inline]
    pub(crate) fn peek(&self) -> Option<u8> {
        self.text
            .as_bytes()
            .get(self.pos)
            .copied()
            .filter(|&c| !starts_comment(c))
    }

    /// Past any blanks.
    #[inline]
    pub(crate) fn skip_blanks(&mut self) {
        let rest = self.text.as_bytes().get(self.pos..).unwrap_or_default();
        self.pos += rest.iter().take_while(|c| c.is_ascii_whitespace()).count();
    }

    /// Whether the line ends here (blanks aside).
    #[inline]
    pub(crate) fn at_end(&mut self) -> bool {
        self.skip_blanks();
        self.peek().is_none()
    }

    /// Takes `c` when it is next.
    #[inline]
    pub(crate) fn eat(&mut self, c: u8) -> bool {
        let next = self.peek() == Some(c);
        self.pos += usize::from(next);
        next
    }

    /// Takes `c`, which must be next; `why` says what it would do there.
    #[inline]
    pub(crate) fn expect(&mut self, c: u8, why: std::fmt::Arguments<'_>) -> Result<(), Fault> {
        if self.eat(c) {
            Ok(())
        } else {
            Err(self.expected(c, why))
        }
    }

    /// The fault of `c` not being next.
    #[cold]
    fn expected(&self, c: u8, why: std::fmt::Arguments<'_>) -> Fault {
        let found = self.found();
        Fault::at(
            self.here(),
            format!("expected `{}` {why}, found {found}", c as char),
        )
    }

    /// The span of the character at the cursor (empty at the end).
    pub(crate) fn here(&self) -> Range<usize> {
        let len = self.next_char().map_or(0, char::len_utf8);
        self.pos..self.pos + len
    }

    /// The character at the cursor; `None` at the end of the line or its comment.
    fn next_char(&self) -> Option<char> {
        self.peek()?;
        self.text.get(self.pos..).and_then(|r| r.chars().next())
    }

    /// What is at the cursor, for a message.
    pub(crate) fn found(&self) -> String {
        match self.next_char() {
            Some(c) => format!("`{c}`"),
            None => "the end of the line".to_string(),
        }
    }

    /// The scalar at the cursor and its span; `what` names what was expected, for the message
    /// when there is none.
    pub(crate) fn scalar(&mut self, what: &str) -> Result<(&'a str, Range<usize>), Fault> {
        self.skip_blanks();
        let start = self.pos;
        let rest = self.text.as_bytes().get(start..).unwrap_or_default();
        self.pos += rest.iter().take_while(|&&c| !ends_scalar(c)).count();
        let token = self.text.get(start..self.pos).unwrap_or_default();
        if token.is_empty() {
            return Err(Fault::at(
                self.here(),
                format!("expected {what}, found {}", self.found()),
            ));
        }
        Ok((token, start..self.pos))
    }
}

/// An integer as the listing writes it: decimal, or hexadecimal after `0x`, with an optional
/// `-`.
pub(crate) fn integer(token: &str) -> Option<i128> {
    let (negative, digits) = match token.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, token),
    };
    let (radix, digits) = match digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
    {
        Some(hex) => (16, hex),
        None => (10, digits),
    };
    if digits.is_empty() {
        return None;
    }
    // Most values fit 64 bits: read them without wider arithmetic.
    let mut n: u64 = 0;
    let mut wide = false;
    for c in digits.bytes() {
        let d = u64::from(char::from(c).to_digit(radix)?);
        match n
            .checked_mul(u64::from(radix))
            .and_then(|n| n.checked_add(d))
        {
            Some(next) => n = next,
            None => wide = true,
        }
    }
    let magnitude = if wide {
        i128::try_from(u128::from_str_radix(digits, radix).ok()?).ok()?
    } else {
        i128::from(n)
    };
    Some(if negative { -magnitude } else { magnitude })
}

/// One value of the listing, read as the type that deserializes it asks.
pub(crate) struct Value<'c, 'a> {
    pub(crate) cur: &'c mut Cursor<'a>,
}

impl<'a> Value<'_, 'a> {
    /// The integer at the cursor, in the range `lo..=hi` of type `ty`.
    fn int(&mut self, ty: &str, lo: i128, hi: i128) -> Result<(i128, Range<usize>), Fault> {
        let (token, span) = self.cur.scalar("a number")?;
        let Some(n) = integer(token) else {
            return Err(Fault::at(
                span,
                format!(
                    "`{token}` is not a number; write an integer in decimal (`12`, `-3`) or \
                     hexadecimal (`0x2400`)"
                ),
            ));
        };
        if n < lo || n > hi {
            return Err(Fault::at(
                span,
                format!("{n} is out of range: a {ty} holds {lo}..={hi}"),
            ));
        }
        Ok((n, span))
    }

    /// A name at the cursor: the first of the `|`-separated names of a shared code.
    fn name(&mut self) -> Result<(&'a str, Range<usize>), Fault> {
        let (token, span) = self.cur.scalar("a value")?;
        Ok((token.split('|').next().unwrap_or(token), span))
    }

    /// Reads the `open`-bracketed value with `read`, and its closing bracket.
    fn bracketed<T>(
        &mut self,
        open: u8,
        close: u8,
        what: &str,
        read: impl FnOnce(&mut Cursor<'a>) -> Result<T, Fault>,
    ) -> Result<T, Fault> {
        self.cur.skip_blanks();
        let start = self.cur.pos;
        self.cur.expect(open, format_args!("to open {what}"))?;
        let value = read(self.cur).map_err(|e| e.or_at(start..self.cur.pos))?;
        self.cur.skip_blanks();
        self.cur.expect(close, format_args!("to close {what}"))?;
        Ok(value)
    }
}

/// `visit_*` of an integer type, the value range-checked and the visitor's error placed at it.
macro_rules! integers {
    ($($method:ident $visit:ident $ty:ty;)*) => {$(
        fn $method<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Fault> {
            let mut this = self;
            let (n, span) = this.int(stringify!($ty), i128::from(<$ty>::MIN), i128::from(<$ty>::MAX))?;
            let n = <$ty>::try_from(n).map_err(|_| Fault::at(span.clone(), "out of range"))?;
            visitor.$visit::<Fault>(n).map_err(|e| e.or_at(span))
        }
    )*};
}

impl<'a> Deserializer<'a> for Value<'_, 'a> {
    type Error = Fault;

    fn deserialize_any<V: Visitor<'a>>(mut self, visitor: V) -> Result<V::Value, Fault> {
        self.cur.skip_blanks();
        match self.cur.peek() {
            Some(b'{') => self.deserialize_map(visitor),
            Some(b'[') => self.deserialize_seq(visitor),
            _ => {
                let (token, span) = self.name()?;
                let visited = match (token, integer(token)) {
                    ("true", _) => visitor.visit_bool::<Fault>(true),
                    ("false", _) => visitor.visit_bool::<Fault>(false),
                    (_, Some(n)) => match u64::try_from(n) {
                        Ok(n) => visitor.visit_u64::<Fault>(n),
                        Err(_) => match i64::try_from(n) {
                            Ok(n) => visitor.visit_i64::<Fault>(n),
                            Err(_) => visitor.visit_borrowed_str::<Fault>(token),
                        },
                    },
                    (_, None) => visitor.visit_borrowed_str::<Fault>(token),
                };
                visited.map_err(|e| e.or_at(span))
            }
        }
    }

    integers! {
        deserialize_u8 visit_u8 u8;
        deserialize_u16 visit_u16 u16;
        deserialize_u32 visit_u32 u32;
        deserialize_u64 visit_u64 u64;
        deserialize_i8 visit_i8 i8;
        deserialize_i16 visit_i16 i16;
        deserialize_i32 visit_i32 i32;
        deserialize_i64 visit_i64 i64;
    }

    fn deserialize_bool<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Fault> {
        let (token, span) = self.cur.scalar("`true` or `false`")?;
        let flag = match token {
            "true" => true,
            "false" => false,
            other => {
                return Err(Fault::at(
                    span,
                    format!("`{other}` is not a flag; write `true` or `false`"),
                ));
            }
        };
        visitor.visit_bool::<Fault>(flag).map_err(|e| e.or_at(span))
    }

    fn deserialize_f64<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Fault> {
        let (token, span) = self.cur.scalar("a number")?;
        match token.parse::<f64>() {
            Ok(x) => visitor.visit_f64::<Fault>(x).map_err(|e| e.or_at(span)),
            Err(_) => Err(Fault::at(span, format!("`{token}` is not a number"))),
        }
    }

    fn deserialize_f32<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Fault> {
        self.deserialize_f64(visitor)
    }

    fn deserialize_str<V: Visitor<'a>>(mut self, visitor: V) -> Result<V::Value, Fault> {
        let (name, span) = self.name()?;
        visitor
            .visit_borrowed_str::<Fault>(name)
            .map_err(|e| e.or_at(span))
    }

    fn deserialize_string<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Fault> {
        self.deserialize_str(visitor)
    }

    fn deserialize_char<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Fault> {
        self.deserialize_str(visitor)
    }

    fn deserialize_bytes<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Fault> {
        self.deserialize_str(visitor)
    }

    fn deserialize_byte_buf<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Fault> {
        self.deserialize_str(visitor)
    }

    fn deserialize_identifier<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Fault> {
        self.deserialize_str(visitor)
    }

    fn deserialize_option<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Fault> {
        visitor.visit_some(self)
    }

    fn deserialize_unit<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Fault> {
        visitor.visit_unit()
    }

    fn deserialize_unit_struct<V: Visitor<'a>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Fault> {
        visitor.visit_unit()
    }

    fn deserialize_newtype_struct<V: Visitor<'a>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Fault> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'a>>(mut self, visitor: V) -> Result<V::Value, Fault> {
        self.bracketed(b'[', b']', "a sequence", |cur| {
            let mut items = Items {
                cur,
                first: true,
                done: false,
            };
            let value = visitor.visit_seq(&mut items)?;
            items.finish()?;
            Ok(value)
        })
    }

    fn deserialize_tuple<V: Visitor<'a>>(self, _len: usize, visitor: V) -> Result<V::Value, Fault> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'a>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Fault> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Fault> {
        self.deserialize_struct("", &[], visitor)
    }

    fn deserialize_struct<V: Visitor<'a>>(
        mut self,
        _name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Fault> {
        self.bracketed(b'{', b'}', "a nested value", |cur| {
            let mut members = Members {
                cur,
                fields,
                first: true,
                done: false,
            };
            let value = visitor.visit_map(&mut members)?;
            members.finish()?;
            Ok(value)
        })
    }

    fn deserialize_enum<V: Visitor<'a>>(
        mut self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Fault> {
        let (name, span) = self.name()?;
        let access = BorrowedStrDeserializer::<'a, Fault>::new(name);
        visitor.visit_enum(access).map_err(|e| e.or_at(span))
    }

    fn deserialize_ignored_any<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Fault> {
        self.deserialize_any(de::IgnoredAny)?;
        visitor.visit_unit()
    }
}

/// The members of a nested value, `{name=value,…}`; a name its type does not declare is
/// refused with the nearest ones, whether or not the type refuses unknown members itself.
struct Members<'c, 'a> {
    cur: &'c mut Cursor<'a>,
    fields: &'static [&'static str],
    first: bool,
    done: bool,
}

impl<'a> Members<'_, 'a> {
    /// Past the members the visitor did not ask for: there must be none.
    fn finish(&mut self) -> Result<(), Fault> {
        self.cur.skip_blanks();
        if self.done || self.cur.peek() == Some(b'}') {
            return Ok(());
        }
        Err(Fault::at(
            self.cur.here(),
            format!("expected `}}`, found {}", self.cur.found()),
        ))
    }

    /// Whether another item follows: the separator before it taken, or the closing bracket
    /// left for the caller.
    fn another(&mut self) -> Result<bool, Fault> {
        next_item(self.cur, &mut self.first, &mut self.done, b'}')
    }
}

/// Whether another item of a bracketed value follows (`first`: none has yet): past the `,`
/// before it; false, with `done` set, at `close`.
fn next_item(
    cur: &mut Cursor<'_>,
    first: &mut bool,
    done: &mut bool,
    close: u8,
) -> Result<bool, Fault> {
    cur.skip_blanks();
    if *done || cur.peek() == Some(close) {
        *done = true;
        return Ok(false);
    }
    if !std::mem::replace(first, false) {
        if !cur.eat(b',') {
            let message = format!(
                "expected `,` or `{}`, found {}",
                char::from(close),
                cur.found()
            );
            return Err(Fault::at(cur.here(), message));
        }
        cur.skip_blanks();
    }
    Ok(true)
}

impl<'a> MapAccess<'a> for Members<'_, 'a> {
    type Error = Fault;

    fn next_key_seed<K: DeserializeSeed<'a>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Fault> {
        if !self.another()? {
            return Ok(None);
        }
        let (name, span) = self.cur.scalar("a member name")?;
        if !self.fields.is_empty() && !self.fields.contains(&name) {
            let message = unknown("member", name, "", self.fields.iter().copied());
            return Err(Fault::at(span, message));
        }
        self.cur.skip_blanks();
        self.cur.expect(
            b'=',
            format_args!("after `{name}`: a member is `name=value`"),
        )?;
        seed.deserialize(BorrowedStrDeserializer::<Fault>::new(name))
            .map(Some)
            .map_err(|e| e.or_at(span))
    }

    fn next_value_seed<V: DeserializeSeed<'a>>(&mut self, seed: V) -> Result<V::Value, Fault> {
        self.cur.skip_blanks();
        let start = self.cur.pos;
        seed.deserialize(Value { cur: self.cur })
            .map_err(|e| e.or_at(start..self.cur.pos))
    }
}

/// The elements of a sequence, `[a,b,…]`.
struct Items<'c, 'a> {
    cur: &'c mut Cursor<'a>,
    first: bool,
    done: bool,
}

impl Items<'_, '_> {
    /// Past the elements the visitor did not ask for: there must be none.
    fn finish(&mut self) -> Result<(), Fault> {
        self.cur.skip_blanks();
        if self.done || self.cur.peek() == Some(b']') {
            return Ok(());
        }
        Err(Fault::at(
            self.cur.here(),
            format!(
                "expected `]`: the sequence has more elements than it holds, found {}",
                self.cur.found()
            ),
        ))
    }
}

impl<'a> SeqAccess<'a> for Items<'_, 'a> {
    type Error = Fault;

    fn next_element_seed<T: DeserializeSeed<'a>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Fault> {
        if !next_item(self.cur, &mut self.first, &mut self.done, b']')? {
            return Ok(None);
        }
        let start = self.cur.pos;
        seed.deserialize(Value { cur: self.cur })
            .map(Some)
            .map_err(|e| e.or_at(start..self.cur.pos))
    }
}

/// The all-zero value of a type: integers 0, flags false, every member of a layout zero. What a
/// field left out takes where its declaration gives it a default (see [`super::fields`]).
pub(crate) struct Zero;

impl<'de> Deserializer<'de> for Zero {
    type Error = Fault;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Fault> {
        visitor.visit_u64(0)
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Fault> {
        visitor.visit_bool(false)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Fault> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Fault> {
        visitor.visit_map(ZeroMembers {
            fields: fields.iter(),
        })
    }

    serde::forward_to_deserialize_any! {
        i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf option
        unit unit_struct seq tuple tuple_struct map enum identifier ignored_any
    }
}

/// Every member of a layout, zero.
struct ZeroMembers {
    fields: std::slice::Iter<'static, &'static str>,
}

impl<'de> MapAccess<'de> for ZeroMembers {
    type Error = Fault;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Fault> {
        self.fields
            .next()
            .map(|name| seed.deserialize(BorrowedStrDeserializer::new(name)))
            .transpose()
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Fault> {
        seed.deserialize(Zero)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    fn read<'a, T: Deserialize<'a>>(text: &'a str) -> Result<T, Fault> {
        let mut cur = Cursor::new(text, 0);
        T::deserialize(Value { cur: &mut cur })
    }

    #[test]
    fn an_integer_is_decimal_or_hex_of_any_width() {
        assert_eq!(integer("18446744073709551616"), Some(1 << 64));
        assert_eq!(integer("-0x10"), Some(-16));
        assert_eq!(integer("0X1f"), Some(31));
        for not in ["", "-", "0x", "1_0", "+5", "0x+5", "1.5", "12a"] {
            assert_eq!(integer(not), None, "{not}");
        }
    }

    #[test]
    fn integers_read_in_decimal_and_hex_within_their_type() {
        assert_eq!(read::<u32>("0x00002400"), Ok(0x2400));
        assert_eq!(read::<i16>("-3"), Ok(-3));
        assert_eq!(read::<Vec<u16>>("[512, 1,1]"), Ok(vec![512, 1, 1]));
        let e = read::<u8>("300").unwrap_err();
        assert_eq!(e.message, "300 is out of range: a u8 holds 0..=255");
        assert_eq!(e.span, Some(0..3));
        let e = read::<u8>("x1").unwrap_err();
        assert!(
            e.message.starts_with("`x1` is not a number"),
            "{}",
            e.message
        );
    }

    #[test]
    fn a_nested_layout_reads_its_members_and_refuses_a_stranger() {
        let band = read::<isa_core::SyncBand>(
            "{wait_mode=1,wait_index=0,update_mode=2,update_index=3,value=7}",
        )
        .unwrap();
        assert_eq!((band.wait_mode, band.update_mode, band.value), (1, 2, 7));
        let e = read::<isa_core::SyncBand>("{wait_mod=1}").unwrap_err();
        assert_eq!(
            e.message,
            "unknown member `wait_mod`; did you mean `wait_mode`?"
        );
        assert_eq!(e.span, Some(1..9));
        assert_eq!(
            read::<isa_core::SyncBand>("{}").unwrap_err().missing,
            Some("wait_mode")
        );
    }

    #[test]
    fn a_shared_code_reads_by_its_first_name() {
        assert_eq!(
            read::<isa_core::Dtype>("uint8|float8_e8m0fnu"),
            Ok(isa_core::Dtype::Uint8)
        );
    }
}
