//! Every lab the app knows, in the order of the home page. `available` labs have a view and a
//! core model; the others are shown honestly as "coming soon".

export interface LabEntry {
  id: string;
  title: string;
  /** One line for the home card. */
  summary: string;
  /** The paper or idea it demonstrates. */
  source: string;
  available: boolean;
  /** Playback speeds (simulated seconds per wall second) and the default one. */
  speeds: readonly number[];
  defaultSpeed: number;
}

const TIME_SPEEDS = [0.001, 0.01, 0.1, 1, 10, 100] as const;
/** SSD: course-preset reads take 25 µs, programs 200 µs, erases 1.5 ms, so 1/1,000× shows about five programs a second per die. */
const FLASH_SPEEDS = [0.00001, 0.0001, 0.001, 0.01, 0.1, 1] as const;
/** NAND: one ISPP pulse is ~30 µs, so 1/10,000× shows about two pulses a second. */
const CELL_SPEEDS = [0.00001, 0.0001, 0.001, 0.01, 0.1, 1, 10, 100] as const;
/**
 * MaSM: updates arrive about 1 ms apart and a range scan keeps the HDD busy for milliseconds,
 * so 1/100× shows ten updates a second; an SSD page write of a flush takes a fraction of a
 * millisecond, so slow to 1/1,000× or 1/10,000× to watch a flush page by page.
 */
const MASM_SPEEDS = [0.0001, 0.001, 0.01, 0.1, 1, 10] as const;

export const LABS: readonly LabEntry[] = [
  {
    id: "hdd",
    title: "Hard disk",
    summary: "Watch the arm seek, the platter turn and the scheduler pick the next request.",
    source: "Ruemmler & Wilkes disk model, calibrated on drive datasheets",
    available: true,
    speeds: TIME_SPEEDS,
    defaultSpeed: 0.01,
  },
  {
    id: "ssd",
    title: "SSD & FTL",
    summary: "Page mapping, garbage collection and wear levelling inside a flash drive.",
    source: "Flash translation layers",
    available: true,
    speeds: FLASH_SPEEDS,
    defaultSpeed: 0.001,
  },
  {
    id: "nand",
    title: "NAND cells",
    summary: "Program a cell with ISPP, see threshold voltages spread and bits flip.",
    source: "ISPP program-and-verify; SLC, MLC and TLC cells with Gray-coded levels",
    available: true,
    speeds: CELL_SPEEDS,
    defaultSpeed: 0.0001,
  },
  {
    id: "masm",
    title: "MaSM",
    summary: "Cache updates on an SSD and merge them into warehouse scans on the fly.",
    source: "Athanassoulis et al., Online Updates on Data Warehouses via Judicious Use of Solid-State Storage (TODS 2015)",
    available: true,
    speeds: MASM_SPEEDS,
    defaultSpeed: 0.01,
  },
  {
    id: "fdtree",
    title: "FD+tree",
    summary: "A flash-friendly index: logarithmic levels, fractional cascading, merges.",
    source: "Thonangi, Babu, Yang, A Practical Concurrent Index for Solid-State Drives (CIKM 2012)",
    available: false,
    speeds: TIME_SPEEDS,
    defaultSpeed: 0.01,
  },
  {
    id: "ipa",
    title: "In-place appends",
    summary: "Write small deltas into a page's spare area instead of rewriting it.",
    source: "Hardock et al., From In-Place Updates to In-Place Appends (SIGMOD 2017)",
    available: false,
    speeds: TIME_SPEEDS,
    defaultSpeed: 0.01,
  },
  {
    id: "layouts",
    title: "Row vs column",
    summary: "Scan a table stored by rows or by columns on a disk and on flash.",
    source: "Revisiting Database Storage Optimizations on Flash",
    available: false,
    speeds: TIME_SPEEDS,
    defaultSpeed: 0.01,
  },
  {
    id: "flashlog",
    title: "FlashLogging",
    summary: "Synchronous logging on cheap flash drives, and the Append/Pack layout.",
    source: "Athanassoulis et al., Flash in a DBMS: Where and How? (IEEE Data Eng. Bull. 2010)",
    available: false,
    speeds: TIME_SPEEDS,
    defaultSpeed: 0.01,
  },
];

export function findLab(id: string): LabEntry | undefined {
  return LABS.find((lab) => lab.id === id);
}
