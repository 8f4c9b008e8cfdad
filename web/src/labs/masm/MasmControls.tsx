// The toolbar: add updates, add a range scan [from, to], migrate, crash, and compare with the
// baselines. Each control rewrites the scenario and reloads it (scenarioEdit.ts, ../useScenarioEdit.ts);
// added ops are played from the old end of the run. Explicit-op controls are off for a generated
// workload, with the reason on hover.
import { useState } from "react";
import { readKnobs, scanOp, withCompare, withMoreUpdates, withOps, type MasmKnobs } from "./scenarioEdit";
import type { ScenarioEdit } from "../useScenarioEdit";

interface Props {
  json: string;
  keySpace: number;
  editor: ScenarioEdit;
  disabled: boolean;
}

const COUNTS = [8, 32, 64, 128] as const;
const GENERATED = "This scenario generates its updates (workload.generator): scans, migrations and crashes need a scenario of explicit workload.ops";

function readOrNull(json: string): MasmKnobs | null {
  try {
    return readKnobs(json);
  } catch {
    return null;
  }
}

function KeyInput({ testId, label, value, max, disabled, onChange }: { testId: string; label: string; value: number; max: number; disabled: boolean; onChange: (v: number) => void }) {
  return (
    <input
      type="number"
      className="masm-key-input num"
      data-testid={testId}
      aria-label={label}
      min={0}
      max={max}
      step={1}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(Number(e.target.value))}
    />
  );
}

export function MasmControls({ json, keySpace, editor, disabled }: Props) {
  const knobs = readOrNull(json);
  const [count, setCount] = useState<number>(32);
  const [from, setFrom] = useState(8);
  const [to, setTo] = useState(23);
  if (!knobs) return null;
  const off = disabled || editor.busy;
  const explicit = knobs.mode === "ops";
  const last = Math.max(0, keySpace - 1);
  const scan = scanOp(from, to, keySpace);
  return (
    <div className="masm-controls" role="toolbar" aria-label="Add ops at the end of the run" data-testid="masm-controls" data-mode={knobs.mode}>
      <span className="masm-control-group">
        <select data-testid="masm-update-count" aria-label="how many updates" value={count} disabled={off} onChange={(e) => setCount(Number(e.target.value))}>
          {COUNTS.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button button-primary masm-op"
          data-testid="masm-add-updates"
          disabled={off}
          title={explicit ? `Adds ${count} inserts, modifies and deletes of random keys (valid at that point of the run) and plays them` : `Raises workload.generator.updates by ${count}`}
          onClick={() => void editor.apply((text) => withMoreUpdates(text, count), "play")}
        >
          + updates
        </button>
      </span>
      <span className="masm-control-sep" aria-hidden="true" />
      <span className="masm-control-group" title={explicit ? undefined : GENERATED}>
        <KeyInput testId="masm-scan-from" label="scan from key" value={from} max={last} disabled={off || !explicit} onChange={setFrom} />
        <span aria-hidden="true">–</span>
        <KeyInput testId="masm-scan-to" label="scan to key" value={to} max={last} disabled={off || !explicit} onChange={setTo} />
        <button
          type="button"
          className="button masm-op"
          data-testid="masm-add-scan"
          disabled={off || !explicit}
          title={`Adds {"op": "scan", "from": ${scan.op === "scan" ? scan.from : 0}, "to": ${scan.op === "scan" ? scan.to : 0}}: a range scan merged with every cached update`}
          onClick={() => void editor.apply((text) => withOps(text, [scan]), "play")}
        >
          Scan
        </button>
      </span>
      <span className="masm-control-sep" aria-hidden="true" />
      <button
        type="button"
        className="button masm-op"
        data-testid="masm-migrate"
        disabled={off || !explicit}
        title={explicit ? "Adds a migration: the cached updates are written into the table in place, page by page" : GENERATED}
        onClick={() => void editor.apply((text) => withOps(text, [{ op: "migrate" }]), "play")}
      >
        Migrate
      </button>
      <button
        type="button"
        className="button masm-op masm-crash"
        data-testid="masm-crash"
        disabled={off || !explicit}
        title={explicit ? "Adds a crash: the buffer is lost and recovery replays the redo log" : GENERATED}
        onClick={() => void editor.apply((text) => withOps(text, [{ op: "crash" }]), "play")}
      >
        Crash
      </button>
      <span className="masm-control-sep" aria-hidden="true" />
      <label className="masm-compare-toggle" title="params.compare: also run in-place updates, IU on SSD and an LSM tree on the same ops and devices">
        <input
          type="checkbox"
          data-testid="masm-compare-toggle"
          checked={knobs.compare}
          disabled={off}
          onChange={(e) => {
            const on = e.target.checked;
            void editor.apply((text) => withCompare(text, on), "stay");
          }}
        />
        compare
      </label>
      {editor.busy && <span className="masm-busy">reloading…</span>}
      {!explicit && (
        <p className="masm-controls-why" data-testid="masm-controls-why">
          Scan, Migrate and Crash are off because this scenario generates its updates. Scenarios with explicit ops (outer
          join, crash and recover, migration is safe, skew coalescing) take them.
        </p>
      )}
    </div>
  );
}
