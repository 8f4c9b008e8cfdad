// "Device & sources": the preset and every constant the model runs on, each with its value,
// unit, confidence tag and source; then the values derived from them, each with its formula.
import { ConstantList } from "../../components/ConstantList";
import type { CoreInfo } from "../../sim/types";
import { schedulerName } from "./format";
import { parseHddInfo } from "./types";

export function DeviceCard({ info }: { info: CoreInfo }) {
  const hdd = parseHddInfo(info.lab_info);
  if (!hdd) return null;
  return (
    <section className="panel device-card" data-testid="device-sources" aria-labelledby="device-heading">
      <details>
        <summary className="panel-header device-summary">
          <h2 id="device-heading">Device &amp; sources</h2>
          <span className="panel-status">{hdd.preset.name} · {hdd.constants.length} constants</span>
        </summary>
        <p className="device-description">{hdd.preset.description}</p>
        <p className="device-description">
          <b>Scheduler {schedulerName(hdd.scheduler.name)}.</b> {hdd.scheduler.description} <b>Workload:</b> {hdd.workload.description}.
        </p>
        <h3 className="device-subhead">Constants ({hdd.constants.length})</h3>
        <ConstantList constants={hdd.constants} />
        <h3 className="device-subhead">Derived from them</h3>
        <ConstantList constants={hdd.derived} />
      </details>
    </section>
  );
}
