//! The SSD lab's view meta and info JSON (core/src/device/ssd/view.rs), with a checked parse: a
//! view from another core version that lacks a field falls back to the generic view instead of
//! drawing nonsense.

export interface SsdGeometry {
  channels: number;
  dies_per_channel: number;
  planes_per_die: number;
  blocks_per_plane: number;
  pages_per_block: number;
  page_bytes: number;
  dies: number;
  blocks: number;
  physical_pages: number;
  logical_pages: number;
  /** Spare factor actually realised: spare / physical pages. */
  over_provisioning: number;
}

export interface WritePoint {
  die: number;
  channel: number;
  block: number | null;
  next_page: number | null;
  free_blocks: number;
}

export interface LastGc {
  die: number;
  block: number;
  valid_pages: number;
  reason_code: number;
  reason: string;
  score: number | null;
}

export interface SsdCounts {
  host_writes_pages: number;
  flash_programs_pages: number;
  relocated_pages: number;
  erases: number;
  gc_victims: number;
  wear_level_moves: number;
  trimmed_pages: number;
  mapped_pages: number;
  free_blocks: number;
  outstanding_requests: number;
  completed_requests: number;
}

export interface SsdMeta {
  preset: string;
  label: string;
  now_ns: number;
  geometry: SsdGeometry;
  policy: {
    gc_policy: string;
    gc_low_watermark_blocks: number;
    gc_high_watermark_blocks: number;
    dynamic_wear_leveling: boolean;
    static_wear_threshold: number | null;
  };
  write_points: WritePoint[];
  last_gc: LastGc | null;
  counts: SsdCounts;
  write_amplification: number;
  page_state_shown: boolean;
}

export interface SsdConstant {
  key: string;
  label: string;
  value: number;
  unit: string;
  tag: string;
  source: string;
}

export interface SsdInfo {
  preset: string;
  label: string;
  constants: SsdConstant[];
  gc_reasons: string[];
  view_max_pages: number;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function hasNumbers(value: Record<string, unknown>, keys: readonly string[]): boolean {
  return keys.every((k) => typeof value[k] === "number");
}

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
