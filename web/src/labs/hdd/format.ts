//! Small HDD-specific labels.

import { formatNumber } from "../../format/units";

/** Request sizes in binary units, disk sizes in decimal GB: `4 KiB`, `1 MiB`, `200 GB`. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1e9) return `${formatNumber(bytes / 1e9)} GB`;
  if (bytes >= 1048576) return `${formatNumber(bytes / 1048576)} MiB`;
  if (bytes >= 1024) return `${formatNumber(bytes / 1024)} KiB`;
  return `${formatNumber(bytes)} B`;
}

export function schedulerName(name: string): string {
  const known: Record<string, string> = { fcfs: "FCFS", sstf: "SSTF", scan: "SCAN", clook: "C-LOOK" };
  return known[name] ?? name.toUpperCase();
}
