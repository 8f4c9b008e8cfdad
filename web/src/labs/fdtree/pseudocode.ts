//! The text of the FD+tree lab's pseudo-code lines, keyed by the core's line ids
//! (`core/src/fdtree/lab/pseudocode.rs` says which event lights which line; only an FD+FC run
//! under the paper's protocol has these listings).

import type { PseudoCodeText } from "../labModule";

export const fdtreePseudocode: PseudoCodeText = {
  listings: {
    "fdfc-op": { title: "FD+FC: a client's op", source: "seed 002 §4.3; this model's conc/client.rs" },
    "fdfc-merge": { title: "FD+FC: the wavefront merge", source: "seed 002 §4.4; this model's conc/merge_proc.rs" },
  },
  lines: {
    "op.start": { indent: 0, text: "op(key): an insert, delete, lookup or range is issued; take the L0 mutex" },
    "op.slot": { indent: 1, text: "a write finds every L0 slot taken: release the mutex, wait until m-delete frees slots, retry" },
    "op.wait": { indent: 1, text: "wait: the L0 mutex or the block's latch is held by another actor" },
    "op.answer": {
      indent: 1,
      text: "a read picks the side of the wavefront by key and looks in L0, else S-latches the child block, releases the parent, reads it, and goes down level by level; a write applies to L0. The op has its answer",
    },
    "op.done": { indent: 0, text: "done: R_p = completion − issue" },
    "merge.begin": { indent: 0, text: "merge-prepare: L0 overflowed (or deletes underflowed the tree): plan the new levels for L0..Lm" },
    "merge.read": { indent: 1, text: "m-stage: read the next old block into the merge's buffer (no latch: no one else writes old blocks)" },
    "merge.stage": { indent: 1, text: "m-stage: stage the key groups of the next output block" },
    "merge.insert": {
      indent: 1,
      text: "m-insert: X-latch the open tails of the new levels; coalesce each key group (an insert and its delete annihilate); append; write the finished blocks",
    },
    "merge.wavefront": { indent: 1, text: "m-delete: under the L0 mutex, move the wavefront past the merged keys; free their L0 slots" },
    "merge.wait": { indent: 1, text: "the merge waits: another actor holds the L0 mutex or the block it must X-latch" },
    "merge.reclaim": { indent: 1, text: "reclaim a processed old block under its X-latch (in m-delete, the switch or finalize); its id can be reused" },
    "merge.switch": { indent: 0, text: "switch: under the L0 mutex, the new levels become the tree and L0^new becomes L0; the old chain is reclaimed under X-latch coupling" },
    "merge.finalize": { indent: 0, text: "finalize: under the L0 mutex, give the generated levels their final labels (a skipped level's blocks are reclaimed)" },
  },
};
