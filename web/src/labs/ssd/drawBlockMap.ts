//! Paints the block map on a 2D canvas (pure drawing, no React): every block a column of its
//! pages coloured free / valid / invalid (or, in wear mode, filled with its erase-count heat),
//! an erase-count strip under each block, write points outlined, the GC victim ringed. Free
//! pages, labels and rings take the current theme's colours (`colours`).

import type { CanvasColours } from "../../app/theme";
import { blockRect, pageCounts, stripRect, type BlockMapLayout, type MapShape, type Rect } from "./blockMapLayout";
import { OPEN_OUTLINE, PAGE_COLORS } from "./palette";
import type { SsdSeries } from "./series";
import type { SsdMeta } from "./types";

export type MapMode = "pages" | "wear";

export interface DrawInput {
  meta: SsdMeta;
  series: SsdSeries;
  shape: MapShape;
  layout: BlockMapLayout;
  mode: MapMode;
  heat: (eraseCount: number) => string;
  hovered: number | null;
  colours: CanvasColours;
}

/** A page state's colour: the palette's, except free pages, which follow the theme. */
function pageColour(input: DrawInput, code: number): string {
  return code === 0 ? input.colours.empty : (PAGE_COLORS[code] ?? input.colours.empty);
}

function fillPages(ctx: CanvasRenderingContext2D, input: DrawInput, block: number, tile: Rect): void {
  const { series, shape, layout, meta } = input;
  const pages = shape.pagesPerBlock;
  const base = block * pages;
  if (series.pageState.length >= base + pages && layout.pageH >= 0.5) {
    // Runs of equal state as one rect each.
    let start = 0;
    for (let p = 1; p <= pages; p++) {
      const prev = series.pageState[base + start] ?? 0;
      if (p < pages && (series.pageState[base + p] ?? 0) === prev) continue;
      ctx.fillStyle = pageColour(input, prev);
      const y0 = Math.round(tile.y + start * layout.pageH);
      const y1 = Math.round(tile.y + p * layout.pageH);
      ctx.fillRect(tile.x, y0, tile.w, y1 - y0);
      start = p;
    }
    return;
  }
  // Too many pages to ship per page: valid on top, then invalid, then free, from the counts.
  const state = series.blockState[block] ?? 0;
  const wp = meta.write_points.find((w) => w.block === block);
  const counts = pageCounts(pages, state, series.validCount[block] ?? 0, wp?.next_page ?? null);
  const parts: [number, number][] = [
    [1, counts.valid],
    [2, counts.invalid],
    [0, counts.free],
  ];
  let y = tile.y;
  for (const [code, n] of parts) {
    const h = (n / pages) * tile.h;
    ctx.fillStyle = pageColour(input, code);
    ctx.fillRect(tile.x, y, tile.w, h);
    y += h;
  }
}

function ring(ctx: CanvasRenderingContext2D, tile: Rect, color: string, width: number, pad: number): void {
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.strokeRect(tile.x - pad, tile.y - pad, tile.w + 2 * pad, tile.h + 2 * pad);
}

export function drawBlockMap(ctx: CanvasRenderingContext2D, input: DrawInput): void {
  const { meta, series, shape, layout, mode, heat, colours } = input;
  ctx.textBaseline = "alphabetic";
  ctx.font = "600 11px system-ui, sans-serif";
  for (let die = 0; die < layout.dies.length; die++) {
    const d = layout.dies[die];
    if (!d) continue;
    const wp = meta.write_points[die];
    ctx.fillStyle = colours.ink2;
    // Narrow panels (many dies) get the short forms, so the labels never run into each other.
    const long = `die ${die} · ch ${die % shape.channels}`;
    const name = ctx.measureText(long).width <= d.w * 0.6 ? long : `d${die}`;
    ctx.fillText(name, d.x, d.y + 12);
    if (wp) {
      ctx.fillStyle = wp.free_blocks <= meta.policy.gc_low_watermark_blocks ? colours.bad : colours.muted;
      ctx.font = "500 11px system-ui, sans-serif";
      const room = d.w - ctx.measureText(name).width - 6;
      const full = `${wp.free_blocks} free blocks`;
      const text = ctx.measureText(full).width <= room ? full : `${wp.free_blocks} free`;
      if (ctx.measureText(text).width <= room) ctx.fillText(text, d.x + d.w - ctx.measureText(text).width, d.y + 12);
      ctx.font = "600 11px system-ui, sans-serif";
    }
  }
  const blocks = shape.blocksPerDie * layout.dies.length;
  for (let block = 0; block < blocks; block++) {
    const tile = blockRect(layout, shape, block);
    const erases = series.eraseCount[block] ?? 0;
    if (mode === "wear") {
      ctx.fillStyle = heat(erases);
      ctx.fillRect(tile.x, tile.y, tile.w, tile.h);
    } else {
      fillPages(ctx, input, block, tile);
    }
    const strip = stripRect(layout, tile);
    ctx.fillStyle = heat(erases);
    ctx.fillRect(strip.x, strip.y, strip.w, strip.h);
    if ((series.blockState[block] ?? 0) === 3) {
      ctx.fillStyle = "rgba(20, 23, 28, 0.35)";
      ctx.fillRect(tile.x, tile.y, tile.w, tile.h);
    }
  }
  for (const wp of meta.write_points) {
    if (wp.block === null) continue;
    const tile = blockRect(layout, shape, wp.block);
    ring(ctx, tile, OPEN_OUTLINE, 2, 1);
  }
  if (meta.last_gc) {
    const tile = blockRect(layout, shape, meta.last_gc.block);
    ctx.strokeStyle = colours.panel;
    ctx.lineWidth = 4;
    ctx.strokeRect(tile.x - 2, tile.y - 2, tile.w + 4, tile.h + 4);
    ring(ctx, tile, colours.ink, 2, 2);
    // A marker under the victim's erase strip, pointing up at it.
    const cx = tile.x + tile.w / 2;
    const tip = tile.y + tile.h + layout.stripH + 3;
    ctx.fillStyle = colours.ink;
    ctx.beginPath();
    ctx.moveTo(cx, tip);
    ctx.lineTo(cx - 5, tip + 6);
    ctx.lineTo(cx + 5, tip + 6);
    ctx.closePath();
    ctx.fill();
  }
  if (input.hovered !== null && input.hovered < blocks) {
    ring(ctx, blockRect(layout, shape, input.hovered), colours.ink, 1, 0.5);
  }
}
