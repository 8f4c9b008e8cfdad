//! "What to watch" for the MaSM lab: one paragraph per bundled scenario, each number checked
//! against a run of that scenario (`flashlab run scenarios/masm/<name>.json`, its metrics and
//! answers; step numbers from the lab's view), and a fallback for any other scenario, including
//! one edited with the lab's toolbar.

import type { CoreInfo } from "../../sim/types";

const BY_SCENARIO: Record<string, string> = {
  "life-of-an-update":
    "Updates fill the 8-page buffer in arrival order. At step 33 it is full: the flush lane sorts it by key and writes it to the SSD as run R0, a bar cut into run-index granules. 7 runs (56 of 64 pages) by the end, each update written once. A scan's cursors sweep the table and every run together.",
  "outer-join":
    "3 runs and the buffer hold a modify+modify, a delete then an insert, an odd-key insert and a delete. The scans of keys 8–20 and 0–39 merge the table with every run and the buffer in key order: watch the band and the cursors. They answer 6 and 25 rows, both equal to the reference.",
  "run-index-coarse":
    "Coarse run index: a granule is a whole 64 KB SSD page of 16 records, so each single-key scan reads one whole granule from every run (the orange span on each run bar): 14 granules, 896 KB from the SSD. Compare run-index-fine: the same updates and scans, with small granules. The mean scan time is the same in both (6.30 ms) because at this scale the SSD reads hide under the disk's read of the table range; the difference is in the bytes the SSD reads.",
  "run-index-fine":
    "Fine run index: a granule is 4 KB, so the same single-key scans read only a sliver of each run (the thin orange mark on each run bar) instead of coarse's wide blocks: 15 granules, 60 KB from the SSD against coarse's 896 KB. The mean scan time does not change (6.30 ms in both) because the SSD reads hide under the disk's read of the table range. Compare run-index-coarse.",
  "shrinking-memory":
    "MaSM-M with M = 32: the buffer steals query pages while no scan runs (180 stolen over the run), flushes at each query, and merges the earliest 1-pass runs into striped 2-pass runs (3 merges). The histogram moves from \"written once\" to \"twice\": 1.87 writes per update at the end, against the theorem's 1.81 averaged over a full SSD fill.",
  "shrinking-memory-rare-queries":
    "The same MaSM-M with rare queries: full buffers flush, 2-pass merges come in batches (4), and the mean ends at 1.81 SSD writes per update, the theorem's value for M = 32. A migration then empties the SSD into the table.",
  "migration-is-safe":
    "A migration is requested while an older query is still scanning: it waits for that query (the badge names its timestamp), then writes the cached updates into the table page by page, stamping each page (green). A query during the migration skips updates already on migrated pages and still answers exactly.",
  "crash-and-recover":
    "Four crashes: with a flush in flight, with a half-full buffer, during a migration and during its redo. After each, the buffer is rebuilt from the redo log (84 records replayed in all) and the migration finishes idempotently: 3 scans answer like the reference, 1 is aborted by a crash.",
  "skew-coalescing":
    "A hot key is updated again and again. When no query is open its records fold into one before the flush (only 3 SSD pages for 121 updates); records on either side of an open query's timestamp are kept apart.",
  "cache-on-a-disk":
    "The same updates as life-of-an-update, but the runs live on a second disk instead of the SSD: every granule a scan reads costs a seek, so the mean scan takes 28.5 ms instead of 5.1 ms.",
  "compare-baselines":
    "The core runs MaSM, in-place updates, IU and an LSM tree on the same 240 updates and 8 scans. Open the Compare tab: in-place updates keep the disk busy with random writes (mean scan 18.4 ms against MaSM's 4.04 ms), and every scheme's answers are checked against the reference. At this classroom scale IU and LSM look better than MaSM, and the reasons are the lesson: LSM's scans end with the disk read (2.76 ms) because its few SSD reads hide under it, and IU's end just after it (2.81 ms): its merge reads each relevant update's page one at a time once the disk has delivered the range, and here there are few; MaSM reads granules of each of its 7 unmerged runs; and LSM's 0.57 SSD record writes per update (MaSM 0.93) count a tree that has barely started, with many updates still in, or folded together in, its in-memory C0. At steady state its merges rewrite each update 17 to 128 times (Table III on the paper-results page), and MaSM still writes each update at most once. Under the table, a disk-arm trace shows each scheme's I/Os over time.",
};

export function masmWhatToWatch(scenarioName: string | null, description: string | null, _info: CoreInfo): string {
  if (description) return description;
  if (scenarioName && BY_SCENARIO[scenarioName]) return BY_SCENARIO[scenarioName];
  return "Updates fill the memory buffer; a full buffer is sorted and written to the SSD as a run. A range scan reads the HDD table and the matching granules of every run together, in key order, and merges them: watch its cursors move as one. Migration writes the cached updates back into the table, page by page, stamping each page with its timestamp.";
}
