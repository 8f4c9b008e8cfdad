//! The flashlog lab on the web side: FlashLogging (commit logging over several flash devices,
//! crash and recovery) and Append/Pack; its home entry, views and default scenario.

import { TIME_SPEEDS, type LabModule } from "../labModule";
import { FlashlogView } from "./FlashlogView";
import { flashlogWhatToWatch } from "./narration";
import { flashlogPseudocode } from "./pseudocode";
import { FlashlogSourcesCard } from "./SourcesCard";

export const flashlogLab: LabModule = {
  entry: {
    id: "flashlog",
    title: "FlashLogging",
    summary: "Synchronous logging on cheap flash drives, a crash and recovery, and the Append/Pack layout.",
    source: "Athanassoulis et al., Flash in a DBMS: Where and How? (IEEE Data Eng. Bull. 2010)",
    paperSeed: "003",
    available: true,
    speeds: TIME_SPEEDS,
    defaultSpeed: 0.001,
  },
  views: {
    View: FlashlogView,
    Side: FlashlogSourcesCard,
    watch: flashlogWhatToWatch,
    pseudocode: flashlogPseudocode,
    leavesOut: [
      "The USB-class drives have illustrative latency profiles, not measured ones; two throughput ratios are fitted once (calibration points).",
      "The workload is TPC-C-like (CPU time and log bytes per transaction), not a database engine.",
      "In the lab, Append/Pack's device operations run one after another on the course preset's page and block times (a serial cost model, so the view shows where device time goes), and its generated workload only writes. Figure 3's rates, write-only and the read/write mix, are computed by `flashlab reproduce` on the fusionio preset with 32 operations in flight.",
      "A flash drive's log space (log.flash_capacity_bytes, only with the archival disk) is counted in whole 512 B blocks of a circular log; space is freed only by archiving, since no checkpoint is modelled, and without a capacity a drive never fills.",
    ],
    keyMetrics: [
      "commits_acked",
      "commits_per_s",
      "commit_p99_ms",
      "reissues",
      "acked_commits_lost",
      "write_amplification",
      "model_write_amplification",
      "pack_steps",
    ],
  },
  defaultScenario: "crash-and-recovery",
};
