// Playwright drives the production build (vite preview) in Chromium.
// Browser: $CHROMIUM_BIN, else a system Chromium/Chrome (Debian's on CI), else Playwright's own
// (`npx playwright install chromium` on a machine with internet; scripts/setup.sh does it).
import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

const systemBrowser = [
  process.env.CHROMIUM_BIN,
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
].find((path): path is string => typeof path === "string" && path !== "" && existsSync(path));

const port = Number(process.env.FLASHLAB_E2E_PORT ?? 4173);

export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  outputDir: "../test-results",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: process.env.CI ? 1 : 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}/`,
    viewport: { width: 1440, height: 900 },
    trace: "retain-on-failure",
    // The offline service worker stays out of every spec but offline.spec.ts, which allows it:
    // a worker that answers from its cache would hide what a spec routes or counts.
    serviceWorkers: "block",
    launchOptions: {
      ...(systemBrowser ? { executablePath: systemBrowser } : {}),
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: `npx vite preview --config vite.config.ts --host 127.0.0.1 --port ${port} --strictPort`,
    cwd: "..",
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
