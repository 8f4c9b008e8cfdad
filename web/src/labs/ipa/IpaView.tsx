// The IPA lab's main view. Lab tab: the step in words; the focus page as a byte map with its
// delta records; the cell zoom of the latest write; the flash blocks with erase counts; the
// regions side by side (when a scenario has several); the counters with Fig. 1's chain and the buffer; the [N × M] explorer. Compare tab (with `compare`): the three-way race.
import { useMemo, useState } from "react";
import { GenericView } from "../GenericView";
import type { LabViewProps } from "../LabViewProps";
import { CellZoom } from "./CellZoom";
import { CompareView } from "./CompareView";
import { Counters } from "./Counters";
import { FlashBlocks } from "./FlashBlocks";
import { PageMap } from "./PageMap";
import { RegionsPanel } from "./RegionsPanel";
import { readIpaSeries } from "./series";
import { TuningCard } from "./TuningCard";
import { parseIpaInfo, parseIpaMeta } from "./types";
import { ViewTabs, type ViewTab } from "../../components/ViewTabs";
import "./ipa.css";

export function IpaView(props: LabViewProps) {
  const { snapshot, info } = props;
  const [tab, setTab] = useState<ViewTab>("lab");
  const meta = useMemo(() => parseIpaMeta(snapshot.viewMeta.meta), [snapshot]);
  const series = useMemo(() => readIpaSeries(snapshot), [snapshot]);
  const ipaInfo = useMemo(() => parseIpaInfo(info.lab_info), [info]);
  if (!meta) return <GenericView {...props} />;
  const comparing = meta.compare !== null;
  const shown: ViewTab = comparing ? tab : "lab";
  return (
    <div className="ipa-view" data-testid="ipa-view" data-tab={shown}>
      <div className="ipa-topbar">
        <div className="ipa-step" data-testid="ipa-step-text">
          <b>{meta.gc_step ? "GC" : meta.write_back_step ? "write-back" : `op ${meta.ops_done}/${meta.ops_total}`}</b> {meta.step_text}
          {meta.pending_write_backs > 0 && (
            <span className="ipa-muted" data-testid="ipa-pending">
              {" "}
              · {meta.pending_write_backs} write-back{meta.pending_write_backs === 1 ? "" : "s"} queued, one per step before the next op
            </span>
          )}
        </div>
        <ViewTabs
          shown={shown}
          onSelect={setTab}
          comparing={comparing}
          compareTitle={comparing ? "out-of-place, IPL and IPA on the same transactions" : "set params.compare to run the baselines too"}
          testIdPrefix="ipa"
        />
      </div>
      {shown === "compare" && meta.compare ? (
        <CompareView sides={meta.compare} blocks={meta.blocks} ipaState={series.pageState} ipaErases={series.eraseCounts} oopState={series.oopPageState} oopErases={series.oopEraseCounts} iplBlocks={meta.ipl_blocks ?? null} iplState={series.iplPageState} iplErases={series.iplEraseCounts} />
      ) : (
        <div className="ipa-lab">
          <div className="ipa-col">
            <PageMap layout={meta.layout} focus={meta.focus} raw={series.pageRaw} zoom={meta.zoom} />
            <div className="ipa-slot-regions">
              <RegionsPanel regions={meta.regions ?? []} />
            </div>
            <div className="ipa-slot-counters">
              <Counters counters={meta.counters} meta={meta} chain={ipaInfo?.chain ?? []} />
            </div>
            {ipaInfo && (
              <div className="ipa-slot-tuning">
                <TuningCard info={ipaInfo} layout={meta.layout} counters={meta.counters} />
              </div>
            )}
          </div>
          <div className="ipa-col">
            <div className="ipa-slot-zoom">
              <CellZoom zoom={meta.zoom} before={series.vthBefore} after={series.vthAfter} pulses={series.vthPulses} passedAt={series.passedAt} />
            </div>
            <div className="ipa-slot-flash">
              <FlashBlocks title={`Flash: ${meta.blocks.blocks} blocks × ${meta.blocks.pages_per_block} pages`} blocks={meta.blocks} pageState={series.pageState} eraseCounts={series.eraseCounts} lsb={series.pageIsLsb} focus={meta.focus ? { block: meta.focus.block, page: meta.focus.page } : null} />
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
