// Vite serves and builds the React app in web/. The core is one wasm package per lab group
// (web/wasm-pkg/<group>/, built by scripts/build-wasm.sh), loaded by web/src/sim/wasmGroups.ts.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";

const repoRoot = fileURLToPath(new URL(".", import.meta.url));

/**
 * What this build's core is: the workspace version and the source hash the wasm package was
 * built from (scripts/source-hash.sh, stamped by build-wasm.sh). The results page shows the
 * shipped native claims (public/results/native-claims.json) only when they carry the same two.
 */
function coreBuild(): { version: string; sourceHash: string } {
  const cargo = readFileSync(new URL("./Cargo.toml", import.meta.url), "utf8");
  const version = /\[workspace\.package\][^[]*?\nversion\s*=\s*"([^"]+)"/.exec(cargo)?.[1] ?? "";
  const stamp = new URL("./web/wasm-pkg/.inputs.sha256", import.meta.url);
  const sourceHash = existsSync(stamp) ? readFileSync(stamp, "utf8").trim() : "";
  return { version, sourceHash };
}
const core = coreBuild();

/**
 * The production page's Content-Security-Policy (a <meta>, so it holds wherever dist/ is served;
 * not in the dev server, whose React refresh needs an inline script). e2e/hostile.spec.ts checks
 * it is present and that every route runs under it without a violation.
 * - script-src 'self' 'wasm-unsafe-eval': our own modules only, no inline script, no eval;
 *   'wasm-unsafe-eval' lets WebAssembly compile the core. worker-src 'self': the simulation
 *   worker is a module file of ours (no blob: worker).
 * - style-src 'self' 'unsafe-inline': the tour highlight is a <style> element (TourPanel) and
 *   the SVG/PNG export writes computed styles into style attributes; styles cannot run script.
 * - img-src 'self' data: blob:: the PNG export draws the view's SVG from a blob: URL.
 * - connect-src 'self': the .wasm fetch; no other origin is ever contacted (e2e/hostile.spec.ts).
 * - object-src, base-uri, form-action 'none'. frame-ancestors cannot be set by a <meta> (the
 *   embed mode is meant to be framed anyway).
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join("; ");

function contentSecurityPolicy(): Plugin {
  return {
    name: "flashlab-csp",
    apply: "build",
    transformIndexHtml: () => [
      { tag: "meta", attrs: { "http-equiv": "Content-Security-Policy", content: CONTENT_SECURITY_POLICY }, injectTo: "head-prepend" },
    ],
  };
}

/** Every file under `dir`, as paths relative to it with `/` separators. */
function filesUnder(dir: string, prefix = ""): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = `${dir}/${name}`;
    return statSync(path).isDirectory() ? filesUnder(path, `${prefix}${name}/`) : [`${prefix}${name}`];
  });
}

/**
 * The offline service worker (`web/offline/sw.js`, issue 33 item 2), emitted as `dist/sw.js`
 * with this build's file list: the shell (every built and public file but the lab groups'
 * .wasm and the host example) is cached on install, the .wasm on first use or on request. Its
 * version hashes every file's name and content, so any change makes a new worker and a new
 * cache, and the old cache is deleted when the new worker takes over.
 */
function offlineServiceWorker(): Plugin {
  return {
    name: "flashlab-offline",
    apply: "build",
    generateBundle(_options, bundle) {
      const publicDir = fileURLToPath(new URL("./public", import.meta.url));
      const hash = createHash("sha256");
      const files = new Set<string>();
      for (const [name, item] of Object.entries(bundle)) {
        files.add(name);
        hash.update(name).update(item.type === "chunk" ? item.code : typeof item.source === "string" ? item.source : Buffer.from(item.source));
      }
      for (const name of filesUnder(publicDir)) {
        files.add(name);
        hash.update(name).update(readFileSync(`${publicDir}/${name}`));
      }
      files.add("index.html"); // emitted by Vite's HTML plugin, perhaps after this hook
      const all = [...files].filter((f) => f !== "sw.js" && !f.endsWith(".map")).sort();
      const lazy = all.filter((f) => f.endsWith(".wasm"));
      const shell = all.filter((f) => !f.endsWith(".wasm") && f !== "host-example.html" && !f.startsWith("results/"));
      // Which .wasm runs which lab: the asset whose bytes are web/wasm-pkg/<group>/'s module;
      // wasm/groups.json names the group's labs.
      const groups = JSON.parse(readFileSync(fileURLToPath(new URL("./wasm/groups.json", import.meta.url)), "utf8")) as Record<string, string[]>;
      const labs: Record<string, string> = {};
      for (const [group, members] of Object.entries(groups)) {
        const built = fileURLToPath(new URL(`./web/wasm-pkg/${group}/flashlab_wasm_bg.wasm`, import.meta.url));
        if (!existsSync(built)) continue;
        const bytes = readFileSync(built);
        const wasm = lazy.find((f) => {
          const item = bundle[f];
          return item?.type === "asset" && typeof item.source !== "string" && Buffer.compare(Buffer.from(item.source), bytes) === 0;
        });
        if (wasm !== undefined) for (const lab of members) labs[lab] = wasm;
      }
      const precache = { version: hash.digest("hex").slice(0, 16), shell, lazy, labs };
      const template = readFileSync(fileURLToPath(new URL("./web/offline/sw.js", import.meta.url)), "utf8");
      this.emitFile({ type: "asset", fileName: "sw.js", source: template.replace("self.__FLASHLAB_PRECACHE__", JSON.stringify(precache)) });
    },
  };
}

export default defineConfig({
  root: "web",
  publicDir: "../public",
  base: "./",
  plugins: [react(), contentSecurityPolicy(), offlineServiceWorker()],
  define: {
    __FLASHLAB_CORE_VERSION__: JSON.stringify(core.version),
    __FLASHLAB_SOURCE_HASH__: JSON.stringify(core.sourceHash),
  },
  resolve: {
    alias: {
      "@scenarios": fileURLToPath(new URL("./scenarios", import.meta.url)),
    },
  },
  worker: { format: "es" },
  server: {
    port: 5173,
    // Vite's root is web/; the wasm package and scenarios/ live beside it.
    fs: { allow: [repoRoot] },
  },
  preview: { port: 4173, strictPort: true },
  build: {
    outDir: "../dist",
    emptyOutDir: true,
    target: "es2022",
    chunkSizeWarningLimit: 600,
    // Every browser the app supports (es2022: Chromium, Firefox ESR 115+, Safari 17+) preloads
    // modules natively, so the polyfill would only add bytes to the boot chunk (web/src/boot.ts).
    modulePreload: { polyfill: false },
  },
});
