import { describe, expect, it } from "vitest";
import { readKnobs, withKnob } from "./scenarioEdit";

const GENERATED = JSON.stringify({
  version: 1,
  lab: "layouts",
  title: "t",
  seed: 1,
  table: { kind: "lineitem", rows: 2000 },
  params: { layout: "dsm", io_unit_bytes: 4096, read_ahead_bytes: 16384 },
  workload: { generator: { projectivity: 16, selectivity: 0.1 } },
});

const EXPLICIT = JSON.stringify({
  version: 1,
  lab: "layouts",
  title: "t",
  seed: 1,
  workload: { ops: [{ op: "scan", columns: [0], predicate: { column: 0, from: 0, to: 9 } }] },
});

describe("layouts scenario edits", () => {
  it("reads the knobs with the core's defaults", () => {
    const k = readKnobs(GENERATED);
    expect(k).toMatchObject({ mode: "generator", table: "lineitem", device: "disk", layout: "dsm", scheduler: "cfq", readAheadUnits: 4, projectivity: 16, concurrency: 1 });
    expect(readKnobs(EXPLICIT)).toMatchObject({ mode: "ops", readAheadUnits: 48, projectivity: null, compressed: false });
  });

  it("drops the RAID-0 stripe unit when the device is no longer the array", () => {
    const raid = withKnob(GENERATED, { knob: "device", value: "raid0" });
    const striped = JSON.stringify({ ...JSON.parse(raid), device: { id: "raid0", stripe_bytes: 4096 } });
    expect(readKnobs(striped).device).toBe("raid0");
    const disk = JSON.parse(withKnob(striped, { knob: "device", value: "disk" })) as { device: Record<string, unknown> };
    expect(disk.device).toEqual({ id: "disk" });
  });

  it("sets one knob and marks the title edited once", () => {
    const once = withKnob(GENERATED, { knob: "device", value: "ssd_fast" });
    const twice = withKnob(once, { knob: "readAheadUnits", value: 2 });
    const doc = JSON.parse(twice) as { title: string; device: { id: string }; params: { read_ahead_bytes: number } };
    expect(doc.device.id).toBe("ssd_fast");
    expect(doc.params.read_ahead_bytes).toBe(8192);
    expect(doc.title).toBe("t · edited in the lab");
    const compressed = withKnob(GENERATED, { knob: "compressed", value: true });
    expect(readKnobs(compressed).compressed).toBe(true);
    expect(JSON.parse(compressed).params).toMatchObject({ compression_codec: true });
    expect(JSON.parse(compressed).params.compression_ratio).toBeUndefined();
    expect(readKnobs(withKnob(compressed, { knob: "compressed", value: false })).compressed).toBe(false);
  });

  it("changes a generated workload and refuses to invent one for explicit ops", () => {
    expect(readKnobs(withKnob(GENERATED, { knob: "concurrency", value: 4 })).concurrency).toBe(4);
    expect(() => withKnob(EXPLICIT, { knob: "projectivity", value: 3 })).toThrow(/explicit scan ops/);
  });
});
