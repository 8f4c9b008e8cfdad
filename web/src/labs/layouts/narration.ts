//! "What to watch" for the layouts lab: one paragraph per bundled scenario, each number checked
//! against a run of that scenario (`flashlab run scenarios/layouts/<name>.json`, its metrics),
//! and a fallback for any other scenario.

import type { CoreInfo } from "../../sim/types";
import { percent } from "./chart";
import { parseLayoutsInfo } from "./types";

const BY_SCENARIO: Record<string, string> = {
  "crossover-disk":
    "A column scan of 2,000 LINEITEM rows reads 16 column files with a 16 KB read-ahead: watch the disk head leave each file when its window drains. 77 requests, 17 seeks, 82 ms. The chart (4 M rows, the paper's 128 KB / 6 MB I/O) shows why: each projected column adds seeks, and past about 97 % of the tuple's bytes the column store is slower than the row store (the paper: 90 %). The dashed Eq. 1–2 model, fed the simulated seek count, sits just beside.",
  "no-crossover-flash":
    "The same scan on SSD-Fast: the request path jumps between files exactly as on the disk, but a jump costs nothing and the channels serve several requests at once. 77 requests in 2.3 ms instead of 82 ms. On the chart the column curve stays under the row line at every projectivity: no crossover on flash.",
  "prefetch-and-seeks":
    "ORDERS as 7 column files read with a read-ahead of only two 4 KB units: the head switches column after every second page (12 seeks for 48 requests). The chart's sweep uses the paper's small 256 KB read-ahead (Fig. 4): seeks multiply and the crossover moves far left, to about 60 % of the tuple.",
  "crossover-raid0":
    "LINEITEM's 16 column files on a RAID-0 of two disks striped in 64 KB units, read in the paper's 128 KB units: each request is split over both disks, which transfer their halves at once, but every jump between files still costs a seek on both: 58 requests, 17 seeks, 153 ms (on one disk the same scan takes 173 ms). On the chart the crossover remains, at about 94 % of the tuple (the paper: 90 %, in a FIXME): doubling the bandwidth makes the seeks count for more.",
  "concurrent-noop":
    "Three ORDERS row scans on one disk with NOOP: requests are served in arrival order, so the head alternates between the three tables: 11 seeks, and the last scan ends after 64 ms.",
  "concurrent-cfq":
    "The same three scans with CFQ: each query gets a time slice and the scheduler idles briefly for it, so each table is read in long runs: 2 seeks, 30 ms. Compare the seek counter with the NOOP scenario.",
  "explicit-scans-pax":
    "Two explicit scans on PAX pages on SSD-Medium, each answering its qualifying rows (see the answers); the lab checks every answer against a plain scan of the same generated table.",
  "pax-on-flash":
    "LINEITEM stored as PAX on SSD-Fast: one file of row-store pages, each page regrouped into a minipage per column. 75 requests read the whole file, as a row scan would, 2.3 ms. On the chart the purple PAX curve lies on the row store's line at every k and is 27 times the column store's time at one column: PAX reads every byte, and its CPU saving hides under the I/O. It has no dashed model curve because the paper's equations do not cover PAX.",
  "index-scan":
    "A 1 % selective scan through a sorted index: the index range is read first, then only the 4 KB row pages holding qualifying rows, in physical order (a bitmap heap scan): 52 requests instead of the whole table.",
};

export function layoutsWhatToWatch(scenarioName: string | null, description: string | null, info: CoreInfo): string {
  const known = scenarioName ? BY_SCENARIO[scenarioName] : undefined;
  if (known) return known;
  const parsed = parseLayoutsInfo(info.lab_info);
  const sweep = parsed?.sweep;
  const crossing =
    sweep?.crossover_fraction !== null && sweep?.crossover_fraction !== undefined
      ? `the column store becomes slower than the row store at ${percent(sweep.crossover_fraction)} of the tuple`
      : "the column store wins at every projectivity";
  const base = description ?? "A row or column scan.";
  return `${base} Watch the device panel: each switch between files is a jump of the request path, a seek on a disk. On the chart, ${sweep ? crossing : "(no sweep)"}.`;
}
