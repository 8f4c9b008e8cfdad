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
    "80 % of writes go to 20 % of the data, after 20,000 warm-up writes at 90 % fill. Greedy takes the block with the fewest valid pages (the victim label says how many): 239 victims, 5,212 copies, write amplification 3.17. Compare gc-cost-benefit.",
  "gc-cost-benefit":
    "The same hot/cold run with cost-benefit GC, (1−u)·age/2u: it may take a fuller block if its data is old (cold). 239 victims, 5,250 copies, write amplification 3.19, close to greedy's 3.17; erase counts end between 3 and 5 (greedy: 2 to 5).",
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
