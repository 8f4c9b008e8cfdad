import { describe, expect, it } from "vitest";
import { crashAt } from "./crashEdit";

describe("crash now (a scenario edit)", () => {
  it("puts a crash at the time shown and a recovery after it, replacing an earlier crash", () => {
    const json = JSON.stringify({
      mode: "logging",
      workload: { ops: [{ op: "commit", txn: 1, bytes: 100 }, { op: "crash", at_us: 9 }, { op: "recover" }, { op: "commit", txn: 2, bytes: 100, at_us: 900 }] },
    });
    const edited = JSON.parse(crashAt(json, 412.7)) as { workload: { ops: unknown[] } };
    expect(edited.workload.ops).toEqual([{ op: "commit", txn: 1, bytes: 100 }, { op: "crash", at_us: 412 }, { op: "recover" }]);
  });

  it("sets a generated workload's crash time", () => {
    const edited = JSON.parse(crashAt(JSON.stringify({ workload: { generator: { workers: 4 } } }), 1500)) as { workload: { generator: Record<string, unknown> } };
    expect(edited.workload.generator["crash_at_us"]).toBe(1500);
  });

  it("refuses an Append/Pack scenario with a reason", () => {
    expect(() => crashAt(JSON.stringify({ mode: "append_pack", workload: { ops: [] } }), 1)).toThrow("Append/Pack");
  });
});
