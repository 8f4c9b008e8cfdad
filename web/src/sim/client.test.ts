import { describe, expect, it } from "vitest";
import { SimClient } from "./client";
import { CancelledError, ScenarioError, WorkerCrashedError } from "./errors";
import type { Request, Response } from "./protocol";
import type { CoreState, Snapshot } from "./types";

const state = (step: number): CoreState => ({
  lab: "hdd",
  step,
  simTimeNs: step * 10,
  traceHash: "0".repeat(16),
  done: false,
  totalSteps: 100,
  error: null,
});

const snapshot = (step: number): Snapshot => ({
  state: state(step),
  metrics: [],
  invariants: [],
  events: new Uint32Array(0),
  view: new Float64Array(0),
  viewMeta: { meta: {}, series: [] },
});

/** A stand-in worker: records requests; the test answers them. */
class FakeWorker {
  onmessage: ((event: MessageEvent<Response>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  onmessageerror: (() => void) | null = null;
  sent: Request[] = [];
  terminated = false;

  postMessage(message: Request): void {
    this.sent.push(message);
  }

  terminate(): void {
    this.terminated = true;
  }

  answer(response: Response): void {
    this.onmessage?.({ data: response } as MessageEvent<Response>);
  }

  fail(message: string): void {
    this.onerror?.({ message, preventDefault: () => undefined } as ErrorEvent);
  }
}

function setup(): { client: SimClient; workers: FakeWorker[] } {
  const workers: FakeWorker[] = [];
  const client = new SimClient(() => {
    const worker = new FakeWorker();
    workers.push(worker);
    return worker as unknown as Worker;
  });
  return { client, workers };
}

function last(workers: FakeWorker[]): FakeWorker {
  const worker = workers[workers.length - 1];
  if (!worker) throw new Error("no worker");
  return worker;
}

describe("SimClient", () => {
  it("matches answers to requests by id, in any order", async () => {
    const { client, workers } = setup();
    const w = last(workers);
    const a = client.state();
    const b = client.seek(5);
    const [ra, rb] = w.sent;
    expect(ra?.type).toBe("state");
    expect(rb).toMatchObject({ type: "seek", step: 5 });
    w.answer({ id: rb?.id ?? -1, ok: true, type: "seek", result: { snapshot: snapshot(5) } });
    w.answer({ id: ra?.id ?? -1, ok: true, type: "state", result: { state: state(3) } });
    expect((await a).step).toBe(3);
    expect((await b).snapshot.state.step).toBe(5);
  });

  it("turns a rejected scenario into a ScenarioError with the core's message", async () => {
    const { client, workers } = setup();
    const w = last(workers);
    const load = client.load("{}");
    w.answer({ id: w.sent[0]?.id ?? -1, ok: false, error: { kind: "scenario", message: "workload.ops[3].key: expected an unsigned integer" } });
    await expect(load).rejects.toBeInstanceOf(ScenarioError);
    await expect(load).rejects.toThrow("workload.ops[3].key: expected an unsigned integer");
    expect(client.crashed).toBeNull();
  });

  it("marks itself crashed once on a trap: pending and later requests reject, listeners hear once", async () => {
    const { client, workers } = setup();
    const w = last(workers);
    const heard: string[] = [];
    client.onCrash((message) => heard.push(message));
    const first = client.step(1);
    const second = client.state();
    w.answer({ id: w.sent[0]?.id ?? -1, ok: false, error: { kind: "crash", message: "unreachable" } });
    await expect(first).rejects.toBeInstanceOf(WorkerCrashedError);
    await expect(second).rejects.toBeInstanceOf(WorkerCrashedError);
    await expect(client.state()).rejects.toBeInstanceOf(WorkerCrashedError);
    w.fail("late worker error");
    expect(heard).toEqual(["unreachable"]);
    expect(client.crashed).toBe("unreachable");
  });

  it("names a worker that failed to allocate out of memory", () => {
    const { client, workers } = setup();
    const heard: string[] = [];
    client.onCrash((_message, kind) => heard.push(kind));
    last(workers).fail("Uncaught RangeError: Array buffer allocation failed");
    expect(heard).toEqual(["out-of-memory"]);
  });

  it("treats a worker error event as a crash", async () => {
    const { client, workers } = setup();
    const pending = client.runToEnd();
    last(workers).fail("script failed");
    await expect(pending).rejects.toThrow("script failed");
    expect(client.crashed).toBe("script failed");
  });

  it("restarts with a fresh worker and reloads the last good scenario at the last step seen", async () => {
    const { client, workers } = setup();
    const w1 = last(workers);
    const load = client.load('{"good":1}', { seed: 9 });
    w1.answer({
      id: w1.sent[0]?.id ?? -1,
      ok: true,
      type: "load",
      result: { info: {} as never, totalSteps: 100, timeline: { steps: [], values: {} }, invariantNames: [], snapshot: snapshot(0) },
    });
    await load;
    const seek = client.seek(42);
    w1.answer({ id: w1.sent[1]?.id ?? -1, ok: true, type: "seek", result: { snapshot: snapshot(42) } });
    await seek;
    const bad = client.load('{"bad":1}');
    w1.answer({ id: w1.sent[2]?.id ?? -1, ok: false, error: { kind: "scenario", message: "nope" } });
    await expect(bad).rejects.toThrow("nope");
    w1.fail("boom");

    const restarted = client.restart();
    expect(w1.terminated).toBe(true);
    expect(workers).toHaveLength(2);
    const w2 = last(workers);
    expect(w2.sent[0]).toMatchObject({ type: "load", scenarioJson: '{"good":1}', seed: 9, step: 42 });
    w2.answer({
      id: w2.sent[0]?.id ?? -1,
      ok: true,
      type: "load",
      result: { info: {} as never, totalSteps: 100, timeline: { steps: [], values: {} }, invariantNames: [], snapshot: snapshot(42) },
    });
    expect((await restarted)?.snapshot.state.step).toBe(42);
    expect(client.crashed).toBeNull();
  });

  it("terminates a crashed worker at once and runs nothing until restarted", async () => {
    const { client, workers } = setup();
    const w = last(workers);
    const load = client.load("{}");
    w.answer({ id: w.sent[0]?.id ?? -1, ok: false, error: { kind: "out-of-memory", message: "out of memory" } });
    await expect(load).rejects.toBeInstanceOf(WorkerCrashedError);
    expect(w.terminated).toBe(true);
    await expect(client.state()).rejects.toBeInstanceOf(WorkerCrashedError);
    expect(w.sent).toHaveLength(1);
  });

  it("tells crash listeners whether the core ran out of memory", () => {
    const { client, workers } = setup();
    const w = last(workers);
    const heard: string[] = [];
    client.onCrash((message, kind) => heard.push(`${kind}: ${message}`));
    void client.load("{}").catch(() => undefined);
    w.answer({ id: w.sent[0]?.id ?? -1, ok: false, error: { kind: "out-of-memory", message: "too big" } });
    expect(heard).toEqual(["out-of-memory: too big"]);
  });

  it("cancel rejects the pending request, starts a fresh worker and reloads the previous scenario", async () => {
    const { client, workers } = setup();
    const w1 = last(workers);
    const first = client.load('{"small":1}');
    w1.answer({
      id: w1.sent[0]?.id ?? -1,
      ok: true,
      type: "load",
      result: { info: {} as never, totalSteps: 100, timeline: { steps: [], values: {} }, invariantNames: [], snapshot: snapshot(7) },
    });
    await first;
    const busy: unknown[] = [];
    client.onBusy((b) => busy.push(b));
    const big = client.load('{"huge":1}');
    w1.answer({ id: w1.sent[1]?.id ?? -1, progress: { phase: "load", steps: 2000 } } as never);
    const cancelled = client.cancel();
    await expect(big).rejects.toBeInstanceOf(CancelledError);
    expect(w1.terminated).toBe(true);
    const w2 = last(workers);
    expect(w2).not.toBe(w1);
    expect(w2.sent[0]).toMatchObject({ type: "load", scenarioJson: '{"small":1}', step: 7 });
    w2.answer({
      id: w2.sent[0]?.id ?? -1,
      ok: true,
      type: "load",
      result: { info: {} as never, totalSteps: 100, timeline: { steps: [], values: {} }, invariantNames: [], snapshot: snapshot(7) },
    });
    expect((await cancelled)?.snapshot.state.step).toBe(7);
    expect(busy).toEqual([]);
  });
});
