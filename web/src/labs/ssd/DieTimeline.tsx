// Die and channel timeline: one lane per die (grouped by channel) with its recent busy
// intervals coloured by kind (read, program, GC copy, erase) and a "now" line at the display
// time, so parallelism across channels and GC stalls on one die are visible at a glance.
import { useMemo } from "react";
import { scaleLinear } from "d3-scale";
import { useElementSize } from "../../hooks/useElementSize";
import { formatNs } from "../../format/units";
import { OP_KINDS, opColor } from "./palette";
import { decodeDieOps, type SsdSeries } from "./series";
import { laneOrder, timelineWindow } from "./timelineWindow";
import type { SsdMeta } from "./types";

interface Props {
  meta: SsdMeta;
  series: SsdSeries;
  timeNs: number;
}

const M = { top: 4, right: 8, bottom: 18, left: 70 };

export function DieTimeline({ meta, series, timeNs }: Props) {
  const [ref, size] = useElementSize<HTMLDivElement>();
  const g = meta.geometry;
  // Decoded once per step: the view re-renders every animation frame for the moving "now".
  const ops = useMemo(() => decodeDieOps(series.dieTimeline), [series.dieTimeline]);
  const nowUs = timeNs / 1e3;
  const win = timelineWindow(ops, g.dies, nowUs, series.dieBusyUntilUs);
  const lanes = useMemo(() => laneOrder(g.channels, g.dies), [g.channels, g.dies]);
  const width = size.width;
  const height = size.height;
  const x = scaleLinear().domain([win.startUs, win.endUs]).range([M.left, Math.max(M.left + 1, width - M.right)]);
  const laneH = lanes.length > 0 ? (height - M.top - M.bottom) / lanes.length : 0;
  const laneOf = useMemo(() => new Map(lanes.map((die, i) => [die, i])), [lanes]);
  // Ticks count back from now: "−200 µs".
  const offsets = scaleLinear().domain([0, nowUs - win.startUs]).ticks(3).filter((o) => o > 0);
  const aheads = scaleLinear().domain([0, win.endUs - nowUs]).ticks(3).filter((o) => o > 0);
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
          <svg width={width} height={height} role="img" aria-label="busy intervals of each die">
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
            {ops.map((op, i) => {
              const lane = laneOf.get(op.die);
              if (lane === undefined || op.endUs < win.startUs || op.startUs > win.endUs) return null;
              const x0 = Math.max(M.left, x(op.startUs));
              const x1 = Math.min(width - M.right, x(op.endUs));
              const future = op.startUs > nowUs;
              return (
                <rect
                  key={i}
                  x={x0}
                  y={M.top + lane * laneH + 2}
                  width={Math.max(1, x1 - x0)}
                  height={Math.max(1, laneH - 4)}
                  fill={opColor(op.kind)}
                  opacity={future ? 0.45 : 1}
                >
                  <title>{`die ${op.die}: ${OP_KINDS.find((k) => k.kind === op.kind)?.label ?? "op"} ${formatNs((op.endUs - op.startUs) * 1e3)}`}</title>
                </rect>
              );
            })}
            <line x1={x(nowUs)} x2={x(nowUs)} y1={M.top - 2} y2={height - M.bottom + 2} className="ssd-now" />
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
      </div>
    </section>
  );
}
