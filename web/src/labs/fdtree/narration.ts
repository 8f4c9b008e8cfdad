//! "What to watch" for the FD+tree lab: one paragraph per bundled scenario, each number checked
//! against a run of that scenario (`flashlab run scenarios/fdtree/<name>.json`, its metrics and
//! answers; the compare numbers from runs of the same file with `scheme` set), and a fallback
//! for any other scenario.

import type { CoreInfo } from "../../sim/types";

const BY_SCENARIO: Record<string, string> = {
  "merge-block-by-block":
    "One client inserts 40 keys into the tiny tree (β = 8, γ = 3, κ0 = 2). L0 fills to its trigger (β·κ0 − κ1 = 10 entries), then a merge runs one block step at a time: old blocks turn amber once read (processed but retained), new blocks appear in blue, and the orange wavefront sweeps right. 5 merges in all; the last lookups are answered from the new side (value 1500) and the old side (null), each equal to a plain map.",
  "wavefront-concurrent-clients":
    "120 keys are preloaded; client 0 inserts while clients 1 and 2 look keys up, on the X25-E SSD model. During each merge a lookup left of the wavefront is served by the new levels, one to its right by the old levels (the op table's side column; its path is outlined in pink). 22 merges (18 of them during the untimed preload); the worst lookup takes 0.54 ms against a longest merge of 6.37 ms, the worst insert 2.79 ms; 14 times a writer found L0 full and waited for a merge step to free a slot.",
  "why-worst-case-latency":
    "G_R at W_l = 0.8 over 4 readers and 2 writers, run by the core on the same stream under FD+XM, FD+DS, FD+FC and two baselines, block I/O on the X25-E SSD model. Open Compare: under FD+XM a request caught by a merge waits for all of it (worst lookup 14.3 ms and worst insert 14.4 ms, against a longest merge of 14.0 ms); FD+DS keeps lookups short (worst 675 µs) but its writers wait for the merge's end (worst insert 14.3 ms = its longest merge) and it peaks at 99 live blocks; FD+FC peaks at 59 blocks, and its worst insert (2.36 ms) is a sixth of its longest merge (14.5 ms): its writers wait only for merge steps to free L0 slots. The FD-tree of Li et al. (one lock, as FD+XM) cascades merges: its worst lookup (12 ms) waits for its longest merge (11.7 ms). The in-place B+tree never merges (worst insert 470 µs) and finishes first (12.2 ms against FD+FC's 40.3 ms): it keeps 1/8 of its blocks in its buffer pool, while the FD+tree here reads every block of a path from the SSD.",
  "insert-delete-annihilation":
    "A delete of key 10 while its insert is still in L0 cancels it in place (the lookup answers null, no tombstone). Tombstones of keys 5–35 that reach the disk meet their inserts during a merge and both vanish. Inserting the present key 20 is rejected (the answer reports its value 4), and deleting the missing key 999 is rejected: neither changes the tree.",
  "ds-writers-wait":
    "FD+DS: L0^old keeps all its slots until its merge ends, so the two writers wait (44 slot waits) and the worst insert takes 2.90 ms, longer than the longest merge (2.44 ms). Load this stream with scheme fc to see the wavefront free slots as it goes.",
  "broken-no-lock-coupling":
    "Broken on purpose (params.drop_rule = lock_coupling): a lookup releases the block it came from before it latches the next one. 200 keys preloaded, then 60 G_R requests over 4 readers and 2 writers. At step 286 a lookup reads a block the merge reclaimed in that gap: the invariants panel flags the read of a reclaimed block and a wrong answer (the use_after_reclaim and wrong_answer events in the log).",
  "broken-no-reclaim-latch":
    "Broken on purpose (params.drop_rule = reclaim_latch): the merge reclaims old blocks without taking their exclusive latch, so it does not wait for the lookups still reading them. 120 keys preloaded, then 50 G_R requests. At step 68 a lookup reads a block reclaimed under it: a read of a reclaimed block and a wrong answer, both in the invariants panel and the event log.",
  "broken-no-retention":
    "Broken on purpose (params.drop_rule = retention): m-delete reclaims an old block as soon as its own entries are merged, though the fences above still point at it. 120 keys preloaded, then 30 G_R requests. At step 30 the tree check fails (C4: the wavefront pointer is no longer the head of the old level); at step 50 a lookup follows a dangling fence and answers a value its key never held.",
  "broken-wavefront-before-insert":
    "Broken on purpose (params.drop_rule = wavefront_after_insert): m-delete moves the wavefront before m-insert has written the staged keys. 30 keys preloaded, then 20 G_R requests. At step 42 a lookup sent to the new side misses a key still only in the merge's buffer and answers a value its key never held: the invariants panel shows the wrong answer.",
  "tpcc-neworder-queues":
    "G_T, the TPC-C NewOrder index (91% inserts, 9% lookups; 1 warehouse, 20 customers per district, 600 orders preloaded), through the paper's harness on the X25-E SSD model: an injection thread fills Q_r and Q_w (40 slots, split 4 : 36 by the lookup share) and 6 reader and 2 writer workers take from them, while requests are supposed to arrive 3000 per second. Inserts take 0.31 ms on average once a writer has them (R_p) but wait in Q_w first: R_q averages 5.84 ms (worst 20.2 ms), since the 2 writers found L0 full 213 times and waited for a merge step to free a slot; lookups barely queue (R_q 0.20 ms against R_p 0.20 ms). The system completes 6981 requests per second, faster than they are supposed to arrive, so no request enters its queue late and R_o, which adds that lateness (Rem. A.9), equals R_q.",
  "underflow-tightening":
    "40 inserts, then 30 deletes. When deletes pass a third of inserts an underflow merge rewrites the whole tree: tombstones meet their inserts, the bottom level shrinks and the tree tightens (2 live blocks at the end for 10 keys). The final range answers the 10 survivors.",
};

export function fdtreeWhatToWatch(scenarioName: string | null, description: string | null, _info: CoreInfo): string {
  if (description) return description;
  if (scenarioName && BY_SCENARIO[scenarioName]) return BY_SCENARIO[scenarioName];
  return "Inserts and deletes fill L0; when it reaches its trigger a merge reads the old levels block by block and writes new ones, and the wavefront sweeps across the key axis. Lookups left of it are answered by the new levels, right of it by the old. Watch the R_p chart: requests caught by a merge under FD+XM wait for all of it.";
}
