//! Docs that cannot drift (after rust-analyzer's tidy test): the
//! repository paths that ARCHITECTURE.md and the developer and API docs
//! name must exist, the files ARCHITECTURE.md's maps list under a folder
//! must be in that folder, the crate table must list exactly the crates of
//! the workspace, and the `module::item` paths the docs name must be found
//! in the module's source. A doc that names what the code lacks fails
//! here.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The docs held to the code.
const DOCS: &[&str] = &[
    "ARCHITECTURE.md",
    "README.md",
    "docs/development.md",
    "docs/api.md",
    "docs/operating.md",
    "docs/security.md",
    "docs/performance.md",
    "docs/deploying.md",
];

/// Where repository paths start.
const ROOTS: &[&str] = &[
    "crates/",
    "tests/",
    "src/",
    "benches/",
    "docs/",
    "proto/",
    "web/",
    "clients/",
    "deploy/",
    "examples/",
    "scripts/",
    ".ci/",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(doc: &str) -> String {
    std::fs::read_to_string(root().join(doc)).unwrap_or_else(|e| panic!("{doc}: {e}"))
}

/// A word cut from prose: the path characters only, trailing punctuation
/// dropped.
fn path_in(word: &str) -> Option<&str> {
    let start = ROOTS.iter().filter_map(|r| word.find(r)).min()?;
    // Only a path at the start of the word (after quotes, brackets).
    if !word[..start]
        .chars()
        .all(|c| matches!(c, '`' | '(' | '[' | '"' | '\'' | '*'))
    {
        return None;
    }
    let rest = &word[start..];
    let end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '/' | '_' | '-' | '.')))
        .unwrap_or(rest.len());
    let path = rest[..end].trim_end_matches(['.', ',', ':']);
    // Patterns and placeholders (`<game>`, `*`, `{a,b}`) are not paths.
    if rest[end..].starts_with(['<', '*', '{']) || path.ends_with('-') {
        return None;
    }
    Some(path)
}

/// Folders a `src/...` path may be relative to besides the root: the
/// docs describe the packages' sources by their own paths.
const PACKAGES: &[&str] = &["", "web/", "clients/typescript/", "clients/python/"];

#[test]
fn every_path_the_docs_name_exists() {
    let mut missing = BTreeSet::new();
    let mut checked = 0;
    for doc in DOCS {
        let text = read(doc);
        for word in text.split(|c: char| c.is_whitespace() || c == '|') {
            let Some(path) = path_in(word) else { continue };
            checked += 1;
            let bases: &[&str] = if path.starts_with("src/") {
                PACKAGES
            } else {
                &[""]
            };
            if !bases.iter().any(|b| root().join(b).join(path).exists()) {
                missing.insert(format!("{doc}: {path}"));
            }
        }
    }
    assert!(
        checked > 100,
        "only {checked} paths found: the reader is broken"
    );
    assert!(
        missing.is_empty(),
        "docs name paths that do not exist:\n{}",
        missing.into_iter().collect::<Vec<_>>().join("\n")
    );
}

/// ARCHITECTURE.md's maps: inside a code block, a line at column 0 that
/// starts with a folder (`crates/server/src/ ...`) opens it, and the
/// indented lines under it name its files and subfolders (`hub/`,
/// `mod.rs`), nested by indentation.
#[test]
fn the_architecture_maps_list_files_that_exist() {
    let text = read("ARCHITECTURE.md");
    let mut missing = Vec::new();
    let mut checked = 0;
    let mut in_block = false;
    // (indentation, folder) from the outermost.
    let mut stack: Vec<(usize, PathBuf)> = Vec::new();
    for line in text.lines() {
        if line.starts_with("```") {
            in_block = !in_block;
            stack.clear();
            continue;
        }
        if !in_block || line.trim().is_empty() {
            continue;
        }
        let indent = line.len() - line.trim_start().len();
        let first = line.split_whitespace().next().unwrap_or_default();
        if indent == 0 {
            stack.clear();
            if first.ends_with('/') && ROOTS.iter().any(|r| first.starts_with(r)) {
                stack.push((0, PathBuf::from(first)));
            }
            continue;
        }
        // A description's continuation is indented past the names.
        let names_file = first.ends_with(".rs") || (first.ends_with('/') && first.len() > 1);
        if !names_file || indent > 6 {
            continue;
        }
        while stack.last().is_some_and(|(i, _)| *i >= indent && *i > 0) {
            stack.pop();
        }
        let Some((_, base)) = stack.last() else {
            continue;
        };
        // `a.rs, b.rs` and `x/a.rs` name several or nested files.
        for name in first.trim_end_matches(',').split(',') {
            checked += 1;
            let path = base.join(name);
            if !root().join(&path).exists() {
                missing.push(path.display().to_string());
            }
        }
        if first.ends_with('/') {
            stack.push((indent, base.join(first)));
        }
    }
    assert!(
        checked > 40,
        "only {checked} map entries found: the reader is broken"
    );
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md's maps name files that do not exist:\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_crate_table_lists_every_crate_and_no_other() {
    let text = read("ARCHITECTURE.md");
    let listed: BTreeSet<String> = text
        .lines()
        .filter(|l| l.starts_with("| `satrap"))
        .filter_map(|l| {
            let dir = l.split("(`crates/").nth(1)?.split('`').next()?;
            Some(dir.trim_end_matches('/').to_owned())
        })
        .collect();
    let crates: BTreeSet<String> = std::fs::read_dir(root().join("crates"))
        .expect("crates/")
        .filter_map(|e| e.ok())
        .filter(|e| e.path().join("Cargo.toml").exists())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        listed, crates,
        "ARCHITECTURE.md's crate table and crates/ differ"
    );
}

/// protoc-gen-go needs each file's Go package: the Go example's buf
/// template maps every `.proto` under `proto/satrap/v1/` for both plugins,
/// so a new proto file that is not mapped fails here rather than in the
/// Go example's CI step.
#[test]
fn the_go_template_maps_every_proto_file() {
    let template = read("examples/go/buf.gen.yaml");
    let protos: Vec<String> = std::fs::read_dir(root().join("proto/satrap/v1"))
        .expect("proto/satrap/v1")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".proto"))
        .collect();
    assert!(protos.len() >= 6, "only {} proto files found", protos.len());
    let unmapped: Vec<&String> = protos
        .iter()
        .filter(|p| {
            let line = format!("- Msatrap/v1/{p}=");
            template.matches(&line).count() != 2
        })
        .collect();
    assert!(
        unmapped.is_empty(),
        "examples/go/buf.gen.yaml must map each proto file for protoc-gen-go and protoc-gen-go-grpc: {unmapped:?}"
    );
}

/// `cache::replay`-style paths in the docs: the module's file must define
/// the item. Modules are looked up under the server's and the store's
/// sources (the two crates the docs walk through by module).
#[test]
fn the_module_items_the_docs_name_exist() {
    let sources = [
        root().join("crates/server/src"),
        root().join("crates/store/src"),
    ];
    let mut missing = BTreeSet::new();
    let mut checked = 0;
    for doc in DOCS {
        let text = read(doc);
        for quoted in text.split('`').skip(1).step_by(2) {
            let Some((module, item)) = quoted.split_once("::") else {
                continue;
            };
            let valid =
                |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
            if !valid(module)
                || !valid(item)
                || !module.starts_with(|c: char| c.is_ascii_lowercase())
            {
                continue;
            }
            let files: Vec<PathBuf> = sources
                .iter()
                .flat_map(|s| module_files(s, module))
                .collect();
            if files.is_empty() {
                continue; // not one of these crates' modules (a crate, a type)
            }
            checked += 1;
            let defined = files
                .iter()
                .any(|f| std::fs::read_to_string(f).is_ok_and(|src| defines(&src, item)));
            if !defined {
                missing.insert(format!("{doc}: `{module}::{item}`"));
            }
        }
    }
    assert!(
        checked > 5,
        "only {checked} module items found: the reader is broken"
    );
    assert!(
        missing.is_empty(),
        "docs name module items that do not exist:\n{}",
        missing.into_iter().collect::<Vec<_>>().join("\n")
    );
}

/// The files of module `name` anywhere under `dir`: `name.rs` or
/// `name/mod.rs`.
fn module_files(dir: &Path, name: &str) -> Vec<PathBuf> {
    let file = format!("{name}.rs");
    let mut all = Vec::new();
    rust_files(dir, &mut all);
    all.retain(|path| {
        let parent = path.parent().and_then(Path::file_name);
        path.file_name().is_some_and(|f| f == file.as_str())
            || (path.file_name().is_some_and(|f| f == "mod.rs")
                && parent.is_some_and(|p| p == name))
    });
    all
}

/// Whether `src` defines `item` (a function, type, constant, static or
/// module of that name, or an enum variant).
fn defines(src: &str, item: &str) -> bool {
    [
        "fn", "struct", "enum", "trait", "type", "const", "static", "mod",
    ]
    .iter()
    .any(|kw| src.contains(&format!("{kw} {item}")))
        || src.contains(&format!("    {item} {{"))
        || src.contains(&format!("    {item}("))
        || src.contains(&format!("    {item},"))
}

#[test]
fn the_path_reader_takes_paths_and_leaves_patterns() {
    assert_eq!(
        path_in("`crates/store/src/lib.rs`"),
        Some("crates/store/src/lib.rs")
    );
    assert_eq!(path_in("(tests/it/rated.rs),"), Some("tests/it/rated.rs"));
    assert_eq!(path_in("docs/api.md."), Some("docs/api.md"));
    assert_eq!(path_in("crates/games/src/<game>/sample.rs"), None);
    assert_eq!(path_in("https://example.com/docs/x"), None);
    assert_eq!(path_in("word"), None);
}

/// The targets of the workspace's default members, from `cargo metadata`.
fn default_member_targets() -> Vec<serde_json::Value> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = std::process::Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--no-deps"])
        .current_dir(root())
        .output()
        .expect("cargo metadata");
    assert!(out.status.success(), "cargo metadata failed");
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).expect("metadata JSON");
    let defaults = meta["workspace_default_members"]
        .as_array()
        .expect("default members");
    meta["packages"]
        .as_array()
        .expect("packages")
        .iter()
        .filter(|p| defaults.contains(&p["id"]))
        .flat_map(|p| p["targets"].as_array().into_iter().flatten())
        .cloned()
        .collect()
}

/// Whether a target from `cargo metadata` is of one of these kinds.
fn is_kind(target: &serde_json::Value, kinds: &[&str]) -> bool {
    target["kind"]
        .as_array()
        .is_some_and(|k| k.iter().any(|k| kinds.contains(&k.as_str().unwrap_or(""))))
}

/// The test executables `cargo test` links: one per target of a default
/// member that builds tests (a library, a binary or an integration suite
/// without `test = false`).
fn test_executables() -> usize {
    default_member_targets()
        .iter()
        .filter(|t| t["test"] == true)
        .filter(|t| is_kind(t, &["lib", "bin", "test", "proc-macro"]))
        .count()
}

/// The number in "links N test executables" of docs/development.md.
fn stated_test_executables() -> Option<usize> {
    let doc = read("docs/development.md");
    let words: Vec<&str> = doc.split_whitespace().collect();
    words.windows(4).find_map(|w| match w {
        ["links", n, "test", "executables:" | "executables"] => n.parse().ok(),
        _ => None,
    })
}

#[test]
fn the_stated_number_of_test_executables_is_the_workspaces() {
    let stated = stated_test_executables().expect("docs/development.md states how many");
    assert_eq!(
        stated,
        test_executables(),
        "docs/development.md says `cargo test` links {stated} test executables"
    );
}

/// The source directories of the default members' libraries whose
/// doctests are off (`doctest = false`).
fn libraries_without_doctests() -> Vec<PathBuf> {
    default_member_targets()
        .iter()
        .filter(|t| is_kind(t, &["lib"]) && t["doctest"] == false)
        .map(|t| {
            PathBuf::from(t["src_path"].as_str().expect("src_path"))
                .parent()
                .expect("a library's directory")
                .to_path_buf()
        })
        .collect()
}

/// Every `.rs` file under `dir` (none if it cannot be read).
fn rust_files(dir: &Path, into: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, into);
        } else if path.extension().is_some_and(|e| e == "rs") {
            into.push(path);
        }
    }
}

/// The workspace's libraries build without doctests (each doctest pass
/// compiled a crate again with rustdoc, for no test): so their doc comments
/// may show text, never code that a reader would take as tested.
#[test]
fn libraries_without_doctests_have_no_code_examples() {
    let dirs = libraries_without_doctests();
    assert!(
        dirs.len() >= 10,
        "the workspace's libraries have doctests off: {dirs:?}"
    );
    let mut files = Vec::new();
    for dir in &dirs {
        rust_files(dir, &mut files);
    }
    let mut examples = Vec::new();
    for file in files {
        let src = std::fs::read_to_string(&file).expect("a source file");
        let mut open = false;
        for (n, line) in src.lines().enumerate() {
            let doc = line.trim_start();
            let Some(text) = doc.strip_prefix("///").or_else(|| doc.strip_prefix("//!")) else {
                continue;
            };
            let Some(info) = text.trim_start().strip_prefix("```") else {
                continue;
            };
            if !open && info.trim() != "text" {
                examples.push(format!("{}:{}", file.display(), n + 1));
            }
            open = !open;
        }
    }
    assert!(
        examples.is_empty(),
        "doc examples that no doctest runs (mark them ```text, or turn doctests on): {examples:?}"
    );
}
