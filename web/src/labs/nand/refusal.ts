//! Refused ops in the core's recent events (pure). Each refusal is its own event kind
//! (`refused_*`, 20 + the error code) whose text the core narrates; the view shows the one at the
//! current step prominently and the latest earlier one quietly.

import type { DecodedEvent } from "../../sim/events";

export interface Refusal {
  step: number;
  /** The event kind name, e.g. `refused_would_lower_charge`. */
  kind: string;
  /** The core's narration of the event. */
  text: string;
  args: [number, number, number, number];
}

function toRefusal(e: DecodedEvent): Refusal {
  return { step: e.step, kind: e.name, text: e.text, args: e.args };
}

export function isRefusal(e: DecodedEvent): boolean {
  return e.name.startsWith("refused_");
}

/** The newest refusal at or before `step`, if one is still in the recent events. */
export function latestRefusal(events: readonly DecodedEvent[], step: number): Refusal | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e && e.step <= step && isRefusal(e)) return toRefusal(e);
  }
  return null;
}

/** The refusal the current step made, if it made one. */
export function refusalAt(events: readonly DecodedEvent[], step: number): Refusal | null {
  const latest = latestRefusal(events, step);
  return latest && latest.step === step ? latest : null;
}

/** For a "would lower charge" refusal: the cell and its from/to states (indices into `meta.states`). */
export function loweredCell(refusal: Refusal | null): { cell: number; from: number; to: number } | null {
  if (!refusal || refusal.kind !== "refused_would_lower_charge") return null;
  return { cell: refusal.args[1], from: refusal.args[2], to: refusal.args[3] };
}

/** A short headline for a refusal kind, for the banner over the Vth chart. */
export function refusalHeadline(kind: string): string {
  const headlines: Record<string, string> = {
    refused_would_lower_charge: "Refused: charge only rises between erases",
    refused_lower_page_first: "Refused: the lower page comes first",
    refused_shadow_order: "Refused: shadow program order",
    refused_out_of_order: "Refused: pages are programmed in order",
    refused_append_not_lsb: "Refused: appends go to LSB pages only",
    refused_nop: "Refused: too many programs since the erase (NOP)",
    refused_in_progress: "Refused: a program is still running",
    refused_page_out_of_range: "Refused: no such page",
    refused_data_length: "Refused: data does not fit the page",
  };
  return headlines[kind] ?? "Refused by the cell model";
}

/** The page a refusal names (argument a of every refusal kind but `refused_data_length`). */
export function refusedPage(refusal: Refusal | null): number | null {
  if (!refusal || refusal.kind === "refused_data_length") return null;
  return refusal.args[0];
}
