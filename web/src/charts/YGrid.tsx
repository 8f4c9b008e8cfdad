// The y axis every line and bar chart shares: one horizontal grid line per tick across the plot,
// its label right-aligned just left of the plot. One component, so the charts' axes look alike
// and a change to them is made once (it was copied into a dozen charts).

interface Props {
  ticks: readonly number[];
  /** The y scale: value to pixel. */
  y: (value: number) => number;
  /** Pixel x where the plot (and each grid line) starts; labels end 6 px left of it. */
  left: number;
  /** Pixel x where each grid line ends. */
  right: number;
  format: (value: number) => string;
}

export function YGrid({ ticks, y, left, right, format }: Props) {
  return (
    <>
      {ticks.map((t) => (
        <g key={t} transform={`translate(0,${y(t)})`}>
          <line x1={left} x2={right} className="chart-grid" />
          <text x={left - 6} dy="0.32em" textAnchor="end" className="chart-tick">
            {format(t)}
          </text>
        </g>
      ))}
    </>
  );
}
