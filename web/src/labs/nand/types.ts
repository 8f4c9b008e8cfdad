//! The NAND lab's view meta and info JSON, typed by `payload.gen.ts` (generated from
//! core/src/device/nand/lab/payload.rs), with a checked parse: a view from another core version
//! that lacks a field falls back to the generic view instead of drawing nonsense.

import type { ConstantPayload, NandInfo, NandMeta } from "./payload.gen";
import { isObject, hasNumbers } from "../guards";

export type * from "./payload.gen";
export type NandConstant = ConstantPayload;

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
