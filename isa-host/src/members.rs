//! What the command needs of a family it reads, prints and writes.

use isa_core::Family;

/// A family the command can read, print and write: every [`isa_core::family!`] enum is one.
pub trait Members: Family + serde::Serialize + serde::de::DeserializeOwned + Send + Sync {}

impl<F> Members for F where F: Family + serde::Serialize + serde::de::DeserializeOwned + Send + Sync {}
