//! Where each update record sits in the buffer and flush lanes (pure).
//!
//! 1. A lane is a row of page boxes; each page holds `perPage` record slots (P update records
//!    per SSD page), so "the buffer fills 8 pages" is visible as 8 boxes filling.
//! 2. A record's slot is its rank: by timestamp in arrival order, by (key, ts) once sorted. The
//!    core sends both orders' data (ts and key); the view only ranks them to place chips.
//! 3. A flush is drawn by time: at its `start_ns` (the flush_begin step) the records are still in
//!    arrival order; the in-memory sort takes no simulated time, so once the clock is past
//!    `start_ns` they are in key order (the view glides them there in wall time, a CSS
//!    transition, so a paused step never shows a half-sorted buffer). Page k then turns
//!    "written" as the core reports it, the page being written filling by `clockNs`.

import type { MasmFlush, ViewRecord } from "./types";

export interface SlotLayout {
  pages: number;
  perPage: number;
  /** Left edge of page 0. */
  x0: number;
  pageW: number;
  pageGap: number;
  chipW: number;
  chipGap: number;
}

const PAGE_PAD = 2;

/** Fits `pages` page boxes of `perPage` slots into `width` pixels (never narrower than 1 px a slot). */
export function slotLayout(pages: number, perPage: number, width: number, x0 = 0): SlotLayout {
  const n = Math.max(1, Math.round(pages));
  const per = Math.max(1, Math.round(perPage));
  const pageGap = n > 48 ? 1 : n > 16 ? 3 : 6;
  const pageW = Math.max(per + 2 * PAGE_PAD, (width - pageGap * (n - 1)) / n);
  const chipGap = pageW / per > 8 ? 2 : pageW / per > 3 ? 1 : 0;
  const chipW = Math.max(1, (pageW - 2 * PAGE_PAD - chipGap * (per - 1)) / per);
  return { pages: n, perPage: per, x0, pageW, pageGap, chipW, chipGap };
}

/** Left edge of page `page`. */
export function pageX(layout: SlotLayout, page: number): number {
  return layout.x0 + page * (layout.pageW + layout.pageGap);
}

/** Left edge of slot `slot` (slot 0 is the first record of page 0). */
export function slotX(layout: SlotLayout, slot: number): number {
  const page = Math.floor(slot / layout.perPage);
  const within = slot - page * layout.perPage;
  return pageX(layout, page) + PAGE_PAD + within * (layout.chipW + layout.chipGap);
}

/** For each record, its rank by timestamp (arrival order). */
export function arrivalRanks(records: readonly ViewRecord[]): number[] {
  const order = records.map((r, i) => ({ ts: r.ts, i })).sort((a, b) => a.ts - b.ts || a.i - b.i);
  const ranks = new Array<number>(records.length).fill(0);
  order.forEach((o, rank) => {
    ranks[o.i] = rank;
  });
  return ranks;
}

/** For each record, its rank by (key, ts): the order of a sorted run. */
export function keyRanks(records: readonly ViewRecord[]): number[] {
  const order = records.map((r, i) => ({ key: r.key, ts: r.ts, i })).sort((a, b) => a.key - b.key || a.ts - b.ts || a.i - b.i);
  const ranks = new Array<number>(records.length).fill(0);
  order.forEach((o, rank) => {
    ranks[o.i] = rank;
  });
  return ranks;
}

/** Fraction of [start, end] elapsed at `clock`, in [0, 1]; a zero-length interval is done. */
export function progress(clockNs: number, startNs: number, endNs: number): number {
  if (!(endNs > startNs)) return clockNs >= startNs ? 1 : 0;
  return Math.min(1, Math.max(0, (clockNs - startNs) / (endNs - startNs)));
}

export interface FlushPhase {
  /** 0 = arrival order, 1 = key order. */
  sort: number;
  /** Whole pages written so far (the core's count). */
  pagesWritten: number;
  /** How far the page now being written is, [0, 1), by the display clock. */
  pageFill: number;
}

/** The flush's animation state at `clockNs` (see the module header, step 3). */
export function flushPhase(flush: MasmFlush, clockNs: number): FlushPhase {
  const total = Math.max(1, flush.pages_total);
  const sort = clockNs > flush.start_ns || flush.pages_written > 0 ? 1 : 0;
  const byClock = progress(clockNs, flush.start_ns, flush.end_ns) * total;
  const written = Math.min(total, Math.max(0, Math.round(flush.pages_written)));
  const pageFill = written >= total ? 0 : Math.min(0.999, Math.max(0, byClock - written));
  return { sort, pagesWritten: written, pageFill };
}

/** A chip's x between its arrival slot and its key slot. */
export function chipX(layout: SlotLayout, arrival: number, sorted: number, t: number): number {
  const a = slotX(layout, arrival);
  const b = slotX(layout, sorted);
  return a + (b - a) * t;
}
