// "Now serving": the busy request, its three phases as one bar with a moving cursor (seek,
// rotational wait, transfer: widths are the core's durations), and the scheduler's last pick.
import type { CSSProperties } from "react";
import { formatNs, formatNumber } from "../../format/units";
import { formatBytes, schedulerName } from "./format";
import { phaseAt } from "./kinematics";
import type { HddMeta } from "./types";

const PHASES = [
  { key: "seek", label: "seek", color: "var(--c-seek)", verb: "Seeking to the cylinder" },
  { key: "rotate", label: "rotate", color: "var(--c-rotate)", verb: "Waiting for the sector to come round" },
  { key: "transfer", label: "transfer", color: "var(--c-transfer)", verb: "Transferring as the sectors pass" },
] as const;

/** Narrow phases still get this share of the bar, so they stay visible. */
const MIN_SHARE = 0.06;

export function ServicePanel({ meta, timeNs }: { meta: HddMeta; timeNs: number }) {
  const busy = meta.busy;
  const decision = meta.last_decision;
  return (
    <div className="service" data-testid="hdd-service">
      <div className="service-head">
        <span className="eyebrow">Now serving</span>
        {busy ? (
          <span className="service-request">
            <span className={busy.is_write ? "rw-tag write" : "rw-tag read"}>{busy.is_write ? "write" : "read"}</span>
            <b className="num">#{busy.id}</b> · {formatBytes(busy.bytes)} · cylinder <b className="num">{formatNumber(busy.cylinder)}</b> · head {busy.head}
          </span>
        ) : (
          <span className="service-request idle">{meta.done ? "Every request is done." : "Nothing: the disk is idle, waiting for a request."}</span>
        )}
      </div>
      <PhaseBar meta={meta} timeNs={timeNs} />
      <p className="service-decision">
        <b>{schedulerName(meta.scheduler)}</b>{" "}
        {decision
          ? `picked #${decision.request} · ${formatNumber(decision.distance_cylinders)} cylinders away · from ${decision.candidates} waiting`
          : "has not picked a request yet."}
      </p>
    </div>
  );
}

function PhaseBar({ meta, timeNs }: { meta: HddMeta; timeNs: number }) {
  const busy = meta.busy;
  if (!busy) {
    return (
      <div className="phase-bar-wrap">
        <div className="phase-bar empty" />
        <div className="phase-legend">&nbsp;</div>
        <p className="phase-caption">&nbsp;</p>
      </div>
    );
  }
  const durations = {
    seek: busy.seek_end_ns - busy.start_ns,
    rotate: busy.rotation_end_ns - busy.seek_end_ns,
    transfer: busy.end_ns - busy.rotation_end_ns,
  };
  const total = Math.max(1, durations.seek + durations.rotate + durations.transfer);
  const raw = PHASES.map((p) => Math.max(MIN_SHARE, durations[p.key] / total));
  const sum = raw.reduce((a, b) => a + b, 0);
  const shares = raw.map((s) => s / sum);
  const state = phaseAt(busy, timeNs);
  let cursor = 0;
  let offset = 0;
  PHASES.forEach((p, i) => {
    const share = shares[i] ?? 0;
    if (p.key === state.phase) cursor = offset + share * state.progress;
    if (state.phase === "done") cursor = 1;
    offset += share;
  });
  const current = PHASES.find((p) => p.key === state.phase);
  return (
    <div className="phase-bar-wrap">
      <div className="phase-bar" role="img" aria-label={`phase ${state.phase}`}>
        {PHASES.map((p, i) => (
          <div
            key={p.key}
            className={p.key === state.phase ? "phase-segment active" : "phase-segment"}
            style={{ flexGrow: shares[i] ?? 0, "--phase-color": p.color } as CSSProperties}
          >
            {(shares[i] ?? 0) >= 0.2 && <span className="phase-name">{p.label}</span>}
          </div>
        ))}
        <div className="phase-cursor" style={{ left: `${cursor * 100}%` }} />
      </div>
      <div className="phase-legend">
        {PHASES.map((p) => (
          <span key={p.key} className={p.key === state.phase ? "phase-key active" : "phase-key"}>
            <span className="legend-swatch" style={{ background: p.color }} />
            {p.label} <span className="num">{formatNs(durations[p.key])}</span>
          </span>
        ))}
      </div>
      <p className="phase-caption">
        {current ? `${current.verb}: ${Math.round(state.progress * 100)}%` : "Done"} · service {formatNs(total)}
      </p>
    </div>
  );
}
