// The HDD's charts: the latency distribution so far (log axis, median and p99 marked),
// throughput over simulated time, and where a request's time goes on average.
import { memo } from "react";
import { ChartCard } from "../../charts/ChartCard";
import { HistogramChart } from "../../charts/HistogramChart";
import { histogramBars, totalCount } from "../../charts/histogram";
import { LineChart } from "../../charts/LineChart";
import { StackedBar, type BarRow, type Part } from "../../charts/StackedBar";
import { formatMs, formatNumber } from "../../format/units";
import type { MetricDetail, Snapshot } from "../../sim/types";
import { viewSeries } from "../../sim/types";

function metricValue(metrics: MetricDetail[], name: string): number {
  return metrics.find((m) => m.name === name)?.value ?? Number.NaN;
}

function formatMsTick(ms: number): string {
  if (ms >= 1000) return `${ms / 1000} s`;
  if (ms < 1) return `${ms * 1000} µs`;
  return `${ms} ms`;
}

export const HddCharts = memo(function HddCharts({ snapshot }: { snapshot: Snapshot }) {
  const { view, viewMeta, metrics } = snapshot;
  const counts = viewSeries(view, viewMeta, "latency_histogram_counts");
  const edges = viewSeries(view, viewMeta, "latency_histogram_edges_ms");
  const bars = histogramBars(edges, counts, { margin: 1, minBuckets: 10 });
  const completed = totalCount(counts);
  const p50 = metricValue(metrics, "p50_latency_ms");
  const p99 = metricValue(metrics, "p99_latency_ms");
  const times = viewSeries(view, viewMeta, "throughput_time_ms");
  const rates = viewSeries(view, viewMeta, "throughput_mb_s");
  const finite = (parts: Part[]): Part[] => parts.filter((p) => Number.isFinite(p.value));
  const rows: BarRow[] = [
    {
      label: "latency",
      parts: finite([
        { key: "queue", label: "queue wait", value: metricValue(metrics, "mean_queue_wait_ms"), color: "#aab3c0" },
        { key: "service", label: "service", value: metricValue(metrics, "mean_service_ms"), color: "var(--c-ink-2)" },
      ]),
    },
    {
      label: "service",
      parts: finite([
        { key: "seek", label: "seek", value: metricValue(metrics, "mean_seek_ms"), color: "var(--c-seek)" },
        { key: "rotation", label: "rotation", value: metricValue(metrics, "mean_rotation_ms"), color: "var(--c-rotate)" },
        { key: "transfer", label: "transfer", value: metricValue(metrics, "mean_transfer_ms"), color: "var(--c-transfer)" },
        { key: "switch", label: "switching", value: metricValue(metrics, "mean_switch_ms"), color: "var(--c-purple)" },
      ]),
    },
  ];
  return (
    <div className="hdd-charts">
      <ChartCard title="Latency distribution" note={`n = ${formatNumber(completed)}`} testId="chart-latency">
        {({ width, height }) => (
          <HistogramChart
            bars={bars}
            width={width}
            height={height}
            formatTick={formatMsTick}
            markers={completed > 0 ? [{ value: p50, label: `median ${formatMs(p50)}` }, { value: p99, label: `p99 ${formatMs(p99)}` }] : []}
            emptyText="No request has completed yet"
          />
        )}
      </ChartCard>
      <ChartCard title="Throughput over time" note="MB/s" testId="chart-throughput">
        {({ width, height }) => (
          <LineChart
            xs={times}
            ys={rates}
            width={width}
            height={height}
            formatX={(ms) => (ms === 0 ? "0" : formatMs(ms))}
            formatY={(v) => formatNumber(v)}
            emptyText="Throughput appears as requests complete"
          />
        )}
      </ChartCard>
      <ChartCard title="Time per request" note="mean" testId="chart-breakdown">
        {({ width, height }) => (
          <StackedBar rows={rows} width={width} height={height} format={formatMs} emptyText="No request has completed yet" />
        )}
      </ChartCard>
    </div>
  );
});
