//! The Python module: standard library only, Python 3.9 or later. It carries the catalog and
//! reads it: per member a decoder over `bytes`/`memoryview` that gives the object
//! `isa decode --json` writes — the member's dictionary (same keys and values, table and
//! enumeration values by name, nested values as dictionaries and lists), or, for bytes the Rust
//! decoder refuses (checked in its order: identity, fixed bytes, reserved bits, each value's
//! code), bytes that would not encode back the same and trailing bytes, the raw record with the
//! same `reason` — an encoder back to bytes (a raw record byte for byte), and iterators over a
//! stream of bundles or of words.

use std::fmt::Write as _;

use super::c::ident;
use super::catalog::Catalog;
use crate::error::CliError;

const RUNTIME: &str = r#"
def _bits(b, piece):
    offset, lo, hi, value_lo = piece["offset"], piece["lo"], piece["hi"], piece["value_lo"]
    word = int.from_bytes(bytes(b[offset:offset + hi // 8 + 1]), "little")
    return ((word >> lo) & ((1 << (hi - lo + 1)) - 1)) << value_lo


def _put(out, piece, value):
    offset, lo, hi, value_lo = piece["offset"], piece["lo"], piece["hi"], piece["value_lo"]
    n = hi // 8 + 1
    width = hi - lo + 1
    mask = ((1 << width) - 1) << lo
    word = int.from_bytes(bytes(out[offset:offset + n]), "little")
    word = (word & ~mask) | (((value >> value_lo) << lo) & mask)
    out[offset:offset + n] = word.to_bytes(n, "little")


def _width(spec):
    return sum(p["hi"] - p["lo"] + 1 for p in spec["pieces"])


def _read(b, spec):
    shape = spec["shape"]
    kind = shape["kind"]
    if kind == "layout":
        return {m["name"]: _read(b, m) for m in shape["members"]}
    if kind == "sequence":
        return [_read(b, item) for item in shape["items"]]
    if kind == "bytes":
        p = spec["pieces"][0]
        return bytes(b[p["offset"]:p["offset"] + _width(spec) // 8]).hex()
    value = 0
    for piece in spec["pieces"]:
        value |= _bits(b, piece)
    if kind in ("unsigned", "address"):
        return value
    if kind == "signed":
        sign = 1 << (_width(spec) - 1)
        return value - (sign << 1) if value & sign else value
    if kind == "bool":
        if value > 1:
            raise ValueError(f"{spec['name']}: {value} is not a flag")
        return value == 1
    names = _CODE_NAMES[shape["table"]] if kind == "code" else {n["code"]: n["name"] for n in shape["names"]}
    if value not in names:
        raise ValueError(f"{spec['name']}: code {value} has no name")
    return names[value]


def _write(out, spec, value):
    shape = spec["shape"]
    kind = shape["kind"]
    if kind == "layout":
        for m in shape["members"]:
            _write(out, m, value[m["name"]])
        return
    if kind == "sequence":
        for item, v in zip(shape["items"], value):
            _write(out, item, v)
        return
    if kind == "bytes":
        p = spec["pieces"][0]
        raw = bytes.fromhex(value)
        out[p["offset"]:p["offset"] + len(raw)] = raw
        return
    if kind == "bool":
        value = 1 if value else 0
    elif kind == "code":
        value = _NAME_CODES[shape["table"]][value]
    elif kind == "name":
        value = {n["name"]: n["code"] for n in shape["names"]}[value]
    for piece in spec["pieces"]:
        _put(out, piece, value & ((1 << 64) - 1))


def _member_of(family, b):
    if family is BUNDLES:
        for m in family["members"]:
            if b[0] in m["identity"]["opcodes"]:
                return m
        return None
    word = int.from_bytes(bytes(b[:4]), "little")
    for m in family["members"]:
        ident = m["identity"]
        if word & ident["mask"] == ident["value"]:
            return m
    return None


def _set_bits(bits):
    """`bit 7`, `bits 0 and 3`, `bits 0, 1 and 5`."""
    on = [str(k) for k in range(8) if bits >> k & 1]
    if len(on) == 1:
        return "bit " + on[0]
    return "bits " + ", ".join(on[:-1]) + " and " + on[-1]


def _unknown(family, b):
    """Why no member claims `b`, as `decode --json` says it."""
    if family is BUNDLES:
        known = ", ".join(f"{op:#04x}" for op in _KNOWN_OPCODES)
        return f"cannot decode bundle: field `opcode` at byte 0x00: opcode {b[0]:#04x} is not one of [{known}]"
    word = int.from_bytes(bytes(b[:4]), "little")
    return f"word {word:#010x} is not a declared word: no mask/match identity matches"


def _value_code(b, spec):
    value = 0
    for piece in spec["pieces"]:
        value |= _bits(b, piece)
    return value


def refusal(family, b):
    """Why the Rust decoder refuses the member at the start of `b` (whole), or None when it
    decodes: the first of the identity, the fixed bytes, the reserved bits and the fields'
    codes, in that order."""
    m = _member_of(family, b)
    if m is None:
        return _unknown(family, b)
    at = f"cannot decode {m['name']}: field"
    for fixed in m["fixed"]:
        found = int.from_bytes(bytes(b[fixed["offset"]:fixed["offset"] + fixed["len"]]), "little")
        if found != fixed["value"]:
            return (f"{at} `{fixed['name']}` at byte {fixed['offset']:#04x}: constant is {found:#x}; "
                    f"it must be {fixed['value']:#x}")
    for res in m["reserved"]:
        byte, mask = b[res["offset"]], res["mask"]
        if byte & mask:
            return (f"{at} `reserved` at byte {res['offset']:#04x}: reserved bits are set: "
                    f"{_set_bits(byte & mask)} (the byte reads {byte:#04x}; its reserved bits, mask "
                    f"{mask:#04x}, belong to no field and must be zero)")
    for spec in m["values"]:
        why = spec.get("refusal")
        if why is not None and not _names_code(spec, _value_code(b, spec)):
            return (f"{at} `{why['field']}` at byte {why['byte']:#04x}: "
                    f"code {_value_code(b, spec):#x}{why['reason_tail']}")
    return None


def _names_code(spec, code):
    shape = spec["shape"]
    if shape["kind"] == "bool":
        return code <= 1
    if shape["kind"] == "code":
        return code in _CODE_NAMES[shape["table"]]
    return any(n["code"] == code for n in shape.get("names", []))


def _raw(offset, b, reason):
    return {"offset": offset, "raw": bytes(b).hex(), "reason": reason}


def decode(family, b, offset=0):
    """The object `decode --json` writes for the member at the start of `b`: its dictionary, or
    a raw record (`offset`, `raw`, `reason`) for bytes the Rust decoder refuses, for bytes that
    would not encode back the same, and for fewer bytes than a member."""
    width = family["width"]
    b = bytes(b[:width])
    if len(b) < width:
        what = f"{width}-byte bundle" if family is BUNDLES else "32-bit word"
        return _raw(offset, b, f"{len(b)} trailing bytes at offset {offset:#x} do not make a {what}")
    why = refusal(family, b)
    if why is not None:
        return _raw(offset, b, why)
    m = _member_of(family, b)
    out = {"offset": offset, family["tag"]: m["serde_tag"]}
    for spec in m["values"]:
        out[spec["name"]] = _read(b, spec)
    again = encode(family, out)
    if again == b:
        return out
    if family is BUNDLES:
        return _raw(offset, b, f"decodes as {m['name']} but encodes back to other bytes; they are kept as they are")
    word = int.from_bytes(again, "little")
    return _raw(offset, b, f"decodes as {m['name']} but encodes back as {word:#010x}")


def encode(family, record):
    """The bytes of an object as `decode` gives it (its `offset` is ignored): a raw record's
    bytes as they are, a member's from its values."""
    if "raw" in record:
        return bytes.fromhex(record["raw"])
    tag = record[family["tag"]]
    m = next(m for m in family["members"] if m["serde_tag"] == tag)
    out = bytearray(m["size"])
    ident = m["identity"]
    if ident["kind"] == "opcodes":
        out[0] = ident["opcodes"][0]
    else:
        out[0:4] = ident["value"].to_bytes(4, "little")
    for fixed in m["fixed"]:
        out[fixed["offset"]:fixed["offset"] + fixed["len"]] = fixed["value"].to_bytes(fixed["len"], "little")
    for spec in m["values"]:
        _write(out, spec, record[spec["name"]])
    return bytes(out)


def _stream(family, data):
    view = memoryview(data)
    width = family["width"]
    for offset in range(0, len(view), width):
        yield decode(family, view[offset:offset + width], offset)


def iter_bundles(data):
    """Each bundle of a stream as `decode` gives it, trailing bytes as a last raw record."""
    return _stream(BUNDLES, data)


def iter_words(data):
    """Each 32-bit word of a stream on its own as `decode` gives it, trailing bytes as a last
    raw record."""
    return _stream(WORDS, data)


def encode_bundles(records):
    """The bytes of a stream of bundle objects, in order: `iter_bundles` undone."""
    return b"".join(encode(BUNDLES, r) for r in records)


def encode_words(records):
    """The bytes of a stream of word objects, in order: `iter_words` undone."""
    return b"".join(encode(WORDS, r) for r in records)


def decode_bundle(b, offset=0):
    """The bundle at the start of `b`."""
    return decode(BUNDLES, b, offset)


def decode_word(b, offset=0):
    """The word at the start of `b`."""
    return decode(WORDS, b, offset)


def encode_bundle(record):
    """A bundle's bytes."""
    return encode(BUNDLES, record)


def encode_word(record):
    """A word's bytes."""
    return encode(WORDS, record)
"#;

/// The module for `catalog`.
pub fn module(catalog: &Catalog) -> Result<String, CliError> {
    let mut out = String::new();
    let _ = write!(
        out,
        "\"\"\"The layouts of `{isa}`, generated by `{isa} export --format python` from its field tables.\n\n\
         Standard library only, Python 3.9 or later. `decode_bundle`/`decode_word` give the object\n\
         `{isa} decode --json` writes (a raw record, `offset`/`raw`/`reason`, for bytes it refuses),\n\
         `encode_bundle`/`encode_word` the bytes back (a raw record's byte for byte), `iter_bundles`/\n\
         `iter_words` walk a stream and `encode_bundles`/`encode_words` undo them; `decode_<member>`\n\
         and `encode_<member>` name one member.\n\"\"\"\n\n\
         import json\n\n",
        isa = catalog.isa
    );
    let _ = writeln!(
        out,
        "BUNDLES = json.loads({})",
        py_str(&to_json(&catalog.bundles)?)
    );
    let _ = writeln!(
        out,
        "WORDS = json.loads({})",
        py_str(&to_json(&catalog.words)?)
    );
    let _ = writeln!(
        out,
        "TABLES = json.loads({})",
        py_str(&to_json(&catalog.tables)?)
    );
    out.push_str(
        "_CODE_NAMES = {t[\"name\"]: {c[\"code\"]: c[\"canonical\"] for c in t[\"codes\"]} for t in TABLES}\n\
         _NAME_CODES = {t[\"name\"]: {e[\"name\"]: e[\"code\"] for e in t[\"entries\"]} for t in TABLES}\n\
         _KNOWN_OPCODES = sorted({op for m in BUNDLES[\"members\"] for op in m[\"identity\"][\"opcodes\"]})\n",
    );
    out.push_str(RUNTIME);
    for (fam, var) in [(&catalog.bundles, "BUNDLES"), (&catalog.words, "WORDS")] {
        for (i, m) in fam.members.iter().enumerate() {
            let f = ident(&m.name);
            let _ = write!(
                out,
                "\n\ndef decode_{f}(b, offset=0):\n    \"\"\"{name} at the start of `b`, as `decode` gives it (None when `b` is another member's).\"\"\"\n    \
                 m = _member_of({var}, b) if len(b) >= {var}[\"width\"] else None\n    \
                 return decode({var}, b, offset) if m is {var}[\"members\"][{i}] else None\n\n\n\
                 def encode_{f}(record):\n    \"\"\"The bytes of a {name} dictionary.\"\"\"\n    return encode({var}, record)\n",
                name = m.name.replace('"', "'"),
            );
        }
    }
    Ok(out)
}

/// A Python string literal (JSON's escapes are Python's).
fn py_str(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_default()
}

/// A value as compact JSON.
fn to_json<T: serde::Serialize>(value: &T) -> Result<String, CliError> {
    serde_json::to_string(value).map_err(|e| CliError::Export {
        what: format!("the catalog: {e}"),
    })
}
