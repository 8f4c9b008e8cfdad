// Ready time per lab, as a new user meets it: a fresh browser context opens `#/lab/<lab>` and we
// time navigation to `body[data-ready=true]` (the lab's default run loaded and drawn). Several
// production builds are measured alternately, lab by lab and run by run, so they share the
// machine's load; prints each lab's median (min–max) per build and the ratio to the first.
//   node scripts/measure-ready.mjs [--runs N] NAME=DIST_FOLDER [NAME=DIST_FOLDER ...]
// e.g. main's dist copied aside and this branch's dist.
import { launchChromium, serveFolders } from "./browser-harness.mjs";

const args = process.argv.slice(2);
const runsAt = args.indexOf("--runs");
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 5;
const targets = args.filter((a, i) => a.includes("=") && i !== runsAt + 1).map((a) => a.split(/=(.*)/s).slice(0, 2));
const LABS = ["hdd", "ssd", "nand", "masm", "fdtree", "ipa", "layouts", "flashlog"];
const servers = targets.map(([, folder], i) => serveFolders(4460 + i, { "/": folder }));
const browser = await launchChromium();
const times = Object.fromEntries(targets.map(([name]) => [name, Object.fromEntries(LABS.map((lab) => [lab, []]))]));
try {
  for (let run = 0; run < runs; run++) {
    for (const lab of LABS) {
      for (const [i, [name]] of targets.entries()) {
        const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
        const page = await context.newPage();
        await page.goto(`http://127.0.0.1:${4460 + i}/#/lab/${lab}`);
        await page.waitForFunction(() => document.body.dataset.ready === "true", null, { polling: "raf", timeout: 60_000 });
        times[name][lab].push(await page.evaluate(() => performance.now()));
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  for (const s of servers) s.close();
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const [first] = targets[0];
for (const lab of LABS) {
  const cells = targets.map(([name]) => {
    const xs = times[name][lab];
    const ratio = name === first ? "" : ` ×${(median(xs) / median(times[first][lab])).toFixed(2)}`;
    return `${name} ${median(xs).toFixed(0)} ms (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)})${ratio}`;
  });
  console.log(`${lab.padEnd(9)} ${cells.join(" · ")}`);
}
