// The time axis every FD+tree chart shares: simulated-time labels along the bottom, as many as
// fit (one per 70 px). The y axis is the shared `charts/YGrid`.
interface Margins {
  left: number;
  right: number;
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
