// Metrics of the current step: label, value with its unit, and a sparkline over the whole run
// (sampled at load; the dot is now). A lab names its key metrics; the rest are one click away.
import { useState } from "react";
import { usePanelFrame, useSessionState } from "../app/sessionContext";
import { Sparkline } from "../charts/Sparkline";
import { formatWithUnit } from "../format/units";
import type { MetricDetail } from "../sim/types";

function pick(metrics: MetricDetail[], key: readonly string[] | undefined, all: boolean): MetricDetail[] {
  if (!key || all) return metrics;
  const byName = new Map(metrics.map((m) => [m.name, m]));
  return key.map((name) => byName.get(name)).filter((m): m is MetricDetail => m !== undefined);
}

export function MetricsPanel({ keyMetrics }: { keyMetrics?: readonly string[] }) {
  const { scenario } = useSessionState();
  const snapshot = usePanelFrame()?.snapshot;
  const [all, setAll] = useState(false);
  const metrics = snapshot?.metrics ?? [];
  const shown = pick(metrics, keyMetrics, all);
  const step = snapshot?.state.step ?? 0;
  const timeline = scenario?.timeline;
  const hidden = metrics.length - pick(metrics, keyMetrics, false).length;
  return (
    <section className="panel metrics" data-testid="metrics-panel" aria-labelledby="metrics-heading">
      <header className="panel-header">
        <h2 id="metrics-heading">Metrics</h2>
        <span className="panel-status">line: whole run · dot: now</span>
      </header>
      <table className="metric-table">
        <tbody>
          {shown.map((m) => (
            <tr key={m.name} data-testid="metric-row" data-metric={m.name}>
              <th scope="row" className="metric-label" title={m.name}>
                {m.label}
              </th>
              <td className="metric-value num">{formatWithUnit(m.value, m.unit)}</td>
              <td className="metric-spark">
                {timeline && (
                  <Sparkline
                    steps={timeline.steps}
                    values={timeline.values[m.name] ?? []}
                    currentStep={step}
                    currentValue={m.value}
                    totalSteps={scenario?.totalSteps ?? 0}
                  />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {keyMetrics && hidden > 0 && (
        <button type="button" className="link-button metrics-toggle" onClick={() => setAll(!all)} aria-expanded={all}>
          {all ? "Show key metrics only" : `Show all ${metrics.length} metrics`}
        </button>
      )}
    </section>
  );
}
