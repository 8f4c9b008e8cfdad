//! The disk-arm trace's data (pure): the core's rows of `[start_ns, end_ns, offset_bytes]` per
//! stream decoded, the time window shown (the baseline's latest scan with a margin, or every
//! I/O kept), the I/Os inside it, and the head's path through both streams of one disk in time
//! order (in-place: the scan's requests and the updates' read-modify-writes share the arm).

export interface ArmIo {
  startNs: number;
  endNs: number;
  offsetBytes: number;
}

/** Rows of 3; a trailing partial row is ignored. */
export function decodeArmRows(rows: ArrayLike<number>): ArmIo[] {
  const out: ArmIo[] = [];
  for (let i = 0; i + 2 < rows.length; i += 3) {
    out.push({ startNs: rows[i] ?? 0, endNs: rows[i + 1] ?? 0, offsetBytes: rows[i + 2] ?? 0 });
  }
  return out;
}

export type ArmWindowMode = "scan" | "all";

/** Share of the scan's duration shown before and after it, so the I/Os around it show too. */
export const SCAN_MARGIN = 0.25;

/**
 * The window `[t0, t1]`: the latest scan padded by `SCAN_MARGIN` of its duration on each side
 * (at least 1 ms), or every kept I/O. Null when there is nothing to show.
 */
export function armWindow(mode: ArmWindowMode, lastScan: { start_ns: number; end_ns: number } | null, streams: readonly (readonly ArmIo[])[]): [number, number] | null {
  if (mode === "scan" && lastScan && lastScan.end_ns >= lastScan.start_ns) {
    const pad = Math.max(1e6, (lastScan.end_ns - lastScan.start_ns) * SCAN_MARGIN);
    return [lastScan.start_ns - pad, lastScan.end_ns + pad];
  }
  let t0 = Infinity;
  let t1 = -Infinity;
  for (const stream of streams)
    for (const io of stream) {
      t0 = Math.min(t0, io.startNs);
      t1 = Math.max(t1, io.endNs);
    }
  if (!Number.isFinite(t0) || !Number.isFinite(t1)) return null;
  return t1 > t0 ? [t0, t1] : [t0, t0 + 1];
}

/** The I/Os that overlap `[t0, t1]`. */
export function inWindow(ios: readonly ArmIo[], [t0, t1]: [number, number]): ArmIo[] {
  return ios.filter((io) => io.endNs >= t0 && io.startNs <= t1);
}

/**
 * The head's path over one disk: each I/O in start order held at its offset from start to end
 * (`[time, offset]` pairs); consecutive I/Os join with the line of the seek between them.
 */
export function headPath(streams: readonly (readonly ArmIo[])[]): [number, number][] {
  const all = streams.flat().slice().sort((a, b) => a.startNs - b.startNs || a.endNs - b.endNs);
  const out: [number, number][] = [];
  for (const io of all) {
    out.push([io.startNs, io.offsetBytes]);
    out.push([io.endNs, io.offsetBytes]);
  }
  return out;
}

/** Head travel between consecutive I/Os, in bytes of address (the seeks' total distance). */
export function travelBytes(path: readonly [number, number][]): number {
  let total = 0;
  for (let i = 2; i < path.length; i += 2) {
    const prev = path[i - 1];
    const cur = path[i];
    if (prev && cur) total += Math.abs(cur[1] - prev[1]);
  }
  return total;
}
