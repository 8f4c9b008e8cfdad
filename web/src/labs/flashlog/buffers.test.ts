import { describe, expect, it } from "vitest";
import { bufferText, deadCopiesNote } from "./buffers";

describe("bufferText", () => {
  it("lists pages and says dead for a copy that died, never a raw sentinel", () => {
    const text = bufferText([3, null, 17]);
    expect(text).toBe("3, dead, 17");
    expect(text).not.toMatch(/4294967295|null|-1/);
  });

  it("says empty for an empty buffer", () => {
    expect(bufferText([])).toBe("empty");
  });
});

describe("deadCopiesNote", () => {
  it("explains dead copies only when there are some", () => {
    expect(deadCopiesNote([1, 2])).toBeNull();
    expect(deadCopiesNote([null, 2])).toMatch(/^1 copy is dead: the page was re-written/);
    expect(deadCopiesNote([null, null])).toMatch(/^2 copies are dead/);
  });
});
