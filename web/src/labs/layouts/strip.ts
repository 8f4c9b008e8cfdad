//! Pure layout of the device strip (digest §7 item 3): the files a scan reads laid out on the
//! device's byte axis, where the disk head is, and the recent requests as a path that jumps
//! between files. No DOM here: `DevicePanel.tsx` draws it.

import type { LayoutsFile } from "./types";

export interface FileSegment {
  index: number;
  label: string;
  x0: number;
  x1: number;
  query: number;
}

/** x in [x0, x1) of every file, over the device bytes [0, extent). */
export function fileSegments(files: readonly LayoutsFile[], extentBytes: number, x0: number, x1: number): FileSegment[] {
  const extent = Math.max(1, extentBytes, ...files.map((f) => f.device_base + f.device_bytes));
  const scale = (b: number): number => x0 + ((x1 - x0) * b) / extent;
  // Several queries (the concurrency scenarios) read files of the same name: say whose each is.
  const several = new Set(files.map((f) => f.query)).size > 1;
  return files.map((f, index) => ({
    index,
    label: several ? `query ${f.query}: ${f.label}` : f.label,
    x0: scale(f.device_base),
    x1: Math.max(scale(f.device_base) + 1, scale(f.device_base + f.device_bytes)),
    query: f.query,
  }));
}

/** Byte → x on the same axis as `fileSegments`. */
export function byteX(bytes: number, files: readonly LayoutsFile[], extentBytes: number, x0: number, x1: number): number {
  const extent = Math.max(1, extentBytes, ...files.map((f) => f.device_base + f.device_bytes));
  return x0 + ((x1 - x0) * Math.max(0, Math.min(bytes, extent))) / extent;
}

/** One completed request of the `recent_io` series. */
export interface RecentIo {
  issuedUs: number;
  doneUs: number;
  query: number;
  file: number;
  offsetKb: number;
  kb: number;
  seek: boolean;
}

export const RECENT_WORDS = 7;

/** Decodes `recent_io` rows of 7 `[issued_us, done_us, query, file, offset_kb, kb, seek]`. */
export function decodeRecent(series: ArrayLike<number>): RecentIo[] {
  const out: RecentIo[] = [];
  for (let i = 0; i + RECENT_WORDS <= series.length; i += RECENT_WORDS) {
    out.push({
      issuedUs: series[i] ?? 0,
      doneUs: series[i + 1] ?? 0,
      query: series[i + 2] ?? 0,
      file: series[i + 3] ?? 0,
      offsetKb: series[i + 4] ?? 0,
      kb: series[i + 5] ?? 0,
      seek: (series[i + 6] ?? 0) !== 0,
    });
  }
  return out;
}

/** Seeks among the requests, and how many times consecutive requests changed file. */
export function jumpStats(recent: readonly RecentIo[]): { seeks: number; fileSwitches: number } {
  let fileSwitches = 0;
  for (let i = 1; i < recent.length; i++) {
    if (recent[i]?.file !== recent[i - 1]?.file) fileSwitches++;
  }
  return { seeks: recent.filter((r) => r.seek).length, fileSwitches };
}

/** Short label for a column name: `L_EXTENDEDPRICE` → `EXTENDEDPRICE` cut to `max` chars. */
export function shortLabel(label: string, max: number): string {
  const bare = label.replace(/^[A-Z]_/, "");
  if (max <= 0) return "";
  return bare.length <= max ? bare : `${bare.slice(0, Math.max(1, max - 1))}…`;
}
