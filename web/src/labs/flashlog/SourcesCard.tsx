// "Devices & sources": every constant the flashlog lab runs on, with its value, unit, tag and
// source (core `info()`): the fitted calibration points, the illustrative USB profiles and the
// presets under them.
import { SourcesCard } from "../../components/SourcesCard";
import type { CoreInfo } from "../../sim/types";
import { parseFlashlogInfo } from "./types";

export function FlashlogSourcesCard({ info }: { info: CoreInfo }) {
  const fl = parseFlashlogInfo(info.lab_info);
  if (!fl) return null;
  const count = fl.constants.length;
  return (
    <SourcesCard
      id="flashlog"
      title="Devices & sources"
      status={`${fl.title} · ${count} constants`}
      sections={[{ heading: `Constants (${count})`, constants: fl.constants, rowTestId: "flashlog-constant" }]}
    >
      <p className="device-description">
        <b>{fl.title}</b>: {fl.devices.join(", ")}. Rows tagged <i>fitted</i> are calibration points (each fitted once); <i>illustrative</i> rows are choices: the paper gives no USB latencies.
      </p>
    </SourcesCard>
  );
}
