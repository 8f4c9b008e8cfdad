//! "What to watch" for the FD+tree lab: one paragraph per bundled scenario, each number checked
//! against a run of that scenario (`flashlab run scenarios/fdtree/<name>.json`, its metrics and
//! answers; the compare numbers from runs of the same file with `scheme` set), and a fallback
//! for any other scenario.

import type { CoreInfo } from "../../sim/types";

const BY_SCENARIO: Record<string, string> = {
  "merge-block-by-block":
    "One client inserts 40 keys into the tiny tree (β = 8, γ = 3, κ0 = 2). L0 fills to its trigger (β·κ0 − κ1 = 10 entries), then a merge runs one block step at a time: old blocks turn amber once read (processed but retained), new blocks appear in blue, and the orange wavefront sweeps right. 4 merges in all; the last lookups are answered from the new side (value 1500) and the old side (null), each equal to a plain map.",
  "wavefront-concurrent-clients":
    "120 keys are preloaded; client 0 inserts while clients 1 and 2 look keys up. During each merge a lookup left of the wavefront is served by the new levels, one to its right by the old levels (the op table's side column; its path is outlined in pink). 22 merges; the worst lookup waits 1.25 ms, the worst insert 11.5 ms (it found L0 full and waited for the wavefront to free a slot).",
  "why-worst-case-latency":
    "G_R at W_l = 0.8 over 4 readers and 2 writers, run by the core on the same stream under FD+XM, FD+DS, FD+FC and two baselines. Open Compare: under FD+XM every request caught by a merge waits for all of it (worst lookup 61.7 ms = the longest merge); FD+DS keeps lookups short (3.0 ms) but its writers wait for the merge's end (worst insert 71.7 ms) and it peaks at 99 live blocks; FD+FC peaks at 60 blocks. The FD-tree of Li et al. (one lock, as FD+XM) cascades two-level merges: its live blocks jump while a pass writes the new level beside the old ones, and a lookup caught by its longest cascade (87.6 ms) waits 90 ms. The in-place B+tree never merges (worst insert 3.6 ms) and, on this read-heavy stream with equal read and write costs, finishes first (142 ms against FD+FC's 148 ms). At this tiny scale FC's worst insert (56 ms) is still close to DS's: G_R's increasing keys free L0 slots only late in a merge.",
  "insert-delete-annihilation":
    "A delete of key 10 while its insert is still in L0 cancels it in place (the lookup answers null, no tombstone). Tombstones of keys 5–35 that reach the disk meet their inserts during a merge and both vanish. Inserting the present key 20 is rejected (the answer reports its value 4), and deleting the missing key 999 is rejected: neither changes the tree.",
  "ds-writers-wait":
    "FD+DS: L0^old keeps all its slots until its merge ends, so the two writers wait (44 slot waits) and the worst insert (9.7 ms) equals the longest merge. Load this stream with scheme fc to see the wavefront free slots as it goes.",
  "underflow-tightening":
    "40 inserts, then 30 deletes. When deletes pass a third of inserts an underflow merge rewrites the whole tree: tombstones meet their inserts, the bottom level shrinks and the tree tightens (2 live blocks at the end for 10 keys). The final range answers the 10 survivors.",
};

export function fdtreeWhatToWatch(scenarioName: string | null, description: string | null, _info: CoreInfo): string {
  if (description) return description;
  if (scenarioName && BY_SCENARIO[scenarioName]) return BY_SCENARIO[scenarioName];
  return "Inserts and deletes fill L0; when it reaches its trigger a merge reads the old levels block by block and writes new ones, and the wavefront sweeps across the key axis. Lookups left of it are answered by the new levels, right of it by the old. Watch the R_p chart: requests caught by a merge under FD+XM wait for all of it.";
}
