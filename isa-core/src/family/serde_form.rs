//! The serde form of a family value: the member's own fields, with the member's name under the
//! family's tag (`{"op":"TensorTensor",…}`), written and read without any serde derive in the
//! crate that declares the family.
//!
//! Reading takes the fast path when the tag comes first (as every writer here puts it): the rest
//! of the map goes straight to the member's `Deserialize`. A map whose tag comes later (a
//! hand-written record, or one that went through a sorted map) keeps the members before the tag
//! in a small buffer and replays them first.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, DeserializeSeed, IntoDeserializer, MapAccess, Visitor};
use serde::ser::{self, Serialize, SerializeMap, Serializer};

use super::Family;

/// Serializes `value` (a struct) as a map whose first member is `tag: name`.
pub fn serialize_tagged<S: Serializer, T: Serialize + ?Sized>(
    serializer: S,
    tag: &'static str,
    name: &'static str,
    value: &T,
) -> Result<S::Ok, S::Error> {
    value.serialize(Tagged {
        inner: serializer,
        tag,
        name,
    })
}

/// A serializer that accepts one struct (or map) and writes the tag member first.
struct Tagged<S> {
    inner: S,
    tag: &'static str,
    name: &'static str,
}

/// The map being written behind the tag.
struct TaggedMap<M>(M);

impl<M: SerializeMap> ser::SerializeStruct for TaggedMap<M> {
    type Ok = M::Ok;
    type Error = M::Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), M::Error> {
        self.0.serialize_entry(key, value)
    }
    fn end(self) -> Result<M::Ok, M::Error> {
        self.0.end()
    }
}

impl<M: SerializeMap> SerializeMap for TaggedMap<M> {
    type Ok = M::Ok;
    type Error = M::Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), M::Error> {
        self.0.serialize_key(key)
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), M::Error> {
        self.0.serialize_value(value)
    }
    fn end(self) -> Result<M::Ok, M::Error> {
        self.0.end()
    }
}

/// Methods of [`Tagged`] for anything but a struct or a map: a family member is a struct.
macro_rules! not_a_struct {
    ($($method:ident($($arg:ty),*);)*) => {$(
        fn $method(self, $(_: $arg),*) -> Result<S::Ok, S::Error> {
            Err(ser::Error::custom(format_args!(
                "a family member serializes as a struct, and `{}` did not", self.name
            )))
        }
    )*};
}

impl<S: Serializer> Serializer for Tagged<S> {
    type Ok = S::Ok;
    type Error = S::Error;
    type SerializeSeq = ser::Impossible<S::Ok, S::Error>;
    type SerializeTuple = ser::Impossible<S::Ok, S::Error>;
    type SerializeTupleStruct = ser::Impossible<S::Ok, S::Error>;
    type SerializeTupleVariant = ser::Impossible<S::Ok, S::Error>;
    type SerializeMap = TaggedMap<S::SerializeMap>;
    type SerializeStruct = TaggedMap<S::SerializeMap>;
    type SerializeStructVariant = ser::Impossible<S::Ok, S::Error>;

    fn serialize_struct(
        self,
        _name: &'static str,
        len: usize,
    ) -> Result<Self::SerializeStruct, S::Error> {
        self.serialize_map(Some(len))
    }

    fn serialize_map(self, len: Option<usize>) -> Result<Self::SerializeMap, S::Error> {
        let mut map = self.inner.serialize_map(len.map(|n| n + 1))?;
        map.serialize_entry(self.tag, self.name)?;
        Ok(TaggedMap(map))
    }

    fn serialize_unit_struct(self, _name: &'static str) -> Result<S::Ok, S::Error> {
        let mut map = self.inner.serialize_map(Some(1))?;
        map.serialize_entry(self.tag, self.name)?;
        map.end()
    }

    not_a_struct! {
        serialize_bool(bool);
        serialize_i8(i8);
        serialize_i16(i16);
        serialize_i32(i32);
        serialize_i64(i64);
        serialize_u8(u8);
        serialize_u16(u16);
        serialize_u32(u32);
        serialize_u64(u64);
        serialize_f32(f32);
        serialize_f64(f64);
        serialize_char(char);
        serialize_str(&str);
        serialize_bytes(&[u8]);
        serialize_none();
        serialize_unit();
        serialize_unit_variant(&'static str, u32, &'static str);
    }

    fn serialize_some<T: Serialize + ?Sized>(self, _: &T) -> Result<S::Ok, S::Error> {
        Err(ser::Error::custom("a family member serializes as a struct"))
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<S::Ok, S::Error> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<S::Ok, S::Error> {
        Err(ser::Error::custom("a family member serializes as a struct"))
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, S::Error> {
        Err(ser::Error::custom("a family member serializes as a struct"))
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, S::Error> {
        Err(ser::Error::custom("a family member serializes as a struct"))
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, S::Error> {
        Err(ser::Error::custom("a family member serializes as a struct"))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, S::Error> {
        Err(ser::Error::custom("a family member serializes as a struct"))
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, S::Error> {
        Err(ser::Error::custom("a family member serializes as a struct"))
    }
}

/// Reads a family value from a tagged map: finds the tag, then hands the member's name and the
/// rest of the map (members before the tag replayed first) to [`Family::deserialize_member`].
pub fn deserialize_family<'de, F: Family, D: de::Deserializer<'de>>(
    deserializer: D,
) -> Result<F, D::Error> {
    deserializer.deserialize_map(FamilyVisitor::<F>(PhantomData))
}

struct FamilyVisitor<F>(PhantomData<F>);

impl<'de, F: Family> Visitor<'de> for FamilyVisitor<F> {
    type Value = F;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a map with the member's name under `{}`", F::TAG)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<F, A::Error> {
        let mut before = Vec::new();
        loop {
            let Some(key) = map.next_key::<String>()? else {
                return Err(de::Error::missing_field(F::TAG));
            };
            if key == F::TAG {
                let name: String = map.next_value()?;
                return read_member::<F, A>(&name, before, map);
            }
            before.push((key, map.next_value::<Buffered>()?));
        }
    }
}

/// Reads member `name` of family `F` from `before` (members read before the tag, in order)
/// and the rest of `map`.
pub fn read_member<'de, F: Family, A: MapAccess<'de>>(
    name: &str,
    before: Vec<(String, Buffered)>,
    map: A,
) -> Result<F, A::Error> {
    F::deserialize_member(
        name,
        Replay {
            before: before.into_iter(),
            pending: None,
            map,
        },
    )
}

/// A map whose first members come from a buffer and the rest from the map being read.
pub struct Replay<A> {
    before: std::vec::IntoIter<(String, Buffered)>,
    pending: Option<Buffered>,
    map: A,
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for Replay<A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        match self.before.next() {
            Some((key, value)) => {
                self.pending = Some(value);
                seed.deserialize(key.into_deserializer()).map(Some)
            }
            None => self.map.next_key_seed(seed),
        }
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, A::Error> {
        match self.pending.take() {
            Some(value) => seed.deserialize(value.into_deserializer()),
            None => self.map.next_value_seed(seed),
        }
    }
}

/// Any serde value, kept to be read again: the members of a record that come before its tag.
#[derive(Debug, Clone, PartialEq)]
pub enum Buffered {
    /// A unit or `null`.
    Unit,
    /// A boolean.
    Bool(bool),
    /// A non-negative integer.
    U64(u64),
    /// A negative integer.
    I64(i64),
    /// Any other number.
    F64(f64),
    /// A string.
    Str(String),
    /// Bytes.
    Bytes(Vec<u8>),
    /// `Some(value)`.
    Some(Box<Buffered>),
    /// A sequence.
    Seq(Vec<Buffered>),
    /// A map, in order.
    Map(Vec<(Buffered, Buffered)>),
}

impl<'de> de::Deserialize<'de> for Buffered {
    fn deserialize<D: de::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(BufferedVisitor)
    }
}

struct BufferedVisitor;

impl<'de> Visitor<'de> for BufferedVisitor {
    type Value = Buffered;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Buffered, E> {
        Ok(Buffered::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Buffered, E> {
        Ok(u64::try_from(v).map_or(Buffered::I64(v), Buffered::U64))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Buffered, E> {
        Ok(Buffered::U64(v))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Buffered, E> {
        Ok(Buffered::F64(v))
    }
    fn visit_str<E>(self, v: &str) -> Result<Buffered, E> {
        Ok(Buffered::Str(v.to_owned()))
    }
    fn visit_bytes<E>(self, v: &[u8]) -> Result<Buffered, E> {
        Ok(Buffered::Bytes(v.to_vec()))
    }
    fn visit_unit<E>(self) -> Result<Buffered, E> {
        Ok(Buffered::Unit)
    }
    fn visit_none<E>(self) -> Result<Buffered, E> {
        Ok(Buffered::Unit)
    }
    fn visit_some<D: de::Deserializer<'de>>(self, d: D) -> Result<Buffered, D::Error> {
        Ok(Buffered::Some(Box::new(de::Deserialize::deserialize(d)?)))
    }
    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Buffered, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Buffered::Seq(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Buffered, A::Error> {
        let mut members = Vec::new();
        while let Some(member) = map.next_entry()? {
            members.push(member);
        }
        Ok(Buffered::Map(members))
    }
}

/// The deserializer that reads a [`Buffered`] value again.
pub struct BufferedDeserializer<E> {
    value: Buffered,
    error: PhantomData<E>,
}

impl<'de, E: de::Error> IntoDeserializer<'de, E> for Buffered {
    type Deserializer = BufferedDeserializer<E>;
    fn into_deserializer(self) -> BufferedDeserializer<E> {
        BufferedDeserializer {
            value: self,
            error: PhantomData,
        }
    }
}

impl<'de, E: de::Error> de::Deserializer<'de> for BufferedDeserializer<E> {
    type Error = E;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        match self.value {
            Buffered::Unit => visitor.visit_unit(),
            Buffered::Bool(v) => visitor.visit_bool(v),
            Buffered::U64(v) => visitor.visit_u64(v),
            Buffered::I64(v) => visitor.visit_i64(v),
            Buffered::F64(v) => visitor.visit_f64(v),
            Buffered::Str(v) => visitor.visit_string(v),
            Buffered::Bytes(v) => visitor.visit_byte_buf(v),
            Buffered::Some(v) => visitor.visit_some(v.into_deserializer()),
            Buffered::Seq(v) => {
                visitor.visit_seq(de::value::SeqDeserializer::<_, E>::new(v.into_iter()))
            }
            Buffered::Map(v) => {
                visitor.visit_map(de::value::MapDeserializer::<_, E>::new(v.into_iter()))
            }
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        match self.value {
            Buffered::Unit => visitor.visit_none(),
            Buffered::Some(v) => visitor.visit_some(v.into_deserializer()),
            other => visitor.visit_some(other.into_deserializer()),
        }
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, E> {
        match self.value {
            Buffered::Str(v) => visitor.visit_enum(v.into_deserializer()),
            other => other.into_deserializer().deserialize_any(visitor),
        }
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct newtype_struct seq tuple
        tuple_struct map struct identifier ignored_any
    }
}
