// The request queue in arrival order, as chips: id, cylinder, and distance from where the head
// stops next (what SSTF compares); each chip carries `data-pick` = its id, for lessons' click
// questions. The chips fill a measured grid, whole rows only, with a
// "+N more" chip when they do not all fit, so nothing is cut in half and nothing jumps.
import { useElementSize } from "../../hooks/useElementSize";
import { formatNumber } from "../../format/units";
import type { HddMeta } from "./types";

const CHIP_MIN_WIDTH = 142;
const CHIP_HEIGHT = 26;
const GAP = 6;

/** How many chips fit in whole rows of a `width` × `height` box. */
export function chipCapacity(width: number, height: number): number {
  const columns = Math.max(1, Math.floor((width + GAP) / (CHIP_MIN_WIDTH + GAP)));
  const rows = Math.max(1, Math.floor((height + GAP) / (CHIP_HEIGHT + GAP)));
  return columns * rows;
}

export function QueueChips({ meta }: { meta: HddMeta }) {
  const [ref, size] = useElementSize<HTMLOListElement>();
  // Distances from where the head will be when the scheduler next picks: the end of the
  // request in service, or where it rests.
  const from = meta.busy ? meta.busy.end_cylinder : meta.head_cylinder;
  const capacity = size.width > 0 ? chipCapacity(size.width, size.height) : 0;
  const overflow = meta.queue_length > capacity;
  const shown = meta.queue.slice(0, overflow ? Math.max(0, capacity - 1) : capacity);
  const hidden = meta.queue_length - shown.length;
  return (
    <div className="queue" data-testid="hdd-queue">
      <div className="queue-head">
        <span className="eyebrow">Queue</span>
        <span className="queue-count num">
          {meta.queue_length} waiting · up to {meta.queue_depth} outstanding
        </span>
      </div>
      <p className="queue-legend">
        <span className="rw-tag read">read</span>
        <span className="rw-tag write">write</span> <b>#request</b> cylinder <b>Δ</b> from the head’s next stop
      </p>
      <ol className="queue-chips" ref={ref} style={{ gridAutoRows: `${CHIP_HEIGHT}px`, gap: `${GAP}px` }}>
        {meta.queue_length === 0 && <li className="queue-empty">empty</li>}
        {shown.map((q) => (
          <li key={q.id} className={q.is_write ? "chip write" : "chip read"} data-pick={q.id} title={`request ${q.id}: ${q.is_write ? "write" : "read"} at cylinder ${q.cylinder}`}>
            <span className="chip-id num">#{q.id}</span>
            <span className="chip-cyl num">{formatNumber(q.cylinder)}</span>
            <span className="chip-dist num">Δ{formatNumber(Math.round(Math.abs(q.cylinder - from)))}</span>
          </li>
        ))}
        {hidden > 0 && capacity > 0 && <li className="chip more">+{formatNumber(hidden)} more</li>}
      </ol>
    </div>
  );
}
