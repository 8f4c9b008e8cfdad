//! Paper references a student can use. The core's sources cite the papers by their seed number
//! ("seed 004 §8.4"), which means nothing outside this repository; every text shown in the UI
//! goes through `readableCitations`, which names the paper instead ("Hardock et al., SIGMOD 2017
//! §8.4"). One table, so the names are the same everywhere.

const PAPERS: Record<string, string> = {
  "000": "Athanassoulis et al., TODS 2015 (MaSM)",
  "001": "“Revisiting Database Storage Optimizations on Flash”",
  "002": "Thonangi, Babu & Yang, CIKM 2012 (FD+tree)",
  "003": "Athanassoulis et al., IEEE Data Eng. Bull. 2010",
  "004": "Hardock et al., SIGMOD 2017 (IPA)",
};

/** The paper of a seed number, if it has one. */
export function paperName(seed: string): string | undefined {
  return PAPERS[seed];
}

/** Every seed number this table names. */
export function namedSeeds(): string[] {
  return Object.keys(PAPERS).sort();
}

/** "seed 004 (Hardock et al., SIGMOD'17) §8.4" or "seed 001 digest" → the paper's name. */
const SEED = /\bseed (00\d)(?: digest)?(?: \([^)]*\))?/g;

export function readableCitations(text: string): string {
  return text.replace(SEED, (match, number: string) => PAPERS[number] ?? match);
}
