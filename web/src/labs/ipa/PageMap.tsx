// The focus page as a byte map (Canvas): one square per byte, coloured by region (header,
// tuples, free space, slot array, delta area), the delta records filling slot by slot, bytes
// changed in the buffer since the last flash write outlined, and the latest append's bytes
// ringed. Below: the delta records decoded as ⟨value, offset⟩ pairs.
import { useEffect, useRef } from "react";
import { ChartCard } from "../../charts/ChartCard";
import { prepareCanvas } from "../../components/canvas";
import { byteGrid, byteRegion, hex, REGION_COLORS, REGION_LABELS, type ByteRegion } from "./pageMap";
import type { IpaFocus, IpaLayout, IpaZoom } from "./types";

interface Props {
  layout: IpaLayout;
  focus: IpaFocus | null;
  raw: Float64Array;
  zoom: IpaZoom | null;
}

const LEGEND: readonly ByteRegion[] = ["header", "tuple", "free", "slots", "delta", "erased"];

function drawMap(canvas: HTMLCanvasElement | null, width: number, height: number, p: Props): void {
  const ctx = prepareCanvas(canvas, width, height);
  if (!ctx || !p.focus) return;
  const { layout, focus, raw, zoom } = p;
  const g = byteGrid(layout.page_bytes, width, height);
  const changed = new Set<number>([...focus.changed_body, ...focus.changed_meta]);
  const appended = zoom && zoom.append && !zoom.stale && zoom.lba === focus.lba ? [zoom.written_from, zoom.written_to] : null;
  const gap = g.cell >= 6 ? 1 : 0;
  for (let i = 0; i < layout.page_bytes; i++) {
    const x = (i % g.cols) * g.cell;
    const y = Math.floor(i / g.cols) * g.cell;
    const region = byteRegion(i, layout, focus);
    ctx.fillStyle = REGION_COLORS[region];
    ctx.fillRect(x, y, g.cell - gap, g.cell - gap);
    if (region === "erased" || region === "delta") {
      // Unused pairs of a programmed record stay 0xFF: draw them pale.
      if ((raw[i] ?? 255) === 255 && region === "delta") {
        ctx.fillStyle = "rgba(255,255,255,0.65)";
        ctx.fillRect(x, y, g.cell - gap, g.cell - gap);
      }
      ctx.strokeStyle = "#b8c2cc";
      ctx.lineWidth = 0.5;
      ctx.strokeRect(x + 0.25, y + 0.25, g.cell - gap - 0.5, g.cell - gap - 0.5);
    }
    if (changed.has(i)) {
      ctx.strokeStyle = "#d62728";
      ctx.lineWidth = Math.max(1, g.cell / 6);
      ctx.strokeRect(x + 1, y + 1, g.cell - gap - 2, g.cell - gap - 2);
    }
    if (appended && i >= (appended[0] ?? 0) && i < (appended[1] ?? 0)) {
      ctx.strokeStyle = "#14171c";
      ctx.lineWidth = 1.5;
      ctx.strokeRect(x + 0.75, y + 0.75, g.cell - gap - 1.5, g.cell - gap - 1.5);
    }
  }
}

function MapCanvas(props: Props & { width: number; height: number }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const { width, height } = props;
  useEffect(() => drawMap(ref.current, width, height, props));
  return <canvas ref={ref} style={{ width, height, display: "block" }} role="img" aria-label="the page's bytes by region" />;
}

export function PageMap(props: Props) {
  const { focus, layout } = props;
  const note = focus
    ? `page ${focus.lba} at block ${focus.block} page ${focus.page} · ${focus.records_on_flash} of ${layout.n} delta records · ${focus.programs} program${focus.programs === 1 ? "" : "s"} since erase`
    : "no page written yet";
  return (
    <div className="ipa-page" data-testid="ipa-page-map">
      <ChartCard title={`The page as bytes (${layout.page_bytes} B)`} note={note}>
        {(size) => (focus ? <MapCanvas {...props} width={size.width} height={Math.max(60, size.height)} /> : <p className="ipa-empty">Step to write the first page.</p>)}
      </ChartCard>
      <ul className="ipa-legend" aria-label="byte regions">
        {LEGEND.map((r) => (
          <li key={r}>
            <span className="ipa-swatch" style={{ background: REGION_COLORS[r] }} />
            {REGION_LABELS[r]}
          </li>
        ))}
        <li>
          <span className="ipa-swatch ipa-swatch-unused" />
          unused pair of a programmed record (still 0xFF)
        </li>
        <li>
          <span className="ipa-swatch ipa-swatch-changed" />
          changed in the buffer
        </li>
        <li>
          <span className="ipa-swatch ipa-swatch-appended" />
          bytes of the latest append
        </li>
      </ul>
      {focus && (
        <div className="ipa-records" data-testid="ipa-delta-records">
          <div className="ipa-muted" data-testid="ipa-records-key">
            Each record δk holds up to {layout.m} ⟨value, offset⟩ pairs: the byte's new value in hex, then its offset in the page (⟨03, 296⟩: byte 296 becomes 0x03). Reading the page applies the records in order over the body.
            {layout.v > 0 && <span className="ipa-pair-meta"> Purple: metadata pairs (header or slot array), up to {layout.v} per record.</span>}
          </div>
          {Array.from({ length: layout.n }, (_, slot) => {
            const rec = focus.records.find((r) => r.slot === slot);
            return (
              <div key={slot} className={rec ? "ipa-record ipa-record-on" : "ipa-record"} data-pick={slot + 1}>
                <b>δ{slot + 1}</b>{" "}
                {rec
                  ? rec.pairs.map((p) => (
                      <span key={`${p.offset}-${p.meta}`} className={p.meta ? "ipa-pair ipa-pair-meta" : "ipa-pair"}>
                        ⟨{hex(p.value)}, {p.offset}⟩
                      </span>
                    ))
                  : <span className="ipa-muted">erased: {layout.record_bytes} B of 0xFF waiting for an append</span>}
              </div>
            );
          })}
          <div className="ipa-muted">
            {focus.marked_out_of_place
              ? "Marked out of place: the changes no longer fit the free delta slots."
              : focus.dirty
                ? `${focus.changed_body.length} body + ${focus.changed_meta.length} metadata bytes changed in the buffer (M = ${layout.m}, V = ${layout.v} per record).`
                : focus.appendable && focus.records_on_flash < layout.n
                  ? "Clean: the next small change can be appended in place."
                  : focus.records_on_flash >= layout.n && layout.n > 0
                    ? `Clean, delta area full (${layout.n} of ${layout.n} records): the next change goes out of place with a fresh area.`
                  : "This flash page cannot take another append (area full, NOP used up, MSB page or no-IPA region)."}
          </div>
        </div>
      )}
    </div>
  );
}
