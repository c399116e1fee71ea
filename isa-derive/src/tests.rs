//! Golden expansion: the generated code for checked-in inputs, compared with the checked-in
//! output, so a change in generated code shows in review. Regenerate with `GOLDEN=overwrite`.

use std::path::Path;

fn expand_file(input: &str) -> String {
    let input: syn::DeriveInput = syn::parse_str(input).expect("golden input parses");
    let tokens = crate::expand::derive(&input, crate::runtime::default);
    let file: syn::File = syn::parse2(tokens).expect("generated code parses as a file");
    prettyplease::unparse(&file)
}

fn check(name: &str) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let input = std::fs::read_to_string(dir.join(format!("{name}.in.rs"))).expect("golden input");
    let actual = expand_file(&input);
    let path = dir.join(format!("{name}.expanded.rs"));
    if std::env::var("GOLDEN").as_deref() == Ok("overwrite") {
        std::fs::write(&path, &actual).expect("write golden output");
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        expected == actual,
        "generated code for {name} changed; review it and regenerate with GOLDEN=overwrite\n{actual}"
    );
}

#[test]
fn tensor_tensor_expansion_matches_the_golden_file() {
    check("tensor_tensor");
}
