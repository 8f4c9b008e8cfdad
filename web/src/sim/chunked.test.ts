import { describe, expect, it } from "vitest";
import { MAX_CHUNK_STEPS, stepInChunks } from "./chunked";

/** A fake core with `total` steps, each costing `msPerStep` on a fake clock. */
function fakeCore(total: number, msPerStep: number) {
  let clock = 0;
  let done = 0;
  const calls: number[] = [];
  return {
    calls,
    now: () => clock,
    core: {
      step(n: number): number {
        calls.push(n);
        const took = Math.min(n, total - done);
        done += took;
        clock += took * msPerStep;
        return took;
      },
    },
  };
}

describe("stepInChunks", () => {
  it("takes every step of the run, in growing chunks, and reports after each", () => {
    const { core, calls, now } = fakeCore(100_000, 0.0001);
    const seen: number[] = [];
    expect(stepInChunks(core, Number.MAX_SAFE_INTEGER, (s) => seen.push(s), now)).toBe(100_000);
    expect(calls.slice(0, 4)).toEqual([1, 2, 4, 8]);
    expect(Math.max(...calls)).toBeLessThanOrEqual(MAX_CHUNK_STEPS);
    expect(seen.at(-1)).toBe(100_000);
    expect(calls.at(-1)).toBeGreaterThan(0);
  });

  it("keeps chunks small when each step is slow, so progress still arrives", () => {
    const { core, calls, now } = fakeCore(50, 100);
    const seen: number[] = [];
    stepInChunks(core, Number.MAX_SAFE_INTEGER, (s) => seen.push(s), now);
    expect(Math.max(...calls)).toBe(1);
    expect(seen).toHaveLength(50);
  });

  it("stops after n steps", () => {
    const { core, now } = fakeCore(1000, 0.001);
    expect(stepInChunks(core, 37, () => undefined, now)).toBe(37);
  });
});
