// The log as it flows to the devices: an LSN ruler (generated, issued, durable prefix, the last
// acknowledged commit) over one lane per device. Each lane shows the device's latest records at
// their LSNs and its write in flight, filling with the display clock until the device is done;
// an outlier is outlined, a re-issued copy drawn in its own colour. After a crash the lanes show
// what each medium holds, torn writes hatched. A flash drive with a capacity shows its space
// under its name (used of capacity, and what the archive has freed); the ruler marks how far the
// archival disk holds the log.
import { useElementSize } from "../../hooks/useElementSize";
import { formatBytes, lsnWindow, progress, spaceFraction, visible, writeClass, xOfLsn } from "./layout";
import type { LaneMeta, LogMeta } from "./types";

const LABEL_W = 150;
const RULER_H = 26;
const LANE_H = 34;
const PAD_R = 16;

interface Props {
  meta: LogMeta;
  clockNs: number;
}

export function LanesPanel({ meta, clockNs }: Props) {
  const [ref, size] = useElementSize<HTMLDivElement>();
  const width = Math.max(320, size.width);
  const w = lsnWindow(meta);
  const x0 = LABEL_W;
  const x1 = width - PAD_R;
  const x = (lsn: number) => xOfLsn(lsn, w, x0, x1);
  const height = RULER_H + meta.lanes.length * LANE_H + 8;
  const marks = [
    { key: "generated", lsn: meta.next_lsn, label: "generated", cls: "fl-mark-generated" },
    { key: "issued", lsn: meta.issued_upto, label: "issued", cls: "fl-mark-issued" },
    { key: "durable", lsn: meta.durable_prefix, label: "durable", cls: "fl-mark-durable" },
    { key: "acked", lsn: meta.acked_end_lsn, label: "acked", cls: meta.unsafe_config ? "fl-mark-unsafe" : "fl-mark-acked" },
    ...(meta.archived_upto > 0 ? [{ key: "archived", lsn: meta.archived_upto, label: "archived", cls: "fl-mark-archived" }] : []),
  ];
  return (
    <div className="fl-lanes" ref={ref} data-testid="flashlog-lanes">
      <div className="fl-legend">
        <span className="fl-axis-label">
          LSN {formatBytes(w.lo)} – {formatBytes(w.hi)}
        </span>
        {marks.map((m) => (
          <span key={m.key} className={`fl-legend-item ${m.cls}`}>
            <i /> {m.label} {formatBytes(m.lsn)}
          </span>
        ))}
      </div>
      <svg width={width} height={height} role="img" aria-label="log devices as lanes on the LSN axis">
        <rect x={x0} y={6} width={x1 - x0} height={12} className="fl-ruler" />
        <rect x={x0} y={6} width={Math.max(0, x(meta.durable_prefix) - x0)} height={12} className="fl-durable-bar" data-testid="flashlog-durable" />
        <text x={x0 - 6} y={16} textAnchor="end" className="fl-lane-sub">
          durable prefix
        </text>
        {marks.map((m) => (
          <line key={m.key} x1={x(m.lsn)} x2={x(m.lsn)} y1={2} y2={height - 4} className={`fl-mark ${m.cls}`} />
        ))}
        {meta.lanes.map((lane, i) => (
          <Lane key={lane.name} index={i} lane={lane} y={RULER_H + i * LANE_H} x={x} window={w} clockNs={clockNs} width={width} lastRequest={meta.last_request} />
        ))}
      </svg>
    </div>
  );
}

interface LaneProps {
  /** The device's index (the core's device order): a lesson's click questions pick a lane by it. */
  index: number;
  lane: LaneMeta;
  y: number;
  x: (lsn: number) => number;
  window: { lo: number; hi: number };
  clockNs: number;
  width: number;
  lastRequest: number | null;
}

function Lane({ index, lane, y, x, window, clockNs, width, lastRequest }: LaneProps) {
  const f = lane.in_flight;
  const h = LANE_H - 10;
  return (
    <g transform={`translate(0,${y})`} data-testid="flashlog-lane" data-pick={index}>
      <rect x={0} y={2} width={width} height={LANE_H - 4} className={`fl-lane-bg fl-kind-${lane.kind}`} />
      <text x={6} y={15} className="fl-lane-name">
        {lane.name}
      </text>
      <text x={6} y={27} className="fl-lane-sub">
        {lane.kind} · {lane.writes} writes{lane.outliers_suffered > 0 ? ` · ${lane.outliers_suffered} outliers` : ""}
      </text>
      {lane.capacity_bytes !== null && <SpaceMeter lane={lane} capacity={lane.capacity_bytes} />}
      {lane.recent
        .filter((r) => visible(r.start_lsn, r.end_lsn, window))
        .map((r, k) => (
          <rect
            key={`${r.start_lsn}-${r.end_lsn}-${k}`}
            x={x(r.start_lsn)}
            y={6}
            width={Math.max(2, x(r.end_lsn) - x(r.start_lsn))}
            height={h}
            className={`fl-record ${writeClass(r)}`}
          >
            <title>
              [{r.start_lsn}, {r.end_lsn}) {r.purpose}
              {r.torn ? " — torn" : ""}
            </title>
          </rect>
        ))}
      {f && visible(f.start_lsn, f.end_lsn, window) && (
        <g data-testid="flashlog-inflight" className={f.request === lastRequest ? "fl-inflight fl-last" : "fl-inflight"}>
          <rect x={x(f.start_lsn)} y={4} width={Math.max(3, x(f.end_lsn) - x(f.start_lsn))} height={h + 4} className={`fl-write ${writeClass(f)}`} />
          <rect
            x={x(f.start_lsn)}
            y={4 + h + 1}
            width={Math.max(0, (x(f.end_lsn) - x(f.start_lsn)) * progress(f, clockNs))}
            height={3}
            className="fl-progress"
          />
          <text
            x={x(f.end_lsn) + 70 > width ? x(f.start_lsn) - 4 : x(f.end_lsn) + 4}
            textAnchor={x(f.end_lsn) + 70 > width ? "end" : "start"}
            y={19}
            className="fl-write-label"
          >
            #{f.request} {f.purpose === "log" ? "" : f.purpose.replace("_", " ")}
            {f.outlier ? " outlier!" : ""}
          </text>
        </g>
      )}
    </g>
  );
}

// A flash drive's log space: the filled part is what its records and its write in flight take;
// the drive is full (not ready) when a write does not fit, until an archive write frees space.
function SpaceMeter({ lane, capacity }: { lane: LaneMeta; capacity: number }) {
  const w = LABEL_W - 12;
  const used = spaceFraction(lane.used_bytes, capacity);
  return (
    <g data-testid="flashlog-space">
      <rect x={6} y={LANE_H - 6} width={w} height={3} className="fl-space-bg" />
      <rect x={6} y={LANE_H - 6} width={w * used} height={3} className={used > 0.9 ? "fl-space fl-space-full" : "fl-space"} />
      <title>
        {formatBytes(lane.used_bytes)} of {formatBytes(capacity)} in use; {formatBytes(lane.freed_bytes)} freed so far after the archive held it
        {lane.oldest_lsn !== null ? `; oldest LSN still here ${lane.oldest_lsn}` : ""}
      </title>
    </g>
  );
}
