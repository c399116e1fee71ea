// Two declarations claim opcode 0x41: the dispatch table refuses to build.
use isa::Bundle;
use isa_ops::dispatch::{Declaration, opcode_table};

#[derive(Bundle)]
#[bundle(size = 64, opcodes = [0x41])]
struct First {
    #[field(offset = 0x0C)]
    value: u8,
}

#[derive(Bundle)]
#[bundle(size = 64, opcodes = [0x9A, 0x41])]
struct Second {
    #[field(opcode)]
    opcode: u8,
    #[field(offset = 0x0C)]
    value: u8,
}

const TABLE: [u8; 256] = opcode_table(&[Declaration::of::<First>(), Declaration::of::<Second>()]);

fn main() {
    let _ = TABLE;
}
