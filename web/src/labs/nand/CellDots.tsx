// Every cell of the wordline as a dot on the Vth axis (Canvas: up to 4,096 cells). A dot's
// colour is the state the cell is heading for; a hollow dot is still being pulsed, a filled one
// passed verify and is inhibited. After each pulse the dots glide to their new Vth, so the
// cells visibly rise and stop at their verify lines.
import { useEffect, useRef } from "react";
import { canvasColours } from "../../app/theme";
import { prepareCanvas } from "../../components/canvas";
import { useTheme } from "../../components/ThemeToggle";
import type { CellSeries } from "./series";
import { easeOutCubic, jitter, lerpInto } from "./tween";

const GLIDE_MS = 320;

export interface DotsProps {
  width: number;
  height: number;
  laneTop: number;
  laneBottom: number;
  x: (v: number) => number;
  domain: [number, number];
  cells: CellSeries;
  colors: readonly string[];
  /** Dots glide only between snapshots with the same identity (same run, same wordline). */
  identity: string;
  selected: number | null;
  alertCell: number | null;
  /** The enclosing pan-and-zoom's scale: the dots are drawn that much sharper. */
  zoom?: number;
}

function radiusFor(count: number): number {
  if (count <= 300) return 3.4;
  if (count <= 1100) return 2.3;
  return 1.5;
}

function draw(canvas: HTMLCanvasElement | null, p: DotsProps, vth: ArrayLike<number>): void {
  const ctx = prepareCanvas(canvas, p.width, p.height, p.zoom ?? 1);
  if (!ctx) return;
  const theme = canvasColours();
  const n = vth.length;
  const r = radiusFor(n);
  const pad = r + 2;
  const laneH = Math.max(1, p.laneBottom - p.laneTop - 2 * pad);
  const [lo, hi] = p.domain;
  const position = (i: number): [number, number] => {
    const v = Math.min(hi, Math.max(lo, vth[i] ?? lo));
    return [p.x(v), p.laneTop + pad + jitter(i) * laneH];
  };
  const colorOf = (i: number): string => p.colors[p.cells.target[i] ?? 0] ?? "#888";
  // Inhibited cells first, the ones still being pulsed on top.
  for (const pending of [false, true]) {
    for (let i = 0; i < n; i++) {
      if (((p.cells.inhibited[i] ?? 1) === 0) !== pending) continue;
      const [cx, cy] = position(i);
      ctx.beginPath();
      ctx.arc(cx, cy, r, 0, Math.PI * 2);
      if (pending) {
        ctx.fillStyle = theme.panel;
        ctx.fill();
        ctx.lineWidth = 1.7;
        ctx.strokeStyle = colorOf(i);
        ctx.stroke();
      } else {
        ctx.fillStyle = colorOf(i);
        ctx.fill();
      }
    }
  }
  const ring = (i: number | null, color: string, extra: number, lineWidth: number): void => {
    if (i === null || i < 0 || i >= n) return;
    const [cx, cy] = position(i);
    ctx.beginPath();
    ctx.arc(cx, cy, r + extra, 0, Math.PI * 2);
    ctx.lineWidth = lineWidth;
    ctx.strokeStyle = color;
    ctx.stroke();
  };
  ring(p.alertCell, theme.bad, 6, 3);
  ring(p.selected, theme.ink, 4, 2);
}

export function CellDots(props: DotsProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const shown = useRef<{ identity: string; vth: Float64Array } | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const { vth } = props.cells;
  const { identity } = props;

  // Glide from what is on screen to the new Vth values.
  useEffect(() => {
    const to = Float64Array.from(vth);
    const prev = shown.current;
    const from = prev && prev.identity === identity && prev.vth.length === to.length ? Float64Array.from(prev.vth) : to;
    const out = new Float64Array(to.length);
    shown.current = { identity, vth: from === to ? to : Float64Array.from(from) };
    const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
    let frame: number | null = null;
    const start = performance.now();
    const tick = (now: number): void => {
      const t = reduced || from === to ? 1 : Math.min(1, (now - start) / GLIDE_MS);
      const current = lerpInto(out, from, to, easeOutCubic(t));
      shown.current = { identity, vth: Float64Array.from(current) };
      draw(canvas.current, latest.current, current);
      frame = t < 1 ? requestAnimationFrame(tick) : null;
    };
    tick(start);
    return () => {
      if (frame !== null) cancelAnimationFrame(frame);
    };
  }, [vth, identity]);

  // Redraw in place when anything but the voltages changes (size, selection, colours, theme).
  const { width, height, laneTop, laneBottom, selected, alertCell, colors, x, zoom } = props;
  const theme = useTheme();
  useEffect(() => {
    const current = shown.current;
    if (current) draw(canvas.current, latest.current, current.vth);
  }, [width, height, laneTop, laneBottom, selected, alertCell, colors, x, theme, zoom]);

  return <canvas ref={canvas} className="nand-dots" style={{ width: props.width, height: props.height }} aria-hidden="true" />;
}
