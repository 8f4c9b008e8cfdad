//! A bound on a document's JSON objects and arrays, checked on the text before it is parsed.
//!
//! The byte limit alone lets a 4 MiB file of nested empty arrays (`[[[]],[[]],…]`) become about
//! two million `serde_json::Value` nodes: some 200 MB and half a second before any field check
//! runs (found by `tests/fuzz_scenarios.rs`). A legal scenario needs a few containers per op.
//!
//! 1. Scan the bytes once, skipping string contents (with their escapes).
//! 2. Count every `[` and `{`; stop at the first one over `MAX_JSON_CONTAINERS`.

use super::ScenarioError;
use super::limits::{MAX_JSON_CONTAINERS, MAX_OPS};

/// Rejects `text` if it holds more than `MAX_JSON_CONTAINERS` objects and arrays.
pub fn check_container_count(text: &str) -> Result<(), ScenarioError> {
    let (mut in_string, mut escaped, mut containers) = (false, false, 0usize);
    for byte in text.bytes() {
        if in_string {
            match (escaped, byte) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match byte {
            b'"' => in_string = true,
            b'[' | b'{' => {
                containers += 1;
                if containers > MAX_JSON_CONTAINERS {
                    return Err(ScenarioError::new(
                        "scenario",
                        format!(
                            "more than {MAX_JSON_CONTAINERS} JSON objects and arrays (a scenario \
                             needs a few per op, and at most {MAX_OPS} ops)"
                        ),
                    ));
                }
            }
            _ => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_document_of_nested_empty_arrays_over_the_bound_is_refused() {
        let text = "[]".repeat(MAX_JSON_CONTAINERS + 1);
        let error = check_container_count(&text).unwrap_err();
        assert_eq!(error.path, "scenario");
        assert!(check_container_count(&"[]".repeat(MAX_JSON_CONTAINERS)).is_ok());
    }

    #[test]
    fn brackets_inside_strings_and_after_escaped_quotes_do_not_count() {
        let inside = format!("{{\"title\": \"{}\"}}", "[{".repeat(MAX_JSON_CONTAINERS));
        assert!(check_container_count(&inside).is_ok());
        let escaped = format!("{{\"t\": \"\\\"{}\"}}", "[".repeat(MAX_JSON_CONTAINERS));
        assert!(check_container_count(&escaped).is_ok());
    }
}
