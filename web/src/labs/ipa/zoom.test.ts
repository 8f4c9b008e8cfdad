import { describe, expect, it } from "vitest";
import { bitOf, pulseFrame, zoomCells, zoomStateLabels } from "./zoom";

describe("the cell zoom model", () => {
  it("reads cell 8i + j as bit 7 − j of byte i", () => {
    expect(bitOf([0x80], 0)).toBe(1);
    expect(bitOf([0x80], 1)).toBe(0);
    expect(bitOf([0x00, 0x01], 15)).toBe(1);
  });

  it("pulses only erased cells of the written range that become programmed", () => {
    // Window of 3 bytes from byte 100; the write covers byte 101 only: FF → 0A.
    const zoom = { bytes_before: [0x3c, 0xff, 0xff], bytes_after: [0x3c, 0x0a, 0xff], window_start: 100, written_from: 101, written_to: 102 };
    const vth = new Float64Array(24).fill(-2);
    const after = Float64Array.from(vth, (v, c) => (c >= 8 && c < 16 && ((0x0a >> (15 - c)) & 1) === 0 ? 2 : v));
    const m = zoomCells(zoom, vth, after);
    // 0x0A = 0000 1010: six zeros → six cells pulsed.
    expect(m.pulsed).toBe(6);
    for (let c = 0; c < 24; c++) {
      const inRange = c >= 8 && c < 16;
      expect(m.inhibited[c] === 0).toBe(inRange && ((0x0a >> (15 - c)) & 1) === 0);
    }
    // Byte 100 (0x3C) keeps its programmed cells, drawn as programmed but inhibited.
    expect(m.target[0]).toBe(1);
    expect(m.target[2]).toBe(0);
    expect(m.domain[0]).toBeLessThan(-2);
    expect(m.domain[1]).toBeGreaterThan(2);
  });
});

describe("the zoom's pulse frames", () => {
  // Three cells, two loops: cell 0 passes after loop 1, cell 1 after loop 2, cell 2 is inhibited.
  const before = Float64Array.from([-2, -2, 1]);
  const pulses = Float64Array.from([0.5, 0.2, 1, 1.1, 1.2, 1]);
  const passedAt = [1, 2, 0];

  it("loop 0 is the state before any pulse, with every targeted cell still pulsed", () => {
    const f = pulseFrame(0, before, pulses, passedAt);
    expect(Array.from(f.vth)).toEqual([-2, -2, 1]);
    expect(Array.from(f.inhibited)).toEqual([0, 0, 1]);
    expect(f.programming).toBe(2);
  });

  it("after each loop a cell that passed verify is inhibited and keeps its charge", () => {
    const f1 = pulseFrame(1, before, pulses, passedAt);
    expect(Array.from(f1.vth)).toEqual([0.5, 0.2, 1]);
    expect(Array.from(f1.inhibited)).toEqual([1, 0, 1]);
    const f2 = pulseFrame(2, before, pulses, passedAt);
    expect(Array.from(f2.vth)).toEqual([1.1, 1.2, 1]);
    expect(f2.programming).toBe(0);
    // Past the last loop: clamped.
    expect(Array.from(pulseFrame(9, before, pulses, passedAt).vth)).toEqual([1.1, 1.2, 1]);
  });
});

describe("zoomStateLabels", () => {
  it("names an SLC page's groups ER and P at their median Vth", () => {
    const target = [0, 0, 1, 1, 1];
    const vth = [-2.5, -2.1, 1.8, 2.0, 2.4];
    expect(zoomStateLabels(target, vth, "SLC")).toEqual([
      { name: "ER · bit 1", v: -2.1, cells: 2 },
      { name: "P · bit 0", v: 2.0, cells: 3 },
    ]);
  });

  it("names an MLC page's groups by this page's bit only, and skips an empty group", () => {
    expect(zoomStateLabels([0, 0], [-2, -1], "LSB")).toEqual([{ name: "bit 1", v: -1, cells: 2 }]);
  });
});
