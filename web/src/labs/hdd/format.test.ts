import { describe, expect, it } from "vitest";
import { formatBytes, schedulerName } from "./format";

describe("HDD labels", () => {
  it("formats request sizes", () => {
    expect(formatBytes(4096)).toBe("4 KiB");
    expect(formatBytes(1048576)).toBe("1 MiB");
    expect(formatBytes(1536)).toBe("1.5 KiB");
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(200_000_237_568)).toBe("200 GB");
  });

  it("names schedulers", () => {
    expect(schedulerName("sstf")).toBe("SSTF");
    expect(schedulerName("elevator")).toBe("ELEVATOR");
  });
});

import { chipCapacity } from "./QueueChips";

describe("queue chip capacity", () => {
  it("counts whole rows and columns only", () => {
    expect(chipCapacity(450, 100)).toBe(3 * 3);
    expect(chipCapacity(142, 26)).toBe(1);
    expect(chipCapacity(10, 10)).toBe(1);
  });
});
