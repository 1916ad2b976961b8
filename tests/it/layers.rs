//! The workspace's layers, read from `cargo metadata`: each crate may depend
//! only on the crates below it (ARCHITECTURE.md, "Crates"), and the pure
//! layers (the engine contract, the messages, the rules, the bots, the
//! catalog) pull in no async runtime, RPC framework or database, not even
//! through another crate. A new upward dependency, or a new crate not
//! placed in a layer here, fails this test.

use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

use serde_json::Value;

/// Each workspace crate and the workspace crates it may depend on (normal
/// and build dependencies; tests and benches may use anything).
const LAYERS: &[(&str, &[&str])] = &[
    ("satrap-engine", &[]),
    ("satrap-proto", &[]),
    ("satrap-rating", &[]),
    ("satrap-webhook", &[]),
    ("satrap-tournament", &[]),
    ("satrap-store", &["satrap-rating"]),
    ("satrap-games", &["satrap-engine", "satrap-proto"]),
    ("satrap-search", &["satrap-engine"]),
    (
        "satrap-catalog",
        &[
            "satrap-engine",
            "satrap-proto",
            "satrap-games",
            "satrap-search",
        ],
    ),
    (
        "satrap-engines-py",
        &[
            "satrap-engine",
            "satrap-proto",
            "satrap-games",
            "satrap-search",
            "satrap-catalog",
        ],
    ),
    (
        "satrap-server",
        &[
            "satrap-engine",
            "satrap-proto",
            "satrap-games",
            "satrap-search",
            "satrap-catalog",
            "satrap-rating",
            "satrap-store",
            "satrap-webhook",
            "satrap-tournament",
        ],
    ),
    (
        "satrap",
        &[
            "satrap-engine",
            "satrap-games",
            "satrap-search",
            "satrap-catalog",
            "satrap-rating",
            "satrap-store",
            "satrap-server",
        ],
    ),
];

/// The crates with no I/O: rules, bots and their contract, and the Python
/// extension that plays them in-process.
const PURE: &[&str] = &[
    "satrap-engine",
    "satrap-proto",
    "satrap-rating",
    "satrap-tournament",
    "satrap-games",
    "satrap-search",
    "satrap-catalog",
    "satrap-engines-py",
];

/// What a pure crate must never reach, directly or through another crate:
/// async runtimes, RPC frameworks and HTTP stacks, database drivers.
const FORBIDDEN_IN_PURE: &[&str] = &[
    "tokio",
    "async-std",
    "smol",
    "mio",
    "tonic",
    "hyper",
    "h2",
    "tower",
    "rusqlite",
    "libsqlite3-sys",
    "tokio-postgres",
    "postgres-protocol",
    "deadpool-postgres",
];

/// The dependency graph of the host platform: package name -> the names of
/// its normal and build dependencies.
type Graph = BTreeMap<String, BTreeSet<String>>;

fn metadata() -> Value {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let rustc = Command::new("rustc")
        .arg("-vV")
        .output()
        .expect("rustc -vV");
    let host = String::from_utf8_lossy(&rustc.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("host: ").map(str::to_owned))
        .expect("host triple");
    let out = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--filter-platform"])
        .arg(&host)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata");
    assert!(
        out.status.success(),
        "cargo metadata failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("metadata JSON")
}

/// The graph of `metadata` without dev-dependencies.
fn graph(metadata: &Value) -> (Graph, BTreeSet<String>) {
    let names: BTreeMap<&str, &str> = metadata["packages"]
        .as_array()
        .expect("packages")
        .iter()
        .map(|p| {
            (
                p["id"].as_str().unwrap_or(""),
                p["name"].as_str().unwrap_or(""),
            )
        })
        .collect();
    let members: BTreeSet<String> = metadata["workspace_members"]
        .as_array()
        .expect("workspace_members")
        .iter()
        .filter_map(|id| names.get(id.as_str()?).map(|n| (*n).to_owned()))
        .collect();
    let mut graph = Graph::new();
    for node in metadata["resolve"]["nodes"].as_array().expect("resolve") {
        let name = names[node["id"].as_str().expect("id")].to_owned();
        let deps = graph.entry(name).or_default();
        for dep in node["deps"].as_array().into_iter().flatten() {
            let kinds = dep["dep_kinds"].as_array().into_iter().flatten();
            let used = kinds.into_iter().any(|k| k["kind"].as_str() != Some("dev"));
            if used {
                deps.insert(names[dep["pkg"].as_str().expect("pkg")].to_owned());
            }
        }
    }
    (graph, members)
}

/// Every broken rule, one line each.
fn violations(graph: &Graph, members: &BTreeSet<String>) -> Vec<String> {
    let layers: BTreeMap<&str, &[&str]> = LAYERS.iter().copied().collect();
    let mut found = Vec::new();
    for member in members {
        let Some(allowed) = layers.get(member.as_str()) else {
            found.push(format!(
                "{member} is in no layer (add it to LAYERS and ARCHITECTURE.md)"
            ));
            continue;
        };
        for dep in graph.get(member).into_iter().flatten() {
            if members.contains(dep) && !allowed.contains(&dep.as_str()) {
                found.push(format!("{member} depends on {dep}, which is not below it"));
            }
        }
    }
    for pure in PURE {
        // Everything reachable through normal and build dependencies.
        let mut seen = BTreeSet::new();
        let mut stack = vec![(*pure).to_owned()];
        while let Some(name) = stack.pop() {
            for dep in graph.get(&name).into_iter().flatten() {
                if seen.insert(dep.clone()) {
                    stack.push(dep.clone());
                }
            }
        }
        for forbidden in FORBIDDEN_IN_PURE {
            if seen.contains(*forbidden) {
                found.push(format!("{pure} reaches {forbidden}"));
            }
        }
    }
    found
}

#[test]
fn every_crate_depends_only_on_the_layers_below_it() {
    let (graph, members) = graph(&metadata());
    // The workspace is what the layers name, no more, no less.
    let named: BTreeSet<String> = LAYERS.iter().map(|(n, _)| (*n).to_owned()).collect();
    assert_eq!(members, named, "workspace members and LAYERS differ");
    let found = violations(&graph, &members);
    assert!(
        found.is_empty(),
        "layer rules broken:\n{}",
        found.join("\n")
    );
}

/// The check itself: an upward dependency and a runtime reached through
/// another crate are both reported.
#[test]
fn an_upward_dependency_or_a_runtime_in_the_rules_is_reported() {
    let (graph, members) = graph(&metadata());
    let mut upward = graph.clone();
    upward
        .get_mut("satrap-games")
        .expect("games")
        .insert("satrap-search".into());
    assert_eq!(
        violations(&upward, &members),
        ["satrap-games depends on satrap-search, which is not below it"]
    );
    let mut runtime = graph.clone();
    runtime
        .get_mut("satrap-proto")
        .expect("proto")
        .insert("satrap-store".into());
    let found = violations(&runtime, &members);
    assert!(
        found.contains(&"satrap-proto depends on satrap-store, which is not below it".to_owned()),
        "{found:?}"
    );
    for pure in ["satrap-proto", "satrap-games", "satrap-catalog"] {
        assert!(
            found.contains(&format!("{pure} reaches tokio")),
            "{pure}: {found:?}"
        );
    }
}
