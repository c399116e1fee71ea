//! Register diagrams as SVG, drawn from a layout's field table.
//!
//! One row per 32-bit little-endian word (lane), bit 31 on the left, bit 0 on the right, the
//! row's byte offset in the margin: byte `+0` of a word is its rightmost eight bits. Each field is
//! a box with its name and, under it, its type, table or constant; a field wider than a row is
//! drawn in every row it covers. Bit numbers (within the row) mark each box's edges. Reserved
//! bits are hatched. The border shows the confidence of the position: solid for CONFIRMED,
//! long dashes for STRONG, dashes for INFERRED, dots for SPECULATIVE. Hovering a box shows its
//! note.

use std::fmt::Write as _;

use isa_core::{Confidence, FieldInfo, FieldKind};

use crate::layout::{self, Owner, Segment};
use crate::render;
use crate::wavedrom::{LANE_BITS, constant_bits, split_at_lanes};

const CELL: usize = 22;
const LEFT: usize = 64;
const RIGHT: usize = 16;
const TOP: usize = 58;
const ROW: usize = 58;
const BOX: usize = 38;
const LABEL: usize = 13;
const WIDTH: usize = LEFT + LANE_BITS * CELL + RIGHT;
const FONT: &str = "DejaVu Sans, Verdana, sans-serif";
const MONO: &str = "DejaVu Sans Mono, Menlo, monospace";
/// Average glyph width as a fraction of the font size (for fitting names in boxes).
const GLYPH: f64 = 0.62;

/// Escapes `text` for XML character data and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// The diagram of a layout of `size` bytes, titled `title`.
pub fn register(title: &str, fields: &[FieldInfo], size: usize) -> String {
    let lanes = (size * 8).div_ceil(LANE_BITS).max(1);
    let legend_y = TOP + lanes * ROW + 8;
    let height = legend_y + 40;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="{FONT}">"#
    );
    s.push_str(concat!(
        "<defs><pattern id=\"hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" ",
        "patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" fill=\"#f2f2f2\"/>",
        "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#b8b8b8\" stroke-width=\"2\"/>",
        "</pattern></defs>\n"
    ));
    let _ = writeln!(
        s,
        r##"<rect width="{WIDTH}" height="{height}" fill="#ffffff"/>"##
    );
    let _ = writeln!(
        s,
        r#"<text x="{LEFT}" y="22" font-size="15" font-weight="bold">{}</text>"#,
        escape(title)
    );
    // Byte columns of a little-endian word: +3 on the left, +0 on the right.
    for byte in 0..LANE_BITS / 8 {
        let x = LEFT + (LANE_BITS / 8 - 1 - byte) * 8 * CELL + 4 * CELL;
        let _ = writeln!(
            s,
            r##"<text x="{x}" y="{}" font-size="10" fill="#666666" text-anchor="middle">byte +{byte}</text>"##,
            TOP - 14
        );
    }
    let segments: Vec<Segment<'_>> = layout::segments(fields, size)
        .iter()
        .flat_map(split_at_lanes)
        .collect();
    for lane in 0..lanes {
        let y = TOP + lane * ROW;
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="11" font-family="{MONO}" fill="#444444" text-anchor="end">{:#04x}</text>"##,
            LEFT - 8,
            y + LABEL + BOX / 2 + 4,
            lane * 4
        );
    }
    let boxes = boxes(&segments);
    for (i, (seg, lanes)) in boxes.iter().enumerate() {
        let first = boxes[..i]
            .iter()
            .all(|(p, _)| !same_owner(&p.owner, &seg.owner));
        draw(&mut s, seg, *lanes, first);
    }
    legend(&mut s, legend_y);
    s.push_str("</svg>\n");
    s
}

/// The boxes to draw: each lane's part of a field, except that whole lanes of one field in a row
/// (a 16-byte descriptor) make one tall box. `(segment, lanes)`: the segment spans all of them.
fn boxes<'a>(parts: &[Segment<'a>]) -> Vec<(Segment<'a>, usize)> {
    let whole =
        |s: &Segment<'_>| s.lo.is_multiple_of(LANE_BITS) && (s.hi + 1).is_multiple_of(LANE_BITS);
    let mut out: Vec<(Segment<'a>, usize)> = Vec::new();
    for part in parts {
        if let Some((prev, lanes)) = out.last_mut()
            && whole(prev)
            && whole(part)
            && prev.hi + 1 == part.lo
            && same_owner(&prev.owner, &part.owner)
        {
            prev.hi = part.hi;
            *lanes += 1;
            continue;
        }
        out.push((*part, 1));
    }
    out
}

fn same_owner(a: &Owner<'_>, b: &Owner<'_>) -> bool {
    match (a, b) {
        (Owner::Row(x), Owner::Row(y)) => std::ptr::eq(*x, *y),
        (Owner::Identity { row: x, .. }, Owner::Identity { row: y, .. }) => std::ptr::eq(*x, *y),
        _ => false,
    }
}

/// Box, labels and bit numbers of one field's part in `lanes` rows (a part in several rows
/// covers them whole; its labels sit in the first, dotted lines mark the word boundaries).
fn draw(s: &mut String, seg: &Segment<'_>, lanes: usize, first: bool) {
    let lane = seg.lo / LANE_BITS;
    let (lo, hi) = (seg.lo % LANE_BITS, seg.hi % LANE_BITS);
    let x = LEFT + (LANE_BITS - 1 - hi) * CELL;
    let w = (hi - lo + 1) * CELL;
    let y = TOP + lane * ROW + LABEL;
    let h = BOX + (lanes - 1) * ROW;
    let (name, sub, tip, fill, dash) = describe(seg, first);
    let _ = writeln!(s, "<g><title>{}</title>", escape(&tip));
    let dash = match dash {
        Some(d) => format!(r#" stroke-dasharray="{d}""#),
        None => String::new(),
    };
    let _ = writeln!(
        s,
        r##"<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="{fill}" stroke="#222222" stroke-width="1.2"{dash}/>"##
    );
    // Word boundaries inside a box that covers several rows.
    for k in 1..lanes {
        let ly = y + k * ROW - (ROW - BOX) / 2;
        let _ = writeln!(
            s,
            r##"<line x1="{x}" y1="{ly}" x2="{}" y2="{ly}" stroke="#c8c8c8" stroke-dasharray="2 3"/>"##,
            x + w
        );
    }
    let cx = x + w / 2;
    if let Some(name) = name {
        text(s, cx, y + 17, w, 12.0, &name, "#000000", MONO);
    }
    if let Some(sub) = sub {
        text(s, cx, y + 31, w, 9.5, &sub, "#555555", FONT);
    }
    // Bit numbers within the row at the box's edges.
    let ly = y - 3;
    let _ = writeln!(
        s,
        r##"<text x="{}" y="{ly}" font-size="9" fill="#666666">{hi}</text>"##,
        x + 2
    );
    if hi != lo {
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{ly}" font-size="9" fill="#666666" text-anchor="end">{lo}</text>"##,
            x + w - 2
        );
    }
    s.push_str("</g>\n");
}

/// A centred label, shrunk to fit `width` pixels, and cut short (with `…`) when even the smallest
/// size does not fit; the box's tooltip has the whole name.
#[allow(clippy::too_many_arguments)]
fn text(
    s: &mut String,
    cx: usize,
    y: usize,
    width: usize,
    size: f64,
    label: &str,
    fill: &str,
    family: &str,
) {
    const SMALLEST: f64 = 7.0;
    let room = width.saturating_sub(4) as f64;
    let chars = label.chars().count();
    let fit = (room / (chars as f64 * GLYPH)).min(size);
    let (font, label) = if fit >= SMALLEST {
        (fit, label.to_string())
    } else {
        let keep = ((room / (SMALLEST * GLYPH)) as usize).saturating_sub(1);
        let cut: String = label.chars().take(keep).collect();
        (SMALLEST, format!("{cut}…"))
    };
    let _ = writeln!(
        s,
        r#"<text x="{cx}" y="{y}" font-size="{font:.1}" font-family="{family}" fill="{fill}" text-anchor="middle">{}</text>"#,
        escape(&label)
    );
}

type Look = (
    Option<String>,
    Option<String>,
    String,
    &'static str,
    Option<&'static str>,
);

/// Name, second line, tooltip, fill and dash pattern of a part.
fn describe(seg: &Segment<'_>, first: bool) -> Look {
    const RESERVED: &str = "url(#hatch)";
    const FIXED: &str = "#e6edf7";
    const VALUE: &str = "#ffffff";
    let bits = seg.bits();
    let place = format!(
        "byte {:#04x}, {}",
        seg.lo / 8,
        render::run_text(seg.lo, seg.hi)
    );
    match seg.owner {
        Owner::Unclaimed => (
            None,
            None,
            format!("reserved ({place}): no field claims these bits; they must be zero"),
            RESERVED,
            None,
        ),
        Owner::Identity { value, row } => (
            Some(layout::binary_literal(value, bits)),
            Some("identity".into()),
            format!("{} ({place}): {}", row.name, render::kind_text(row)),
            FIXED,
            None,
        ),
        Owner::Row(row) => {
            let tip = {
                let mut t = format!(
                    "{} ({place}): {}, {}",
                    row.name,
                    render::kind_text(row),
                    row.confidence.tag()
                );
                if !row.note.is_empty() {
                    t.push_str(". ");
                    t.push_str(row.note);
                }
                t
            };
            let dash = match row.confidence {
                Confidence::Confirmed => None,
                Confidence::Strong => Some("9 3"),
                Confidence::Inferred => Some("5 3"),
                Confidence::Speculative => Some("1.5 3"),
            };
            let name = if first {
                row.name.to_string()
            } else {
                format!("{} (cont.)", row.name)
            };
            match row.kind {
                FieldKind::Reserved => (None, Some(row.name.to_string()), tip, RESERVED, dash),
                FieldKind::Constant(v) => (
                    Some(format!("{:#x}", constant_bits(row, v, seg.lo, seg.hi))),
                    Some(row.name.to_string()),
                    tip,
                    FIXED,
                    dash,
                ),
                FieldKind::Opcode => (Some(name), Some(sub_label(row)), tip, FIXED, dash),
                FieldKind::Value | FieldKind::Identity { .. } => {
                    (Some(name), Some(sub_label(row)), tip, VALUE, dash)
                }
            }
        }
    }
}

/// The line under a field's name: its table, else its type.
fn sub_label(row: &FieldInfo) -> String {
    match row.lut {
        Some(t) => t.name.to_string(),
        None => row.ty.to_string(),
    }
}

fn legend(s: &mut String, y: usize) {
    let items: [(&str, &str, Option<&str>); 5] = [
        ("#ffffff", "CONFIRMED", None),
        ("#ffffff", "STRONG", Some("9 3")),
        ("#ffffff", "INFERRED", Some("5 3")),
        ("#ffffff", "SPECULATIVE", Some("1.5 3")),
        ("url(#hatch)", "reserved (zero)", None),
    ];
    let mut x = LEFT;
    for (fill, label, dash) in items {
        let dash = dash
            .map(|d| format!(r#" stroke-dasharray="{d}""#))
            .unwrap_or_default();
        let _ = writeln!(
            s,
            r##"<rect x="{x}" y="{y}" width="28" height="16" fill="{fill}" stroke="#222222" stroke-width="1.2"{dash}/><text x="{}" y="{}" font-size="11">{label}</text>"##,
            x + 34,
            y + 12
        );
        x += 34 + label.len() * 7 + 24;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::tests::BSTART_TEPL;

    #[test]
    fn whole_words_of_one_field_are_one_box_and_partial_words_are_not() {
        use crate::layout::tests::row;
        use isa_core::Placement;
        let fields = [
            row("desc", 4, Placement::Bytes { len: 16 }, FieldKind::Value),
            row("tail", 21, Placement::Bytes { len: 6 }, FieldKind::Value),
        ];
        let parts: Vec<Segment<'_>> = layout::segments(&fields, 28)
            .iter()
            .flat_map(split_at_lanes)
            .collect();
        let drawn: Vec<(usize, usize, usize)> = boxes(&parts)
            .iter()
            .map(|(s, lanes)| (s.lo, s.hi, *lanes))
            .collect();
        assert_eq!(
            drawn,
            [
                (0, 31, 1),    // reserved word 0x00
                (32, 159, 4),  // desc: four whole words, one box
                (160, 167, 1), // reserved byte 0x14
                (168, 191, 1), // tail, first word
                (192, 215, 1), // tail, second word
                (216, 223, 1), // reserved byte 0x1b
            ]
        );
    }

    #[test]
    fn markup_characters_are_escaped() {
        assert_eq!(
            escape(r#"a<b & "c" 'd'>"#),
            "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;"
        );
    }

    #[test]
    fn a_word_is_one_row_with_its_identity_literal() {
        let svg = register("BSTART.TEPL <TSHUF>", &BSTART_TEPL, 4);
        assert!(svg.starts_with("<svg "), "{svg}");
        assert!(svg.contains("BSTART.TEPL &lt;TSHUF&gt;"), "{svg}");
        assert!(
            svg.contains(">20&apos;b00011001000110000001</text>"),
            "{svg}"
        );
        assert_eq!(
            svg.matches("<rect x=").count(),
            4 + 5,
            "four fields, five legend keys"
        );
        // DataType[31:27] is the leftmost box: bit 31 at the left margin.
        assert!(svg.contains(&format!(
            r#"<rect x="{LEFT}" y="{}" width="{}""#,
            TOP + LABEL,
            5 * CELL
        )));
    }
}
