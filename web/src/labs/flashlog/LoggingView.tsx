// The logging mode: the status line (configuration, phase, commits waiting and acknowledged),
// the device lanes on the LSN axis, the latest commits (acknowledged or waiting for their log
// prefix to be durable), and after a crash the recovery merge. The throughput-vs-devices chart
// computed by the core sits beside them.
import { CurveChart } from "./CurveChart";
import { LanesPanel } from "./LanesPanel";
import { formatBytes, formatMs } from "./layout";
import { MergePanel } from "./MergePanel";
import type { LogMeta, ThroughputCurve } from "./types";

interface Props {
  meta: LogMeta;
  clockNs: number;
  curve: ThroughputCurve | null;
}

export function LoggingView({ meta, clockNs, curve }: Props) {
  const flash = meta.lanes.filter((l) => l.kind === "usb" || l.kind === "ssd").length;
  return (
    <div className="fl-logging" data-testid="flashlog-logging">
      <div className="fl-status" data-testid="flashlog-status">
        <span className="fl-config">{meta.config}</span>
        <span className={`fl-phase fl-phase-${meta.phase}`} data-testid="flashlog-phase">
          {meta.phase}
        </span>
        <span>
          <b>{meta.acked_commits}</b> of {meta.transactions} commits acknowledged
        </span>
        <span>
          <b>{meta.waiting_commits}</b> waiting for durability
        </span>
        <span>durable prefix {formatBytes(meta.durable_prefix)}</span>
        {meta.archive_writes > 0 && (
          <span data-testid="flashlog-archive">
            archive holds {formatBytes(meta.archived_upto)} ({meta.archive_writes} archive writes{meta.space_stalls > 0 ? `; flash full ${meta.space_stalls}×` : ""})
          </span>
        )}
        {meta.last_event && <span className="fl-last-event">last: {meta.last_event.replace(/_/g, " ")}</span>}
      </div>
      {meta.unsafe_config && (
        <p className="fl-warning" data-testid="flashlog-unsafe">
          The ideal disk acknowledges a commit as soon as its log is in the drive's volatile write cache: fast, and not durable. Acknowledged log
          beyond the durable prefix ({formatBytes(Math.max(0, meta.acked_end_lsn - meta.durable_prefix))} now) is lost at a crash.
        </p>
      )}
      <div className="fl-main">
        <div className="fl-left">
          <LanesPanel meta={meta} clockNs={clockNs} />
          <Commits meta={meta} />
          {meta.merge && <MergePanel merge={meta.merge} crash={meta.crash} recovered={meta.recovered} unsafeConfig={meta.unsafe_config} />}
          {meta.crash && !meta.merge && (
            <p className="fl-warning" data-testid="flashlog-crashed">
              Crashed at {formatMs(meta.crash.crash_ns)} with {meta.crash.acked_before_crash} commits acknowledged; add a recover op to see what survives.
            </p>
          )}
        </div>
        <div className="fl-right">{curve && <CurveChart curve={curve} current={flash > 0 ? flash : null} />}</div>
      </div>
    </div>
  );
}

function Commits({ meta }: { meta: LogMeta }) {
  return (
    <div className="fl-commits" data-testid="flashlog-commits">
      <span className="fl-panel-title">latest commits</span>
      {meta.commits.map((c) => (
        <span
          key={`${c.txn}-${c.start_lsn}`}
          className={c.ack_ns !== null ? (c.end_lsn > meta.durable_prefix ? "fl-commit fl-commit-unsafe" : "fl-commit fl-commit-acked") : "fl-commit"}
          title={`txn ${c.txn}: LSN [${c.start_lsn}, ${c.end_lsn})${c.ack_ns !== null ? `, acknowledged after ${formatMs(c.ack_ns - c.commit_ns)}` : ", waiting"}`}
        >
          {c.txn}
          {c.ack_ns !== null ? " ✓" : ""}
        </span>
      ))}
    </div>
  );
}
