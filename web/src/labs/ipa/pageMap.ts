//! Pure layout of the page byte map: which region each byte belongs to (header, tuples, free
//! space, slot array, a programmed delta record, or still-erased delta area), the grid the bytes
//! are drawn on, and the colours. FORMATS.md's byte table is the source of the regions.

import type { IpaFocus, IpaLayout } from "./payload.gen";

export type ByteRegion = "header" | "tuple" | "free" | "slots" | "delta" | "erased";

export const REGION_COLORS: Record<ByteRegion, string> = {
  header: "#cc79a7",
  tuple: "#0072b2",
  free: "#bcc5d0",
  slots: "#e69f00",
  delta: "#009e73",
  erased: "#ffffff",
};

export const REGION_LABELS: Record<ByteRegion, string> = {
  header: "header",
  tuple: "tuples",
  free: "free space",
  slots: "slot array",
  delta: "delta record (programmed)",
  erased: "delta area, erased (0xFF)",
};

/** The delta slot a byte of the area belongs to, or null below the area. */
export function deltaSlotOf(offset: number, layout: IpaLayout): number | null {
  if (layout.n === 0 || layout.record_bytes === 0 || offset < layout.area_start || offset >= layout.page_bytes) return null;
  const slot = Math.floor((offset - layout.area_start) / layout.record_bytes);
  return slot < layout.n ? slot : null;
}

/** Region of byte `offset` of the focus page. */
export function byteRegion(offset: number, layout: IpaLayout, focus: Pick<IpaFocus, "tuple_end" | "slot_count" | "records_on_flash">): ByteRegion {
  if (offset < layout.header_bytes) return "header";
  if (offset >= layout.area_start) {
    const slot = deltaSlotOf(offset, layout);
    return slot !== null && slot < focus.records_on_flash ? "delta" : "erased";
  }
  if (offset < focus.tuple_end) return "tuple";
  if (offset >= layout.area_start - 2 * focus.slot_count) return "slots";
  return "free";
}

export interface ByteGrid {
  cols: number;
  rows: number;
  /** Side of one byte's square, px. */
  cell: number;
}

/** A grid of square cells for `bytes` bytes that fits `width` × `maxHeight` (columns a multiple of 8). */
export function byteGrid(bytes: number, width: number, maxHeight: number): ByteGrid {
  const n = Math.max(1, bytes);
  for (let cell = 18; cell >= 2; cell--) {
    const cols = Math.max(8, Math.floor(width / cell / 8) * 8);
    const rows = Math.ceil(n / cols);
    if (rows * cell <= maxHeight) return { cols, rows, cell };
  }
  const cols = Math.max(8, Math.floor(width / 2 / 8) * 8);
  return { cols, rows: Math.ceil(n / cols), cell: 2 };
}

/** Hex of a byte, two digits. */
export function hex(value: number): string {
  return Math.max(0, Math.min(255, Math.round(value))).toString(16).toUpperCase().padStart(2, "0");
}
