// The SSD & FTL lab's main view. Top: the workload bar (pattern, fill, over-provisioning; each
// edits the scenario and reloads it). Then the block map of every die, and below it the dies'
// busy intervals, write amplification and latency over time. Everything is drawn from the core's
// view of the current step.
import { useMemo } from "react";
import { useSessionState } from "../../app/sessionContext";
import { GenericView } from "../GenericView";
import type { LabViewProps } from "../LabViewProps";
import { BlockMap } from "./BlockMap";
import { DieTimeline } from "./DieTimeline";
import { readSsdSeries } from "./series";
import { SsdCharts } from "./SsdCharts";
import { constantValue, parseSsdInfo, parseSsdMeta } from "./types";
import { useScenarioEdit } from "../useScenarioEdit";
import { WorkloadControls } from "./WorkloadControls";
import "./ssd.css";

/** Stable while the info payload has no reason names (memo of the block map). */
const NO_REASONS: readonly string[] = [];

export function SsdView(props: LabViewProps) {
  const { snapshot, panelSnapshot, info, clockNs } = props;
  const { scenario, status } = useSessionState();
  const editor = useScenarioEdit();
  const meta = useMemo(() => parseSsdMeta(snapshot.viewMeta.meta), [snapshot]);
  const series = useMemo(() => readSsdSeries(snapshot), [snapshot]);
  const panelMeta = useMemo(() => parseSsdMeta(panelSnapshot.viewMeta.meta), [panelSnapshot]);
  const panelSeries = useMemo(() => readSsdSeries(panelSnapshot), [panelSnapshot]);
  const ssdInfo = useMemo(() => parseSsdInfo(info.lab_info), [info]);
  if (!meta) return <GenericView {...props} />;
  // Never draw before the step's own time (a snapshot can arrive ahead of the clock).
  const timeNs = Math.max(clockNs, meta.now_ns);
  const op = constantValue(ssdInfo, "over_provisioning");
  return (
    <div className="ssd-view">
      {scenario && (
        <WorkloadControls
          json={scenario.json}
          meta={meta}
          currentOp={Number.isFinite(op) ? op : meta.geometry.over_provisioning}
          editor={editor}
          disabled={status !== "ready"}
        />
      )}
      <BlockMap meta={meta} series={series} gcReasons={ssdInfo?.gc_reasons ?? NO_REASONS} />
      <div className="ssd-bottom">
        <DieTimeline meta={meta} series={series} timeNs={timeNs} />
        <SsdCharts meta={panelMeta ?? meta} series={panelSeries} step={panelSnapshot.state.step} />
      </div>
    </div>
  );
}
