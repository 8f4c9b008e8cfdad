//! Colours of the MaSM lab (Okabe–Ito hues like the other labs, distinguishable with the common
//! colour-vision deficiencies; every colour also has a word in a legend or a label).

import type { RecordKind, SchemeId } from "./types";

/** Update record kinds: inserts add (green), deletes remove (vermillion), modifies patch (blue). */
export const KIND_COLORS: Record<RecordKind, string> = {
  insert: "#009e73",
  delete: "#d55e00",
  modify: "#0072b2",
  replace: "#cc79a7",
};

export const KIND_ORDER: readonly RecordKind[] = ["insert", "modify", "delete", "replace"];

export function kindColor(kind: string): string {
  return KIND_COLORS[kind as RecordKind] ?? "#8a939f";
}

/** Runs: 1-pass runs are blue, 2-pass runs (merged from N 1-pass runs) purple. */
export const RUN_COLORS = { 1: "#56b4e9", 2: "#8e5ca8" } as const;
/** Records written once, twice, three or more times (the writes histogram). */
export const WRITE_COUNT_COLORS = ["#56b4e9", "#8e5ca8", "#d55e00"] as const;
export const FROZEN_COLOR = "#d55e00";
/** A scan's band, cursors and the granules it reads. */
export const SCAN_COLOR = "#e69f00";
export const MIGRATED_COLOR = "#009e73";

/** Memory gauge parts. */
export const MEMORY_COLORS = { buffer: "#0072b2", stolen: "#56b4e9", query: "#e69f00" } as const;

/** hdd_ops kinds 1 scan read, 2 migrate read, 3 migrate write, 4 in-place read-modify-write. */
export const HDD_KINDS: readonly { kind: number; label: string; color: string }[] = [
  { kind: 1, label: "scan read", color: "#56b4e9" },
  { kind: 2, label: "migrate read", color: "#009e73" },
  { kind: 3, label: "migrate write", color: "#d55e00" },
  { kind: 4, label: "in-place RMW", color: "#cc79a7" },
];

/** cache_ops kinds 1 flush write, 2 granule read, 3 merge read, 4 merge write. */
export const CACHE_KINDS: readonly { kind: number; label: string; color: string }[] = [
  { kind: 1, label: "flush write", color: "#0072b2" },
  { kind: 2, label: "granule read", color: "#e69f00" },
  // Green and reddish purple: the two purples these replaced met the flush write's blue under
  // protanopia and each other on a washed-out projector (format/palettes.audit.test.ts).
  { kind: 3, label: "merge read", color: "#009e73" },
  { kind: 4, label: "merge write", color: "#cc79a7" },
];

export function opColor(table: readonly { kind: number; color: string }[], kind: number): string {
  return table.find((k) => k.kind === kind)?.color ?? "#8a939f";
}

/** The four schemes of the compare view, in legend order, each with a colour and a dash. */
export const SCHEMES: readonly { id: SchemeId; label: string; color: string; dash: string }[] = [
  { id: "masm", label: "MaSM", color: "#0072b2", dash: "" },
  { id: "in_place", label: "in-place", color: "#d55e00", dash: "6 3" },
  { id: "iu", label: "IU on SSD", color: "#cc79a7", dash: "2 3" },
  { id: "lsm", label: "LSM on SSD", color: "#009e73", dash: "9 3 2 3" },
];

export function schemeStyle(id: string): { label: string; color: string; dash: string } {
  return SCHEMES.find((s) => s.id === id) ?? { label: id, color: "#8a939f", dash: "" };
}
