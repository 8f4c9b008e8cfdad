import { describe, expect, it } from "vitest";
import { LABS } from "../labs/registry";
import { namedSeeds, paperName, readableCitations } from "./citations";

describe("readableCitations", () => {
  it("names the paper instead of its seed number, keeping the section", () => {
    expect(readableCitations("LSB pages of multi-bit cells (seed 004 §4, App. C.2: odd-MLC / pSLC)")).toBe(
      "LSB pages of multi-bit cells (Hardock et al., SIGMOD 2017 (IPA) §4, App. C.2: odd-MLC / pSLC)",
    );
  });
  it("drops a parenthesised short name that would repeat the paper", () => {
    expect(readableCitations('seed 004 (Hardock et al., SIGMOD\'17) §8.4 "Longevity"')).toBe(
      'Hardock et al., SIGMOD 2017 (IPA) §8.4 "Longevity"',
    );
  });
  it("leaves text without a seed reference alone", () => {
    expect(readableCitations("Micron datasheet, seed money")).toBe("Micron datasheet, seed money");
  });
  it("names the paper of every lab in the registry that reproduces one, and no paper without a lab", () => {
    const seeds = LABS.flatMap((lab) => (lab.paperSeed === undefined ? [] : [lab.paperSeed]));
    for (const lab of LABS) {
      if (lab.paperSeed !== undefined) expect(paperName(lab.paperSeed), `${lab.id}: seed ${lab.paperSeed}`).toBeDefined();
    }
    expect([...seeds].sort()).toEqual(namedSeeds());
  });
});
