import { describe, expect, it } from "vitest";
import { decodeEvents, genericLine, kindTable, narrate } from "./events";
import type { EventKindInfo } from "./types";

const kinds: EventKindInfo[] = [
  { code: 1, name: "arrive", args: ["request", "cylinder", "", ""], text: "request {a} arrives for cylinder {b}" },
  { code: 2, name: "seek", args: ["from", "to", "", ""], text: "head seeks from {a} to {b}" },
];

function words(...events: number[][]): Uint32Array {
  return new Uint32Array(events.flat());
}

describe("decodeEvents", () => {
  it("decodes step, 64-bit time, kind and arguments and narrates known kinds", () => {
    const decoded = decodeEvents(words([3, 5, 0, 1, 7, 120, 0, 0], [4, 1, 2, 2, 120, 40, 0, 0]), kindTable(kinds));
    expect(decoded).toHaveLength(2);
    expect(decoded[0]).toMatchObject({ step: 3, timeNs: 5, kind: 1, name: "arrive", known: true });
    expect(decoded[0]?.text).toBe("request 7 arrives for cylinder 120");
    expect(decoded[1]?.timeNs).toBe(1 + 2 * 2 ** 32);
    expect(decoded[1]?.text).toBe("head seeks from 120 to 40");
  });

  it("gives unknown kinds a generic line instead of failing", () => {
    const [event] = decodeEvents(words([1, 0, 0, 99, 1, 2, 3, 4]), kindTable(kinds));
    expect(event?.known).toBe(false);
    expect(event?.name).toBe("kind 99");
    expect(event?.text).toBe("event kind 99 (a=1, b=2, c=3, d=4)");
  });

  it("ignores a trailing partial event and decodes an empty buffer to nothing", () => {
    expect(decodeEvents(words([1, 0, 0, 1, 0, 0, 0, 0], [9, 9]), kindTable(kinds))).toHaveLength(1);
    expect(decodeEvents(new Uint32Array(0), kindTable(kinds))).toEqual([]);
  });

  it("keeps full u32 arguments (no sign flip)", () => {
    const [event] = decodeEvents(words([1, 0, 0, 2, 0xffffffff, 0, 0, 0]), kindTable(kinds));
    expect(event?.args[0]).toBe(4294967295);
  });
});

describe("narrate", () => {
  it("replaces every placeholder, repeated ones too, and leaves other braces alone", () => {
    expect(narrate("{a}+{a}={b} {x}", [2, 4, 0, 0])).toBe("2+2=4 {x}");
    expect(narrate("{c} and {d}", [0, 0, 7, 8])).toBe("7 and 8");
  });

  it("agrees a noun with its number: singular for exactly one", () => {
    expect(narrate("erased {c:time|times}", [0, 0, 1, 0])).toBe("erased 1 time");
    expect(narrate("erased {c:time|times}", [0, 0, 0, 0])).toBe("erased 0 times");
    expect(narrate("{d:request waits|requests wait}", [0, 0, 0, 3])).toBe("3 requests wait");
  });

  it("names a code by its word and shows an unknown code as its number", () => {
    expect(narrate("a {b=1:read,2:write,3:trim} request", [0, 2, 0, 0])).toBe("a write request");
    expect(narrate("a {b=1:read,2:write} request", [0, 9, 0, 0])).toBe("a 9 request");
  });

  it("generic lines use argument names when given", () => {
    expect(genericLine(5, [1, 2, 3, 4], ["lba", "", "", ""])).toBe("event kind 5 (lba=1, b=2, c=3, d=4)");
  });
});
