//! No module cycles in `core/src`: a registry imports its parts, and a part never imports back
//! from its registry (shared types live in leaf modules such as `crate::plugin`).
//!
//! 1. Read every `core/src/**/*.rs` and collect the paths it names: `use crate::…`,
//!    `use super::…`, `use self::…`, and inline `crate::a::b::` paths.
//! 2. Resolve each path to the file that holds the longest matching module prefix.
//! 3. Drop edges into one's own ancestor module files (`mod.rs`, `lib.rs`): a `use super::X`
//!    names the parent's re-export of a sibling, not the parent's own code.
//! 4. Fail on any cycle, printing it.

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

/// Paths named in `text`, as module paths (absolute), given the file's module `here`.
fn named_paths(text: &str, here: &[String], is_mod_file: bool) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let code: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    for (prefix, base) in [
        ("crate::", Vec::new()),
        ("super::", {
            let mut b = here.to_vec();
            if !is_mod_file {
                b.pop();
            }
            b.pop();
            b
        }),
        ("self::", {
            let mut b = here.to_vec();
            if !is_mod_file {
                b.pop();
            }
            b
        }),
    ] {
        let mut rest = code.as_str();
        while let Some(i) = rest.find(prefix) {
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
                                out.push(p);
                            }
                        }
                        break;
                    }
                    _ => {
                        if !segment.is_empty() {
                            path.push(segment);
                        }
                        out.push(path);
                        break;
                    }
                }
            }
        }
    }
    out
}

fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let root = src();
    let mut paths = Vec::new();
    rust_files(&root, &mut paths);
    let rel = |p: &Path| {
        p.strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/")
    };
    let files: BTreeMap<Vec<String>, String> = paths
        .iter()
        .filter(|p| !p.starts_with(root.join("bin")))
        .map(|p| (module_of(&rel(p)), rel(p)))
        .map(|(m, f)| (if f == "lib.rs" { Vec::new() } else { m }, f))
        .collect();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (module, file) in &files {
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        let is_mod_file = file.ends_with("mod.rs") || file == "lib.rs";
        let mut here = module.clone();
        if !is_mod_file {
            here.push(String::new()); // so that `super` of `a/b.rs` is `a`
        }
        let targets = edges.entry(file.clone()).or_default();
        for path in named_paths(&text, &here, is_mod_file) {
            let Some(target) = resolve(&path, &files) else {
                continue;
            };
            let target_module = module_of(&target);
            let ancestor = target == "lib.rs"
                || ((target.ends_with("mod.rs") || files.get(&target_module) == Some(&target))
                    && module.starts_with(&target_module)
                    && module.len() > target_module.len());
            if target != *file && !ancestor {
                targets.insert(target);
            }
        }
    }
    edges
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

#[test]
fn core_src_has_no_module_cycles() {
    let edges = graph();
    assert!(edges.len() > 100, "too few files read: {}", edges.len());
    let found = cycles(&edges);
    let described: Vec<String> = found
        .iter()
        .map(|c| {
            let links: Vec<String> = c
                .iter()
                .flat_map(|f| {
                    edges[f]
                        .iter()
                        .filter(|t| c.contains(t))
                        .map(move |t| format!("{f} -> {t}"))
                })
                .collect();
            links.join("; ")
        })
        .collect();
    assert!(found.is_empty(), "module cycles:\n{}", described.join("\n"));
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
