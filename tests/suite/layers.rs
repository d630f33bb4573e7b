//! The one-way layers of ARCHITECTURE.md, kept: every `crate::…` path in `src/` (comments and text aside)
//! names a module of its own layer or of a layer below — the way import-linter keeps Python packages
//! layered. `lib.rs` (the crate's front door and prelude) and `src/bin` (a user of the library) stand
//! above every layer.

use std::path::Path;

use crate::common;

/// The layers from the bottom up, each with the top-level modules of `src/` it holds; ARCHITECTURE.md
/// draws the same order.
const LAYERS: &[(&str, &[&str])] = &[
    (
        "base",
        &[
            "device", "error", "math", "memory", "method", "notice", "param", "parallel", "progress", "reuse", "seed",
            "simd", "spec", "task",
        ],
    ),
    ("data", &["data"]),
    ("resampling", &["resampling"]),
    ("methods", &["learners", "rankers"]),
    ("eval", &["eval"]),
    ("compare", &["compare"]),
    ("protocol", &["protocol"]),
    ("report", &["report"]),
];

/// The layer (its position from the bottom) of a top-level module of `src/`.
fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|(_, modules)| modules.contains(&module))
}

/// The source with comments and the contents of text literals blanked (newlines kept, so offsets keep
/// their line numbers).
fn code_only(source: &str) -> String {
    let bytes = source.as_bytes();
    let mut out = String::with_capacity(source.len());
    let mut i = 0;
    while i < bytes.len() {
        let rest = &source[i..];
        if rest.starts_with("//") {
            let end = rest.find('\n').unwrap_or(rest.len());
            out.extend(std::iter::repeat_n(' ', end));
            i += end;
        } else if rest.starts_with("/*") {
            let end = rest.find("*/").map_or(rest.len(), |e| e + 2);
            out.extend(rest[..end].chars().map(|c| if c == '\n' { '\n' } else { ' ' }));
            i += end;
        } else if rest.starts_with('"') {
            // a text literal, escapes skipped
            let mut j = 1;
            while j < rest.len() && rest.as_bytes()[j] != b'"' {
                j += if rest.as_bytes()[j] == b'\\' { 2 } else { 1 };
            }
            let end = (j + 1).min(rest.len());
            out.extend(rest[..end].chars().map(|c| if c == '\n' { '\n' } else { ' ' }));
            i += end;
        } else if rest.starts_with("'\"'") {
            out.push_str("   ");
            i += 3;
        } else {
            let c = rest.chars().next().unwrap();
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

/// Every top-level module a source names through `crate::` (`crate::data::…`, `crate::{learners, rankers}`),
/// with its line.
fn imports(source: &str) -> Vec<(usize, String)> {
    let code = code_only(source);
    let line = |offset: usize| code[..offset].matches('\n').count() + 1;
    let ident = |s: &str| s.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect::<String>();
    let mut found = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        let before = code[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue; // e.g. `featrank_crate::`
        }
        let after = &code[at + "crate::".len()..];
        if let Some(group) = after.strip_prefix('{') {
            let group = &group[..group.find('}').unwrap_or(group.len())];
            for item in group.split(',') {
                let name = ident(item.trim_start());
                if !name.is_empty() && name != "self" {
                    found.push((line(at), name));
                }
            }
        } else {
            found.push((line(at), ident(after)));
        }
    }
    found
}

/// The imports of the source at `path` (relative to `src/`) against the layer order: one line per import
/// from a layer above its own, naming file and line.
fn against_the_order(path: &str, source: &str) -> Vec<String> {
    let module = path.split('/').next().unwrap_or(path).trim_end_matches(".rs");
    let Some(own) = layer_of(module) else {
        return vec![format!("src/{path}: the module '{module}' is in no layer of tests/suite/layers.rs")];
    };
    imports(source)
        .into_iter()
        .filter_map(|(line, target)| match layer_of(&target) {
            Some(l) if l <= own => None,
            Some(l) => Some(format!(
                "src/{path}:{line}: {} ({}) imports {target} ({}), a layer above it",
                module, LAYERS[own].0, LAYERS[l].0
            )),
            None => Some(format!("src/{path}:{line}: imports '{target}', a module in no layer")),
        })
        .collect()
}

#[test]
fn every_import_follows_the_layer_order() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    common::rust_files(&src, &mut files);
    files.sort();
    let mut violations = Vec::new();
    for file in files {
        let path = file.strip_prefix(&src).unwrap().to_string_lossy().replace('\\', "/");
        if path == "lib.rs" || path.starts_with("bin/") {
            continue;
        }
        violations.extend(against_the_order(&path, &std::fs::read_to_string(&file).unwrap()));
    }
    assert!(violations.is_empty(), "imports against the layer order:\n{}", violations.join("\n"));
}

#[test]
fn the_check_sees_a_wrong_import_in_any_form() {
    let wrong = [
        "use crate::report::Figure;",
        "use crate::{error::Result, compare::SizeRule};",
        "fn f() -> crate::eval::Curves { todo() }",
        "use crate::{\n    error::Result,\n    protocol::Nested,\n};",
    ];
    for source in wrong {
        let found = against_the_order("data/example.rs", source);
        assert_eq!(found.len(), 1, "{source}: {found:?}");
        assert!(found[0].starts_with("src/data/example.rs:"), "{found:?}");
    }
    assert!(against_the_order("data/example.rs", "use crate::report::Figure;")[0]
        .contains(":1: data (data) imports report"));
    assert_eq!(against_the_order("protocol/x.rs", "use crate::report::Figure;").len(), 1, "figures draw protocols");
    // comments, doc links and text do not count; the module's own layer and those below do
    let fine = "// crate::report\n/// [`crate::eval::Curves`]\nlet s = \"crate::report\";\nuse crate::error::Result;\nuse crate::data::Dataset;";
    assert!(against_the_order("data/example.rs", fine).is_empty());
    assert!(against_the_order("learners/x.rs", "use crate::rankers::Ranker;").is_empty(), "one layer");
    assert_eq!(against_the_order("nowhere.rs", "").len(), 1, "a module in no layer is named");
}

/// Rooms that hold one thing: no source file of the library over 700 lines (split by what belongs together:
/// a type's methods in its own module, figures apart from text).
#[test]
fn no_source_file_is_over_700_lines() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    common::rust_files(&src, &mut files);
    let long: Vec<String> = files
        .iter()
        .map(|f| (f, std::fs::read_to_string(f).unwrap().lines().count()))
        .filter(|(_, n)| *n > 700)
        .map(|(f, n)| format!("{} has {n} lines", f.strip_prefix(&src).unwrap().display()))
        .collect();
    assert!(long.is_empty(), "{}", long.join("\n"));
}

/// Whether ARCHITECTURE.md names a source file: by its path (`rankers/host.rs`, `python/featrank/_input.py`),
/// by its folder's last part and its name (`smo/passes.rs`), or by its file name on a line that names its folder
/// (`learners/knn.rs`, `svm.rs`); a folder's `mod.rs` by the folder (`data/dataset/`).
fn named_in(doc: &str, path: &str) -> bool {
    let (folder, file) = path.rsplit_once('/').map_or(("", path), |(d, f)| (d, f));
    let folder = format!("{folder}/");
    let last = folder.trim_end_matches('/').rsplit('/').next().unwrap_or("");
    let short = format!("{last}/{file}"); // `smo/passes.rs` on the row of `learners/smo.rs`
    doc.lines().any(|line| {
        line.contains(path)
            || (!last.is_empty() && line.contains(&short))
            || (file == "mod.rs" && line.contains(&folder))
            || (line.contains(file) && (folder == "/" || line.contains(&folder)))
    })
}

/// A newcomer finds every module in ARCHITECTURE.md: each source file of the library (`src/`), the CLI and the
/// Python layer (`python/src/`, `python/featrank/`) is named there.
#[test]
fn architecture_names_every_module() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    let mut files = Vec::new();
    for dir in ["src", "python/src", "python/featrank", "r/src/rust/src", "r/R"] {
        collect(&root.join(dir), &mut files);
    }
    let unnamed: Vec<String> = files
        .iter()
        .map(|f| f.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/"))
        .map(|p| p.strip_prefix("src/").map_or(p.clone(), str::to_string))
        .filter(|p| p != "lib.rs" && !named_in(&doc, p))
        .collect();
    assert!(unnamed.is_empty(), "ARCHITECTURE.md does not name:\n{}", unnamed.join("\n"));
    assert!(named_in("| `learners/knn.rs`, `svm.rs` |", "learners/svm.rs") && !named_in("`svm.rs`", "rankers/svm.rs"));
}

/// The source files under `dir`: Rust, CUDA, Python, stubs and R.
fn collect(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| ["rs", "cu", "py", "pyi", "R"].iter().any(|x| e == *x)) {
            out.push(path);
        }
    }
}
