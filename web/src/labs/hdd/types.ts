//! The HDD lab's view and info JSON, typed by `payload.gen.ts` (generated from
//! core/src/device/hdd/payload.rs), with a checked parse: a view from another core version
//! that lacks a field falls back to the generic view instead of drawing nonsense.

import type { HddInfo, HddMeta, Zone } from "./payload.gen";
import { isObject, hasNumbers } from "../guards";

export type * from "./payload.gen";
export type HddZone = Zone;

/** A constant with its source, or a derived value with its formula (the device card lists both). */
export interface SourcedConstant {
  key: string;
  label: string;
  value: number;
  unit: string;
  tag: string;
  source?: string;
  formula?: string;
}

export function parseHddMeta(meta: unknown): HddMeta | null {
  if (!isObject(meta)) return null;
  if (!hasNumbers(meta, ["now_ns", "cylinder_count", "revolution_ns", "platter_angle", "head_cylinder", "queue_length"])) return null;
  if (!Array.isArray(meta["queue"]) || !isObject(meta["counts"])) return null;
  const busy = meta["busy"];
  if (busy !== null && !(isObject(busy) && hasNumbers(busy, ["start_ns", "seek_end_ns", "rotation_end_ns", "end_ns", "cylinder", "target_angle"]))) {
    return null;
  }
  return meta as unknown as HddMeta;
}

export function parseHddInfo(info: unknown): HddInfo | null {
  if (!isObject(info) || !isObject(info["preset"]) || !Array.isArray(info["constants"]) || !Array.isArray(info["zones"])) return null;
  return info as unknown as HddInfo;
}
