import { describe, expect, it } from "vitest";
import { metricsCsv, seriesCsv } from "./csv";

describe("export CSV", () => {
  it("writes the metrics with a header and quotes what needs quoting", () => {
    const csv = metricsCsv(7, [{ name: "wa", label: 'write "amp", x', value: 1.5, unit: "x" } as never]);
    expect(csv).toBe('step,metric,label,value,unit\r\n7,wa,"write ""amp"", x",1.5,x\r\n');
  });

  it("writes one row per sampled step and one column per metric, in name order", () => {
    const csv = seriesCsv({ steps: [0, 10], values: { b: [1, 2], a: [3, Number.NaN] } });
    expect(csv).toBe("step,a,b\r\n0,3,1\r\n10,,2\r\n");
  });
});
