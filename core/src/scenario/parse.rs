//! Typed parsing of a lab's body with exact JSON paths, and range checks that say the range.

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use super::ScenarioError;

/// Deserialises a lab body. Errors carry the JSON path (`workload.ops[3].key`) and a message
/// phrased for people rather than for serde.
pub fn parse_body<T: DeserializeOwned>(body: Map<String, Value>) -> Result<T, ScenarioError> {
    serde_path_to_error::deserialize(Value::Object(body)).map_err(|error| {
        let path = error.path().to_string();
        let path = if path == "." {
            "scenario".to_string()
        } else {
            path
        };
        ScenarioError::new(path, humanize(&error.inner().to_string()))
    })
}

/// Rewrites serde's type vocabulary into plain words.
fn humanize(message: &str) -> String {
    let mut text = message.to_string();
    for (from, to) in [
        ("expected u64", "expected an unsigned integer"),
        ("expected u32", "expected an unsigned integer"),
        ("expected u16", "expected an unsigned integer"),
        ("expected u8", "expected an unsigned integer"),
        ("expected usize", "expected an unsigned integer"),
        ("expected f64", "expected a number"),
        ("expected f32", "expected a number"),
        ("expected a boolean", "expected true or false"),
    ] {
        text = text.replace(from, to);
    }
    text
}

/// `path: must be between min and max (got value)` unless `min <= value <= max`.
pub fn check_range<T: PartialOrd + std::fmt::Display>(
    path: &str,
    value: T,
    min: T,
    max: T,
) -> Result<(), ScenarioError> {
    if value < min || value > max {
        return Err(ScenarioError::new(
            path,
            format!("must be between {min} and {max} (got {value})"),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Body {
        workload: Workload,
    }
    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Workload {
        ops: Vec<Op>,
    }
    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Op {
        key: u64,
    }

    fn error_of(json: &str) -> String {
        let Value::Object(map) = serde_json::from_str::<Value>(json).unwrap() else {
            panic!()
        };
        parse_body::<Body>(map).unwrap_err().to_string()
    }

    #[test]
    fn errors_carry_the_exact_json_path() {
        let text = error_of(r#"{"workload":{"ops":[{"key":1},{"key":2},{"key":3},{"key":"x"}]}}"#);
        assert_eq!(
            text,
            r#"workload.ops[3].key: invalid type: string "x", expected an unsigned integer"#
        );
    }

    #[test]
    fn unknown_and_missing_fields_are_named() {
        assert!(
            error_of(r#"{"workload":{"ops":[],"extra":1}}"#)
                .starts_with("workload.extra: unknown field")
        );
        assert_eq!(
            error_of(r#"{"workload":{}}"#),
            "workload: missing field `ops`"
        );
    }

    #[test]
    fn range_check_states_the_range() {
        assert_eq!(
            check_range("device.rpm", 10u32, 3600, 15000)
                .unwrap_err()
                .to_string(),
            "device.rpm: must be between 3600 and 15000 (got 10)"
        );
        assert!(check_range("x", 5.0, 0.0, 10.0).is_ok());
    }
}
