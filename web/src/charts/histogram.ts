//! Histogram counts with bucket edges → bars to draw. The core sends fixed buckets (the HDD's
//! 40 log-spaced latency buckets from 0.1 ms to 1 s); drawing all of them squeezes the data
//! into a few bars, so the range is trimmed to the buckets in use plus a margin.

export interface Bar {
  x0: number;
  x1: number;
  count: number;
}

export interface BarOptions {
  /** Empty buckets kept on each side of the data. */
  margin?: number;
  /** Fewest buckets shown (the range grows around the data up to this). */
  minBuckets?: number;
}

/** Bars for buckets `[edges[i], edges[i+1])` with `counts[i]`; `[]` when there is no data. */
export function histogramBars(edges: ArrayLike<number>, counts: ArrayLike<number>, options: BarOptions = {}): Bar[] {
  const margin = options.margin ?? 1;
  const minBuckets = options.minBuckets ?? 1;
  const n = Math.min(counts.length, edges.length - 1);
  if (n <= 0) return [];
  let first = -1;
  let last = -1;
  for (let i = 0; i < n; i++) {
    if ((counts[i] ?? 0) > 0) {
      if (first === -1) first = i;
      last = i;
    }
  }
  if (first === -1) return [];
  let lo = Math.max(0, first - margin);
  let hi = Math.min(n - 1, last + margin);
  while (hi - lo + 1 < Math.min(minBuckets, n)) {
    if (lo > 0) lo -= 1;
    if (hi - lo + 1 < minBuckets && hi < n - 1) hi += 1;
  }
  const bars: Bar[] = [];
  for (let i = lo; i <= hi; i++) {
    bars.push({ x0: edges[i] ?? 0, x1: edges[i + 1] ?? 0, count: counts[i] ?? 0 });
  }
  return bars;
}

/** Sum of all counts. */
export function totalCount(counts: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < counts.length; i++) sum += counts[i] ?? 0;
  return sum;
}
