// The wordline: one square per cell (Canvas, up to 4,096), in bit order, grouped in bytes. The
// fill is the cell's state now; a cell still being pulsed has an orange frame with its target's
// colour inside; a cell that passed verify (or was never asked to rise) is inhibited and solid.
// Hover or click a cell to read its Vth, state, target and verify level.
import { useEffect, useRef, type MouseEvent } from "react";
import { canvasColours } from "../../app/theme";
import { prepareCanvas } from "../../components/canvas";
import { useTheme } from "../../components/ThemeToggle";
import { useElementSize } from "../../hooks/useElementSize";
import { cellAt, cellOrigin, gridLayout, type GridLayout } from "./cellGrid";
import { PROGRAMMING_COLOR } from "./palette";
import type { CellSeries } from "./series";

interface Props {
  cells: CellSeries;
  colors: readonly string[];
  selected: number | null;
  hovered: number | null;
  alertCell: number | null;
  onHover: (cell: number | null) => void;
  onSelect: (cell: number | null) => void;
}

function draw(canvas: HTMLCanvasElement | null, layout: GridLayout, p: Props, width: number, height: number): void {
  const ctx = prepareCanvas(canvas, width, height);
  if (!ctx) return;
  const theme = canvasColours();
  const side = layout.pitch - layout.gap;
  const ox = Math.floor((width - layout.width) / 2);
  const oy = Math.floor((height - layout.height) / 2);
  for (let i = 0; i < layout.count; i++) {
    const { x, y } = cellOrigin(layout, i);
    const px = ox + x;
    const py = oy + y;
    const state = p.cells.state[i] ?? 0;
    const pending = (p.cells.inhibited[i] ?? 1) === 0;
    ctx.fillStyle = p.colors[state] ?? "#888";
    ctx.fillRect(px, py, side, side);
    if (pending && side >= 5) {
      const frame = Math.max(1.5, Math.min(3, side / 5));
      ctx.lineWidth = frame;
      ctx.strokeStyle = PROGRAMMING_COLOR;
      ctx.strokeRect(px + frame / 2, py + frame / 2, side - frame, side - frame);
      const inner = side * 0.38;
      ctx.fillStyle = p.colors[p.cells.target[i] ?? 0] ?? "#888";
      ctx.fillRect(px + (side - inner) / 2, py + (side - inner) / 2, inner, inner);
    } else if (pending) {
      ctx.fillStyle = PROGRAMMING_COLOR;
      ctx.fillRect(px, py, side, side);
    }
  }
  const ring = (i: number | null, color: string, lineWidth: number): void => {
    if (i === null || i < 0 || i >= layout.count) return;
    const { x, y } = cellOrigin(layout, i);
    ctx.lineWidth = lineWidth;
    ctx.strokeStyle = color;
    ctx.strokeRect(ox + x - lineWidth / 2 - 1, oy + y - lineWidth / 2 - 1, side + lineWidth + 2, side + lineWidth + 2);
  };
  ring(p.alertCell, theme.bad, 3);
  ring(p.hovered, theme.ink, 1.5);
  ring(p.selected, theme.ink, 2.5);
}

export function WordlineGrid(props: Props) {
  const [ref, size] = useElementSize<HTMLDivElement>();
  const canvas = useRef<HTMLCanvasElement>(null);
  const count = props.cells.vth.length;
  const layout = gridLayout(count, Math.max(0, size.width - 8), Math.max(0, size.height - 8));
  const { cells, colors, selected, hovered, alertCell } = props;
  const latest = useRef(props);
  latest.current = props;

  const theme = useTheme();
  useEffect(() => {
    draw(canvas.current, layout, latest.current, size.width, size.height);
  }, [cells, colors, selected, hovered, alertCell, size.width, size.height, count, theme]);

  const cellFromEvent = (event: MouseEvent<HTMLCanvasElement>): number | null => {
    const rect = event.currentTarget.getBoundingClientRect();
    const ox = Math.floor((size.width - layout.width) / 2);
    const oy = Math.floor((size.height - layout.height) / 2);
    return cellAt(layout, event.clientX - rect.left - ox, event.clientY - rect.top - oy);
  };

  return (
    <div className="nand-wordline-body" ref={ref}>
      <canvas
        ref={canvas}
        style={{ width: size.width, height: size.height }}
        className="nand-wordline-canvas"
        role="img"
        aria-label={`Wordline of ${count} cells`}
        title="Hover or click a cell to read its Vth, state and verify level"
        onMouseMove={(event) => props.onHover(cellFromEvent(event))}
        onMouseLeave={() => props.onHover(null)}
        onClick={(event) => {
          const cell = cellFromEvent(event);
          props.onSelect(cell === props.selected ? null : cell);
        }}
      />
    </div>
  );
}
