// Every categorical palette of the labs, checked for colour-blind readers and a washed-out
// projector (format/cvd.ts): the closest pair of colours must stay at least this far apart
// (CIEDE2000), thresholds fixed before the first run:
//   normal vision ≥ 10, each simulated deficiency (protanopia, deuteranopia, tritanopia) ≥ 6,
//   a washed-out projector ≥ 6.
// A palette's colours always come with words too (legends, labels); this is the colour half.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LABS } from "../labs/registry";
import { BLOCK_FILL, KIND_COLORS as FD_KIND_COLORS, SCHEME_COLORS as FD_SCHEME_COLORS } from "../labs/fdtree/palette";
import { PAGE_STATE_COLORS as IPA_PAGE_STATES } from "../labs/ipa/flashGrid";
import { REGION_COLORS as IPA_REGIONS } from "../labs/ipa/pageMap";
import { COLUMN_COLOR, fileColor, PAPER_COLOR, PAX_COLOR, ROW_COLOR } from "../labs/layouts/palette";
import { CACHE_KINDS, HDD_KINDS, KIND_COLORS as MASM_KINDS, MEMORY_COLORS, RUN_COLORS, SCHEMES, WRITE_COUNT_COLORS } from "../labs/masm/palette";
import { ERASED_COLOR, levelColor } from "../labs/nand/palette";
import { OP_KINDS, PAGE_COLORS } from "../labs/ssd/palette";
import { CONDITIONS, closestPair, deltaE2000, linearToLab, simulate } from "./cvd";

/** A colour of the light theme (`styles/theme.css` `:root`), for labs that draw with theme variables. */
function themeColour(name: string): string {
  const css = readFileSync(join(__dirname, "../styles/theme.css"), "utf8");
  const root = css.slice(css.indexOf(":root {"), css.indexOf("}", css.indexOf(":root {")));
  const hex = new RegExp(`--c-${name}:\\s*(#[0-9a-f]{6})`, "i").exec(root)?.[1];
  if (!hex) throw new Error(`theme.css :root has no --c-${name} colour`);
  return hex;
}

/** A colour in projector mode (`styles/projector.css`), or the light theme's where it keeps it. */
function projectorColour(name: string): string {
  const css = readFileSync(join(__dirname, "../styles/projector.css"), "utf8");
  const hex = new RegExp(`--c-${name}:\\s*(#[0-9a-f]{6})`, "i").exec(css)?.[1];
  return hex ?? themeColour(name);
}

const OKABE = { blue: "#0072b2", orange: "#e69f00", green: "#009e73", vermillion: "#d55e00", purple: "#cc79a7" };

/** Every categorical palette of the labs and the results page. */
const PALETTES: Record<string, readonly string[]> = {
  "hdd phases (seek, rotate, transfer, queue)": [OKABE.blue, OKABE.orange, OKABE.green, "#aab3c0"],
  "ssd page states (valid, invalid)": [PAGE_COLORS[1] ?? "", PAGE_COLORS[2] ?? ""],
  "ssd die operations": OP_KINDS.map((k) => k.color),
  "nand MLC levels": [ERASED_COLOR, ...[1, 2, 3].map((l) => levelColor(l, 4))],
  "nand TLC levels": [ERASED_COLOR, ...[1, 2, 3, 4, 5, 6, 7].map((l) => levelColor(l, 8))],
  "masm record kinds": Object.values(MASM_KINDS),
  "masm disk operations": HDD_KINDS.map((k) => k.color),
  "masm cache operations": CACHE_KINDS.map((k) => k.color),
  "masm memory": Object.values(MEMORY_COLORS),
  "masm compare schemes": SCHEMES.map((s) => s.color),
  "masm runs (one pass, two pass)": Object.values(RUN_COLORS),
  "masm writes per record (1, 2, 3+)": [...WRITE_COUNT_COLORS],
  "layouts row/column/PAX/paper": [ROW_COLOR, COLUMN_COLOR, PAX_COLOR, PAPER_COLOR],
  "layouts column files": [0, 1, 2, 3, 4, 5, 6, 7].map(fileColor),
  "results figure curves": [OKABE.blue, OKABE.vermillion, OKABE.green, OKABE.purple, OKABE.orange],
  "fdtree blocks": Object.values(BLOCK_FILL),
  "fdtree request kinds": Object.values(FD_KIND_COLORS),
  "fdtree schemes": Object.values(FD_SCHEME_COLORS),
  "ipa page states": [...IPA_PAGE_STATES],
  "ipa page regions": Object.values(IPA_REGIONS),
  "flashlog log marks (generated, issued, durable, acked)": ["stroke-mid", "blue", "green", "ink"].map(themeColour),
  "flashlog append/pack pages (hot, cold)": ["vermillion", "blue"].map(themeColour),
};

const THRESHOLD = { normal: 10, protanopia: 6, deuteranopia: 6, tritanopia: 6, projector: 6 } as const;

function audit(palettes: Record<string, readonly string[]>): string[] {
  const failures: string[] = [];
  for (const [name, colours] of Object.entries(palettes)) {
    for (const condition of CONDITIONS) {
      const pair = closestPair(colours, condition);
      if (pair.deltaE < THRESHOLD[condition]) {
        failures.push(`${name}, ${condition}: ${pair.a} vs ${pair.b} ΔE ${pair.deltaE.toFixed(1)} < ${THRESHOLD[condition]}`);
      }
    }
  }
  return failures;
}

describe("colour-vision simulation and distance", () => {
  it("computes CIEDE2000 as Sharma, Wu & Dalal's reference pairs", () => {
    expect(deltaE2000([50, 2.6772, -79.7751], [50, 0, -82.7485])).toBeCloseTo(2.0425, 4);
    expect(deltaE2000([50, 0, 0], [50, -1, 2])).toBeCloseTo(2.3669, 4);
    expect(deltaE2000([60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387])).toBeCloseTo(1.2644, 4);
  });

  it("maps white to L* 100 and keeps greys grey for every deficiency", () => {
    expect(linearToLab(simulate("#ffffff", "normal"))[0]).toBeCloseTo(100, 3);
    for (const condition of ["protanopia", "deuteranopia", "tritanopia"] as const) {
      const [, a, b] = linearToLab(simulate("#808080", condition));
      expect(Math.hypot(a, b)).toBeLessThan(1.5);
    }
  });

  it("confuses red and green for a deuteranope and not for normal vision", () => {
    expect(closestPair(["#d62728", "#2ca02c"], "normal").deltaE).toBeGreaterThan(40);
    expect(closestPair(["#d62728", "#2ca02c"], "deuteranopia").deltaE).toBeLessThan(15);
  });
});

describe("palette audit", () => {
  it("audits at least one palette of every lab in the registry", () => {
    const missing = LABS.filter((lab) => !Object.keys(PALETTES).some((name) => name.startsWith(`${lab.id} `))).map((lab) => lab.id);
    expect(missing, `labs without a palette in PALETTES: ${missing.join(", ")}`).toEqual([]);
  });

  it("keeps every categorical palette of every lab distinguishable under CVD and on a washed-out projector", () => {
    const failures = audit(PALETTES);
    expect(failures, failures.join("\n")).toEqual([]);
  });

  it("keeps the theme-variable palettes distinguishable in projector mode too", () => {
    const projector: Record<string, readonly string[]> = {
      "flashlog log marks, projector mode": ["stroke-mid", "blue", "green", "ink"].map(projectorColour),
      "flashlog append/pack pages, projector mode": ["vermillion", "blue"].map(projectorColour),
      "flashlog device writes (write, reissue, archive, cache ack), projector mode": ["blue", "purple", "yellow", "vermillion"].map(projectorColour),
    };
    const failures = audit(projector);
    expect(failures, failures.join("\n")).toEqual([]);
  });
});
