import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BUILT_LABS, findBuiltLab, findLab, LABS } from "./registry";
import { defaultScenario, scenariosFor } from "./scenarios";
import { labViews } from "./views";

/** The `scenarios/<lab>/` folder names, sorted. */
function scenarioFolders(): string[] {
  return readdirSync(join(__dirname, "../../../scenarios"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

describe("the lab registry", () => {
  it("lists exactly the labs that have a scenarios/<lab> folder, each once, built ones available", () => {
    // The folders are what the e2e specs loop over (e2e/fixtures.ts LAB_IDS), so this ties them to LABS.
    const ids = LABS.map((lab) => lab.id);
    expect(new Set(ids).size, "lab ids are unique").toBe(ids.length);
    expect([...BUILT_LABS.map((lab) => lab.entry.id)].sort()).toEqual(scenarioFolders());
    expect(LABS.filter((lab) => lab.available).map((lab) => lab.id)).toEqual(BUILT_LABS.map((lab) => lab.entry.id));
    expect(findLab("btree")).toBeUndefined();
    expect(findBuiltLab("btree")).toBeUndefined();
  });

  it("gives every built lab a bundled default scenario, its views and a default speed it offers", () => {
    for (const lab of BUILT_LABS) {
      const id = lab.entry.id;
      expect(scenariosFor(id).map((s) => s.name), id).toContain(lab.defaultScenario);
      expect(defaultScenario(id)?.name, id).toBe(lab.defaultScenario);
      expect(labViews(id), id).toBe(lab.views);
      expect(lab.entry.speeds, id).toContain(lab.entry.defaultSpeed);
      expect(lab.views.leavesOut?.length ?? 0, `${id} says what its model leaves out`).toBeGreaterThan(0);
    }
  });

  it("falls back to the generic view for a lab without a folder", () => {
    expect(labViews("btree").Side).toBeUndefined();
    expect(labViews("btree").watch(null, "described", {} as never)).toBe("described");
  });
});
