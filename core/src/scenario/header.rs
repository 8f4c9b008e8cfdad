//! The common header of every scenario: `version`, `lab`, `title`, `seed`.
//!
//! 1. Reject oversized input before parsing it.
//! 2. Parse JSON; a syntax error names line and column.
//! 3. Check each header field by hand for exact messages, then strip the header and hand the
//!    rest of the object (the lab's body) to the lab's own typed parser.

use serde_json::{Map, Value};

use super::ScenarioError;
use super::limits::{MAX_SCENARIO_BYTES, MAX_SEED, MAX_TITLE_CHARS};

/// The scenario format version this core reads and writes.
pub const SCENARIO_VERSION: u64 = 1;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Header {
    pub version: u64,
    pub lab: String,
    pub title: String,
    pub seed: u64,
}

/// Parses a scenario document into its header and its lab-specific body. `known_labs` are the
/// lab names the format knows (DESIGN §3.1): the registry's `labs::KNOWN_LABS`, passed in so
/// that this module, like all of `scenario`, imports no registry.
pub fn parse_document(
    text: &str,
    known_labs: &[&str],
) -> Result<(Header, Map<String, Value>), ScenarioError> {
    if text.len() > MAX_SCENARIO_BYTES {
        return Err(ScenarioError::new(
            "scenario",
            format!(
                "{} bytes is over the limit of {MAX_SCENARIO_BYTES} bytes",
                text.len()
            ),
        ));
    }
    let not_json = |e: serde_json::Error| {
        ScenarioError::new(
            "scenario",
            format!(
                "not valid JSON (line {}, column {}): {}",
                e.line(),
                e.column(),
                strip_position(&e)
            ),
        )
    };
    if let Err(too_many) = super::shape::check_container_count(text) {
        // A text that is not JSON at all gets the syntax error, as any other would; the check
        // builds no values, so it costs no more than the count.
        serde_json::from_str::<serde::de::IgnoredAny>(text).map_err(not_json)?;
        return Err(too_many);
    }
    let value: Value = serde_json::from_str(text).map_err(not_json)?;
    let Value::Object(mut object) = value else {
        return Err(ScenarioError::new("scenario", "expected a JSON object"));
    };
    let version = take_u64(&mut object, "version")?;
    if version != SCENARIO_VERSION {
        return Err(ScenarioError::new(
            "version",
            format!(
                "unsupported version {version} (this FlashLab reads version {SCENARIO_VERSION})"
            ),
        ));
    }
    let lab = take_string(&mut object, "lab")?;
    if !known_labs.contains(&lab.as_str()) {
        return Err(ScenarioError::new(
            "lab",
            format!("unknown lab \"{lab}\" (known: {})", known_labs.join(", ")),
        ));
    }
    let title = take_string(&mut object, "title")?;
    if title.chars().count() > MAX_TITLE_CHARS {
        return Err(ScenarioError::new(
            "title",
            format!("longer than the limit of {MAX_TITLE_CHARS} characters"),
        ));
    }
    let seed = take_u64(&mut object, "seed")?;
    check_seed(seed, "seed")?;
    Ok((
        Header {
            version,
            lab,
            title,
            seed,
        },
        object,
    ))
}

/// A seed must be exact in JavaScript (≤ 2^53 − 1), wherever it comes from (`field` names where).
pub fn check_seed(seed: u64, field: &str) -> Result<(), ScenarioError> {
    if seed > MAX_SEED {
        return Err(ScenarioError::new(
            field,
            format!("{seed} is over the limit of {MAX_SEED} (2^53 - 1, exact in JavaScript)"),
        ));
    }
    Ok(())
}

fn strip_position(error: &serde_json::Error) -> String {
    let text = error.to_string();
    match text.find(" at line ") {
        Some(index) => text[..index].to_string(),
        None => text,
    }
}

fn take_u64(object: &mut Map<String, Value>, key: &str) -> Result<u64, ScenarioError> {
    match object.remove(key) {
        None => Err(ScenarioError::new(key, "missing (required)")),
        Some(value) => value.as_u64().ok_or_else(|| {
            ScenarioError::new(key, format!("expected an unsigned integer, got {value}"))
        }),
    }
}

fn take_string(object: &mut Map<String, Value>, key: &str) -> Result<String, ScenarioError> {
    match object.remove(key) {
        None => Err(ScenarioError::new(key, "missing (required)")),
        Some(Value::String(s)) => Ok(s),
        Some(other) => Err(ScenarioError::new(
            key,
            format!("expected a string, got {other}"),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KNOWN: &[&str] = &["hdd", "ssd"];

    fn error_of(text: &str) -> String {
        parse_document(text, KNOWN)
            .map(|_| ())
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn header_errors_name_the_field() {
        assert_eq!(error_of("[]"), "scenario: expected a JSON object");
        assert!(error_of("{").starts_with("scenario: not valid JSON (line 1, column 1)"));
        assert_eq!(error_of(r#"{"lab":"hdd"}"#), "version: missing (required)");
        assert!(error_of(r#"{"version":2}"#).starts_with("version: unsupported version 2"));
        assert_eq!(
            error_of(r#"{"version":1,"lab":"x"}"#),
            "lab: unknown lab \"x\" (known: hdd, ssd)"
        );
        assert_eq!(
            error_of(r#"{"version":1,"lab":"hdd","title":"t","seed":-1}"#),
            "seed: expected an unsigned integer, got -1"
        );
        assert!(
            error_of(r#"{"version":1,"lab":"hdd","title":"t","seed":9007199254740992}"#)
                .starts_with("seed: 9007199254740992 is over the limit")
        );
    }

    #[test]
    fn oversized_input_is_rejected_before_parsing() {
        let text = " ".repeat(MAX_SCENARIO_BYTES + 1);
        assert!(error_of(&text).contains("over the limit of"));
    }

    #[test]
    fn header_is_stripped_from_the_body() {
        let (header, body) = parse_document(
            r#"{"version":1,"lab":"hdd","title":"t","seed":5,"device":{}}"#,
            KNOWN,
        )
        .unwrap();
        assert_eq!(
            header,
            Header {
                version: 1,
                lab: "hdd".into(),
                title: "t".into(),
                seed: 5
            }
        );
        assert_eq!(body.keys().collect::<Vec<_>>(), ["device"]);
    }
}
