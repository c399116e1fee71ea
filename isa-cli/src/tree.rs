//! The serde form of a value as an ordered tree, built by serializing straight into it.
//!
//! The text listing prints every op and word from its serde form, in the order the declaration
//! writes its members (the field order, and `addr`, `strides`, `nums` inside a descriptor). A
//! [`Tree`] keeps that order; [`Tree::of`] builds it with its own [`serde::Serializer`], so no
//! JSON text is written and parsed on the way (the listing of a long stream spends its time
//! here).

use std::borrow::Cow;
use std::fmt;

use serde::Serialize;
use serde::ser;

/// A serde value with its members in the order they were written.
#[derive(Debug, Clone, PartialEq)]
pub enum Tree {
    /// `None` or a unit.
    Null,
    /// A boolean.
    Bool(bool),
    /// A non-negative integer.
    Unsigned(u64),
    /// A negative integer.
    Signed(i64),
    /// Any other number.
    Float(f64),
    /// A string (enumerations serialize as their wire names).
    Str(String),
    /// A sequence.
    Seq(Vec<Tree>),
    /// A map or struct, in order. A struct's member names are the declaration's own (`'static`,
    /// not copied); a map's keys are owned.
    Map(Vec<(Cow<'static, str>, Tree)>),
}

impl Tree {
    /// The serde form of `value`, in order.
    pub fn of<T: Serialize + ?Sized>(value: &T) -> Result<Tree, TreeError> {
        value.serialize(TreeSerializer)
    }
}

/// A value serde cannot put in a [`Tree`] (a map key that is not a string or an integer, a
/// 128-bit integer), or a serializer's own error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeError(String);

impl fmt::Display for TreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TreeError {}

impl ser::Error for TreeError {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        TreeError(msg.to_string())
    }
}

/// Serializes any value into a [`Tree`].
struct TreeSerializer;

fn signed(v: i64) -> Tree {
    u64::try_from(v).map_or(Tree::Signed(v), Tree::Unsigned)
}

impl ser::Serializer for TreeSerializer {
    type Ok = Tree;
    type Error = TreeError;
    type SerializeSeq = Items;
    type SerializeTuple = Items;
    type SerializeTupleStruct = Items;
    type SerializeTupleVariant = Items;
    type SerializeMap = Members;
    type SerializeStruct = Members;
    type SerializeStructVariant = Members;

    fn serialize_bool(self, v: bool) -> Result<Tree, TreeError> {
        Ok(Tree::Bool(v))
    }
    fn serialize_i8(self, v: i8) -> Result<Tree, TreeError> {
        Ok(signed(v.into()))
    }
    fn serialize_i16(self, v: i16) -> Result<Tree, TreeError> {
        Ok(signed(v.into()))
    }
    fn serialize_i32(self, v: i32) -> Result<Tree, TreeError> {
        Ok(signed(v.into()))
    }
    fn serialize_i64(self, v: i64) -> Result<Tree, TreeError> {
        Ok(signed(v))
    }
    fn serialize_u8(self, v: u8) -> Result<Tree, TreeError> {
        Ok(Tree::Unsigned(v.into()))
    }
    fn serialize_u16(self, v: u16) -> Result<Tree, TreeError> {
        Ok(Tree::Unsigned(v.into()))
    }
    fn serialize_u32(self, v: u32) -> Result<Tree, TreeError> {
        Ok(Tree::Unsigned(v.into()))
    }
    fn serialize_u64(self, v: u64) -> Result<Tree, TreeError> {
        Ok(Tree::Unsigned(v))
    }
    fn serialize_f32(self, v: f32) -> Result<Tree, TreeError> {
        Ok(Tree::Float(v.into()))
    }
    fn serialize_f64(self, v: f64) -> Result<Tree, TreeError> {
        Ok(Tree::Float(v))
    }
    fn serialize_char(self, v: char) -> Result<Tree, TreeError> {
        Ok(Tree::Str(v.to_string()))
    }
    fn serialize_str(self, v: &str) -> Result<Tree, TreeError> {
        Ok(Tree::Str(v.to_owned()))
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<Tree, TreeError> {
        Ok(Tree::Seq(
            v.iter().map(|&b| Tree::Unsigned(b.into())).collect(),
        ))
    }
    fn serialize_none(self) -> Result<Tree, TreeError> {
        Ok(Tree::Null)
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<Tree, TreeError> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<Tree, TreeError> {
        Ok(Tree::Null)
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<Tree, TreeError> {
        Ok(Tree::Null)
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<Tree, TreeError> {
        Ok(Tree::Str(variant.to_owned()))
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<Tree, TreeError> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<Tree, TreeError> {
        Ok(Tree::Map(vec![(Cow::Borrowed(variant), Tree::of(value)?)]))
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Items, TreeError> {
        Ok(Items::new(None, len.unwrap_or(0)))
    }
    fn serialize_tuple(self, len: usize) -> Result<Items, TreeError> {
        Ok(Items::new(None, len))
    }
    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<Items, TreeError> {
        Ok(Items::new(None, len))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Items, TreeError> {
        Ok(Items::new(Some(variant), len))
    }
    fn serialize_map(self, len: Option<usize>) -> Result<Members, TreeError> {
        Ok(Members::new(None, len.unwrap_or(0)))
    }
    fn serialize_struct(self, _: &'static str, len: usize) -> Result<Members, TreeError> {
        Ok(Members::new(None, len))
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Members, TreeError> {
        Ok(Members::new(Some(variant), len))
    }
}

/// Wraps a variant's content as `{variant: content}` (serde's externally tagged form).
fn tagged(variant: Option<&'static str>, content: Tree) -> Tree {
    match variant {
        Some(v) => Tree::Map(vec![(Cow::Borrowed(v), content)]),
        None => content,
    }
}

/// The items of a sequence, tuple or tuple variant being serialized.
struct Items {
    variant: Option<&'static str>,
    items: Vec<Tree>,
}

impl Items {
    fn new(variant: Option<&'static str>, len: usize) -> Self {
        Self {
            variant,
            items: Vec::with_capacity(len),
        }
    }

    fn push<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), TreeError> {
        self.items.push(Tree::of(value)?);
        Ok(())
    }

    fn done(self) -> Tree {
        tagged(self.variant, Tree::Seq(self.items))
    }
}

/// The four sequence-like forms: each element is pushed in order.
macro_rules! items {
    ($($form:ident::$method:ident),+) => {$(
        impl ser::$form for Items {
            type Ok = Tree;
            type Error = TreeError;
            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), TreeError> {
                self.push(value)
            }
            fn end(self) -> Result<Tree, TreeError> {
                Ok(self.done())
            }
        }
    )+};
}

items!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

/// The members of a map, struct or struct variant being serialized.
struct Members {
    variant: Option<&'static str>,
    members: Vec<(Cow<'static, str>, Tree)>,
    key: Option<String>,
}

impl Members {
    fn new(variant: Option<&'static str>, len: usize) -> Self {
        Self {
            variant,
            members: Vec::with_capacity(len),
            key: None,
        }
    }

    fn push<T: Serialize + ?Sized>(
        &mut self,
        key: Cow<'static, str>,
        value: &T,
    ) -> Result<(), TreeError> {
        self.members.push((key, Tree::of(value)?));
        Ok(())
    }

    fn done(self) -> Tree {
        tagged(self.variant, Tree::Map(self.members))
    }
}

impl ser::SerializeMap for Members {
    type Ok = Tree;
    type Error = TreeError;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), TreeError> {
        // Map keys become strings, as in JSON.
        self.key = Some(match Tree::of(key)? {
            Tree::Str(s) => s,
            Tree::Unsigned(n) => n.to_string(),
            Tree::Signed(n) => n.to_string(),
            other => {
                return Err(TreeError(format!(
                    "a map key must be a string, not {other:?}"
                )));
            }
        });
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), TreeError> {
        let key = self
            .key
            .take()
            .ok_or_else(|| TreeError("a map value without a key".into()))?;
        self.push(Cow::Owned(key), value)
    }
    fn end(self) -> Result<Tree, TreeError> {
        Ok(self.done())
    }
}

/// The two struct forms: each member is pushed under its declared (`'static`) name.
macro_rules! members {
    ($($form:ident),+) => {$(
        impl ser::$form for Members {
            type Ok = Tree;
            type Error = TreeError;
            fn serialize_field<T: Serialize + ?Sized>(
                &mut self,
                key: &'static str,
                value: &T,
            ) -> Result<(), TreeError> {
                self.push(Cow::Borrowed(key), value)
            }
            fn end(self) -> Result<Tree, TreeError> {
                Ok(self.done())
            }
        }
    )+};
}

members!(SerializeStruct, SerializeStructVariant);

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize)]
    #[serde(tag = "op")]
    enum Tagged {
        X {
            b: Vec<i32>,
            c: Option<u8>,
            a: Inner,
        },
    }

    #[derive(Serialize)]
    struct Inner {
        addr: u32,
        strides: [i16; 2],
    }

    #[test]
    fn a_tree_keeps_the_order_members_were_written_in() {
        let t = Tree::of(&Tagged::X {
            b: vec![1, -2],
            c: None,
            a: Inner {
                addr: 7,
                strides: [0, -1],
            },
        })
        .unwrap();
        assert_eq!(
            t,
            Tree::Map(vec![
                ("op".into(), Tree::Str("X".into())),
                (
                    "b".into(),
                    Tree::Seq(vec![Tree::Unsigned(1), Tree::Signed(-2)])
                ),
                ("c".into(), Tree::Null),
                (
                    "a".into(),
                    Tree::Map(vec![
                        ("addr".into(), Tree::Unsigned(7)),
                        (
                            "strides".into(),
                            Tree::Seq(vec![Tree::Unsigned(0), Tree::Signed(-1)])
                        ),
                    ])
                ),
            ])
        );
    }

    #[test]
    fn a_tree_is_the_json_form_in_order() {
        // The same value through JSON text and through the tree: same members, same order.
        let value = Tagged::X {
            b: vec![3],
            c: Some(4),
            a: Inner {
                addr: 0x2000,
                strides: [1, 1],
            },
        };
        let json = serde_json::to_string(&value).unwrap();
        assert_eq!(
            json,
            r#"{"op":"X","b":[3],"c":4,"a":{"addr":8192,"strides":[1,1]}}"#
        );
        let Tree::Map(members) = Tree::of(&value).unwrap() else {
            panic!("a struct is a map")
        };
        let keys: Vec<&str> = members.iter().map(|(k, _)| k.as_ref()).collect();
        assert_eq!(keys, ["op", "b", "c", "a"]);
    }
}
