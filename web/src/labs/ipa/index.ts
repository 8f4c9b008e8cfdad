//! The IPA lab on the web side: its home entry, views and default scenario.

import type { LabModule } from "../labModule";
import { stepDriven } from "../stepDriven";
import { IpaView } from "./IpaView";
import { ipaWhatToWatch } from "./narration";
import { ipaPseudocode } from "./pseudocode";
import { IpaSourcesCard } from "./SourcesCard";

/** A page program is ~200 µs on SLC, so 1/1,000× shows a few flash writes a second. */
const IPA_SPEEDS = [0.0001, 0.001, 0.01, 0.1, 1, 10] as const;

export const ipaLab: LabModule = {
  entry: {
    id: "ipa",
    title: "In-place appends",
    summary: "Write small deltas into a page's still-erased cells instead of rewriting the page.",
    source: "Hardock et al., From In-Place Updates to In-Place Appends (SIGMOD 2017)",
    paperSeed: "004",
    available: true,
    speeds: IPA_SPEEDS,
    defaultSpeed: 0.001,
  },
  views: {
    View: stepDriven(IpaView),
    Side: IpaSourcesCard,
    tall: true,
    watch: ipaWhatToWatch,
    pseudocode: ipaPseudocode,
    leavesOut: [
      "No program interference between MLC neighbours and no ECC per delta record.",
      "Regions (device.regions): each has its own buffer (the paper's share one DBMS buffer); an op's write-backs and GC in a region other than \"main\" run inside that op's step, and the flash grid, page map, zoom and counters show \"main\" (the regions panel shows every region).",
      "IPL runs on its own blocks in the paper's geometry (as many as this device has, 64 × 2 KB SLC pages, 512 B partial writes; its erases are those blocks' erase counts; the Compare tab draws them), but its reads and writes are App. B's counts (a fetch is charged the whole 8 KB log region), and the main flash grid shows only IPA's device.",
      "params.flash_model \"cells\" runs every page of the device on the NAND cell model (course scale only: at most 1 Mi cells), but reads sense the thresholds without read noise, IPL stays on the byte-level model, and the cell zoom still replays the page's program history rather than reading the live cells.",
      "A checkpoint's or the page cleaner's write-backs take one step each; an op's own evictions (up to two for an insert) and a crash's redo stay inside that op's step.",
      "Rollback is shown as a compensating change (every op commits), and the [N × M] explorer simulates at most the first 2,000 ops.",
      "The lab counts flash operations and shows no device time. The time and throughput columns of Tabs. 6–10 are priced from those counts on the paper-results page only: device time of one transaction at a time (§8.1's emulator over 16 chips; OpenSSD one I/O at a time, App. D), without the host I/O stack, queueing among concurrent transactions or Shore-MT's CPU time.",
    ],
    keyMetrics: ["host_writes", "appends", "out_of_place_writes", "ipa_percent", "gc_migrations", "erases", "write_amplification", "read_amplification", "gc_erases_per_host_write", "page_fetches"],
  },
  defaultScenario: "life-of-page-4711",
};
