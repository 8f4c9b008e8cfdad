//! The arithmetic of pan and zoom on a dense view (issue 33, item 3): a view is a scale and a
//! translation of the content inside a viewport of the same size, kept so the content always
//! covers the viewport (no empty margin can be panned into view).
//!
//! 1. `zoomAt`: scale by `factor` about a point of the viewport (the pointer, or the centre for
//!    the buttons), so the content under that point stays under it; the scale is clamped to
//!    [1, MAX_SCALE].
//! 2. `panBy`: move by a pixel delta, clamped.
//! 3. `clampView`: at scale s the content is s·w wide, so x ∈ [w·(1 − s), 0] (and y alike).

export interface PanZoomView {
  scale: number;
  x: number;
  y: number;
}

export const IDENTITY: PanZoomView = { scale: 1, x: 0, y: 0 };
export const MAX_SCALE = 6;
/** One button press or keyboard step. */
export const ZOOM_STEP = 1.5;

/** Step 3. */
export function clampView(v: PanZoomView, width: number, height: number): PanZoomView {
  const scale = Math.min(MAX_SCALE, Math.max(1, v.scale));
  const clamp = (t: number, size: number): number => Math.min(0, Math.max(size * (1 - scale), t));
  return { scale, x: clamp(v.x, width), y: clamp(v.y, height) };
}

/** Step 1. */
export function zoomAt(v: PanZoomView, factor: number, px: number, py: number, width: number, height: number): PanZoomView {
  const scale = Math.min(MAX_SCALE, Math.max(1, v.scale * factor));
  const k = scale / v.scale;
  return clampView({ scale, x: px - (px - v.x) * k, y: py - (py - v.y) * k }, width, height);
}

/** Step 2. */
export function panBy(v: PanZoomView, dx: number, dy: number, width: number, height: number): PanZoomView {
  return clampView({ scale: v.scale, x: v.x + dx, y: v.y + dy }, width, height);
}

/** Where a viewport point falls in the unzoomed content (hit-testing under a zoom). */
export function toContent(v: PanZoomView, px: number, py: number): [number, number] {
  return [(px - v.x) / v.scale, (py - v.y) / v.scale];
}
