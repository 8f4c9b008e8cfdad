//! Seeded generators of hostile scenario text for `fuzz_scenarios.rs`. Every input is a pure
//! function of `(base seed, index)`, so a failure is reproduced from its index alone.
//!
//! 1. `random_bytes`: bytes from a JSON-ish alphabet, or any bytes (lossy UTF-8), for the
//!    syntax layer.
//! 2. `random_document`: a valid header (`version`, `lab`, `title`, `seed`) over a random JSON
//!    body, for each lab's typed body parser.
//! 3. `mutate`: the main source. A real `scenarios/<lab>/*.json` with 1-4 structural mutations
//!    (delete, duplicate, retype, huge and negative numbers, deep nesting, giant strings, another
//!    or an unknown lab, grafts from other scenarios, grown op lists, unknown fields) and
//!    sometimes a text mutation on top (truncate, flip, insert, cut, duplicate a span).

use flashlab_core::labs::BUILT_LABS;
use flashlab_core::scenario::limits::{MAX_OPS, MAX_SCENARIO_BYTES, MAX_SEED, MAX_TITLE_CHARS};
use flashlab_core::sim::Rng;
use serde_json::{Map, Number, Value, json};

/// Marker for a duplicated key: serialised as its own key, then renamed in the text.
const DUP_MARK: &str = "~dup~";

/// Every built lab, from the registry: a new lab is fuzzed without an edit here.
const LABS: &[&str] = BUILT_LABS;
const WRONG_LABS: &[&str] = &[
    "",
    "HDD",
    "hdd ",
    "disk",
    "hdd\u{0}",
    "<script>",
    "ssd/../hdd",
];
const MARKUP: &[&str] = &[
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "\"}]}{",
    "\\u0000",
    "盘✓\u{202e}",
    "\u{fffd}",
];

/// One seed scenario: its lab and parsed value.
pub struct Seed {
    pub value: Value,
}

/// Bytes from a JSON-ish alphabet (mostly) or any byte, as lossy UTF-8.
pub fn random_bytes(rng: &mut Rng) -> String {
    let len = rng.below(400) as usize;
    if rng.chance(0.5) {
        let alphabet = b"{}[]\":,0123456789.-+eEtrufalsn \\abcxyz\n";
        let bytes: Vec<u8> = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len() as u64) as usize])
            .collect();
        String::from_utf8_lossy(&bytes).into_owned()
    } else {
        let bytes: Vec<u8> = (0..len).map(|_| rng.below(256) as u8).collect();
        String::from_utf8_lossy(&bytes).into_owned()
    }
}

fn pick<'a, T>(rng: &mut Rng, items: &'a [T]) -> &'a T {
    &items[rng.below(items.len() as u64) as usize]
}

fn random_key(rng: &mut Rng, seeds: &[Seed]) -> String {
    if rng.chance(0.7) {
        // A key some real scenario uses, so the lab parsers get past "unknown field".
        let mut keys = Vec::new();
        collect_keys(&pick(rng, seeds).value, &mut keys);
        if !keys.is_empty() {
            return pick(rng, &keys).clone();
        }
    }
    let len = 1 + rng.below(8) as usize;
    (0..len)
        .map(|_| char::from(b'a' + rng.below(26) as u8))
        .collect()
}

fn collect_keys(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                out.push(k.clone());
                collect_keys(v, out);
            }
        }
        Value::Array(items) => items.iter().for_each(|v| collect_keys(v, out)),
        _ => {}
    }
}

/// A random JSON value of depth at most `depth`.
pub fn random_value(rng: &mut Rng, seeds: &[Seed], depth: u32) -> Value {
    let kinds = if depth == 0 { 5 } else { 7 };
    match rng.below(kinds) {
        0 => Value::Null,
        1 => Value::Bool(rng.chance(0.5)),
        2 => random_number(rng, 1000),
        3 => Value::String(random_string(rng)),
        4 => random_number(rng, 1 << 40),
        5 => Value::Array(
            (0..rng.below(5))
                .map(|_| random_value(rng, seeds, depth - 1))
                .collect(),
        ),
        _ => Value::Object(
            (0..rng.below(5))
                .map(|_| (random_key(rng, seeds), random_value(rng, seeds, depth - 1)))
                .collect(),
        ),
    }
}

fn random_string(rng: &mut Rng) -> String {
    match rng.below(4) {
        0 => pick(rng, MARKUP).to_string(),
        1 => pick(rng, LABS).to_string(),
        _ => (0..rng.below(12))
            .map(|_| char::from(b' ' + rng.below(95) as u8))
            .collect(),
    }
}

fn random_number(rng: &mut Rng, scale: u64) -> Value {
    match rng.below(3) {
        0 => json!(rng.below(scale)),
        1 => json!(-(rng.below(scale) as i64)),
        _ => Number::from_f64(rng.unit_f64() * scale as f64).map_or(Value::Null, Value::Number),
    }
}

/// A valid header over a random body.
pub fn random_document(rng: &mut Rng, seeds: &[Seed]) -> String {
    let mut doc = Map::new();
    doc.insert("version".into(), json!(1));
    doc.insert("lab".into(), json!(pick(rng, LABS)));
    doc.insert("title".into(), json!("random body"));
    doc.insert("seed".into(), json!(rng.below(1000)));
    for _ in 0..rng.below(5) {
        doc.insert(random_key(rng, seeds), random_value(rng, seeds, 4));
    }
    Value::Object(doc).to_string()
}

/// Paths to every node of `value` (a path is a list of object keys / array indexes).
#[derive(Clone, Debug)]
enum Step {
    Key(String),
    Index(usize),
}

/// At most this many paths, each at most `MAX_PATH_DEPTH` deep: a grown or deeply nested
/// document would otherwise make the generator, not the parser, the slow part.
const MAX_PATHS: usize = 4096;
const MAX_PATH_DEPTH: usize = 48;

fn node_paths(value: &Value, prefix: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    if out.len() >= MAX_PATHS || prefix.len() > MAX_PATH_DEPTH {
        return;
    }
    out.push(prefix.clone());
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                prefix.push(Step::Key(k.clone()));
                node_paths(v, prefix, out);
                prefix.pop();
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                prefix.push(Step::Index(i));
                node_paths(v, prefix, out);
                prefix.pop();
            }
        }
        _ => {}
    }
}

fn node_mut<'a>(value: &'a mut Value, path: &[Step]) -> Option<&'a mut Value> {
    let mut node = value;
    for step in path {
        node = match (step, node) {
            (Step::Key(k), Value::Object(map)) => map.get_mut(k)?,
            (Step::Index(i), Value::Array(items)) => items.get_mut(*i)?,
            _ => return None,
        };
    }
    Some(node)
}

/// A number at or beyond some boundary: limits, 2^53, u64/i64 extremes, floats.
fn extreme_number(rng: &mut Rng, old: &Value) -> Value {
    let x = old.as_f64().unwrap_or(1.0);
    match rng.below(16) {
        0 => json!(u64::MAX),
        1 => json!(MAX_SEED + 1),
        2 => json!(i64::MIN),
        3 => json!(1e308),
        4 => json!(-1e308),
        5 => json!(5e-324),
        6 => json!(0),
        7 => json!(-1),
        8 => json!(MAX_OPS as u64 + 1),
        9 => Number::from_f64(-x).map_or(Value::Null, Value::Number),
        10 => Number::from_f64(x * 1000.0).map_or(Value::Null, Value::Number),
        11 => Number::from_f64(x + 1.0).map_or(Value::Null, Value::Number),
        12 => Number::from_f64(x - 1.0).map_or(Value::Null, Value::Number),
        13 => Number::from_f64(x * 0.5).map_or(Value::Null, Value::Number),
        14 => json!(-0.0),
        _ => json!((x as u64).saturating_mul(2)),
    }
}

fn giant_string(rng: &mut Rng) -> String {
    let len = match rng.below(10) {
        0 => MAX_SCENARIO_BYTES + 1,
        1..=2 => 100_000,
        _ => 1_000 + rng.below(10_000) as usize,
    };
    let unit = pick(rng, MARKUP);
    unit.repeat(len / unit.len() + 1)
}

fn deep_nesting(rng: &mut Rng, inner: Value) -> Value {
    let depth = *pick(rng, &[8usize, 60, 126, 127, 128, 129, 200]);
    let object = rng.chance(0.5);
    (0..depth).fold(inner, |acc, _| {
        if object {
            json!({ "workload": acc })
        } else {
            Value::Array(vec![acc])
        }
    })
}

fn random_existing_key(rng: &mut Rng, map: &Map<String, Value>) -> Option<String> {
    map.keys()
        .nth(rng.below(map.len() as u64) as usize)
        .cloned()
}

/// One structural mutation somewhere in `doc`.
fn mutate_once(rng: &mut Rng, doc: &mut Value, seeds: &[Seed]) {
    let mut paths = Vec::new();
    node_paths(doc, &mut Vec::new(), &mut paths);
    let path = pick(rng, &paths).clone();
    let Some(node) = node_mut(doc, &path) else {
        return;
    };
    match rng.below(14) {
        0 | 1 => match node {
            Value::Object(map) if !map.is_empty() => {
                let key = random_existing_key(rng, map);
                if let Some(key) = key {
                    map.remove(&key);
                }
            }
            Value::Array(items) if !items.is_empty() => {
                items.remove(rng.below(items.len() as u64) as usize);
            }
            other => *other = Value::Null,
        },
        2 => match node {
            Value::Object(map) if !map.is_empty() => {
                let key = random_existing_key(rng, map);
                if let Some(key) = key {
                    let value = random_value(rng, seeds, 2);
                    map.insert(format!("{DUP_MARK}{key}"), value);
                }
            }
            Value::Array(items) if !items.is_empty() => {
                let item = items[rng.below(items.len() as u64) as usize].clone();
                items.push(item);
            }
            _ => {}
        },
        3 | 4 => *node = random_value(rng, seeds, 1),
        5..=7 => {
            if node.is_number() || rng.chance(0.3) {
                *node = extreme_number(rng, node);
            }
        }
        8 => *node = deep_nesting(rng, node.clone()),
        9 => *node = Value::String(giant_string(rng)),
        10 => {
            let Value::Object(top) = doc else { return };
            let lab = if rng.chance(0.8) {
                pick(rng, LABS)
            } else {
                pick(rng, WRONG_LABS)
            };
            top.insert("lab".into(), json!(lab));
            if rng.chance(0.3) {
                let title = "<img src=x onerror=alert(1)>".repeat(MAX_TITLE_CHARS / 20);
                top.insert("title".into(), json!(title));
            }
        }
        11 => {
            // Graft a subtree of another scenario (often of another lab).
            let mut other_paths = Vec::new();
            let other = &pick(rng, seeds).value;
            node_paths(other, &mut Vec::new(), &mut other_paths);
            let from = pick(rng, &other_paths).clone();
            let mut donor = other.clone();
            if let Some(subtree) = node_mut(&mut donor, &from) {
                *node = subtree.clone();
            }
        }
        12 => {
            if let Value::Array(items) = node
                && let Some(first) = items.first().cloned()
            {
                let target = *pick(rng, &[100usize, 5_000, MAX_OPS, MAX_OPS + 1]);
                let grow = if rng.chance(0.9) {
                    1_000.min(target)
                } else {
                    target
                };
                // Past the byte limit but not by 5x: a bigger text only costs the generator.
                let item_bytes = first.to_string().len().max(1);
                let grow = grow.min((2 * MAX_SCENARIO_BYTES / item_bytes).max(2));
                while items.len() < grow {
                    items.push(first.clone());
                }
            }
        }
        _ => {
            if let Value::Object(map) = node {
                map.insert(random_key(rng, seeds), random_value(rng, seeds, 2));
            }
        }
    }
}

fn mutate_text(rng: &mut Rng, text: &mut String) {
    if text.is_empty() {
        return;
    }
    let mut bytes = std::mem::take(text).into_bytes();
    let at = rng.below(bytes.len() as u64) as usize;
    match rng.below(5) {
        0 => bytes.truncate(at),
        1 => bytes[at] = b" {}[],:\"0x-e."[rng.below(13) as usize],
        2 => bytes.insert(at, b"{[\",:}]"[rng.below(7) as usize]),
        3 => {
            let end = (at + 1 + rng.below(40) as usize).min(bytes.len());
            bytes.drain(at..end);
        }
        _ => {
            let end = (at + 1 + rng.below(40) as usize).min(bytes.len());
            let span = bytes[at..end].to_vec();
            bytes.splice(at..at, span);
        }
    }
    *text = String::from_utf8_lossy(&bytes).into_owned();
}

/// A real scenario with 1-4 structural mutations and, one time in ten, a text mutation.
pub fn mutate(rng: &mut Rng, seeds: &[Seed]) -> String {
    let mut doc = pick(rng, seeds).value.clone();
    for _ in 0..1 + rng.below(4) {
        mutate_once(rng, &mut doc, seeds);
    }
    let mut text = doc.to_string().replace(DUP_MARK, "");
    if rng.chance(0.1) {
        mutate_text(rng, &mut text);
    }
    text
}
