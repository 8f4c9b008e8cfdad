// Vite serves and builds the React app in web/. The core is one wasm package per lab group
// (web/wasm-pkg/<group>/, built by scripts/build-wasm.sh), loaded by web/src/sim/wasmGroups.ts.
import { existsSync, readFileSync } from "node:fs";
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

export default defineConfig({
  root: "web",
  publicDir: "../public",
  base: "./",
  plugins: [react(), contentSecurityPolicy()],
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
  },
});
