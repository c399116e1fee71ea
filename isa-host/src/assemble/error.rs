//! Why a listing line does not assemble, and where on the line: the token at fault as a byte
//! range of the line, and a message that says what to write instead. [`ListingError::snippet`]
//! shows the line with a caret under the token, as rustc does.

use std::fmt;
use std::ops::Range;

pub use crate::record::ListingError;

/// What the deserializer of a line's fields reports: a message, the token when known (spans
/// are filled in as the error goes up through the values that hold it), and for a member the
/// serde form misses, its name. Boxed, as serde_json boxes its error: every result the
/// deserializer returns stays two words wide.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Fault(Box<Detail>);

/// What a [`Fault`] holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Detail {
    pub(crate) span: Option<Range<usize>>,
    pub(crate) message: String,
    pub(crate) missing: Option<&'static str>,
}

impl std::ops::Deref for Fault {
    type Target = Detail;
    fn deref(&self) -> &Detail {
        &self.0
    }
}

impl Fault {
    /// The fault of `detail`.
    #[cold]
    fn new(span: Option<Range<usize>>, message: String, missing: Option<&'static str>) -> Self {
        Fault(Box::new(Detail {
            span,
            message,
            missing,
        }))
    }

    /// The error `message` at `span`.
    #[cold]
    pub(crate) fn at(span: Range<usize>, message: impl Into<String>) -> Self {
        Self::new(Some(span), message.into(), None)
    }

    /// The fault placed at `span` when no inner value placed it.
    pub(crate) fn or_at(mut self, span: Range<usize>) -> Self {
        self.0.span.get_or_insert(span);
        self
    }

    /// The fault with `context` in front of its message (`field `dst` (byte 0x2c): `).
    pub(crate) fn within(mut self, context: &str) -> Self {
        self.0.message = format!("{context}{}", self.0.message);
        self
    }

    /// What it holds.
    pub(crate) fn into_detail(self) -> Detail {
        *self.0
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Fault {}

impl serde::de::Error for Fault {
    #[cold]
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Self::new(None, msg.to_string(), None)
    }

    #[cold]
    fn missing_field(field: &'static str) -> Self {
        Self::new(None, format!("missing member `{field}`"), Some(field))
    }

    #[cold]
    fn unknown_field(field: &str, expected: &'static [&'static str]) -> Self {
        Self::custom(unknown("member", field, "", expected.iter().copied()))
    }
}

/// `unknown {what} `name` of {owner}; did you mean `x`?`, or the names there are when none is
/// near. `owner` may be empty.
pub(crate) fn unknown<'n>(
    what: &str,
    name: &str,
    owner: &str,
    names: impl Iterator<Item = &'n str> + Clone,
) -> String {
    let of = if owner.is_empty() {
        String::new()
    } else {
        format!(" of {owner}")
    };
    let near = nearest(name, names.clone());
    if near.is_empty() {
        let all: Vec<String> = names.map(|n| format!("`{n}`")).collect();
        format!(
            "unknown {what} `{name}`{of}; the {what}s{of} are {}",
            all.join(", ")
        )
    } else {
        let near: Vec<String> = near.iter().map(|n| format!("`{n}`")).collect();
        format!(
            "unknown {what} `{name}`{of}; did you mean {}?",
            near.join(" or ")
        )
    }
}

/// The names nearest `name` (by edit distance), when any is near enough to be a slip: at most
/// two edits, or a third of the name's length for a long one.
pub(crate) fn nearest<'n>(name: &str, names: impl Iterator<Item = &'n str>) -> Vec<&'n str> {
    let limit = (name.chars().count() / 3).max(2);
    let mut best: Vec<&str> = Vec::new();
    let mut best_distance = limit + 1;
    for candidate in names {
        let d = distance(&name.to_lowercase(), &candidate.to_lowercase());
        if d < best_distance {
            best_distance = d;
            best.clear();
        }
        if d == best_distance && d <= limit && !best.contains(&candidate) {
            best.push(candidate);
        }
    }
    best
}

/// The edit distance (insertions, deletions, substitutions) between `a` and `b`.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row.first().copied().unwrap_or_default();
        if let Some(first) = row.first_mut() {
            *first = i + 1;
        }
        for (j, &cb) in b.iter().enumerate() {
            let above = row.get(j + 1).copied().unwrap_or_default();
            let left = row.get(j).copied().unwrap_or_default();
            let here = (diagonal + usize::from(ca != cb))
                .min(above + 1)
                .min(left + 1);
            diagonal = above;
            if let Some(slot) = row.get_mut(j + 1) {
                *slot = here;
            }
        }
    }
    row.last().copied().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slip_names_the_nearest_names_and_a_stranger_lists_them_all() {
        let names = ["dtype", "dst", "fill", "mode"];
        assert_eq!(nearest("dtyp", names.iter().copied()), ["dtype"]);
        assert_eq!(nearest("DTYPE", names.iter().copied()), ["dtype"]);
        assert_eq!(
            nearest("zzzzzzzz", names.iter().copied()),
            Vec::<&str>::new()
        );
        assert_eq!(
            unknown("field", "dtyp", "Memset", names.iter().copied()),
            "unknown field `dtyp` of Memset; did you mean `dtype`?"
        );
        assert_eq!(
            unknown("member", "zzzzzzzz", "", names.iter().copied()),
            "unknown member `zzzzzzzz`; the members are `dtype`, `dst`, `fill`, `mode`"
        );
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(distance("", "abc"), 3);
    }

    #[test]
    fn the_caret_sits_under_the_token() {
        let e = ListingError {
            span: 8..12,
            message: "m".into(),
            line: "Memset  dtyp=bfloat16".into(),
        };
        assert_eq!(e.column(), 9);
        assert_eq!(
            e.snippet(3),
            "  |\n3 | Memset  dtyp=bfloat16\n  |         ^^^^"
        );
    }
}
