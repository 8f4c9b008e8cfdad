// The flash blocks (Canvas): one row per erase block, one square per page coloured by state
// (erased, valid, invalid, valid with appends), the focus page ringed, the active block and the
// GC victim marked, and each block's erase count as a heat cell with its number.
import { useEffect, useRef } from "react";
import { ChartCard } from "../../charts/ChartCard";
import { prepareCanvas } from "../../components/canvas";
import { gridLayout, heatColor, PAGE_STATE_COLORS, PAGE_STATE_LABELS, pageStateColor } from "./flashGrid";
import type { IpaBlocks } from "./types";

interface Props {
  title: string;
  blocks: IpaBlocks | { blocks: number; pages_per_block: number; active_block: number | null; gc_victim: number | null };
  pageState: Float64Array;
  eraseCounts: Float64Array;
  focus: { block: number; page: number } | null;
  /** Per page of a block, 1 = LSB; when some page is MSB a row of L / M letters heads the grid. */
  lsb?: Float64Array;
  testId?: string;
  note?: string;
  /** Legend labels per state (0–3) when the grid's states mean something else (IPL's blocks). */
  labels?: readonly (string | null)[];
}

function draw(canvas: HTMLCanvasElement | null, width: number, height: number, p: Props): void {
  const ctx = prepareCanvas(canvas, width, height);
  if (!ctx) return;
  const { blocks, pages_per_block: pages } = p.blocks;
  const paired = p.lsb !== undefined && Array.from(p.lsb).some((v) => v === 0);
  const top = paired ? 12 : 0;
  const g = gridLayout(blocks, pages, width, height - top);
  ctx.translate(0, top);
  const maxErase = Math.max(1, ...Array.from(p.eraseCounts));
  ctx.font = `${Math.min(11, Math.max(8, g.cell - 2))}px system-ui, sans-serif`;
  ctx.textBaseline = "middle";
  for (let b = 0; b < blocks; b++) {
    const y = b * g.rowHeight;
    ctx.fillStyle = "#4a5260";
    ctx.textAlign = "right";
    const mark = b === p.blocks.active_block ? "▶" : b === p.blocks.gc_victim ? "✕" : "";
    ctx.fillText(`${mark}${b}`, g.labelWidth - 4, y + g.cell / 2);
    for (let q = 0; q < pages; q++) {
      const x = g.labelWidth + q * g.cell;
      ctx.fillStyle = pageStateColor(p.pageState[b * pages + q] ?? 0);
      ctx.fillRect(x, y, g.cell - 1, g.cell - 1);
      ctx.strokeStyle = "#c9d1da";
      ctx.lineWidth = 0.5;
      ctx.strokeRect(x + 0.25, y + 0.25, g.cell - 1.5, g.cell - 1.5);
      if (p.focus && p.focus.block === b && p.focus.page === q) {
        ctx.strokeStyle = "#d62728";
        ctx.lineWidth = 2;
        ctx.strokeRect(x + 1, y + 1, g.cell - 3, g.cell - 3);
      }
    }
    if (paired && b === 0) {
      ctx.fillStyle = "#4a5260";
      ctx.textAlign = "center";
      for (let q = 0; q < pages; q++) ctx.fillText((p.lsb?.[q] ?? 1) === 1 ? "L" : "M", g.labelWidth + q * g.cell + g.cell / 2, -6);
    }
    const count = p.eraseCounts[b] ?? 0;
    const hx = g.labelWidth + pages * g.cell + 6;
    ctx.fillStyle = heatColor(count, maxErase);
    ctx.fillRect(hx, y, g.heatWidth - 8, g.cell - 1);
    ctx.fillStyle = "#14171c";
    ctx.textAlign = "center";
    ctx.fillText(String(count), hx + (g.heatWidth - 8) / 2, y + g.cell / 2);
  }
}

function GridCanvas(props: Props & { width: number; height: number }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const { width, height } = props;
  useEffect(() => draw(ref.current, width, height, props));
  return <canvas ref={ref} style={{ width, height, display: "block" }} role="img" aria-label="flash blocks: page states and erase counts" />;
}

export function FlashBlocks(props: Props) {
  return (
    <div className="ipa-blocks" data-testid={props.testId ?? "ipa-flash-blocks"}>
      <ChartCard title={props.title} note={props.note ?? (props.lsb && Array.from(props.lsb).some((v) => v === 0) ? "L / M: LSB / MSB page · ▶ active · ✕ GC victim · right: erases" : "▶ active block · ✕ GC victim · right: erase count")}>
        {(size) => <GridCanvas {...props} width={size.width} height={size.height} />}
      </ChartCard>
      <ul className="ipa-legend">
        {(props.labels ?? PAGE_STATE_LABELS).map((label, i) => label === null ? null : (
          <li key={label}>
            <span className="ipa-swatch" style={{ background: PAGE_STATE_COLORS[i] }} />
            {label}
          </li>
        ))}
      </ul>
    </div>
  );
}
