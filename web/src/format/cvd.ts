//! Colour-vision checks for categorical palettes (pure): how far apart a palette's colours stay
//! for a reader with a colour-vision deficiency, and on a washed-out projector.
//!
//! 1. Deficiency: Machado, Oliveira & Fernandes (2009) simulation matrices at severity 1.0
//!    (protanopia, deuteranopia, tritanopia), applied to linear RGB.
//! 2. Projector: a washed-out image keeps 55 % of the signal over a raised black (the room's
//!    light on the screen): c' = 0.45·white + 0.55·c in linear light.
//! 3. Distance: CIEDE2000 ΔE between the colours in CIELAB (D65); a palette's score under a
//!    condition is the smallest ΔE over all its pairs.

export type Condition = "normal" | "protanopia" | "deuteranopia" | "tritanopia" | "projector";

export const CONDITIONS: readonly Condition[] = ["normal", "protanopia", "deuteranopia", "tritanopia", "projector"];

type Vec3 = [number, number, number];

const MACHADO: Record<"protanopia" | "deuteranopia" | "tritanopia", readonly Vec3[]> = {
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};

export function parseHex(hex: string): Vec3 {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) throw new Error(`not a hex colour: ${hex}`);
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join("") : m[1];
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16) / 255) as Vec3;
}

const toLinear = (c: number): number => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

function clamp01(v: number): number {
  return Math.min(1, Math.max(0, v));
}

/** Steps 1–2: the colour as seen under `condition`, in linear RGB. */
export function simulate(hex: string, condition: Condition): Vec3 {
  const lin = parseHex(hex).map(toLinear) as Vec3;
  if (condition === "normal") return lin;
  if (condition === "projector") return lin.map((c) => 0.45 + 0.55 * c) as Vec3;
  const m = MACHADO[condition];
  return m.map((row) => clamp01(row[0] * lin[0] + row[1] * lin[1] + row[2] * lin[2])) as Vec3;
}

/** Linear RGB to CIELAB (D65). */
export function linearToLab([r, g, b]: Vec3): Vec3 {
  const x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
  const y = 0.2126729 * r + 0.7151522 * g + 0.072175 * b;
  const z = (0.0193339 * r + 0.119192 * g + 0.9503041 * b) / 1.08883;
  const f = (t: number): number => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  const [fx, fy, fz] = [f(x), f(y), f(z)];
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

const deg = (rad: number): number => (rad * 180) / Math.PI;
const rad = (d: number): number => (d * Math.PI) / 180;

/** Step 3: CIEDE2000 (Sharma, Wu & Dalal 2005). */
export function deltaE2000(lab1: Vec3, lab2: Vec3): number {
  const [L1, a1, b1] = lab1;
  const [L2, a2, b2] = lab2;
  const C1 = Math.hypot(a1, b1);
  const C2 = Math.hypot(a2, b2);
  const Cbar = (C1 + C2) / 2;
  const G = 0.5 * (1 - Math.sqrt(Cbar ** 7 / (Cbar ** 7 + 25 ** 7)));
  const a1p = (1 + G) * a1;
  const a2p = (1 + G) * a2;
  const C1p = Math.hypot(a1p, b1);
  const C2p = Math.hypot(a2p, b2);
  const hp = (a: number, b: number): number => (a === 0 && b === 0 ? 0 : (deg(Math.atan2(b, a)) + 360) % 360);
  const h1p = hp(a1p, b1);
  const h2p = hp(a2p, b2);
  const dLp = L2 - L1;
  const dCp = C2p - C1p;
  let dhp = 0;
  if (C1p * C2p !== 0) {
    dhp = h2p - h1p;
    if (dhp > 180) dhp -= 360;
    else if (dhp < -180) dhp += 360;
  }
  const dHp = 2 * Math.sqrt(C1p * C2p) * Math.sin(rad(dhp / 2));
  const Lbp = (L1 + L2) / 2;
  const Cbp = (C1p + C2p) / 2;
  let hbp = h1p + h2p;
  if (C1p * C2p !== 0) {
    if (Math.abs(h1p - h2p) > 180) hbp = h1p + h2p < 360 ? (h1p + h2p + 360) / 2 : (h1p + h2p - 360) / 2;
    else hbp = (h1p + h2p) / 2;
  }
  const T =
    1 - 0.17 * Math.cos(rad(hbp - 30)) + 0.24 * Math.cos(rad(2 * hbp)) + 0.32 * Math.cos(rad(3 * hbp + 6)) - 0.2 * Math.cos(rad(4 * hbp - 63));
  const dTheta = 30 * Math.exp(-(((hbp - 275) / 25) ** 2));
  const RC = 2 * Math.sqrt(Cbp ** 7 / (Cbp ** 7 + 25 ** 7));
  const SL = 1 + (0.015 * (Lbp - 50) ** 2) / Math.sqrt(20 + (Lbp - 50) ** 2);
  const SC = 1 + 0.045 * Cbp;
  const SH = 1 + 0.015 * Cbp * T;
  const RT = -Math.sin(rad(2 * dTheta)) * RC;
  return Math.sqrt((dLp / SL) ** 2 + (dCp / SC) ** 2 + (dHp / SH) ** 2 + RT * (dCp / SC) * (dHp / SH));
}

export interface ClosestPair {
  deltaE: number;
  a: string;
  b: string;
}

/** Step 3: the closest pair of `palette` under `condition`. */
export function closestPair(palette: readonly string[], condition: Condition): ClosestPair {
  const labs = palette.map((c) => linearToLab(simulate(c, condition)));
  let best: ClosestPair = { deltaE: Infinity, a: "", b: "" };
  for (let i = 0; i < palette.length; i++) {
    for (let j = i + 1; j < palette.length; j++) {
      const li = labs[i];
      const lj = labs[j];
      if (!li || !lj) continue;
      const d = deltaE2000(li, lj);
      if (d < best.deltaE) best = { deltaE: d, a: palette[i] ?? "", b: palette[j] ?? "" };
    }
  }
  return best;
}
