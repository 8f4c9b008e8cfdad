//! The checks every lab's payload parse is built from (`labs/<lab>/types.ts`). A view or info
//! payload from another core version may lack a field; these tell "has the shape this view
//! draws" from "does not", so a view falls back to the generic one instead of drawing nonsense.
//! One module, so the eight labs' parses agree on what "an object" and "a constant" are.

import type { ConstantPayload } from "./payload.gen";

export type JsonObject = Record<string, unknown>;

/** A JSON object (not null, not an array). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A JSON object whose fields `keys` are all numbers. */
export function hasNumbers(value: unknown, keys: readonly string[]): value is JsonObject {
  return isObject(value) && keys.every((k) => typeof value[k] === "number");
}

/** A JSON object whose fields `keys` are all strings. */
export function hasStrings(value: unknown, keys: readonly string[]): value is JsonObject {
  return isObject(value) && keys.every((k) => typeof value[k] === "string");
}

/** One provenance row (`ConstantPayload`, core `Constant::payload`): what a sources card lists. */
export function isConstant(value: unknown): value is ConstantPayload {
  return hasStrings(value, ["key", "label", "source", "tag", "unit"]) && typeof value["value"] === "number";
}

/** `info.constants` of a lab's info payload, when it is a list of provenance rows. */
export function constantsOf(info: unknown): readonly ConstantPayload[] | null {
  if (!isObject(info)) return null;
  const constants = info["constants"];
  return Array.isArray(constants) && constants.every(isConstant) ? constants : null;
}
