import { describe, expect, it } from "vitest";
import { BUILT_LABS, findBuiltLab, findLab, LABS } from "./registry";
import { defaultScenario, scenariosFor } from "./scenarios";
import { labViews } from "./views";

describe("the lab registry", () => {
  it("lists the built labs first, then the labs coming soon, in the home page's order", () => {
    expect(LABS.map((lab) => lab.id)).toEqual(["hdd", "ssd", "nand", "masm", "fdtree", "ipa", "layouts", "flashlog"]);
    expect(LABS.filter((lab) => lab.available).map((lab) => lab.id)).toEqual(BUILT_LABS.map((lab) => lab.entry.id));
    expect(findLab("fdtree")?.available).toBe(false);
    expect(findBuiltLab("fdtree")).toBeUndefined();
  });

  it("gives every built lab a bundled default scenario, its views and a default speed it offers", () => {
    for (const lab of BUILT_LABS) {
      const id = lab.entry.id;
      expect(scenariosFor(id).map((s) => s.name), id).toContain(lab.defaultScenario);
      expect(defaultScenario(id)?.name, id).toBe(lab.defaultScenario);
      expect(labViews(id), id).toBe(lab.views);
      expect(lab.entry.speeds, id).toContain(lab.entry.defaultSpeed);
    }
  });

  it("falls back to the generic view for a lab without a folder", () => {
    expect(labViews("fdtree").Side).toBeUndefined();
    expect(labViews("fdtree").watch(null, "described", {} as never)).toBe("described");
  });
});
