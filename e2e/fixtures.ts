// Shared helpers: a page that fails the test on any console error or uncaught exception, and
// typed access to window.__flashlab (DESIGN §3.3).
import { spawnSync } from "node:child_process";
import { readFileSync, existsSync, readdirSync, mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import { test as base, expect, type Page } from "@playwright/test";

export const repoRoot = fileURLToPath(new URL("..", import.meta.url));

export interface SimState {
  lab: string;
  step: number;
  simTimeNs: number;
  traceHash: string;
  totalSteps?: number | null;
}
export interface InvariantReport {
  name: string;
  ok: boolean;
  checks: number;
  detail: string;
}

/** Calls a method of window.__flashlab in the page and returns its (awaited) result. */
export async function api<T>(page: Page, method: string, ...args: unknown[]): Promise<T> {
  return page.evaluate(
    async ([name, params]) => {
      const target = (window as unknown as { __flashlab: Record<string, (...a: unknown[]) => unknown> }).__flashlab;
      const fn = target[name as string];
      if (typeof fn !== "function") throw new Error(`__flashlab.${String(name)} is not a function`);
      return (await fn(...(params as unknown[]))) as unknown;
    },
    [method, args] as const,
  ) as Promise<T>;
}

export async function openApp(page: Page, hash = "#/"): Promise<void> {
  await page.goto(`./${hash}`);
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
}

/** Every `scenarios/<lab>/` folder, and its `.json` files, in name order. */
export function scenarioFolders(): { lab: string; files: string[] }[] {
  return readdirSync(`${repoRoot}/scenarios`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((lab) => ({
      lab,
      files: readdirSync(`${repoRoot}/scenarios/${lab}`)
        .filter((name) => name.endsWith(".json"))
        .sort(),
    }));
}

/**
 * Every built lab, read from the `scenarios/` folders: each built lab has its course scenarios
 * there (web/src/labs/registry.test.ts checks that the folders are exactly the registry's
 * built labs, and app.spec.ts that the home page shows a card for each), so a spec that loops
 * over LAB_IDS covers a new lab without an edit.
 */
export const LAB_IDS: readonly string[] = scenarioFolders().map((f) => f.lab);

export function readScenario(relativePath: string): string {
  return readFileSync(`${repoRoot}/scenarios/${relativePath}`, "utf8");
}

/** Runs the native CLI on a scenario file and returns its JSON report. */
export function cliRun(relativePath: string): { trace_hash: string; steps: number; answers: unknown[] } {
  return cliRunFile(`${repoRoot}/scenarios/${relativePath}`);
}

/** Runs the native CLI on a scenario given as JSON (written to a temporary file). */
export function cliRunJson(scenarioJson: string): { trace_hash: string; steps: number; answers: unknown[] } {
  const dir = mkdtempSync(`${tmpdir()}/flashlab-e2e-`);
  const file = `${dir}/scenario.json`;
  writeFileSync(file, scenarioJson);
  try {
    return cliRunFile(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The CLI's report; exit 1 means an invariant failed (a `broken-*` scenario), not an error. */
function cliRunFile(file: string): { trace_hash: string; steps: number; answers: unknown[] } {
  const built = `${repoRoot}/target/debug/flashlab`;
  const result = existsSync(built)
    ? spawnSync(built, ["run", file], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })
    : spawnSync("cargo", ["run", "-q", "-p", "flashlab-core", "--bin", "flashlab", "--", "run", file], {
        encoding: "utf8",
        cwd: repoRoot,
        maxBuffer: 64 * 1024 * 1024,
      });
  if (result.status !== 0 && result.status !== 1) throw new Error(`flashlab run ${file} failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as { trace_hash: string; steps: number; answers: unknown[] };
}

/** A scenario that drops a protocol rule on purpose (`params.drop_rule`, named `broken-*`): it must fail an invariant. */
export function breaksOnPurpose(scenarioJson: string): boolean {
  const doc = JSON.parse(scenarioJson) as { params?: { drop_rule?: unknown } };
  return doc.params?.drop_rule !== undefined && doc.params.drop_rule !== null;
}

/** A claim as `flashlab reproduce --json` prints it (the fields the specs read). */
export interface NativeClaim {
  id: string;
  simulated_value: number;
  pass: boolean;
  runs: { label: string; scale: string; scenario: unknown }[];
}

/** The native CLI's paper claims of one lab (`flashlab reproduce --json --lab`); exit 1 means a miss, not a failure. */
export function cliClaims(lab: string): NativeClaim[] {
  const built = `${repoRoot}/target/debug/flashlab`;
  const args = ["reproduce", "--json", "--lab", lab];
  const result = existsSync(built)
    ? spawnSync(built, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })
    : spawnSync("cargo", ["run", "-q", "-p", "flashlab-core", "--bin", "flashlab", "--", ...args], { encoding: "utf8", cwd: repoRoot, maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0 && result.status !== 1) throw new Error(`flashlab reproduce failed: ${result.stderr}`);
  return (JSON.parse(result.stdout) as { claims: NativeClaim[] }).claims;
}

/** A `page` that collects console errors and page errors; the test fails if any occurred. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
    await use(errors);
    expect(errors, "console errors during the test").toEqual([]);
  },
});

export { expect };
