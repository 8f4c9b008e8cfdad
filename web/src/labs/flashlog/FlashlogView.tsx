// The flashlog lab's main view: the logging mode (device lanes, commits, crash and recovery
// merge, throughput vs devices) or the Append/Pack mode (the two logs, packing, write
// amplification), per the scenario's mode. Falls back to the generic view on a meta it cannot
// read.
import { useMemo } from "react";
import { viewSeries } from "../../sim/types";
import { GenericView } from "../GenericView";
import { useScenarioEdit } from "../useScenarioEdit";
import { crashAt } from "./crashEdit";
import type { LabViewProps } from "../LabViewProps";
import { AppendPackView } from "./AppendPackView";
import { LoggingView } from "./LoggingView";
import { parseFlashlogInfo, parseFlashlogMeta } from "./types";
import "./flashlog.css";

export function FlashlogView(props: LabViewProps) {
  const { snapshot, info, clockNs } = props;
  const edit = useScenarioEdit();
  const meta = useMemo(() => parseFlashlogMeta(snapshot.viewMeta.meta), [snapshot]);
  const labInfo = useMemo(() => parseFlashlogInfo(info.lab_info), [info]);
  const slotPage = useMemo(() => viewSeries(snapshot.view, snapshot.viewMeta, "slot_page"), [snapshot]);
  if (!meta) return <GenericView {...props} />;
  const crashed = meta.logging?.crash != null;
  return (
    <div className="fl-view" data-testid="flashlog-view" data-mode={meta.mode}>
      {meta.logging && (
        <div className="fl-toolbar">
          <button
            type="button"
            className="button"
            data-testid="flashlog-crash-now"
            disabled={edit.busy}
            title="Cut the power at the time shown: the scenario gets a crash here and a recovery after it"
            onClick={() => void edit.apply((json) => crashAt(json, snapshot.state.simTimeNs / 1000), "stay")}
          >
            {crashed ? "Crash earlier, here" : "Crash now"}
          </button>
          <span className="fl-toolbar-note">then play on: the recovery merge must find every acknowledged commit</span>
        </div>
      )}
      {meta.logging && <LoggingView meta={meta.logging} clockNs={Math.max(clockNs, snapshot.state.simTimeNs)} curve={labInfo?.curve ?? null} />}
      {meta.append_pack && <AppendPackView meta={meta.append_pack} slotPage={slotPage} />}
    </div>
  );
}
