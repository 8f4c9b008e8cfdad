//! "What to watch" for the flashlog lab: one paragraph per bundled scenario, each number checked
//! against a run of that scenario (`flashlab run scenarios/flashlog/<name>.json`), and a fallback
//! for any other scenario.

import type { CoreInfo } from "../../sim/types";
import { parseFlashlogInfo } from "./types";

const BY_SCENARIO: Record<string, string> = {
  "crash-and-recovery":
    "Twelve commits go to whichever USB drive is ready; each is acknowledged only when its whole log prefix is durable. Power fails at 2.2 ms with 9 commits acknowledged and two writes in flight: both are torn. The recovery merge then reads the three streams (two drives and the archival disk) in LSN order, rejects the 2 torn records, skips 1 duplicate, and recovers [0, 6900): exactly the 9 acknowledged transactions, 101–109.",
  "flashlogging-vs-disk-vs-ideal":
    "24 workers commit 80 transactions over four usb-a drives: group commit sends all waiting log to whichever drive is idle, so several writes are in flight at once, about 10,600 commits/s. The chart below is computed by the core for this workload: FlashLogging over 1–8 drives against one disk (about a rotation per small synchronous write) and the ideal disk (its volatile cache on).",
  "outlier-reissued":
    "Three usb-b drives, each write with a 4 % chance of a 30 ms erase. At step 89, write 18 on usb-b#1 (marked \u201coutlier!\u201d) has been outstanding 3.4 ms, twice the drive's 1.7 ms average: the same log is re-issued as write 22 to ready drive usb-b#0 (purple), into its outlier hiding area since that drive's log is already past those LSNs, and the waiting commits are acknowledged when the copy lands. p99 commit latency stays about 5 ms instead of the 30 ms erase.",
  "ideal-disk-loses-commits":
    "The ideal disk acknowledges each commit from its volatile cache in 50 µs (11,000 commits/s) while the platter destages slowly: at the crash (8 ms) 89 commits were acknowledged but only [0, 1276) of the log was on the platter. Recovery finds 1 committed transaction: 88 acknowledged commits are lost. The lab reports this as a metric, not as a failure: it is why \u201cideal\u201d is not an option for durable logging.",
  "flash-fills-and-is-archived":
    "Two USB drives with only 64 KiB of log space each (the bar under each drive's name) take 24 workers' commits. Durable log is copied to the archival disk in 32 KB batches (the dashed \u201carchived\u201d mark on the ruler), and only when an archive write completes is the flash that held it freed (\u201cflash freed\u201d in the narration). When both drives are full, the pending log waits while the disk archives whatever is durable (30 dispatches in this run find every idle drive full); when a drive has room for only part of it, that drive takes the blocks that fit and the next idle drive the rest. Power fails at 30 ms with 209 commits acknowledged: the archive holds [0, 163,840) after 6 archive writes, and the recovery merge reads 163,241 bytes of the log from it and the rest from the drives, rejecting 3 torn records and skipping 30 duplicates, to recover [0, 209,644): all 209 acknowledged commits, more log than the drives could ever hold.",
  "append-pack-packing":
    "400 random page writes, 85 % to 8 hot pages, over 12 erase blocks of 8 pages. Writes are buffered and appended a whole erase block at a time; when only 2 blocks are free, packing reads the valid (cold, blue) pages of the append log's tail into the pack log and erases the block. The tails hold few valid pages (u ≈ 0.14), so write amplification stays near 1/(1 − u) ≈ 1.17.",
  "append-pack-reads":
    "Pages are written, rewritten and read back while packing moves them: every read (10 of them) answers the last version written, from the device slot or a buffer, and the lab checks each against a plain model. With 40 of 64 slots live, packed blocks are 61 % valid, so 1/(1 − u) ≈ 2.5.",
};

export function flashlogWhatToWatch(scenarioName: string | null, description: string | null, info: CoreInfo): string {
  if (description) return description;
  if (scenarioName && BY_SCENARIO[scenarioName]) return BY_SCENARIO[scenarioName];
  const fl = parseFlashlogInfo(info.lab_info);
  if (fl?.mode === "append_pack") {
    return "One step is one page write, read or packed block: watch full write buffers become whole erase blocks at the append log's head, and packing move the tail's valid pages to the pack log.";
  }
  return "One step is one event: a commit request, a log write issued to a ready device, a completion, an outlier re-issued, an acknowledgement. Commits are acknowledged only when their whole log prefix is durable; after a crash, the recovery merge shows what survives.";
}
