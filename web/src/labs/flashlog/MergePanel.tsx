// Recovery after a crash: the k-way merge of the device streams. One row per stream (a device's
// main area, its outlier hiding area, the archive), its records in stream order on the LSN axis;
// the cursor marks the record the merge takes next, the green band the recovered log [0, end).
// The latest step is named: extended, a duplicate skipped, a torn record rejected, or the gap
// where recovery stops.
import { useElementSize } from "../../hooks/useElementSize";
import { formatBytes, writeClass, xOfLsn } from "./layout";
import type { CrashMeta, MergeMeta, RecoveredMeta } from "./types";

const LABEL_W = 150;
const ROW_H = 28;

const STEP_TEXT: Record<string, string> = {
  extended: "the record extends the recovered log",
  duplicate: "already recovered (a re-issued copy or a re-written block): skipped",
  torn: "fails its checksum (torn by the crash): rejected",
  gap: "nothing covers the next LSN: recovery stops here",
  exhausted: "every stream is read",
  "": "the merge has not started",
};

interface Props {
  merge: MergeMeta;
  crash: CrashMeta | null;
  recovered: RecoveredMeta | null;
  unsafeConfig: boolean;
}

export function MergePanel({ merge, crash, recovered, unsafeConfig }: Props) {
  const [ref, size] = useElementSize<HTMLDivElement>();
  const width = Math.max(320, size.width);
  const hi = Math.max(512, crash?.generated_lsn ?? 0, ...merge.streams.flatMap((s) => s.records.map((r) => r.end_lsn)));
  const w = { lo: 0, hi };
  const x = (lsn: number) => xOfLsn(lsn, w, LABEL_W, width - 12);
  const height = merge.streams.length * ROW_H + 30;
  return (
    <section className="fl-merge" data-testid="flashlog-merge">
      <h3 className="fl-panel-title">
        Recovery: k-way merge of {merge.streams.length} device streams
        <span className="fl-merge-step" data-testid="flashlog-merge-step">
          {merge.last_step ? `${merge.last_step}: ` : ""}
          {STEP_TEXT[merge.last_step] ?? merge.last_step}
        </span>
      </h3>
      <div ref={ref}>
        <svg width={width} height={height} role="img" aria-label="recovery merge of the device streams">
          <rect x={LABEL_W} y={4} width={Math.max(0, x(merge.recovered_end) - LABEL_W)} height={height - 8} className="fl-recovered-band" />
          {crash && <line x1={x(crash.acked_end_lsn)} x2={x(crash.acked_end_lsn)} y1={2} y2={height - 2} className={`fl-mark ${unsafeConfig ? "fl-mark-unsafe" : "fl-mark-acked"}`} />}
          {merge.streams.map((s, i) => {
            const next = s.records[s.cursor];
            return (
              <g key={`${s.device}-${s.area}`} transform={`translate(0,${8 + i * ROW_H})`} className={merge.last_stream === i ? "fl-stream fl-last" : "fl-stream"}>
                <text x={6} y={12} className="fl-lane-name">
                  {s.device_name}
                </text>
                <text x={6} y={23} className="fl-lane-sub">
                  {s.area.replace("_", " ")} · {s.total} records
                </text>
                {s.records.map((r, k) => (
                  <rect
                    key={k}
                    x={x(r.start_lsn)}
                    y={3}
                    width={Math.max(2, x(r.end_lsn) - x(r.start_lsn))}
                    height={ROW_H - 8}
                    className={`fl-record ${writeClass(r)} ${k < s.cursor ? "fl-read" : ""}`}
                  >
                    <title>
                      [{r.start_lsn}, {r.end_lsn}){r.torn ? " torn" : ""}
                    </title>
                  </rect>
                ))}
                {next && <path d={`M${x(next.start_lsn)},0 l-5,-6 h10 z`} className="fl-cursor" data-testid="flashlog-merge-cursor" />}
              </g>
            );
          })}
          <text x={LABEL_W} y={height - 2} className="fl-lane-sub">
            recovered [0, {formatBytes(merge.recovered_end)}) · {merge.duplicates} duplicates · {merge.torn_rejected} torn rejected
            {merge.gap_at !== null ? ` · stopped at the gap at ${formatBytes(merge.gap_at)}` : ""}
          </text>
        </svg>
      </div>
      {recovered && (
        <p className={recovered.acked_lost > 0 ? "fl-verdict fl-verdict-bad" : "fl-verdict fl-verdict-ok"} data-testid="flashlog-recovered">
          Recovered {recovered.committed} committed transactions, log [0, {formatBytes(recovered.recovered_end)})
          {recovered.from_archive_bytes > 0 ? `, ${formatBytes(recovered.from_archive_bytes)} of it read from the archival disk (flash no longer held it)` : ""}.{" "}
          {recovered.acked_lost > 0
            ? `${recovered.acked_lost} acknowledged commits are LOST (txn ${recovered.lost_txns.slice(0, 6).join(", ")}${recovered.acked_lost > 6 ? ", …" : ""}): ${
                unsafeConfig ? "the ideal disk acknowledged them from its volatile cache." : "a durability bug."
              }`
            : `Every one of the ${crash?.acked_before_crash ?? 0} commits acknowledged before the crash is there.`}
        </p>
      )}
    </section>
  );
}
