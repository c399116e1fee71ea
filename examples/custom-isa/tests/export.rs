//! The crate's own command exports its ISA: the built-in ops and words with its own.

use std::process::Command;

#[test]
fn the_json_export_lists_the_custom_members() {
    let out = Command::new(env!("CARGO_BIN_EXE_custom-isa"))
        .args(["export", "--format", "json"])
        .output()
        .expect("custom-isa runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let catalog: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(catalog["isa"], "custom-isa");
    let names = |family: &str| -> Vec<String> {
        catalog[family]["members"]
            .as_array()
            .map(|m| {
                m.iter()
                    .filter_map(|m| m["name"].as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default()
    };
    assert!(
        names("bundles").iter().any(|n| n == "TensorMax"),
        "{:?}",
        names("bundles")
    );
    assert!(names("bundles").iter().any(|n| n == "TensorTensor"));
    assert!(
        names("words").iter().any(|n| n == "B.SCALE"),
        "{:?}",
        names("words")
    );
}
