//! "What to watch" for the IPA lab: one paragraph per bundled scenario (numbers from
//! `flashlab run scenarios/ipa/<name>.json`), and a fallback for any other scenario.

import type { CoreInfo } from "../../sim/types";

const BY_SCENARIO: Record<string, string> = {
  "life-of-page-4711":
    "Fifteen records fill one 512-byte page; the checkpoint writes it out of place with its 92-byte delta area still erased (white). Tx1 changes three bytes of field 0 and the PageLSN: at the checkpoint they become delta record δ1, ISPP-programmed into slot 1 of the same flash page — no new page, no invalid page. Tx2 fills δ2. Tx3 finds no free slot: the page goes out of place with a fresh area and its old copy turns grey. Over the run 18 of 27 update write-backs are appends; a crash at the end loses nothing.",
  "three-way-race":
    "The same TPC-B transactions run on three schemes. Open the Compare tab: out-of-place rewrites a page for every write-back and its GC erases blocks; IPL reads a page plus its log region on every fetch and merges whole erase units when a log region fills; IPA appends 244 of its 622 update write-backs in place. Watch the erase counts and the read I/Os.",
  "mlc-pairing-append":
    "An MLC device in odd-MLC mode: every wordline holds an LSB and an MSB page. Appends land only on LSB pages (7 appends); a page that sits on an MSB page is always rewritten out of place (5 such writes), because reprogramming it would disturb its paired cells (App. C.2). The scenario regions-pslc-and-odd-mlc shows C.2's remedy: a DB page spanning an LSB+MSB pair.",
  "regions-pslc-and-odd-mlc":
    "Two NoFTL regions of one MLC device (§5, Fig. 3). TPC-C's STOCK table (table 4) lives in region \"hot\", in pSLC mode: only LSB pages are used (8 DB pages per 16-page block) and every page takes appends — 3,132 of its 4,898 write-backs are appends. Every other table stays in region \"main\", in odd-MLC mode with App. C.2's mapping: a 512-byte DB page spans two 256-byte flash pages, an MSB (or LSB) page and the LSB page after it in program order, with the delta area on the LSB one — so all 28 of its DB pages can take appends (7 per block; the block's last pair, two MSB pages, holds none), and 377 of its 991 write-backs are appends. The regions panel shows both side by side; the flash grid, page map and cell zoom show \"main\", where a pair is two neighbouring flash pages and the zoom replays the LSB half.",
  "buffer-size-small":
    "TPC-C with a 2-frame buffer and non-eager eviction: pages are evicted after one or two changes, so most write-backs are tiny: 169 appends against 173 out-of-place rewrites, and GC runs (19 erases). Compare buffer-size-large.",
  "buffer-size-large":
    "The same TPC-C with 12 frames: changes pile up on a page while it stays cached, so a write-back carries more bytes and overflows the [2×3] scheme more often — 41 % appends against 49 % with 2 frames — but there are 48 writes instead of 362 (Tabs. 9–11).",
  "four-byte-update-to-cells":
    "One 4-byte update of one record. At the checkpoint it becomes one delta record: four ⟨value, offset⟩ pairs plus the PageLSN's metadata pair. The cell zoom replays the page's programs since its block's erase on the NAND cell model, with the device's NOP 4: the first program, then this append. In the window it shows (the delta area and 8 body bytes before it), only the cells of the record's bytes that go from 1 to 0 are pulsed and rise; every other cell of the window is inhibited.",
  "nop-1-no-appends":
    "A device with NOP = 1 allows one program per page between erases, so no page can take a second program: every one of the 6 update write-backs goes out of place and the blocks fill with invalid pages. Set device.nop to 4 to see the same ops appended.",
  "rollback-with-ipa":
    "Digest §7 scenario 9 (§6.2): the lab commits every op, so the abort is shown the way a WAL system logs it, as a compensating change (the UNDO). Step 12 changes field 0 of key 3; the checkpoint at step 13 flushes the still-dirty page and step 14 appends it as δ1. Then the transaction is rolled back: step 16 restores the old value 1003, and at step 18 those UNDO bytes are appended as δ2 into the next erased slot — no out-of-place write. The crash at step 19 loses the buffer; recovery reads the page, applies δ1 then δ2 in order, and the get at step 20 answers 1003. Recovery needed nothing new.",
  "whole-data-path-on-cells":
    "params.flash_model is \"cells\": every page program, append, GC copy and erase of this TPC-B run happens on the NAND cell model, ISPP loop by ISPP loop (438 loops in all, metric cell_model_ispp_loops). 31 of the 74 update write-backs are appends, GC migrates 7 pages and erases 6 blocks. Set params.flash_model to \"bytes\": the trace hash and every count stay the same: in every run a test drives both models in lockstep, the byte-level model accepts and refuses what the cells do. (Only the cells could fail a program's verify, after too many ISPP loops; no run here does.) Cells mode is for course-scale devices only (at most 1 Mi cells).",
  "tpcc-crash-recovery":
    "TPC-C with [3×3] records on a NOP-8 device, checkpoints every 30 transactions and a crash after 50: recovery rebuilds the index from the flash pages (deltas applied) and redoes the log. 64 % of update write-backs are appends; every get matches the plain map.",
};

export function ipaWhatToWatch(scenarioName: string | null, description: string | null, _info: CoreInfo): string {
  if (description) return description;
  if (scenarioName && BY_SCENARIO[scenarioName]) return BY_SCENARIO[scenarioName];
  return "Each step is one transaction (or one GC migration or erase). Watch the page's delta area fill slot by slot as small updates are appended in place, the out-of-place write when it is full, the cells of the latest append rising in the zoom, and the blocks' valid, invalid and erase counts.";
}
