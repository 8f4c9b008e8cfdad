//! Where each cell of the wordline goes in the wordline drawing (pure).
//!
//! Cells run left to right, top to bottom, in bit order (cell i holds bit i of each page). The
//! column count is a multiple of 8 and every 8 columns are separated by a wider gap, so bytes
//! can be counted ("bit 96" is the start of byte 12). The column count is the one that makes
//! the squares largest in the given box.

export interface GridLayout {
  count: number;
  cols: number;
  rows: number;
  /** Pitch of one cell in px (square side + gap). */
  pitch: number;
  /** Gap between squares, and the extra gap between bytes. */
  gap: number;
  byteGap: number;
  width: number;
  height: number;
}

const BYTE = 8;

function pitchFor(cols: number, rows: number, width: number, height: number, byteGap: number): number {
  const groups = Math.ceil(cols / BYTE);
  return Math.min((width - (groups - 1) * byteGap) / cols, height / rows);
}

/** The layout of `count` cells in a `width` × `height` box. */
export function gridLayout(count: number, width: number, height: number): GridLayout {
  const empty = { count, cols: 0, rows: 0, pitch: 0, gap: 0, byteGap: 0, width: 0, height: 0 };
  if (count <= 0 || width <= 0 || height <= 0) return empty;
  let best = { cols: Math.min(count, BYTE), pitch: 0 };
  const maxCols = Math.ceil(count / BYTE) * BYTE;
  for (let cols = Math.min(BYTE, count); cols <= maxCols; cols += BYTE) {
    const rows = Math.ceil(count / cols);
    const pitch = pitchFor(cols, rows, width, height, 3);
    if (pitch > best.pitch) best = { cols, pitch };
  }
  const rows = Math.ceil(count / best.cols);
  const byteGap = best.pitch >= 6 ? 3 : 1;
  let pitch = pitchFor(best.cols, rows, width, height, byteGap);
  if (pitch >= 4) pitch = Math.floor(pitch);
  pitch = Math.min(pitch, 28);
  const gap = pitch >= 6 ? 1.5 : pitch >= 3 ? 0.5 : 0;
  const groups = Math.ceil(best.cols / BYTE);
  return {
    count,
    cols: best.cols,
    rows,
    pitch,
    gap,
    byteGap,
    width: best.cols * pitch + (groups - 1) * byteGap,
    height: rows * pitch,
  };
}

/** Top-left corner of cell `i`'s square. */
export function cellOrigin(layout: GridLayout, i: number): { x: number; y: number } {
  const col = i % layout.cols;
  const row = Math.floor(i / layout.cols);
  return { x: col * layout.pitch + Math.floor(col / BYTE) * layout.byteGap, y: row * layout.pitch };
}

/** The cell under point (x, y) of the drawing, or null (outside, or in a gap between bytes). */
export function cellAt(layout: GridLayout, x: number, y: number): number | null {
  if (layout.pitch <= 0 || x < 0 || y < 0 || y >= layout.height) return null;
  const groupWidth = BYTE * layout.pitch + layout.byteGap;
  const group = Math.floor(x / groupWidth);
  const inGroup = x - group * groupWidth;
  if (inGroup >= BYTE * layout.pitch) return null;
  const col = group * BYTE + Math.floor(inGroup / layout.pitch);
  if (col >= layout.cols) return null;
  const i = Math.floor(y / layout.pitch) * layout.cols + col;
  return i < layout.count ? i : null;
}
