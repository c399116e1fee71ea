//! Register diagrams as SVG, drawn from a layout's field table.
//!
//! One row per 32-bit little-endian word (lane), bit 31 on the left, bit 0 on the right, the
//! row's byte offset in the margin: byte `+0` of a word is its rightmost eight bits. Each field is
//! a box with its name and, under it, its type, table or constant; a field wider than a row is
//! drawn in every row it covers. Bit numbers (within the row) mark each box's edges. Reserved
//! bits are hatched; fixed bits (the opcode, constants, a word's identity) are shaded; the opaque
//! body of an op whose field map is not recovered has its own shade and says so. The border
//! shows the confidence of the position: solid for CONFIRMED (and for a field that states none),
//! long dashes for STRONG, dashes for INFERRED, dots for SPECULATIVE. A placement a public source outside the seeds disputes has a
//! thick red outline inside its border (the legend says so). Hovering a box shows its note and
//! its provenance beyond the seeds.
//!
//! A name too long for a box of at most four bits (a one-bit flag of a block word) is written
//! upright, and that row grows to hold it; a longer one is shrunk, then cut short with `…` (the
//! tooltip keeps it whole).

use std::fmt::Write as _;

use isa_core::{Confidence, FieldInfo, FieldKind, LayoutStatus};

use crate::layout::{self, BitRun, DrawnLayout, RunOwner};
use crate::render;
use crate::wavedrom::{LANE_BITS, constant_bits, split_at_lanes};

const CELL: usize = 26;
const LEFT: usize = 64;
const RIGHT: usize = 16;
const TOP: usize = 58;
/// Room above a box for its bit numbers.
const LABEL: usize = 13;
/// Room below a box.
const GAP: usize = 7;
/// Height of a box whose labels lie flat.
const BOX: usize = 38;
/// The tallest a row grows for an upright label.
const TALLEST: usize = 150;
const WIDTH: usize = LEFT + LANE_BITS * CELL + RIGHT;
const FONT: &str = "DejaVu Sans, Verdana, sans-serif";
const MONO: &str = "DejaVu Sans Mono, Menlo, monospace";
/// Average glyph width as a fraction of the font size (for fitting names in boxes).
const GLYPH: f64 = 0.62;
/// Font sizes: a name, the line under it, and the smallest either may shrink to.
const NAME_SIZE: f64 = 12.0;
const SUB_SIZE: f64 = 9.5;
const SMALLEST: f64 = 7.0;
/// Font sizes of upright labels.
const UPRIGHT_NAME: f64 = 9.5;
const UPRIGHT_SUB: f64 = 7.5;
/// Boxes this narrow (in bits) or narrower take upright labels when flat ones do not fit.
const NARROW_BITS: usize = 4;

const RESERVED: &str = "url(#hatch)";
const FIXED: &str = "#e6edf7";
const VALUE: &str = "#ffffff";
const OPAQUE: &str = "#fbf0d9";

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

/// One box to draw: a field's part over `lanes` whole rows (or within one row), and its look.
struct Part<'a> {
    seg: BitRun<'a>,
    lanes: usize,
    look: Look,
}

/// How a part is drawn.
struct Look {
    name: Option<String>,
    sub: Option<String>,
    /// More text, in a box over several rows (what is known of an unrecovered body).
    more: Option<&'static str>,
    tip: String,
    fill: &'static str,
    dash: Option<&'static str>,
    /// A public source outside the seeds disputes the placement: drawn with [`DISPUTED`].
    disputed: bool,
}

/// The outline of a box whose placement a public source disputes: a thick red border over the
/// confidence border, so that the confidence still shows.
const DISPUTED: &str = r##" stroke="#c0392b" stroke-width="3" class="disputed""##;

impl Part<'_> {
    fn lane(&self) -> usize {
        self.seg.lo / LANE_BITS
    }

    fn width(&self) -> usize {
        (self.seg.hi % LANE_BITS - self.seg.lo % LANE_BITS + 1) * CELL
    }

    /// Whether the labels lie flat: they fit at a readable size, or the box is too wide for
    /// upright labels to help.
    fn flat(&self) -> bool {
        let fits = |label: &Option<String>, size: f64, least: f64| {
            label
                .as_deref()
                .is_none_or(|l| fit(self.width(), l, size) >= least)
        };
        self.seg.bits() > NARROW_BITS
            || (fits(&self.look.name, NAME_SIZE, 8.0) && fits(&self.look.sub, SUB_SIZE, SMALLEST))
    }

    /// The box height its labels need.
    fn height(&self) -> usize {
        if self.lanes > 1 || self.flat() {
            return BOX;
        }
        let need = |label: &Option<String>, size: f64| {
            label
                .as_deref()
                .map_or(0.0, |l| l.chars().count() as f64 * GLYPH * size)
        };
        let tall = need(&self.look.name, UPRIGHT_NAME).max(need(&self.look.sub, UPRIGHT_SUB));
        (tall as usize + 12).clamp(BOX, TALLEST)
    }
}

/// The vertical extent of each row: where its box starts and how tall it is.
struct Rows {
    tops: Vec<usize>,
    heights: Vec<usize>,
}

impl Rows {
    fn new(parts: &[Part<'_>], lanes: usize) -> Self {
        let mut heights = vec![BOX; lanes];
        for p in parts {
            if let Some(h) = heights.get_mut(p.lane()) {
                *h = (*h).max(p.height());
            }
        }
        let mut tops = Vec::with_capacity(lanes);
        let mut y = TOP + LABEL;
        for h in &heights {
            tops.push(y);
            y += h + GAP + LABEL;
        }
        Self { tops, heights }
    }

    fn top(&self, lane: usize) -> usize {
        self.tops.get(lane).copied().unwrap_or(TOP + LABEL)
    }

    fn bottom(&self, lane: usize) -> usize {
        self.top(lane) + self.heights.get(lane).copied().unwrap_or(BOX)
    }

    /// Below the last row.
    fn end(&self) -> usize {
        self.tops
            .len()
            .checked_sub(1)
            .map_or(TOP, |l| self.bottom(l))
    }
}

/// The diagram of `layout`, titled with its name and identity.
pub fn register(layout: &DrawnLayout) -> String {
    let title = render::title(layout);
    let lanes = (layout.size * 8).div_ceil(LANE_BITS).max(1);
    let segments: Vec<BitRun<'_>> = layout::runs(layout.fields, layout.size)
        .iter()
        .flat_map(split_at_lanes)
        .collect();
    let merged = boxes(&segments);
    let parts: Vec<Part<'_>> = merged
        .iter()
        .enumerate()
        .map(|(i, (seg, lanes))| {
            let first = merged[..i]
                .iter()
                .all(|(p, _)| !same_owner(&p.owner, &seg.owner));
            Part {
                seg: *seg,
                lanes: *lanes,
                look: describe(layout, seg, first),
            }
        })
        .collect();
    let rows = Rows::new(&parts, lanes);
    let keys = legend_keys(layout);
    let legend_y = rows.end() + 14;
    let height = legend_y + legend_lines(&keys) * 22 + 10;

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
        escape(&title)
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
    for lane in 0..lanes {
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="11" font-family="{MONO}" fill="#444444" text-anchor="end">{:#04x}</text>"##,
            LEFT - 8,
            rows.top(lane) + BOX / 2 + 4,
            lane * 4
        );
    }
    for part in &parts {
        draw(&mut s, part, &rows);
    }
    legend(&mut s, &keys, legend_y);
    s.push_str("</svg>\n");
    s
}
/// The boxes to draw: each lane's part of a field, except that whole lanes of one field in a row
/// (a 16-byte descriptor) make one tall box. `(segment, lanes)`: the segment spans all of them.
fn boxes<'a>(parts: &[BitRun<'a>]) -> Vec<(BitRun<'a>, usize)> {
    let whole =
        |s: &BitRun<'_>| s.lo.is_multiple_of(LANE_BITS) && (s.hi + 1).is_multiple_of(LANE_BITS);
    let mut out: Vec<(BitRun<'a>, usize)> = Vec::new();
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

fn same_owner(a: &RunOwner<'_>, b: &RunOwner<'_>) -> bool {
    match (a, b) {
        (RunOwner::Row(x), RunOwner::Row(y)) => std::ptr::eq(*x, *y),
        (RunOwner::Identity { row: x, .. }, RunOwner::Identity { row: y, .. }) => {
            std::ptr::eq(*x, *y)
        }
        _ => false,
    }
}

/// Box, labels and bit numbers of one part (a part over several rows covers them whole; its
/// labels sit in the first, dotted lines mark the word boundaries).
fn draw(s: &mut String, part: &Part<'_>, rows: &Rows) {
    let (lane, last) = (part.lane(), part.lane() + part.lanes - 1);
    let (lo, hi) = (part.seg.lo % LANE_BITS, part.seg.hi % LANE_BITS);
    let x = LEFT + (LANE_BITS - 1 - hi) * CELL;
    let w = part.width();
    let y = rows.top(lane);
    let h = rows.bottom(last) - y;
    let look = &part.look;
    let _ = writeln!(s, "<g><title>{}</title>", escape(&look.tip));
    let dash = match look.dash {
        Some(d) => format!(r#" stroke-dasharray="{d}""#),
        None => String::new(),
    };
    let _ = writeln!(
        s,
        r##"<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="{}" stroke="#222222" stroke-width="1.2"{dash}/>"##,
        look.fill
    );
    if look.disputed {
        // Inside the box, so that it does not cover a neighbour's border.
        let _ = writeln!(
            s,
            r##"<rect x="{}" y="{}" width="{}" height="{}" fill="none"{DISPUTED}/>"##,
            x + 3,
            y + 3,
            w.saturating_sub(6),
            h.saturating_sub(6)
        );
    }
    // Word boundaries inside a box that covers several rows, half-way between the rows.
    for k in lane + 1..=last {
        let ly = (rows.bottom(k - 1) + rows.top(k)) / 2;
        let _ = writeln!(
            s,
            r##"<line x1="{x}" y1="{ly}" x2="{}" y2="{ly}" stroke="#c8c8c8" stroke-dasharray="2 3"/>"##,
            x + w
        );
    }
    let cx = x + w / 2;
    if part.lanes == 1 && !part.flat() {
        upright(s, cx, y + h / 2, w, h, look);
    } else {
        // Flat labels sit in the middle of a one-row box (a row may be taller than a box needs),
        // at the top of a box over several rows.
        let mid = if part.lanes == 1 {
            y + h / 2
        } else {
            y + BOX / 2
        };
        if let Some(name) = &look.name {
            text(s, cx, mid - 2, w, NAME_SIZE, name, "#000000", MONO);
        }
        if let Some(sub) = &look.sub {
            text(s, cx, mid + 12, w, SUB_SIZE, sub, "#555555", FONT);
        }
        if let (Some(more), true) = (look.more, part.lanes > 2) {
            let per_line = (w.saturating_sub(24) as f64 / (10.0 * GLYPH)) as usize;
            for (k, line) in wrap(more, per_line).iter().enumerate() {
                text(s, cx, mid + 34 + k * 15, w, 10.0, line, "#555555", FONT);
            }
        }
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

/// `text` in lines of at most `width` characters, broken at spaces.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The font size at which `label` fits `width` pixels, at most `size`.
fn fit(width: usize, label: &str, size: f64) -> f64 {
    let room = width.saturating_sub(4) as f64;
    let chars = label.chars().count().max(1) as f64;
    (room / (chars * GLYPH)).min(size)
}

/// `label` cut short with `…` to fit `room` pixels at `size`.
fn cut(label: &str, room: f64, size: f64) -> String {
    let keep = ((room / (size * GLYPH)) as usize).saturating_sub(1);
    if label.chars().count() <= keep + 1 {
        return label.to_string();
    }
    let head: String = label.chars().take(keep).collect();
    format!("{head}…")
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
    let font = fit(width, label, size);
    let (font, label) = if font >= SMALLEST {
        (font, label.to_string())
    } else {
        let room = width.saturating_sub(4) as f64;
        (SMALLEST, cut(label, room, SMALLEST))
    };
    let _ = writeln!(
        s,
        r#"<text x="{cx}" y="{y}" font-size="{font:.1}" font-family="{family}" fill="{fill}" text-anchor="middle">{}</text>"#,
        escape(&label)
    );
}

/// The labels of a narrow box written upright (reading upwards), side by side, centred on
/// (`cx`, `cy`); the row is tall enough for them unless they are longer than the tallest row.
fn upright(s: &mut String, cx: usize, cy: usize, width: usize, height: usize, look: &Look) {
    let room = height.saturating_sub(8) as f64;
    let lines: Vec<(&str, f64, &str, &str)> = [
        look.name
            .as_deref()
            .map(|n| (n, UPRIGHT_NAME, "#000000", MONO)),
        look.sub
            .as_deref()
            .map(|t| (t, UPRIGHT_SUB, "#555555", FONT)),
    ]
    .into_iter()
    .flatten()
    // Two lines need room for two: a box narrower than that keeps the name only.
    .take(if width >= 24 { 2 } else { 1 })
    .collect();
    let pitch = 10;
    // Rotated a quarter turn back, a line's glyphs stand left of its baseline, and the next line
    // comes to the right: the first baseline sits left of the centre by half the other lines.
    let first = (cx + 3).saturating_sub(pitch / 2 * (lines.len() - 1));
    for (k, (label, size, fill, family)) in lines.into_iter().enumerate() {
        let bx = first + k * pitch;
        let _ = writeln!(
            s,
            r#"<text x="{bx}" y="{cy}" transform="rotate(-90 {bx} {cy})" font-size="{size:.1}" font-family="{family}" fill="{fill}" text-anchor="middle">{}</text>"#,
            escape(&cut(label, room, size))
        );
    }
}

/// Name, second line, tooltip, fill and dash pattern of a part.
fn describe(layout: &DrawnLayout, seg: &BitRun<'_>, first: bool) -> Look {
    let bits = seg.bits();
    let place = format!(
        "byte {:#04x}, {}",
        seg.lo / 8,
        render::run_text(seg.lo, seg.hi)
    );
    match seg.owner {
        RunOwner::Unclaimed => Look {
            name: None,
            sub: None,
            more: None,
            tip: format!("reserved ({place}): no field claims these bits; they must be zero"),
            fill: RESERVED,
            dash: None,
            disputed: false,
        },
        RunOwner::Identity { value, row } => Look {
            name: Some(layout::binary_literal(value, bits)),
            sub: Some("identity".into()),
            more: None,
            tip: format!("{} ({place}): {}", row.name, render::kind_text(row)),
            fill: FIXED,
            dash: None,
            disputed: false,
        },
        RunOwner::Row(row) => {
            let mut tip = format!(
                "{} ({place}): {}, {}",
                row.name,
                render::kind_text(row),
                row.confidence.tag()
            );
            for (before, text) in [
                (". ", row.note),
                (". Agrees: ", row.corroborated),
                (". DISPUTED: ", row.disputed),
            ] {
                if !text.is_empty() {
                    tip.push_str(before);
                    tip.push_str(text);
                }
            }
            let dash = match row.confidence {
                Confidence::Confirmed | Confidence::NotStated => None,
                Confidence::Strong => Some("9 3"),
                Confidence::Inferred => Some("5 3"),
                Confidence::Speculative => Some("1.5 3"),
            };
            let label = layout::label(row);
            let name = if first {
                label
            } else {
                format!("{label} (cont.)")
            };
            let mut more = None;
            let (name, sub, fill) = match (row.kind, layout.status) {
                (FieldKind::Reserved, _) => (None, Some(row.name.to_string()), RESERVED),
                (FieldKind::Constant(v), _) => (
                    Some(format!("{:#x}", constant_bits(row, v, seg.lo, seg.hi))),
                    Some(row.name.to_string()),
                    FIXED,
                ),
                (FieldKind::Opcode, _) => (Some(name), Some(sub_label(row)), FIXED),
                // An unrecovered op has no typed field: its value rows are the opaque body.
                (FieldKind::Value, LayoutStatus::Unrecovered(known)) => {
                    tip = format!("{tip}. {known}");
                    more = Some(known);
                    let bytes = row.placement.bit_width() / 8;
                    (
                        Some(name),
                        Some(format!(
                            "field map not recovered: {bytes} bytes carried byte-exact"
                        )),
                        OPAQUE,
                    )
                }
                (FieldKind::Value | FieldKind::Identity { .. }, _) => {
                    (Some(name), Some(sub_label(row)), VALUE)
                }
            };
            Look {
                name,
                sub,
                more,
                tip,
                fill,
                dash,
                disputed: row.is_disputed(),
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

/// A legend key: fill, label, dash pattern, whether it shows the disputed outline.
type Key = (&'static str, &'static str, Option<&'static str>, bool);

/// The keys of `layout`'s legend: the confidence borders, reserved and fixed bits, and the
/// opaque body of an op whose map is not recovered.
fn legend_keys(layout: &DrawnLayout) -> Vec<Key> {
    let mut keys = vec![
        (VALUE, "CONFIRMED, or not stated", None, false),
        (VALUE, "STRONG", Some("9 3"), false),
        (VALUE, "INFERRED", Some("5 3"), false),
        (VALUE, "SPECULATIVE", Some("1.5 3"), false),
        (RESERVED, "reserved (zero)", None, false),
        (FIXED, "fixed", None, false),
    ];
    if matches!(layout.status, LayoutStatus::Unrecovered(_)) {
        keys.push((OPAQUE, "not recovered", None, false));
    }
    if layout.fields.iter().any(FieldInfo::is_disputed) {
        keys.push((
            VALUE,
            "disputed by a public source (bytes per the seeds)",
            None,
            true,
        ));
    }
    keys
}

fn key_width(label: &str) -> usize {
    34 + label.len() * 7 + 24
}

/// Lines the legend takes: keys wrap at the right margin.
fn legend_lines(keys: &[Key]) -> usize {
    let mut lines = 1;
    let mut x = LEFT;
    for (_, label, _, _) in keys {
        if x + key_width(label) > WIDTH - RIGHT + 24 {
            lines += 1;
            x = LEFT;
        }
        x += key_width(label);
    }
    lines
}

fn legend(s: &mut String, keys: &[Key], top: usize) {
    let (mut x, mut y) = (LEFT, top);
    for (fill, label, dash, disputed) in keys {
        if x + key_width(label) > WIDTH - RIGHT + 24 {
            x = LEFT;
            y += 22;
        }
        let dash = dash
            .map(|d| format!(r#" stroke-dasharray="{d}""#))
            .unwrap_or_default();
        let _ = writeln!(
            s,
            r##"<rect x="{x}" y="{y}" width="28" height="16" fill="{fill}" stroke="#222222" stroke-width="1.2"{dash}/><text x="{}" y="{}" font-size="11">{label}</text>"##,
            x + 34,
            y + 12
        );
        if *disputed {
            let _ = writeln!(
                s,
                r##"<rect x="{}" y="{}" width="22" height="10" fill="none"{DISPUTED}/>"##,
                x + 3,
                y + 3
            );
        }
        x += key_width(label);
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
        let parts: Vec<BitRun<'_>> = layout::runs(&fields, 28)
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
        let mut layout = crate::layout::tests::word_layout(&BSTART_TEPL);
        layout.name = "BSTART.TEPL <TSHUF>";
        let svg = register(&layout);
        assert!(svg.starts_with("<svg "), "{svg}");
        assert!(svg.contains("BSTART.TEPL &lt;TSHUF&gt;"), "{svg}");
        assert!(
            svg.contains(">20&apos;b00011001000110000001</text>"),
            "{svg}"
        );
        assert_eq!(
            svg.matches("<rect x=").count(),
            4 + 6,
            "four fields, six legend keys"
        );
        // DataType[31:27] is the leftmost box: bit 31 at the left margin.
        assert!(svg.contains(&format!(
            r#"<rect x="{LEFT}" y="{}" width="{}""#,
            TOP + LABEL,
            5 * CELL
        )));
    }
}
