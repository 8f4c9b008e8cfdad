//! Scenario editing for the lab's knobs (pure). A knob never changes the simulation behind the
//! core's back: it rewrites the current scenario text (`device.id`, `params.*`,
//! `workload.generator.*`) and the lab reloads it, so the core validates it, the share link
//! carries it and the run stays deterministic.
//!
//! 1. `readKnobs` reads what the toolbar shows, with the core's defaults for absent fields.
//! 2. `withKnob` sets one knob. Read-ahead is given in I/O units (`params.read_ahead_bytes` =
//!    units × `params.io_unit_bytes`); compression is the core's page codec
//!    (`params.compression_codec`, FOR + bit-packing of the real values) or off. A scenario's
//!    fixed `compression_ratio` also reads as compressed; switching off clears both.
//! 3. Projectivity, selectivity and concurrency belong to a generated workload; a scenario of
//!    explicit `scan` ops keeps its ops (those knobs are off, with the reason on hover).

import { isObject, parseLabScenario, section } from "../scenarioJson";

export type DeviceId = "disk" | "ssd_fast" | "ssd_medium" | "ssd_slow" | "raid0";
export type LayoutId = "nsm" | "dsm" | "pax";
export type SchedulerId = "noop" | "cfq";

export interface LayoutsKnobsJson {
  mode: "ops" | "generator";
  table: "orders" | "lineitem";
  device: DeviceId;
  layout: LayoutId;
  scheduler: SchedulerId;
  ioUnitBytes: number;
  readAheadUnits: number;
  compressed: boolean;
  index: boolean;
  projectivity: number | null;
  selectivity: number | null;
  concurrency: number | null;
}

export type Knob =
  | { knob: "device"; value: DeviceId }
  | { knob: "layout"; value: LayoutId }
  | { knob: "scheduler"; value: SchedulerId }
  | { knob: "readAheadUnits"; value: number }
  | { knob: "compressed"; value: boolean }
  | { knob: "index"; value: boolean }
  | { knob: "projectivity"; value: number }
  | { knob: "selectivity"; value: number }
  | { knob: "concurrency"; value: number };

/** The core's defaults (core/src/layouts/lab/config.rs). */
export const DEFAULT_IO_UNIT = 131072;
export const DEFAULT_READ_AHEAD = 6291456;
const EDITED = " · edited in the lab";
const MAX_TITLE_CHARS = 200;

function pick<T extends string>(value: unknown, options: readonly T[], fallback: T): T {
  return options.find((o) => o === value) ?? fallback;
}

function num(value: unknown, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}

/** Step 1. */
export function readKnobs(json: string): LayoutsKnobsJson {
  const doc = parseLabScenario(json, "layouts", "not a layouts scenario");
  const table = isObject(doc["table"]) ? doc["table"] : {};
  const device = isObject(doc["device"]) ? doc["device"] : {};
  const params = isObject(doc["params"]) ? doc["params"] : {};
  const workload = isObject(doc["workload"]) ? doc["workload"] : {};
  const generator = isObject(workload["generator"]) ? workload["generator"] : null;
  const unit = num(params["io_unit_bytes"], DEFAULT_IO_UNIT);
  const ahead = num(params["read_ahead_bytes"], DEFAULT_READ_AHEAD);
  return {
    mode: generator && !Array.isArray(workload["ops"]) ? "generator" : "ops",
    table: pick(table["kind"], ["orders", "lineitem"] as const, "orders"),
    device: pick(device["id"], ["disk", "ssd_fast", "ssd_medium", "ssd_slow", "raid0"] as const, "disk"),
    layout: pick(params["layout"], ["nsm", "dsm", "pax"] as const, "dsm"),
    scheduler: pick(params["scheduler"], ["noop", "cfq"] as const, "cfq"),
    ioUnitBytes: unit,
    readAheadUnits: Math.max(1, Math.round(ahead / unit)),
    compressed: params["compression_codec"] === true || num(params["compression_ratio"], 1) < 1,
    index: params["index"] === true,
    projectivity: generator ? num(generator["projectivity"], 1) : null,
    selectivity: generator ? num(generator["selectivity"], 0.1) : null,
    concurrency: generator ? num(generator["concurrency"], 1) : null,
  };
}

/** Step 2–3: the scenario text with one knob set. */
export function withKnob(json: string, k: Knob): string {
  const doc = parseLabScenario(json, "layouts", "not a layouts scenario");
  const params = section(doc, "params");
  switch (k.knob) {
    case "device": {
      const device = section(doc, "device");
      device["id"] = k.value;
      // The stripe unit is a RAID-0 field: core refuses it on any other device.
      if (k.value !== "raid0") delete device["stripe_bytes"];
      break;
    }
    case "layout":
      params["layout"] = k.value;
      break;
    case "scheduler":
      params["scheduler"] = k.value;
      break;
    case "readAheadUnits": {
      const unit = num(params["io_unit_bytes"], DEFAULT_IO_UNIT);
      params["read_ahead_bytes"] = Math.max(1, Math.round(k.value)) * unit;
      break;
    }
    case "compressed":
      delete params["compression_ratio"];
      if (k.value) params["compression_codec"] = true;
      else delete params["compression_codec"];
      break;
    case "index":
      params["index"] = k.value;
      break;
    case "projectivity":
    case "selectivity":
    case "concurrency": {
      const workload = section(doc, "workload");
      const generator = workload["generator"];
      if (!isObject(generator) || Array.isArray(workload["ops"])) throw new Error(`${k.knob} belongs to a generated workload (workload.generator); this scenario lists explicit scan ops`);
      generator[k.knob] = k.value;
      break;
    }
  }
  const title = typeof doc["title"] === "string" ? doc["title"] : "";
  if (!title.endsWith(EDITED)) doc["title"] = (title + EDITED).slice(-MAX_TITLE_CHARS);
  return JSON.stringify(doc, null, 2);
}
