// Each file's read-ahead stream (digest §7 item 4): of the units the scan needs, how many are
// consumed by the cursor, delivered by the device, issued (read-ahead in flight) or still ahead.
// The gap between the consumed and the issued part is the read-ahead window. Each stream carries
// its file index as `data-pick` (lessons' click questions: "which file does the scan read next?").
import { memo } from "react";
import { formatNumber } from "../../format/units";
import { ACTIVE_COLOR, fileColor } from "./palette";
import type { LayoutsFile } from "./types";

interface Props {
  files: LayoutsFile[];
  queries: number;
}

function share(part: number, whole: number): string {
  return `${whole > 0 ? (100 * part) / whole : 0}%`;
}

export const StreamsPanel = memo(function StreamsPanel({ files, queries }: Props) {
  return (
    <section className="layouts-card layouts-streams" data-testid="layouts-streams" aria-labelledby="layouts-streams-title">
      <header className="layouts-card-head">
        <h3 id="layouts-streams-title">Read-ahead streams</h3>
        <span className="layouts-note">consumed · delivered · issued · needed units</span>
      </header>
      <ul className="layouts-stream-list" tabIndex={0} aria-label="Read-ahead streams">
        {files.map((f, i) => (
          <li key={i} className="layouts-stream" data-pick={i}>
            <span className="layouts-stream-label" title={f.label}>
              {queries > 1 ? `q${f.query} ` : ""}
              {f.label}
            </span>
            <span className="layouts-stream-bar" role="img" aria-label={`${f.label}: ${f.consumed_units} of ${f.needed_units} units consumed`}>
              <span className="issued" style={{ width: share(f.issued_units, f.needed_units), background: ACTIVE_COLOR }} />
              <span className="delivered" style={{ width: share(f.delivered_units, f.needed_units), background: fileColor(i) }} />
              <span className="consumed" style={{ width: share(f.consumed_units, f.needed_units) }} />
            </span>
            <span className="layouts-stream-num">
              {formatNumber(f.delivered_units)}/{formatNumber(f.needed_units)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
});
