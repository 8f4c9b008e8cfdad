// The SSD runs and the HDD table on one key axis (keyLayout.ts). Each run is a bar over the keys
// it holds, cut into its run-index granules, labelled with its timestamp range; 2-pass runs are
// striped, runs frozen for a migration outlined. The table's pages carry their timestamps (green:
// migrated) and a bar of the rows they hold. A range scan is one band: its cursors move together
// over the table and every run it reads, and the merged output fills in key order below. Each
// run carries its id as `data-pick` (lessons' click questions: "which run will the merge take?").
import { memo } from "react";
import { scaleLinear, type ScaleLinear } from "d3-scale";
import { formatNumber } from "../../format/units";
import { useElementSize } from "../../hooks/useElementSize";
import { granuleSpans, placeLabel, readSpan, rowLayout, runY, scanCursors, scansToDraw, tablePageSpan, type RowLayout } from "./keyLayout";
import { MIGRATED_COLOR, RUN_COLORS, SCAN_COLOR } from "./palette";
import type { MasmMeta, MasmRun, MasmScan } from "./types";

interface Props {
  meta: MasmMeta;
  tablePageTs: Float64Array;
  tablePageRows: Float64Array;
  timeNs: number;
}

const LABEL_W = 112;
const RIGHT_W = 78;

type X = ScaleLinear<number, number>;

function RunRow({ run, y, h, x, scan, width, labelled }: { run: MasmRun; y: number; h: number; x: X; scan: MasmScan | null; width: number; labelled: boolean }) {
  const x0 = x(run.min_key);
  const x1 = x(run.max_key + 1);
  const granules = granuleSpans(run);
  // Granule boundaries only where granules are at least 4 px wide on average (else a blur).
  const cuts = (x1 - x0) / Math.max(1, granules.length) < 4 ? "" : granules
    .slice(1)
    .map((g) => `M${x(g.from).toFixed(1)},${y}v${h}`)
    .join("");
  const read = scan?.runs.find((r) => r.run_id === run.id);
  const span = read ? readSpan(run, read.granule_start, read.granule_count) : null;
  const skipped = scan !== null && (!read || read.granule_count === 0);
  const label = labelled;
  return (
    <g className={skipped ? "masm-run skipped" : "masm-run"} data-testid="masm-run" data-run={run.id} data-pick={run.id} data-pass={run.pass} data-frozen={run.frozen}>
      <rect x={x0} y={y} width={Math.max(1, x1 - x0)} height={h} fill={run.pass === 2 ? "url(#masm-two-pass)" : RUN_COLORS[1]} />
      {cuts && <path d={cuts} className="masm-granule-cut" />}
      {span && (
        // At least 3 px wide, so a one-record granule still shows.
        <rect x={Math.min(x(span.from), x(span.to) - 3)} y={y} width={Math.max(3, x(span.to) - x(span.from))} height={h} className="masm-granule-read" />
      )}
      {run.frozen && <rect x={x0 - 1} y={y - 1} width={Math.max(1, x1 - x0) + 2} height={h + 2} className="masm-frozen" />}
      {label && (
        <>
          <text x={LABEL_W - 8} y={y + h / 2} dy="0.35em" textAnchor="end" className="masm-run-label num">
            <tspan className="masm-run-id">R{run.id}</tspan> ts {formatNumber(run.min_ts)}–{formatNumber(run.max_ts)}
          </text>
          <text x={width - RIGHT_W + 8} y={y + h / 2} dy="0.35em" className={run.frozen ? "masm-run-tag frozen" : "masm-run-tag"}>
            {run.frozen ? "migrating" : run.pass === 2 ? "2-pass" : `${formatNumber(run.pages)} pages`}
          </text>
        </>
      )}
      <title>{`run R${run.id}: ${run.pass}-pass, ts ${run.min_ts}–${run.max_ts}, keys ${run.min_key}–${run.max_key}, ${run.records} records on ${run.pages} SSD pages, ${granules.length} granules${run.frozen ? ", being migrated" : ""}`}</title>
    </g>
  );
}

function TableRow({ meta, layout, x, pageTs, pageRows, width }: { meta: MasmMeta; layout: RowLayout; x: X; pageTs: Float64Array; pageRows: Float64Array; width: number }) {
  const y = layout.tableY;
  const h = layout.tableH;
  const cells = [];
  const perPage = Math.max(1, meta.keys_per_table_page);
  for (let p = 0; p < meta.table_pages; p++) {
    const span = tablePageSpan(p, perPage);
    const x0 = x(span.from);
    const w = Math.max(1, x(Math.min(span.to, meta.key_space)) - x0);
    const ts = pageTs[p] ?? 0;
    const rows = pageRows[p] ?? 0;
    const fillW = Math.min(1, rows / perPage) * Math.max(0, w - 5);
    cells.push(
      <g key={p}>
        <rect x={x0 + 0.5} y={y} width={Math.max(0.5, w - 1)} height={h} className={ts > 0 ? "masm-table-page migrated" : "masm-table-page"} />
        <rect x={x0 + 2.5} y={y + h - 5} width={fillW} height={3} className="masm-table-rows" />
        {ts > 0 && w >= String(ts).length * 6.2 + 3 && (
          <text x={x0 + w / 2} y={y + h / 2 - 1} dy="0.35em" textAnchor="middle" className="masm-table-ts num">
            {formatNumber(ts)}
          </text>
        )}
        <title>{`table page ${p}: keys ${span.from}–${span.to - 1}, ${rows} rows, ${ts > 0 ? `migrated up to ts ${ts}` : "never migrated"}`}</title>
      </g>,
    );
  }
  const mig = meta.migration;
  const cursorX = mig ? x(Math.min(meta.key_space, mig.next_page * perPage)) : null;
  return (
    <g data-testid="masm-table">
      <text x={LABEL_W - 8} y={y + h / 2 - 6} dy="0.35em" textAnchor="end" className="masm-row-title">
        HDD table
      </text>
      <text x={LABEL_W - 8} y={y + h / 2 + 8} dy="0.35em" textAnchor="end" className="masm-row-sub num">
        {formatNumber(meta.table_pages)} pages · ts, rows
      </text>
      {cells}
      {mig && cursorX !== null && (
        <g data-testid="masm-migration-cursor" data-next-page={mig.next_page}>
          <line x1={cursorX} x2={cursorX} y1={y - 4} y2={y + h + 4} className="masm-migration-line" />
          <path d={`M${cursorX - 5},${y + h + 9}h10l-5,-6z`} fill={MIGRATED_COLOR} />
        </g>
      )}
      <text x={width - RIGHT_W + 8} y={y + h / 2} dy="0.35em" className="masm-run-tag">
        {mig ? (mig.state === "waiting" ? "waiting" : `page ${formatNumber(mig.next_page)}/${formatNumber(mig.pages_total)}`) : ""}
      </text>
    </g>
  );
}

function ScanOverlay({ scan, live, layout, x, runs, timeNs, width, index, crowded }: { scan: MasmScan; live: boolean; layout: RowLayout; x: X; runs: number; timeNs: number; width: number; index: number; crowded: boolean }) {
  const c = scanCursors(scan, timeNs);
  const x0 = x(scan.from);
  const x1 = x(scan.to + 1);
  const top = layout.runsY - 2;
  const runsBottom = runs > 0 ? runY(layout, runs - 1) + layout.runH + 2 : layout.runsY + layout.runH;
  const bottom = layout.outputY + layout.outputH;
  const words = scan.state === "aborted" ? "aborted by the crash" : scan.state === "running" ? "merging" : "done";
  const rows = scan.state === "running" ? "" : ` · ${formatNumber(scan.rows)} rows`;
  const long = `scan op ${scan.op} · keys ${scan.from}–${scan.to} · ts ${formatNumber(scan.query_ts)}${rows} · ${words}`;
  const medium = `op ${scan.op} · keys ${scan.from}–${scan.to}${rows} · ${words}`;
  const short = `op ${scan.op}${rows} · ${words}`;
  // Several scans at once: short labels, so they do not run over each other's bands.
  const placed = placeLabel(index === 0 && !crowded ? [long, medium, short] : [short], x0, x1, LABEL_W, width);
  return (
    <g className={live ? "masm-scan live" : "masm-scan past"} data-testid="masm-scan" data-op={scan.op} data-state={scan.state}>
      <rect x={x0} y={top} width={Math.max(1, x1 - x0)} height={bottom - top} className="masm-scan-band" />
      {runs > 0 && <line x1={x(c.runs)} x2={x(c.runs)} y1={top} y2={runsBottom} className="masm-cursor" />}
      <line x1={x(c.table)} x2={x(c.table)} y1={layout.tableY - 3} y2={layout.tableY + layout.tableH + 3} className="masm-cursor" />
      <rect x={x0} y={layout.outputY} width={Math.max(0, x(c.output) - x0)} height={layout.outputH} fill={SCAN_COLOR} />
      <text x={LABEL_W - 8} y={layout.outputY + layout.outputH / 2} dy="0.35em" textAnchor="end" className="masm-row-title">
        output
      </text>
      <text x={placed.x} y={index === 0 ? layout.outputY + layout.outputH / 2 : 9} dy={index === 0 ? "0.35em" : undefined} textAnchor={placed.anchor} className="masm-scan-label num">
        {placed.text}
      </text>
    </g>
  );
}

export const KeySpacePanel = memo(function KeySpacePanel({ meta, tablePageTs, tablePageRows, timeNs }: Props) {
  const [ref, size] = useElementSize<HTMLDivElement>();
  const { width, height } = size;
  const layout = rowLayout(meta.runs.length, height);
  const x = scaleLinear()
    .domain([0, Math.max(1, meta.key_space)])
    .range([LABEL_W, Math.max(LABEL_W + 1, width - RIGHT_W)]);
  const drawn = scansToDraw(meta.scans);
  // Rows too thin for a label each: label the oldest and newest run, and count the rest.
  const thin = layout.runH < 9;
  const liveScan = drawn.find((d) => d.live)?.scan ?? null;
  const mig = meta.migration;
  return (
    <section className="masm-card masm-keyspace" data-testid="masm-keyspace" aria-labelledby="masm-keyspace-title">
      <header className="masm-card-head">
        <h3 id="masm-keyspace-title">
          SSD runs &amp; HDD table by key{" "}
          <span className="masm-card-sub num" title={`run index: one entry per granule of ${meta.records_per_granule} update records (${meta.granularity} granularity)`}>
            {formatNumber(meta.runs.length)} {meta.runs.length === 1 ? "run" : "runs"} · {meta.granularity} index
          </span>
        </h3>
        {mig && (
          <span className={mig.state === "waiting" ? "masm-migration-status waiting" : "masm-migration-status"} data-testid="masm-migration-status">
            {mig.state === "waiting"
              ? `Migration ts ${formatNumber(mig.ts)} waiting for query ts ${mig.waiting_for.map((t) => formatNumber(t)).join(", ")}`
              : `Migrating ${mig.run_ids.map((id) => `R${id}`).join(", ")}: page ${formatNumber(mig.next_page)} / ${formatNumber(mig.pages_total)}`}
          </span>
        )}
      </header>
      <div className="masm-keyspace-body" ref={ref}>
        {width > 0 && height > 0 && (
          <svg width={width} height={height} role="img" aria-label="SSD runs and HDD table on one key axis">
            <defs>
              <pattern id="masm-two-pass" width={6} height={6} patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                <rect width={6} height={6} fill={RUN_COLORS[2]} />
                <rect width={2} height={6} fill="#b69ad0" />
              </pattern>
            </defs>
            {x.ticks(Math.max(2, Math.floor((width - LABEL_W - RIGHT_W) / 70))).map((t) => (
              <g key={t}>
                <line x1={x(t)} x2={x(t)} y1={12} y2={layout.outputY + layout.outputH} className="masm-key-grid" />
                <text x={x(t)} y={9} textAnchor="middle" className="chart-tick">
                  {formatNumber(t)}
                </text>
              </g>
            ))}
            <text x={LABEL_W - 8} y={9} textAnchor="end" className="masm-row-sub">
              key →
            </text>
            {meta.runs.length === 0 && (
              <text x={LABEL_W} y={layout.runsY + 12} className="masm-empty-note">
                No runs on the SSD yet: the first flush writes one
              </text>
            )}
            {meta.runs.map((run, i) => (
              <RunRow
                key={run.id}
                run={run}
                y={runY(layout, i)}
                h={layout.runH}
                x={x}
                scan={liveScan}
                width={width}
                labelled={thin ? i === 0 || i === meta.runs.length - 1 : true}
              />
            ))}
            {thin && meta.runs.length > 2 && (
              <text x={LABEL_W - 8} y={(runY(layout, 0) + runY(layout, meta.runs.length - 1) + layout.runH) / 2} dy="0.35em" textAnchor="end" className="masm-row-sub num">
                {formatNumber(meta.runs.length)} runs, oldest on top
              </text>
            )}
            <TableRow meta={meta} layout={layout} x={x} pageTs={tablePageTs} pageRows={tablePageRows} width={width} />
            {drawn.map(({ scan, live }, i) => (
              // A second concurrent scan labels itself on the key-axis row, not over the first's label.
              <ScanOverlay key={scan.op} scan={scan} live={live} layout={layout} x={x} runs={meta.runs.length} timeNs={timeNs} width={width} index={i} crowded={drawn.length > 1} />
            ))}
            {drawn.length === 0 && (
              <text x={LABEL_W - 8} y={layout.outputY + layout.outputH / 2} dy="0.35em" textAnchor="end" className="masm-row-sub">
                no scan yet
              </text>
            )}
          </svg>
        )}
      </div>
    </section>
  );
});
