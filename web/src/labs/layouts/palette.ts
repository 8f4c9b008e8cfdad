//! Colours of the layouts lab (Okabe–Ito hues like the other labs; every colour also has a word
//! in a legend or a label).

/** Row store (NSM) and column store (DSM) curves. */
export const ROW_COLOR = "#d55e00";
export const COLUMN_COLOR = "#0072b2";
/** PAX (minipages inside row-store pages), the digest's extension. */
export const PAX_COLOR = "#cc79a7";
/** The paper's stated points. */
export const PAPER_COLOR = "#009e73";
/** A seek, and the request being served. */
export const SEEK_COLOR = "#d55e00";
export const ACTIVE_COLOR = "#e69f00";

// The purple #8e5ca8 met the blue under protanopia (ΔE 2.9; format/palettes.audit.test.ts):
// Okabe–Ito's yellow takes its place.
const FILE_COLORS = ["#56b4e9", "#0072b2", "#cc79a7", "#f0e442", "#009e73", "#e69f00", "#999933", "#6b7b8c"];

/** Colour of file `i` (cycling). */
export function fileColor(i: number): string {
  return FILE_COLORS[((i % FILE_COLORS.length) + FILE_COLORS.length) % FILE_COLORS.length] ?? "#8a939f";
}

/** CPU / I/O wait parts of the breakdown bar. */
export const CPU_COLOR = "#0072b2";
export const IO_COLOR = "#e69f00";
