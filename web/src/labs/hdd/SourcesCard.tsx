// "Device & sources": the preset and every constant the model runs on, each with its value,
// unit, confidence tag and source; then the values derived from them, each with its formula;
// in the shared provenance card.
import { SourcesCard } from "../../components/SourcesCard";
import type { CoreInfo } from "../../sim/types";
import { schedulerName } from "./format";
import { parseHddInfo } from "./types";

export function HddSourcesCard({ info }: { info: CoreInfo }) {
  const hdd = parseHddInfo(info.lab_info);
  if (!hdd) return null;
  return (
    <SourcesCard
      id="hdd"
      testId="device-sources"
      title="Device & sources"
      status={`${hdd.preset.name} · ${hdd.constants.length} constants`}
      sections={[
        { heading: `Constants (${hdd.constants.length})`, constants: hdd.constants },
        { heading: "Derived from them", constants: hdd.derived },
      ]}
    >
      <p className="device-description">{hdd.preset.description}</p>
      <p className="device-description">
        <b>Scheduler {schedulerName(hdd.scheduler.name)}.</b> {hdd.scheduler.description} <b>Workload:</b> {hdd.workload.description}.
      </p>
    </SourcesCard>
  );
}
