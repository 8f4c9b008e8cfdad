// Die and channel timeline: one lane per die (grouped by channel) with its recent busy
// intervals coloured by kind (read, program, GC copy, erase) and a "now" line at the display
// time, so parallelism across channels and GC stalls on one die are visible at a glance.
// The lanes, labels and ticks are SVG; the intervals and the "now" line, which move every
// animation frame (up to 16 per die, hundreds on a large device), are drawn on a canvas above
// them, and a hovered interval is named in a tooltip.
import { useEffect, useMemo, useRef, useState, type PointerEvent } from "react";
import { canvasColours } from "../../app/theme";
import { prepareCanvas } from "../../components/canvas";
import { scaleLinear } from "d3-scale";
import { useElementSize } from "../../hooks/useElementSize";
import { formatNs } from "../../format/units";
import { OP_KINDS, opColor } from "./palette";
import { decodeDieOps, type DieOp, type SsdSeries } from "./series";
import { laneOrder, timelineWindow } from "./timelineWindow";
import type { SsdMeta } from "./types";
import { useTheme } from "../../components/ThemeToggle";

interface Props {
  meta: SsdMeta;
  series: SsdSeries;
  timeNs: number;
}

const M = { top: 4, right: 8, bottom: 18, left: 70 };

/** Time (µs) → x in CSS pixels, over the window, for a body `width` wide. */
function timeScale(startUs: number, endUs: number, width: number) {
  return scaleLinear().domain([startUs, endUs]).range([M.left, Math.max(M.left + 1, width - M.right)]);
}

export function DieTimeline({ meta, series, timeNs }: Props) {
  const [ref, size] = useElementSize<HTMLDivElement>();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [hovered, setHovered] = useState<{ op: DieOp; x: number; y: number } | null>(null);
  const theme = useTheme();
  const g = meta.geometry;
  // Decoded once per step: the view re-renders every animation frame for the moving "now".
  const ops = useMemo(() => decodeDieOps(series.dieTimeline), [series.dieTimeline]);
  const nowUs = timeNs / 1e3;
  const win = timelineWindow(ops, g.dies, nowUs, series.dieBusyUntilUs);
  const lanes = useMemo(() => laneOrder(g.channels, g.dies), [g.channels, g.dies]);
  const width = size.width;
  const height = size.height;
  const x = timeScale(win.startUs, win.endUs, width);
  const laneH = lanes.length > 0 ? (height - M.top - M.bottom) / lanes.length : 0;
  const laneOf = useMemo(() => new Map(lanes.map((die, i) => [die, i])), [lanes]);
  // Ticks count back from now: "−200 µs".
  const offsets = scaleLinear().domain([0, nowUs - win.startUs]).ticks(3).filter((o) => o > 0);
  const aheads = scaleLinear().domain([0, win.endUs - nowUs]).ticks(3).filter((o) => o > 0);
  const { startUs, endUs } = win;

  useEffect(() => {
    if (width === 0 || height === 0) return;
    const ctx = prepareCanvas(canvas.current, width, height);
    if (!ctx) return;
    const at = timeScale(startUs, endUs, width);
    for (const op of ops) {
      const lane = laneOf.get(op.die);
      if (lane === undefined || op.endUs < startUs || op.startUs > endUs) continue;
      const x0 = Math.max(M.left, at(op.startUs));
      const x1 = Math.min(width - M.right, at(op.endUs));
      ctx.globalAlpha = op.startUs > nowUs ? 0.45 : 1;
      ctx.fillStyle = opColor(op.kind);
      ctx.fillRect(x0, M.top + lane * laneH + 2, Math.max(1, x1 - x0), Math.max(1, laneH - 4));
    }
    ctx.globalAlpha = 1;
    ctx.strokeStyle = canvasColours().ink;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.moveTo(at(nowUs), M.top - 2);
    ctx.lineTo(at(nowUs), height - M.bottom + 2);
    ctx.stroke();
  }, [ops, laneOf, laneH, startUs, endUs, nowUs, width, height, theme]);

  const onMove = (event: PointerEvent<HTMLCanvasElement>): void => {
    const box = event.currentTarget.getBoundingClientRect();
    const px = event.clientX - box.left;
    const py = event.clientY - box.top;
    const lane = laneH > 0 ? Math.floor((py - M.top) / laneH) : -1;
    const die = lanes[lane];
    const t = x.invert(px);
    const op = die === undefined ? undefined : ops.find((o) => o.die === die && o.startUs <= t && t <= o.endUs);
    setHovered(op ? { op, x: px, y: py } : null);
  };

  return (
    <section className="ssd-card ssd-timeline" data-testid="ssd-timeline" aria-labelledby="ssd-timeline-title">
      <header className="ssd-card-head">
        <h3 id="ssd-timeline-title">
          Dies
        </h3>
        <div className="ssd-legend compact" title="pale: booked to run after now">
          {OP_KINDS.map((k) => (
            <span key={k.kind} className="ssd-key">
              <span className="ssd-swatch" style={{ background: k.color }} /> {k.label}
            </span>
          ))}
          <span className="ssd-key">
            <span className="ssd-swatch" style={{ background: "#0072b2", opacity: 0.45 }} /> booked
          </span>
        </div>
      </header>
      <div className="ssd-timeline-body" ref={ref}>
        {width > 0 && height > 0 && (
          <svg width={width} height={height} aria-hidden="true">
            {lanes.map((die, i) => {
              const y = M.top + i * laneH;
              const channel = die % g.channels;
              const firstOfChannel = i === 0 || (lanes[i - 1] ?? 0) % g.channels !== channel;
              return (
                <g key={die}>
                  {firstOfChannel && i > 0 && <line x1={4} x2={width - M.right} y1={y} y2={y} className="ssd-lane-sep" />}
                  <rect x={M.left} y={y + 1} width={Math.max(0, width - M.left - M.right)} height={Math.max(0, laneH - 2)} className="ssd-lane" />
                  <text x={M.left - 6} y={y + laneH / 2} dy="0.32em" textAnchor="end" className="ssd-lane-label">
                    {firstOfChannel ? `ch${channel} ` : ""}die {die}
                  </text>
                </g>
              );
            })}
            <text x={x(nowUs)} y={height - 4} textAnchor="middle" className="ssd-now-label">
              now {formatNs(timeNs)}
            </text>
            {offsets
              .filter((o) => x(nowUs) - x(nowUs - o) > 70 && x(nowUs - o) > M.left + 20)
              .map((o) => (
                <text key={o} x={x(nowUs - o)} y={height - 4} textAnchor="middle" className="chart-tick">
                  −{formatNs(o * 1e3)}
                </text>
              ))}
            {aheads
              .filter((o) => x(nowUs + o) - x(nowUs) > 70 && x(nowUs + o) < width - M.right - 20)
              .map((o) => (
                <text key={`+${o}`} x={x(nowUs + o)} y={height - 4} textAnchor="middle" className="chart-tick">
                  +{formatNs(o * 1e3)}
                </text>
              ))}
          </svg>
        )}
        <canvas
          ref={canvas}
          className="ssd-timeline-canvas"
          style={{ width, height }}
          role="img"
          aria-label="busy intervals of each die"
          onPointerMove={onMove}
          onPointerLeave={() => setHovered(null)}
        />
        {hovered && (
          <div
            className="ssd-hover"
            role="tooltip"
            data-testid="ssd-timeline-hover"
            style={{ left: Math.min(hovered.x + 12, Math.max(0, width - 210)), top: Math.max(0, hovered.y - 40) }}
          >
            die {hovered.op.die}: {OP_KINDS.find((k) => k.kind === hovered.op.kind)?.label ?? "op"}{" "}
            {formatNs((hovered.op.endUs - hovered.op.startUs) * 1e3)}
          </div>
        )}
      </div>
    </section>
  );
}
