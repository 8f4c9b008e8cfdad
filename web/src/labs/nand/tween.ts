//! Small helpers for the cells' motion between two steps (pure): the dots on the Vth axis glide
//! from their old voltage to the new one after each ISPP pulse instead of jumping.

/** Ease-out cubic on [0, 1]: fast start, gentle stop, like a cell settling at its level. */
export function easeOutCubic(t: number): number {
  const c = Math.min(1, Math.max(0, t));
  return 1 - (1 - c) ** 3;
}

/** `out[i] = from[i] + (to[i] − from[i]) · t`; `out` must be as long as `to`. */
export function lerpInto(out: Float64Array, from: ArrayLike<number>, to: ArrayLike<number>, t: number): Float64Array {
  for (let i = 0; i < to.length; i++) {
    const b = to[i] ?? 0;
    const a = from[i] ?? b;
    out[i] = a + (b - a) * t;
  }
  return out;
}

/** A stable pseudo-random offset in [0, 1) for cell `i` (golden-ratio sequence), for jitter. */
export function jitter(i: number): number {
  const x = (i * 0.6180339887498949 + 0.1) % 1;
  return x < 0 ? x + 1 : x;
}
