// The Append/Pack mode: the device's erase blocks in three rows — the append log and the pack
// log, each tail (oldest, packed next) to head (newest), and the free pool — every block drawn
// as its slots (Canvas: a device may have thousands), valid pages coloured by hot or cold, the
// block just appended or packed outlined. Beside: the write and pack buffers, and write
// amplification measured against the model's 1/(1 − u).
import { useEffect, useRef } from "react";
import { useTheme } from "../../components/ThemeToggle";
import { useElementSize } from "../../hooks/useElementSize";
import { bufferText, deadCopiesNote } from "./buffers";
import { blockRows, validShare, waAgreement, type BlockRole } from "./layout";
import type { ApMeta } from "./types";

const ROLE_TEXT: Record<BlockRole, string> = {
  append: "append log (tail → head)",
  pack: "pack log: cold pages (tail → head)",
  free: "free blocks",
};

interface Props {
  meta: ApMeta;
  slotPage: Float64Array;
}

export function AppendPackView({ meta, slotPage }: Props) {
  const agree = waAgreement(meta);
  const deadNote = deadCopiesNote(meta.pack_buffer);
  return (
    <div className="fl-ap" data-testid="flashlog-ap">
      <div className="fl-status">
        <span className="fl-config">Append/Pack</span>
        <span>
          {meta.blocks} blocks × {meta.eb_pages} pages, {meta.logical_pages} logical pages
        </span>
        <span>
          <b>{meta.user_writes}</b> page writes
        </span>
        <span>
          <b>{meta.pack_steps}</b> blocks packed
        </span>
        {meta.pack_due && <span className="fl-phase fl-phase-crashed">packing due</span>}
        {meta.last_action && (
          <span className="fl-last-event">
            last: {meta.last_action}
            {meta.last_page !== null ? ` page ${meta.last_page}` : ""}
            {meta.last_block !== null ? ` block ${meta.last_block}` : ""}
          </span>
        )}
      </div>
      <div className="fl-main">
        <div className="fl-left">
          <p className="fl-small">
            Each block is drawn as its {meta.eb_pages} slots: <span className="fl-key fl-key-hot">pages 0–{Math.max(0, Math.floor(meta.logical_pages / 8) - 1)}</span> (the generator's
            default hot eighth), <span className="fl-key fl-key-cold">the other pages</span>, empty = invalid or free. Outlined: the block just appended or packed.
          </p>
          {blockRows(meta).map((row) => (
            <BlockRowView key={row.role} role={row.role} blocks={row.blocks} meta={meta} slotPage={slotPage} />
          ))}
        </div>
        <div className="fl-right">
          <section className="fl-card" data-testid="flashlog-wa">
            <h3 className="fl-panel-title">Write amplification</h3>
            <WaBar label="measured" value={meta.write_amplification} max={Math.max(2, meta.model_write_amplification * 1.2, meta.write_amplification * 1.2)} cls="fl-wa-measured" />
            <WaBar label="1/(1 − u)" value={meta.model_write_amplification} max={Math.max(2, meta.model_write_amplification * 1.2, meta.write_amplification * 1.2)} cls="fl-wa-model" />
            <p className="fl-small">
              u = {meta.victim_valid_fraction.toFixed(2)}: the valid share of the blocks packed so far.{" "}
              {agree === null ? "No block packed yet." : `Measured / model = ${agree.toFixed(2)} (the measured value includes the appends before packing began).`}
            </p>
          </section>
          <section className="fl-card" data-testid="flashlog-buffers">
            <h3 className="fl-panel-title">Buffers (in memory)</h3>
            <p className="fl-small">
              write buffer ({meta.write_buffer.length}/{meta.eb_pages}): {bufferText(meta.write_buffer)}
            </p>
            <p className="fl-small" data-testid="flashlog-pack-buffer">
              pack buffer ({meta.pack_buffer.length}/{meta.eb_pages}): {bufferText(meta.pack_buffer)}
            </p>
            {deadNote && <p className="fl-small">{deadNote}</p>}
            <p className="fl-small">
              {meta.device_pages_written} device pages written, {meta.packed_pages} of them packed cold pages, {meta.erases} erases.
            </p>
          </section>
        </div>
      </div>
    </div>
  );
}

function WaBar({ label, value, max, cls }: { label: string; value: number; max: number; cls: string }) {
  return (
    <div className="fl-wa-row">
      <span className="fl-wa-label">{label}</span>
      <span className="fl-wa-track">
        <span className={`fl-wa-fill ${cls}`} style={{ width: `${Math.min(100, (value / max) * 100)}%` }} />
      </span>
      <span className="fl-wa-value">{value.toFixed(2)}×</span>
    </div>
  );
}

const BLOCK_W_MIN = 18;

function BlockRowView({ role, blocks, meta, slotPage }: { role: BlockRole; blocks: number[]; meta: ApMeta; slotPage: Float64Array }) {
  const [ref, size] = useElementSize<HTMLDivElement>();
  const canvas = useRef<HTMLCanvasElement>(null);
  const width = Math.max(200, size.width);
  const eb = meta.eb_pages;
  const cols = eb <= 16 ? 1 : Math.ceil(Math.sqrt(eb / 2));
  const rowsPerBlock = Math.ceil(eb / cols);
  const blockW = Math.max(BLOCK_W_MIN, Math.min(48, Math.floor((width - 8) / Math.max(1, blocks.length)) - 4));
  const cell = Math.max(2, Math.min(10, Math.floor(56 / rowsPerBlock)));
  const height = rowsPerBlock * cell + 24;
  const hot = Math.max(1, Math.floor(meta.logical_pages / 8));
  const theme = useTheme();
  useEffect(() => {
    const ctx = canvas.current?.getContext("2d");
    if (!ctx) return;
    const style = getComputedStyle(canvas.current as HTMLCanvasElement);
    const color = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
    const cHot = color("--c-vermillion", "#d55e00");
    const cCold = color("--c-blue", "#0072b2");
    const cLine = color("--c-line-strong", "#999");
    const cInk = color("--c-ink-2", "#444");
    const cAccent = color("--c-accent", "#e69f00");
    ctx.clearRect(0, 0, width, height);
    ctx.font = "10px sans-serif";
    blocks.forEach((b, i) => {
      const x = 4 + i * (blockW + 4);
      if (x + blockW > width) return;
      const highlighted = meta.appended.includes(b) || meta.last_block === b;
      ctx.strokeStyle = highlighted ? cAccent : cLine;
      ctx.lineWidth = highlighted ? 2 : 1;
      ctx.strokeRect(x + 0.5, 0.5, blockW - 1, rowsPerBlock * cell);
      const cw = (blockW - 2) / cols;
      for (let k = 0; k < eb; k++) {
        const page = slotPage[b * eb + k] ?? -1;
        if (page < 0) continue;
        ctx.fillStyle = page < hot ? cHot : cCold;
        ctx.fillRect(x + 1 + (k % cols) * cw, 1 + Math.floor(k / cols) * cell, Math.max(1, cw - 1), cell - 1);
      }
      ctx.fillStyle = cInk;
      ctx.fillText(`${b}`, x + 2, rowsPerBlock * cell + 12);
    });
  }, [blocks, meta, slotPage, width, height, blockW, cell, cols, rowsPerBlock, eb, hot, theme]);
  const shown = blocks.filter((_, i) => 4 + i * (blockW + 4) + blockW <= width).length;
  const valid = blocks.reduce((s, b) => s + (meta.block_valid[b] ?? 0), 0);
  return (
    <section className="fl-block-row" data-testid={`flashlog-blocks-${role}`}>
      <h3 className="fl-panel-title">
        {ROLE_TEXT[role]} · {blocks.length} blocks
        {role !== "free" && blocks.length > 0 ? ` · ${Math.round(validShare(valid, blocks.length * eb) * 100)} % valid` : ""}
        {shown < blocks.length ? ` (first ${shown} shown)` : ""}
      </h3>
      <div ref={ref}>
        <canvas ref={canvas} width={width} height={height} />
      </div>
    </section>
  );
}
