//! "Crash now" as a scenario edit (pure): the crash happens at the simulated time shown, and
//! recovery follows it. Explicit ops get `crash{at_us}` and `recover` in place of any later crash;
//! a generated workload gets `crash_at_us` (the lab recovers after a generated crash by itself).

import { isObject } from "../scenarioJson";

export function crashAt(json: string, atUs: number): string {
  const doc = JSON.parse(json) as unknown;
  if (!isObject(doc)) throw new Error("the scenario is not a JSON object");
  if (doc["mode"] === "append_pack") throw new Error("Append/Pack scenarios have no commit log to crash");
  const workload = doc["workload"];
  if (!isObject(workload)) throw new Error("workload: missing");
  const at = Math.max(0, Math.floor(atUs));
  const generator = workload["generator"];
  if (isObject(generator)) {
    generator["crash_at_us"] = at;
    return JSON.stringify(doc, null, 2);
  }
  const ops = workload["ops"];
  if (!Array.isArray(ops)) throw new Error("workload: needs ops or a generator");
  const kept = ops.filter((op) => !(isObject(op) && (op["op"] === "crash" || op["op"] === "recover")));
  // Commits timed after the crash would be issued by a dead system: they are dropped.
  const before = kept.filter((op) => !(isObject(op) && typeof op["at_us"] === "number" && op["at_us"] > at));
  workload["ops"] = [...before, { op: "crash", at_us: at }, { op: "recover" }];
  return JSON.stringify(doc, null, 2);
}
