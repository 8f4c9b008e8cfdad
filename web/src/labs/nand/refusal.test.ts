import { describe, expect, it } from "vitest";
import type { DecodedEvent } from "../../sim/events";
import { latestRefusal, loweredCell, refusalAt, refusalHeadline, refusedPage } from "./refusal";

function event(step: number, name: string, args: [number, number, number, number] = [0, 0, 0, 0]): DecodedEvent {
  return { index: step, step, timeNs: 0, kind: 0, name, args, text: `${name} text`, known: true };
}

const events = [event(3, "pulse"), event(15, "refused_would_lower_charge", [0, 2, 1, 0]), event(16, "append_start"), event(28, "refused_nop", [0, 4, 4, 0])];

describe("refusals", () => {
  it("finds the refusal of the current step and the latest one before it", () => {
    expect(refusalAt(events, 15)?.kind).toBe("refused_would_lower_charge");
    expect(refusalAt(events, 16)).toBeNull();
    expect(latestRefusal(events, 20)?.step).toBe(15);
    expect(latestRefusal(events, 30)?.kind).toBe("refused_nop");
    expect(latestRefusal(events, 10)).toBeNull();
  });

  it("names the cell a charge-lowering refusal is about, and the page of any refusal", () => {
    expect(loweredCell(refusalAt(events, 15))).toEqual({ cell: 2, from: 1, to: 0 });
    expect(loweredCell(refusalAt(events, 28))).toBeNull();
    expect(refusedPage(refusalAt(events, 28))).toBe(0);
    expect(refusedPage({ step: 1, kind: "refused_data_length", text: "", args: [256, 300, 0, 0] })).toBeNull();
    expect(refusalHeadline("refused_would_lower_charge")).toMatch(/charge only rises/);
    expect(refusalHeadline("refused_something_new")).toMatch(/Refused/);
  });
});
