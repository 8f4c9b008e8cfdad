// The Vth axis of the focused wordline: a histogram per state (stacked, coloured by the state
// the cells are in now), the verify levels (dashed, where ISPP stops a cell) and the read
// references the pages use now (solid), every final level named with its Gray-coded bits, and
// below the histogram every cell as a dot that moves right pulse by pulse.
import { max } from "d3-array";
import { scaleLinear } from "d3-scale";
import { memo, useMemo, useState } from "react";
import { useElementSize } from "../../hooks/useElementSize";
import { PANZOOM_BAR_PX, PanZoom } from "../../components/PanZoom";
import { formatNumber } from "../../format/units";
import { CellDots } from "./CellDots";
import type { NandSeries } from "./series";
import { stackedHeights, stackedRects, stateTotals } from "./series";
import type { NandMeta } from "./types";
import { vthAxis } from "./vthAxis";
import { YGrid } from "../../charts/YGrid";

interface Props {
  meta: NandMeta;
  series: NandSeries;
  colors: readonly string[];
  identity: string;
  /** The cell to mark (hovered or selected in the wordline). */
  marked: number | null;
  alertCell: number | null;
}

const M = { left: 40, right: 16 };
const LABEL_BAND = 40;
const AXIS_H = 26;

/** Read references the focused wordline's pages use now, each with its page names. */
function currentRefs(meta: NandMeta): { v: number; pages: string[] }[] {
  const byV = new Map<string, { v: number; pages: string[] }>();
  for (const p of meta.page_refs) {
    if (p.wordline !== meta.focus_wordline) continue;
    for (const v of p.refs_v) {
      const key = v.toFixed(4);
      const entry = byV.get(key) ?? { v, pages: [] };
      if (!entry.pages.includes(p.name)) entry.pages.push(p.name);
      byV.set(key, entry);
    }
  }
  return [...byV.values()].sort((a, b) => a.v - b.v);
}

function rectsPath(rects: { x0: number; x1: number; y0: number; y1: number }[], x: (v: number) => number, y: (c: number) => number): string {
  return rects
    .map((r) => {
      const x0 = x(r.x0);
      const w = Math.max(0.8, x(r.x1) - x0 - 0.4);
      const top = y(r.y1);
      return `M${x0.toFixed(2)},${y(r.y0).toFixed(2)}h${w.toFixed(2)}V${top.toFixed(2)}h${(-w).toFixed(2)}Z`;
    })
    .join("");
}

export const VthChart = memo(function VthChart({ meta, series, colors, identity, marked, alertCell }: Props) {
  const [ref, size] = useElementSize<HTMLDivElement>();
  const [zoomScale, setZoomScale] = useState(1);
  // The zoom's buttons take a row above the chart (so they cover no label).
  const { width } = size;
  const height = Math.max(0, size.height - PANZOOM_BAR_PX);
  const h = meta.histogram;
  const erasedTop = meta.states[0]?.top_v ?? 0;
  const axis = useMemo(() => vthAxis(h.min_v, h.max_v, erasedTop, M.left, Math.max(M.left + 1, width - M.right)), [h.min_v, h.max_v, erasedTop, width]);
  const x = axis.scale;
  const lane = Math.round(Math.min(70, Math.max(36, height * 0.26)));
  const histTop = LABEL_BAND;
  const histBottom = Math.max(histTop + 20, height - AXIS_H - lane - 8);
  const laneTop = histBottom + 6;
  const laneBottom = laneTop + lane;
  const axisY = laneBottom + 2;

  const heights = stackedHeights(series.histCounts, h.rows, h.bins);
  const top = Math.max(4, max(heights) ?? 0);
  const y = scaleLinear().domain([0, top]).range([histBottom, histTop + 16]).nice(3);
  const rects = stackedRects(series.histEdges, series.histCounts, h.rows, h.bins);
  const totals = stateTotals(series.histCounts, h.rows, h.bins);
  const refs = currentRefs(meta);
  const finalRefs = meta.read_refs_v;
  const levelCount = meta.levels.length;

  // Each final level is named in its read window: between the final references around it.
  const windows = meta.levels.map((level, i) => {
    const lo = i === 0 ? h.min_v : (finalRefs[i - 1] ?? h.min_v);
    const hi = i === levelCount - 1 ? h.max_v : (finalRefs[i] ?? h.max_v);
    return { level, cx: (x(lo) + x(hi)) / 2, width: x(hi) - x(lo) };
  });
  const markedV = marked !== null ? series.cells.vth[marked] : undefined;
  const ready = width > 0 && height > 0;

  return (
    <div className="nand-vth-body">
      <div className="nand-vth-plot" ref={ref}>
        {ready && (
          <PanZoom label="cells and their threshold voltages" testId="nand-vth-zoom" onScale={setZoomScale} fill>
            <svg width={width} height={height} className="nand-vth-svg" role="img" aria-label={`Threshold voltages of wordline ${meta.focus_wordline}`}>
              {/* Level names and Gray-coded bits, one per read window. */}
              {windows.map(({ level, cx, width: w }) => (
                <g key={level.level} transform={`translate(${cx},0)`}>
                  {/* The name in ink (pale hues such as ER's grey and P4's yellow are not text
                      colours), over a bar of the level's colour. */}
                  <text y={15} textAnchor="middle" className="vth-level-name">
                    {level.name}
                  </text>
                  <rect x={-9} y={18} width={18} height={3} rx={1} fill={colors[meta.states.findIndex((s) => s.final_level === level.level)] ?? "var(--c-muted)"} />
                  {w > 22 && (
                    <text y={32} textAnchor="middle" className="vth-level-bits">
                      {level.bits}
                    </text>
                  )}
                </g>
              ))}
              {/* Count axis. */}
              <YGrid ticks={y.ticks(2)} y={y} left={M.left} right={width - M.right} format={formatNumber} />
              {/* The histogram, stacked by state. */}
              {rects.map((stateRects, s) =>
                stateRects.length === 0 ? null : (
                  <path key={s} d={rectsPath(stateRects, x, y)} fill={colors[s] ?? "#888"} className="vth-bars" />
                ),
              )}
              {/* Intermediate states are named over their bars while cells sit in them. */}
              {meta.states.map((s, i) => {
                if (s.final_level !== null || (totals[i] ?? 0) === 0) return null;
                return (
                  <text key={s.name} x={x(s.verify_v)} y={histTop + 12} className="vth-intermediate">
                    {s.name}
                  </text>
                );
              })}
              {/* Verify levels: dashed, in the state's colour. */}
              {meta.states.map((s, i) =>
                s.final_level === 0 ? null : (
                  <line
                    key={`verify-${s.name}`}
                    x1={x(s.verify_v)}
                    x2={x(s.verify_v)}
                    y1={histTop + 2}
                    y2={laneBottom}
                    className={s.final_level === null ? "vth-verify intermediate" : "vth-verify"}
                    style={{ stroke: colors[i] }}
                  />
                ),
              )}
              {/* Read references in use now. */}
              {refs.map((r) => (
                <g key={`ref-${r.v}`} transform={`translate(${x(r.v)},0)`}>
                  <line y1={histTop - 2} y2={laneBottom} className="vth-ref" />
                  <text y={histBottom - 4} dx={4} className="vth-ref-label">
                    {r.pages.join("+")}
                  </text>
                </g>
              ))}
              <line x1={M.left} x2={width - M.right} y1={histBottom} y2={histBottom} className="chart-axis" />
              {/* The cell lane's frame and the Vth axis. */}
              <rect x={M.left} y={laneTop} width={Math.max(0, width - M.left - M.right)} height={lane} className="vth-lane" />
              <text x={M.left - 6} y={(laneTop + laneBottom) / 2} dy="0.32em" textAnchor="end" className="vth-axis-unit">
                cells
              </text>
              {axis.ticks.map((t) => (
                <g key={t} transform={`translate(${x(t)},${axisY})`}>
                  <line y2={5} className="chart-axis" />
                  <text y={18} textAnchor="middle" className="chart-tick">
                    {t === 0 ? "0 V" : `${t < 0 ? "−" : ""}${Math.abs(t)}`}
                  </text>
                </g>
              ))}
              {axis.breakV !== null && (
                <g transform={`translate(${x(axis.breakV)},${axisY})`} className="vth-break">
                  <rect x={-5} y={-3} width={10} height={8} className="vth-break-gap" />
                  <path d="M-7,6 L-2,-4 M2,6 L7,-4" />
                  <title>{`Axis break: the erased region is drawn ${formatNumber(axis.compression)}× compressed`}</title>
                </g>
              )}
              {markedV !== undefined && (
                <g transform={`translate(${x(Math.min(h.max_v, Math.max(h.min_v, markedV)))},0)`} className="vth-marked">
                  <line y1={histTop} y2={laneBottom} />
                  <text y={histTop + 10} dx={markedV > (h.min_v + h.max_v) / 2 ? -5 : 5} textAnchor={markedV > (h.min_v + h.max_v) / 2 ? "end" : "start"}>
                    cell {marked} · {markedV.toFixed(2)} V
                  </text>
                </g>
              )}
            </svg>
            <CellDots
              width={width}
              height={height}
              laneTop={laneTop}
              laneBottom={laneBottom}
              x={x}
              domain={[h.min_v, h.max_v]}
              cells={series.cells}
              colors={colors}
              identity={identity}
              selected={marked}
              alertCell={alertCell}
              zoom={zoomScale}
            />
          </PanZoom>
        )}
      </div>
      <div className="vth-caption">
        <span className="vth-caption-text num">
          {formatNumber(Math.round(((h.max_v - h.min_v) / h.bins) * 1000))} mV bins
          {axis.breakV !== null ? ` · erased side ${formatNumber(Math.round(axis.compression * 10) / 10)}× compressed` : ""}
        </span>
        <span className="nand-key">
          <span className="nand-key-item">
            <span className="key-ref" /> read ref
          </span>
          <span className="nand-key-item">
            <span className="key-verify" /> verify
          </span>
          <span className="nand-key-item">
            <span className="key-dot filled" /> inhibited
          </span>
          <span className="nand-key-item">
            <span className="key-dot hollow" /> programming
          </span>
        </span>
      </div>
    </div>
  );
});
