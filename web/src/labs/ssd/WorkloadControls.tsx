// The workload bar: the address pattern of a generated workload, the fill level and the
// over-provisioning. Each control rewrites one field of the scenario and reloads it (see
// ../useScenarioEdit.ts); a slider reloads once it rests for a moment, not on every pixel.
import { memo, useEffect, useRef, useState } from "react";
import { formatNumber } from "../../format/units";
import { clamp, fillRange, opRange, PATTERNS, rangeHolding, readKnobs, withFill, withOverProvisioning, withPattern, type Knobs, type Range, type SsdPatternName } from "./scenarioEdit";
import type { SsdMeta } from "./types";
import type { ScenarioEdit } from "../useScenarioEdit";

interface Props {
  json: string;
  meta: SsdMeta;
  /** The over-provisioning the loaded run uses (the preset's unless the scenario sets it). */
  currentOp: number;
  editor: ScenarioEdit;
  disabled: boolean;
}

const SETTLE_MS = 350;

function percent(value: number): string {
  return `${formatNumber(Math.round(value * 100))} %`;
}

interface SliderProps {
  id: string;
  testId: string;
  label: string;
  hint: string;
  value: number;
  range: Range;
  disabled: boolean;
  onCommit: (value: number) => void;
}

/** A range input whose value is committed once it has not moved for `SETTLE_MS`. */
function SettlingSlider({ id, testId, label, hint, value, range, disabled, onCommit }: SliderProps) {
  const [draft, setDraft] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current !== null) clearTimeout(timer.current);
  }, []);
  // A new scenario (or a reverted edit) resets the draft.
  useEffect(() => setDraft(null), [value]);
  const shown = draft ?? value;
  const change = (next: number): void => {
    setDraft(next);
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      if (Math.abs(next - value) > 1e-9) onCommit(next);
      else setDraft(null);
    }, SETTLE_MS);
  };
  return (
    <label className="ssd-slider" htmlFor={id} title={hint}>
      <span className="ssd-control-label">{label}</span>
      <input
        id={id}
        type="range"
        data-testid={testId}
        min={range.min}
        max={range.max}
        step={range.step}
        value={shown}
        disabled={disabled}
        aria-valuetext={percent(shown)}
        onChange={(event) => change(clamp(Number(event.target.value), range))}
      />
      <span className={draft !== null && Math.abs(draft - value) > 1e-9 ? "ssd-slider-value pending num" : "ssd-slider-value num"} data-testid={`${testId}-value`}>
        {percent(shown)}
      </span>
    </label>
  );
}

function readOrNull(json: string): Knobs | null {
  try {
    return readKnobs(json);
  } catch {
    return null;
  }
}

export const WorkloadControls = memo(function WorkloadControls({ json, meta, currentOp, editor, disabled }: Props) {
  const knobs = readOrNull(json);
  if (!knobs) return null;
  const g = meta.geometry;
  const grid = opRange(
    { physicalPages: g.physical_pages, dies: g.dies, pagesPerBlock: g.pages_per_block, highWatermarkBlocks: meta.policy.gc_high_watermark_blocks },
    knobs,
  );
  const ops = grid && rangeHolding(grid, currentOp);
  const fill = fillRange(knobs);
  const off = disabled || editor.busy;
  return (
    <div className="ssd-controls" role="group" aria-label="workload and device" data-testid="ssd-controls" data-op={currentOp} data-fill={knobs.fill}>
      <label className="ssd-select" title={knobs.pattern ? "Where the generated host writes go" : "This scenario lists explicit ops: the pattern belongs to generated workloads"}>
        <span className="ssd-control-label">Pattern</span>
        <select
          data-testid="ssd-pattern"
          value={knobs.pattern ?? ""}
          disabled={off || knobs.pattern === null}
          onChange={(event) => {
            const pattern = event.target.value as SsdPatternName;
            void editor.apply((text) => withPattern(text, pattern), "stay");
          }}
        >
          {knobs.pattern === null && <option value="">explicit ops</option>}
          {PATTERNS.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </select>
      </label>
      <SettlingSlider
        id="ssd-fill"
        testId="ssd-fill-slider"
        label="Fill"
        hint="workload.fill_fraction: how much of the logical space is written sequentially before the run"
        value={clamp(knobs.fill, fill)}
        range={fill}
        disabled={off}
        onCommit={(v) => void editor.apply((text) => withFill(text, v), "stay")}
      />
      {ops && (
        <SettlingSlider
          id="ssd-op"
          testId="ssd-op-slider"
          label="Over-provisioning"
          hint={`device.over_provisioning: the share of flash hidden from the host as spare for GC (${percent(ops.min)}–${percent(ops.max)} here: less leaves GC no free blocks)`}
          value={clamp(currentOp, ops)}
          range={ops}
          disabled={off}
          onCommit={(v) => void editor.apply((text) => withOverProvisioning(text, v), "stay")}
        />
      )}
      {editor.busy && <span className="ssd-busy">reloading…</span>}
    </div>
  );
});
