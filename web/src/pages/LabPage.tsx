// A lab page: the title, scenario controls and messages on top; the lab's animated view and the
// timeline on the left; invariants, metrics, sources and the event log on the right.
import { useEffect } from "react";
import { useApp, useAppState, useTour } from "../app/context";
import { useClock, useFrame, usePanelFrame, useSession, useSessionState } from "../app/sessionContext";
import { CrashBanner, LinkErrorBanner, LinkNoticeBanner, LoadErrorBanner } from "../components/Banners";
import { BusyBanner } from "../components/BusyBanner";
import { EventLog } from "../components/EventLog";
import { ExportMenu } from "../components/ExportMenu";
import { LeavesOutPanel } from "../components/LeavesOutPanel";
import { Glossed } from "../components/Glossed";
import { InvariantsPanel } from "../components/InvariantsPanel";
import { MetricsPanel } from "../components/MetricsPanel";
import { ScenarioDropZone, ScenarioFileButton } from "../components/ScenarioLoader";
import { ScenarioPicker } from "../components/ScenarioPicker";
import { RaceMissingBanner, useRace } from "../components/RaceMissingBanner";
import { ShareButton } from "../components/ShareButton";
import { Timeline } from "../components/Timeline";
import { TourPanel } from "../components/TourPanel";
import { useTimelineKeys } from "../components/useTimelineKeys";
import type { LabEntry } from "../labs/registry";
import { labViews } from "../labs/views";
import { scenariosFor, type BundledScenario } from "../labs/scenarios";
import { RaceView } from "../components/RaceView";
import { PseudoCodePanel } from "../components/PseudoCodePanel";

function ComingSoon({ lab }: { lab: LabEntry }) {
  return (
    <div className="coming-soon">
      <h1 data-testid="lab-title">{lab.title}</h1>
      <p className="lab-card-source">{lab.source}</p>
      <p>{lab.summary}</p>
      <p className="badge badge-muted">Coming soon</p>
      <p>
        This lab is not built yet. <a href="#/">See the labs you can open now.</a>
      </p>
    </div>
  );
}

/** "Race against…": another bundled scenario of this lab, shown beside this run at the same time. */
function RacePicker({ lab, race, onRace }: { lab: LabEntry; race: string | null; onRace: (name: string | null) => void }) {
  const { scenario } = useSessionState();
  const source = scenario?.source;
  const current = source?.kind === "bundled" ? source.name : null;
  const others = scenariosFor(lab.id).filter((s) => s.name !== current);
  if (others.length === 0) return null;
  return (
    <label className="race-picker" title="Run another scenario beside this one, at the same simulated time">
      <span className="picker-label">Race</span>
      <select data-testid="race-select" value={race ?? ""} onChange={(event) => onRace(event.target.value === "" ? null : event.target.value)}>
        <option value="">no race</option>
        {others.map((s) => (
          <option key={s.name} value={s.name}>
            {s.title}
          </option>
        ))}
      </select>
    </label>
  );
}

function LabStage({ lab, race }: { lab: LabEntry; race: BundledScenario | null }) {
  const { scenario, playing, status } = useSessionState();
  const snapshot = useFrame()?.snapshot ?? null;
  const panelSnapshot = usePanelFrame()?.snapshot ?? snapshot;
  const clockNs = useClock();
  const views = labViews(lab.id);
  if (!snapshot || !panelSnapshot || !scenario || scenario.info.lab !== lab.id) {
    const message =
      status === "crashed"
        ? "The simulation stopped."
        : status === "loading"
          ? "Loading the simulation…"
          : "No scenario is loaded: pick one above, or load a scenario file.";
    return <div className="stage-placeholder">{message}</div>;
  }
  const View = views.View;
  if (race) return <RaceView lab={lab} other={race} />;
  return <View snapshot={snapshot} panelSnapshot={panelSnapshot} info={scenario.info} clockNs={clockNs} playing={playing} />;
}

function WhatToWatch({ lab }: { lab: LabEntry }) {
  const { scenario } = useSessionState();
  const tour = useTour();
  if (tour && tour.tour.lab === lab.id) return <TourPanel state={tour} />;
  if (!scenario) return null;
  const source = scenario.source;
  const bundled = source.kind === "bundled" ? scenariosFor(lab.id).find((s) => s.name === source.name) : undefined;
  const text = labViews(lab.id).watch(bundled?.name ?? null, bundled?.description ?? null, scenario.info);
  return (
    <p className="what-to-watch">
      <span className="what-to-watch-label">What to watch</span> <Glossed text={text} />
    </p>
  );
}

function LabSide({ lab }: { lab: LabEntry }) {
  const { scenario } = useSessionState();
  const Side = labViews(lab.id).Side;
  const { leavesOut, pseudocode } = labViews(lab.id);
  return (
    <aside className="lab-side">
      {pseudocode && <PseudoCodePanel lab={lab.id} text={pseudocode} />}
      <InvariantsPanel />
      <MetricsPanel keyMetrics={labViews(lab.id).keyMetrics} />
      <EventLog />
      {leavesOut && <LeavesOutPanel lines={leavesOut} />}
      {Side && scenario && scenario.info.lab === lab.id && <Side info={scenario.info} />}
    </aside>
  );
}

function AvailableLab({ lab }: { lab: LabEntry }) {
  const session = useSession();
  const { route } = useAppState();
  const { name: raceName, setName: setRaceName, race, missing: missingRace, dismiss: dismissMissingRace } = useRace(lab.id, route.kind === "lab" ? route.params.get("race") : null);
  const { scenario, status } = useSessionState();
  const app = useApp();
  useEffect(() => {
    app.setRace(raceName);
    return () => app.setRace(null);
  }, [app, raceName]);
  useTimelineKeys(session);
  useEffect(() => {
    session.setSpeed(lab.defaultSpeed);
  }, [session, lab.defaultSpeed]);
  const title = scenario && scenario.info.lab === lab.id ? scenario.info.title : "";
  const tall = labViews(lab.id).tall === true;
  return (
    <div className={tall ? "lab-page lab-page-tall" : "lab-page"}>
      <div className="lab-bar">
        <div className="lab-heading">
          <h1 data-testid="lab-title">{lab.title}</h1>
          <span className="scenario-title" title={title}>
            {title}
          </span>
        </div>
        <div className="lab-actions">
          <ScenarioPicker lab={lab.id} />
          <RacePicker lab={lab} race={raceName} onRace={setRaceName} />
          <ScenarioFileButton />
          <ExportMenu />
          <ShareButton disabled={status !== "ready"} />
        </div>
      </div>
      <CrashBanner />
      <BusyBanner />
      <LinkErrorBanner />
      <LinkNoticeBanner />
      <RaceMissingBanner name={missingRace} onDismiss={dismissMissingRace} />
      <LoadErrorBanner />
      <div className="lab-layout">
        <section className="lab-main" aria-label={`${lab.title} simulation`}>
          <WhatToWatch lab={lab} />
          <div className="lab-stage">
            <LabStage lab={lab} race={race} />
          </div>
          <Timeline speeds={lab.speeds} />
        </section>
        <LabSide lab={lab} />
      </div>
      <ScenarioDropZone />
    </div>
  );
}

export function LabPage({ lab }: { lab: LabEntry }) {
  return lab.available ? <AvailableLab lab={lab} /> : <ComingSoon lab={lab} />;
}
