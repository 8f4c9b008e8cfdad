//! "What to watch" for the NAND lab: one paragraph per bundled scenario, each number checked
//! against a run of that scenario (`flashlab run scenarios/nand/<name>.json`, its events and its
//! view), and a fallback for any other scenario, including one edited with the lab's buttons.

import type { CoreInfo } from "../../sim/types";
import { parseNandInfo } from "./types";

const BY_SCENARIO: Record<string, string> = {
  "slc-program-and-append":
    "5 pulses program page 0; appending 0x0F then pulses only the 4 cells that go 1→0. At step 15, appending 0xFF over bits 0–7 is refused: only an erase removes charge. At step 28, NOP 4 refuses a fifth program.",
  "mlc-lsb-vs-msb":
    "LSB pages take 16 pulses (850 µs): cells rise only to LM. MSB pages take 27–28 (about 2.25 ms): the staircase must reach P3. Page 2 is refused at step 18 (too early), an append to an MSB page at step 188.",
  "ispp-step-size":
    "One MLC wordline programmed with ΔVpgm 0.15, 0.3 and 0.1 V: the MSB page takes 28, 15 and 40 pulses, and the programmed humps come out about as wide as the step (0.16, 0.33, 0.11 V; see steps 46, 76, 146).",
  "tlc-levels":
    "Eight levels in three steps: the LSB program (24 pulses) lifts cells to IM4, the CSB program (31) splits them into four groups, the MSB program (37 pulses, 3.6 ms) makes P1–P7. Reads sense 1, 2 and 4 references.",
  "wear-widening":
    "A TLC block programmed fresh, at 4,000 and at 8,001 P/E: each hump widens from σ ≈ 0.035 V to about 0.09 and 0.12 V, and bit errors go from none to 0.9 %, 2.5 %, and 4.6 % after a 720-hour bake.",
};

export function nandWhatToWatch(scenarioName: string | null, description: string | null, info: CoreInfo): string {
  if (description) return description;
  if (scenarioName && BY_SCENARIO[scenarioName]) return BY_SCENARIO[scenarioName];
  const nand = parseNandInfo(info.lab_info);
  const cellType = nand?.cell_type ?? "NAND";
  return `${cellType} cells, one ISPP pulse per step: watch the cells rise along the Vth axis and stop at their verify line as the Vpgm staircase climbs. Ops added with the buttons run at the end of the scenario.`;
}
