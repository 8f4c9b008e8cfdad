// Every bundled tour parses, names a bundled scenario of its lab, and every lab with course
// scenarios ships at least three tours. (Whether each question's answer is well defined is
// checked against the simulation itself in e2e/tours.spec.ts.)
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fillText, parseTour, placeholdersOf, scenarioOf, TourError } from "./model";

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

  for (const lab of labs) {
    const dir = join(root, lab, "lessons");
    const files = existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith(".json")) : [];
    for (const file of files) {
      it(`lesson ${lab}/${file} parses, names bundled scenarios and does not share a tour's name`, () => {
        const lesson = parseTour(lab, file.replace(/\.json$/, ""), readFileSync(join(dir, file), "utf8"), "lesson");
        expect(lesson.kind).toBe("lesson");
        for (const name of new Set([lesson.scenario, ...lesson.steps.map((s) => scenarioOf(lesson, s))])) {
          expect(existsSync(join(root, lab, `${name}.json`)), `${lab}/${file}: scenario ${name}`).toBe(true);
        }
        expect(existsSync(join(root, lab, "tours", file)), `${lab}/${file} is also a tour`).toBe(false);
      });
    }
  }

  it("a lesson's click, order, quotes and per-step scenario parse, and placeholders fill", () => {
    const lesson = {
      version: 1,
      lab: "ssd",
      title: "t",
      summary: "s",
      scenario: "a",
      minutes: 15,
      steps: [
        { step: 0, title: "a", text: "WA {write_amplification:1} after 4 KB writes", quotes: [{ text: "4 KB", source: "scenario" }] },
        { step: 5, scenario: "b", title: "b", text: "c", question: { kind: "click", ask: "?", metric: "m", reveal: 6, explain: "e", target: "ssd-blockmap" } },
        { step: 6, title: "c", text: "d", question: { kind: "order", ask: "?", items: [{ label: "x", metric: "m1" }, { label: "y", metric: "m2" }], reveal: 9, explain: "e" } },
      ],
    };
    const parsed = parseTour("ssd", "l", JSON.stringify(lesson), "lesson");
    expect(parsed.minutes).toBe(15);
    expect(parsed.steps.map((s) => scenarioOf(parsed, s))).toEqual(["a", "b", "a"]);
    expect(parsed.steps[1]?.question?.kind).toBe("click");
    expect(placeholdersOf(parsed.steps[0]?.text ?? "")).toEqual(["write_amplification"]);
    expect(fillText(parsed.steps[0]?.text ?? "", new Map([["write_amplification", 3.86]]), (v, d) => v.toFixed(d ?? 2))).toBe("WA 3.9 after 4 KB writes");
    expect(fillText("{nope}", new Map(), String)).toBe("…");
    const badTarget = { ...lesson, steps: [{ step: 0, title: "a", text: "b", question: { kind: "click", ask: "?", metric: "m", reveal: 1, explain: "e", target: "X Y" } }] };
    expect(() => parseTour("ssd", "l", JSON.stringify(badTarget), "lesson")).toThrow("lesson.steps[0].question.target");
    const oneItem = { ...lesson, steps: [{ step: 0, title: "a", text: "b", question: { kind: "order", ask: "?", items: [{ label: "x", metric: "m" }], reveal: 1, explain: "e" } }] };
    expect(() => parseTour("ssd", "l", JSON.stringify(oneItem), "lesson")).toThrow("lesson.steps[0].question.items");
  });

  it("a broken tour is rejected with the field that is wrong", () => {
    const bad = { version: 1, lab: "ssd", title: "t", summary: "s", scenario: "x", steps: [{ step: 3, title: "a", text: "b", question: { kind: "number", ask: "?", metric: "m", reveal: 1, explain: "e" } }] };
    expect(() => parseTour("ssd", "bad", JSON.stringify(bad))).toThrow(TourError);
    expect(() => parseTour("ssd", "bad", JSON.stringify(bad))).toThrow("tour.steps[0].question.reveal");
    expect(() => parseTour("ssd", "bad", JSON.stringify({ ...bad, colour: 1 }))).toThrow("tour.colour: unknown field");
    const focus = { ...bad, steps: [{ step: 0, title: "a", text: "b", focus: "x\"]{}" }] };
    expect(() => parseTour("ssd", "bad", JSON.stringify(focus))).toThrow("tour.steps[0].focus");
  });
});
