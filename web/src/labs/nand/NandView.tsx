// The NAND cell lab's main view. Top: the op toolbar. Then the Vth axis of the focused wordline
// (histogram per state, verify and read lines, every cell as a moving dot) beside the ISPP
// staircase; the wordline's cells; the block's pages with the latest refusal; and wear.
// Everything is drawn from the core's view of the current step: the buttons only add ops to the
// scenario and reload it.
import { useMemo, useState } from "react";
import { useSession, useSessionState } from "../../app/sessionContext";
import { decodeEvents, kindTable } from "../../sim/events";
import { GenericView } from "../GenericView";
import type { LabViewProps } from "../LabViewProps";
import { IsppPanel } from "./IsppPanel";
import { OpControls } from "./OpControls";
import { PagesPanel } from "./PagesPanel";
import { stateColors } from "./palette";
import { latestRefusal, loweredCell, refusalAt, refusalHeadline, refusedPage } from "./refusal";
import { RefusalBox } from "./RefusalBox";
import { readNandSeries } from "./series";
import { pulseHistory } from "./staircase";
import { constantValue, parseNandInfo, parseNandMeta, type NandMeta } from "./types";
import { useScenarioEdit } from "../useScenarioEdit";
import { VthChart } from "./VthChart";
import { WearPanel } from "./WearPanel";
import { WordlineCard } from "./WordlineCard";
import "./nand.css";
import "./nand-panels.css";

const ignore = (): void => undefined;

/** The first page not yet written, in programming order: what "Program" offers by default. */
function nextPage(meta: NandMeta): number {
  return meta.pages.find((p) => !p.programmed)?.page ?? 0;
}

export function NandView(props: LabViewProps) {
  const { snapshot, panelSnapshot, info } = props;
  const session = useSession();
  const { status } = useSessionState();
  const editor = useScenarioEdit();
  const meta = useMemo(() => parseNandMeta(snapshot.viewMeta.meta), [snapshot]);
  const nandInfo = useMemo(() => parseNandInfo(info.lab_info), [info]);
  const series = useMemo(() => readNandSeries(snapshot), [snapshot]);
  const panelSeries = useMemo(() => readNandSeries(panelSnapshot), [panelSnapshot]);
  const kinds = useMemo(() => kindTable(info.eventKinds), [info]);
  const events = useMemo(() => decodeEvents(snapshot.events, kinds), [snapshot, kinds]);
  const states = meta?.states;
  const levelCount = meta?.levels.length ?? 2;
  const colors = useMemo(() => (states ? stateColors(states, levelCount) : []), [states, levelCount]);
  const targets = useMemo(() => new Set(Array.from(series.cells.target)), [series]);
  const [selected, setSelected] = useState<number | null>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  const [picked, setPicked] = useState<number | null>(null);
  if (!meta) return <GenericView {...props} />;

  const panelMeta = parseNandMeta(panelSnapshot.viewMeta.meta) ?? meta;
  const step = snapshot.state.step;
  const refusalNow = refusalAt(events, step);
  const latest = latestRefusal(events, step);
  const lowered = loweredCell(refusalNow);
  const loweredOnFocus = lowered && meta.pages.find((p) => p.page === refusedPage(refusalNow))?.wordline === meta.focus_wordline ? lowered : null;
  const alertCell = loweredOnFocus?.cell ?? null;
  const history = pulseHistory(events, meta.ispp.loop);
  const cells = meta.cells_per_wordline;
  const validSelected = selected !== null && selected < cells ? selected : null;
  const marked = hovered ?? validSelected ?? alertCell;
  const page = Math.min(picked ?? nextPage(meta), meta.page_count - 1);
  const identity = `${info.title}|${info.seed}|${meta.focus_wordline}|${cells}`;
  const disabled = status !== "ready";

  return (
    <div className="nand-view">
      <OpControls meta={meta} page={page} onPage={setPicked} editor={editor} disabled={disabled} />
      <div className="nand-main">
        <div className="nand-col">
          <section className="nand-card nand-vth" data-testid="nand-histogram" aria-labelledby="nand-vth-title">
            <header className="nand-card-head">
              <h3 id="nand-vth-title">
                Threshold voltage{" "}
                <span className="nand-card-sub">
                  wordline {meta.focus_wordline} · {meta.cell_type}
                </span>
              </h3>
            </header>
            <VthChart meta={meta} series={series} colors={colors} identity={identity} marked={marked} alertCell={alertCell} />
            {refusalNow && (
              <div className="nand-callout" role="presentation">
                <b>{refusalHeadline(refusalNow.kind)}</b>
                {loweredOnFocus && (
                  <span>
                    cell {loweredOnFocus.cell} would have to fall from {meta.states[loweredOnFocus.from]?.name ?? loweredOnFocus.from} to{" "}
                    {meta.states[loweredOnFocus.to]?.name ?? loweredOnFocus.to}
                  </span>
                )}
              </div>
            )}
          </section>
          <WordlineCard
            meta={meta}
            cells={series.cells}
            colors={colors}
            selected={validSelected}
            hovered={hovered}
            alertCell={alertCell}
            onHover={setHovered}
            onSelect={setSelected}
          />
          <PagesPanel meta={meta} nop={constantValue(nandInfo, "nop")} picked={page} refused={refusedPage(refusalNow)} onPick={setPicked}>
            <RefusalBox message={meta.last_refusal} now={refusalNow} latest={latest} onSeek={(s) => session.seek(s).catch(ignore)} />
          </PagesPanel>
        </div>
        <div className="nand-col">
          <IsppPanel
            meta={meta}
            targets={targets}
            staircase={series.staircase}
            history={history}
            colors={colors}
            couplingV={constantValue(nandInfo, "coupling_mean_v")}
            couplingSigmaV={constantValue(nandInfo, "coupling_sigma_v")}
            metrics={panelSnapshot.metrics}
          />
          <WearPanel meta={panelMeta} series={panelSeries} editor={editor} disabled={disabled} />
        </div>
      </div>
    </div>
  );
}
