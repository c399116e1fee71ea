//! Golden expansions: the generated code for checked-in inputs, compared with the checked-in
//! output, so a change in generated code shows in review. Regenerate with `GOLDEN=overwrite`.
//!
//! `tensor_tensor` is the whole expansion of one op. Each other input is one shape of the
//! attribute language (a nibble pair, split bits, a lookup table, …), and its golden keeps only
//! what the shape decides: the wire struct, the field table's declared rows, the accessors, the
//! encode body and the checks, so that a change to one shape shows in one short file. (The
//! pieces every layout shares — the wire struct's `Debug`/`Eq`, the decode paths, the visitor
//! walk — are in the whole expansion.)

use std::path::Path;

use syn::{Item, Stmt};

fn expand_file(input: &str) -> syn::File {
    let input: syn::DeriveInput = syn::parse_str(input).expect("golden input parses");
    let tokens = isa_derive_internals::derive(&input, isa_derive_internals::runtime::default);
    syn::parse2(tokens).expect("generated code parses as a file")
}

/// Whether an item inside the generated `const _: () = { … };` belongs to a shape's golden.
fn shaped(item: &mut Item) -> bool {
    match item {
        Item::Const(c) => c.ident != "__TABLE" && c.ident != "__COVERAGE" && c.ident != "__FIXED",
        Item::Fn(_) => false,
        Item::Impl(i) => match &i.trait_ {
            None => true,
            Some((_, path, _)) if path.segments.last().is_some_and(|s| s.ident == "Bundle") => {
                i.items.retain(
                    |it| matches!(it, syn::ImplItem::Fn(f) if f.sig.ident == "encode_in_place"),
                );
                true
            }
            Some(_) => false,
        },
        _ => true,
    }
}

/// The part of an expansion a shape decides (see the module docs).
fn shape_of(mut file: syn::File) -> syn::File {
    file.items.retain_mut(|item| match item {
        Item::Struct(_) => true,
        Item::Impl(_) => false,
        Item::Const(c) => {
            if let syn::Expr::Block(b) = c.expr.as_mut() {
                b.block.stmts.retain_mut(|s| match s {
                    Stmt::Item(item) => shaped(item),
                    _ => true,
                });
            }
            true
        }
        _ => true,
    });
    file
}

fn check_with(name: &str, cut: fn(syn::File) -> syn::File) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let input = std::fs::read_to_string(dir.join(format!("{name}.in.rs"))).expect("golden input");
    let actual = prettyplease::unparse(&cut(expand_file(&input)));
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
    check_with("tensor_tensor", |file| file);
}

#[test]
fn each_shape_expands_as_its_golden_file_says() {
    for shape in [
        "nibble_pair",
        "split_bits",
        "lookup_table",
        "descriptor_slot",
        "constant",
        "reserved_gap",
        "mask_match_word",
        "multi_opcode",
        "unrecovered",
    ] {
        check_with(shape, shape_of);
    }
}
