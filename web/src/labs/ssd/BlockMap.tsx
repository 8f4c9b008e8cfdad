// The block map: every block of every die on one canvas (see blockMapLayout.ts), a legend, the
// pages / erase-count toggle, the GC victim's label and a hover card per block.
import { memo, useEffect, useMemo, useRef, useState, type PointerEvent } from "react";
import { useElementSize } from "../../hooks/useElementSize";
import { formatNumber } from "../../format/units";
import { blockAt, blockRect, layoutBlockMap, type MapShape } from "./blockMapLayout";
import { canvasColours } from "../../app/theme";
import { prepareCanvas } from "../../components/canvas";
import { registerPicker } from "../../tours/picks";
import { PANZOOM_BAR_PX, PanZoom } from "../../components/PanZoom";
import { useTheme } from "../../components/ThemeToggle";
import { drawBlockMap, type MapMode } from "./drawBlockMap";
import { reasonText } from "./gcReason";
import { BLOCK_STATES, heatScale, OPEN_OUTLINE, PAGE_COLORS, PAGE_LABELS } from "./palette";
import type { SsdSeries } from "./series";
import type { SsdMeta } from "./types";

interface Props {
  /** `SsdInfo.gc_reasons`: the core's name for each GC reason code. */
  gcReasons: readonly string[];
  meta: SsdMeta;
  series: SsdSeries;
}

function extent(values: Float64Array): [number, number] {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const v of values) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return Number.isFinite(lo) ? [lo, hi] : [0, 0];
}

export function victimLabel(meta: SsdMeta, gcReasons: readonly string[]): string | null {
  const gc = meta.last_gc;
  if (!gc) return null;
  const pages = gc.valid_pages === 1 ? "1 valid page" : `${formatNumber(gc.valid_pages)} valid pages`;
  return `GC victim: block ${gc.block} — ${pages} (${reasonText(gc.reason_code, gc.reason, gcReasons)})`;
}

function Legend({ mode, lo, hi }: { mode: MapMode; lo: number; hi: number }) {
  const heat = heatScale(lo, hi);
  return (
    <div className="ssd-legend" aria-label="legend">
      {mode === "pages" &&
        PAGE_LABELS.map((label, code) => (
          <span key={label} className="ssd-key">
            <span className="ssd-swatch" style={{ background: code === 0 ? "var(--c-subtle-bg)" : PAGE_COLORS[code] }} /> {label}
          </span>
        ))}
      <span className="ssd-key">
        <span className="ssd-swatch ring" style={{ borderColor: OPEN_OUTLINE }} /> write point
      </span>
      <span className="ssd-key">
        <span className="ssd-swatch ring victim" /> GC victim
      </span>
      <span className="ssd-key" title="the strip under each block (and the whole block in erase-count mode)">
        erases <span className="num">{formatNumber(lo)}</span>
        <span className="ssd-heat" style={{ background: `linear-gradient(90deg, ${heat(lo)}, ${heat((lo + hi) / 2)}, ${heat(hi)})` }} />
        <span className="num">{formatNumber(hi)}</span>
      </span>
    </div>
  );
}

export const BlockMap = memo(function BlockMap({ meta, series, gcReasons }: Props) {
  const [ref, body] = useElementSize<HTMLDivElement>();
  // The zoom's buttons take a row above the canvas (so they cover no label).
  const size = { width: body.width, height: Math.max(0, body.height - PANZOOM_BAR_PX) };
  const canvas = useRef<HTMLCanvasElement>(null);
  const [mode, setMode] = useState<MapMode>("pages");
  const [hovered, setHovered] = useState<number | null>(null);
  const [zoomScale, setZoomScale] = useState(1);
  const theme = useTheme();
  const g = meta.geometry;
  const shape: MapShape = useMemo(
    () => ({ channels: g.channels, diesPerChannel: g.dies_per_channel, blocksPerDie: g.planes_per_die * g.blocks_per_plane, pagesPerBlock: g.pages_per_block }),
    [g.channels, g.dies_per_channel, g.planes_per_die, g.blocks_per_plane, g.pages_per_block],
  );
  const layout = useMemo(() => layoutBlockMap(shape, size.width, size.height), [shape, size.width, size.height]);
  const [lo, hi] = extent(series.eraseCount);
  const heat = useMemo(() => heatScale(lo, hi), [lo, hi]);

  useEffect(() => {
    if (size.width === 0) return;
    const ctx = prepareCanvas(canvas.current, size.width, size.height, zoomScale);
    if (!ctx) return;
    ctx.translate(Math.max(0, Math.floor((size.width - layout.width) / 2)), 0);
    drawBlockMap(ctx, { meta, series, shape, layout, mode, heat, hovered, colours: canvasColours() });
  }, [meta, series, shape, layout, mode, heat, hovered, size.width, size.height, theme, zoomScale]);

  const offsetX = Math.max(0, Math.floor((size.width - layout.width) / 2));
  const [pointer, setPointer] = useState<[number, number]>([0, 0]);
  const onMove = (event: PointerEvent<HTMLCanvasElement>): void => {
    // Under a zoom the canvas is drawn larger than it is laid out: undo the scale to hit-test.
    const box = event.currentTarget.getBoundingClientRect();
    const scale = size.width > 0 ? box.width / size.width : 1;
    setHovered(blockAt(layout, shape, (event.clientX - box.left) / scale - offsetX, (event.clientY - box.top) / scale));
    const body = ref.current?.getBoundingClientRect();
    if (body) setPointer([event.clientX - body.left, event.clientY - body.top]);
  };
  // Lessons' click questions ("which block will GC pick next?") pick a block by its global index.
  useEffect(() => {
    const toClient = (box: DOMRect): number => (size.width > 0 ? box.width / size.width : 1);
    return registerPicker("ssd-blockmap", {
      pickAt(clientX, clientY) {
        const element = canvas.current;
        if (!element) return null;
        const box = element.getBoundingClientRect();
        const scale = toClient(box);
        return blockAt(layout, shape, (clientX - box.left) / scale - offsetX, (clientY - box.top) / scale);
      },
      locate(id) {
        const element = canvas.current;
        if (!element || id < 0 || id >= shape.blocksPerDie * layout.dies.length) return null;
        const box = element.getBoundingClientRect();
        const scale = toClient(box);
        const r = blockRect(layout, shape, id);
        return { x: box.left + (r.x + offsetX + r.w / 2) * scale, y: box.top + (r.y + r.h / 2) * scale };
      },
    });
  }, [layout, shape, offsetX, size.width]);
  const victim = meta.last_gc;
  const label = victimLabel(meta, gcReasons);
  const hoverTile = hovered !== null ? blockRect(layout, shape, hovered) : null;
  const blocksPerDie = shape.blocksPerDie;

  return (
    <section className="ssd-card ssd-blockmap" data-testid="ssd-blockmap" aria-labelledby="ssd-blockmap-title">
      <header className="ssd-card-head">
        <h3 id="ssd-blockmap-title">Block map</h3>
        {label && victim ? (
          <span className="ssd-victim-label" data-testid="ssd-gc-victim" data-block={victim.block} title={`die ${victim.die}: GC copied its valid pages out, then erased it`}>
            <span className="ssd-victim-mark" aria-hidden="true" />
            {label}
          </span>
        ) : (
          <span className="ssd-victim-none">No GC yet: no block has been collected</span>
        )}
        <div className="ssd-toggle" role="group" aria-label="colour blocks by">
          <button type="button" aria-pressed={mode === "pages"} onClick={() => setMode("pages")} data-testid="ssd-mode-pages">
            Pages
          </button>
          <button type="button" aria-pressed={mode === "wear"} onClick={() => setMode("wear")} data-testid="ssd-mode-wear">
            Erase count
          </button>
        </div>
      </header>
      <div className="ssd-map-status">
        <Legend mode={mode} lo={lo} hi={hi} />
        <span className="ssd-card-sub num">
          {g.dies} dies × {formatNumber(blocksPerDie)} blocks × {g.pages_per_block} pages · {formatNumber(Math.round(g.over_provisioning * 1000) / 10)} % spare
        </span>
      </div>
      <div className="ssd-map-body" ref={ref}>
        <PanZoom label="block map" testId="ssd-map-zoom" onScale={setZoomScale} fill>
          <canvas
            ref={canvas}
            className="ssd-map-canvas"
            style={{ width: size.width, height: size.height }}
            role="img"
            aria-label={`Block map of ${formatNumber(g.blocks)} blocks. ${label ?? "No GC yet."}`}
            onPointerMove={onMove}
            onPointerLeave={() => setHovered(null)}
          />
        </PanZoom>
        {hovered !== null && hoverTile && (
          <div
            className="ssd-hover"
            role="tooltip"
            data-testid="ssd-block-hover"
            data-block={hovered}
            style={{
              left: Math.min(pointer[0] + 14, Math.max(0, size.width - 210)),
              top: Math.min(pointer[1] + 14, Math.max(0, size.height - 96)),
            }}
          >
            <b>Block {hovered}</b>{" "}
            <span className="ssd-hover-sub">
              die {Math.floor(hovered / blocksPerDie)} · channel {Math.floor(hovered / blocksPerDie) % g.channels}
            </span>
            <div>{BLOCK_STATES[series.blockState[hovered] ?? 0] ?? "?"}</div>
            <div className="num">
              valid pages <b>{formatNumber(series.validCount[hovered] ?? 0)}</b> / {g.pages_per_block}
            </div>
            <div className="num">
              erased <b>{formatNumber(series.eraseCount[hovered] ?? 0)}</b> times
            </div>
          </div>
        )}
      </div>
    </section>
  );
});
