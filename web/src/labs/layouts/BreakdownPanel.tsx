// The CPU / I/O breakdown of each query (Fig. 3(c)'s definition: I/O wait = elapsed − CPU), and
// the run's counters. A disk scan is nearly all I/O wait; a column scan on fast flash with every
// row qualifying shows its CPU.
import { memo } from "react";
import { StackedBar } from "../../charts/StackedBar";
import { formatNs, formatNumber } from "../../format/units";
import { useElementSize } from "../../hooks/useElementSize";
import { CPU_COLOR, IO_COLOR } from "./palette";
import type { LayoutsMeta } from "./types";

export const BreakdownPanel = memo(function BreakdownPanel({ meta }: { meta: LayoutsMeta }) {
  const [ref, size] = useElementSize<HTMLDivElement>();
  const rows = meta.queries.map((q, i) => ({
    label: `query ${i}, ${q.layout}: ${formatNs(q.elapsed_ns)}${q.finished_ns === null ? " so far" : ""}, ${formatNumber(q.answer_rows)} rows answered`,
    parts: [
      { key: "cpu", label: "CPU", value: q.cpu_ns, color: CPU_COLOR },
      { key: "io", label: "I/O wait", value: q.io_wait_ns, color: IO_COLOR },
    ],
  }));
  const d = meta.device;
  return (
    <section className="layouts-card layouts-breakdown" data-testid="layouts-breakdown" aria-labelledby="layouts-breakdown-title">
      <header className="layouts-card-head">
        <h3 id="layouts-breakdown-title">CPU and I/O</h3>
        <span className="layouts-note">
          {formatNumber(Math.round(d.bytes / 1024))} KB read · {formatNumber(d.queued)} queued
        </span>
      </header>
      <div className="layouts-breakdown-body" ref={ref}>
        {size.width > 0 && size.height > 0 && (
          <StackedBar rows={rows} width={size.width} height={size.height} format={(ns) => formatNs(ns)} emptyText="no time yet" />
        )}
      </div>
    </section>
  );
});
