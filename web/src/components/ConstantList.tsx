// Every lab's provenance card lists device constants the same way: label, value with unit, the
// confidence tag of the core's `device::provenance` (explained on hover) and the source, or the
// formula for values the model derives. One component, so the tag vocabulary has one home.
import { readableCitations } from "../format/citations";
import { formatNumber } from "../format/units";

export interface ListedConstant {
  key: string;
  label: string;
  value: number;
  unit: string;
  tag: string;
  source?: string;
  formula?: string;
}

/** The tags of core/src/device/provenance.rs (`Tag::code`). */
const TAG_TITLE: Record<string, string> = {
  "[Q]": "quoted verbatim from a datasheet or paper",
  "[Qc]": "quoted from the code or config of a public simulator",
  "[S]": "a secondary source (a review quoting a vendor)",
  "[R]": "recalled from the literature, not re-read in the primary text",
  "[D]": "derived by arithmetic from tagged inputs, method stated",
  "[Design]": "a modelling choice, no external source",
  fitted: "fitted so the model reproduces one named figure (never counted as a reproduction)",
  override: "set by this scenario",
};

function tagClass(tag: string): string {
  return `source-tag tag-${tag.replace(/[^a-z]/gi, "").toLowerCase() || "other"}`;
}

function ConstantRow({ c, testId }: { c: ListedConstant; testId: string | undefined }) {
  return (
    <li className="constant" data-testid={testId} data-key={c.key}>
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
      <p className="constant-source">{readableCitations(c.source ?? c.formula ?? "")}</p>
    </li>
  );
}

export function ConstantList({ constants, rowTestId }: { constants: readonly ListedConstant[]; rowTestId?: string }) {
  return (
    <ul className="constant-list">
      {constants.map((c) => (
        <ConstantRow key={c.key} c={c} testId={rowTestId} />
      ))}
    </ul>
  );
}
