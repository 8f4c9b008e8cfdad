// The zoom into the cells of the latest write, on the NAND cell model (core: ipa::lab::zoomview):
// the core replays the page's real program history since its block's erase (the block's every
// program in order, with the device's NOP and LSB/MSB page numbering) over a window of byte
// columns (the delta area and a few body bytes before it); every cell of that window is a dot on
// the Vth axis, drawn with the NAND lab's CellDots. The latest write plays pulse by pulse (the
// Vth of every cell after each ISPP loop): an append raises the appended cells loop by loop
// (hollow while still pulsed, filled once they pass verify) while every other cell of the window
// stays put, inhibited; the player steps or scrubs the loops, and the bars show the cells still
// pulsed after each loop. The page's history (first program, then each append) and bytes
// before → after for the written range sit underneath.
import { useEffect, useMemo, useState } from "react";
import { scaleLinear } from "d3-scale";
import { ChartCard } from "../../charts/ChartCard";
import { CellDots } from "../nand/CellDots";
import { ERASED_COLOR, levelColor } from "../nand/palette";
import type { CellSeries } from "../nand/series";
import { hex } from "./pageMap";
import type { IpaZoom } from "./types";
import { pulseFrame, zoomCells, zoomStateLabels } from "./zoom";

interface Props {
  zoom: IpaZoom | null;
  before: Float64Array;
  after: Float64Array;
  /** Every cell's Vth after each ISPP loop (loops × cells), from the core's cell model. */
  pulses: Float64Array;
  /** Per cell, the loop it passed verify (0 = never pulsed). */
  passedAt: Float64Array;
}

const COLORS = [ERASED_COLOR, levelColor(1, 2)] as const;
const PULSE_MS = 420;

function reducedMotion(): boolean {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/** Which ISPP loop is shown: plays 0 → last once per new write, then the user can scrub. */
function usePulsePlayer(identity: string, loops: number): [number, (k: number) => void, boolean, () => void] {
  const [k, setK] = useState(0);
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    const reduced = reducedMotion();
    setK(reduced ? loops : 0);
    setPlaying(!reduced && loops > 0);
  }, [identity, loops]);
  useEffect(() => {
    if (!playing) return;
    if (k >= loops) {
      setPlaying(false);
      return;
    }
    const t = window.setTimeout(() => setK((x) => Math.min(loops, x + 1)), PULSE_MS);
    return () => window.clearTimeout(t);
  }, [playing, k, loops]);
  const scrub = (x: number) => {
    setPlaying(false);
    setK(Math.max(0, Math.min(loops, x)));
  };
  const replay = () => {
    setK(0);
    setPlaying(loops > 0);
  };
  return [k, scrub, playing, replay];
}

function Dots({ zoom, before, after, pulses, passedAt, width, height, k }: Props & { zoom: IpaZoom; width: number; height: number; k: number }) {
  const identity = `${zoom.block}-${zoom.page}-${zoom.written_from}-${zoom.written_to}-${after.length}`;
  const model = useMemo(() => zoomCells(zoom, before, after), [zoom, before, after]);
  const frame = useMemo(() => pulseFrame(k, before, pulses, passedAt), [k, before, pulses, passedAt]);
  const cells: CellSeries = useMemo(() => ({ vth: frame.vth, state: model.target, target: model.target, targetVerify: model.target, inhibited: frame.inhibited }), [frame, model]);
  const x = useMemo(() => scaleLinear().domain(model.domain).range([8, width - 8]), [model, width]);
  const labels = useMemo(() => zoomStateLabels(model.target, frame.vth, zoom.page_kind), [model, frame, zoom.page_kind]);
  return (
    <>
      <div className="ipa-state-labels" style={{ width }} data-testid="ipa-zoom-states" aria-label="cell states on the Vth axis">
        {labels.map((l) => (
          <span key={l.name} className="ipa-state-label" style={{ left: x(l.v) }} title={`${l.cells} cells; median Vth ${l.v.toFixed(2)} V`}>
            {l.name}
          </span>
        ))}
      </div>
      <div className="ipa-dots" style={{ width, height }}>
        <CellDots width={width} height={height} laneTop={0} laneBottom={height} x={x} domain={model.domain} cells={cells} colors={COLORS} identity={identity} selected={null} alertCell={null} />
      </div>
      <div className="ipa-axis">
        <span>{model.domain[0].toFixed(1)} V</span>
        <span>threshold voltage →</span>
        <span>{model.domain[1].toFixed(1)} V</span>
      </div>
    </>
  );
}

/** The page's programs since its block's erase, as the core replayed them. */
function History({ zoom }: { zoom: IpaZoom }) {
  const other = zoom.page_kind === "LSB" ? "MSB" : "LSB";
  const pairing = zoom.paired_page === null ? "" : `; its ${other} page ${zoom.paired_page} is ${zoom.paired_programmed ? "programmed" : "still erased"}`;
  const others = zoom.block_programs - zoom.history.length;
  return (
    <div className="ipa-bytes" data-testid="ipa-zoom-history" aria-label="the page's programs since its erase">
      <span className="ipa-muted">
        Block {zoom.block} page {zoom.page}: {zoom.page_kind} page of wordline {zoom.wordline}{pairing}; block erased {zoom.erase_count}× before. {zoom.history.length} of NOP {zoom.nop} programs since the erase, replayed with the block's {others} other programs:
      </span>
      {zoom.history.map((p, i) => (
        <span key={i} className={i + 1 === zoom.history.length ? "ipa-byte ipa-pulse-now" : "ipa-byte"}>
          {i + 1}. {p.append ? `append, bytes ${p.from}–${p.to - 1}` : "first program"}, {p.loops} ISPP loops
        </span>
      ))}
      {zoom.bit_errors > 0 && <span className="ipa-muted">{zoom.bit_errors} bits of the window read back wrong</span>}
    </div>
  );
}

function PulsePlayer({ zoom, k, loops, playing, scrub, replay, programming }: { zoom: IpaZoom; k: number; loops: number; playing: boolean; scrub: (k: number) => void; replay: () => void; programming: number }) {
  const vpgm = k > 0 ? zoom.vpgm_per_pulse_v[k - 1] : undefined;
  const inhibited = zoom.cells - programming;
  return (
    <div className="ipa-pulse-player" data-testid="ipa-pulse-player">
      <button type="button" onClick={() => scrub(k - 1)} disabled={k <= 0} aria-label="previous ISPP pulse">
        ◀
      </button>
      <input type="range" min={0} max={loops} step={1} value={k} aria-label="ISPP pulse" onChange={(e) => scrub(Number(e.currentTarget.value))} />
      <button type="button" onClick={() => scrub(k + 1)} disabled={k >= loops} aria-label="next ISPP pulse">
        ▶
      </button>
      <button type="button" onClick={replay} disabled={playing} aria-label="replay the pulses">
        ↺
      </button>
      <span data-testid="ipa-pulse-index">
        {k === 0 ? `before pulse 1 of ${loops}` : `pulse ${k} of ${loops}: Vpgm ${vpgm?.toFixed(2) ?? "?"} V`} · {programming} cells still pulsed, {inhibited} inhibited
      </span>
    </div>
  );
}

/** What the dots mean, as the NAND lab's Vth key says it. */
function ZoomKey({ slc }: { slc: boolean }) {
  return (
    <ul className="ipa-legend ipa-zoom-key" aria-label="cell dots" data-testid="ipa-zoom-key">
      <li>
        <span className="ipa-swatch" style={{ background: COLORS[0] }} />
        {slc ? "ER: bit 1, erased (low Vth)" : "this page's bit 1"}
      </li>
      <li>
        <span className="ipa-swatch" style={{ background: COLORS[1] }} />
        {slc ? "P: bit 0, programmed (charge raised past verify)" : "this page's bit 0"}
      </li>
      <li>
        <span className="ipa-key-dot filled" style={{ borderColor: COLORS[1], background: COLORS[1] }} />
        filled: inhibited (kept its level or passed verify)
      </li>
      <li>
        <span className="ipa-key-dot" style={{ borderColor: COLORS[1] }} />
        hollow: still pulsed
      </li>
      <li>one dot per cell (8 per byte); height is jitter only</li>
    </ul>
  );
}

export function CellZoom(props: Props) {
  const { zoom, before, pulses, passedAt } = props;
  const loops = zoom && before.length > 0 ? Math.floor(pulses.length / before.length) : 0;
  const identity = zoom ? `${zoom.lba}-${zoom.block}-${zoom.page}-${zoom.written_from}-${zoom.written_to}-${zoom.append}-${zoom.stale}-${pulses.length}` : "none";
  const [k, scrub, playing, replay] = usePulsePlayer(identity, loops);
  const programming = useMemo(() => pulseFrame(k, before, pulses, passedAt).programming, [k, before, pulses, passedAt]);
  if (!zoom) {
    return (
      <div className="ipa-zoom" data-testid="ipa-cell-zoom">
        <ChartCard title="Cells of the delta area">{() => <p className="ipa-empty">No page has been written yet.</p>}</ChartCard>
      </div>
    );
  }
  const written = zoom.bytes_after
    .map((b, i) => ({ i: zoom.window_start + i, before: zoom.bytes_before[i] ?? 255, after: b }))
    .filter((b) => b.i >= zoom.written_from && b.i < zoom.written_to);
  const max = Math.max(1, ...zoom.programming_per_pulse);
  const what = zoom.append
    ? `append to page ${zoom.lba}: ${zoom.written_to - zoom.written_from} B programmed into erased cells`
    : `out-of-place write of page ${zoom.lba}: first program of ${zoom.page_kind} page ${zoom.page}`;
  return (
    <div className="ipa-zoom" data-testid="ipa-cell-zoom">
      <ChartCard title={`Cells of bytes ${zoom.window_start}–${zoom.window_start + zoom.bytes_after.length - 1} (${zoom.cells} cells)`} note={zoom.stale ? "from an earlier step" : what}>
        {(size) => <Dots {...props} zoom={zoom} k={k} width={size.width} height={Math.max(40, size.height - 34)} />}
      </ChartCard>
      <ZoomKey slc={zoom.page_kind === "SLC"} />
      <div className="ipa-zoom-foot">
        {loops > 0 && <PulsePlayer zoom={zoom} k={k} loops={loops} playing={playing} scrub={scrub} replay={replay} programming={programming} />}
        {zoom.refused && <div className="ipa-refused">Refused by the cell model: {zoom.refused}</div>}
        <History zoom={zoom} />
        {zoom.programming_per_pulse.length > 0 && (
          <div className="ipa-pulses" aria-label="cells still programming after each ISPP pulse">
            <span className="ipa-muted">ISPP loops:</span>
            {zoom.programming_per_pulse.map((n, i) => (
              <span key={i} className={i + 1 === k ? "ipa-pulse ipa-pulse-now" : "ipa-pulse"} title={`after pulse ${i + 1}: ${n} cells still programming`} style={{ height: `${4 + (18 * n) / max}px` }} />
            ))}
            <span className="ipa-muted">{zoom.programming_per_pulse.length} pulses; the window's other cells are inhibited (bitline at VCC)</span>
          </div>
        )}
        {zoom.append && written.length > 0 && (
          <div className="ipa-bytes" aria-label="appended bytes before and after">
            {written
              .filter((b) => b.before !== b.after)
              .slice(0, 16)
              .map((b) => (
                <span key={b.i} className="ipa-byte" title={`byte ${b.i}`}>
                  {b.i}: {hex(b.before)}→{hex(b.after)}
                </span>
              ))}
            <span className="ipa-muted">({written.filter((b) => b.before === b.after).length} written bytes stay 0xFF: unused pairs)</span>
          </div>
        )}
      </div>
    </div>
  );
}
