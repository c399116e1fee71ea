// A derived table adds a value its base already maps: that is a change, not an addition.
use isa_core::{enumeration, lut};

enumeration! {
    pub enum Kind: "Kind" {
        Plain = 0 => "plain",
        Other = 1 => "other",
    }
}

lut! {
    pub kind_v1: Kind { Plain => 0x01, Other => 0x02 }
}

lut! {
    pub kind_v2: Kind = kind_v1 {
        added { Plain => 0x03 }
    }
}

fn main() {}
