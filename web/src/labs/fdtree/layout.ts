//! Pure layout and series logic of the FD+tree view: where a block sits on the shared key axis,
//! how the rows are named, and the R_p / space series decoded from the core's flat arrays.

import type { FdtreeBlock, FdtreeLevel } from "./payload.gen";

/** One block as drawn: its x span in key units (half-open), from its first key to the next block's. */
export interface BlockSpan {
  block: FdtreeBlock;
  from: number;
  to: number;
}

/**
 * Blocks of a level tile the key axis: each spans from its first key to the next block's first
 * key (the last one to `keyEnd`). An empty block spans nothing at its left neighbour's end.
 */
export function blockSpans(blocks: readonly FdtreeBlock[], keyEnd: number): BlockSpan[] {
  const out: BlockSpan[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i];
    if (!block) continue;
    const next = blocks[i + 1];
    const from = i === 0 ? 0 : block.first_key;
    const to = next ? Math.max(next.first_key, from) : Math.max(keyEnd, from);
    out.push({ block, from, to });
  }
  return out;
}

/** One fence drawn as a link: from the fence's key on its block's row to the target block's row. */
export interface FenceLink {
  fromRow: number;
  fenceKey: number;
  toRow: number;
  /** The target block's left edge on the key axis. */
  targetFrom: number;
  targetId: number;
}

/**
 * Fence links of the rows as drawn (`rows[i]` is the row index and spans of one level): each
 * block's `fence_links` (flat pairs key, target id) become one link to the row holding the
 * target block. A target not drawn (reclaimed, or beyond the listed blocks) gives no link;
 * at most `cap` links are returned.
 */
export function fenceLinks(rows: readonly { row: number; spans: readonly BlockSpan[] }[], cap = 800): FenceLink[] {
  const where = new Map<number, { row: number; from: number }>();
  for (const { row, spans } of rows) for (const s of spans) where.set(s.block.id, { row, from: s.from });
  const out: FenceLink[] = [];
  for (const { row, spans } of rows) {
    for (const { block } of spans) {
      const links = block.fence_links;
      for (let i = 0; i + 1 < links.length; i += 2) {
        const targetId = links[i + 1] ?? -1;
        const target = where.get(targetId);
        if (!target || target.row <= row) continue;
        out.push({ fromRow: row, fenceKey: links[i] ?? 0, toRow: target.row, targetFrom: target.from, targetId });
        if (out.length >= cap) return out;
      }
    }
  }
  return out;
}

/** The row's name: "L2", "L2 old", "L2 new", "L1 skipped". */
export function rowLabel(level: Pick<FdtreeLevel, "label" | "role">): string {
  switch (level.role) {
    case "old":
      return `L${level.label} old`;
    case "new":
      return `L${level.label} new`;
    case "skipped":
      return `L${level.label} skipped`;
    default:
      return `L${level.label}`;
  }
}

/** One completed request: its completion time, R_p and kind (1 insert, 2 delete, 3 lookup, 4 range). */
export interface RpPoint {
  endNs: number;
  rpNs: number;
  kind: number;
}

/** Triples `[completion_ns, r_p_ns, kind]`; a trailing partial triple is dropped. */
export function decodeRp(triples: ArrayLike<number>): RpPoint[] {
  const out: RpPoint[] = [];
  for (let i = 0; i + 2 < triples.length; i += 3) {
    out.push({ endNs: triples[i] ?? 0, rpNs: triples[i + 1] ?? 0, kind: triples[i + 2] ?? 0 });
  }
  return out;
}

/** Pairs `[t_ns, value]`; a trailing half pair is dropped. */
export function decodePairs(pairs: ArrayLike<number>): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i + 1 < pairs.length; i += 2) out.push([pairs[i] ?? 0, pairs[i + 1] ?? 0]);
  return out;
}

/** Running maximum of R_p in completion order, as `[t, max]` steps. */
export function runningMax(points: readonly RpPoint[]): [number, number][] {
  let max = 0;
  const out: [number, number][] = [];
  for (const p of points) {
    if (p.rpNs > max) {
      max = p.rpNs;
      out.push([p.endNs, max]);
    }
  }
  return out;
}

/** Mean and population standard deviation of the R_p of one kind (0, 0 when none). */
export function meanStd(points: readonly RpPoint[], kind: number): { mean: number; std: number; n: number } {
  const xs = points.filter((p) => p.kind === kind).map((p) => p.rpNs);
  if (xs.length === 0) return { mean: 0, std: 0, n: 0 };
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  const variance = xs.reduce((a, b) => a + (b - mean) * (b - mean), 0) / xs.length;
  return { mean, std: Math.sqrt(variance), n: xs.length };
}

/** Labels of the core's lookup-latency decades (decade 0 below 10 µs). */
export const DECADE_LABELS = ["<10µs", "10–100µs", "0.1–1ms", "1–10ms", "10–100ms", "0.1–1s", "1–10s", "≥10s"] as const;

/** The share of `part` in `whole` as a fraction in [0, 1] (0 when `whole` is 0). */
export function fraction(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.min(1, Math.max(0, part / whole));
}
