import { describe, expect, it } from "vitest";
import { appendLengths, appendOffsets, appendOp, appendOps, describeOps, editedTitle, programOp, wearOps, wearRange } from "./scenarioEdit";

const shape = { pageCount: 8, pageBits: 256 };
const scenario = JSON.stringify({
  version: 1,
  lab: "nand",
  title: "MLC demo",
  seed: 7,
  device: { preset: "mlc" },
  workload: { ops: [{ op: "program", page: 0, data: { pattern: "random" } }] },
});

describe("ops built by the buttons", () => {
  it("clamps pages and bit ranges to the block", () => {
    expect(programOp(shape, 99, "zeros")).toEqual({ op: "program", page: 7, data: { pattern: "zeros" } });
    expect(programOp(shape, -3, "ones")).toMatchObject({ page: 0 });
    expect(appendOp(shape, 2, 300, 64, "zeros")).toEqual({ op: "append", page: 2, offset_bits: 255, len_bits: 1, data: { pattern: "zeros" } });
    expect(appendOp(shape, 2, 248, 64, "random")).toMatchObject({ offset_bits: 248, len_bits: 8 });
    expect(appendOp(shape, 2, Number.NaN, 0, "random")).toMatchObject({ offset_bits: 0, len_bits: 1 });
  });

  it("offers byte offsets and lengths that fit", () => {
    expect(appendOffsets(32)).toEqual([0, 8, 16, 24]);
    expect(appendLengths(256, 0)).toEqual([8, 16, 32, 64, 128, 256]);
    expect(appendLengths(256, 240)).toEqual([8, 16]);
    expect(appendLengths(12, 8)).toEqual([4]);
  });

  it("wears the block to the target, then programs and reads every page in order", () => {
    const ops = wearOps(shape, 100, 2100);
    expect(ops[0]).toEqual({ op: "cycle", count: 2000 });
    expect(ops.filter((o) => o.op === "program").map((o) => o.page)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(ops.filter((o) => o.op === "read").map((o) => o.page)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(ops.findIndex((o) => o.op === "read")).toBe(9);
    expect(wearOps(shape, 100, 100)).toEqual([]);
    expect(wearOps(shape, 0, 2_500_000).filter((o) => o.op === "cycle").map((o) => (o.op === "cycle" ? o.count : 0))).toEqual([1_000_000, 1_000_000, 500_000]);
    expect(describeOps(ops)).toBe("cycle 2,000 · program pages 0–7 · read pages 0–7");
  });

  it("ranges the slider from the current wear to three times the endurance", () => {
    expect(wearRange(0, 4000)).toEqual({ min: 0, max: 12000, step: 200 });
    expect(wearRange(12500, 4000).max).toBeGreaterThanOrEqual(16500);
  });
});

describe("scenario text", () => {
  it("appends ops to workload.ops and marks the title once", () => {
    const once = appendOps(scenario, [{ op: "erase" }]);
    const doc = JSON.parse(once) as { title: string; seed: number; workload: { ops: unknown[] } };
    expect(doc.workload.ops).toHaveLength(2);
    expect(doc.workload.ops[1]).toEqual({ op: "erase" });
    expect(doc.seed).toBe(7);
    expect(doc.title).toBe("MLC demo · edited in the lab");
    const twice = JSON.parse(appendOps(once, [{ op: "read", page: 1 }])) as { title: string; workload: { ops: unknown[] } };
    expect(twice.title).toBe("MLC demo · edited in the lab");
    expect(twice.workload.ops).toHaveLength(3);
  });

  it("refuses text that is not a NAND scenario", () => {
    expect(() => appendOps("{", [])).toThrow();
    expect(() => appendOps(JSON.stringify({ lab: "hdd", workload: { ops: [] } }), [])).toThrow(/NAND/);
    expect(() => appendOps(JSON.stringify({ lab: "nand", workload: {} }), [])).toThrow(/ops/);
  });

  it("keeps an edited title within the core's 200 characters", () => {
    const long = "x".repeat(200);
    const edited = editedTitle(long);
    expect([...edited].length).toBeLessThanOrEqual(200);
    expect(edited.endsWith("edited in the lab")).toBe(true);
  });
});
