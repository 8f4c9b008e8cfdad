// The FD+tree lab's main view. Lab tab: the levels on one key axis with the wavefront (left),
// the merge with its staging area, the lock table, merge-prepare's and finalize's numbers with
// the I6 gauge, L0's shared memory and the clients with every op's block I/O (right), and below
// the R_p of this run over time with its merges shaded and its live blocks over time. Compare
// tab (scenarios with `params.compare`): FD+XM, FD+DS, FD+FC and the baselines (FD-tree of Li et
// al., in-place B+tree) on one shared timeline.
import { useMemo, useState } from "react";
import { ChartCard } from "../../charts/ChartCard";
import { viewSeries } from "../../sim/types";
import { GenericView } from "../GenericView";
import type { LabViewProps } from "../LabViewProps";
import { CompareView } from "./CompareView";
import { L0Gauge } from "./L0Gauge";
import { LatchPanel } from "./LatchPanel";
import { waitsByActor } from "./latches";
import { decodePairs, decodeRp } from "./layout";
import { LevelsPanel } from "./LevelsPanel";
import { MergePanel } from "./MergePanel";
import { OpsPanel } from "./OpsPanel";
import { PlanPanel } from "./PlanPanel";
import { SCHEME_COLORS, SCHEME_LABELS } from "./palette";
import { RpChart, rpDomain } from "./RpChart";
import { SpaceChart } from "./SpaceChart";
import { parseFdtreeMeta } from "./types";
import { ViewTabs, type ViewTab } from "../../components/ViewTabs";
import "./fdtree.css";

const SCHEMES = ["xm", "ds", "fc", "li", "btree"] as const;

export function FdtreeView(props: LabViewProps) {
  const { snapshot, panelSnapshot } = props;
  const [tab, setTab] = useState<ViewTab>("lab");
  const meta = useMemo(() => parseFdtreeMeta(snapshot.viewMeta.meta), [snapshot]);
  const charts = useMemo(() => {
    const get = (name: string) => viewSeries(panelSnapshot.view, panelSnapshot.viewMeta, name);
    const rp: Record<string, Float64Array> = {};
    const space: Record<string, Float64Array> = {};
    for (const s of SCHEMES) {
      rp[s] = get(`cmp_${s}_rp`);
      space[s] = get(`cmp_${s}_space`);
    }
    return { points: decodeRp(get("rp")), space: decodePairs(get("space")), rp, cmpSpace: space };
  }, [panelSnapshot]);
  if (!meta) return <GenericView {...props} />;
  const comparing = meta.compare !== null && meta.compare.length > 0;
  const shown: ViewTab = comparing ? tab : "lab";
  const nowNs = snapshot.state.simTimeNs;
  const domain = rpDomain([charts.points], nowNs);
  const schemeLabel = SCHEME_LABELS[meta.scheme] ?? meta.scheme;
  return (
    <div className="fd-view" data-testid="fd-view" data-tab={shown}>
      <div className="fd-topbar">
        <span className="fd-config" data-testid="fd-config">
          {`${schemeLabel} · β = ${meta.beta}, γ = ${meta.gamma}, κ0 = ${meta.kappa0} blocks`}
        </span>
        <ViewTabs
          shown={shown}
          onSelect={setTab}
          comparing={comparing}
          compareTitle={comparing ? "FD+XM, FD+DS, FD+FC, the FD-tree of Li et al. and a B+tree on the same stream" : "Scenarios with params.compare run the three schemes and the two baselines"}
          testIdPrefix="fd"
        />
      </div>
      {shown === "compare" && meta.compare ? (
        <CompareView rows={meta.compare} rp={charts.rp} space={charts.cmpSpace} />
      ) : (
        <div className="fd-lab">
          <div className="fd-main">
            <LevelsPanel meta={meta} />
            <div className="fd-bottom">
              <ChartCard title="R_p over time" note="log · merges shaded · dashed: max" testId="fd-rp">
                {({ width, height }) => <RpChart points={charts.points} merges={meta.merges} domain={domain} width={width} height={height} label={schemeLabel} />}
              </ChartCard>
              <ChartCard title="Live blocks" testId="fd-space">
                {({ width, height }) => (
                  <SpaceChart lines={[{ id: meta.scheme, label: schemeLabel, color: SCHEME_COLORS[meta.scheme] ?? "#0072b2", points: charts.space }]} endNs={nowNs} width={width} height={height} />
                )}
              </ChartCard>
            </div>
          </div>
          <div className="fd-side">
            <MergePanel merge={meta.merge} wait={waitsByActor(meta.latches).get(meta.merge_actor)} />
            <LatchPanel meta={meta} />
            <PlanPanel plan={meta.plan} finalize={meta.finalize} counters={meta.counters} />
            <L0Gauge l0={meta.l0} merging={meta.merge !== null} />
            <OpsPanel meta={meta} />
          </div>
        </div>
      )}
    </div>
  );
}
