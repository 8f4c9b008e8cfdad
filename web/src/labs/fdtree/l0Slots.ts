// The L0 gauge's slot row, in words that match what the core counts (core/src/fdtree/tree.rs,
// `l0_slots`): during a merge, the entries L0^old still holds (data and fences) plus L0^new's
// data, against the limit writers wait at (β·κ0 − κ1); without a merge, L0's entries against
// the overflow trigger. L0^old can start above the limit, so "12 / 10" is not twelve writers
// in ten slots: no write enters until the wavefront brings the count below the limit.
import { formatNumber } from "../../format/units";
import type { FdtreeL0 } from "./payload.gen";

export interface SlotsRow {
  label: string;
  value: string;
  /** A sentence when writers wait, else null. */
  note: string | null;
}

export function l0SlotsRow(l0: Pick<FdtreeL0, "slots_used" | "slots_capacity" | "data">, merging: boolean): SlotsRow {
  const value = `${formatNumber(l0.slots_used)} / ${formatNumber(l0.slots_capacity)}`;
  if (!merging) return { label: "L0 entries / merge trigger", value, note: null };
  const row = { label: "L0 old + new data / write limit", value };
  if (l0.slots_used < l0.slots_capacity) return { ...row, note: null };
  const old = Math.max(l0.slots_used - l0.data, 0);
  if (l0.slots_used === l0.slots_capacity) {
    return { ...row, note: "The write limit is reached: writers wait until the wavefront frees a slot of L0 old." };
  }
  return {
    ...row,
    note: `L0 old holds ${formatNumber(old)} entries (data and fences), more than the write limit of ${formatNumber(l0.slots_capacity)} (β·κ0 − κ1): the merge began with that many. No write enters until the wavefront frees slots below the limit.`,
  };
}
