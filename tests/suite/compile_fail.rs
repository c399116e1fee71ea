//! Mistakes that must not compile (layouts, families, validator reasons), one per file under
//! `tests/ui/<category>/`, each with the compiler output it must produce (`.stderr`,
//! regenerated with `TRYBUILD=overwrite`).

#[test]
fn layout_mistakes_do_not_compile() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*/*.rs");
}
