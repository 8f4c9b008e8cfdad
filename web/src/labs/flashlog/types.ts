//! The flashlog lab's view meta and info JSON, typed by `payload.gen.ts` (generated from
//! core/src/flashlog/lab/payload.rs), with a checked parse: a view from another core version
//! that lacks a field falls back to the generic view instead of drawing nonsense.

import type { ApMeta, FlashlogInfo, FlashlogMeta, LogMeta } from "./payload.gen";
import { isObject, hasNumbers } from "../guards";

export type * from "./payload.gen";

function isLogMeta(value: unknown): value is LogMeta {
  return (
    isObject(value) &&
    hasNumbers(value, ["next_lsn", "issued_upto", "durable_prefix", "acked_end_lsn", "acked_commits"]) &&
    Array.isArray(value["lanes"]) &&
    Array.isArray(value["commits"]) &&
    typeof value["phase"] === "string"
  );
}

function isApMeta(value: unknown): value is ApMeta {
  return (
    isObject(value) &&
    hasNumbers(value, ["eb_pages", "blocks", "logical_pages", "write_amplification", "model_write_amplification"]) &&
    Array.isArray(value["block_log"]) &&
    Array.isArray(value["block_valid"]) &&
    Array.isArray(value["append_log"]) &&
    Array.isArray(value["pack_log"])
  );
}

export function parseFlashlogMeta(meta: unknown): FlashlogMeta | null {
  if (!isObject(meta) || typeof meta["mode"] !== "string") return null;
  const logging = meta["logging"];
  const ap = meta["append_pack"];
  if (meta["mode"] === "logging" && isLogMeta(logging)) return meta as unknown as FlashlogMeta;
  if (meta["mode"] === "append_pack" && isApMeta(ap)) return meta as unknown as FlashlogMeta;
  return null;
}

export function parseFlashlogInfo(info: unknown): FlashlogInfo | null {
  if (!isObject(info) || typeof info["mode"] !== "string" || !Array.isArray(info["constants"])) return null;
  return info as unknown as FlashlogInfo;
}
