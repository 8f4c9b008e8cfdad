// A figure-shaped paper result: the simulated curves (lines with dots, computed now in this
// browser) and the paper's stated points over them (hollow diamonds in the same colour), with a
// legend that names both, the source of the paper's points and how the curve was simulated.
import { line } from "d3-shape";
import { formatNumber } from "../format/units";
import { readableCitations } from "../format/citations";
import type { FigureData } from "../sim/types";
import { FIGURE_MARGIN, figureGeometry, formatTick } from "./figureLayout";
import { YGrid } from "../charts/YGrid";

const WIDTH = 620;
const HEIGHT = 300;

function diamond(cx: number, cy: number, r: number): string {
  return `M${cx},${cy - r}L${cx + r},${cy}L${cx},${cy + r}L${cx - r},${cy}Z`;
}

function axisTitle(label: string, unit: string): string {
  return unit === "" || unit === "B" || label.includes(unit) ? label : `${label} (${unit})`;
}

export function FigureChart({ figure }: { figure: FigureData }) {
  const g = figureGeometry(figure, WIDTH, HEIGHT);
  const path = line<[number, number]>()
    .x((p) => g.x(p[0]))
    .y((p) => g.y(p[1]));
  const plotBottom = HEIGHT - FIGURE_MARGIN.bottom;
  const titleId = `fig-${figure.id.replace(/[^a-z0-9]/gi, "-")}`;
  const failed = !figure.series.some((s) => s.kind === "simulated");
  return (
    <figure className="results-figure" data-testid="results-figure" data-figure={figure.id}>
      <figcaption id={titleId} className="results-figure-title">
        {figure.title}
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width={WIDTH}
        height={HEIGHT}
        className="chart results-figure-chart"
        role="img"
        aria-labelledby={titleId}
      >
        <YGrid ticks={g.yTicks} y={g.y} left={FIGURE_MARGIN.left} right={WIDTH - FIGURE_MARGIN.right} format={(t) => formatTick(t, figure.y.unit)} />
        <line x1={FIGURE_MARGIN.left} x2={WIDTH - FIGURE_MARGIN.right} y1={plotBottom} y2={plotBottom} className="chart-axis" />
        {g.xTicks.map((t) => (
          <text key={`x${t}`} x={g.x(t)} y={plotBottom + 16} textAnchor="middle" className="chart-tick">
            {formatTick(t, figure.x.unit)}
          </text>
        ))}
        <text x={(FIGURE_MARGIN.left + WIDTH - FIGURE_MARGIN.right) / 2} y={HEIGHT - 6} textAnchor="middle" className="chart-axis-title">
          {axisTitle(figure.x.label, figure.x.unit)}
        </text>
        <text transform={`translate(14,${(FIGURE_MARGIN.top + plotBottom) / 2}) rotate(-90)`} textAnchor="middle" className="chart-axis-title">
          {axisTitle(figure.y.label, figure.y.unit)}
        </text>
        {figure.series.map((s, i) =>
          s.kind === "simulated" ? (
            <g key={s.name} className={`fig-series fig-slot-${g.slots[i] ?? 0}`} data-kind="simulated">
              <path d={path(s.points) ?? ""} className="fig-line" />
              {s.points.map(([px, py]) => (
                <circle key={`${px}`} cx={g.x(px)} cy={g.y(py)} r={3} className="fig-dot">
                  <title>{`${s.name}: ${formatTick(px, figure.x.unit)} → ${formatNumber(py)} ${figure.y.unit} (simulated)`}</title>
                </circle>
              ))}
            </g>
          ) : (
            <g key={s.name} className={`fig-series fig-slot-${g.slots[i] ?? 0}`} data-kind="paper">
              {s.points.map(([px, py]) => (
                <path key={`${px}`} d={diamond(g.x(px), g.y(py), 7)} className="fig-paper">
                  <title>{`${s.name}: ${formatTick(px, figure.x.unit)} → ${formatNumber(py)} ${figure.y.unit}`}</title>
                </path>
              ))}
            </g>
          ),
        )}
      </svg>
      <ul className="fig-legend" aria-label="legend">
        {figure.series.map((s, i) => (
          <li key={s.name} className={`fig-slot-${g.slots[i] ?? 0}`}>
            <svg width={28} height={14} aria-hidden="true">
              {s.kind === "simulated" ? (
                <>
                  <line x1={2} x2={26} y1={7} y2={7} className="fig-line" />
                  <circle cx={14} cy={7} r={3} className="fig-dot" />
                </>
              ) : (
                <path d={diamond(14, 7, 6)} className="fig-paper" />
              )}
            </svg>
            {s.kind === "simulated" ? `${s.name} (simulated now)` : `${s.name} (stated)`}
          </li>
        ))}
      </ul>
      <p className="results-figure-note">
        {failed && <b>The simulation failed; only the paper&rsquo;s points are shown. </b>}
        Paper&rsquo;s points: {readableCitations(figure.source)}. Simulated: {readableCitations(figure.method)}.{" "}
        <a href={`#/lab/${figure.lab}?scenario=${encodeURIComponent(figure.scenario)}`}>Open the scenario that shows it</a>
      </p>
    </figure>
  );
}
