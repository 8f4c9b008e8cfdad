import { describe, expect, it } from "vitest";
import type { DecodedEvent } from "../../sim/events";
import { spacedLabels } from "./StaircaseChart";
import { pulseHistory, staircaseDomain, staircasePoints } from "./staircase";

function pulse(step: number, loop: number, programming: number, inhibited: number): DecodedEvent {
  return { index: step, step, timeNs: 0, kind: 3, name: "pulse", args: [loop, 14700 + 150 * (loop - 1), programming, inhibited], text: "", known: true };
}

function other(step: number, name: string): DecodedEvent {
  return { index: step, step, timeNs: 0, kind: 99, name, args: [0, 0, 0, 0], text: "", known: true };
}

describe("staircase geometry", () => {
  it("draws one tread per pulse, centred on its loop number", () => {
    expect(staircasePoints([14.7, 14.85, 15])).toEqual([
      [0.5, 14.7],
      [1.5, 14.7],
      [1.5, 14.85],
      [2.5, 14.85],
      [2.5, 15],
      [3.5, 15],
    ]);
    expect(staircasePoints([])).toEqual([]);
  });

  it("spans the loop budget and climbs to where the slowest cell passes the top verify level", () => {
    const input = { vpgmStartV: 14.7, deltaVpgmV: 0.15, maxLoops: 44, topVerifyV: 3, couplingV: 15, couplingSigmaV: 0.25 };
    const d = staircaseDomain(input, [14.7, 14.85]);
    expect(d.loops).toEqual([0.5, 44.5]);
    expect(d.vpgm[0]).toBeCloseTo(14.5);
    expect(d.vpgm[1]).toBeCloseTo(3 + 15 + 0.75 + 0.15);
    // The same height for a coarser step: only the slope changes.
    expect(staircaseDomain({ ...input, deltaVpgmV: 0.3 }, []).vpgm[1]).toBeCloseTo(3 + 15 + 0.75 + 0.3);
    // Without K it falls back to the loop budget, and a longer staircase always fits.
    expect(staircaseDomain({ ...input, couplingV: null }, []).vpgm[1]).toBeCloseTo(14.7 + 0.15 * 43);
    expect(staircaseDomain(input, Array.from({ length: 50 }, (_, i) => 14.7 + 0.15 * i)).loops).toEqual([0.5, 50.5]);
  });

  it("rebuilds the per-loop counts of the current program from its pulse events", () => {
    const events = [pulse(1, 1, 10, 2), pulse(2, 2, 9, 3), other(3, "program_start"), pulse(4, 1, 40, 0), other(4, "verify_pass"), pulse(5, 2, 30, 10), pulse(6, 3, 5, 35)];
    expect(pulseHistory(events, 3).map((h) => [h.loop, h.programming, h.inhibited])).toEqual([
      [1, 40, 0],
      [2, 30, 10],
      [3, 5, 35],
    ]);
    expect(pulseHistory(events, 3)[2]?.vpgmV).toBeCloseTo(15);
    expect(pulseHistory(events, null)).toEqual([]);
    expect(pulseHistory(events, 0)).toEqual([]);
    // Pulses that left the buffer are missing at the start, not guessed.
    expect(pulseHistory([pulse(5, 2, 30, 10), pulse(6, 3, 5, 35)], 3).map((h) => h.loop)).toEqual([2, 3]);
    // The newest pulse must be the current loop.
    expect(pulseHistory(events, 5)).toEqual([]);
  });

  it("labels marks only when they are far enough apart", () => {
    expect(spacedLabels([10, 15, 30, 35, 50], 11)).toEqual([true, false, true, false, true]);
    expect(spacedLabels([50, 10], 11)).toEqual([true, true]);
  });
});
