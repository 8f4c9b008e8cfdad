import { describe, expect, it } from "vitest";
import { headCylinderAt, phaseAt, platterAngleAt, wrapTurn } from "./kinematics";
import type { BusyRequest } from "./types";

const busy: BusyRequest = {
  id: 7,
  is_write: false,
  bytes: 4096,
  lba: 0,
  from_cylinder: 100,
  cylinder: 300,
  head: 0,
  end_cylinder: 301,
  target_angle: 0.5,
  phase: "seek",
  phase_progress: 0,
  start_ns: 1000,
  seek_end_ns: 2000,
  rotation_end_ns: 5000,
  end_ns: 6000,
  seek_ns: 1000,
  rotation_ns: 3000,
  transfer_ns: 1000,
  switch_ns: 0,
};

describe("platter angle", () => {
  it("advances one turn per revolution and wraps into [0, 1)", () => {
    const meta = { platter_angle: 0.75, now_ns: 1000, revolution_ns: 8000 };
    expect(platterAngleAt(meta, 1000)).toBeCloseTo(0.75);
    expect(platterAngleAt(meta, 3000)).toBeCloseTo(0);
    expect(platterAngleAt(meta, 5000)).toBeCloseTo(0.25);
    expect(platterAngleAt(meta, 1000 + 8000 * 3)).toBeCloseTo(0.75);
    expect(wrapTurn(-0.25)).toBeCloseTo(0.75);
  });
});

describe("service phases", () => {
  it("follow the core's boundaries", () => {
    expect(phaseAt(busy, 1000)).toEqual({ phase: "seek", progress: 0, overall: 0 });
    expect(phaseAt(busy, 1500).phase).toBe("seek");
    expect(phaseAt(busy, 1500).progress).toBeCloseTo(0.5);
    expect(phaseAt(busy, 2000).phase).toBe("rotate");
    expect(phaseAt(busy, 3500).progress).toBeCloseTo(0.5);
    expect(phaseAt(busy, 5500)).toEqual({ phase: "transfer", progress: 0.5, overall: 0.9 });
    expect(phaseAt(busy, 7000).phase).toBe("done");
  });

  it("skip empty phases (a zero-length seek starts in rotation)", () => {
    expect(phaseAt({ ...busy, seek_end_ns: 1000 }, 1000).phase).toBe("rotate");
  });
});

describe("head position", () => {
  it("moves linearly during the seek, rests while rotating, follows a multi-track transfer", () => {
    const meta = { head_cylinder: 100, busy };
    expect(headCylinderAt(meta, 1000)).toBe(100);
    expect(headCylinderAt(meta, 1500)).toBe(200);
    expect(headCylinderAt(meta, 3000)).toBe(300);
    expect(headCylinderAt(meta, 5500)).toBeCloseTo(300.5);
    expect(headCylinderAt({ head_cylinder: 42, busy: null }, 99999)).toBe(42);
  });
});
