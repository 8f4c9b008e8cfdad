// The two axes every FD+tree chart shares: horizontal grid lines with labels on the left, and
// simulated-time labels along the bottom, as many as fit (one per 70 px).
interface Margins {
  left: number;
  right: number;
}

export function YGrid({ ticks, y, m, width, format }: { ticks: number[]; y: (v: number) => number; m: Margins; width: number; format: (v: number) => string }) {
  return (
    <>
      {ticks.map((t) => (
        <g key={t} transform={`translate(0,${y(t)})`}>
          <line x1={m.left} x2={width - m.right} className="chart-grid" />
          <text x={m.left - 6} dy="0.32em" textAnchor="end" className="chart-tick">
            {format(t)}
          </text>
        </g>
      ))}
    </>
  );
}

export function TimeTicks({ x, m, width, height, format }: { x: { ticks: (n: number) => number[]; (v: number): number }; m: Margins; width: number; height: number; format: (v: number) => string }) {
  return (
    <>
      {x.ticks(Math.max(2, Math.floor((width - m.left - m.right) / 70))).map((t) => (
        <text key={t} x={x(t)} y={height - 8} textAnchor="middle" className="chart-tick">
          {format(t)}
        </text>
      ))}
    </>
  );
}
