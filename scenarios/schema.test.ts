// Every scenario file validates against scenarios/schema.json (generated from the Rust types),
// and the schema rejects what the core rejects at the type level.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import Ajv from "ajv";

const dir = fileURLToPath(new URL(".", import.meta.url));
const schema = JSON.parse(readFileSync(join(dir, "schema.json"), "utf8")) as object;
// schemars marks integer widths with formats such as "uint64"; they are not validation formats.
const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
const validate = ajv.compile(schema);

function scenarioFiles(): string[] {
  return readdirSync(dir)
    .filter((name) => statSync(join(dir, name)).isDirectory())
    .flatMap((lab) =>
      readdirSync(join(dir, lab))
        .filter((name) => name.endsWith(".json"))
        .map((name) => join(lab, name)),
    );
}

describe("scenario files", () => {
  const files = scenarioFiles();

  it("there is at least one course scenario", () => {
    expect(files.length).toBeGreaterThan(0);
  });

  for (const file of files) {
    it(`${file} matches the schema and its folder names its lab`, () => {
      const scenario = JSON.parse(readFileSync(join(dir, file), "utf8")) as { lab: string };
      const ok = validate(scenario);
      expect(validate.errors ?? [], file).toEqual([]);
      expect(ok).toBe(true);
      expect(file.startsWith(`${scenario.lab}/`)).toBe(true);
    });
  }

  it("the schema rejects a wrong header and unknown fields", () => {
    const file = files[0];
    if (file === undefined) throw new Error("no scenarios");
    const good = JSON.parse(readFileSync(join(dir, file), "utf8")) as Record<string, unknown>;
    expect(validate({ ...good, version: 2 })).toBe(false);
    expect(validate({ ...good, seed: "x" })).toBe(false);
    expect(validate({ ...good, surprise: true })).toBe(false);
    expect(validate({ ...good, lab: "tape" })).toBe(false);
  });
});
