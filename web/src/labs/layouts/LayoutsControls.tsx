// The knobs of the paper's study as scenario edits (scenarioEdit.ts, ../useScenarioEdit.ts):
// device, layout, projectivity, selectivity, read-ahead, compression, index, N concurrent
// queries and the I/O scheduler. Each change rewrites the scenario and reloads it (the sweep and
// the run are recomputed by the core). Workload knobs are off for explicit scan ops.
import type { ReactNode } from "react";
import type { ScenarioEdit } from "../useScenarioEdit";
import { readKnobs, withKnob, type DeviceId, type Knob, type LayoutsKnobsJson } from "./scenarioEdit";

const DEVICES: readonly DeviceId[] = ["disk", "ssd_fast", "ssd_medium", "ssd_slow", "raid0"];

function asDevice(v: string): DeviceId {
  return DEVICES.find((d) => d === v) ?? "disk";
}

interface Props {
  json: string;
  attributes: number;
  editor: ScenarioEdit;
  disabled: boolean;
}

const EXPLICIT = "This scenario lists explicit scan ops (workload.ops): projectivity, selectivity and concurrency belong to a generated workload";

function readOrNull(json: string): LayoutsKnobsJson | null {
  try {
    return readKnobs(json);
  } catch {
    return null;
  }
}

function Select({ label, testId, value, options, disabled, title, onChange }: { label: string; testId: string; value: string; options: readonly (readonly [string, string])[]; disabled: boolean; title?: string; onChange: (v: string) => void }): ReactNode {
  return (
    <label className="layouts-control" title={title}>
      <span className="layouts-control-label">{label}</span>
      <select data-testid={testId} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

export function LayoutsControls({ json, attributes, editor, disabled }: Props) {
  const k = readOrNull(json);
  if (!k) return null;
  const off = disabled || editor.busy;
  const gen = k.mode === "generator";
  const set = (knob: Knob): void => void editor.apply((text) => withKnob(text, knob), "stay");
  const ks = Array.from({ length: attributes }, (_, i) => [String(i + 1), `${i + 1} of ${attributes}`] as const);
  const sels = [0.001, 0.01, 0.1, 0.5, 1].map((s) => [String(s), `${s * 100} %`] as const);
  const aheads = [1, 2, 4, 16, 48].map((u) => [String(u), `${u} × ${Math.round(k.ioUnitBytes / 1024)} KB`] as const);
  return (
    <div className="layouts-controls" role="toolbar" aria-label="Scan knobs" data-testid="layouts-controls">
      <Select label="device" testId="layouts-device-select" value={k.device} disabled={off} onChange={(v) => set({ knob: "device", value: asDevice(v) })} options={[["disk", "Disk"], ["ssd_fast", "SSD-Fast"], ["ssd_medium", "SSD-Medium"], ["ssd_slow", "SSD-Slow"], ["raid0", "RAID-0 (2 disks)"]]} />
      <Select label="layout" testId="layouts-layout-select" value={k.layout} disabled={off} onChange={(v) => set({ knob: "layout", value: v === "nsm" || v === "pax" ? v : "dsm" })} options={[["nsm", "NSM (row)"], ["dsm", "DSM (column)"], ["pax", "PAX"]]} />
      <Select label="projected" testId="layouts-k-select" value={String(k.projectivity ?? 1)} disabled={off || !gen} title={gen ? "attributes 1..k projected" : EXPLICIT} onChange={(v) => set({ knob: "projectivity", value: Number(v) })} options={ks} />
      <Select label="selectivity" testId="layouts-s-select" value={String(k.selectivity ?? 0.1)} disabled={off || !gen} title={gen ? "fraction of rows qualifying (range on attribute 1)" : EXPLICIT} onChange={(v) => set({ knob: "selectivity", value: Number(v) })} options={sels.some(([v]) => v === String(k.selectivity)) || k.selectivity === null ? sels : [...sels, [String(k.selectivity), `${k.selectivity * 100} %`] as const]} />
      <Select label="read-ahead" testId="layouts-ra-select" value={String(k.readAheadUnits)} disabled={off} title="read-ahead window per file, in I/O units" onChange={(v) => set({ knob: "readAheadUnits", value: Number(v) })} options={aheads.some(([v]) => v === String(k.readAheadUnits)) ? aheads : [...aheads, [String(k.readAheadUnits), `${k.readAheadUnits} units`] as const]} />
      <Select label="queries" testId="layouts-n-select" value={String(k.concurrency ?? 1)} disabled={off || !gen} title={gen ? "N concurrent scans, each on its own copy of the table" : EXPLICIT} onChange={(v) => set({ knob: "concurrency", value: Number(v) })} options={[1, 2, 3, 4, 8].map((n) => [String(n), String(n)] as const)} />
      <Select label="scheduler" testId="layouts-sched-select" value={k.scheduler} disabled={off} onChange={(v) => set({ knob: "scheduler", value: v === "noop" ? "noop" : "cfq" })} options={[["noop", "NOOP"], ["cfq", "CFQ"]]} />
      <label className="layouts-toggle" title="params.compression_codec: pages packed by frame of reference + bit-packing of their real values (the paper's ORDERS: 32 to 12 bytes per tuple), decompression CPU charged">
        <input type="checkbox" data-testid="layouts-compress" checked={k.compressed} disabled={off} onChange={(e) => set({ knob: "compressed", value: e.target.checked })} />
        compress
      </label>
      <label className="layouts-toggle" title="params.index: read a sorted index on attribute 1, then only the pages holding qualifying rows">
        <input type="checkbox" data-testid="layouts-index" checked={k.index} disabled={off} onChange={(e) => set({ knob: "index", value: e.target.checked })} />
        index
      </label>
      {editor.busy && <span className="layouts-note">reloading…</span>}
    </div>
  );
}
