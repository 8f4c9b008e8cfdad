import { describe, expect, it } from "vitest";
import { actorName, blockLatches, heldBy, holdersText, waitersText, waitsByActor } from "./latches";
import type { FdtreeLatch } from "./payload.gen";

const MERGE = 3;
const table: FdtreeLatch[] = [
  { lock: "l0", block: 0, x_holder: 0, s_holders: [], waiters: [[2, 1]] },
  { lock: "block", block: 7, x_holder: null, s_holders: [1], waiters: [[MERGE, 1]] },
];

describe("the latch view's names come from the core's lock table", () => {
  it("names the merge process apart from the clients", () => {
    expect(actorName(MERGE, MERGE)).toBe("merge");
    expect(actorName(1, MERGE)).toBe("C1");
  });
  it("a reclaim waiting behind a lookup's S latch reads as such", () => {
    const b = blockLatches(table).get(7);
    expect(b).toBeDefined();
    if (!b) return;
    expect(holdersText(b, MERGE)).toBe("S: C1");
    expect(waitersText(b, MERGE)).toBe("merge (X)");
  });
  it("every waiting actor waits for exactly the lock whose queue holds it", () => {
    const w = waitsByActor(table);
    expect(w.get(MERGE)?.latch.block).toBe(7);
    expect(w.get(MERGE)?.mode).toBe("X");
    expect(w.get(2)?.latch.lock).toBe("l0");
    expect(w.has(1)).toBe(false);
  });
  it("lists what an actor holds, S or X", () => {
    expect(heldBy(table, 1).map((l) => l.block)).toEqual([7]);
    expect(heldBy(table, 0).map((l) => l.lock)).toEqual(["l0"]);
  });
});
