// "Cell model & sources": the preset and every constant the cell model runs on, each with its
// value, unit, confidence tag and source (core `info()`), plus what the wear model is.
import { ConstantList } from "../../components/ConstantList";
import type { CoreInfo } from "../../sim/types";
import { parseNandInfo } from "./types";

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
        <ConstantList constants={nand.constants} rowTestId="nand-constant" />
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
