//! What the custom ISA must not be able to declare: an op of another size than the built-in
//! ones, or an opcode or a word identity the built-in ISA already has. Each case is one file under `tests/ui/` with the compiler output it must
//! produce (regenerated with `TRYBUILD=overwrite`).

#[test]
fn conflicts_with_the_built_in_isa_do_not_compile() {
    trybuild::TestCases::new().compile_fail("tests/ui/*.rs");
}
