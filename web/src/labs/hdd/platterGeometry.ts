//! The platter drawing's geometry (pure, in drawing units):
//!
//! 1. Cylinder 0 is the outermost track (LBA 0 is at the outer edge); the last cylinder is the
//!    innermost, next to the hub. Radius is linear in the cylinder number.
//! 2. The arm swings about a pivot outside the platter, like a real voice-coil actuator, so
//!    the head moves along an arc: the head for radius r is where the circle of radius r around
//!    the spindle meets the circle of the arm's length around the pivot.
//! 3. Angles are in degrees, clockwise from 3 o'clock (SVG's convention). The platter turns
//!    clockwise; a point at platter angle β is drawn at β + 360·platter_angle, so a target
//!    sector with turn fraction θ is placed at head_angle(r) − 360·θ and reaches the head
//!    exactly when platter_angle = θ (the core's convention).

export interface Point {
  x: number;
  y: number;
}

export interface PlatterLayout {
  width: number;
  height: number;
  center: Point;
  rPlatter: number;
  rOuterTrack: number;
  rInnerTrack: number;
  rHub: number;
  pivot: Point;
  armLength: number;
}

const RAD = Math.PI / 180;

export function platterLayout(rPlatter = 200): PlatterLayout {
  const margin = rPlatter * 0.06;
  const center = { x: margin + rPlatter, y: margin + rPlatter * 1.02 };
  const pivotDistance = rPlatter * 1.3;
  const pivotAngle = -38;
  const pivot = {
    x: center.x + pivotDistance * Math.cos(pivotAngle * RAD),
    y: center.y + pivotDistance * Math.sin(pivotAngle * RAD),
  };
  return {
    width: pivot.x + rPlatter * 0.22,
    height: center.y + rPlatter + margin,
    center,
    rPlatter,
    rOuterTrack: rPlatter * 0.95,
    rInnerTrack: rPlatter * 0.34,
    rHub: rPlatter * 0.22,
    pivot,
    armLength: rPlatter * 1.12,
  };
}

/** Radius of a (possibly fractional) cylinder. */
export function cylinderRadius(layout: PlatterLayout, cylinder: number, cylinderCount: number): number {
  const last = Math.max(1, cylinderCount - 1);
  const t = Math.min(1, Math.max(0, cylinder / last));
  return layout.rOuterTrack + (layout.rInnerTrack - layout.rOuterTrack) * t;
}

/** The head's angle (degrees, clockwise from 3 o'clock) when it is over radius `r`. */
export function headAngle(layout: PlatterLayout, r: number): number {
  const dx = layout.pivot.x - layout.center.x;
  const dy = layout.pivot.y - layout.center.y;
  const d = Math.hypot(dx, dy);
  const pivotAngle = Math.atan2(dy, dx) / RAD;
  const cos = (r * r + d * d - layout.armLength * layout.armLength) / (2 * r * d);
  const gamma = Math.acos(Math.min(1, Math.max(-1, cos))) / RAD;
  return pivotAngle + gamma;
}

export function polar(center: Point, r: number, angleDeg: number): Point {
  return { x: center.x + r * Math.cos(angleDeg * RAD), y: center.y + r * Math.sin(angleDeg * RAD) };
}

/** The head's position over radius `r`. */
export function headPoint(layout: PlatterLayout, r: number): Point {
  return polar(layout.center, r, headAngle(layout, r));
}

/** SVG path of an annular sector between radii r0 < r1, from angle a0 to a1 (degrees, a0 < a1). */
export function annularSector(center: Point, r0: number, r1: number, a0: number, a1: number): string {
  const large = a1 - a0 > 180 ? 1 : 0;
  const p0 = polar(center, r1, a0);
  const p1 = polar(center, r1, a1);
  const p2 = polar(center, r0, a1);
  const p3 = polar(center, r0, a0);
  return [
    `M${p0.x},${p0.y}`,
    `A${r1},${r1} 0 ${large} 1 ${p1.x},${p1.y}`,
    `L${p2.x},${p2.y}`,
    `A${r0},${r0} 0 ${large} 0 ${p3.x},${p3.y}`,
    "Z",
  ].join(" ");
}

/** The arc the head travels, from the outer track to the inner one (an arc about the pivot). */
export function headPathArc(layout: PlatterLayout): string {
  const a = headPoint(layout, layout.rOuterTrack);
  const b = headPoint(layout, layout.rInnerTrack);
  const r = layout.armLength;
  return `M${a.x},${a.y} A${r},${r} 0 0 1 ${b.x},${b.y}`;
}
