// Two values share code 0x03 and neither is named canonical: decoding 0x03 would be a guess.
use isa_core::{enumeration, lut};

enumeration! {
    pub enum Kind: "Kind" {
        Plain = 0 => "plain",
        Other = 1 => "other",
    }
}

lut! {
    pub kind_tag: Kind {
        Plain => 0x03,
        Other => 0x03,
    }
}

fn main() {}
