//! No import circles between modules: in every crate of the workspace, the graph of which module
//! uses which is acyclic, so that each module sits above the modules it uses and below those that
//! use it (an error type below what raises it, a dispatcher above the ops it dispatches).
//!
//! The graph is read from the sources, one node per file (`src/a/b.rs` and `src/a/b/mod.rs` are
//! module `a::b`; an inline `mod tests { … }` belongs to its file). The rule of what is an edge:
//!
//! - A module uses another when its code names a path into it: a `use` item (`use crate::…`,
//!   `use super::…`, `use self::…`, `use child::…`) or a path written in the code (`crate::a::f()`,
//!   `$crate::a::T` in a macro, `super::T`, `child::f()`). Test modules inside a file count: they are
//!   compiled with it.
//! - A module's use of its own ancestors (`super::T`, `crate::T` for an item the crate root
//!   defines, `use super::*` in a test module) is not an edge: a child module is a part of its
//!   parent, written in its own file, and sees the parent's items as its context (Rust gives it
//!   the parent's private items for that reason). A parent's use of its child is an edge, and so
//!   is every use between siblings or unrelated modules: `pto::error` and `pto::tile` using each
//!   other is a circle, `pto` using `pto::tile` while `pto::tile` reads `pto`'s items is not.
//! - Declaring a child (`mod child;`) is not a use, and neither is a re-export (`pub use`,
//!   `pub(crate) use`): a path through a re-export is followed to the module the item comes from,
//!   so a facade (`lib.rs` re-exporting its modules) is not a node every path runs through.
//! - Comments, doc links and strings are not code and are not read.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Every crate of the workspace, whose module graphs must be acyclic, as folders below the root
/// (`.` is the facade). [`the_list_is_every_member_of_the_workspace`] holds it to the root
/// manifest, so a new crate cannot go unchecked.
const CRATES: &[&str] = &[
    ".",
    "isa-core",
    "isa-derive",
    "isa-derive-internals",
    "isa-ops",
    "isa-sim",
    "isa-host",
    "isa-cli",
    "isa-py",
    "isa-py/module",
    "isa-bench",
    "isa-bench/compile/derived",
    "isa-bench/compile/hand",
    "isa-bench/compile/generate",
];

/// The members the root `Cargo.toml` lists, and the root (the facade) itself.
fn members() -> Vec<String> {
    let manifest = fs::read_to_string(root().join("Cargo.toml")).expect("the root manifest");
    let members = manifest
        .lines()
        .find_map(|l| l.trim().strip_prefix("members = ["))
        .expect("a `members = [...]` line in the root manifest");
    let mut crates: Vec<String> = members
        .trim_end_matches(']')
        .split(',')
        .map(|m| m.trim().trim_matches('"').to_string())
        .filter(|m| !m.is_empty())
        .collect();
    crates.push(".".into());
    crates
}

#[test]
fn the_list_is_every_member_of_the_workspace() {
    let mut listed: Vec<String> = CRATES.iter().map(|c| c.to_string()).collect();
    let mut members = members();
    listed.sort();
    members.sort();
    assert_eq!(
        listed, members,
        "CRATES and the root manifest's members differ"
    );
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A module path below the crate root (`[]` is the root).
type ModPath = Vec<String>;

/// One token of Rust source with its line.
#[derive(Debug, Clone, PartialEq)]
struct Tok {
    text: String,
    line: usize,
}

/// Splits source into identifiers (`$crate` is one), `::` and single punctuation, without
/// comments, string, char and number literals.
fn tokens(src: &str) -> Vec<Tok> {
    let chars: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    line += usize::from(chars[i] == '\n');
                    i += 1;
                }
            }
        } else if let Some(end) = raw_string_end(&chars, i) {
            line += chars[i..end].iter().filter(|c| **c == '\n').count();
            i = end;
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                line += usize::from(chars[i] == '\n');
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
        } else if c == '\'' {
            // A char literal ('x', '\n', '\u{..}') or a lifetime ('a), which is skipped.
            if next == Some('\\') {
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if chars.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
                while i < chars.len() && ident(chars[i]) {
                    i += 1;
                }
            }
        } else if c.is_ascii_digit() {
            while i < chars.len() && ident(chars[i]) {
                i += 1;
            }
        } else if ident(c) || (c == '$' && next.is_some_and(ident)) {
            let start = i;
            i += 1;
            while i < chars.len() && ident(chars[i]) {
                i += 1;
            }
            let text: String = chars[start..i].iter().collect();
            let text = text.strip_prefix("r#").unwrap_or(&text).to_string();
            out.push(Tok { text, line });
        } else if c == ':' && next == Some(':') {
            out.push(Tok {
                text: "::".into(),
                line,
            });
            i += 2;
        } else {
            out.push(Tok {
                text: c.to_string(),
                line,
            });
            i += 1;
        }
    }
    out
}

/// Where a raw string (`r"…"`, `r#"…"#`, `br"…"`) starting at `i` ends, if one starts there.
fn raw_string_end(chars: &[char], i: usize) -> Option<usize> {
    if i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_') {
        return None;
    }
    let mut j = i;
    if chars.get(j) == Some(&'b') {
        j += 1;
    }
    if chars.get(j) != Some(&'r') {
        return None;
    }
    j += 1;
    let hashes = chars[j..].iter().take_while(|c| **c == '#').count();
    j += hashes;
    if chars.get(j) != Some(&'"') {
        return None;
    }
    j += 1;
    while j < chars.len() {
        if chars[j] == '"' && chars[j + 1..].iter().take(hashes).all(|c| *c == '#') {
            return Some(j + 1 + hashes);
        }
        j += 1;
    }
    Some(chars.len())
}

/// A path named in one module, before resolution: where it starts and its segments.
#[derive(Debug, Clone)]
struct Named {
    /// The module (file plus inline modules) the path is written in.
    scope: ModPath,
    /// The path as written (`crate`, `super`, `self`, a child's name, then segments; `*` for a
    /// glob).
    segments: Vec<String>,
    /// The line it is written on.
    line: usize,
    /// Written in `pub use`: a re-export, not a use.
    reexport: Option<String>,
}

/// One source file read as a module.
#[derive(Debug)]
struct Module {
    file: PathBuf,
    /// Children declared with `mod name;`.
    children: BTreeSet<String>,
    /// Names the module defines (items and macros), for resolving glob re-exports.
    defines: BTreeSet<String>,
    named: Vec<Named>,
}

/// Reads one module's source: its declared children, definitions and named paths.
fn read_module(path: &ModPath, file: PathBuf, src: &str) -> Module {
    let toks = tokens(src);
    let mut module = Module {
        file,
        children: BTreeSet::new(),
        defines: BTreeSet::new(),
        named: Vec::new(),
    };
    // The inline modules open at each brace depth.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0;
    let mut i = 0;
    let text = |k: usize| toks.get(k).map_or("", |t| t.text.as_str());
    while i < toks.len() {
        let scope: ModPath = path
            .iter()
            .cloned()
            .chain(inline.iter().map(|(n, _)| n.clone()))
            .collect();
        match text(i) {
            "{" => depth += 1,
            "}" => {
                depth -= 1;
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
            }
            "mod" if text(i + 2) == ";" && inline.is_empty() => {
                module.children.insert(text(i + 1).to_string());
            }
            "mod" if text(i + 2) == "{" => {
                inline.push((text(i + 1).to_string(), depth));
                depth += 1;
                i += 3;
                continue;
            }
            "struct" | "enum" | "trait" | "fn" | "type" | "const" | "static" | "union" => {
                module.defines.insert(text(i + 1).to_string());
            }
            "macro_rules" if text(i + 1) == "!" => {
                module.defines.insert(text(i + 2).to_string());
            }
            "use" => {
                let public = text(i.wrapping_sub(1)) == "pub"
                    || (text(i.wrapping_sub(1)) == ")" && text(i.wrapping_sub(4)) == "pub");
                let (line, mut leaves) = (toks[i].line, Vec::new());
                i = use_tree(&toks, i + 1, Vec::new(), &mut leaves);
                for (segments, alias) in leaves {
                    module.named.push(Named {
                        scope: scope.clone(),
                        segments,
                        line,
                        reexport: public.then_some(alias),
                    });
                }
                continue;
            }
            word if text(i + 1) == "::" && text(i.wrapping_sub(1)) != "::" => {
                let rooted = matches!(word, "crate" | "$crate" | "super" | "self");
                if rooted || (inline.is_empty() && module.children.contains(word)) {
                    let mut segments = vec![word.to_string()];
                    let mut k = i + 1;
                    while text(k) == "::" && is_ident(text(k + 1)) {
                        segments.push(text(k + 1).to_string());
                        k += 2;
                    }
                    module.named.push(Named {
                        scope,
                        segments,
                        line: toks[i].line,
                        reexport: None,
                    });
                    i = k;
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
    module
}

fn is_ident(text: &str) -> bool {
    text.chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_' || c == '$')
}

/// Reads one use tree from `i` (after `use`, or inside braces) into `leaves` (each leaf's full
/// path and the name it binds); returns the index after the tree and its `;`.
fn use_tree(
    toks: &[Tok],
    mut i: usize,
    mut prefix: Vec<String>,
    leaves: &mut Vec<(Vec<String>, String)>,
) -> usize {
    let text = |k: usize| toks.get(k).map_or("", |t| t.text.as_str());
    if text(i) == "::" {
        i += 1;
    }
    loop {
        match text(i) {
            "{" => {
                i += 1;
                while !matches!(text(i), "}" | "") {
                    i = use_tree(toks, i, prefix.clone(), leaves);
                    if text(i) == "," {
                        i += 1;
                    }
                }
                i += 1;
                break;
            }
            "*" => {
                prefix.push("*".into());
                leaves.push((prefix.clone(), "*".into()));
                i += 1;
                break;
            }
            word if is_ident(word) => {
                prefix.push(word.to_string());
                i += 1;
                if text(i) == "::" {
                    i += 1;
                    continue;
                }
                let mut alias = word.to_string();
                if text(i) == "as" {
                    alias = text(i + 1).to_string();
                    i += 2;
                }
                if alias == "self" {
                    alias = prefix[prefix.len() - 2].clone();
                    prefix.pop();
                }
                leaves.push((prefix.clone(), alias));
                break;
            }
            _ => break,
        }
    }
    if text(i) == ";" {
        i += 1;
    }
    i
}

/// A crate's modules by path.
type Crate = BTreeMap<ModPath, Module>;

/// Reads every module of a crate from `(path relative to src, source)` pairs. `main.rs` is left
/// out when a `lib.rs` is there (it is the binary's own crate, a user of the library).
fn read_crate(files: &[(String, String)]) -> Crate {
    let has_lib = files.iter().any(|(f, _)| f == "lib.rs");
    files
        .iter()
        .filter(|(f, _)| !(has_lib && f == "main.rs"))
        .map(|(file, src)| {
            let mut path: ModPath = file
                .trim_end_matches(".rs")
                .split('/')
                .map(str::to_string)
                .collect();
            if matches!(
                path.last().map(String::as_str),
                Some("mod" | "lib" | "main")
            ) {
                path.pop();
            }
            let module = read_module(&path, PathBuf::from(file), src);
            (path, module)
        })
        .collect()
}

/// The absolute path a named path stands for, from its scope, or `None` for another crate's.
fn absolute(named: &Named, krate: &Crate, file_module: &ModPath) -> Option<Vec<String>> {
    let mut segments = named.segments.iter();
    let first = segments.next()?;
    let mut base = match first.as_str() {
        "crate" | "$crate" => Vec::new(),
        "self" => named.scope.clone(),
        "super" => {
            let mut base = named.scope.clone();
            base.pop();
            base
        }
        child => {
            let mut base = named.scope.clone();
            base.push(child.to_string());
            let declared = krate
                .get(file_module)
                .is_some_and(|m| m.children.contains(child));
            if named.scope != *file_module || !declared {
                return None;
            }
            base
        }
    };
    let mut rest: Vec<String> = segments.cloned().collect();
    while rest.first().map(String::as_str) == Some("super") {
        base.pop();
        rest.remove(0);
    }
    base.extend(rest);
    Some(base)
}

/// The file module an absolute path lands in, following re-exports (at most 8 deep).
fn resolve(krate: &Crate, path: &[String], hops: usize) -> Option<ModPath> {
    let split = (0..=path.len())
        .rev()
        .find(|n| krate.contains_key(&path[..*n]))?;
    let module: ModPath = path[..split].to_vec();
    let Some(name) = path.get(split) else {
        return Some(module);
    };
    if hops == 0 || name == "*" || krate[&module].defines.contains(name) {
        return Some(module);
    }
    let file_module = module.clone();
    for named in &krate[&module].named {
        let Some(alias) = &named.reexport else {
            continue;
        };
        let Some(mut target) = absolute(named, krate, &file_module) else {
            continue;
        };
        if alias == name {
            target.extend(path[split + 1..].iter().cloned());
            return resolve(krate, &target, hops - 1);
        }
        if alias == "*" {
            target.pop();
            target.push(name.clone());
            target.extend(path[split + 1..].iter().cloned());
            if let Some(found) = resolve(krate, &target, hops - 1)
                && found != file_module
                && krate[&found].defines.contains(name)
            {
                return Some(found);
            }
        }
    }
    Some(module)
}

/// Who uses whom, with the first line that says so.
type Graph = BTreeMap<ModPath, BTreeMap<ModPath, usize>>;

fn graph(krate: &Crate) -> Graph {
    let mut graph = Graph::new();
    for (path, module) in krate {
        let edges = graph.entry(path.clone()).or_default();
        for named in module.named.iter().filter(|n| n.reexport.is_none()) {
            let target = absolute(named, krate, path).and_then(|p| resolve(krate, &p, 8));
            // A module's own ancestors are its context, not modules it sits above.
            if let Some(target) = target.filter(|t| !path.starts_with(t)) {
                edges.entry(target).or_insert(named.line);
            }
        }
    }
    graph
}

/// Every circle of the graph, one per strongly connected group of modules, as the modules
/// around it (the first repeated at the end).
fn circles(graph: &Graph) -> Vec<Vec<ModPath>> {
    let mut found = Vec::new();
    let mut seen: BTreeSet<ModPath> = BTreeSet::new();
    for start in graph.keys() {
        if seen.contains(start) {
            continue;
        }
        if let Some(circle) = circle_through(graph, start) {
            seen.extend(circle.iter().cloned());
            found.push(circle);
        }
    }
    found
}

/// The shortest circle from `start` back to itself, by breadth-first search.
fn circle_through(graph: &Graph, start: &ModPath) -> Option<Vec<ModPath>> {
    let mut parent: BTreeMap<ModPath, ModPath> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start.clone()]);
    while let Some(node) = queue.pop_front() {
        for next in graph.get(&node).into_iter().flat_map(BTreeMap::keys) {
            if next == start {
                let mut circle = vec![node.clone()];
                let mut at = node.clone();
                while at != *start {
                    at = parent[&at].clone();
                    circle.push(at.clone());
                }
                circle.reverse();
                circle.push(start.clone());
                return Some(circle);
            }
            if next != start && !parent.contains_key(next) {
                parent.insert(next.clone(), node.clone());
                queue.push_back(next.clone());
            }
        }
    }
    None
}

fn name(path: &ModPath) -> String {
    if path.is_empty() {
        "crate".into()
    } else {
        path.join("::")
    }
}

/// The circle as text: each use with the file and line that makes it.
fn describe(krate_name: &str, krate: &Crate, graph: &Graph, circle: &[ModPath]) -> String {
    let steps: Vec<String> = circle
        .windows(2)
        .map(|w| {
            let line = graph[&w[0]][&w[1]];
            let file = krate[&w[0]].file.display();
            format!("{} -> {} ({file}:{line})", name(&w[0]), name(&w[1]))
        })
        .collect();
    format!("{krate_name}: {}", steps.join(", "))
}

fn sources(dir: &Path, base: &Path, out: &mut Vec<(String, String)>) {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            sources(&path, base, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path.strip_prefix(base).expect("below src");
            let rel = rel.to_string_lossy().replace('\\', "/");
            let src = fs::read_to_string(&path).expect("readable source");
            out.push((rel, src));
        }
    }
}

/// The crate in folder `name`: its library, or its binary where it has no library.
fn workspace_crate(name: &str) -> Crate {
    let src = root().join(name).join("src");
    let mut files = Vec::new();
    sources(&src, &src, &mut files);
    read_crate(&files)
}

#[test]
fn no_crate_has_an_import_circle() {
    let mut found = Vec::new();
    for name in CRATES {
        let krate = workspace_crate(name);
        let graph = graph(&krate);
        for circle in circles(&graph) {
            found.push(describe(name, &krate, &graph, &circle));
        }
    }
    assert!(found.is_empty(), "import circles:\n{}", found.join("\n"));
}

/// The names of the packages a crate's manifest depends on (normal dependencies).
fn dependencies(name: &str) -> Vec<String> {
    let manifest = fs::read_to_string(root().join(name).join("Cargo.toml")).expect("a manifest");
    let mut out = Vec::new();
    let mut in_dependencies = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_dependencies = line == "[dependencies]";
        } else if in_dependencies && let Some((dep, _)) = line.split_once('=') {
            out.push(dep.trim().trim_end_matches(".workspace").to_string());
        }
    }
    out
}

/// The two front-ends are siblings over the library layer: the Python package and the command
/// each depend on `isa-host`, and neither on the other.
#[test]
fn the_front_ends_stand_on_the_library_layer_and_not_on_each_other() {
    for (front, other) in [
        ("isa-py", "isa-cli"),
        ("isa-cli", "isa-py"),
        ("isa-py/module", "isa-cli"),
    ] {
        let deps = dependencies(front);
        assert!(
            !deps.iter().any(|d| d == other),
            "{front} depends on {other}: {deps:?}"
        );
    }
    for front in ["isa-py", "isa-cli"] {
        assert!(
            dependencies(front).iter().any(|d| d == "isa-host"),
            "{front}"
        );
    }
    assert!(
        !dependencies("isa-host")
            .iter()
            .any(|d| d == "isa-cli" || d == "isa-py")
    );
}

fn edges_of(krate: &Crate, from: &str) -> BTreeSet<String> {
    let from: ModPath = from.split("::").map(str::to_string).collect();
    graph(krate)[&from].keys().map(name).collect()
}

/// A crate read from `(file, source)` pairs written in a test.
fn demo(files: &[(&str, &str)]) -> Crate {
    let files: Vec<(String, String)> = files
        .iter()
        .map(|(f, s)| (f.to_string(), s.to_string()))
        .collect();
    read_crate(&files)
}

/// The one circle of a demo crate, described.
fn one_circle(krate: &Crate) -> String {
    let graph = graph(krate);
    let circles = circles(&graph);
    assert_eq!(circles.len(), 1, "{circles:?}");
    describe("demo", krate, &graph, &circles[0])
}

#[test]
fn the_graph_sees_each_form_of_use() {
    let files = [
        (
            "lib.rs",
            "mod a; mod b; pub mod c; pub use c::Item; use a::f as g;",
        ),
        (
            "a.rs",
            "use crate::b::{self, X}; fn f() { let s = \"crate::c::x\"; }",
        ),
        (
            "b.rs",
            "// crate::a::f()\nfn f() { crate::Item::new(); $crate::c::d::T; }",
        ),
        (
            "c.rs",
            "pub mod d; pub struct Item; fn h() { super::a::f(); }",
        ),
        (
            "c/d.rs",
            "use super::*; mod tests { use super::*; use self::super::Item; }",
        ),
    ];
    let krate = demo(&files);
    assert_eq!(edges_of(&krate, "a"), BTreeSet::from(["b".to_string()]));
    // `crate::Item` is a re-export of c's item.
    assert_eq!(
        edges_of(&krate, "b"),
        BTreeSet::from(["c".to_string(), "c::d".to_string()])
    );
    assert_eq!(edges_of(&krate, "c"), BTreeSet::from(["a".to_string()]));
    // A module's parent is its context, not an edge.
    assert_eq!(edges_of(&krate, "c::d"), BTreeSet::new());
    // The root's `pub use c::Item` is a re-export, `use a::f` a use.
    assert_eq!(graph(&krate)[&Vec::new()].len(), 1);
}

#[test]
fn a_circle_is_named_with_the_lines_that_make_it() {
    let files = [
        ("lib.rs", "mod a; mod b; mod c;"),
        ("a.rs", "use crate::b::X;"),
        ("b.rs", "\nfn f() { crate::c::g() }"),
        ("c.rs", "fn g() {}\nfn h() { crate::a::k() }"),
    ];
    let krate = demo(&files);
    assert_eq!(
        one_circle(&krate),
        "demo: a -> b (a.rs:1), b -> c (b.rs:2), c -> a (c.rs:2)"
    );
}

#[test]
fn a_child_reading_its_parent_is_no_circle_but_two_siblings_are() {
    let files = [
        ("lib.rs", "mod p;"),
        ("p/mod.rs", "mod q; mod r; pub struct T; fn f() { q::g() }"),
        ("p/q.rs", "use super::T; pub fn g() { super::r::h() }"),
        ("p/r.rs", "use super::{q, T}; pub fn h() {}"),
    ];
    let krate = demo(&files);
    assert_eq!(
        one_circle(&krate),
        "demo: p::q -> p::r (p/q.rs:1), p::r -> p::q (p/r.rs:1)"
    );
}
