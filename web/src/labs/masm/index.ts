//! The MaSM lab on the web side: its home entry, views and default scenario.

import type { LabModule } from "../labModule";
import { MasmView } from "./MasmView";
import { masmWhatToWatch } from "./narration";
import { masmPseudocode } from "./pseudocode";
import { MasmSourcesCard } from "./SourcesCard";

/**
 * Updates arrive about 1 ms apart and a range scan keeps the HDD busy for milliseconds, so
 * 1/100× shows ten updates a second; an SSD page write of a flush takes a fraction of a
 * millisecond, so slow to 1/1,000× or 1/10,000× to watch a flush page by page.
 */
const MASM_SPEEDS = [0.0001, 0.001, 0.01, 0.1, 1, 10] as const;

export const masmLab: LabModule = {
  entry: {
    id: "masm",
    title: "MaSM",
    summary: "Cache updates on an SSD and merge them into warehouse scans on the fly.",
    source: "Athanassoulis et al., Online Updates on Data Warehouses via Judicious Use of Solid-State Storage (TODS 2015)",
    paperSeed: "000",
    available: true,
    speeds: MASM_SPEEDS,
    defaultSpeed: 0.01,
  },
  views: {
    View: MasmView,
    Side: MasmSourcesCard,
    watch: masmWhatToWatch,
    pseudocode: masmPseudocode,
    leavesOut: [
      "Devices are timed without noise; OS and CPU costs are not modelled: merging the runs and sorting the update buffer take no time (the paper puts Fig. 18's slight rise with update speed down to that CPU work).",
      "Records have a fixed size and the table is one file sorted by key, with no secondary indexes.",
      "Course scenarios are tiny so every page is visible; the paper's sizes run in the paper-results page.",
      "In the Compare tab an in-place scan answers with the rows as they stood when it opened (the query's snapshot, which every scheme is checked against); the locks or versions an in-place engine would need for that are not timed, only the disk: its 1 MB requests go one at a time and the updates committed meanwhile are served between them (§2.2). IU's scans likewise issue their disk requests and per-record SSD reads as the clock reaches them; LSM books a whole scan's I/O when it opens.",
      "Fig. 22 runs only in the paper-results page: there a query's CPU work per record (the paper's injected 0.5–2.5 µs) is overlapped with each scan's 1 MB requests; this lab's scans time no CPU work.",
      "Fig. 23 is not reproduced: on a RAM disk MaSM's own merge CPU (a start-up search in every run, then comparisons per merged record) is the whole cost, and the model times none of it; the paper gives no cost per search or per comparison to build one from (§5.2).",
      "Fig. 24 is not reproduced: it replays I/O traces of 20 TPC-H queries that the paper does not publish; its text says only that every query performs (multiple) table range scans, not which ranges, how many, or how they overlap, so no honest scan mix can be built from it (§5.1, §5.3).",
    ],
    keyMetrics: [
      "updates_committed",
      "flushes",
      "runs_live",
      "ssd_writes_per_update",
      "theorem_writes_per_update",
      "two_pass_merges",
      "pages_stolen",
      "mean_scan_ms",
      "migrations_completed",
      "log_records",
    ],
  },
  defaultScenario: "life-of-an-update",
};
