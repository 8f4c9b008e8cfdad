// The op toolbar: program a page, append into part of a page, erase the block. Each button adds
// one op at the end of the scenario and reloads it (`useScenarioEdit`); every choice comes from
// the block's shape, so only well-formed ops can be built. The cell model may still refuse one
// (order, NOP, lowering charge): that refusal, with its reason, is the lesson.
import { useState } from "react";
import { appendLengths, appendOffsets, appendOp, appendOps, PATTERNS, programOp, type Pattern } from "./scenarioEdit";
import type { NandMeta } from "./types";
import type { ScenarioEdit } from "../useScenarioEdit";

interface Props {
  meta: NandMeta;
  page: number;
  onPage: (page: number | null) => void;
  editor: ScenarioEdit;
  disabled: boolean;
}

const SHORT: Record<Pattern, string> = { random: "random", zeros: "all 0", ones: "all 1", checker: "0101…" };

export function OpControls({ meta, page, onPage, editor, disabled }: Props) {
  const [pattern, setPattern] = useState<Pattern>("random");
  const [offset, setOffset] = useState<number | null>(null);
  const [length, setLength] = useState(8);
  const shape = { pageCount: meta.page_count, pageBits: meta.cells_per_wordline };
  const offsets = appendOffsets(shape.pageBits);
  const at = Math.min(offset ?? Math.max(0, shape.pageBits - 8), shape.pageBits - 1);
  const lengths = appendLengths(shape.pageBits, at);
  const len = lengths.includes(length) ? length : (lengths[0] ?? 1);
  const off = disabled || editor.busy;
  const pageInfo = meta.pages.find((p) => p.page === page);

  return (
    <div className="nand-ops" role="toolbar" aria-label="Add an op at the end of the run">
      <label className="nand-field self-named">
        <span>page</span>
        <select data-testid="nand-page-select" aria-label="page" value={page} disabled={off} onChange={(e) => onPage(Number(e.target.value))}>
          {meta.pages.map((p) => (
            <option key={p.page} value={p.page}>
              {`p${p.page} · ${p.name} · WL${p.wordline}${p.programmed ? " ✓" : ""}`}
            </option>
          ))}
        </select>
      </label>
      <label className="nand-field self-named">
        <span>data</span>
        <select data-testid="nand-pattern-select" aria-label="data" value={pattern} disabled={off} onChange={(e) => setPattern(e.target.value as Pattern)}>
          {PATTERNS.map((p) => (
            <option key={p.value} value={p.value} title={p.label}>
              {SHORT[p.value]}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="button button-primary nand-op"
        data-testid="nand-program"
        disabled={off}
        title={`Adds {"op": "program", "page": ${page}} with ${SHORT[pattern]} data and plays its ISPP pulses`}
        onClick={() => {
          onPage(null);
          void editor.apply((text) => appendOps(text, [programOp(shape, page, pattern)]), "play");
        }}
      >
        Program
      </button>
      <span className="nand-ops-sep" aria-hidden="true" />
      <label className="nand-field">
        <span>at bit</span>
        <select data-testid="nand-append-offset" value={at} disabled={off} onChange={(e) => setOffset(Number(e.target.value))}>
          {offsets.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      </label>
      <label className="nand-field">
        <span>+</span>
        <select data-testid="nand-append-length" value={len} disabled={off} onChange={(e) => setLength(Number(e.target.value))}>
          {lengths.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="button nand-op"
        data-testid="nand-append"
        disabled={off}
        title={`Adds an append of ${len} ${SHORT[pattern]} bits at bit ${at} of page ${page}${pageInfo && pageInfo.step > 0 ? " (not an LSB page: expect a refusal)" : ""}`}
        onClick={() => {
          onPage(null);
          void editor.apply((text) => appendOps(text, [appendOp(shape, page, at, len, pattern)]), "play");
        }}
      >
        Append
      </button>
      <span className="nand-ops-sep" aria-hidden="true" />
      <button
        type="button"
        className="button nand-op nand-erase"
        data-testid="nand-erase"
        disabled={off}
        title="Adds an erase: every cell of the block back to ER, one more P/E cycle"
        onClick={() => {
          onPage(null);
          void editor.apply((text) => appendOps(text, [{ op: "erase" }]), "end");
        }}
      >
        Erase block
      </button>
    </div>
  );
}
