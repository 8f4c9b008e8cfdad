// Same scenario + seed + core version => same trace hash natively (CLI) and in the browser.
import { readdirSync } from "node:fs";
import { test, expect, api, openApp, readScenario, cliRun, repoRoot, type SimState } from "./fixtures";

const labs = ["hdd", "masm"];

for (const lab of labs) {
  const files = readdirSync(`${repoRoot}/scenarios/${lab}`).filter((name) => name.endsWith(".json"));
  for (const file of files) {
    test(`browser trace hash and answers equal the CLI's for ${lab}/${file}`, async ({ page, consoleErrors }) => {
      const native = cliRun(`${lab}/${file}`);
      await openApp(page, `#/lab/${lab}`);
      await api(page, "load", readScenario(`${lab}/${file}`));
      await api(page, "runToEnd");
      const state = await api<SimState>(page, "state");
      expect(state.traceHash).toBe(native.trace_hash);
      expect(state.step).toBe(native.steps);
      expect(await api<unknown[]>(page, "answers")).toEqual(native.answers);
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
