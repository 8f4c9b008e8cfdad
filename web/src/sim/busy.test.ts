import { describe, expect, it } from "vitest";
import { type Busy, BusyTracker, describeBusy, type Timers } from "./busy";

/** Timers driven by the test: `advance(ms)` runs what is due. */
function fakeTimers(): Timers & { advance: (ms: number) => void } {
  let now = 0;
  let next = 1;
  const due = new Map<number, { at: number; fn: () => void }>();
  return {
    now: () => now,
    setTimeout: (fn, ms) => {
      const id = next++;
      due.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimeout: (handle) => {
      due.delete(handle as number);
    },
    advance(ms) {
      now += ms;
      for (const [id, timer] of [...due]) {
        if (timer.at <= now) {
          due.delete(id);
          timer.fn();
        }
      }
    },
  };
}

function setup(): { tracker: BusyTracker; heard: (Busy | null)[]; timers: ReturnType<typeof fakeTimers> } {
  const timers = fakeTimers();
  const heard: (Busy | null)[] = [];
  const tracker = new BusyTracker((busy) => heard.push(busy), 500, timers);
  return { tracker, heard, timers };
}

describe("BusyTracker", () => {
  it("says nothing about a request answered within half a second", () => {
    const { tracker, heard, timers } = setup();
    tracker.begin(1, "load");
    timers.advance(499);
    tracker.end(1);
    timers.advance(1000);
    expect(heard).toEqual([]);
  });

  it("shows a long request after 0.5 s, passes its progress on, and clears at its answer", () => {
    const { tracker, heard, timers } = setup();
    tracker.begin(1, "load");
    tracker.progress({ id: 1, progress: { phase: "load", steps: 10 } });
    expect(heard).toEqual([]);
    timers.advance(500);
    expect(heard).toEqual([{ request: "load", startedMs: 0, steps: 10, phase: "load" }]);
    tracker.progress({ id: 1, progress: { phase: "load", steps: 4000 } });
    expect(heard.at(-1)).toMatchObject({ steps: 4000 });
    tracker.end(1);
    expect(heard.at(-1)).toBeNull();
  });

  it("times the next request from when the worker starts on it", () => {
    const { tracker, heard, timers } = setup();
    tracker.begin(1, "load");
    tracker.begin(2, "step");
    timers.advance(400);
    tracker.end(1);
    timers.advance(400);
    expect(heard).toEqual([]);
    timers.advance(100);
    expect(heard).toEqual([{ request: "step", startedMs: 400, steps: null, phase: null }]);
  });

  it("ignores progress of a request that is not the head, and clears on reset", () => {
    const { tracker, heard, timers } = setup();
    tracker.begin(1, "runToEnd");
    tracker.begin(2, "state");
    timers.advance(600);
    tracker.progress({ id: 2, progress: { phase: "step", steps: 5 } });
    expect(heard).toHaveLength(1);
    tracker.reset();
    expect(heard.at(-1)).toBeNull();
    timers.advance(1000);
    expect(heard).toHaveLength(2);
  });
});

describe("describeBusy", () => {
  it("says what, how many steps and how long", () => {
    const busy: Busy = { request: "load", startedMs: 1000, steps: 12345, phase: "load" };
    expect(describeBusy(busy, 4200)).toBe("Loading the scenario… 12,345 steps · 3.2 s");
    expect(describeBusy({ ...busy, request: "runToEnd", steps: null }, 1500)).toBe("Running to the end… 0.5 s");
  });
});
