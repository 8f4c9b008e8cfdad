import { describe, expect, it } from "vitest";
import { editedTitle, presentKeys, readKnobs, scanOp, updateOps, withCompare, withMoreUpdates, withOps } from "./scenarioEdit";

const OPS = JSON.stringify({
  version: 1,
  lab: "masm",
  title: "t",
  seed: 1,
  params: { key_space: 16, initial_rows: "even" },
  workload: { ops: [{ op: "insert", key: 1, value: 10 }, { op: "delete", key: 2 }, { op: "scan", from: 0, to: 5 }] },
});
const GENERATED = JSON.stringify({ version: 1, lab: "masm", title: "g", seed: 1, workload: { generator: { updates: 240 } } });

describe("MaSM scenario edits", () => {
  it("reads the knobs of an ops scenario and of a generated one", () => {
    expect(readKnobs(OPS)).toEqual({ mode: "ops", keySpace: 16, initialRows: "even", compare: false, opCount: 3, generatorUpdates: null });
    const g = readKnobs(GENERATED);
    expect(g.mode).toBe("generator");
    expect(g.keySpace).toBe(64);
    expect(g.generatorUpdates).toBe(240);
    expect(() => readKnobs(JSON.stringify({ lab: "ssd" }))).toThrow("not a MaSM scenario");
  });

  it("replays inserts and deletes over the initial rows", () => {
    const keys = presentKeys("even", 8, [{ op: "insert", key: 1 }, { op: "delete", key: 2 }, { op: "modify", key: 4 }]);
    expect([...keys].sort((a, b) => a - b)).toEqual([0, 1, 4, 6]);
    expect(presentKeys("none", 4, []).size).toBe(0);
    expect(presentKeys("all", 4, []).size).toBe(4);
  });

  it("adds only well-formed updates, deterministically", () => {
    const present = presentKeys("even", 16, []);
    const shadow = new Set(present);
    const ops = updateOps(present, 16, 200, 7);
    expect(ops).toHaveLength(200);
    for (const op of ops) {
      if (op.op === "insert") {
        expect(shadow.has(op.key)).toBe(false);
        shadow.add(op.key);
      } else if (op.op === "modify") {
        expect(shadow.has(op.key)).toBe(true);
      } else if (op.op === "delete") {
        expect(shadow.has(op.key)).toBe(true);
        shadow.delete(op.key);
      }
      if ("key" in op) expect(op.key).toBeLessThan(16);
    }
    expect(new Set(ops.map((o) => o.op)).size).toBe(3);
    expect(updateOps(presentKeys("even", 16, []), 16, 20, 7)).toEqual(ops.slice(0, 20));
  });

  it("appends ops, raises a generator's count, and flips compare", () => {
    const more = JSON.parse(withMoreUpdates(OPS, 5)) as { title: string; workload: { ops: unknown[] } };
    expect(more.workload.ops).toHaveLength(8);
    expect(more.title).toBe("t · edited in the lab");
    const scan = JSON.parse(withOps(OPS, [scanOp(9, 3, 16), { op: "crash" }])) as { workload: { ops: unknown[] } };
    expect(scan.workload.ops.slice(3)).toEqual([{ op: "scan", from: 3, to: 9 }, { op: "crash" }]);
    const gen = JSON.parse(withMoreUpdates(GENERATED, 32)) as { workload: { generator: { updates: number } } };
    expect(gen.workload.generator.updates).toBe(272);
    expect(() => withOps(GENERATED, [{ op: "migrate" }])).toThrow("workload.generator");
    expect(readKnobs(withCompare(OPS, true)).compare).toBe(true);
  });

  it("clamps scan bounds into the key space and marks a title edited once", () => {
    expect(scanOp(-5, 99, 16)).toEqual({ op: "scan", from: 0, to: 15 });
    expect(editedTitle(editedTitle("x"))).toBe("x · edited in the lab");
    expect([...editedTitle("y".repeat(300))].length).toBeLessThanOrEqual(200);
  });
});
