//! Colours of the threshold-voltage states. ER is neutral grey; programmed levels take
//! Okabe–Ito hues (distinguishable with the common colour-vision deficiencies) in a fixed order
//! per cell type, so P1 of MLC is always the same blue. An intermediate state (MLC "LM", TLC
//! "IM4") is a pale tint of the lowest level it can still become. Names and bits always go with
//! the colour in the view, never colour alone.

import type { NandState } from "./types";

/** A light grey: the mid grey it replaced (#8a939f) met TLC's purple level under deuteranopia
 *  (ΔE 2.5; format/palettes.audit.test.ts). */
export const ERASED_COLOR = "#c4cad3";
/** Cells still being pulsed, in the wordline and the staircase counts. */
export const PROGRAMMING_COLOR = "#e69f00";
/** Cells inhibited because they passed verify. */
export const LOCKED_COLOR = "#394150";

const BY_LEVEL_COUNT: Record<number, readonly string[]> = {
  2: ["#0072b2"],
  4: ["#0072b2", "#009e73", "#d55e00"],
  // Okabe–Ito's yellow for P4: the olive it replaced met P6's vermillion under deuteranopia.
  8: ["#0072b2", "#56b4e9", "#009e73", "#f0e442", "#e69f00", "#d55e00", "#cc79a7"],
};

/** Colour of final level `level` (0 = ER) of a cell with `levelCount` levels. */
export function levelColor(level: number, levelCount: number): string {
  if (level <= 0) return ERASED_COLOR;
  const hues = BY_LEVEL_COUNT[levelCount] ?? BY_LEVEL_COUNT[8] ?? [];
  return hues[(level - 1) % Math.max(1, hues.length)] ?? ERASED_COLOR;
}

/** Mixes `hex` with white: `amount` 0 keeps it, 1 gives white. */
export function tint(hex: string, amount: number): string {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m?.[1]) return hex;
  const n = parseInt(m[1], 16);
  const channel = (shift: number): number => {
    const c = (n >> shift) & 0xff;
    return Math.round(c + (255 - c) * Math.min(1, Math.max(0, amount)));
  };
  return `#${[16, 8, 0].map((s) => channel(s).toString(16).padStart(2, "0")).join("")}`;
}

/** Colour of a state: its level's hue, or a tint of the lowest level an intermediate can become. */
export function stateColor(state: NandState, levelCount: number): string {
  if (state.final_level !== null) return levelColor(state.final_level, levelCount);
  return tint(levelColor(state.levels[0], levelCount), 0.45);
}

/** Colours of every state of a cell type, indexed like `meta.states`. */
export function stateColors(states: readonly NandState[], levelCount: number): string[] {
  return states.map((s) => stateColor(s, levelCount));
}
