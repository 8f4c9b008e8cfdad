// Device timelines: one lane for the HDD holding the table and one for the update cache (the SSD,
// or a second HDD), with their recent operations coloured by kind and a "now" line at the display
// time. A scan shows as a long HDD read overlapped by short granule reads on the SSD; a flush as
// a burst of SSD page writes; in-place migration as HDD reads and writes.
import { memo } from "react";
import { scaleLinear } from "d3-scale";
import { formatNs } from "../../format/units";
import { useElementSize } from "../../hooks/useElementSize";
import { CACHE_KINDS, HDD_KINDS, opColor } from "./palette";
import type { DeviceOp } from "./series";
import { busyInWindow, deviceWindow } from "./timelineWindow";

interface Props {
  hddOps: DeviceOp[];
  cacheOps: DeviceOp[];
  cacheLabel: string;
  timeNs: number;
}

const M = { top: 4, right: 8, bottom: 18, left: 66 };

type KindTable = readonly { kind: number; label: string; color: string }[];

export const DeviceTimeline = memo(function DeviceTimeline({ hddOps, cacheOps, cacheLabel, timeNs }: Props) {
  const [ref, size] = useElementSize<HTMLDivElement>();
  const nowUs = timeNs / 1e3;
  const win = deviceWindow([hddOps, cacheOps], nowUs);
  const { width, height } = size;
  const x = scaleLinear().domain([win.startUs, win.endUs]).range([M.left, Math.max(M.left + 1, width - M.right)]);
  const lanes: { label: string; ops: DeviceOp[]; kinds: KindTable }[] = [
    { label: "HDD", ops: hddOps, kinds: HDD_KINDS },
    { label: cacheLabel, ops: cacheOps, kinds: CACHE_KINDS },
  ];
  const laneH = (height - M.top - M.bottom) / lanes.length;
  const visible = (op: DeviceOp): boolean => op.endUs >= win.startUs && op.startUs <= win.endUs;
  const seen = new Set<string>();
  const legend: { label: string; color: string }[] = [];
  for (const lane of lanes) {
    for (const op of lane.ops) {
      const kind = lane.kinds.find((k) => k.kind === op.kind);
      if (kind && visible(op) && !seen.has(kind.label)) {
        seen.add(kind.label);
        legend.push(kind);
      }
    }
  }
  const offsets = scaleLinear()
    .domain([0, nowUs - win.startUs])
    .ticks(3)
    .filter((o) => o > 0);
  return (
    <section className="masm-card masm-timeline" data-testid="masm-timeline" aria-labelledby="masm-timeline-title">
      <header className="masm-card-head">
        <h3 id="masm-timeline-title">Devices</h3>
        <div className="masm-legend compact">
          {legend.length === 0 && <span className="masm-key muted">no I/O in view</span>}
          {legend.map((k) => (
            <span key={k.label} className="masm-key">
              <span className="masm-swatch" style={{ background: k.color }} /> {k.label}
            </span>
          ))}
        </div>
      </header>
      <div className="masm-timeline-body" ref={ref}>
        {width > 0 && height > 0 && (
          <svg width={width} height={height} role="img" aria-label="recent operations of the HDD and of the update cache">
            {lanes.map((lane, i) => {
              const y = M.top + i * laneH;
              const busy = busyInWindow(lane.ops, win, nowUs);
              const span = Math.max(1, nowUs - win.startUs);
              return (
                <g key={lane.label} data-testid="masm-lane" data-lane={lane.label}>
                  <rect x={M.left} y={y + 1} width={Math.max(0, width - M.left - M.right)} height={Math.max(0, laneH - 2)} className="masm-lane" />
                  <text x={M.left - 6} y={y + laneH / 2 - 6} dy="0.35em" textAnchor="end" className="masm-lane-label">
                    {lane.label}
                  </text>
                  <text x={M.left - 6} y={y + laneH / 2 + 8} dy="0.35em" textAnchor="end" className="masm-lane-sub num">
                    {Math.round((busy / span) * 100)} % busy
                  </text>
                  {lane.ops.filter(visible).map((op, k) => {
                    const x0 = Math.max(M.left, x(op.startUs));
                    const x1 = Math.min(width - M.right, x(op.endUs));
                    const label = lane.kinds.find((kk) => kk.kind === op.kind)?.label ?? "op";
                    return (
                      <rect
                        key={k}
                        x={x0}
                        y={y + 3}
                        width={Math.max(1.5, x1 - x0)}
                        height={Math.max(1, laneH - 6)}
                        fill={opColor(lane.kinds, op.kind)}
                        opacity={op.startUs > nowUs ? 0.45 : 1}
                      >
                        <title>{`${lane.label}: ${label} ${lane.label === "HDD" ? "page" : "run"} ${op.target}, ${formatNs((op.endUs - op.startUs) * 1e3)}`}</title>
                      </rect>
                    );
                  })}
                </g>
              );
            })}
            <line x1={x(nowUs)} x2={x(nowUs)} y1={M.top - 2} y2={height - M.bottom + 2} className="masm-now" />
            <text x={Math.min(x(nowUs), width - 44)} y={height - 4} textAnchor="middle" className="masm-now-label">
              now {formatNs(timeNs)}
            </text>
            {offsets
              .filter((o) => x(nowUs) - x(nowUs - o) > 70 && x(nowUs - o) > M.left + 20)
              .map((o) => (
                <text key={o} x={x(nowUs - o)} y={height - 4} textAnchor="middle" className="chart-tick">
                  −{formatNs(o * 1e3)}
                </text>
              ))}
          </svg>
        )}
      </div>
    </section>
  );
});
