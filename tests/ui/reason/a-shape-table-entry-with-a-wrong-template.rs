// A table of reason shapes checks each template against its argument types when it compiles.
use isa::core::{Hex, ReasonShape};

static SHAPES: [ReasonShape; 2] = [
    ReasonShape::new::<(u8,)>("count{} is 0"),
    ReasonShape::new::<(Hex<8>, u8)>("word {} is not an address"),
];

fn main() {
    let _ = &SHAPES;
}
