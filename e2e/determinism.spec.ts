// Same scenario + seed + core version => same trace hash natively (CLI) and in the browser, for
// every lab: the labs and their files are found by reading `scenarios/`, so a new lab's folder
// is checked without an edit here. Lab-specific behaviour stays in each lab's own spec.
import { existsSync } from "node:fs";
import { test, expect, api, openApp, readScenario, cliRun, repoRoot, scenarioFolders, breaksOnPurpose, type InvariantReport, type SimState } from "./fixtures";

const FOLDERS = scenarioFolders();

test("every scenario folder is found and holds scenarios", () => {
  expect(FOLDERS.map((f) => f.lab)).toEqual(expect.arrayContaining(["hdd", "masm", "nand", "ssd"]));
  for (const { lab, files } of FOLDERS) expect(files.length, lab).toBeGreaterThan(0);
});

for (const { lab, files } of FOLDERS) {
  for (const file of files) {
    // A `broken-*` scenario drops a protocol rule on purpose: it must fail an invariant instead.
    test(`browser trace hash, steps and answers equal the CLI's, and invariants hold (or fail on purpose), for ${lab}/${file}`, async ({
      page,
      consoleErrors,
    }) => {
      const native = cliRun(`${lab}/${file}`);
      await openApp(page, `#/lab/${lab}`);
      await api(page, "load", readScenario(`${lab}/${file}`));
      const state = await api<SimState>(page, "runToEnd");
      expect(state.lab).toBe(lab);
      expect(state.traceHash).toBe(native.trace_hash);
      expect(state.step).toBe(native.steps);
      expect(await api<unknown[]>(page, "answers")).toEqual(native.answers);
      const invariants = await api<InvariantReport[]>(page, "invariants");
      expect(invariants.length).toBeGreaterThan(0);
      if (breaksOnPurpose(readScenario(`${lab}/${file}`))) {
        expect(file.startsWith("broken-"), `${file} drops a rule, so its name starts with broken-`).toBe(true);
        expect(
          invariants.some((invariant) => !invariant.ok),
          `${file}: a dropped protocol rule fails an invariant`,
        ).toBe(true);
      } else {
        for (const invariant of invariants) expect(invariant.ok, `${file}: ${invariant.name} ${invariant.detail}`).toBe(true);
      }
      // A lab with a web folder drew the end state with its own view, not the generic fallback.
      if (existsSync(`${repoRoot}/web/src/labs/${lab}/index.ts`)) await expect(page.getByTestId("generic-view")).toHaveCount(0);
      expect(consoleErrors).toEqual([]);
    });
  }
}

test("stepping back then forward returns to exactly the same state", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/hdd");
  await api(page, "seek", 0);
  await api(page, "step", 150);
  const at150 = await api<SimState>(page, "state");
  const metrics150 = await api<Record<string, number>>(page, "metrics");
  await api(page, "seek", 37); // far back: restores a keyframe and replays
  await api(page, "seek", 149);
  await api(page, "step", 1);
  expect(await api<SimState>(page, "state")).toEqual(at150);
  expect(await api<Record<string, number>>(page, "metrics")).toEqual(metrics150);
  expect(consoleErrors).toEqual([]);
});

test("every invariant is checked and holds to the end of the default scenario", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/hdd");
  await api(page, "runToEnd");
  const invariants = await api<{ name: string; ok: boolean; checks: number }[]>(page, "invariants");
  expect(invariants.length).toBeGreaterThan(3);
  for (const invariant of invariants) {
    expect(invariant.ok, invariant.name).toBe(true);
    expect(invariant.checks, invariant.name).toBeGreaterThan(0);
  }
  await expect(page.getByTestId("invariant-row").first()).toHaveAttribute("data-ok", "true");
  expect(consoleErrors).toEqual([]);
});
