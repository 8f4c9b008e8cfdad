//! A function-length ratchet, in the manner of TigerBeetle's `src/tidy.zig`
//! (`function_line_count_max`): no non-test Rust function in `core/src` or `wasm/src` is longer
//! than `FUNCTION_LINE_COUNT_MAX` lines, and the maximum is today's longest, so that splitting
//! the longest function makes this test ask for the lower number (the ratchet only turns down).
//!
//! 1. Read every `.rs` file under `core/src` and `wasm/src`, skipping files that are
//!    `#[cfg(test)] mod name;` children of another file.
//! 2. Blank comments, string and char literals (keeping the newlines), so that braces count.
//! 3. Skip every item under a `#[cfg(test)]` or `#[test]` attribute (a test module, a test-only
//!    function), up to its matching brace.
//! 4. For each `fn name` with a body, count the lines from the `fn` line to its closing brace,
//!    both included (a declaration ending in `;` has no body and no length).
//! 5. Fail above the maximum, naming each function, file, line and length; fail too when the
//!    longest function is shorter than the maximum (lower the constant to it).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Lines of the longest non-test function (step 5). Lower it when you shorten that function;
/// never raise it: split the new long function instead (by panel, by phase, by case).
const FUNCTION_LINE_COUNT_MAX: usize = 147;

#[derive(Debug, Clone, PartialEq, Eq)]
struct Function {
    file: String,
    line: usize,
    name: String,
    lines: usize,
}

/// The workspace root, and the source folders read, relative to it.
fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

const ROOTS: [&str; 2] = ["core/src", "wasm/src"];

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

/// Step 2: `text` with every comment, string and char literal replaced by spaces; newlines
/// stay, so byte offsets and line numbers are those of the source.
fn code_only(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = bytes.to_vec();
    let blank = |out: &mut Vec<u8>, from: usize, to: usize| {
        for b in &mut out[from..to.min(bytes.len())] {
            if *b != b'\n' {
                *b = b' ';
            }
        }
    };
    let is_ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut i = 0;
    while i < bytes.len() {
        let rest = &bytes[i..];
        if rest.starts_with(b"//") {
            let end = rest
                .iter()
                .position(|&b| b == b'\n')
                .map_or(bytes.len(), |n| i + n);
            blank(&mut out, i, end);
            i = end;
        } else if rest.starts_with(b"/*") {
            let (mut depth, mut j) = (1, i + 2);
            while j < bytes.len() && depth > 0 {
                if bytes[j..].starts_with(b"/*") {
                    depth += 1;
                    j += 2;
                } else if bytes[j..].starts_with(b"*/") {
                    depth -= 1;
                    j += 2;
                } else {
                    j += 1;
                }
            }
            blank(&mut out, i, j);
            i = j;
        } else if let Some(end) = raw_string_end(bytes, i, is_ident) {
            blank(&mut out, i, end);
            i = end;
        } else if bytes[i] == b'"' {
            let mut j = i + 1;
            while j < bytes.len() && bytes[j] != b'"' {
                j += if bytes[j] == b'\\' { 2 } else { 1 };
            }
            blank(&mut out, i, j + 1);
            i = j + 1;
        } else if bytes[i] == b'\'' {
            // A char literal ('x', '\n', '\u{..}', '{') or a lifetime ('a), which stays.
            let end = if bytes.get(i + 1) == Some(&b'\\') {
                // The escaped character is at i + 2; the closing quote comes after it.
                bytes[i + 3..]
                    .iter()
                    .position(|&b| b == b'\'')
                    .map(|n| i + 3 + n + 1)
            } else {
                let c = text[i + 1..].chars().next().map_or(1, char::len_utf8);
                (bytes.get(i + 1 + c) == Some(&b'\'')).then_some(i + 2 + c)
            };
            match end {
                Some(end) => {
                    blank(&mut out, i, end);
                    i = end;
                }
                None => i += 1,
            }
        } else {
            i += 1;
        }
    }
    String::from_utf8(out).unwrap()
}

/// The end of a raw string (`r"…"`, `r#"…"#`, `br#"…"#`) starting at `i`, if one does.
fn raw_string_end(bytes: &[u8], i: usize, is_ident: impl Fn(u8) -> bool) -> Option<usize> {
    if i > 0 && is_ident(bytes[i - 1]) {
        return None;
    }
    let mut j = i;
    if bytes.get(j) == Some(&b'b') {
        j += 1;
    }
    if bytes.get(j) != Some(&b'r') {
        return None;
    }
    j += 1;
    let hashes = bytes[j..].iter().take_while(|&&b| b == b'#').count();
    j += hashes;
    if bytes.get(j) != Some(&b'"') {
        return None;
    }
    let close: Vec<u8> = std::iter::once(b'"')
        .chain(std::iter::repeat_n(b'#', hashes))
        .collect();
    bytes[j + 1..]
        .windows(close.len())
        .position(|w| w == close.as_slice())
        .map(|n| j + 1 + n + close.len())
}

/// From `from`, the first `{` or `;` outside parentheses and brackets (an item's body or its
/// end), with its offset.
fn body_or_end(code: &[u8], from: usize) -> Option<(usize, u8)> {
    let mut depth = 0i32;
    for (k, &b) in code[from..].iter().enumerate() {
        match b {
            b'(' | b'[' => depth += 1,
            b')' | b']' => depth -= 1,
            b'{' | b';' if depth == 0 => return Some((from + k, b)),
            _ => {}
        }
    }
    None
}

/// The offset of the brace matching the `{` at `open`.
fn matching_brace(code: &[u8], open: usize) -> usize {
    let mut depth = 0usize;
    for (k, &b) in code[open..].iter().enumerate() {
        match b {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return open + k;
                }
            }
            _ => {}
        }
    }
    panic!("unbalanced braces from offset {open}");
}

fn line_of(code: &[u8], offset: usize) -> usize {
    1 + code[..offset].iter().filter(|&&b| b == b'\n').count()
}

/// Step 3: the byte ranges of test-only items, and the names of test-only child modules
/// declared without a body (`#[cfg(test)] mod name;`).
fn test_items(code: &str) -> (Vec<(usize, usize)>, Vec<String>) {
    let bytes = code.as_bytes();
    let (mut ranges, mut children) = (Vec::new(), Vec::new());
    for attribute in ["#[cfg(test)]", "#[test]"] {
        for (at, _) in code.match_indices(attribute) {
            let Some((end, b)) = body_or_end(bytes, at + attribute.len()) else {
                continue;
            };
            if b == b'{' {
                ranges.push((at, matching_brace(bytes, end)));
            } else if let Some(name) = code[at + attribute.len()..end].trim().strip_prefix("mod ") {
                children.push(name.trim().to_string());
            }
        }
    }
    (ranges, children)
}

/// Step 4: the functions with a body in `code`, outside `skip`.
fn functions(file: &str, code: &str, skip: &[(usize, usize)]) -> Vec<Function> {
    let bytes = code.as_bytes();
    let is_ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut out = Vec::new();
    for (at, _) in code.match_indices("fn ") {
        if at > 0 && is_ident(bytes[at - 1]) || skip.iter().any(|&(a, b)| (a..=b).contains(&at)) {
            continue;
        }
        let name: String = code[at + 3..]
            .trim_start()
            .bytes()
            .take_while(|&b| is_ident(b))
            .map(char::from)
            .collect();
        if name.is_empty() || name.as_bytes()[0].is_ascii_digit() {
            continue; // `fn(u32) -> u32`, a type; or `$name` inside a macro
        }
        let Some((open, b'{')) = body_or_end(bytes, at) else {
            continue;
        };
        let first = line_of(bytes, at);
        let last = line_of(bytes, matching_brace(bytes, open));
        out.push(Function {
            file: file.to_string(),
            line: first,
            name,
            lines: last - first + 1,
        });
    }
    out
}

/// Every non-test function of the crate sources, longest first.
fn all_functions() -> Vec<Function> {
    let mut files = Vec::new();
    for root in ROOTS {
        rust_files(&workspace().join(root), &mut files);
    }
    files.sort();
    let mut test_files = BTreeSet::new();
    let mut parsed = Vec::new();
    for path in &files {
        let code = code_only(&std::fs::read_to_string(path).unwrap());
        let (ranges, children) = test_items(&code);
        let dir = match path.file_name().and_then(|n| n.to_str()) {
            Some("mod.rs" | "lib.rs" | "main.rs") => path.parent().unwrap().to_path_buf(),
            _ => path.with_extension(""),
        };
        for child in children {
            test_files.insert(dir.join(format!("{child}.rs")));
            test_files.insert(dir.join(child).join("mod.rs"));
        }
        parsed.push((path.clone(), code, ranges));
    }
    let workspace = workspace();
    let mut out = Vec::new();
    for (path, code, ranges) in parsed {
        if test_files.contains(&path) {
            continue;
        }
        let name = path
            .strip_prefix(&workspace)
            .unwrap_or(&path)
            .display()
            .to_string();
        out.extend(functions(&name, &code, &ranges));
    }
    out.sort_by(|a, b| b.lines.cmp(&a.lines).then(a.file.cmp(&b.file)));
    out
}

/// Step 5 for a given maximum: the message naming what fails, or `None`.
fn ratchet(functions: &[Function], max: usize) -> Option<String> {
    let over: Vec<String> = functions
        .iter()
        .filter(|f| f.lines > max)
        .map(|f| format!("  {}:{} `{}`: {} lines", f.file, f.line, f.name, f.lines))
        .collect();
    if !over.is_empty() {
        return Some(format!(
            "{} function(s) longer than FUNCTION_LINE_COUNT_MAX = {max} lines; split them:\n{}",
            over.len(),
            over.join("\n")
        ));
    }
    let longest = functions.first().map_or(0, |f| f.lines);
    (longest < max).then(|| {
        let f = &functions[0];
        format!(
            "the longest function is now {longest} lines ({}:{} `{}`): lower \
             FUNCTION_LINE_COUNT_MAX from {max} to {longest} (the ratchet only turns down)",
            f.file, f.line, f.name
        )
    })
}

#[test]
fn no_function_is_longer_than_the_ratchet() {
    let functions = all_functions();
    assert!(functions.len() > 1_000, "found only {}", functions.len());
    let top: Vec<String> = functions
        .iter()
        .take(8)
        .map(|f| format!("{} {}:{} {}", f.lines, f.file, f.line, f.name))
        .collect();
    println!(
        "{} functions; the longest:\n{}",
        functions.len(),
        top.join("\n")
    );
    if let Some(message) = ratchet(&functions, FUNCTION_LINE_COUNT_MAX) {
        panic!("{message}");
    }
}

#[test]
fn the_ratchet_names_a_function_over_the_maximum() {
    let functions = all_functions();
    let longest = &functions[0];
    let message = ratchet(&functions, longest.lines - 1).unwrap();
    assert!(message.contains(&longest.name), "{message}");
    assert!(message.contains(&longest.file), "{message}");
    let message = ratchet(&functions, longest.lines + 1).unwrap();
    assert!(message.contains("lower"), "{message}");
}

#[test]
fn the_scanner_skips_comments_strings_and_tests() {
    let text = r##"
fn one() {
    let s = "}{ fn fake() {";
    let r = r#"}"#;
    let c = '}';
    let q = ('\'', '{', b'{');
    // fn commented() {
    /* } */
}
trait T { fn declared(&self); }
#[cfg(test)]
mod tests {
    fn long_test_helper() {
    }
}
fn two<'a>(x: &'a [u8; 4]) -> fn(u8) -> u8 {
    todo!()
}
"##;
    let code = code_only(text);
    let (ranges, _) = test_items(&code);
    let found: Vec<(String, usize)> = functions("x.rs", &code, &ranges)
        .into_iter()
        .map(|f| (f.name, f.lines))
        .collect();
    assert_eq!(found, [("one".to_string(), 8), ("two".to_string(), 3)]);
}
