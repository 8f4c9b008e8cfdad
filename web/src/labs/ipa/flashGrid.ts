//! Pure layout and colours of the flash-block grid: one row per erase block, one square per
//! page, and an erase-count heat scale.

export const PAGE_STATE_COLORS = ["#ffffff", "#0072b2", "#b8c0ca", "#009e73"] as const;
export const PAGE_STATE_LABELS = ["erased", "valid", "invalid (old copy)", "valid with appends"] as const;

export function pageStateColor(state: number): string {
  return PAGE_STATE_COLORS[Math.max(0, Math.min(3, Math.round(state)))] ?? "#ffffff";
}

/** Heat colour of an erase count: white at 0 to dark orange at `max`. */
export function heatColor(count: number, max: number): string {
  const t = max <= 0 ? 0 : Math.max(0, Math.min(1, count / max));
  const mix = (a: number, b: number) => Math.round(a + (b - a) * t);
  return `rgb(${mix(255, 200)},${mix(255, 80)},${mix(255, 0)})`;
}

export interface GridLayout {
  cell: number;
  labelWidth: number;
  heatWidth: number;
  rowHeight: number;
}

/** Square pages that fit `blocks` rows × `pages` columns in the box, with a label and heat column. */
export function gridLayout(blocks: number, pages: number, width: number, height: number): GridLayout {
  const labelWidth = 30;
  const heatWidth = 46;
  const byWidth = (width - labelWidth - heatWidth - 8) / Math.max(1, pages);
  const byHeight = height / Math.max(1, blocks);
  const cell = Math.max(3, Math.min(22, Math.floor(Math.min(byWidth, byHeight))));
  return { cell, labelWidth, heatWidth, rowHeight: cell };
}
