//! The JSON plumbing every lab's scenario edits share (pure): recognise an object, parse a
//! scenario of one lab, and reach (or create) one of its sections.

import { isObject, type JsonObject } from "./guards";

export { isObject, type JsonObject } from "./guards";

/** The scenario document if it is a JSON object of lab `lab`; otherwise throws `notLab`. */
export function parseLabScenario(json: string, lab: string, notLab: string): JsonObject {
  const doc: unknown = JSON.parse(json);
  if (!isObject(doc) || doc["lab"] !== lab) throw new Error(notLab);
  return doc;
}

/** `doc[key]` as an object, created empty when missing or not an object. */
export function section(doc: JsonObject, key: string): JsonObject {
  const value = doc[key];
  if (isObject(value)) return value;
  const fresh: JsonObject = {};
  doc[key] = fresh;
  return fresh;
}
