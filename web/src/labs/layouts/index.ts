//! The layouts lab (row vs column, seed 001) on the web side: its home entry, views and default
//! scenario.

import { layoutsPseudocode } from "./pseudocode";
import { TIME_SPEEDS, type LabModule } from "../labModule";
import { stepDriven } from "../stepDriven";
import { LayoutsView } from "./LayoutsView";
import { layoutsWhatToWatch } from "./narration";
import { LayoutsSourcesCard } from "./SourcesCard";

export const layoutsLab: LabModule = {
  entry: {
    id: "layouts",
    title: "Row vs column",
    summary: "Scan a table stored by rows or by columns on a disk and on flash: where the column store stops winning.",
    source: "Revisiting Database Storage Optimizations on Flash",
    paperSeed: "001",
    available: true,
    speeds: TIME_SPEEDS,
    defaultSpeed: 0.01,
  },
  views: {
    View: stepDriven(LayoutsView),
    Side: LayoutsSourcesCard,
    watch: layoutsWhatToWatch,
    pseudocode: layoutsPseudocode,
    leavesOut: [
      "No buffer pool and direct I/O, as in the paper; the CPU model has two fitted costs (calibration points).",
      "Fixed-width columns. Compression packs each page's real values (frame of reference + bit-packing, 128 per block; the paper's best of bit-packing, dictionary and FOR-delta is not named, §5.2.1), but the scan reads every page of a file at the file's mean packed size, and decompression costs a fitted CPU time per value.",
      "The projectivity sweep runs at 4 million rows, not the paper's 60 million.",
      "RAID-0 takes one request at a time and its disks have no on-board cache: a request smaller than two stripe units uses one disk while the other waits.",
    ],
    keyMetrics: ["seeks", "requests", "elapsed_ms", "cpu_ms", "io_wait_ms", "answer_rows", "sweep_crossover_fraction", "bytes_read_kb"],
  },
  defaultScenario: "crossover-disk",
};
