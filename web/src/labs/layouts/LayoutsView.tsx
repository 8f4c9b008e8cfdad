// The layouts lab's main view. A toolbar of the study's knobs (scenario edits). Top: time vs projectivity (the sweep, the model, the crossover,
// the paper's points) beside the device activity (the files on the device and the request path:
// the disk head jumping between column files, or the SSD's channels in parallel). Bottom: the
// read-ahead streams and the CPU / I/O breakdown. Drawn from the core's view of the current step;
// the chart from the info the core computed at load.
import { useMemo } from "react";
import { useSessionState } from "../../app/sessionContext";
import { useScenarioEdit } from "../useScenarioEdit";
import { viewSeries } from "../../sim/types";
import { GenericView } from "../GenericView";
import type { LabViewProps } from "../LabViewProps";
import { BreakdownPanel } from "./BreakdownPanel";
import { CrossoverChart } from "./CrossoverChart";
import { DevicePanel } from "./DevicePanel";
import { LayoutsControls } from "./LayoutsControls";
import { StreamsPanel } from "./StreamsPanel";
import { decodeRecent } from "./strip";
import { parseLayoutsInfo, parseLayoutsMeta, type LayoutsInfo } from "./types";
import "./layouts.css";

/** Projected byte fraction of the first query (its columns' widths over the tuple's). */
function scenarioFraction(info: LayoutsInfo): number | null {
  const q = info.queries[0];
  if (!q || info.tuple_bytes <= 0) return null;
  const cols = new Set(q.columns);
  let bytes = 0;
  cols.forEach((c) => {
    bytes += info.columns[c]?.width_bytes ?? 0;
  });
  return bytes / info.tuple_bytes;
}

export function LayoutsView(props: LabViewProps) {
  const { snapshot, panelSnapshot, info } = props;
  const { scenario, status } = useSessionState();
  const editor = useScenarioEdit();
  const meta = useMemo(() => parseLayoutsMeta(snapshot.viewMeta.meta), [snapshot]);
  const panelMeta = useMemo(() => parseLayoutsMeta(panelSnapshot.viewMeta.meta), [panelSnapshot]);
  const labInfo = useMemo(() => parseLayoutsInfo(info.lab_info), [info]);
  const recent = useMemo(() => decodeRecent(viewSeries(snapshot.view, snapshot.viewMeta, "recent_io")), [snapshot]);
  if (!meta || !labInfo) return <GenericView {...props} />;
  const charts = panelMeta ?? meta;
  return (
    <div className="layouts-view" data-testid="layouts-view">
      {scenario && <LayoutsControls json={scenario.json} attributes={labInfo.columns.length} editor={editor} disabled={status !== "ready"} />}
      <div className="layouts-top">
        <CrossoverChart
          sweep={labInfo.sweep}
          paper={labInfo.paper_points}
          device={labInfo.device}
          table={labInfo.table}
          scenarioFraction={scenarioFraction(labInfo)}
        />
        <DevicePanel meta={meta} recent={recent} />
      </div>
      <div className="layouts-bottom">
        <StreamsPanel files={meta.files} queries={meta.queries.length} />
        <BreakdownPanel meta={charts} />
      </div>
    </div>
  );
}
