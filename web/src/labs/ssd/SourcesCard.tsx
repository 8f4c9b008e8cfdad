// "Device & sources": the preset and every constant the SSD model runs on, each with its value,
// unit, confidence tag and source (core `info()`), like the HDD and NAND cards.
import { ConstantList } from "../../components/ConstantList";
import type { CoreInfo } from "../../sim/types";
import { parseSsdInfo } from "./types";

export function SsdSourcesCard({ info }: { info: CoreInfo }) {
  const ssd = parseSsdInfo(info.lab_info);
  if (!ssd) return null;
  return (
    <section className="panel device-card ssd-sources" data-testid="ssd-sources" aria-labelledby="ssd-sources-heading">
      <details>
        <summary className="panel-header device-summary">
          <h2 id="ssd-sources-heading">Device &amp; sources</h2>
          <span className="panel-status">
            {ssd.preset} · {ssd.constants.length} constants
          </span>
        </summary>
        <p className="device-description">
          <b>{ssd.label}.</b> A page-mapped FTL: every write goes out of place to a die&rsquo;s write point; GC picks a victim when a die runs short of
          free blocks, copies its valid pages and erases it.
        </p>
        <h3 className="device-subhead">Constants ({ssd.constants.length})</h3>
        <ConstantList constants={ssd.constants} rowTestId="ssd-constant" />
      </details>
    </section>
  );
}
