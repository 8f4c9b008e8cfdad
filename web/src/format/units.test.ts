import { describe, expect, it } from "vitest";
import { formatMs, formatNs, formatNumber, formatWithUnit, humanizeName } from "./units";

describe("formatNs", () => {
  it("picks the largest unit that keeps the value at least 1", () => {
    expect(formatNs(0)).toBe("0 ns");
    expect(formatNs(512)).toBe("512 ns");
    expect(formatNs(1250)).toBe("1.25 µs");
    expect(formatNs(12_345_678)).toBe("12.3 ms");
    expect(formatNs(4_560_000_000)).toBe("4.56 s");
    expect(formatNs(8_333_333)).toBe("8.33 ms");
  });

  it("trims trailing zeros and promotes values that round up to 1000", () => {
    expect(formatNs(2_000_000)).toBe("2 ms");
    expect(formatNs(999_960)).toBe("1 ms");
    expect(formatNs(999)).toBe("999 ns");
  });

  it("uses minutes for long spans and a dash for non-finite values", () => {
    expect(formatNs(754e9)).toBe("12 min 34 s");
    expect(formatNs(600e9)).toBe("10 min");
    expect(formatNs(Number.NaN)).toBe("—");
  });

  it("formats milliseconds via nanoseconds", () => {
    expect(formatMs(4.17)).toBe("4.17 ms");
    expect(formatMs(0.25)).toBe("250 µs");
  });
});

describe("formatNumber and formatWithUnit", () => {
  it("groups integers and keeps three significant digits otherwise", () => {
    expect(formatNumber(1234567)).toBe("1,234,567");
    expect(formatNumber(0.123456)).toBe("0.123");
    expect(formatNumber(12.5)).toBe("12.5");
    expect(formatNumber(1234.5)).toBe("1,235");
  });

  it("rescales time units and appends others", () => {
    expect(formatWithUnit(12.345, "ms")).toBe("12.3 ms");
    expect(formatWithUnit(1, "ops")).toBe("1 op");
    expect(formatWithUnit(2, "ops")).toBe("2 ops");
    expect(formatWithUnit(1, "entries")).toBe("1 entry");
    expect(formatWithUnit(1, "MB/s")).toBe("1 MB/s");
    expect(formatWithUnit(0.5, "ms")).toBe("500 µs");
    expect(formatWithUnit(84, "IO/s")).toBe("84 IO/s");
    expect(formatWithUnit(0.42, "")).toBe("0.42");
    expect(formatWithUnit(50, "%")).toBe("50 %");
    expect(formatWithUnit(0.875, "fraction")).toBe("87.5 %");
    expect(formatWithUnit(126.2, "1/s")).toBe("126 /s");
    expect(formatWithUnit(2.5, "x")).toBe("2.5×");
  });

  it("humanizes snake and camel names", () => {
    expect(humanizeName("head_cylinder")).toBe("head cylinder");
    expect(humanizeName("simTimeNs")).toBe("sim time ns");
  });
});
