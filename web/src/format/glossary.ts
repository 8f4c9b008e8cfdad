//! The terms a student meets in narration without an explanation, each with one sentence. The
//! UI marks them where they appear (`Glossed`): hover for the sentence, and the glossary panel
//! lists them all. Abbreviations match case-sensitively, words case-insensitively.

export interface GlossaryEntry {
  term: string;
  meaning: string;
}

export const GLOSSARY: readonly GlossaryEntry[] = [
  { term: "ISPP", meaning: "Incremental step pulse programming: the chip raises a cell's charge by a staircase of pulses, verifying after each, until the cell reaches its target level." },
  { term: "Vpgm", meaning: "The program voltage of the current ISPP pulse; it rises by ΔVpgm each loop." },
  { term: "LM", meaning: "The lower-middle level: the charge an MLC cell holds after only its LSB page is programmed, before the MSB page pushes it to its final state." },
  { term: "NOP", meaning: "Number of partial programs: how many times one page may be programmed between two erases (1 to 8 on real parts); each in-place append uses one." },
  { term: "inhibited", meaning: "A cell whose bit line is raised during a pulse, so the pulse adds no charge to it: cells already at their level, or outside an append's range." },
  { term: "P/E", meaning: "Program/erase cycles: how often a block has been erased. Cells wear with each cycle; a part is rated for a number of them." },
  { term: "LSB", meaning: "Least significant bit page: the first page programmed on an MLC wordline; fast, because it only moves cells to LM." },
  { term: "MSB", meaning: "Most significant bit page: the second page on an MLC wordline; slower, because it places cells on their final levels." },
  { term: "pSLC", meaning: "Pseudo-SLC: using only the LSB pages of multi-bit cells, so each cell stores one bit, faster and longer-lived." },
  { term: "FTL", meaning: "Flash translation layer: the SSD firmware that maps logical pages to physical flash pages, writing out of place and collecting garbage." },
  { term: "LBA", meaning: "Logical block address: the page number the host uses; the FTL decides where it lives physically." },
  { term: "GC", meaning: "Garbage collection: the FTL picks a block, copies its still-valid pages elsewhere and erases it to get free space." },
  { term: "TRIM", meaning: "The host telling the SSD that pages are no longer needed, so GC need not copy them." },
  { term: "over-provisioning", meaning: "Flash capacity hidden from the host; the more spare space, the emptier GC victims are and the less GC copies." },
  { term: "write amplification", meaning: "Flash pages written per page the host wrote: 1 means no extra copies; GC and metadata raise it." },
  { term: "SSTF", meaning: "Shortest seek time first: the disk scheduler serves the waiting request nearest the arm." },
  { term: "FCFS", meaning: "First come, first served: requests are served in arrival order." },
  { term: "closed loop", meaning: "Each client issues its next request only when its previous one has completed, so a slow request also delays that client's later ones." },
  { term: "granule", meaning: "A slice of a sorted run covered by one run-index entry; a scan reads only the granules that overlap its key range." },
  { term: "redo log", meaning: "A sequential log of every update, written before the update is acknowledged, so a crash loses nothing acknowledged." },
  { term: "WAL", meaning: "Write-ahead log: the change is logged durably before the data page is written." },
];

const ABBREVIATION = /^[A-Z][A-Za-z/]*$/;

function escape(term: string): string {
  return term.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

const BY_KEY = new Map(GLOSSARY.map((entry) => [ABBREVIATION.test(entry.term) ? entry.term : entry.term.toLowerCase(), entry]));
const PATTERN = new RegExp(
  GLOSSARY.map((entry) => `(?<![\\w/])${escape(entry.term)}(?![\\w/])`)
    .sort((a, b) => b.length - a.length)
    .join("|"),
  "gi",
);

export type GlossPiece = string | { text: string; entry: GlossaryEntry };

/** Splits `text` into plain runs and glossary terms (abbreviations only in their exact case). */
export function glossPieces(text: string): GlossPiece[] {
  const pieces: GlossPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(PATTERN)) {
    const found = match[0];
    const at = match.index;
    const entry = BY_KEY.get(found) ?? BY_KEY.get(found.toLowerCase());
    if (!entry || (ABBREVIATION.test(entry.term) && found !== entry.term)) continue;
    if (at > last) pieces.push(text.slice(last, at));
    pieces.push({ text: found, entry });
    last = at + found.length;
  }
  if (last < text.length) pieces.push(text.slice(last));
  return pieces;
}
