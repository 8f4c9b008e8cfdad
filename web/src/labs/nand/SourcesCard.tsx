// "Cell model & sources": the preset and every constant the cell model runs on, each with its
// value, unit, confidence tag and source (core `info()`), plus what the wear model is.
import { formatNumber } from "../../format/units";
import type { CoreInfo } from "../../sim/types";
import { parseNandInfo, type NandConstant } from "./types";

const TAG_TITLE: Record<string, string> = {
  "[Q]": "quoted verbatim from a datasheet or paper",
  "[Qc]": "quoted from the code or config of a public simulator",
  "[R]": "recalled from the literature, not re-read in the primary text",
  "[D]": "derived by arithmetic from tagged inputs, method stated",
  fitted: "fitted so the model reproduces a quoted number",
  "[Design]": "a modelling choice, no external source",
  override: "set by this scenario",
};

function tagClass(tag: string): string {
  return `source-tag tag-${tag.replace(/[^a-z]/gi, "").toLowerCase() || "other"}`;
}

function ConstantRow({ c }: { c: NandConstant }) {
  return (
    <li className="constant" data-testid="nand-constant" data-key={c.key}>
      <div className="constant-top">
        <span className="constant-label" title={c.key}>
          {c.label}
        </span>
        <span className="constant-value num">
          {formatNumber(c.value)} <span className="constant-unit">{c.unit}</span>
        </span>
        <span className={tagClass(c.tag)} title={TAG_TITLE[c.tag] ?? c.tag}>
          {c.tag}
        </span>
      </div>
      <p className="constant-source">{c.source}</p>
    </li>
  );
}

export function SourcesCard({ info }: { info: CoreInfo }) {
  const nand = parseNandInfo(info.lab_info);
  if (!nand) return null;
  return (
    <section className="panel device-card nand-sources" data-testid="nand-sources" aria-labelledby="nand-sources-heading">
      <details>
        <summary className="panel-header device-summary">
          <h2 id="nand-sources-heading">Cell model &amp; sources</h2>
          <span className="panel-status">
            {nand.cell_type} preset · {nand.constants.length} constants
          </span>
        </summary>
        <p className="device-description">
          <b>{nand.cell_type}</b>, Gray-coded levels, ISPP program-and-verify. Voltages are {nand.units["vth"] ?? "model volts"}. One step: {nand.step}.
        </p>
        <p className="device-description">
          <b>Wear:</b> {nand.wear_model}.
        </p>
        <h3 className="device-subhead">Constants ({nand.constants.length})</h3>
        <ul className="constant-list">
          {nand.constants.map((c) => (
            <ConstantRow key={c.key} c={c} />
          ))}
        </ul>
        <h3 className="device-subhead">Refusal reasons</h3>
        <ul className="nand-refusal-codes">
          {nand.refusal_codes.map((r) => (
            <li key={r.code}>
              <span className="num">{r.code}</span> {r.name}
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}
