//! The layouts lab (row vs column, seed 001) on the web side: its home entry, views and default
//! scenario.

import { TIME_SPEEDS, type LabModule } from "../labModule";
import { LayoutsView } from "./LayoutsView";
import { layoutsWhatToWatch } from "./narration";

export const layoutsLab: LabModule = {
  entry: {
    id: "layouts",
    title: "Row vs column",
    summary: "Scan a table stored by rows or by columns on a disk and on flash: where the column store stops winning.",
    source: "Revisiting Database Storage Optimizations on Flash",
    available: true,
    speeds: TIME_SPEEDS,
    defaultSpeed: 0.01,
  },
  views: {
    View: LayoutsView,
    watch: layoutsWhatToWatch,
    keyMetrics: ["seeks", "requests", "elapsed_ms", "cpu_ms", "io_wait_ms", "answer_rows", "sweep_crossover_fraction", "bytes_read_kb"],
  },
  defaultScenario: "crossover-disk",
};
