// The levels on one key axis: L0 (L0^new's data, and L0^old's during a merge) as key ticks, then
// every disk level as a row of blocks, each block spanning from its first key to the next
// block's. During a merge an old row (being consumed) and a new row (being filled) share a
// label; the wavefront is a vertical line across them at its key. A skipped label is a dashed,
// empty row. The latest lookup's path is outlined, with the side of the wavefront it took.
import { scaleLinear } from "d3-scale";
import { ChartCard } from "../../charts/ChartCard";
import { formatNumber } from "../../format/units";
import { blockSpans, fenceLinks, rowLabel } from "./layout";
import { BLOCK_FILL, BLOCK_LABEL, DELETE_COLOR, INSERT_COLOR, PATH_COLOR, WAVEFRONT_COLOR } from "./palette";
import type { BlockState, FdtreeMeta, FdtreeOpIo } from "./payload.gen";

const ROW_H = 36;
const LEFT = 86;
const RIGHT = 16;
const TOP = 22;
const STATES: BlockState[] = ["live", "unread", "retained", "written", "tail"];

function lastPath(ops: readonly FdtreeOpIo[]): FdtreeOpIo | null {
  for (let i = ops.length - 1; i >= 0; i--) {
    const op = ops[i];
    if (op && op.path.length > 0) return op;
  }
  return null;
}

function Rows({ meta, width }: { meta: FdtreeMeta; width: number }) {
  const keyEnd = Math.max(meta.key_max + 1, 2);
  const x = scaleLinear().domain([0, keyEnd]).range([LEFT, width - RIGHT]);
  // After the switch the new levels are the tree's: no old side, no wavefront.
  const routing = meta.merge !== null && meta.merge.phase !== "finalize";
  const l0Rows = routing ? 2 : 1;
  const rows = meta.levels.length + l0Rows;
  const height = TOP + rows * ROW_H + 30;
  const traced = lastPath(meta.recent_ops);
  const onPath = new Set(traced?.path ?? []);
  const wf = meta.merge?.wf_key ?? null;
  const wfX = routing ? (wf === null ? x(0) : x(Math.min(wf, keyEnd))) : null;
  const ticks = x.ticks(6).filter((t) => Number.isInteger(t));
  const spansByRow = meta.levels.map((level, i) => ({ row: i + l0Rows, spans: blockSpans(level.blocks, keyEnd) }));
  const links = fenceLinks(spansByRow);
  const l0Row = (y: number, keys: number[][], label: string, testId: string) => (
    <g data-testid={testId}>
      <text x={8} y={y + ROW_H / 2} dy="0.35em" className="fd-row-label">
        {label}
      </text>
      <rect x={LEFT} y={y + 4} width={width - LEFT - RIGHT} height={ROW_H - 8} className="fd-l0-band" />
      {keys.map(([k, kind]) => (
        <line key={`${k}-${kind}`} x1={x(k ?? 0)} x2={x(k ?? 0)} y1={y + 6} y2={y + ROW_H - 6} stroke={kind === 2 ? DELETE_COLOR : INSERT_COLOR} strokeWidth={2}>
          <title>{`${kind === 2 ? "delete" : "insert"} of key ${k ?? 0}`}</title>
        </line>
      ))}
    </g>
  );
  return (
    <svg width={width} height={height} className="chart fd-levels-svg" role="img" aria-label="FD+tree levels on one key axis">
      {ticks.map((t) => (
        <g key={t}>
          <line x1={x(t)} x2={x(t)} y1={TOP - 4} y2={height - 26} className="chart-grid" />
          <text x={x(t)} y={height - 12} textAnchor="middle" className="chart-tick">
            {formatNumber(t)}
          </text>
        </g>
      ))}
      <text x={width - RIGHT} y={TOP - 8} textAnchor="end" className="chart-tick">
        key →
      </text>
      {l0Row(TOP, meta.l0.new_keys, routing ? "L0 new" : "L0", "fd-l0-row")}
      {routing && l0Row(TOP + ROW_H, meta.l0.old_keys, "L0 old", "fd-l0-old-row")}
      {meta.levels.map((level, i) => {
        const y = TOP + (i + l0Rows) * ROW_H;
        const spans = blockSpans(level.blocks, keyEnd);
        return (
          <g key={`${level.label}-${level.role}`} data-testid="fd-level" data-role={level.role} data-label={level.label} data-blocks={level.block_count}>
            <text x={8} y={y + ROW_H / 2} dy="0.35em" className={`fd-row-label fd-role-${level.role}`}>
              {rowLabel(level)}
            </text>
            <text x={LEFT - 6} y={y + ROW_H / 2} dy="0.35em" textAnchor="end" className="fd-row-cap">
              {level.role === "skipped" ? "" : `${level.block_count}/${level.capacity_blocks}`}
            </text>
            {level.role === "skipped" && <rect x={LEFT} y={y + 5} width={width - LEFT - RIGHT} height={ROW_H - 10} className="fd-skipped" />}
            {spans.map(({ block, from, to }) => {
              const x0 = x(from);
              const w = Math.max(2, x(to) - x0 - 1);
              const hit = onPath.has(block.id);
              return (
                <rect
                  key={block.id}
                  x={x0}
                  y={y + 4}
                  width={w}
                  height={ROW_H - 8}
                  fill={BLOCK_FILL[block.state]}
                  stroke={hit ? PATH_COLOR : "#3d4754"}
                  strokeWidth={hit ? 3 : 0.6}
                  strokeDasharray={block.state === "tail" ? "4 2" : undefined}
                  data-testid="fd-block"
                  data-state={block.state}
                  data-on-path={hit}
                >
                  <title>{`block ${block.id} (${BLOCK_LABEL[block.state]}): keys ${block.first_key}–${block.last_key}, ${block.inserts} inserts, ${block.deletes} deletes, ${block.fences} fences`}</title>
                </rect>
              );
            })}
          </g>
        );
      })}
      <g data-testid="fd-fence-links" data-count={links.length} className="fd-fence-links">
        {links.map((l) => {
          const x1 = x(Math.min(l.fenceKey, keyEnd));
          const x2 = x(Math.min(l.targetFrom, keyEnd));
          return (
            <line key={`${l.fromRow}-${l.fenceKey}-${l.targetId}`} x1={x1} y1={TOP + l.fromRow * ROW_H + ROW_H - 4} x2={x2 + 1} y2={TOP + l.toRow * ROW_H + 4} className="fd-fence-link">
              <title>{`fence ${l.fenceKey} → block ${l.targetId}`}</title>
            </line>
          );
        })}
      </g>
      {wfX !== null && (
        <g data-testid="fd-wavefront" data-key={wf ?? -1}>
          <line x1={wfX} x2={wfX} y1={TOP - 2} y2={height - 26} stroke={WAVEFRONT_COLOR} strokeWidth={2.5} />
          <text x={Math.min(wfX + 4, width - 120)} y={TOP - 8} className="fd-wf-label" fill={WAVEFRONT_COLOR}>
            {`wavefront ${wf === null ? "−∞" : formatNumber(wf)}`}
          </text>
        </g>
      )}
    </svg>
  );
}

export function LevelsPanel({ meta }: { meta: FdtreeMeta }) {
  const traced = lastPath(meta.recent_ops);
  const note = traced ? `op ${traced.op}: ${traced.path.length} block${traced.path.length === 1 ? "" : "s"} read, ${traced.side.replace("_", " ")} side` : undefined;
  const rows = meta.levels.length + (meta.merge ? 2 : 1);
  return (
    <div className="fd-levels" data-testid="fd-levels" style={{ minHeight: 22 + rows * ROW_H + 64 }}>
      <ChartCard title="Levels on one key axis" note={note}>
        {({ width }) => <Rows meta={meta} width={width} />}
      </ChartCard>
      <ul className="fd-legend" aria-label="block colours">
        {STATES.map((s) => (
          <li key={s}>
            <span className="fd-swatch" style={{ background: BLOCK_FILL[s] }} />
            {BLOCK_LABEL[s]}
          </li>
        ))}
        <li>
          <span className="fd-swatch fd-swatch-path" style={{ borderColor: PATH_COLOR }} />
          latest lookup&rsquo;s path
        </li>
        <li>
          <span className="fd-swatch" style={{ background: WAVEFRONT_COLOR }} />
          wavefront
        </li>
        <li>
          <span className="fd-swatch fd-swatch-link" />
          fence → block of the level below
        </li>
        <li>
          <span className="fd-swatch fd-swatch-skipped" />
          skipped level (never built)
        </li>
      </ul>
    </div>
  );
}
