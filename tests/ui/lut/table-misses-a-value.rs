// Every value is either mapped or listed as unmapped; `Other` is neither.
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
    }
}

fn main() {}
