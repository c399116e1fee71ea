// A derived table changes a value its base leaves unmapped: there is no code to change, and the
// message says to add it instead.
use isa_core::{enumeration, lut};

enumeration! {
    pub enum Kind: "Kind" {
        Plain = 0 => "plain",
        Other = 1 => "other",
    }
}

lut! {
    pub kind_v1: Kind { Plain => 0x01 }
    unmapped { Other }
}

lut! {
    pub kind_v2: Kind = kind_v1 {
        changed { Other => 0x02 }
    }
}

fn main() {}
