//! The HDD lab's view and info JSON (core/src/device/hdd/view.rs), with a checked parse: a
//! view from another core version that lacks a field falls back to the generic view instead
//! of drawing nonsense.

export type Phase = "seek" | "rotate" | "transfer";

export interface BusyRequest {
  id: number;
  is_write: boolean;
  bytes: number;
  lba: number;
  from_cylinder: number;
  cylinder: number;
  head: number;
  end_cylinder: number;
  /** Fraction of a turn; under the head when `platter_angle` equals it. */
  target_angle: number;
  phase: Phase;
  phase_progress: number;
  start_ns: number;
  seek_end_ns: number;
  rotation_end_ns: number;
  end_ns: number;
  seek_ns: number;
  rotation_ns: number;
  transfer_ns: number;
  switch_ns: number;
}

export interface QueuedRequest {
  id: number;
  cylinder: number;
  is_write: boolean;
  bytes: number;
}

export interface HddMeta {
  preset: string;
  label: string;
  now_ns: number;
  cylinder_count: number;
  head_count: number;
  rpm: number;
  revolution_ns: number;
  /** Platter rotation at `now_ns`, fraction of a turn in [0, 1). */
  platter_angle: number;
  head_cylinder: number;
  head: number;
  scheduler: string;
  queue_depth: number;
  busy: BusyRequest | null;
  queue: QueuedRequest[];
  queue_length: number;
  last_decision: { request: number; policy: string; distance_cylinders: number; candidates: number } | null;
  counts: {
    admitted: number;
    completed: number;
    outstanding: number;
    total: number;
    reads_completed: number;
    writes_completed: number;
  };
  done: boolean;
}

export interface SourcedConstant {
  key: string;
  label: string;
  value: number;
  unit: string;
  tag: string;
  source?: string;
  formula?: string;
}

export interface HddZone {
  first_cylinder: number;
  cylinder_count: number;
  sectors_per_track: number;
  first_lba: number;
  media_rate_mb_s: number;
}

export interface HddInfo {
  preset: { name: string; label: string; description: string };
  constants: SourcedConstant[];
  derived: SourcedConstant[];
  sector_bytes: number;
  capacity_sectors: number;
  zones: HddZone[];
  seek_curve: { distance_cylinders: number[]; seek_ms: number[] };
  scheduler: { name: string; description: string };
  queue_depth: number;
  workload: { kind: string; total_requests: number; description: string; request_bytes?: number };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function hasNumbers(value: Record<string, unknown>, keys: readonly string[]): boolean {
  return keys.every((k) => typeof value[k] === "number");
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
