// Runs the core's benchmark cases in the WebAssembly build (the same .wasm the browser loads),
// in Node's V8 (Chromium's engine), and prints them like `flashlab bench`, so that
// `npm run bench` compares native and wasm in one run on the same machine.
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { initSync, benchCases, benchRun } from "../web/wasm-pkg/flashlab_wasm.js";

const scaleIndex = process.argv.indexOf("--scale");
const scale = scaleIndex > 0 ? Number(process.argv[scaleIndex + 1]) : 1;
initSync({ module: readFileSync(new URL("../web/wasm-pkg/flashlab_wasm_bg.wasm", import.meta.url)) });
const results = [];
for (const { name, unit, defaultSize } of JSON.parse(benchCases())) {
  const size = Math.max(1, Math.round(defaultSize * scale));
  const start = performance.now();
  const units = benchRun(name, size);
  const seconds = Math.max((performance.now() - start) / 1000, 1e-9);
  results.push({ name, unit, units, seconds, per_second: units / seconds, target: "wasm" });
  console.log(`${name.padEnd(40)} ${Math.round(units / seconds).toString().padStart(14)} ${unit}/s  (${units} in ${seconds.toFixed(3)} s, wasm)`);
}
if (process.argv.includes("--json")) console.log(JSON.stringify(results, null, 2));
