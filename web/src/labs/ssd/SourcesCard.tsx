// "Device & sources": the preset and every constant the SSD model runs on, each with its value,
// unit, confidence tag and source (core `info()`), in the shared provenance card.
import { SourcesCard } from "../../components/SourcesCard";
import type { CoreInfo } from "../../sim/types";
import { parseSsdInfo } from "./types";

export function SsdSourcesCard({ info }: { info: CoreInfo }) {
  const ssd = parseSsdInfo(info.lab_info);
  if (!ssd) return null;
  const count = ssd.constants.length;
  return (
    <SourcesCard
      id="ssd"
      title="Device & sources"
      status={`${ssd.preset} · ${count} constants`}
      sections={[{ heading: `Constants (${count})`, constants: ssd.constants, rowTestId: "ssd-constant" }]}
    >
      <p className="device-description">
        <b>{ssd.label}.</b> A page-mapped FTL: every write goes out of place to a die&rsquo;s write point; GC picks a victim when a die runs short of free
        blocks, copies its valid pages and erases it.
      </p>
    </SourcesCard>
  );
}
