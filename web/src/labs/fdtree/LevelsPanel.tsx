// The levels on one key axis: L0 (L0^new's data, and L0^old's during a merge) as key ticks, then
// every disk level as a row of blocks, each block spanning from its first key to the next
// block's. During a merge an old row (being consumed) and a new row (being filled) share a
// label; the wavefront is a vertical line across them at its key. A skipped label is a dashed,
// empty row. The latest lookup's path is outlined, with the side of the wavefront it took.
// On top (SVG: latches and cursors are few, one per client and the merge): each latched block
// carries its holders (S by readers, X by the merge) above it and its waiters below it, from the
// core's lock table; each client's op in flight is a line through the blocks it has read so far,
// level by level, with a dashed line to the lock it waits for. Every block rect carries its id
// as `data-pick` (lessons' click questions: "which block will this lookup read first?").
import { scaleLinear } from "d3-scale";
import { ChartCard } from "../../charts/ChartCard";
import { PanZoom } from "../../components/PanZoom";
import { formatNumber } from "../../format/units";
import { actorName, blockLatches, waitsByActor } from "./latches";
import { blockSpans, fenceLinks, rowLabel } from "./layout";
import { BLOCK_FILL, BLOCK_LABEL, clientColor, DELETE_COLOR, INSERT_COLOR, LATCH_X_COLOR, PATH_COLOR, WAVEFRONT_COLOR } from "./palette";
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
  const where = new Map<number, { x0: number; w: number; y: number }>();
  for (const { row, spans } of spansByRow) {
    for (const { block, from, to } of spans) {
      const x0 = x(from);
      where.set(block.id, { x0, w: Math.max(2, x(to) - x0 - 1), y: TOP + row * ROW_H });
    }
  }
  const ghosts = offLevelBlocks(meta, spansByRow, keyEnd);
  for (const g of ghosts) {
    const x0 = x(g.from);
    where.set(g.id, { x0, w: Math.max(4, x(g.to) - x0 - 1), y: TOP + g.row * ROW_H });
  }
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
                  data-pick={block.id}
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
      <g data-testid="fd-ghost-blocks" data-count={ghosts.length}>
        {ghosts.map((g) => {
          const at = where.get(g.id);
          return at ? (
            <rect key={g.id} x={at.x0} y={at.y + 4} width={at.w} height={ROW_H - 8} fill="none" stroke="#3d4754" strokeWidth={1.2} strokeDasharray="3 3" data-testid="fd-ghost-block" data-block={g.id}>
              <title>{`block ${g.id}: off its level (unlinked by the merge, reclaimed or about to be); still latched, reached through the fence ${g.from} of block ${g.parent}`}</title>
            </rect>
          ) : null;
        })}
      </g>
      <LatchMarks meta={meta} where={where} />
      <Cursors meta={meta} where={where} />
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

type Where = Map<number, { x0: number; w: number; y: number }>;

/** A latched block that is in no level row any more (the merge unlinked it and reclaims it
 * under its X-latch): drawn where the fence that led a reader to it points, one label down. */
interface OffLevel {
  id: number;
  parent: number;
  row: number;
  from: number;
  to: number;
}

function offLevelBlocks(meta: FdtreeMeta, rows: readonly { row: number; spans: ReturnType<typeof blockSpans> }[], keyEnd: number): OffLevel[] {
  const drawn = new Set<number>();
  for (const r of rows) for (const sp of r.spans) drawn.add(sp.block.id);
  const wanted = meta.latches.filter((l) => l.lock === "block" && !drawn.has(l.block)).map((l) => l.block);
  const out: OffLevel[] = [];
  for (const id of wanted) {
    search: for (const r of rows) {
      for (const sp of r.spans) {
        const links = sp.block.fence_links;
        for (let i = 0; i + 1 < links.length; i += 2) {
          if (links[i + 1] !== id) continue;
          const from = links[i] ?? 0;
          const to = Math.min(links[i + 2] ?? sp.to, keyEnd);
          const parentLevel = meta.levels[r.row - (rows[0]?.row ?? 0)];
          const label = (parentLevel?.label ?? 0) + 1;
          const below = rows.find((q) => {
            const lv = meta.levels[q.row - (rows[0]?.row ?? 0)];
            return q.row > r.row && lv !== undefined && lv.label === label && lv.role !== "new";
          });
          out.push({ id, parent: sp.block.id, row: below?.row ?? r.row + 1, from, to: Math.max(to, from + 1) });
          break search;
        }
      }
    }
  }
  return out;
}

/** Holders above each latched block, waiters below it (the core's lock table). */
function LatchMarks({ meta, where }: { meta: FdtreeMeta; where: Where }) {
  const marks = [...blockLatches(meta.latches).values()].filter((l) => where.has(l.block));
  return (
    <g data-testid="fd-latch-marks" data-count={marks.length}>
      {marks.map((l) => {
        const at = where.get(l.block);
        if (!at) return null;
        const x = l.x_holder !== null;
        const holders = x ? [l.x_holder ?? 0] : l.s_holders;
        const label = `${x ? "X" : "S"} ${holders.map((a) => actorName(a, meta.merge_actor)).join(",")}`;
        const waiters = l.waiters.map(([a, m]) => `${actorName(a ?? 0, meta.merge_actor)} ${m === 1 ? "X" : "S"}`).join(", ");
        return (
          <g
            key={l.block}
            data-testid="fd-latch-mark"
            data-block={l.block}
            data-holder-mode={x ? "X" : holders.length > 0 ? "S" : "none"}
            data-holders={holders.length}
            data-waiters={l.waiters.length}
          >
            <rect x={at.x0 - 1} y={at.y + 3} width={at.w + 2} height={ROW_H - 6} fill="none" stroke={x ? LATCH_X_COLOR : "#1b1f24"} strokeWidth={x ? 3 : 1.6} strokeDasharray={x ? undefined : "2 2"} />
            {holders.length > 0 && (
              <text x={at.x0 + 2} y={at.y + 12} className="fd-latch-text" fill={x ? LATCH_X_COLOR : "#1b1f24"}>
                {label}
              </text>
            )}
            {l.waiters.length > 0 && (
              <text x={at.x0 + 2} y={at.y + ROW_H - 7} className="fd-latch-text fd-latch-wait">
                {`wait: ${waiters}`}
              </text>
            )}
            <title>{`block ${l.block}: ${label}${waiters ? `; waiting: ${waiters}` : ""}`}</title>
          </g>
        );
      })}
    </g>
  );
}

/** Each client's op in flight: its path so far, level by level, and the lock it waits for. */
function Cursors({ meta, where }: { meta: FdtreeMeta; where: Where }) {
  const waits = waitsByActor(meta.latches);
  const items = meta.clients.filter((c) => c.state === "running");
  return (
    <g data-testid="fd-cursors" data-count={items.length}>
      {items.map((c) => {
        const color = clientColor(c.client);
        // Blocks read so far, then the block(s) it holds S-latched and is reading now.
        const reading = meta.latches.filter((l) => l.lock === "block" && l.s_holders.includes(c.client) && !c.path.includes(l.block)).map((l) => l.block);
        const blocks = [...c.path, ...reading];
        const pts = blocks.flatMap((b) => {
          const at = where.get(b);
          return at ? [[at.x0 + at.w / 2, at.y + ROW_H / 2] as const] : [];
        });
        const readCount = c.path.filter((b) => where.has(b)).length;
        const wait = waits.get(c.client);
        const target = wait && wait.latch.lock === "block" ? where.get(wait.latch.block) : undefined;
        const last = pts[pts.length - 1];
        if (!last && !target) return null;
        const from = last ?? (target ? ([target.x0 + target.w / 2, TOP + ROW_H / 2] as const) : undefined);
        return (
          <g key={c.client} data-testid="fd-cursor" data-client={c.client} data-path={c.path.join(" ")} data-reading={reading.join(" ")} data-waits={wait ? (wait.latch.lock === "block" ? wait.latch.block : wait.latch.lock) : ""}>
            {pts.length > 1 && <polyline points={pts.map(([px, py]) => `${px},${py}`).join(" ")} fill="none" stroke={color} strokeWidth={2.5} strokeOpacity={0.85} />}
            {pts.map(([px, py], i) => (
              <circle key={i} cx={px} cy={py} r={i >= readCount ? 5 : 3} fill={i >= readCount ? "none" : color} stroke={color} strokeWidth={2} />
            ))}
            {target && from && <line x1={from[0]} y1={from[1]} x2={target.x0 + target.w / 2} y2={target.y + ROW_H / 2} stroke={color} strokeWidth={2} strokeDasharray="5 3" />}
            {last && (
              <text x={last[0] + 7} y={last[1] + 4} className="fd-cursor-label" fill={color}>
                {`C${c.client} ${c.kind ?? ""} ${c.key ?? ""}${wait ? " (waits)" : ""}`}
              </text>
            )}
            <title>{`C${c.client} ${c.kind ?? ""} ${c.key ?? ""}: ${c.side ? `${c.side.replace("_", " ")} side, ` : ""}read ${c.path.join(" → ") || "no block yet"}${reading.length > 0 ? `, reading ${reading.join(", ")} (S-latched)` : ""}${wait ? `; waits (${wait.mode}) for ${wait.latch.lock === "block" ? `block ${wait.latch.block}` : wait.latch.lock === "l0" ? "the L0 mutex" : "the global lock"}` : ""}`}</title>
          </g>
        );
      })}
    </g>
  );
}

export function LevelsPanel({ meta }: { meta: FdtreeMeta }) {
  const traced = lastPath(meta.recent_ops);
  const note = traced ? `op ${traced.op}: ${traced.path.length} block${traced.path.length === 1 ? "" : "s"} read, ${traced.side.replace("_", " ")} side` : undefined;
  const rows = meta.levels.length + (meta.merge ? 2 : 1);
  return (
    <div className="fd-levels" data-testid="fd-levels">
      {/* The room the rows need is kept for the chart itself: on the whole panel, the legend
          could take it and leave the measured chart body 0 px high, so nothing was drawn. */}
      <div className="fd-levels-chart" style={{ minHeight: 22 + rows * ROW_H + 64 }}>
        <ChartCard title="Levels on one key axis" note={note}>
          {({ width }) => (
            <PanZoom label="levels" testId="fd-levels-zoom">
              <Rows meta={meta} width={width} />
            </PanZoom>
          )}
        </ChartCard>
      </div>
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
        <li>
          <span className="fd-swatch fd-swatch-latch-s" />
          S-latched (holders at the top, &ldquo;wait:&rdquo; the queue below)
        </li>
        <li>
          <span className="fd-swatch fd-swatch-ghost" />
          off its level, still latched (unlinked by the merge; reclaimed or about to be)
        </li>
        <li>
          <span className="fd-swatch fd-swatch-latch-x" style={{ borderColor: LATCH_X_COLOR }} />
          X-latched (merge)
        </li>
        <li>
          <span className="fd-swatch" style={{ background: clientColor(1) }} />
          a client&rsquo;s op in flight: blocks read (dots), the block it is reading (ring), dashed to the latch it waits for
        </li>
      </ul>
    </div>
  );
}
