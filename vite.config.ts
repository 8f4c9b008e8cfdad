// Vite serves and builds the React app in web/. The wasm package (built by wasm-pack into
// web/wasm-pkg) is imported through an alias; `await init()` loads its hashed .wasm asset.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

const repoRoot = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root: "web",
  publicDir: "../public",
  base: "./",
  plugins: [react()],
  resolve: {
    alias: {
      "@wasm": fileURLToPath(new URL("./web/wasm-pkg/flashlab_wasm.js", import.meta.url)),
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
