//! "What to watch" for the SSD lab: one paragraph per bundled scenario, each number checked
//! against a run of that scenario (`flashlab run scenarios/ssd/<name>.json`, its events and its
//! view; the "without" figures against the same file with the one field changed), and a
//! fallback for any other scenario, including one edited with the lab's controls.

import type { CoreInfo } from "../../sim/types";
import { parseSsdInfo } from "./types";

const BY_SCENARIO: Record<string, string> = {
  "random-writes-gc":
    "The drive starts full (14,745 logical pages, 10 % spare) and random 4 KB writes eat the free blocks. GC first runs at step 2,253: block 45 on die 0 still holds 25 of its 32 pages valid, and greedy can find nothing emptier. By the end 252 victims cost 6,765 copies: write amplification 3.82. Try more over-provisioning.",
  "sequential-writes":
    "600 sequential 8-page writes overwrite the full drive in order, so a block's pages all die together. From step 279 on GC picks victims with 0 valid pages: 120 erases, no copies, write amplification exactly 1. Switch the pattern to uniform random to compare.",
  "gc-greedy":
    "90 % of writes go to 10 % of the data (3-page requests), after 20,000 warm-up writes at 75 % fill. Greedy takes the block with the fewest valid pages (the victim label says how many): 482 victims, 7,915 copies (16.4 of 32 pages per victim), write amplification 2.06. Race it against gc-fifo, the same stream cleaned oldest block first: when greedy finishes, FIFO has completed 2,046 requests at write amplification 2.53 and already copied 9,412 pages; it ends at 2.42.",
  "gc-fifo":
    "The same hot/cold stream with FIFO GC: the victim is the oldest closed block, however many valid pages it still holds. Its victims keep 18.8 of 32 pages valid on average (greedy's 16.4): 568 victims, 10,655 copies, write amplification 2.42 against greedy's 2.06. What FIFO buys is even wear: erase counts end between 2 and 3 (greedy: 1 to 5).",
  "gc-cost-benefit":
    "The same hot/cold stream with cost-benefit GC, (1−u)·age/2u: it may take a fuller block if its data is old. Here it ends close to greedy: 481 victims, 7,943 copies, write amplification 2.06, as greedy's (within 2 % over seeds 1–4 and 7 too). Why: this FTL has one write point per die, so host writes and GC copies, hot pages and cold, fill the same blocks; a block's age then says little about how soon its pages die, and the choice comes down to u, as greedy's does. Cost-benefit's gain in LFS came with cleaning that sorts copied data by age, which this model leaves out. For a race that differs, race gc-greedy against gc-fifo.",
  "trim-helps-gc":
    "A quarter of the requests are TRIMs: they invalidate 642 valid pages without a write, so GC never copies them. GC copies 7,561 pages over 292 victims; the same run without TRIM copies 12,174 over 456. Watch the invalid (orange) pages appear without host writes.",
  "wear-leveling":
    "95 % of writes hit 10 % of the data. Static wear levelling (threshold 2) moves cold blocks out 95 times, so they can take hot data: erase counts end between 6 and 10. Toggle the erase-count map to see the heat spread; the moves raise write amplification to 3.77 (3.29 without).",
  "explicit-ops":
    "A tiny device (2 dies × 16 blocks × 8 pages, 30 % spare): 475 explicit requests. The first GC, at step 161, picks block 10 with 0 valid pages. After the TRIM of LBAs 40–47, reads of them answer with no version, without touching flash. Only 4 pages are ever copied: write amplification 1.006.",
};

export function ssdWhatToWatch(scenarioName: string | null, description: string | null, info: CoreInfo): string {
  if (description) return description;
  if (scenarioName && BY_SCENARIO[scenarioName]) return BY_SCENARIO[scenarioName];
  const ssd = parseSsdInfo(info.lab_info);
  const device = ssd ? `${ssd.label}: ` : "";
  return `${device}every host write goes to a die's write point (green outline); the old copy turns invalid (orange). When a die runs short of free blocks, GC picks a victim (black ring), copies its valid pages and erases it. Watch write amplification grow with the pages GC has to copy.`;
}
