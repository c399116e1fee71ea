//! Writes a small seed corpus for the fuzz targets, generated rather than committed:
//! `cargo run --manifest-path fuzz/Cargo.toml --bin seeds` fills `fuzz/corpus/<target>/` with a
//! few valid bundles of every declared op, their JSON Lines records and listing lines, and
//! TSHUF's seed-004 block as words, as text and as a word listing.

use std::fs;
use std::path::Path;

use isa_ops::pto::parse_block;
use isa_ops::sample::{SplitMix64, valid};
use isa_ops::{DECLARATIONS, decode_any};

/// Seed 004's TSHUF block.
const TSHUF: &str =
    "BSTART.SFU TSHUF, U32; B.DATR CUBE_M16; B.IOT t1, t2, pe=1, last, ->t0<4KB>; B.IOR a0; BSTOP";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let dir = |target: &str| -> std::io::Result<std::path::PathBuf> {
        let d = root.join(target);
        fs::create_dir_all(&d)?;
        Ok(d)
    };
    let (bundles, json) = (dir("decode_any")?, dir("json_lines")?);
    let listings = dir("assemble")?;
    let mut rng = SplitMix64::new(0x5EED);
    let mut n = 0;
    for decl in DECLARATIONS {
        for (k, b) in valid(decl, 4, &mut rng).iter().enumerate() {
            fs::write(bundles.join(format!("{}-{k}", decl.name)), b)?;
            let op = decode_any(b)?;
            fs::write(json.join(format!("{}-{k}", decl.name)), serde_json::to_vec(&op)?)?;
            let listing = isa_host::disassemble::<isa_host::BuiltIn>(b);
            fs::write(listings.join(format!("{}-{k}", decl.name)), listing)?;
            n += 1;
        }
    }
    let blocks = dir("decode_block")?;
    let words = parse_block(TSHUF)?.encode()?;
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    fs::write(blocks.join("tshuf-words"), bytes)?;
    fs::write(blocks.join("tshuf-text"), TSHUF)?;
    let word_listing = isa_host::disassemble_words::<isa_host::BuiltIn>(&bytes);
    fs::write(listings.join("tshuf-listing"), word_listing)?;
    println!("{n} bundles and records, 2 blocks, under {}", root.display());
    Ok(())
}
