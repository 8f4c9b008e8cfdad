// The memory side of MaSM: the update buffer as page boxes filling with records in arrival
// order (stolen pages dashed), and below it the flush lane: the records of a full buffer glide
// into key order, then the pages turn "written" as the SSD writes them (bufferLayout.ts).
import { memo } from "react";
import { formatNumber } from "../../format/units";
import { useElementSize } from "../../hooks/useElementSize";
import { arrivalRanks, chipX, flushPhase, keyRanks, pageX, slotLayout, type SlotLayout } from "./bufferLayout";
import { KIND_COLORS, KIND_ORDER, kindColor } from "./palette";
import type { MasmBuffer, MasmFlush, ViewRecord } from "./types";

interface Props {
  /** Crashed and not yet recovered: memory is gone. */
  down: boolean;
  buffer: MasmBuffer;
  flush: MasmFlush | null;
  recordsPerPage: number;
  timeNs: number;
}

const LANE_H = 30;
const LABEL_W = 74;
const CHIP_H = 20;

interface PlacedChip {
  record: ViewRecord;
  x: number;
  y: number;
  w: number;
  /** Already on the SSD (its page of the flush is written). */
  written: boolean;
}

/** Every chip of both lanes in one keyed list, so a record moving from the buffer into the flush
 *  lane glides there (CSS transition on its transform) instead of popping. */
function Chips({ chips }: { chips: readonly PlacedChip[] }) {
  return (
    <g>
      {chips.map(({ record: r, x, y, w, written }) => (
        <g key={`${r.ts}-${r.key}`} className={written ? "masm-chip written" : "masm-chip"} style={{ transform: `translate(${x}px, ${y}px)` }}>
          <rect width={w} height={CHIP_H} rx={2} fill={kindColor(r.kind)} />
          {w >= 12 && (
            <text x={w / 2} y={CHIP_H / 2} dy="0.35em" textAnchor="middle" className="masm-chip-key">
              {r.key}
            </text>
          )}
          <title>{`key ${r.key} · ${r.kind} · ts ${r.ts}`}</title>
        </g>
      ))}
    </g>
  );
}

function PageBoxes({ layout, y, stolenFrom, written, filling, fill }: { layout: SlotLayout; y: number; stolenFrom: number; written: number; filling: number; fill: number }) {
  const boxes = [];
  for (let p = 0; p < layout.pages; p++) {
    const x = pageX(layout, p);
    const cls = p < written ? "masm-page written" : p >= stolenFrom ? "masm-page stolen" : "masm-page";
    boxes.push(
      <g key={p}>
        <rect x={x} y={y - 3} width={layout.pageW} height={CHIP_H + 6} rx={3} className={cls} />
        {p === filling && fill > 0 && <rect x={x} y={y - 3} width={layout.pageW * fill} height={CHIP_H + 6} rx={3} className="masm-page-filling" />}
      </g>,
    );
  }
  return <>{boxes}</>;
}

function LaneLabel({ y, title, sub }: { y: number; title: string; sub: string }) {
  return (
    <>
      <text x={0} y={y + 5} className="masm-lane-label">
        {title}
      </text>
      <text x={0} y={y + 19} className="masm-lane-sub num">
        {sub}
      </text>
    </>
  );
}

export const BufferPanel = memo(function BufferPanel({ down, buffer, flush, recordsPerPage, timeNs }: Props) {
  const [ref, size] = useElementSize<HTMLDivElement>();
  const width = Math.max(0, size.width - LABEL_W);
  const basePages = Math.max(1, buffer.base_pages);
  const pages = Math.max(basePages + buffer.stolen_pages, Math.ceil(buffer.capacity_records / Math.max(1, recordsPerPage)), buffer.pages_used, 1);
  const bufLayout = slotLayout(pages, recordsPerPage, width, LABEL_W);
  const bufRanks = buffer.sorted ? keyRanks(buffer.records) : arrivalRanks(buffer.records);
  const flushPages = flush ? Math.max(1, flush.pages_total) : 1;
  const flushLayout = slotLayout(flushPages, recordsPerPage, width, LABEL_W);
  const phase = flush ? flushPhase(flush, timeNs) : null;
  const flushArrival = flush ? arrivalRanks(flush.records) : [];
  const flushSorted = flush ? keyRanks(flush.records) : [];
  const laneY = (lane: number): number => 6 + lane * (LANE_H + 10);
  const chips: PlacedChip[] = buffer.records.map((record, i) => {
    const rank = bufRanks[i] ?? i;
    return { record, x: chipX(bufLayout, rank, rank, 1), y: laneY(0), w: bufLayout.chipW, written: false };
  });
  if (flush && phase) {
    flush.records.forEach((record, i) => {
      const sorted = flushSorted[i] ?? i;
      const written = phase.sort >= 1 && Math.floor(sorted / flushLayout.perPage) < phase.pagesWritten;
      chips.push({ record, x: chipX(flushLayout, flushArrival[i] ?? i, sorted, phase.sort), y: laneY(1), w: flushLayout.chipW, written });
    });
  }
  // Only the kinds on screen (replace appears only where records coalesced).
  const kinds = KIND_ORDER.filter((k) => k !== "replace" || buffer.records.some((r) => r.kind === k) || (flush?.records.some((r) => r.kind === k) ?? false));
  const shownNote = buffer.count > buffer.records.length ? ` (first ${formatNumber(buffer.records.length)} drawn)` : "";
  return (
    <section className="masm-card masm-buffer" data-testid="masm-buffer" aria-labelledby="masm-buffer-title">
      <header className="masm-card-head">
        <h3 id="masm-buffer-title">
          Update buffer{" "}
          <span className="masm-card-sub num" data-testid="masm-buffer-status">
            {formatNumber(buffer.count)} / {formatNumber(buffer.capacity_records)} records
            {buffer.stolen_pages > 0 ? ` · ${formatNumber(buffer.stolen_pages)} stolen ${buffer.stolen_pages === 1 ? "page" : "pages"}` : ""}
            {buffer.sorted ? " · sorted by key" : " · arrival order"}
            {shownNote}
          </span>
        </h3>
        {down && (
          <span className="masm-down" data-testid="masm-down">
            crashed: memory lost, recovering from the redo log
          </span>
        )}
        <div className="masm-legend compact" aria-label="record kinds">
          {kinds.map((k) => (
            <span key={k} className="masm-key">
              <span className="masm-swatch" style={{ background: KIND_COLORS[k] }} /> {k}
            </span>
          ))}
        </div>
      </header>
      <div className="masm-buffer-body" ref={ref}>
        {size.width > 0 && (
          <svg width={size.width} height={laneY(2) - 10} role="img" aria-label="update buffer and flush">
            <LaneLabel y={laneY(0)} title="buffer" sub={`${formatNumber(buffer.pages_used)} / ${formatNumber(pages)} pages`} />
            <PageBoxes layout={bufLayout} y={laneY(0)} stolenFrom={basePages} written={0} filling={-1} fill={0} />
            <LaneLabel
              y={laneY(1)}
              title="flush → SSD"
              sub={!phase ? "idle" : phase.sort < 1 ? "sorting by key" : `${formatNumber(phase.pagesWritten)} / ${formatNumber(flushPages)} written`}
            />
            {flush && phase ? (
              <g data-testid="masm-flush" data-pages-written={phase.pagesWritten} data-sorted={phase.sort >= 1}>
                <PageBoxes layout={flushLayout} y={laneY(1)} stolenFrom={flushPages} written={phase.pagesWritten} filling={phase.pagesWritten} fill={phase.pageFill} />
              </g>
            ) : (
              <text x={LABEL_W} y={laneY(1) + CHIP_H / 2} dy="0.35em" className="masm-empty-note">
                idle: a full buffer is sorted by key here and written to the SSD as one run
              </text>
            )}
            <Chips chips={chips} />
          </svg>
        )}
      </div>
    </section>
  );
});
