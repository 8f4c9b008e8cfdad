// "Cell model & sources": the preset and every constant the cell model runs on, each with its
// value, unit, confidence tag and source (core `info()`), plus what the wear model is and the
// refusal reasons, in the shared provenance card.
import { SourcesCard } from "../../components/SourcesCard";
import type { CoreInfo } from "../../sim/types";
import { parseNandInfo } from "./types";

export function NandSourcesCard({ info }: { info: CoreInfo }) {
  const nand = parseNandInfo(info.lab_info);
  if (!nand) return null;
  const count = nand.constants.length;
  const footer = (
    <>
      <h3 className="device-subhead">Refusal reasons</h3>
      <ul className="nand-refusal-codes">
        {nand.refusal_codes.map((r) => (
          <li key={r.code}>
            <span className="num">{r.code}</span> {r.name}
          </li>
        ))}
      </ul>
    </>
  );
  return (
    <SourcesCard
      id="nand"
      title="Cell model & sources"
      status={`${nand.cell_type} preset · ${count} constants`}
      sections={[{ heading: `Constants (${count})`, constants: nand.constants, rowTestId: "nand-constant" }]}
      footer={footer}
    >
      <p className="device-description">
        <b>{nand.cell_type}</b>, Gray-coded levels, ISPP program-and-verify. Voltages are {nand.units.vth}. One step: {nand.step}.
      </p>
      <p className="device-description">
        <b>Wear:</b> {nand.wear_model}.
      </p>
    </SourcesCard>
  );
}
