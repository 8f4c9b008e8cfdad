import { describe, expect, it } from "vitest";
import { classifyFailure, OOM_SUSPECT_BYTES } from "./failure";

const BORROW = "attempted to take ownership of Rust value while it was borrowed";

describe("classifyFailure", () => {
  it("calls only the constructor's own Error a rejected scenario", () => {
    expect(classifyFailure(new Error("workload.ops[3].key: expected an integer"), "build")).toEqual({
      kind: "scenario",
      message: "workload.ops[3].key: expected an integer",
    });
    expect(classifyFailure(new Error("something broke"), "run").kind).toBe("crash");
  });

  it("never reports the borrow error left by a trap as a bad scenario", () => {
    const failure = classifyFailure(new Error(BORROW), "build");
    expect(failure.kind).toBe("crash");
    expect(failure.message).toContain("crashed earlier");
    expect(failure.message).not.toMatch(/still loaded/);
  });

  it("quotes the panic the core logged before its trap", () => {
    const failure = classifyFailure(new WebAssembly.RuntimeError("unreachable"), "run", {
      panic: "index out of bounds at core/src/x.rs:3",
      memoryBytes: 16 * 1024 * 1024,
    });
    expect(failure).toEqual({
      kind: "crash",
      message: "the simulation core panicked and stopped (index out of bounds at core/src/x.rs:3)",
    });
  });

  it("names a trap without a panic in a huge memory as most likely out of memory", () => {
    const failure = classifyFailure(new WebAssembly.RuntimeError("unreachable"), "run", {
      panic: null,
      memoryBytes: 4 * 1024 ** 3,
    });
    expect(failure.kind).toBe("out-of-memory");
    expect(failure.message).toContain("4.0 GB");
    expect(failure.message).toContain("most likely");
    const small = classifyFailure(new WebAssembly.RuntimeError("unreachable"), "run", {
      panic: null,
      memoryBytes: OOM_SUSPECT_BYTES - 1,
    });
    expect(small).toEqual({ kind: "crash", message: "the simulation core crashed (unreachable)" });
  });

  it("names JavaScript allocation failures out of memory", () => {
    expect(classifyFailure(new RangeError("Array buffer allocation failed"), "run").kind).toBe("out-of-memory");
    expect(classifyFailure(new Error("Invalid string length"), "build").kind).toBe("out-of-memory");
  });

  it("treats a thrown non-Error as a crash", () => {
    expect(classifyFailure("boom", "build")).toEqual({ kind: "crash", message: "the simulation core crashed (boom)" });
  });
});
