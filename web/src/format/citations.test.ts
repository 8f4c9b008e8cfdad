import { describe, expect, it } from "vitest";
import { readableCitations } from "./citations";

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
});
