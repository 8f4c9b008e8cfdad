//! The NAND cell lab's views.

import type { LabViews } from "../views";
import { nandWhatToWatch } from "./narration";
import { NandView } from "./NandView";
import { SourcesCard } from "./SourcesCard";

export const nandViews: LabViews = {
  View: NandView,
  Side: SourcesCard,
  watch: nandWhatToWatch,
  keyMetrics: [
    "last_program_loops",
    "last_program_latency_us",
    "mean_loops",
    "mean_loops_lsb",
    "mean_loops_csb",
    "mean_loops_msb",
    "raw_bit_error_rate",
    "refused_ops",
  ],
};
