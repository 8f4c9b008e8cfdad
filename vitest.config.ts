import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: {
    alias: {
      "@scenarios": fileURLToPath(new URL("./scenarios", import.meta.url)),
    },
  },
  test: {
    include: ["web/src/**/*.test.ts", "web/src/**/*.test.tsx", "scenarios/*.test.ts"],
    environment: "node",
  },
});
