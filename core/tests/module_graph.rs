//! No module cycles in `core/src`, by file and by folder: a registry imports its parts, and a part
//! never imports back from its registry (shared types live in leaf modules such as
//! `crate::plugin`); labs never import each other.
//!
//! 1. Read every `core/src/**/*.rs` and collect the paths it names: `use crate::…`,
//!    `use super::…`, `use self::…`, inline `crate::a::b::` paths, `lib.rs`'s own `a::b` paths
//!    (the crate root names its modules bare) and `bin/`'s `flashlab_core::…` paths.
//! 2. Resolve each path to the file that holds the longest matching module prefix.
//! 3. Files: drop edges into one's own ancestor module files (`mod.rs`, `lib.rs`): a
//!    `use super::X` names the parent's re-export of a sibling, not the parent's own code. Fail
//!    on any cycle, printing it.
//! 4. Folders: each top-level folder or file of `core/src` is one node (`device/ssd/ftl.rs` →
//!    `device`, `labs.rs` → `labs.rs`); every edge between two nodes counts, ancestors too, so a
//!    folder that imports a folder which imports it back (through any files) is a cycle. Fail on
//!    any, naming the file edges that close it; print the levels (`--nocapture`).
//! 5. Labs (folders with a `plugin.rs`): no lab imports another, except that a top-level lab
//!    may use a device lab (`device/hdd`, `device/ssd`, `device/nand`) as its device model.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a file: `device/ssd/lab.rs` → ["device", "ssd", "lab"].
fn module_of(file: &str) -> Vec<String> {
    let trimmed = file.trim_end_matches(".rs");
    let mut parts: Vec<String> = trimmed.split('/').map(String::from).collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts
}

/// The file holding the longest prefix of `path` that is a module.
fn resolve(path: &[String], files: &BTreeMap<Vec<String>, String>) -> Option<String> {
    (0..=path.len())
        .rev()
        .find_map(|n| files.get(&path[..n]).cloned())
}

/// The path prefixes a file may start a module path with, and the module each one stands for
/// (step 1): `crate::`, `super::`, `self::`; in `lib.rs` also its modules' bare names, in `bin/`
/// `flashlab_core::`.
fn roots(
    here: &[String],
    is_mod_file: bool,
    is_lib: bool,
    is_bin: bool,
    top_modules: &BTreeSet<String>,
) -> Vec<(String, Vec<String>)> {
    let mut parent = here.to_vec();
    if !is_mod_file {
        parent.pop();
    }
    let mut grandparent = parent.clone();
    grandparent.pop();
    let mut out = vec![
        ("crate::".to_string(), Vec::new()),
        ("super::".to_string(), grandparent),
        ("self::".to_string(), parent),
    ];
    if is_lib {
        out.extend(
            top_modules
                .iter()
                .map(|m| (format!("{m}::"), vec![m.clone()])),
        );
    }
    if is_bin {
        out.push(("flashlab_core::".to_string(), Vec::new()));
    }
    out
}

/// Paths named in `text`, as module paths (absolute), given the prefixes of `roots`; each with
/// whether it was written relative to the file (`super::`, `self::`).
fn named_paths(text: &str, roots: &[(String, Vec<String>)]) -> Vec<(Vec<String>, bool)> {
    let mut out = Vec::new();
    let code: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    for (prefix, base) in roots {
        let relative = prefix == "super::" || prefix == "self::";
        let mut rest = code.as_str();
        while let Some(i) = rest.find(prefix.as_str()) {
            let before = rest[..i].chars().last();
            rest = &rest[i + prefix.len()..];
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let mut path = base.clone();
            let mut segment = String::new();
            let mut chars = rest.chars().peekable();
            loop {
                match chars.next() {
                    Some(c) if c.is_alphanumeric() || c == '_' => segment.push(c),
                    Some(':') if chars.peek() == Some(&':') => {
                        chars.next();
                        path.push(std::mem::take(&mut segment));
                    }
                    Some('{') => {
                        // `use crate::a::{b, c::d}`: each item one level down.
                        let group: String = chars.by_ref().take_while(|&c| c != '}').collect();
                        for item in group.split(',') {
                            let item = item.trim();
                            let first = item.split("::").next().unwrap_or("").trim();
                            if !first.is_empty() && first != "self" {
                                let mut p = path.clone();
                                p.extend(item.split("::").map(|s| s.trim().to_string()));
                                out.push((p, relative));
                            }
                        }
                        break;
                    }
                    _ => {
                        if !segment.is_empty() {
                            path.push(segment);
                        }
                        out.push((path, relative));
                        break;
                    }
                }
            }
        }
    }
    out
}

/// One path a file names, resolved to the file holding it (steps 1–2).
struct Use {
    file: String,
    target: String,
    /// `target` is one of `file`'s own ancestor module files (`mod.rs`, `lib.rs`).
    ancestor: bool,
    /// Written `super::…` or `self::…`: inside an inline module (`mod tests { use super::*; }`)
    /// such a path names the file's own module, which this reader cannot tell from its parent.
    relative: bool,
}

fn uses() -> Vec<Use> {
    let root = src();
    let mut paths = Vec::new();
    rust_files(&root, &mut paths);
    let rel = |p: &Path| {
        p.strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/")
    };
    let all: BTreeMap<Vec<String>, String> = paths
        .iter()
        .map(|p| (module_of(&rel(p)), rel(p)))
        .map(|(m, f)| (if f == "lib.rs" { Vec::new() } else { m }, f))
        .collect();
    // Paths resolve into the library only: `bin/` is a separate crate that nothing imports.
    let files: BTreeMap<Vec<String>, String> = all
        .iter()
        .filter(|(_, f)| !f.starts_with("bin/"))
        .map(|(m, f)| (m.clone(), f.clone()))
        .collect();
    let top_modules: BTreeSet<String> = files
        .keys()
        .filter(|m| m.len() == 1)
        .map(|m| m[0].clone())
        .collect();
    let mut out = Vec::new();
    for (module, file) in &all {
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        let is_mod_file = file.ends_with("mod.rs") || file == "lib.rs";
        let mut here = module.clone();
        if !is_mod_file {
            here.push(String::new()); // so that `super` of `a/b.rs` is `a`
        }
        let roots = roots(
            &here,
            is_mod_file,
            file == "lib.rs",
            file.starts_with("bin/"),
            &top_modules,
        );
        for (path, relative) in named_paths(&text, &roots) {
            let Some(target) = resolve(&path, &files) else {
                continue;
            };
            let target_module = module_of(&target);
            let ancestor = target == "lib.rs"
                || ((target.ends_with("mod.rs") || files.get(&target_module) == Some(&target))
                    && module.starts_with(&target_module)
                    && module.len() > target_module.len());
            if target != *file {
                out.push(Use {
                    file: file.clone(),
                    target,
                    ancestor,
                    relative,
                });
            }
        }
    }
    out
}

/// Step 3: the file graph of the library (`bin/` apart), ancestor edges dropped.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for u in uses() {
        if u.file.starts_with("bin/") {
            continue;
        }
        let targets = edges.entry(u.file).or_default();
        if !u.ancestor {
            targets.insert(u.target);
        }
    }
    edges
}

/// Step 4's node of a file: its top-level folder, or itself at the top.
fn folder_of(file: &str) -> String {
    file.split('/').next().unwrap_or(file).to_string()
}

/// Step 4: the folder graph, and for each folder edge one file edge that makes it.
type FolderGraph = (
    BTreeMap<String, BTreeSet<String>>,
    BTreeMap<(String, String), String>,
);

fn folder_graph(uses: &[Use]) -> FolderGraph {
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut witness = BTreeMap::new();
    for u in uses.iter().filter(|u| !(u.ancestor && u.relative)) {
        let (from, to) = (folder_of(&u.file), folder_of(&u.target));
        edges.entry(to.clone()).or_default();
        let targets = edges.entry(from.clone()).or_default();
        if from != to {
            targets.insert(to.clone());
            witness
                .entry((from, to))
                .or_insert_with(|| format!("{} -> {}", u.file, u.target));
        }
    }
    (edges, witness)
}

/// Levels of an acyclic graph: 0 for a node that imports nothing, else one above its highest
/// import.
fn levels(edges: &BTreeMap<String, BTreeSet<String>>) -> BTreeMap<String, usize> {
    fn level(
        node: &String,
        edges: &BTreeMap<String, BTreeSet<String>>,
        memo: &mut BTreeMap<String, usize>,
    ) -> usize {
        if let Some(&l) = memo.get(node) {
            return l;
        }
        memo.insert(node.clone(), 0); // a cycle ends here (the cycle check names it)
        let l = edges
            .get(node)
            .into_iter()
            .flatten()
            .map(|t| level(t, edges, memo) + 1)
            .max()
            .unwrap_or(0);
        memo.insert(node.clone(), l);
        l
    }
    let mut memo = BTreeMap::new();
    for node in edges.keys() {
        level(node, edges, &mut memo);
    }
    memo
}

/// Step 5's lab of a file: the deepest folder holding it that has a `plugin.rs`.
fn lab_of(file: &str, labs: &BTreeSet<String>) -> Option<String> {
    labs.iter()
        .filter(|lab| file.starts_with(&format!("{lab}/")))
        .max_by_key(|lab| lab.len())
        .cloned()
}

/// Step 5: the uses that cross from one lab into another, other than a top-level lab using a
/// device lab.
fn lab_crossings(uses: &[Use]) -> Vec<String> {
    let labs: BTreeSet<String> = uses
        .iter()
        .flat_map(|u| [&u.file, &u.target])
        .filter_map(|f| f.strip_suffix("/plugin.rs"))
        .map(String::from)
        .collect();
    let mut out = BTreeSet::new();
    for u in uses {
        let (Some(from), Some(to)) = (lab_of(&u.file, &labs), lab_of(&u.target, &labs)) else {
            continue;
        };
        let device_model = to.starts_with("device/") && !from.starts_with("device/");
        if from != to && !device_model {
            out.insert(format!("{from} -> {to} ({} -> {})", u.file, u.target));
        }
    }
    out.into_iter().collect()
}

/// Every cycle's files (strongly connected components of two or more, or a self-loop).
fn cycles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    let reach = |from: &String| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(f) = stack.pop() {
            for t in edges.get(&f).into_iter().flatten() {
                if seen.insert(t.clone()) {
                    stack.push(t.clone());
                }
            }
        }
        seen
    };
    let reachable: BTreeMap<&String, BTreeSet<String>> =
        edges.keys().map(|f| (f, reach(f))).collect();
    let mut done = BTreeSet::new();
    let mut out = Vec::new();
    for file in edges.keys() {
        if done.contains(file) || !reachable[file].contains(file) {
            continue;
        }
        let component: Vec<String> = reachable[file]
            .iter()
            .filter(|other| reachable.get(other).is_some_and(|r| r.contains(file)))
            .cloned()
            .collect();
        done.extend(component.iter().cloned());
        out.push(component);
    }
    out
}

/// Each cycle as its edges inside it, one cycle a line (`show` names one edge).
fn describe(
    found: &[Vec<String>],
    edges: &BTreeMap<String, BTreeSet<String>>,
    show: impl Fn(&String, &String) -> String,
    separator: &str,
) -> String {
    found
        .iter()
        .map(|c| {
            let links: Vec<String> = c
                .iter()
                .flat_map(|f| {
                    edges[f]
                        .iter()
                        .filter(|t| c.contains(t))
                        .map(|t| show(f, t))
                })
                .collect();
            links.join(separator)
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn core_src_has_no_module_cycles() {
    let edges = graph();
    assert!(edges.len() > 100, "too few files read: {}", edges.len());
    let found = cycles(&edges);
    let described = describe(&found, &edges, |f, t| format!("{f} -> {t}"), "; ");
    assert!(found.is_empty(), "module cycles:\n{described}");
}

/// Step 4 on the real tree: no folder-level cycle; the levels are printed.
#[test]
fn core_src_has_no_folder_cycles() {
    let uses = uses();
    let (edges, witness) = folder_graph(&uses);
    assert!(edges.len() >= 15, "too few folders read: {edges:?}");
    let found = cycles(&edges);
    let described = describe(
        &found,
        &edges,
        |f, t| format!("{f} -> {t} (e.g. {})", witness[&(f.clone(), t.clone())]),
        "\n  ",
    );
    assert!(found.is_empty(), "folder cycles:\n  {described}");
    let levels = levels(&edges);
    let top = levels.values().copied().max().unwrap_or(0);
    println!("{} folders, {} levels (top first):", edges.len(), top + 1);
    for level in (0..=top).rev() {
        let nodes: Vec<&str> = levels
            .iter()
            .filter(|(_, l)| **l == level)
            .map(|(n, _)| n.as_str())
            .collect();
        println!("  {level}: {}", nodes.join(", "));
    }
}

/// Step 5 on the real tree.
#[test]
fn labs_never_import_each_other() {
    let uses = uses();
    let labs: BTreeSet<&str> = uses
        .iter()
        .filter_map(|u| u.file.strip_suffix("/plugin.rs"))
        .collect();
    assert!(labs.len() >= 8, "too few labs found: {labs:?}");
    let crossings = lab_crossings(&uses);
    assert!(
        crossings.is_empty(),
        "a lab imports another lab:\n{}",
        crossings.join("\n")
    );
}

#[test]
fn the_folder_graph_sees_a_cycle_the_file_graph_drops() {
    let use_of = |file: &str, target: &str, ancestor: bool| Use {
        file: file.into(),
        target: target.into(),
        ancestor,
        relative: false,
    };
    // `labs.rs` reads `reproduce/figures/mod.rs`, whose `reproduce/figures/fdtree.rs` reads
    // `labs.rs` back: the file graph sees no cycle, the folder graph does.
    let uses = [
        use_of("labs.rs", "reproduce/figures/mod.rs", false),
        use_of("reproduce/figures/fdtree.rs", "labs.rs", false),
        use_of(
            "reproduce/figures/fdtree.rs",
            "reproduce/figures/mod.rs",
            true,
        ),
        use_of("session.rs", "lib.rs", true),
        // `mod tests { use super::*; }` inside `labs.rs`: names `labs.rs` itself, not `lib.rs`.
        Use {
            relative: true,
            ..use_of("labs.rs", "lib.rs", true)
        },
    ];
    let (edges, witness) = folder_graph(&uses);
    assert_eq!(
        cycles(&edges),
        vec![vec!["labs.rs".to_string(), "reproduce".to_string()]]
    );
    assert_eq!(
        witness[&("reproduce".to_string(), "labs.rs".to_string())],
        "reproduce/figures/fdtree.rs -> labs.rs"
    );
    assert_eq!(edges["session.rs"], BTreeSet::from(["lib.rs".to_string()]));
    assert!(!edges["labs.rs"].contains("lib.rs"));
    assert_eq!(levels(&edges)["session.rs"], 1);
}

#[test]
fn a_lab_may_use_a_device_lab_but_no_other_lab() {
    let use_of = |file: &str, target: &str| Use {
        file: file.into(),
        target: target.into(),
        ancestor: false,
        relative: false,
    };
    let uses = [
        use_of("masm/plugin.rs", "plugin/spec.rs"),
        use_of("ipa/plugin.rs", "plugin/spec.rs"),
        use_of("device/hdd/plugin.rs", "plugin/spec.rs"),
        use_of("device/ssd/plugin.rs", "plugin/spec.rs"),
        use_of("masm/io/disk.rs", "device/hdd/lab.rs"),
        use_of("masm/store.rs", "ipa/frame.rs"),
        use_of("device/ssd/ftl.rs", "device/hdd/seek.rs"),
    ];
    assert_eq!(
        lab_crossings(&uses),
        vec![
            "device/ssd -> device/hdd (device/ssd/ftl.rs -> device/hdd/seek.rs)".to_string(),
            "masm -> ipa (masm/store.rs -> ipa/frame.rs)".to_string(),
        ]
    );
}

#[test]
fn the_cycle_finder_finds_a_planted_cycle() {
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    edges
        .entry("a.rs".into())
        .or_default()
        .insert("b.rs".into());
    edges
        .entry("b.rs".into())
        .or_default()
        .insert("a.rs".into());
    edges
        .entry("c.rs".into())
        .or_default()
        .insert("a.rs".into());
    assert_eq!(
        cycles(&edges),
        vec![vec!["a.rs".to_string(), "b.rs".to_string()]]
    );
}
