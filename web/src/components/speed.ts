//! Labels for playback speeds, given as simulated seconds per wall-clock second.
//! Grouped with d3-format rather than `toLocaleString`: the speed menu is drawn on every lab's
//! first render, where the first `Intl` number format costs an ICU start-up on the main thread.

import { format } from "d3-format";

const grouped = format(",~f");

export function formatSpeed(speed: number): string {
  if (speed >= 1) return `${grouped(speed)}×`;
  const inverse = Math.round(1 / speed);
  return `1/${grouped(inverse)}×`;
}
