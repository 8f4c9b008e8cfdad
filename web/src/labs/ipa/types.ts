//! The IPA lab's view meta and info JSON, typed by `payload.gen.ts` (generated from
//! core/src/ipa/lab/payload.rs), with a checked parse: a view from another core version that
//! lacks a field falls back to the generic view instead of drawing nonsense.

import type { IpaInfo, IpaMeta } from "./payload.gen";
import { isObject, hasNumbers } from "../guards";

export type * from "./payload.gen";

const LAYOUT = ["page_bytes", "header_bytes", "area_start", "record_bytes", "n", "m", "v", "space_overhead_percent"];
const COUNTERS = ["transactions", "host_writes", "appends", "out_of_place_writes", "new_page_writes", "page_fetches", "gc_migrations", "erases", "write_amplification", "read_amplification", "ipa_percent"];
const BLOCKS = ["blocks", "pages_per_block", "free_blocks", "max_erase_count", "endurance_pe"];

export function parseIpaMeta(meta: unknown): IpaMeta | null {
  if (!isObject(meta) || !hasNumbers(meta, ["ops_total", "ops_done", "buffer_frames", "pending_write_backs"])) return null;
  if (!hasNumbers(meta["layout"], LAYOUT) || !hasNumbers(meta["counters"], COUNTERS) || !hasNumbers(meta["blocks"], BLOCKS)) return null;
  if (typeof meta["step_text"] !== "string" || !Array.isArray(meta["flash_ops"]) || !Array.isArray(meta["buffer"])) return null;
  const focus = meta["focus"];
  if (focus !== null && !(hasNumbers(focus, ["lba", "block", "page", "tuple_end", "slot_count", "records_on_flash"]) && Array.isArray((focus as Record<string, unknown>)["records"]))) return null;
  const zoom = meta["zoom"];
  if (zoom !== null && !(hasNumbers(zoom, ["window_start", "written_from", "written_to", "cells"]) && Array.isArray((zoom as Record<string, unknown>)["programming_per_pulse"]))) return null;
  const compare = meta["compare"];
  if (compare !== null && !(Array.isArray(compare) && compare.every((s) => hasNumbers(s, ["host_writes", "read_ios", "write_ios", "erases", "write_amplification"])))) return null;
  return meta as unknown as IpaMeta;
}

export function parseIpaInfo(info: unknown): IpaInfo | null {
  if (!isObject(info) || !hasNumbers(info, ["explorer_ops", "ops_total"]) || !hasNumbers(info["layout"], LAYOUT) || !Array.isArray(info["chain"]) || !Array.isArray(info["scheme_grid"])) return null;
  return info as unknown as IpaInfo;
}
