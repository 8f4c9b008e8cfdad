import { describe, expect, it } from "vitest";
import { countText, crossoverX, paperMarkers, percent, sweepLines } from "./chart";
import { byteX, decodeRecent, fileSegments, jumpStats, shortLabel } from "./strip";
import type { LayoutsFile, LayoutsPaperPoint, LayoutsSweepInfo } from "./types";

function sweep(column: number[], row: number): LayoutsSweepInfo {
  const n = column.length;
  return {
    rows: 1000,
    io_unit_bytes: 131072,
    read_ahead_bytes: 6291456,
    selectivity: 0.1,
    fractions: column.map((_, i) => (i + 1) / n),
    row_s: row,
    row_cpu_s: 0,
    row_seeks: 0,
    column_s: column,
    column_cpu_s: column.map(() => 0),
    column_seeks: column.map(() => 0),
    row_model_s: row,
    column_model_s: column,
    pax_s: column.map(() => row),
    pax_cpu_s: column.map(() => 0),
    pax_seeks: column.map(() => 0),
    crossover_k: null,
    crossover_fraction: null,
    model_crossover_fraction: null,
  };
}

function file(base: number, bytes: number, label: string): LayoutsFile {
  return {
    query: 0,
    label,
    column: null,
    is_index: false,
    device_base: base,
    device_bytes: bytes,
    unit_bytes: 4096,
    needed_units: 1,
    issued_units: 0,
    delivered_units: 0,
    consumed_units: 0,
  };
}

describe("the crossover chart", () => {
  it("interpolates where the column curve passes the row line", () => {
    const lines = sweepLines(sweep([1, 2, 3, 5], 4));
    expect(lines.column).toHaveLength(4);
    expect(crossoverX(lines.column, 4)).toBeCloseTo(0.875);
    expect(lines.yMax).toBe(5);
  });

  it("draws PAX as its own simulated series, one point per k", () => {
    const lines = sweepLines({ ...sweep([1, 2, 3, 5], 4), pax_s: [4.1, 4.2, 4.3, 6] });
    expect(lines.pax.map((p) => p.y)).toEqual([4.1, 4.2, 4.3, 6]);
    expect(lines.pax[3]?.x).toBe(1);
    expect(lines.yMax).toBe(6);
  });

  it("has no crossover when the column store always wins", () => {
    expect(crossoverX(sweepLines(sweep([1, 2, 3], 4)).column, 4)).toBeNull();
  });

  it("splits the paper's points into crossover markers and statements", () => {
    const p = (fraction: number | null, unit: string, value: number | null = null): LayoutsPaperPoint => ({ id: "x", what: "w", fraction, value, unit, rows: 60e6, fixme: false, simulated: null });
    const { crossovers, notes, counts } = paperMarkers([p(0.9, "fraction"), p(null, ""), p(null, "seeks", 867)]);
    expect(crossovers).toHaveLength(1);
    expect(notes).toHaveLength(1);
    expect(counts).toHaveLength(1);
    expect(countText({ ...p(null, "seeks", 867), simulated: 1020.4 })).toBe("w: paper 867 seeks · sweep 1,020 (scaled to 60 M rows)");
    expect(countText(p(null, "seeks", 2941))).toContain("no sweep value");
    expect(percent(0.904)).toBe("90 %");
  });
});

describe("the device strip", () => {
  it("lays files out proportionally to their device bytes", () => {
    const files = [file(0, 100, "A"), file(100, 300, "B")];
    const segs = fileSegments(files, 400, 0, 400);
    expect(segs.map((s) => [s.x0, s.x1])).toEqual([
      [0, 100],
      [100, 400],
    ]);
    expect(byteX(200, files, 400, 0, 400)).toBe(200);
    expect(segs.map((s) => s.label)).toEqual(files.map((f) => f.label));
    const two = fileSegments([files[0]!, { ...files[1]!, query: 1 }], 400, 0, 400);
    expect(two.map((s) => s.label)).toEqual([`query 0: ${files[0]!.label}`, `query 1: ${files[1]!.label}`]);
    expect(byteX(1e9, files, 400, 0, 400)).toBe(400);
  });

  it("decodes recent requests and counts the jumps between files", () => {
    const recent = decodeRecent([0, 1, 0, 0, 0, 4, 0, 1, 2, 0, 1, 100, 4, 1, 2, 3, 0, 1, 104, 4, 0]);
    expect(recent).toHaveLength(3);
    expect(recent[1]?.seek).toBe(true);
    expect(jumpStats(recent)).toEqual({ seeks: 1, fileSwitches: 1 });
  });

  it("shortens column names without the table prefix", () => {
    expect(shortLabel("L_EXTENDEDPRICE", 6)).toBe("EXTEN…");
    expect(shortLabel("O_CUSTKEY", 20)).toBe("CUSTKEY");
    expect(shortLabel("NSM", 0)).toBe("");
  });
});

describe("device panel title", () => {
  it("says one head only for a single disk: RAID-0 has a head per member, an SSD parallel channels", async () => {
    const { headsLabel } = await import("./DevicePanel");
    expect(headsLabel("Disk", true)).toBe("one head");
    expect(headsLabel("RAID-0 (2 disks)", true)).toBe("two disks striped, a head each");
    expect(headsLabel("SSD-Fast", false)).toBe("parallel channels");
  });

  it("draws each RAID-0 member's head, a disk's one head, and none on an SSD", async () => {
    const { deviceHeads } = await import("./DevicePanel");
    const base = { name: "Disk", is_disk: true, head_offset: 4096, queued: 0, in_flight: 0, seeks: 0, requests: 1, bytes: 4096, channel_busy: [], dies_per_channel: 0, member_heads: [] };
    expect(deviceHeads(base)).toEqual([{ label: "head", offset: 4096 }]);
    const raid = { ...base, name: "RAID-0 (2 disks)", member_heads: [131072, null] };
    expect(deviceHeads(raid)).toEqual([{ label: "disk 0 head", offset: 131072 }]);
    expect(deviceHeads({ ...raid, member_heads: [131072, 65536] }).map((h) => h.label)).toEqual(["disk 0 head", "disk 1 head"]);
    expect(deviceHeads({ ...base, is_disk: false })).toEqual([]);
  });

  it("merges the two heads' labels when they are closer than a label, and keeps labels inside the strip", async () => {
    const { headLabels } = await import("./DevicePanel");
    expect(headLabels([{ label: "disk 0 head", x: 300 }, { label: "disk 1 head", x: 302 }], 10, 400)).toEqual([{ text: "both disks' heads", x: 301 }]);
    expect(headLabels([{ label: "disk 0 head", x: 100 }, { label: "disk 1 head", x: 300 }], 10, 400).map((l) => l.text)).toEqual(["disk 0 head", "disk 1 head"]);
    expect(headLabels([{ label: "head", x: 399 }], 10, 400)).toEqual([{ text: "head", x: 358 }]);
  });
});
