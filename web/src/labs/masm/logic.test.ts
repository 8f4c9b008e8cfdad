import { describe, expect, it } from "vitest";
import { columnFractions, orderedSummaries, ratioToMasm, scanLines, sharedScans, sharedTop } from "./compare";
import { sampleMeta } from "./sampleMeta.test-util";
import { decodeDeviceOps, pairsToPoints } from "./series";
import { busyInWindow, deviceWindow } from "./timelineWindow";
import { parseMasmInfo, parseMasmMeta, type SchemeSummary } from "./types";

describe("checked parse", () => {
  it("accepts the contract's shape and fills a missing compare with null", () => {
    const meta = sampleMeta();
    expect(parseMasmMeta(meta)).toEqual(meta);
    const { compare: _drop, ...withoutCompare } = meta;
    expect(parseMasmMeta(withoutCompare)?.compare).toBeNull();
  });

  it("falls back (null) when a field the view draws is missing or mistyped", () => {
    const meta = sampleMeta() as unknown as Record<string, unknown>;
    expect(parseMasmMeta({ ...meta, runs: "none" })).toBeNull();
    expect(parseMasmMeta({ ...meta, key_space: "64" })).toBeNull();
    expect(parseMasmMeta({ ...meta, buffer: { records: [] } })).toBeNull();
    expect(parseMasmMeta({ ...meta, flush: { pages_total: 1 } })).toBeNull();
    expect(parseMasmMeta({ ...meta, scans: [{ op: 1 }] })).toBeNull();
    expect(parseMasmMeta({ ...meta, compare: [{ scheme: "masm" }] })).toBeNull();
    expect(parseMasmMeta(null)).toBeNull();
  });

  it("reads the info's constants and an optional theorem plan", () => {
    expect(parseMasmInfo({ constants: [], theorem: { S: 8, Q: 8, N: 0, K2: 0, writes_per_update: 1 } })?.theorem?.S).toBe(8);
    expect(parseMasmInfo({ constants: [], theorem: null })?.theorem).toBeNull();
    expect(parseMasmInfo({ theorem: null })).toBeNull();
  });
});

describe("series decoders", () => {
  it("decodes device ops in rows of four and pairs of two", () => {
    expect(decodeDeviceOps([1, 2, 1, 5, 3, 4, 2, 7, 9])).toEqual([
      { startUs: 1, endUs: 2, kind: 1, target: 5 },
      { startUs: 3, endUs: 4, kind: 2, target: 7 },
    ]);
    expect(pairsToPoints([32, 1, 64, Number.NaN, 96, 1.25, 7])).toEqual([
      [32, 1],
      [96, 1.25],
    ]);
  });
});

describe("device timeline window", () => {
  const op = (startUs: number, endUs: number) => ({ startUs, endUs, kind: 1, target: 0 });

  it("reaches back to the 8th most recent start, between 1 ms and 200 ms", () => {
    const ops = Array.from({ length: 10 }, (_, i) => op(10_000 + i * 1000, 10_500 + i * 1000));
    const win = deviceWindow([ops.slice(0, 5), ops.slice(5)], 20_000);
    expect(win.startUs).toBe(12_000);
    expect(deviceWindow([], 50_000).startUs).toBe(49_000);
    expect(deviceWindow([[op(0, 10)]], 1_000_000).startUs).toBe(800_000);
  });

  it("shows booked work ahead, at most half the past span", () => {
    expect(deviceWindow([[op(0, 30_000)]], 10_000).endUs).toBe(15_000);
    expect(deviceWindow([[op(0, 12_000)]], 10_000).endUs).toBe(12_000);
  });

  it("sums busy time inside the window without counting overlaps twice", () => {
    const win = { startUs: 0, endUs: 100 };
    expect(busyInWindow([op(10, 30), op(20, 40), op(90, 150)], win, 100)).toBe(40);
    expect(busyInWindow([op(10, 30)], win, 20)).toBe(10);
  });
});

describe("compare view data", () => {
  const row = (scheme: SchemeSummary["scheme"], mean: number, writes: number): SchemeSummary => ({
    scheme,
    label: scheme,
    available: true,
    error: null,
    updates: 100,
    scans: 3,
    last_scan_ns: mean,
    mean_scan_ns: mean,
    ssd_writes_per_update: writes,
    ssd_pages_written: 10,
    hdd_busy_ns: 1,
    answers_match: true,
  });

  it("builds one line per scheme in legend order with shared axes", () => {
    const lines = scanLines({ masm: [10, 12], in_place: [30, 35, 40], iu: [], lsm: [11] });
    expect(lines.map((l) => l.id)).toEqual(["masm", "in_place", "iu", "lsm"]);
    expect(lines[1]?.points).toEqual([
      [1, 30],
      [2, 35],
      [3, 40],
    ]);
    expect(sharedTop(lines)).toBe(40);
    expect(sharedScans(lines)).toBe(3);
  });

  it("orders summaries MaSM first and scales each column by its largest value", () => {
    const rows = orderedSummaries([row("lsm", 20, 16.5), row("masm", 10, 1), row("in_place", 40, 0)]);
    expect(rows.map((r) => r.scheme)).toEqual(["masm", "in_place", "lsm"]);
    expect(columnFractions(rows, "mean_scan_ns")).toEqual([0.25, 1, 0.5]);
    expect(columnFractions(rows, "ssd_writes_per_update")[2]).toBe(1);
    expect(ratioToMasm(rows, "mean_scan_ns", 40)).toBe(4);
    expect(ratioToMasm(rows, "ssd_writes_per_update", 0)).toBe(0);
    expect(ratioToMasm([row("lsm", 1, 1)], "mean_scan_ns", 1)).toBeNull();
  });
});
