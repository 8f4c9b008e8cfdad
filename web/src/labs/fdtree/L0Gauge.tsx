// L0's memory as one gauge: the shared buffer of β·κ0 slots, split between L0^old (held by the
// merge until the wavefront passes its entries) and L0^new (new writes); κ1 slots are reserved
// for the merge's fences. With memory sharing (FD+FC) every slot the wavefront frees goes to new
// writes at once; without it (FD+DS, Fig. 9a) L0^old keeps all of its slots until the end.
import { formatNumber } from "../../format/units";
import { l0SlotsRow } from "./l0Slots";
import { fraction } from "./layout";
import type { FdtreeL0 } from "./payload.gen";

export function L0Gauge({ l0, merging }: { l0: FdtreeL0; merging: boolean }) {
  const cap = Math.max(l0.buffer_entries, 1);
  const newData = l0.data;
  const oldHeld = merging ? Math.max(l0.slots_used - l0.data, 0) : 0;
  const free = Math.max(l0.slots_capacity - l0.slots_used, 0);
  const full = merging && free === 0;
  const slots = l0SlotsRow(l0, merging);
  return (
    <section className="panel fd-l0" data-testid="fd-l0" data-full={full}>
      <header className="panel-header">
        <h2>L0 memory</h2>
        <span className="panel-status">{merging ? "shared by L0 old and new" : "no merge"}</span>
      </header>
      <div className="fd-gauge" role="img" aria-label={`L0: ${oldHeld} slots held by L0 old, ${newData} by new data, ${free} free of ${l0.slots_capacity}`}>
        <span className="fd-gauge-old" style={{ width: `${fraction(oldHeld, cap) * 100}%` }} />
        <span className="fd-gauge-new" style={{ width: `${fraction(newData, cap) * 100}%` }} />
        <span className="fd-gauge-fence" style={{ width: `${fraction(l0.fences, cap) * 100}%` }} />
        <span className="fd-gauge-trigger" style={{ left: `${fraction(l0.trigger_entries, cap) * 100}%` }} title="overflow trigger β·κ0 − κ1" />
      </div>
      <dl className="fd-kv">
        <dt>L0 old (merge)</dt>
        <dd className="num">{formatNumber(oldHeld)}</dd>
        <dt>L0 new data</dt>
        <dd className="num">{formatNumber(newData)}</dd>
        <dt>fences in L0</dt>
        <dd className="num">{formatNumber(l0.fences)}</dd>
        <dt>{slots.label}</dt>
        <dd className="num" data-testid="fd-l0-slots">{slots.value}</dd>
        <dt>buffer β·κ0</dt>
        <dd className="num">{formatNumber(l0.buffer_entries)}</dd>
      </dl>
      {full && slots.note && <p className="fd-warn">{slots.note}</p>}
    </section>
  );
}
