//! The FD+tree lab on the web side: its home entry, views and default scenario.

import type { LabModule } from "../labModule";
import { stepDriven } from "../stepDriven";
import { FdtreeView } from "./FdtreeView";
import { fdtreeWhatToWatch } from "./narration";
import { fdtreePseudocode } from "./pseudocode";
import { FdtreeSourcesCard } from "./SourcesCard";

/**
 * A block I/O takes 0.6 ms on the calibrated cost, so 1/100× shows about two block steps a
 * second; slow to 1/1,000× to follow a merge block by block.
 */
const FDTREE_SPEEDS = [0.0001, 0.001, 0.01, 0.1, 1] as const;

export const fdtreeLab: LabModule = {
  entry: {
    id: "fdtree",
    title: "FD+tree",
    summary: "A flash-friendly index whose merge sweeps a wavefront while clients keep reading and writing.",
    source: "Thonangi, Babu, Yang, A Practical Concurrent Index for Solid-State Drives (CIKM 2012)",
    paperSeed: "002",
    available: true,
    speeds: FDTREE_SPEEDS,
    defaultSpeed: 0.001,
  },
  views: {
    View: stepDriven(FdtreeView),
    Side: FdtreeSourcesCard,
    watch: fdtreeWhatToWatch,
    pseudocode: fdtreePseudocode,
    leavesOut: [
      "Block I/O runs on the SSD lab's model of the paper's Intel X25-E (§5): lookups and merge I/O queue for its controller, channels and dies, but the model has no file system, and CPU work is one small constant per step, so merges take less time than the paper measured. The fitted 0.6 ms per block remains only as the `x25e_effective` calibration option.",
      "The FD+tree has no buffer cache, so every block on a path is read from the SSD (the paper gave both indexes a 15 MB cache, §5). The B+tree baseline has an LRU buffer pool holding 1/8 of its blocks (15 MB of the paper's 120 MB index).",
      "An m-insert step X-latches every open tail at once and holds them through the step's in-memory appends (one step's CPU time), releasing them before it writes the finished blocks (the paper releases each before writing the level above, §4.4); a write's uniqueness check reads down the tree holding the L0 mutex (the paper's writes are blind, Rem. A.1: the check is this lab's, for explicit ops).",
      "The Li FD-tree and B+tree baselines run only in the Compare tab (to the end, on the same clients): the step-by-step view shows FD+XM, FD+DS or FD+FC.",
    ],
    keyMetrics: [
      "ops_completed",
      "insert_worst_ms",
      "insert_mean_ms",
      "insert_std_ms",
      "lookup_worst_ms",
      "merges",
      "longest_merge_ms",
      "live_blocks",
      "peak_live_blocks",
      "slot_waits",
    ],
  },
  defaultScenario: "merge-block-by-block",
};
