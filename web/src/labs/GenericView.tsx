// A plain view for a lab without its own drawing: the lab's view state as a table. Honest and
// readable, and what a new lab shows until its views are written.
import { formatNumber, humanizeName } from "../format/units";
import type { LabViewProps } from "./LabViewProps";

function show(value: unknown): string {
  if (typeof value === "number") return formatNumber(value);
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

export function GenericView({ snapshot }: LabViewProps) {
  const meta = snapshot.viewMeta.meta;
  const entries = meta !== null && typeof meta === "object" ? Object.entries(meta as Record<string, unknown>) : [];
  return (
    <div className="generic-view" data-testid="generic-view">
      <table className="kv-table">
        <tbody>
          {entries.map(([key, value]) => (
            <tr key={key}>
              <th scope="row">{humanizeName(key)}</th>
              <td className="num">{show(value)}</td>
            </tr>
          ))}
          {snapshot.viewMeta.series.map((s) => (
            <tr key={`series-${s.name}`}>
              <th scope="row">{humanizeName(s.name)}</th>
              <td className="num">{formatNumber(s.length)} values</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
