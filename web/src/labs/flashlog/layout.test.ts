import { describe, expect, it } from "vitest";
import { blockRows, curveTop, devicesToReach, formatBytes, lsnWindow, progress, validShare, waAgreement, writeClass, xOfLsn } from "./layout";
import type { LaneWrite, ThroughputCurve } from "./types";

const write = (over: Partial<LaneWrite> = {}): LaneWrite => ({
  due_ns: 2000,
  end_lsn: 1024,
  hiding_area: false,
  issued_ns: 1000,
  outlier: false,
  purpose: "log",
  request: 3,
  start_lsn: 0,
  torn: false,
  ...over,
});

describe("LSN window", () => {
  it("shows all the log while it is small, then the newest window", () => {
    expect(lsnWindow({ next_lsn: 3000 })).toEqual({ lo: 0, hi: 3000 });
    expect(lsnWindow({ next_lsn: 0 })).toEqual({ lo: 0, hi: 512 });
    expect(lsnWindow({ next_lsn: 100_000 }, 10_000)).toEqual({ lo: 90_000, hi: 100_000 });
  });
  it("maps LSNs linearly and clamps outside the window", () => {
    const w = { lo: 1000, hi: 2000 };
    expect(xOfLsn(1500, w, 0, 100)).toBe(50);
    expect(xOfLsn(0, w, 0, 100)).toBe(0);
    expect(xOfLsn(9999, w, 0, 100)).toBe(100);
  });
});

describe("writes", () => {
  it("progress runs from issue to due and clamps", () => {
    expect(progress(write(), 1500)).toBe(0.5);
    expect(progress(write(), 0)).toBe(0);
    expect(progress(write(), 5000)).toBe(1);
    expect(progress(write({ due_ns: 1000 }), 0)).toBe(1);
  });
  it("classes name the purpose and the outlier, torn and hiding states", () => {
    expect(writeClass(write())).toBe("fl-w-log");
    expect(writeClass(write({ purpose: "cache_ack", outlier: true, torn: true, hiding_area: true }))).toBe(
      "fl-w-cache-ack fl-w-outlier fl-w-torn fl-w-hiding",
    );
  });
  it("formats bytes", () => {
    expect(formatBytes(500)).toBe("500 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(3 * 1024 * 1024)).toBe("3.0 MB");
  });
});

describe("throughput curve", () => {
  const curve: ThroughputCurve = {
    device: "usb-a",
    disk_commits_per_s: 2000,
    ideal_commits_per_s: 11000,
    transactions_per_run: 400,
    flashlogging: [
      { devices: 1, commits_per_s: 3000 },
      { devices: 2, commits_per_s: 8000 },
      { devices: 3, commits_per_s: 10_500 },
    ],
  };
  it("scales to the highest of FlashLogging, disk and ideal", () => {
    expect(curveTop(curve)).toBe(11000);
  });
  it("finds the first device count that reaches a share of the ideal", () => {
    expect(devicesToReach(curve, 0.9)).toBe(3);
    expect(devicesToReach(curve, 0.99)).toBeNull();
  });
});

describe("Append/Pack", () => {
  it("splits blocks into the append log, the pack log and the free pool", () => {
    const rows = blockRows({ append_log: [3, 1], pack_log: [5], block_log: ["free", "append", "free", "append", "free", "pack"] });
    expect(rows).toEqual([
      { role: "append", blocks: [3, 1] },
      { role: "pack", blocks: [5] },
      { role: "free", blocks: [0, 2, 4] },
    ]);
  });
  it("valid shares and the write-amplification agreement", () => {
    expect(validShare(4, 8)).toBe(0.5);
    expect(validShare(9, 8)).toBe(1);
    expect(waAgreement({ write_amplification: 1.2, model_write_amplification: 1.2, pack_steps: 3 })).toBeCloseTo(1);
    expect(waAgreement({ write_amplification: 1, model_write_amplification: 1, pack_steps: 0 })).toBeNull();
  });
});
