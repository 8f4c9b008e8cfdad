//! The NAND lab's view meta and info JSON (core/src/device/nand/lab/view.rs), with a checked
//! parse: a view from another core version that lacks a field falls back to the generic view
//! instead of drawing nonsense.

/** A placement a cell can be in, in rising Vth (final levels and intermediate states). */
export interface NandState {
  index: number;
  name: string;
  /** Bits of the pages programmed so far, lower page first ("10" = MLC P1). */
  bits: string;
  verify_v: number;
  top_v: number;
  /** The final level, or null for an intermediate state (MLC "LM", TLC "IM2", …). */
  final_level: number | null;
  /** The final levels this state can still become. */
  levels: [number, number];
}

export interface NandLevel {
  level: number;
  name: string;
  bits: string;
  /** Null for ER, which is not programmed. */
  verify_v: number | null;
}

export interface NandPageRefs {
  page: number;
  wordline: number;
  step: number;
  name: string;
  /** References a read of this page senses now; empty when the page is not programmed. */
  refs_v: number[];
}

export interface NandIspp {
  vpgm_start_v: number;
  delta_vpgm_v: number;
  max_loops: number;
  max_safe_delta_vpgm_v: number;
  active: boolean;
  page: number | null;
  wordline: number | null;
  kind: "program" | "append" | null;
  loop: number | null;
  vpgm_v: number | null;
  cells_targeted: number | null;
  cells_programming: number | null;
  cells_inhibited: number | null;
  latency_us: number | null;
}

export interface NandPage {
  page: number;
  wordline: number;
  step: number;
  name: string;
  programmed: boolean;
  programs: number;
  failed: boolean;
}

export interface NandMeta {
  cell_type: string;
  preset: string;
  bits_per_cell: number;
  vth_unit: string;
  wordlines: number;
  cells_per_wordline: number;
  page_count: number;
  focus_wordline: number;
  states: NandState[];
  levels: NandLevel[];
  read_refs_v: number[];
  page_refs: NandPageRefs[];
  ispp: NandIspp;
  pages: NandPage[];
  pe_cycles: number;
  endurance_pe: number;
  worn_out: boolean;
  rtn_scale_v: number;
  pulse_jitter_sigma_v: number;
  retention_hours: number;
  last_refusal: string | null;
  histogram: { min_v: number; max_v: number; bins: number; rows: number };
}

export interface NandConstant {
  key: string;
  label: string;
  value: number;
  unit: string;
  tag: string;
  source: string;
}

export interface NandInfo {
  preset: string;
  cell_type: string;
  units: Record<string, string>;
  step: string;
  constants: NandConstant[];
  /** Per page: [wordline, step, page name]. */
  page_map: [number, number, string][];
  refusal_codes: { code: number; event_kind: number; name: string }[];
  wear_model: string;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function hasNumbers(value: Record<string, unknown>, keys: readonly string[]): boolean {
  return keys.every((k) => typeof value[k] === "number");
}

export function parseNandMeta(meta: unknown): NandMeta | null {
  if (!isObject(meta)) return null;
  if (!hasNumbers(meta, ["cells_per_wordline", "page_count", "focus_wordline", "pe_cycles", "endurance_pe"])) return null;
  if (!Array.isArray(meta["states"]) || !Array.isArray(meta["levels"]) || !Array.isArray(meta["pages"])) return null;
  if (!Array.isArray(meta["read_refs_v"]) || !Array.isArray(meta["page_refs"])) return null;
  const ispp = meta["ispp"];
  const histogram = meta["histogram"];
  if (!isObject(ispp) || !hasNumbers(ispp, ["vpgm_start_v", "delta_vpgm_v", "max_loops"])) return null;
  if (!isObject(histogram) || !hasNumbers(histogram, ["min_v", "max_v", "bins", "rows"])) return null;
  return meta as unknown as NandMeta;
}

export function parseNandInfo(info: unknown): NandInfo | null {
  if (!isObject(info) || !Array.isArray(info["constants"]) || typeof info["cell_type"] !== "string") return null;
  return info as unknown as NandInfo;
}

/** A constant's value by key, if the preset has it. */
export function constantValue(info: NandInfo | null, key: string): number | null {
  const found = info?.constants.find((c) => c.key === key);
  return found ? found.value : null;
}
