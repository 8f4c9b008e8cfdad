// The zoom into the cells of the latest write, on the NAND cell model (core: ipa::zoom): every
// cell of the delta area's window as a dot on the Vth axis, drawn with the NAND lab's CellDots.
// An append glides the appended cells from their erased Vth up to the programmed level while
// every other cell stays put (inhibited); the bars show the cells still pulsed after each ISPP
// loop. Bytes before → after for the written range sit underneath.
import { useEffect, useMemo, useState } from "react";
import { scaleLinear } from "d3-scale";
import { ChartCard } from "../../charts/ChartCard";
import { CellDots } from "../nand/CellDots";
import { ERASED_COLOR, levelColor } from "../nand/palette";
import type { CellSeries } from "../nand/series";
import { hex } from "./pageMap";
import type { IpaZoom } from "./types";
import { zoomCells } from "./zoom";

interface Props {
  zoom: IpaZoom | null;
  before: Float64Array;
  after: Float64Array;
}

const COLORS = [ERASED_COLOR, levelColor(1, 2)] as const;

function Dots({ zoom, before, after, width, height }: Props & { zoom: IpaZoom; width: number; height: number }) {
  const identity = `${zoom.block}-${zoom.page}-${zoom.written_from}-${zoom.written_to}-${after.length}`;
  const [showAfter, setShowAfter] = useState(false);
  useEffect(() => {
    setShowAfter(false);
    const t = window.setTimeout(() => setShowAfter(true), 120);
    return () => window.clearTimeout(t);
  }, [identity, after]);
  const model = useMemo(() => zoomCells(zoom, before, after), [zoom, before, after]);
  const cells: CellSeries = useMemo(
    () => ({ vth: showAfter ? after : before, state: model.target, target: model.target, targetVerify: model.target, inhibited: showAfter ? model.allInhibited : model.inhibited }),
    [showAfter, before, after, model],
  );
  const x = useMemo(() => scaleLinear().domain(model.domain).range([8, width - 8]), [model, width]);
  return (
    <>
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

export function CellZoom({ zoom, before, after }: Props) {
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
    : `out-of-place write of page ${zoom.lba}: a fresh page, first program`;
  return (
    <div className="ipa-zoom" data-testid="ipa-cell-zoom">
      <ChartCard title={`Cells of bytes ${zoom.window_start}–${zoom.window_start + zoom.bytes_after.length - 1} (${zoom.cells} cells)`} note={zoom.stale ? "from an earlier step" : what}>
        {(size) => <Dots zoom={zoom} before={before} after={after} width={size.width} height={Math.max(40, size.height - 18)} />}
      </ChartCard>
      <div className="ipa-zoom-foot">
        {zoom.refused && <div className="ipa-refused">Refused by the cell model: {zoom.refused}</div>}
        {zoom.append && zoom.programming_per_pulse.length > 0 && (
          <div className="ipa-pulses" aria-label="cells still programming after each ISPP pulse">
            <span className="ipa-muted">ISPP loops:</span>
            {zoom.programming_per_pulse.map((n, i) => (
              <span key={i} className="ipa-pulse" title={`after pulse ${i + 1}: ${n} cells still programming`} style={{ height: `${4 + (18 * n) / max}px` }} />
            ))}
            <span className="ipa-muted">{zoom.programming_per_pulse.length} pulses; the other cells are inhibited (bitline at VCC)</span>
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
