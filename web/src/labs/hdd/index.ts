//! The HDD lab's views.

import type { LabViews } from "../views";
import { DeviceCard } from "./DeviceCard";
import { HddView } from "./HddView";
import { hddWhatToWatch } from "./narration";

export const hddViews: LabViews = {
  View: HddView,
  Side: DeviceCard,
  watch: hddWhatToWatch,
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
};
