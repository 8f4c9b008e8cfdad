//! Colours of the FD+tree lab (Okabe–Ito hues like the other labs; every colour also has a word
//! in a legend or a label).

import type { BlockState } from "./payload.gen";

/** Block states: the tree's blocks grey-blue; the merge's unread old blocks light, read-but-retained amber; new blocks blue, the open tail dashed. */
export const BLOCK_FILL: Record<BlockState, string> = {
  live: "#a9c7e0",
  unread: "#eceef1",
  retained: "#e69f00",
  written: "#0072b2",
  tail: "#56b4e9",
};

export const BLOCK_LABEL: Record<BlockState, string> = {
  live: "block",
  unread: "old, not read yet",
  retained: "old, processed but retained",
  written: "new, written",
  tail: "new, open tail (memory)",
};

export const WAVEFRONT_COLOR = "#d55e00";
export const PATH_COLOR = "#cc79a7";
export const INSERT_COLOR = "#009e73";
export const DELETE_COLOR = "#d55e00";

/** Request kinds in the R_p scatter: 1 insert, 2 delete, 3 lookup, 4 range. */
export const KIND_COLORS: Record<number, string> = { 1: "#009e73", 2: "#d55e00", 3: "#0072b2", 4: "#cc79a7" };
export const KIND_NAMES: Record<number, string> = { 1: "insert", 2: "delete", 3: "lookup", 4: "range" };

/** Schemes in the compare view. */
export const SCHEME_COLORS: Record<string, string> = { xm: "#d55e00", ds: "#e69f00", fc: "#0072b2", li: "#cc79a7", btree: "#009e73" };
export const SCHEME_LABELS: Record<string, string> = {
  xm: "FD+XM",
  ds: "FD+DS",
  fc: "FD+FC",
  "fc-no-sharing": "FD+FC w/o sharing",
  li: "FD-tree (Li)",
  btree: "B+tree",
};

/** X latches (held by the merge process, or a writer's L0 mutex) on the levels. */
export const LATCH_X_COLOR = "#7a1f00";

/** One colour per client for its cursor (cycled; none is a block, wavefront or path colour). */
const CLIENT_COLORS = ["#6a3d9a", "#009e73", "#e7298a", "#01665e", "#8c510a", "#4d4d4d", "#000000"];
export function clientColor(client: number): string {
  return CLIENT_COLORS[client % CLIENT_COLORS.length] ?? "#000000";
}
