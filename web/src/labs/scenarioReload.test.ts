import { describe, expect, it } from "vitest";
import { landingStep, playsAfterReload } from "./scenarioReload";

describe("where an edited scenario lands", () => {
  it("lands at the old end, the step shown, or the new end", () => {
    expect(landingStep("play", 120, 40)).toBe(120);
    expect(landingStep("stay", 120, 40)).toBe(40);
    expect(landingStep("end", 120, 40)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("plays what an edit added, keeps playing a toggle that was playing, and never plays after an end landing", () => {
    expect(playsAfterReload("play", false, 120, 130)).toBe(true);
    expect(playsAfterReload("play", true, 120, 120)).toBe(false);
    expect(playsAfterReload("stay", true, 120, 90)).toBe(true);
    expect(playsAfterReload("stay", false, 120, 200)).toBe(false);
    expect(playsAfterReload("end", true, 120, 200)).toBe(false);
  });
});
