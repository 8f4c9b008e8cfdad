// Where the main thread's time goes until a lab is ready: a Chromium trace of one fresh load of
// `#/lab/<lab>` on a production build, summed per top-level main-thread task kind (script
// evaluation, function calls, style, layout, paint, GC, ...) in time windows, so that a change
// to the page's start-up can be seen by kind rather than as one number.
//   node scripts/trace-ready.mjs DIST_FOLDER [lab ...]
import { launchChromium, serveFolders } from "./browser-harness.mjs";

const [folder, ...rest] = process.argv.slice(2);
const LABS = rest.length > 0 ? rest : ["fdtree"];
const server = serveFolders(4480, { "/": folder });
const browser = await launchChromium();
try {
  for (const lab of LABS) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const events = [];
    cdp.on("Tracing.dataCollected", (e) => events.push(...e.value));
    const done = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
    await cdp.send("Tracing.start", { categories: "devtools.timeline,v8.execute,blink.user_timing,loading", transferMode: "ReportEvents" });
    await page.goto(`http://127.0.0.1:4480/#/lab/${lab}`);
    await page.waitForFunction(() => document.body.dataset.ready === "true", null, { polling: "raf", timeout: 60_000 });
    const readyMs = await page.evaluate(() => performance.now());
    await cdp.send("Tracing.end");
    await done;
    const nav = events.find((e) => e.name === "navigationStart" || e.name === "NavigationBodyLoader::StartLoadingBody") ?? events[0];
    const mainTid = events.find((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain" && events.some((x) => x.pid === e.pid && x.name === "ParseHTML"));
    const t0 = events.filter((e) => e.name === "navigationStart" && e.pid === mainTid?.pid).map((e) => e.ts)[0] ?? nav.ts;
    const top = events.filter((e) => e.pid === mainTid?.pid && e.tid === mainTid?.tid && e.ph === "X" && e.dur > 0);
    // Nesting: keep the kinds below RunTask, one level down (the task's own work).
    const kinds = {};
    for (const e of top) {
      if (e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask") continue;
      const parent = top.find((p) => p !== e && p.name !== "RunTask" && p.name !== "ThreadControllerImpl::RunTask" && p.ts <= e.ts && p.ts + p.dur >= e.ts + e.dur && p.dur > e.dur);
      if (parent) continue;
      const start = (e.ts - t0) / 1000;
      const key = `${e.name}${e.args?.data?.url ? " " + e.args.data.url.split("/").pop() : ""}`;
      kinds[key] ??= [];
      kinds[key].push([start, e.dur / 1000, (e.tdur ?? e.dur) / 1000]);
    }
    const busy = Object.values(kinds).flat().reduce((sum, [, d]) => sum + d, 0);
    // Thread time (CPU) is what the main thread's own work costs; wall time adds the machine's load.
    const cpu = Object.values(kinds).flat().reduce((sum, [, , c]) => sum + c, 0);
    console.log(`== ${lab}: ready at ${readyMs.toFixed(0)} ms, main thread busy ${busy.toFixed(0)} ms (CPU ${cpu.toFixed(0)} ms)`);
    const rows = Object.entries(kinds).map(([k, v]) => [k, v.reduce((s, x) => s + x[1], 0), v]).sort((a, b) => b[1] - a[1]).slice(0, 25);
    for (const [k, total, v] of rows) console.log(`${total.toFixed(1).padStart(8)} ms  ${String(v.length).padStart(4)}×  ${k}  [${v.slice(0, 6).map(([s, d]) => `${s.toFixed(0)}+${d.toFixed(0)}`).join(" ")}]`);
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}
