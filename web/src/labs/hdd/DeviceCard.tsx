// "Device & sources": the preset and every constant the model runs on, each with its value,
// unit, confidence tag and source; then the values derived from them, each with its formula.
import { formatNumber } from "../../format/units";
import type { CoreInfo } from "../../sim/types";
import { schedulerName } from "./format";
import { parseHddInfo, type SourcedConstant } from "./types";

const TAG_TITLE: Record<string, string> = {
  "[Q]": "quoted from a datasheet or paper",
  "[D]": "derived by arithmetic or fitting, method stated",
  "[Design]": "a modelling choice, no external source",
  fitted: "fitted to reproduce a table value",
  override: "set by this scenario",
};

function tagClass(tag: string): string {
  return `source-tag tag-${tag.replace(/[^a-z]/gi, "").toLowerCase() || "other"}`;
}

function ConstantRow({ c }: { c: SourcedConstant }) {
  return (
    <li className="constant">
      <div className="constant-top">
        <span className="constant-label">{c.label}</span>
        <span className="constant-value num">
          {formatNumber(c.value)} <span className="constant-unit">{c.unit}</span>
        </span>
        <span className={tagClass(c.tag)} title={TAG_TITLE[c.tag] ?? c.tag}>
          {c.tag}
        </span>
      </div>
      <p className="constant-source">{c.source ?? c.formula}</p>
    </li>
  );
}

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
        <ul className="constant-list">
          {hdd.constants.map((c) => (
            <ConstantRow key={c.key} c={c} />
          ))}
        </ul>
        <h3 className="device-subhead">Derived from them</h3>
        <ul className="constant-list">
          {hdd.derived.map((c) => (
            <ConstantRow key={c.key} c={c} />
          ))}
        </ul>
      </details>
    </section>
  );
}
