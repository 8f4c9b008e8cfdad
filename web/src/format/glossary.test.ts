import { describe, expect, it } from "vitest";
import { GLOSSARY, glossPieces } from "./glossary";

describe("glossPieces", () => {
  it("marks abbreviations in their exact case and words in any case, keeping the text intact", () => {
    const text = "Cells rise to LM; the rest are Inhibited. nop is not NOP.";
    const pieces = glossPieces(text);
    expect(pieces.map((p) => (typeof p === "string" ? p : p.text)).join("")).toBe(text);
    const terms = pieces.filter((p) => typeof p !== "string").map((p) => (typeof p === "string" ? "" : p.entry.term));
    expect(terms).toEqual(["LM", "inhibited", "NOP"]);
  });

  it("does not mark a term inside a longer word", () => {
    const terms = glossPieces("GCs, FTLs and ALMOST").filter((p) => typeof p !== "string");
    expect(terms).toEqual([]);
  });

  it("prefers the longer term and has one entry per term", () => {
    expect(new Set(GLOSSARY.map((e) => e.term.toLowerCase())).size).toBe(GLOSSARY.length);
    const pieces = glossPieces("write amplification 1.9");
    expect(typeof pieces[0] === "string" ? null : pieces[0]?.entry.term).toBe("write amplification");
  });
});
