//! A bound on a document's JSON objects and arrays, checked on the text before it is parsed.
//!
//! The byte limit alone lets a 4 MiB file of nested empty arrays (`[[[]],[[]],…]`) become about
//! two million `serde_json::Value` nodes: some 200 MB and half a second before any field check
//! runs (found by `tests/fuzz_scenarios.rs`). A legal scenario needs a few containers per op.
//!
//! 1. Scan the bytes once, skipping string contents (with their escapes).
//! 2. Count every `[` and `{`; stop at the first one over `MAX_JSON_CONTAINERS`.
//! 3. Name the top-level field whose value was being read then (the key before the last `:` at
//!    depth 1), so the message points at the bulk; `scenario` when the text has no such key or
//!    nests deeper than `serde_json` reads (so the rest of the text is scanned for its depth).

use super::ScenarioError;
use super::limits::{MAX_JSON_CONTAINERS, MAX_OPS};

/// Nesting `serde_json` refuses to build into values (its recursion limit of 128).
pub const PARSER_MAX_DEPTH: usize = 127;

/// Rejects `text` if it holds more than `MAX_JSON_CONTAINERS` objects and arrays, naming the
/// top-level field being read when the bound was crossed; `scenario` if there is none, or if the
/// text nests deeper than the parser reads (then it is not a JSON object the app could read).
pub fn check_container_count(text: &str) -> Result<(), ScenarioError> {
    let bytes = text.as_bytes();
    let (mut in_string, mut escaped, mut containers) = (false, false, 0usize);
    let (mut depth, mut max_depth) = (0usize, 0usize);
    // Step 3: the last string closed at depth 1 of a top-level object, the field it names once
    // a `:` follows it, and that field when the bound was crossed.
    let top_is_object = bytes.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{');
    let (mut string_start, mut last_string, mut field) = (0usize, None, None);
    let mut crossed_in = None;
    for (at, &byte) in bytes.iter().enumerate() {
        if in_string {
            match (escaped, byte) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => {
                    in_string = false;
                    if depth == 1 {
                        last_string = Some(string_start..at);
                    }
                }
                _ => {}
            }
            continue;
        }
        match byte {
            b'"' => {
                in_string = true;
                string_start = at + 1;
            }
            b':' if depth == 1 => field = last_string.take(),
            b']' | b'}' => depth = depth.saturating_sub(1),
            b'[' | b'{' => {
                containers += 1;
                depth += 1;
                max_depth = max_depth.max(depth);
                if containers == MAX_JSON_CONTAINERS + 1 {
                    crossed_in = Some(field.clone());
                }
                if crossed_in.is_some() && max_depth > PARSER_MAX_DEPTH {
                    break;
                }
            }
            _ => {}
        }
    }
    let Some(crossed_in) = crossed_in else {
        return Ok(());
    };
    // The raw key, unescaped as JSON would read it.
    let path = crossed_in
        .filter(|_| top_is_object && max_depth <= PARSER_MAX_DEPTH)
        .and_then(|range| text.get(range))
        .and_then(|raw| serde_json::from_str::<String>(&format!("\"{raw}\"")).ok())
        .filter(|key| !key.is_empty())
        .unwrap_or_else(|| "scenario".into());
    Err(ScenarioError::new(
        &path,
        format!(
            "more than {MAX_JSON_CONTAINERS} JSON objects and arrays in the scenario (a scenario \
             needs a few per op, and at most {MAX_OPS} ops)"
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_document_of_nested_empty_arrays_over_the_bound_is_refused() {
        let text = "[]".repeat(MAX_JSON_CONTAINERS + 1);
        let error = check_container_count(&text).unwrap_err();
        assert_eq!(error.path, "scenario", "no field to name outside an object");
        assert!(check_container_count(&"[]".repeat(MAX_JSON_CONTAINERS)).is_ok());
    }

    #[test]
    fn brackets_inside_strings_and_after_escaped_quotes_do_not_count() {
        let inside = format!("{{\"title\": \"{}\"}}", "[{".repeat(MAX_JSON_CONTAINERS));
        assert!(check_container_count(&inside).is_ok());
        let escaped = format!("{{\"t\": \"\\\"{}\"}}", "[".repeat(MAX_JSON_CONTAINERS));
        assert!(check_container_count(&escaped).is_ok());
    }

    #[test]
    fn the_field_holding_the_bulk_is_named() {
        let bulk = "[]".repeat(MAX_JSON_CONTAINERS);
        let text = format!(
            "{{\"lab\": \"hdd\", \"ti:tle\": \"{{[\", \"workload\": {{\"kind\": [{bulk}]}}}}"
        );
        let error = check_container_count(&text).unwrap_err();
        assert_eq!(error.path, "workload");
        let escaped_key = format!("{{\"w\\\"x\": [{bulk}]}}");
        assert_eq!(
            check_container_count(&escaped_key).unwrap_err().path,
            "w\"x"
        );
    }

    #[test]
    fn the_parser_depth_limit_is_where_serde_json_stops() {
        let nested = |depth: usize| format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        assert!(serde_json::from_str::<serde_json::Value>(&nested(PARSER_MAX_DEPTH)).is_ok());
        assert!(serde_json::from_str::<serde_json::Value>(&nested(PARSER_MAX_DEPTH + 1)).is_err());
    }

    #[test]
    fn a_bulky_field_nested_past_the_parser_limit_is_the_whole_document() {
        let deep = format!(
            "{}{}",
            "[".repeat(PARSER_MAX_DEPTH),
            "]".repeat(PARSER_MAX_DEPTH)
        );
        let bulk = "[]".repeat(MAX_JSON_CONTAINERS);
        let text = format!("{{\"workload\": [{bulk}], \"device\": {deep}}}");
        assert_eq!(check_container_count(&text).unwrap_err().path, "scenario");
    }
}
