// The MaSM lab's main view. Top: the toolbar (add updates, a scan, migrate, crash, compare) and
// the Lab / Compare tabs. The lab tab follows an update's path: the memory buffer and the flush
// lane, the SSD runs and the HDD table on one key axis (where scans and migration move), the
// memory / SSD / log column, and below the device timelines and the SSD writes per update. The
// compare tab appears when the scenario asks the core to run the baselines too. Everything is
// drawn from the core's view of the current step; positions between steps are interpolated by
// the display clock between the start and end times the core gives.
import { useMemo, useState } from "react";
import { useSessionState } from "../../app/sessionContext";
import { GenericView } from "../GenericView";
import type { LabViewProps } from "../LabViewProps";
import { BufferPanel } from "./BufferPanel";
import { CompareView } from "./CompareView";
import { DeviceTimeline } from "./DeviceTimeline";
import { KeySpacePanel } from "./KeySpacePanel";
import { MasmControls } from "./MasmControls";
import { MemoryPanel } from "./MemoryPanel";
import { decodeDeviceOps, pairsToPoints, readMasmSeries } from "./series";
import { parseMasmMeta } from "./types";
import { useScenarioEdit } from "../useScenarioEdit";
import { WritesHistogram, WritesOverTime } from "./WritesPanels";
import { ViewTabs, type ViewTab } from "../../components/ViewTabs";
import "./masm.css";


export function MasmView(props: LabViewProps) {
  const { snapshot, panelSnapshot, clockNs } = props;
  const { scenario, status } = useSessionState();
  const editor = useScenarioEdit();
  const [tab, setTab] = useState<ViewTab>("lab");
  const meta = useMemo(() => parseMasmMeta(snapshot.viewMeta.meta), [snapshot]);
  const series = useMemo(() => readMasmSeries(snapshot), [snapshot]);
  const panelMeta = useMemo(() => parseMasmMeta(panelSnapshot.viewMeta.meta), [panelSnapshot]);
  const panelSeries = useMemo(() => readMasmSeries(panelSnapshot), [panelSnapshot]);
  const hddOps = useMemo(() => decodeDeviceOps(series.hddOps), [series]);
  const cacheOps = useMemo(() => decodeDeviceOps(series.cacheOps), [series]);
  const writesPoints = useMemo(() => pairsToPoints(panelSeries.writesPerUpdate), [panelSeries]);
  if (!meta) return <GenericView {...props} />;
  // Never draw before the step's own time (a snapshot can arrive ahead of the clock).
  const timeNs = Math.max(clockNs, meta.now_ns);
  const charts = panelMeta ?? meta;
  const comparing = meta.compare !== null;
  const shown: ViewTab = comparing ? tab : "lab";
  return (
    <div className="masm-view" data-testid="masm-view" data-tab={shown}>
      <div className="masm-topbar">
        {scenario && <MasmControls json={scenario.json} keySpace={meta.key_space} editor={editor} disabled={status !== "ready"} />}
        <ViewTabs
          shown={shown}
          onSelect={setTab}
          comparing={comparing}
          compareTitle={comparing ? "MaSM, in-place, IU and LSM on the same ops" : "Tick \u201ccompare schemes\u201d to run the baselines too"}
          testIdPrefix="masm"
        />
      </div>
      {shown === "compare" && meta.compare ? (
        <CompareView compare={meta.compare} scanNs={series.scanNs} diskArm={meta.disk_arm} arm={series.arm} />
      ) : (
        <div className="masm-lab">
          <div className="masm-flow">
            <BufferPanel down={meta.down === true} buffer={meta.buffer} flush={meta.flush} recordsPerPage={meta.records_per_page} timeNs={timeNs} />
            <KeySpacePanel meta={meta} tablePageTs={series.tablePageTs} tablePageRows={series.tablePageRows} timeNs={timeNs} />
          </div>
          <MemoryPanel meta={meta} />
          <div className="masm-bottom">
            <DeviceTimeline hddOps={hddOps} cacheOps={cacheOps} cacheLabel={meta.cache_device === "hdd" ? "cache HDD" : "SSD"} timeNs={timeNs} />
            <WritesHistogram writes={charts.writes} />
            <WritesOverTime points={writesPoints} theorem={charts.writes.theorem} updates={charts.counts.updates} />
          </div>
        </div>
      )}
    </div>
  );
}
