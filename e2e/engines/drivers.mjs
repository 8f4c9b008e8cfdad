// Two minimal browser drivers with one interface, `{ version, open(url), evaluate(body), close() }`:
// `evaluate` runs `body` as the body of an async function in the page and returns its value
// (JSON-serialisable), throwing the page's error if it throws.
//
// 1. Firefox ESR: started headless with its WebDriver BiDi agent on a free port (it prints the
//    WebSocket address on stderr); commands are `session.new`, `browsingContext.navigate` and
//    `script.evaluate` (Node 20's WebSocket needs --experimental-websocket).
// 2. WebKitGTK: WebKitWebDriver on a free port launches MiniBrowser in automation mode (needs a
//    display: run under xvfb-run); classic WebDriver over HTTP: POST /session, /url,
//    /execute/async.

import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const TIMEOUT_MS = 180_000;

/** The page-side wrapper: the body's value as JSON, or its error as a message. */
function wrap(body) {
  return `(async () => { ${body} })().then((v) => JSON.stringify({ ok: true, v: v === undefined ? null : v }), (e) => JSON.stringify({ ok: false, e: String(e && e.stack || e) }))`;
}

function unwrap(text) {
  const r = JSON.parse(text);
  if (!r.ok) throw new Error(`in the page: ${r.e}`);
  return r.v;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

function withTimeout(promise, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: no answer after ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Step 1. */
export async function firefox() {
  const profile = mkdtempSync(join(tmpdir(), "flashlab-ff-"));
  const proc = spawn("firefox-esr", ["--headless", "--no-remote", "--profile", profile, "--remote-debugging-port", "0", "about:blank"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let log = "";
  const address = await withTimeout(
    new Promise((resolve, reject) => {
      proc.stderr.on("data", (d) => {
        log += d;
        const m = log.match(/WebDriver BiDi listening on (ws:\/\/\S+)/);
        if (m) resolve(m[1]);
      });
      proc.on("exit", (code) => reject(new Error(`firefox-esr exited (${code}): ${log.slice(-500)}`)));
    }),
    "firefox-esr start",
  );
  const ws = new WebSocket(`${address}/session`);
  await new Promise((resolve, reject) => {
    ws.addEventListener("open", resolve);
    ws.addEventListener("error", () => reject(new Error(`cannot connect to ${address}`)));
  });
  let next = 0;
  const pending = new Map();
  ws.addEventListener("message", (e) => {
    const m = JSON.parse(String(e.data));
    const done = m.id !== undefined && pending.get(m.id);
    if (!done) return;
    pending.delete(m.id);
    if (m.type === "error") done.reject(new Error(`${m.error}: ${m.message}`));
    else done.resolve(m.result);
  });
  const send = (method, params) =>
    withTimeout(
      new Promise((resolve, reject) => {
        const id = ++next;
        pending.set(id, { resolve, reject });
        ws.send(JSON.stringify({ id, method, params }));
      }),
      method,
    );
  const session = await send("session.new", { capabilities: {} });
  const tree = await send("browsingContext.getTree", {});
  const context = tree.contexts[0].context;
  return {
    version: `Firefox ${session.capabilities.browserVersion}`,
    async open(url) {
      await send("browsingContext.navigate", { context, url: "about:blank", wait: "complete" });
      await send("browsingContext.navigate", { context, url, wait: "complete" });
    },
    async evaluate(body) {
      const r = await send("script.evaluate", { expression: wrap(body), target: { context }, awaitPromise: true });
      if (r.type === "exception") throw new Error(`in the page: ${r.exceptionDetails?.text}`);
      return unwrap(r.result.value);
    },
    async close() {
      try {
        await send("session.end", {});
      } catch {
        // The browser may already be gone.
      }
      ws.close();
      proc.kill();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Step 2. */
export async function webkit() {
  const port = await freePort();
  const proc = spawn("WebKitWebDriver", [`--port=${port}`], { stdio: ["ignore", "ignore", "pipe"] });
  let log = "";
  proc.stderr.on("data", (d) => (log += d));
  const root = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      await fetch(`${root}/status`);
      break;
    } catch {
      if (i > 100) throw new Error(`WebKitWebDriver did not start: ${log.slice(-500)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const call = async (method, path, body) => {
    const res = await withTimeout(
      fetch(root + path, { method, headers: { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) }),
      `${method} ${path}`,
    );
    const json = await res.json();
    if (!res.ok) throw new Error(`${method} ${path}: ${json.value?.error}: ${json.value?.message}`);
    return json.value;
  };
  const binary = process.env.MINIBROWSER_BIN ?? "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";
  const session = await call("POST", "/session", {
    capabilities: { alwaysMatch: { "webkitgtk:browserOptions": { binary, args: ["--automation"] } } },
  });
  const id = session.sessionId;
  await call("POST", `/session/${id}/timeouts`, { script: TIMEOUT_MS, pageLoad: TIMEOUT_MS });
  return {
    version: `WebKitGTK ${session.capabilities.browserVersion}`,
    async open(url) {
      await call("POST", `/session/${id}/url`, { url: "about:blank" });
      await call("POST", `/session/${id}/url`, { url });
    },
    async evaluate(body) {
      const script = `const done = arguments[arguments.length - 1]; ${wrap(body)}.then(done);`;
      return unwrap(await call("POST", `/session/${id}/execute/async`, { script, args: [] }));
    },
    async close() {
      try {
        await call("DELETE", `/session/${id}`);
      } catch {
        // The browser may already be gone.
      }
      proc.kill();
    },
  };
}
