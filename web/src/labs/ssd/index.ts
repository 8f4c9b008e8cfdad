//! The SSD & FTL lab on the web side: its home entry, views and default scenario.

import type { LabModule } from "../labModule";
import { ssdWhatToWatch } from "./narration";
import { SsdSourcesCard } from "./SourcesCard";
import { SsdView } from "./SsdView";
import { ssdPseudocode } from "./pseudocode";

/** Course-preset reads take 25 µs, programs 200 µs, erases 1.5 ms, so 1/1,000× shows about five programs a second per die. */
const FLASH_SPEEDS = [0.00001, 0.0001, 0.001, 0.01, 0.1, 1] as const;

export const ssdLab: LabModule = {
  entry: {
    id: "ssd",
    title: "SSD & FTL",
    summary: "Page mapping, garbage collection and wear levelling inside a flash drive.",
    source: "Flash translation layers",
    available: true,
    speeds: FLASH_SPEEDS,
    defaultSpeed: 0.001,
  },
  views: {
    View: SsdView,
    Side: SsdSourcesCard,
    watch: ssdWhatToWatch,
    pseudocode: ssdPseudocode,
    leavesOut: [
      "One page-mapped FTL with the whole map in memory: no hybrid mapping, no map caching.",
      "Dies and channels follow datasheet timings; no ECC, read retries or power limits.",
      "Wear is counted, not felt: no bit errors or failing blocks.",
      "One write point per die, shared by host writes and GC copies: hot and cold pages are never separated (no age-sorted cleaning as in LFS).",
    ],
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
  },
  defaultScenario: "random-writes-gc",
};
