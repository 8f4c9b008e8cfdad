import { describe, expect, it } from "vitest";
import type { ClaimRow } from "../sim/types";
import { checkLab, difference } from "./check";
import { acceptShipped } from "./shipped";

const claim = (id: string, value: number, pass = true, values: number[] = []): ClaimRow =>
  ({ id, simulated_value: value, pass, spread: values.length > 0 ? { seeds: values.map((_, i) => i + 1), values, median: value, min: value, max: value, stochastic: true } : null }) as unknown as ClaimRow;

describe("the browser's recomputation is checked against the shipped native claims", () => {
  it("agrees only on the very same numbers", () => {
    expect(difference(claim("a", 1.5), claim("a", 1.5))).toBeNull();
    expect(difference(claim("a", 1.5), claim("a", 1.5000001))).toContain("recomputed 1.5000001, shipped 1.5");
    expect(difference(claim("a", 1.5, true), claim("a", 1.5, false))).toContain("verdict");
    expect(difference(claim("a", 2, true, [1, 2, 3]), claim("a", 2, true, [1, 2, 4]))).toContain("per-seed");
  });

  it("reads a NaN written as null as the same no-number on both sides", () => {
    const shipped = JSON.parse(JSON.stringify(claim("a", NaN))) as ClaimRow;
    expect(difference(shipped, claim("a", NaN))).toBeNull();
  });

  it("flags a claim missing on either side, and keeps every check pending while recomputing", () => {
    expect([...checkLab([claim("a", 1)], null).values()]).toEqual([{ state: "pending" }]);
    const checks = checkLab([claim("a", 1), claim("b", 2)], [claim("a", 1), claim("c", 3)]);
    expect(checks.get("a")).toEqual({ state: "same" });
    expect(checks.get("b")?.state).toBe("differs");
    expect(checks.get("c")?.state).toBe("differs");
  });
});

describe("the shipped table is shown only for the build that computed it", () => {
  const build = { version: "0.1.0", sourceHash: "abc" };
  const file = { core_version: "0.1.0", source_hash: "abc", labs: { hdd: [claim("a", 1)] } };

  it("accepts this build's table", () => {
    const shipped = acceptShipped(file, build, ["hdd"]);
    expect(shipped.state).toBe("ok");
  });

  it("refuses another version's or other sources' table, naming both", () => {
    const stale = acceptShipped({ ...file, source_hash: "old" }, build, ["hdd"]);
    expect(stale).toMatchObject({ state: "unavailable" });
    expect(stale.state === "unavailable" && stale.reason).toContain("sources old");
    expect(acceptShipped({ ...file, core_version: "0.0.9" }, build, ["hdd"]).state).toBe("unavailable");
    expect(acceptShipped(file, { version: "0.1.0", sourceHash: "" }, ["hdd"]).state).toBe("unavailable");
  });

  it("refuses a table missing a lab or malformed", () => {
    expect(acceptShipped(file, build, ["hdd", "ssd"]).state).toBe("unavailable");
    expect(acceptShipped([], build, ["hdd"]).state).toBe("unavailable");
  });
});
