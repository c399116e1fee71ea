// A reason whose template has two placeholders for one argument does not compile.
use isa::core::reason;

fn main() {
    let count = 3u32;
    let _ = reason!("walks {} elements; the output walks {}", count);
}
