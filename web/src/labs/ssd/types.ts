//! The SSD lab's view meta and info JSON, typed by `payload.gen.ts` (generated from
//! core/src/device/ssd/payload.rs), with a checked parse: a view from another core version that
//! lacks a field falls back to the generic view instead of drawing nonsense.

import type { ConstantPayload, SsdInfo, SsdMeta } from "./payload.gen";
import { isObject, hasNumbers } from "../guards";

export type * from "./payload.gen";
export type SsdConstant = ConstantPayload;

const GEOMETRY_KEYS = ["channels", "dies_per_channel", "planes_per_die", "blocks_per_plane", "pages_per_block", "dies", "blocks", "physical_pages", "logical_pages", "over_provisioning"] as const;

export function parseSsdMeta(meta: unknown): SsdMeta | null {
  if (!isObject(meta) || !hasNumbers(meta, ["now_ns", "write_amplification"])) return null;
  const geometry = meta["geometry"];
  if (!isObject(geometry) || !hasNumbers(geometry, GEOMETRY_KEYS)) return null;
  if (!Array.isArray(meta["write_points"]) || !isObject(meta["counts"]) || !isObject(meta["policy"])) return null;
  const gc = meta["last_gc"];
  if (gc !== null && !(isObject(gc) && hasNumbers(gc, ["die", "block", "valid_pages"]))) return null;
  return meta as unknown as SsdMeta;
}

export function parseSsdInfo(info: unknown): SsdInfo | null {
  if (!isObject(info) || !Array.isArray(info["constants"]) || typeof info["preset"] !== "string") return null;
  return info as unknown as SsdInfo;
}

/** A constant's value by key, or NaN. */
export function constantValue(info: SsdInfo | null, key: string): number {
  return info?.constants.find((c) => c.key === key)?.value ?? Number.NaN;
}
