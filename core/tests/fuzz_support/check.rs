//! What "every rejection names the field" means, checked on each rejected fuzz input.
//!
//! A rejection is a `ScenarioError { path, message }`. It names the field when:
//! 1. `path` is `scenario` (the document as a whole) only if the text is not a JSON object at all
//!    (syntax error, over the byte limit, nested deeper than the JSON parser's 128 levels, or
//!    another JSON type), or the message quotes the missing/unexpected top-level field in
//!    backticks (serde's "missing field `workload`").
//! 2. Any other `path` (`key(.key | [index])*`, where a key may itself hold `.` or `[`) walks
//!    into the input document through every segment but the last, so it points into the input:
//!    at the offending node itself, or at the object that lacks a required field or holds a
//!    derived value out of range, or at an array too short for the index.
//! 3. The message is not empty.

use flashlab_core::scenario::ScenarioError;
use serde_json::Value;

/// How far `path` walks into `document`: the number of path characters consumed by whole
/// segments that exist (object keys may contain `.` or `[`, so the longest matching key wins),
/// and whether the whole path resolved.
fn walk(document: &Value, path: &str) -> (usize, bool) {
    let mut node = document;
    let mut at = 0;
    loop {
        let rest = &path[at..];
        if rest.is_empty() {
            return (at, true);
        }
        let next = match node {
            Value::Array(items) => rest
                .strip_prefix('[')
                .and_then(|r| r.find(']').map(|close| (&r[..close], close + 2)))
                .and_then(|(digits, len)| Some((items.get(digits.parse::<usize>().ok()?)?, len))),
            Value::Object(map) => {
                let body = if at == 0 {
                    rest
                } else {
                    rest.strip_prefix('.').unwrap_or("")
                };
                let skip = rest.len() - body.len();
                map.iter()
                    .filter(|(key, _)| {
                        body.starts_with(key.as_str())
                            && matches!(body.as_bytes().get(key.len()), None | Some(b'.' | b'['))
                    })
                    .max_by_key(|(key, _)| key.len())
                    .map(|(key, value)| (value, skip + key.len()))
            }
            _ => None,
        };
        match next {
            Some((child, len)) => {
                node = child;
                at += len;
            }
            None => return (at, false),
        }
    }
}

/// `Ok` if `error`, the rejection of `text`, names a field by the rules above.
pub fn names_a_field(text: &str, error: &ScenarioError) -> Result<(), String> {
    if error.message.trim().is_empty() {
        return Err("empty message".into());
    }
    let over_bytes = text.len() > flashlab_core::scenario::limits::MAX_SCENARIO_BYTES;
    if error.path == "scenario" && over_bytes {
        // Refused on its length, unparsed; parsing it here would only measure the harness.
        return Ok(());
    }
    let document = serde_json::from_str::<Value>(text).ok();
    let object = document.as_ref().filter(|d| d.is_object());
    if error.path == "scenario" {
        let whole_document_problem = object.is_none() || over_bytes;
        if whole_document_problem || error.message.contains('`') {
            return Ok(());
        }
        return Err("path `scenario` for a JSON object, with no field in the message".into());
    }
    let Some(document) = object else {
        return Err("a field path for a text that is not a JSON object".into());
    };
    let (consumed, whole) = walk(document, &error.path);
    let last_segment = &error.path[consumed..];
    let last_segment = last_segment.strip_prefix('.').unwrap_or(last_segment);
    if whole || (!last_segment.is_empty() && !last_segment.contains(['.', '['])) {
        return Ok(());
    }
    if last_segment.starts_with('[')
        && last_segment.ends_with(']')
        && !last_segment[1..].contains('[')
    {
        // An index past the end of an array that exists (a list too short).
        return Ok(());
    }
    Err(format!(
        "path {:?}: {last_segment:?} is not in the input",
        error.path
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_walk_keys_with_odd_characters_and_indexes() {
        let doc: Value =
            serde_json::from_str(r#"{"w":{"ops":[{"pa[ge":1,"a.b":{"c":2}}]}}"#).unwrap();
        assert_eq!(walk(&doc, "w.ops[0].pa[ge"), (14, true));
        assert_eq!(walk(&doc, "w.ops[0].a.b.c"), (14, true));
        assert_eq!(walk(&doc, "w.ops[1].x"), (5, false));
    }

    #[test]
    fn a_path_must_point_into_the_input() {
        let text = r#"{"workload":{"ops":[{"key":"x"}]}}"#;
        let ok = ScenarioError::new("workload.ops[0].key", "expected an unsigned integer");
        assert_eq!(names_a_field(text, &ok), Ok(()));
        let missing_leaf = ScenarioError::new("workload.generator", "missing");
        assert_eq!(names_a_field(text, &missing_leaf), Ok(()));
        let elsewhere = ScenarioError::new("device.rpm.x", "bad");
        assert!(names_a_field(text, &elsewhere).is_err());
        let vague = ScenarioError::new("scenario", "invalid");
        assert!(names_a_field(text, &vague).is_err());
        assert_eq!(names_a_field("[1]", &vague), Ok(()));
    }
}
