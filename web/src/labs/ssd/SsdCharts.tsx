// Write amplification and mean latency over simulated time, each a chart card. WA: the run's
// value so far (bold) over the per-bin values (faint; they spike when a GC burst lands in a bin
// with few host writes); the y = 1 line marks "every flash program was a host write".
import { memo } from "react";
import { useSessionState } from "../../app/sessionContext";
import { ChartCard } from "../../charts/ChartCard";
import { formatNs, formatNumber } from "../../format/units";
import { finitePoints, SeriesChart } from "./SeriesChart";
import { splitPairs, type SsdSeries } from "./series";
import type { SsdMeta } from "./types";
import { waSoFar } from "./waSoFar";

interface Props {
  meta: SsdMeta;
  series: SsdSeries;
  step: number;
}

export const SsdCharts = memo(function SsdCharts({ meta, series, step }: Props) {
  const { scenario } = useSessionState();
  const bins = splitPairs(series.waOverTime);
  const latency = splitPairs(series.latencyOverTime);
  const nowUs = meta.now_ns / 1e3;
  const soFar = waSoFar(scenario?.timeline ?? null, step, nowUs, meta.write_amplification);
  return (
    <>
      <ChartCard title="Write amplification" note={`${formatNumber(meta.write_amplification)}×`} testId="ssd-wa-chart">
        {({ width, height }) => (
          <SeriesChart
            main={soFar}
            faint={finitePoints(bins.xs, bins.ys)}
            clipFaint
            width={width}
            height={height}
            color="#d55e00"
            formatY={(v) => `${formatNumber(v)}×`}
            reference={{ value: 1, label: "1× = no GC copies" }}
            cursorUs={nowUs}
            emptyText="Appears as host writes complete"
          />
        )}
      </ChartCard>
      <ChartCard title="Mean latency" note="per time bin" testId="ssd-latency-chart">
        {({ width, height }) => (
          <SeriesChart
            main={finitePoints(latency.xs, latency.ys)}
            width={width}
            height={height}
            color="#0072b2"
            formatY={(v) => formatNs(v * 1e3)}
            cursorUs={nowUs}
            emptyText="Appears as requests complete"
          />
        )}
      </ChartCard>
    </>
  );
});
