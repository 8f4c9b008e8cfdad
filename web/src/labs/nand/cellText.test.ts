import { describe, expect, it } from "vitest";
import { describeCell } from "./cellText";
import type { CellSeries } from "./series";
import type { NandMeta } from "./types";

const states = [
  { index: 0, name: "ER", bits: "11", verify_v: -0.05, top_v: -0.05, final_level: 0, levels: [0, 3] },
  { index: 1, name: "P1", bits: "10", verify_v: 0.6, top_v: 0.8, final_level: 1, levels: [1, 1] },
  { index: 2, name: "LM", bits: "0", verify_v: 1.2, top_v: 1.4, final_level: null, levels: [2, 3] },
  { index: 3, name: "P3", bits: "01", verify_v: 3, top_v: 3.2, final_level: 3, levels: [3, 3] },
];
const meta = { states } as unknown as NandMeta;
const cells: CellSeries = {
  vth: Float64Array.from([-2.5, 0.71, 1.33]),
  state: Float64Array.from([0, 1, 2]),
  target: Float64Array.from([0, 1, 3]),
  targetVerify: Float64Array.from([-0.05, 0.6, 3]),
  inhibited: Float64Array.from([1, 1, 0]),
};

describe("cell readout", () => {
  it("says where a cell is and where ISPP is taking it", () => {
    expect(describeCell(meta, cells, 0)).toBe("cell 0 · -2.50 V · ER · inhibited");
    expect(describeCell(meta, cells, 1)).toBe("cell 1 · 0.71 V · P1 (verify 0.60 V) · inhibited");
    expect(describeCell(meta, cells, 2)).toBe("cell 2 · 1.33 V · LM → P3 (verify 3.00 V) · programming");
    expect(describeCell(meta, cells, 9)).toBe("");
  });
});
