// Every bundled tour parses, names a bundled scenario of its lab, and every lab with course
// scenarios ships at least three tours. (Whether each question's answer is well defined is
// checked against the simulation itself in e2e/tours.spec.ts.)
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseTour, TourError } from "./model";

const root = join(__dirname, "../../../scenarios");
const labs = readdirSync(root, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

function toursOf(lab: string): string[] {
  const dir = join(root, lab, "tours");
  return existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith(".json")) : [];
}

describe("bundled tours", () => {
  for (const lab of labs) {
    it(`${lab} ships at least three tours, each valid and on a bundled scenario`, () => {
      const files = toursOf(lab);
      expect(files.length).toBeGreaterThanOrEqual(3);
      for (const file of files) {
        const tour = parseTour(lab, file.replace(/\.json$/, ""), readFileSync(join(root, lab, "tours", file), "utf8"));
        expect(existsSync(join(root, lab, `${tour.scenario}.json`)), `${lab}/${file}: scenario ${tour.scenario}`).toBe(true);
        const steps = tour.steps.map((s) => s.step);
        expect([...steps].sort((a, b) => a - b), `${lab}/${file}: steps in order`).toEqual(steps);
      }
    });
  }

  it("a broken tour is rejected with the field that is wrong", () => {
    const bad = { version: 1, lab: "ssd", title: "t", summary: "s", scenario: "x", steps: [{ step: 3, title: "a", text: "b", question: { kind: "number", ask: "?", metric: "m", reveal: 1, explain: "e" } }] };
    expect(() => parseTour("ssd", "bad", JSON.stringify(bad))).toThrow(TourError);
    expect(() => parseTour("ssd", "bad", JSON.stringify(bad))).toThrow("tour.steps[0].question.reveal");
    expect(() => parseTour("ssd", "bad", JSON.stringify({ ...bad, colour: 1 }))).toThrow("tour.colour: unknown field");
    const focus = { ...bad, steps: [{ step: 0, title: "a", text: "b", focus: "x\"]{}" }] };
    expect(() => parseTour("ssd", "bad", JSON.stringify(focus))).toThrow("tour.steps[0].focus");
  });
});
