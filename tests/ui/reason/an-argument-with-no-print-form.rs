// A reason's argument is a value of a type with a print form (`Arg`): an integer, a hex-wrapped
// number, an enumerator. A string has none (a name belongs in the template), so it does not
// compile.
use isa::core::reason;

fn main() {
    let field = "op0";
    let _ = reason!("{} is bypass", field);
}
