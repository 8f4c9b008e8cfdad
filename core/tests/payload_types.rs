//! The UI's payload types are generated from the core's payload structs: for every lab, the
//! JSON schemas of its `view().meta` and `info()` structs (`schemars`) are printed as
//! TypeScript into `web/src/labs/<lab>/payload.gen.ts`; shapes shared by every lab
//! (`flashlab_core::payload`) go once into `web/src/labs/payload.gen.ts`, which the lab files
//! import. The test fails when a checked-in file is stale; `FLASHLAB_BLESS=1` rewrites them.
//!
//! The printer covers the subset of JSON Schema that `schemars` emits for plain structs:
//! 1. a `definitions` entry that is an object becomes `export interface Name { … }`, anything
//!    else `export type Name = …;` (`description`s become doc comments);
//! 2. `$ref` → the definition's name; `enum`/`const` → a union of literals; `anyOf`/`oneOf` →
//!    a union; `allOf` with one entry → that entry;
//! 3. `type` (one or a list): integer/number → `number`, string, boolean, null, array (`T[]`,
//!    or a tuple for `items: [..]` or equal `minItems`/`maxItems`), object (inline, or
//!    `Record<string, T>` for `additionalProperties`);
//! 4. a property listed in `required` is `name: T`; one that is not but may be null (an
//!    `Option`, which serde always writes) is `name: T | null`; any other is `name?: T`.

use std::collections::BTreeMap;
use std::path::PathBuf;

use schemars::JsonSchema;
use schemars::r#gen::{SchemaGenerator, SchemaSettings};
use serde_json::Value;

use flashlab_core::labs::DOC_PLUGINS;
use flashlab_core::payload::ConstantPayload;

/// One lab's payload roots, added to a generator.
struct LabPayloads {
    lab: &'static str,
    add: fn(&mut SchemaGenerator),
}

/// Shapes shared by every lab (`crate::payload`): printed once, into
/// `web/src/labs/payload.gen.ts`, and imported by each lab's file.
const SHARED: LabPayloads = LabPayloads {
    lab: "shared",
    add: |g| add::<ConstantPayload>(g),
};

fn add<T: JsonSchema>(generator: &mut SchemaGenerator) {
    generator.subschema_for::<T>();
}

/// Every built lab's payload roots, from the registry (`LabSpec::payload_types`).
fn labs() -> Vec<LabPayloads> {
    DOC_PLUGINS
        .iter()
        .map(|p| LabPayloads {
            lab: p.name,
            add: p.payload_types,
        })
        .collect()
}

fn ref_name(reference: &str) -> &str {
    reference.rsplit('/').next().unwrap_or(reference)
}

fn is_nullable(schema: &Value) -> bool {
    match schema.get("type") {
        Some(Value::String(t)) => t == "null",
        Some(Value::Array(types)) => types.iter().any(|t| t == "null"),
        _ => ["anyOf", "oneOf"].iter().any(|key| {
            schema
                .get(*key)
                .and_then(Value::as_array)
                .is_some_and(|list| list.iter().any(is_nullable))
        }),
    }
}

fn union(parts: Vec<String>) -> String {
    let mut unique: Vec<String> = Vec::new();
    for part in parts {
        if !unique.contains(&part) {
            unique.push(part);
        }
    }
    unique.join(" | ")
}

/// `T[]`, parenthesised when `T` is a union.
fn array_of(item: String) -> String {
    if item.contains(" | ") {
        format!("({item})[]")
    } else {
        format!("{item}[]")
    }
}

fn array_type(schema: &Value, indent: usize) -> String {
    match schema.get("items") {
        Some(Value::Array(items)) => {
            let parts: Vec<String> = items.iter().map(|i| ts_type(i, indent)).collect();
            format!("[{}]", parts.join(", "))
        }
        Some(item) => {
            let item_type = ts_type(item, indent);
            let min = schema.get("minItems").and_then(Value::as_u64);
            let max = schema.get("maxItems").and_then(Value::as_u64);
            match (min, max) {
                (Some(n), Some(m)) if n == m && n <= 8 => {
                    format!("[{}]", vec![item_type; n as usize].join(", "))
                }
                _ => array_of(item_type),
            }
        }
        None => "unknown[]".to_string(),
    }
}

fn doc_comment(schema: &Value, indent: usize) -> String {
    match schema.get("description").and_then(Value::as_str) {
        Some(text) => {
            let pad = " ".repeat(indent);
            let lines: Vec<&str> = text.lines().collect();
            if lines.len() == 1 {
                format!("{pad}/** {} */\n", lines[0])
            } else {
                let body: String = lines.iter().map(|l| format!("{pad} * {l}\n")).collect();
                format!("{pad}/**\n{body}{pad} */\n")
            }
        }
        None => String::new(),
    }
}

fn object_body(schema: &Value, indent: usize) -> String {
    let properties = schema.get("properties").and_then(Value::as_object);
    let required: Vec<&str> = schema
        .get("required")
        .and_then(Value::as_array)
        .map(|list| list.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let pad = " ".repeat(indent + 2);
    let mut out = String::from("{\n");
    for (name, property) in properties.into_iter().flatten() {
        let mut ty = ts_type(property, indent + 2);
        let optional = if required.contains(&name.as_str()) {
            ""
        } else if is_nullable(property) {
            if !ty.split(" | ").any(|t| t == "null") {
                ty = format!("{ty} | null");
            }
            ""
        } else {
            "?"
        };
        out.push_str(&doc_comment(property, indent + 2));
        out.push_str(&format!("{pad}{name}{optional}: {ty};\n"));
    }
    out.push_str(&format!("{}}}", " ".repeat(indent)));
    out
}

fn type_name(schema: &Value, name: &str, indent: usize) -> String {
    match name {
        "integer" | "number" => "number".to_string(),
        "string" => "string".to_string(),
        "boolean" => "boolean".to_string(),
        "null" => "null".to_string(),
        "array" => array_type(schema, indent),
        "object" => match schema.get("additionalProperties") {
            Some(extra) if extra.is_object() && schema.get("properties").is_none() => {
                format!("Record<string, {}>", ts_type(extra, indent))
            }
            _ => object_body(schema, indent),
        },
        other => panic!("unsupported JSON schema type {other}"),
    }
}

/// The TypeScript type of a schema (rules 2-3 of the header).
fn ts_type(schema: &Value, indent: usize) -> String {
    if schema == &Value::Bool(true) || schema.as_object().is_some_and(|o| o.is_empty()) {
        return "unknown".to_string();
    }
    if let Some(reference) = schema.get("$ref").and_then(Value::as_str) {
        return ref_name(reference).to_string();
    }
    if let Some(values) = schema.get("enum").and_then(Value::as_array) {
        return union(values.iter().map(Value::to_string).collect());
    }
    if let Some(value) = schema.get("const") {
        return value.to_string();
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(list) = schema.get(key).and_then(Value::as_array) {
            return union(list.iter().map(|s| ts_type(s, indent)).collect());
        }
    }
    if let Some([only]) = schema
        .get("allOf")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
    {
        return ts_type(only, indent);
    }
    match schema.get("type") {
        Some(Value::String(name)) => type_name(schema, name, indent),
        Some(Value::Array(names)) => union(
            names
                .iter()
                .filter_map(Value::as_str)
                .map(|n| type_name(schema, n, indent))
                .collect(),
        ),
        _ => panic!("unsupported schema {schema}"),
    }
}

fn schema_definitions(lab: &LabPayloads) -> BTreeMap<String, Value> {
    let mut generator = SchemaSettings::draft07().into_generator();
    (lab.add)(&mut generator);
    generator
        .definitions()
        .iter()
        .map(|(name, schema)| {
            (
                name.clone(),
                serde_json::to_value(schema).unwrap_or_else(|e| panic!("{name}: {e}")),
            )
        })
        .collect()
}

/// The whole `payload.gen.ts` of one lab, or of the shared shapes (`SHARED`), which each
/// lab's file imports instead of repeating.
fn typescript(lab: &LabPayloads) -> String {
    let mut definitions = schema_definitions(lab);
    let imported: Vec<String> = if lab.lab == SHARED.lab {
        Vec::new()
    } else {
        schema_definitions(&SHARED)
            .keys()
            .filter(|name| definitions.remove(*name).is_some())
            .cloned()
            .collect()
    };
    let mut out = format!(
        "// Generated by core/tests/payload_types.rs from the {} payload structs\n\
         // (core/src/**/payload.rs). Do not edit: change the Rust structs, then run\n\
         // FLASHLAB_BLESS=1 cargo test -p flashlab-core --test payload_types\n",
        lab.lab
    );
    if !imported.is_empty() {
        let names = imported.join(", ");
        out.push_str(&format!(
            "\nimport type {{ {names} }} from \"../payload.gen\";\n\nexport type {{ {names} }};\n"
        ));
    }
    for (name, schema) in &definitions {
        out.push('\n');
        out.push_str(&doc_comment(schema, 0));
        let is_interface = schema.get("type") == Some(&Value::String("object".into()))
            && schema.get("properties").is_some();
        if is_interface {
            out.push_str(&format!(
                "export interface {name} {}\n",
                object_body(schema, 0)
            ));
        } else {
            out.push_str(&format!("export type {name} = {};\n", ts_type(schema, 0)));
        }
    }
    out
}

#[test]
fn generated_payload_types_are_current() {
    let bless = std::env::var("FLASHLAB_BLESS").as_deref() == Ok("1");
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut stale = Vec::new();
    let labs = labs();
    for lab in labs.iter().chain([&SHARED]) {
        let path = if lab.lab == SHARED.lab {
            root.join("web/src/labs/payload.gen.ts")
        } else {
            root.join(format!("web/src/labs/{}/payload.gen.ts", lab.lab))
        };
        let expected = typescript(lab);
        let current = std::fs::read_to_string(&path).unwrap_or_default();
        if current == expected {
            continue;
        }
        if bless {
            std::fs::write(&path, &expected).expect("write payload.gen.ts");
        } else {
            stale.push(path.display().to_string());
        }
    }
    assert!(
        stale.is_empty(),
        "stale generated payload types {stale:?}: run FLASHLAB_BLESS=1 cargo test -p flashlab-core --test payload_types"
    );
}

#[test]
fn the_printer_covers_nullable_refs_tuples_and_enums() {
    let schema = serde_json::json!({
        "type": "object",
        "required": ["a", "t", "e"],
        "properties": {
            "a": {"type": "array", "items": {"type": "integer"}},
            "t": {"type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2},
            "e": {"type": "string", "enum": ["x", "y"]},
            "n": {"type": ["integer", "null"]},
            "r": {"anyOf": [{"$ref": "#/definitions/R"}, {"type": "null"}]},
            "o": {"type": "string"}
        }
    });
    assert_eq!(
        object_body(&schema, 0),
        "{\n  a: number[];\n  e: \"x\" | \"y\";\n  n: number | null;\n  o?: string;\n  r: R | null;\n  t: [number, number];\n}"
    );
}
