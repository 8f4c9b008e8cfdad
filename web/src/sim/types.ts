//! The JSON shapes the core sends (core/src/session.rs, core/src/sim/*). The core is the single
//! source of truth; these types only describe what crosses the wasm boundary.

/** `Sim.state()`: the small run state of DESIGN §3.3, plus what the core adds. */
export interface CoreState {
  lab: string;
  step: number;
  simTimeNs: number;
  traceHash: string;
  done: boolean;
  /** Known once the run has reached its end at least once (the client runs to the end on load). */
  totalSteps: number | null;
  /** A simulation error that ended the run early, if any. */
  error: string | null;
}

/** One metric with its human label and unit (`Sim.metrics()`). */
export interface MetricDetail {
  name: string;
  value: number;
  label: string;
  unit: string;
}

/** One invariant's live result (`Sim.invariants()`). */
export interface InvariantReport {
  name: string;
  ok: boolean;
  checks: number;
  detail: string;
  failed_at_step?: number;
}

/** Describes one numeric event kind; `text` has `{a}`..`{d}` placeholders. */
export interface EventKindInfo {
  code: number;
  name: string;
  args: [string, string, string, string];
  text: string;
}

/** `Sim.info()`: static information, read once per load. */
export interface CoreInfo {
  lab: string;
  title: string;
  seed: number;
  coreVersion: string;
  eventKinds: EventKindInfo[];
  eventWords: number;
  /** The lab's own description: device presets, constants with sources, … (lab-specific). */
  lab_info: unknown;
  /** The lab's pseudo-code listings (line ids; the text is in `labs/<lab>/pseudocode.ts`). */
  pseudocode?: PseudoListing[];
}

/** One pseudo-code listing of the core (`plugin::pseudocode`): its id and line ids in order. */
export interface PseudoListing {
  id: string;
  lines: string[];
}

/** The lines executed at the latest step that executed any, in order; the last is current. */
export interface PseudoFrame {
  step: number;
  lines: string[];
}

/** Where one named series sits inside the concatenated `Float64Array` of a view. */
export interface SeriesLayout {
  name: string;
  offset: number;
  length: number;
}

/** `Sim.viewMeta()`: the lab's small JSON state and the layout of its bulk series. */
export interface ViewMeta {
  meta: unknown;
  series: SeriesLayout[];
}

/** Everything the UI draws for one step, as it crosses from the worker. */
export interface Snapshot {
  state: CoreState;
  metrics: MetricDetail[];
  invariants: InvariantReport[];
  /** Recent events, 8 words each: `[step, time_lo, time_hi, kind, a, b, c, d]`. */
  events: Uint32Array;
  view: Float64Array;
  viewMeta: ViewMeta;
  /** The core's lit pseudo-code lines (`Sim.pseudo()`); null when no recent event runs one. */
  pseudo?: PseudoFrame | null;
}

/** Metric values sampled evenly over the whole run at load time, for sparklines. */
export interface MetricTimeline {
  steps: number[];
  values: Record<string, number[]>;
}

/** Returns the named series of a view as a subarray (no copy), or an empty array. */
export function viewSeries(view: Float64Array, meta: ViewMeta, name: string): Float64Array {
  const layout = meta.series.find((s) => s.name === name);
  if (!layout) return new Float64Array(0);
  return view.subarray(layout.offset, layout.offset + layout.length);
}

/** One paper claim as the core reports it (`plugin::claim::Claim`, `flashlab reproduce --json`). */
/** How a claim is judged, in the shape of the paper's statement (`plugin::judgement`). */
export type Judgement =
  | { type: "tolerance"; pct: number }
  | { type: "points"; points: number }
  | { type: "band"; low: number; high: number }
  | { type: "at_least"; bound: number }
  | { type: "at_most"; bound: number }
  | { type: "paper_range"; low: number; high: number }
  | { type: "yes_no"; expected: boolean }
  | { type: "argmin"; expected: number };

/** A claim's values over seeds (`plugin::seeds::SeedSpread`). */
export interface SeedSpread {
  seeds: number[];
  values: number[];
  median: number;
  min: number;
  max: number;
  stochastic: boolean;
}

/** A setup choice the paper leaves open that decides the verdict, swept. */
export interface SetupSweep {
  parameter: string;
  value: number;
  why: string;
  sweep: [number, number][];
}

export type ClaimKind = "reproduction" | "model_check" | "calibration" | "identity";

export interface ClaimRow {
  id: string;
  claim: string;
  unit: string;
  paper_value: number;
  simulated_value: number;
  error_pct: number;
  tolerance_pct: number | null;
  judgement: Judgement;
  kind: ClaimKind;
  basis: string;
  pass: boolean;
  method: string;
  /** Known differences from the paper's setup, shown on every claim. */
  differences: string;
  /** Why the tolerance is wider than the policy's (empty when it is not). */
  wide_because: string;
  /** Why it missed ("unexplained" when nobody knows); empty on a pass. */
  miss_reason: string;
  spread: SeedSpread | null;
  setup: SetupSweep | null;
  /** The course scenario that shows it (`scenarios/<lab>/<name>.json`), from its lab's `SCENARIOS` table. */
  scenario?: string | null;
  /** The scenarios of the runs its number came from (`plugin::claim_run`); empty when it has no run. */
  runs: ClaimRun[];
}

/** A scenario a claim's number came from: its own configuration, or a smaller labelled version. */
export type ClaimRun = { label: string; scenario: Record<string, unknown> } & ({ scale: "own" } | { scale: "course_scale"; shrunk: string });

/** One curve of a figure: simulated now, or the paper's stated points (`of` names its simulated curve). */
export interface FigureSeries {
  name: string;
  kind: "simulated" | "paper";
  of: string;
  points: [number, number][];
}

export interface FigureAxis {
  label: string;
  unit: string;
  log: boolean;
}

/** A figure-shaped paper result (`plugin::figure::Figure`, from a lab's `figures()`). */
export interface FigureData {
  id: string;
  lab: string;
  title: string;
  source: string;
  x: FigureAxis;
  y: FigureAxis;
  series: FigureSeries[];
  claim_prefix: string;
  scenario: string;
  method: string;
}
