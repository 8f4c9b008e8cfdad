//! The HDD lab on the web side: its home entry, views and default scenario.

import { hddPseudocode } from "./pseudocode";
import { TIME_SPEEDS, type LabModule } from "../labModule";
import { HddSourcesCard } from "./SourcesCard";
import { HddView } from "./HddView";
import { hddWhatToWatch } from "./narration";

export const hddLab: LabModule = {
  entry: {
    id: "hdd",
    title: "Hard disk",
    summary: "Watch the arm seek, the platter turn and the scheduler pick the next request.",
    source: "Ruemmler & Wilkes disk model, calibrated on drive datasheets",
    available: true,
    speeds: TIME_SPEEDS,
    defaultSpeed: 0.01,
  },
  views: {
    View: HddView,
    Side: HddSourcesCard,
    watch: hddWhatToWatch,
    pseudocode: hddPseudocode,
    leavesOut: [
      "No operating system, file system or controller overheads: a request's time is its seek, rotation, transfer and head switches alone.",
      "The seek curve is fitted to each drive's datasheet average and full-stroke times, not measured on a real drive.",
      "No cache or command queue inside the drive: the only scheduler is the host's FCFS or SSTF.",
    ],
    keyMetrics: [
      "requests_completed",
      "mean_latency_ms",
      "p99_latency_ms",
      "mean_seek_ms",
      "mean_rotation_ms",
      "throughput_mb_s",
      "scan_time_ms",
      "scan_slowdown",
    ],
  },
  defaultScenario: "random-reads-sstf",
};
