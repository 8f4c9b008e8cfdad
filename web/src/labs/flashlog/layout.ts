//! Pure layout and formatting for the flashlog views: the LSN window the lanes are drawn on, a
//! write's progress at the display clock, byte and rate formatting, the merge streams' window,
//! and the Append/Pack block rows.

import type { ApMeta, CurvePoint, LaneWrite, LogMeta, ThroughputCurve } from "./types";

/** Bytes of log shown at once when the log grows past it (the frontier stays in view). */
export const LSN_WINDOW_BYTES = 16 * 1024;

export interface LsnWindow {
  lo: number;
  hi: number;
}

/** The LSN range the ruler and lanes show: all the log while small, else the newest window. */
export function lsnWindow(meta: Pick<LogMeta, "next_lsn">, window = LSN_WINDOW_BYTES): LsnWindow {
  const hi = Math.max(meta.next_lsn, 512);
  const lo = Math.max(0, hi - window);
  return { lo, hi };
}

/** x of an LSN inside [x0, x1], clamped to the window's edges. */
export function xOfLsn(lsn: number, w: LsnWindow, x0: number, x1: number): number {
  const span = Math.max(1, w.hi - w.lo);
  const t = Math.min(1, Math.max(0, (lsn - w.lo) / span));
  return x0 + t * (x1 - x0);
}

/** Whether any of [start, end) is inside the window. */
export function visible(start: number, end: number, w: LsnWindow): boolean {
  return end > w.lo && start < w.hi;
}

/** How far a write is through its service time at `clockNs`, 0..1. */
export function progress(write: Pick<LaneWrite, "issued_ns" | "due_ns">, clockNs: number): number {
  const total = write.due_ns - write.issued_ns;
  if (total <= 0) return 1;
  return Math.min(1, Math.max(0, (clockNs - write.issued_ns) / total));
}

export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return "–";
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function formatRate(perSecond: number): string {
  if (!Number.isFinite(perSecond)) return "–";
  if (perSecond >= 10_000) return `${(perSecond / 1000).toFixed(0)}k`;
  if (perSecond >= 1000) return `${(perSecond / 1000).toFixed(1)}k`;
  return perSecond.toFixed(0);
}

export function formatMs(ns: number): string {
  const ms = ns / 1e6;
  return ms >= 10 ? `${ms.toFixed(0)} ms` : `${ms.toFixed(2)} ms`;
}

/** A CSS class for a write's purpose (and its outlier / torn state). */
export function writeClass(w: LaneWrite): string {
  const parts = [`fl-w-${w.purpose.replace(/_/g, "-")}`];
  if (w.outlier) parts.push("fl-w-outlier");
  if (w.torn) parts.push("fl-w-torn");
  if (w.hiding_area) parts.push("fl-w-hiding");
  return parts.join(" ");
}

/** The largest y the curve chart needs (FlashLogging points, disk, ideal), 1 if all are 0. */
export function curveTop(curve: ThroughputCurve): number {
  const ys = [curve.disk_commits_per_s, curve.ideal_commits_per_s, ...curve.flashlogging.map((p: CurvePoint) => p.commits_per_s)];
  const top = Math.max(...ys.filter(Number.isFinite));
  return top > 0 ? top : 1;
}

/** Device counts at which FlashLogging first reaches `share` of the ideal, or null. */
export function devicesToReach(curve: ThroughputCurve, share: number): number | null {
  const hit = curve.flashlogging.find((p) => p.commits_per_s >= share * curve.ideal_commits_per_s);
  return hit ? hit.devices : null;
}

export type BlockRole = "append" | "pack" | "free";

export interface BlockRow {
  role: BlockRole;
  /** Blocks tail (oldest) first; for `free`, in id order. */
  blocks: number[];
}

/** The three rows of the Append/Pack picture: the append log, the pack log, the free pool. */
export function blockRows(meta: Pick<ApMeta, "append_log" | "pack_log" | "block_log">): BlockRow[] {
  const free: number[] = [];
  meta.block_log.forEach((role, i) => {
    if (role === "free") free.push(i);
  });
  return [
    { role: "append", blocks: [...meta.append_log] },
    { role: "pack", blocks: [...meta.pack_log] },
    { role: "free", blocks: free },
  ];
}

/** Valid share of a block, 0..1. */
export function validShare(valid: number, ebPages: number): number {
  return ebPages > 0 ? Math.min(1, Math.max(0, valid / ebPages)) : 0;
}

/** Measured write amplification over the model's 1/(1 − u), or null before any packing. */
export function waAgreement(meta: Pick<ApMeta, "write_amplification" | "model_write_amplification" | "pack_steps">): number | null {
  if (meta.pack_steps === 0 || meta.model_write_amplification <= 0) return null;
  return meta.write_amplification / meta.model_write_amplification;
}

/** The filled fraction of a flash drive's log space, clamped to [0, 1]. */
export function spaceFraction(usedBytes: number, capacityBytes: number): number {
  if (!(capacityBytes > 0)) return 0;
  return Math.min(1, Math.max(0, usedBytes / capacityBytes));
}
