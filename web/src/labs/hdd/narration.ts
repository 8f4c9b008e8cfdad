//! "What to watch" for the HDD lab: one paragraph per bundled scenario, and a fallback built
//! from the core's own description of the scheduler and workload for any other scenario.

import type { CoreInfo } from "../../sim/types";
import { schedulerName } from "./format";
import { parseHddInfo } from "./types";

const BY_SCENARIO: Record<string, string> = {
  "random-reads-sstf":
    "SSTF serves the waiting request nearest the arm, so the arm makes short hops: mean seek falls far below the 8.5 ms average, but far-away requests wait and p99 latency grows. Compare FCFS.",
  "random-reads-fcfs":
    "FCFS serves requests in arrival order, so the arm crosses the platter for almost every one: each pays about an average seek plus half a turn. The 4 KB transfer itself is a sliver.",
  "sequential-scan":
    "Each request starts where the last one ended: the arm barely moves and the next sector is already under the head. Seek and rotation vanish; throughput nears the 77 MB/s sequential rate.",
  "scan-with-updates":
    "A scan interleaved with random in-place updates: each update drags the arm away and back. Watch the scan slowdown metric: this interference is why MaSM caches updates on an SSD.",
  "explicit-ops":
    "A short list of reads and writes, four outstanding. At each pick, find the queued chip with the smallest Δ: SSTF should choose it. Every read's answer can be checked through the test API.",
  "table1-hdd-1980":
    "A 1980 disk (0.1 GB, 28 ms per random access) doing random 8 KB reads one at a time. Compare with 2010: capacity grew 10,000 times, random access only about 3.5 times faster.",
  "table1-hdd-2010":
    "A 2010 disk (1 TB, 8 ms per random access) doing random 8 KB reads one at a time. Compare with 1980: streaming grew from 1.2 to 80 MB/s, yet seek plus rotation cap it near 120 reads per second.",
};

export function hddWhatToWatch(scenarioName: string | null, description: string | null, info: CoreInfo): string {
  if (description) return description;
  if (scenarioName && BY_SCENARIO[scenarioName]) return BY_SCENARIO[scenarioName];
  const hdd = parseHddInfo(info.lab_info);
  if (!hdd) return "Watch the arm move to each request's cylinder and the platter turn the sector under the head.";
  return `${hdd.workload.description}. Scheduler ${schedulerName(hdd.scheduler.name)}: ${hdd.scheduler.description} Watch the arm seek, the platter bring each sector round, and the breakdown of where the time goes.`;
}
