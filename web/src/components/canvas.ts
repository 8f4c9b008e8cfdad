//! A canvas sized for the device pixel ratio and cleared, ready to draw in CSS pixels.
//! The backing store is reallocated only when the size changes: assigning `width` or `height`
//! even to the same value throws the bitmap away and allocates a new one, which at ~19 steps a
//! second was a visible share of a frame. Without that reset the context keeps its state from
//! the last draw, so the state the views set is put back to the defaults here.
//! `zoom` (a pan-and-zoom view's scale, `PanZoom`) draws that many more pixels so a zoomed canvas
//! stays sharp, up to MAX_BACKING_PIXELS.

const MAX_BACKING_PIXELS = 16_000_000;

export function prepareCanvas(canvas: HTMLCanvasElement | null, width: number, height: number, zoom = 1): CanvasRenderingContext2D | null {
  const ctx = canvas?.getContext("2d");
  if (!canvas || !ctx) return null;
  const base = window.devicePixelRatio || 1;
  const most = Math.sqrt(MAX_BACKING_PIXELS / Math.max(1, width * height));
  const dpr = Math.max(base, Math.min(base * zoom, most));
  const w = Math.round(width * dpr);
  const h = Math.round(height * dpr);
  if (canvas.width !== w) canvas.width = w;
  if (canvas.height !== h) canvas.height = h;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = "#000";
  ctx.strokeStyle = "#000";
  ctx.lineWidth = 1;
  ctx.font = "10px sans-serif";
  ctx.textAlign = "start";
  ctx.textBaseline = "alphabetic";
  ctx.clearRect(0, 0, width, height);
  return ctx;
}
