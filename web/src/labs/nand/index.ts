//! The NAND cell lab on the web side: its home entry, views and default scenario.

import type { LabModule } from "../labModule";
import { stepDriven } from "../stepDriven";
import { nandWhatToWatch } from "./narration";
import { NandView } from "./NandView";
import { NandSourcesCard } from "./SourcesCard";
import { nandPseudocode } from "./pseudocode";

/** One ISPP pulse is ~30 µs, so 1/10,000× shows about two pulses a second. */
const CELL_SPEEDS = [0.00001, 0.0001, 0.001, 0.01, 0.1, 1, 10, 100] as const;

export const nandLab: LabModule = {
  entry: {
    id: "nand",
    title: "NAND cells",
    summary: "Program a cell with ISPP, see threshold voltages spread and bits flip.",
    source: "ISPP program-and-verify; SLC, MLC and TLC cells with Gray-coded levels",
    available: true,
    speeds: CELL_SPEEDS,
    defaultSpeed: 0.0001,
  },
  views: {
    View: stepDriven(NandView),
    Side: NandSourcesCard,
    watch: nandWhatToWatch,
    pseudocode: nandPseudocode,
    leavesOut: [
      "Each cell's threshold voltage is drawn from a distribution; neighbours do not disturb each other.",
      "Wear widens the distributions by a fitted law, and retention loss is one bake figure, not a model over time.",
      "Read references are fixed: no read retry or soft decoding.",
    ],
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
  },
  defaultScenario: "mlc-lsb-vs-msb",
};
