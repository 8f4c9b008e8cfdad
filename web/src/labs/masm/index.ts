//! The MaSM lab's views.

import type { LabViews } from "../views";
import { MasmView } from "./MasmView";
import { masmWhatToWatch } from "./narration";
import { MasmSourcesCard } from "./SourcesCard";

export const masmViews: LabViews = {
  View: MasmView,
  Side: MasmSourcesCard,
  watch: masmWhatToWatch,
  keyMetrics: [
    "updates_committed",
    "flushes",
    "runs_live",
    "ssd_writes_per_update",
    "theorem_writes_per_update",
    "two_pass_merges",
    "pages_stolen",
    "mean_scan_ms",
    "migrations_completed",
    "log_records",
  ],
};
