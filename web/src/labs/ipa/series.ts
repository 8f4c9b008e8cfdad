//! The IPA view's flat series (named by core/src/ipa/lab/view.rs), read out of one snapshot
//! without copying.

import { viewSeries, type Snapshot } from "../../sim/types";

export interface IpaSeries {
  pageRaw: Float64Array;
  pageImage: Float64Array;
  /** blocks × pages: 0 erased, 1 valid, 2 invalid, 3 valid with appends. */
  pageState: Float64Array;
  pagePrograms: Float64Array;
  pageLba: Float64Array;
  eraseCounts: Float64Array;
  /** Per page of a block: 1 = LSB page (all pages on SLC). */
  pageIsLsb: Float64Array;
  vthBefore: Float64Array;
  vthAfter: Float64Array;
  /** Every zoom cell's Vth after each ISPP loop (loops × cells). */
  vthPulses: Float64Array;
  /** Per zoom cell, the loop it passed verify (0 = never pulsed). */
  passedAt: Float64Array;
  oopPageState: Float64Array;
  oopEraseCounts: Float64Array;
  /** IPL's own blocks × 64 pages: 0 erased, 1 a DB page's flash page, 3 a log page with sectors. */
  iplPageState: Float64Array;
  iplEraseCounts: Float64Array;
}

export function readIpaSeries(snapshot: Snapshot): IpaSeries {
  const s = (name: string) => viewSeries(snapshot.view, snapshot.viewMeta, name);
  return {
    pageRaw: s("page_raw"),
    pageImage: s("page_image"),
    pageState: s("page_state"),
    pagePrograms: s("page_programs"),
    pageLba: s("page_lba"),
    eraseCounts: s("erase_counts"),
    pageIsLsb: s("page_is_lsb"),
    vthBefore: s("zoom_vth_before_v"),
    vthAfter: s("zoom_vth_after_v"),
    vthPulses: s("zoom_vth_pulses_v"),
    passedAt: s("zoom_passed_at_pulse"),
    oopPageState: s("oop_page_state"),
    oopEraseCounts: s("oop_erase_counts"),
    iplPageState: s("ipl_page_state"),
    iplEraseCounts: s("ipl_erase_counts"),
  };
}
