//! A member's values flattened: every leaf with the path the JSON form reaches it by
//! (`sync.wait_mode`, `out.strides.0`), for the forms that list values rather than nest them.

use super::catalog::{Piece, Refusal, Shape, ValueInfo};

/// A value that holds bits of its own.
#[derive(Debug, Clone)]
pub struct Leaf<'a> {
    /// Member names and sequence indices joined with `.`.
    pub path: String,
    /// Its bits.
    pub pieces: &'a [Piece],
    /// How it prints.
    pub shape: &'a Shape,
    /// How decode refuses its codes that name nothing, if it does.
    pub refusal: Option<&'a Refusal>,
}

impl Leaf<'_> {
    /// Its width in bits.
    pub fn width(&self) -> u32 {
        self.pieces.iter().map(Piece::width).sum()
    }
}

/// Every leaf of `values`, in order.
pub fn leaves(values: &[ValueInfo]) -> Vec<Leaf<'_>> {
    let mut out = Vec::new();
    walk(values, "", &mut out);
    out
}

fn walk<'a>(values: &'a [ValueInfo], prefix: &str, out: &mut Vec<Leaf<'a>>) {
    for (i, v) in values.iter().enumerate() {
        let key = v.name.clone().unwrap_or_else(|| i.to_string());
        let path = if prefix.is_empty() {
            key
        } else {
            format!("{prefix}.{key}")
        };
        match &v.shape {
            Shape::Layout { members } => walk(members, &path, out),
            Shape::Sequence { items } => walk(items, &path, out),
            shape => out.push(Leaf {
                path,
                pieces: &v.pieces,
                shape,
                refusal: v.refusal.as_ref(),
            }),
        }
    }
}
