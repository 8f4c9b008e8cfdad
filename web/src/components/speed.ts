//! Labels for playback speeds, given as simulated seconds per wall-clock second.

export function formatSpeed(speed: number): string {
  if (speed >= 1) return `${speed.toLocaleString("en-US")}×`;
  const inverse = Math.round(1 / speed);
  return `1/${inverse.toLocaleString("en-US")}×`;
}
