import { describe, expect, it } from "vitest";
import { formatSpeed } from "./speed";

describe("formatSpeed", () => {
  it("labels every lab's speeds as toLocaleString('en-US') did, without Intl", () => {
    for (const speed of [0.00001, 0.0001, 0.001, 0.01, 0.1, 1, 10, 100, 1000, 2.5]) {
      const reference = speed >= 1 ? `${speed.toLocaleString("en-US")}×` : `1/${Math.round(1 / speed).toLocaleString("en-US")}×`;
      expect(formatSpeed(speed)).toBe(reference);
    }
  });
});
