// Horizontal stacked bars with one shared legend: how totals split into parts (e.g. a
// request's latency into queue wait and service, and service into its phases). Each bar is
// scaled to its own total; segments too narrow for a label are named in the legend only.
export interface Part {
  key: string;
  label: string;
  value: number;
  color: string;
}

export interface BarRow {
  label: string;
  parts: Part[];
}

interface Props {
  rows: BarRow[];
  width: number;
  height: number;
  format: (value: number) => string;
  emptyText: string;
}

const BAR_H = 22;
const LABEL_H = 16;
const ROW_GAP = 6;
const LEGEND_ROW_H = 18;
const LEGEND_COLUMNS = 3;

export function StackedBar({ rows, width, height, format, emptyText }: Props) {
  const totals = rows.map((r) => r.parts.reduce((sum, p) => sum + Math.max(0, p.value), 0));
  if (!totals.some((t) => t > 0)) {
    return (
      <svg width={width} height={height} className="chart">
        <text x={width / 2} y={height / 2} className="chart-empty" textAnchor="middle">
          {emptyText}
        </text>
      </svg>
    );
  }
  const legend = new Map<string, Part>();
  rows.forEach((r) => r.parts.forEach((p) => legend.set(p.key, p)));
  const legendTop = rows.length * (LABEL_H + BAR_H + ROW_GAP) + 14;
  const colW = width / LEGEND_COLUMNS;
  return (
    <svg width={width} height={height} className="chart" role="img" aria-label="breakdown">
      {rows.map((row, r) => {
        const total = totals[r] ?? 0;
        const top = r * (LABEL_H + BAR_H + ROW_GAP);
        let x = 0;
        return (
          <g key={row.label} transform={`translate(0,${top})`}>
            <text y={12} className="bar-row-label">
              {row.label} <tspan className="legend-value">{format(total)}</tspan>
            </text>
            {row.parts.map((p) => {
              const w = total > 0 ? (Math.max(0, p.value) / total) * width : 0;
              const segment = (
                <g key={p.key}>
                  <rect x={x} y={LABEL_H} width={Math.max(0, w - 1)} height={BAR_H} fill={p.color} />
                  {w > 40 && (
                    <text x={x + w / 2} y={LABEL_H + BAR_H / 2} dy="0.35em" textAnchor="middle" className="bar-label">
                      {Math.round((p.value / total) * 100)}%
                    </text>
                  )}
                </g>
              );
              x += w;
              return segment;
            })}
          </g>
        );
      })}
      {[...legend.values()].map((p, i) => (
        <g key={`legend-${p.key}`} transform={`translate(${(i % LEGEND_COLUMNS) * colW},${legendTop + Math.floor(i / LEGEND_COLUMNS) * LEGEND_ROW_H})`}>
          <rect width={11} height={11} y={-9} rx={2} fill={p.color} />
          <text x={15} className="legend-text">
            {p.label}
          </text>
        </g>
      ))}
    </svg>
  );
}
