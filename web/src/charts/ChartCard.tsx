// A titled chart card whose body is measured, so the chart inside draws at pixel size.
import type { ReactNode } from "react";
import { useElementSize, type Size } from "../hooks/useElementSize";

interface Props {
  title: string;
  note?: ReactNode;
  testId?: string;
  children: (size: Size) => ReactNode;
}

export function ChartCard({ title, note, testId, children }: Props) {
  const [ref, size] = useElementSize<HTMLDivElement>();
  return (
    <figure className="chart-card" data-testid={testId}>
      <figcaption className="chart-title">
        <span>{title}</span>
        {note && <span className="chart-note">{note}</span>}
      </figcaption>
      <div className="chart-body" ref={ref}>
        {size.width > 0 && size.height > 0 && children(size)}
      </div>
    </figure>
  );
}
