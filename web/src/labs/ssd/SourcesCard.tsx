// "Device & sources": the preset and every constant the SSD model runs on, each with its value,
// unit, confidence tag and source (core `info()`), like the HDD and NAND cards.
import { formatNumber } from "../../format/units";
import type { CoreInfo } from "../../sim/types";
import { parseSsdInfo, type SsdConstant } from "./types";

const TAG_TITLE: Record<string, string> = {
  "[Q]": "quoted verbatim from a datasheet or paper",
  "[Qc]": "quoted from the code or config of a public simulator",
  "[S]": "a secondary source (a review quoting a vendor)",
  "[R]": "recalled from the literature, not re-read in the primary text",
  "[D]": "derived by arithmetic from tagged inputs, method stated",
  "[Design]": "a modelling choice, no external source",
  fitted: "fitted so the model reproduces one named figure",
  override: "set by this scenario",
};

function tagClass(tag: string): string {
  return `source-tag tag-${tag.replace(/[^a-z]/gi, "").toLowerCase() || "other"}`;
}

function ConstantRow({ c }: { c: SsdConstant }) {
  return (
    <li className="constant" data-testid="ssd-constant" data-key={c.key}>
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
        <ul className="constant-list">
          {ssd.constants.map((c) => (
            <ConstantRow key={c.key} c={c} />
          ))}
        </ul>
      </details>
    </section>
  );
}
