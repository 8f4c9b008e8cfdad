import { describe, expect, it } from "vitest";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { ipaWhatToWatch } from "./narration";

describe("IPA narration", () => {
  it("has a paragraph for every bundled scenario", () => {
    const dir = join(__dirname, "../../../../scenarios/ipa");
    const fallback = ipaWhatToWatch(null, null, {} as never);
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
      const text = ipaWhatToWatch(file.replace(/\.json$/, ""), null, {} as never);
      expect(text, file).not.toBe(fallback);
    }
  });
});
