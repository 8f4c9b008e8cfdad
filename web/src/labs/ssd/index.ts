//! The SSD & FTL lab's views.

import type { LabViews } from "../views";
import { ssdWhatToWatch } from "./narration";
import { SsdSourcesCard } from "./SourcesCard";
import { SsdView } from "./SsdView";

export const ssdViews: LabViews = {
  View: SsdView,
  Side: SsdSourcesCard,
  watch: ssdWhatToWatch,
  keyMetrics: [
    "host_writes_pages",
    "flash_programs_pages",
    "write_amplification",
    "gc_count",
    "relocated_pages",
    "erases",
    "free_blocks",
    "mean_write_latency_us",
  ],
};
