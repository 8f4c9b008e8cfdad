// A lab embedded in a slide or a course page (`#/lab/<lab>?…&embed=1`): no header, no scenario
// bar, only the lab's view, with the timeline and the side panels when asked for. It can autoplay
// at a chosen speed, and it links back to the full app (same origin, new tab).
import { useEffect, useRef, useSyncExternalStore } from "react";
import { useTour } from "../app/context";
import { useFrame, usePanelFrame, useClock, useSession, useSessionState } from "../app/sessionContext";
import { CrashBanner, LinkErrorBanner } from "../components/Banners";
import { EventLog } from "../components/EventLog";
import { InvariantsPanel } from "../components/InvariantsPanel";
import { MetricsPanel } from "../components/MetricsPanel";
import { Timeline } from "../components/Timeline";
import { TourPanel } from "../components/TourPanel";
import { hostPanels } from "../embed/bridge";
import { useTimelineKeys } from "../components/useTimelineKeys";
import type { LabEntry } from "../labs/registry";
import { labViews } from "../labs/views";
import type { EmbedOptions } from "../share/route";

function fullAppLink(): string {
  const params = new URLSearchParams(window.location.hash.split("?")[1] ?? "");
  for (const key of ["embed", "autoplay", "controls", "panels", "speed"]) params.delete(key);
  const path = window.location.hash.split("?")[0] ?? "#/";
  const query = params.toString();
  return `${window.location.pathname}${query === "" ? path : `${path}?${query}`}`;
}

export function EmbedLab({ lab, options }: { lab: LabEntry; options: EmbedOptions }) {
  const session = useSession();
  const { scenario, playing, status } = useSessionState();
  const snapshot = useFrame()?.snapshot ?? null;
  const panelSnapshot = usePanelFrame()?.snapshot ?? snapshot;
  const clockNs = useClock();
  const started = useRef(false);
  const tour = useTour();
  // The host page may choose the panels (`panels` command); otherwise the URL's options hold.
  const chosen = useSyncExternalStore(hostPanels.subscribe, hostPanels.get);
  const showTimeline = chosen ? chosen.includes("timeline") : options.controls;
  const side = chosen ? { invariants: chosen.includes("invariants"), metrics: chosen.includes("metrics"), events: chosen.includes("events") } : { invariants: options.panels, metrics: options.panels, events: options.panels };
  const anySide = side.invariants || side.metrics || side.events;
  useTimelineKeys(session);
  useEffect(() => {
    // An iframe on a slide may be small: the page's minimum width is for the full app only.
    document.body.classList.add("embedded");
    return () => document.body.classList.remove("embedded");
  }, []);
  useEffect(() => {
    session.setSpeed(options.speed ?? lab.defaultSpeed);
  }, [session, options.speed, lab.defaultSpeed]);
  useEffect(() => {
    if (!options.autoplay || started.current || status !== "ready" || scenario?.info.lab !== lab.id) return;
    started.current = true;
    session.play();
  }, [options.autoplay, status, scenario, lab.id, session]);
  const views = labViews(lab.id);
  const ready = snapshot && panelSnapshot && scenario && scenario.info.lab === lab.id;
  return (
    <div className={anySide ? "embed embed-with-panels" : "embed"} data-testid="embed">
      <CrashBanner />
      <LinkErrorBanner />
      <section className="embed-main" aria-label={`${lab.title} simulation`}>
        <div className="lab-stage embed-stage">
          {ready ? (
            <views.View snapshot={snapshot} panelSnapshot={panelSnapshot} info={scenario.info} clockNs={clockNs} playing={playing} />
          ) : (
            <div className="stage-placeholder">{status === "crashed" ? "The simulation stopped." : "Loading the simulation…"}</div>
          )}
        </div>
        {showTimeline && <Timeline speeds={lab.speeds} />}
        {tour && tour.tour.lab === lab.id && <TourPanel state={tour} />}
        <p className="embed-credit">
          <a href={fullAppLink()} target="_blank" rel="noopener">
            {lab.title} in FlashLab ↗
          </a>
          {scenario && <span className="embed-title"> · {scenario.info.title}</span>}
        </p>
      </section>
      {anySide && (
        <aside className="lab-side">
          {side.invariants && <InvariantsPanel />}
          {side.metrics && <MetricsPanel keyMetrics={views.keyMetrics} />}
          {side.events && <EventLog />}
        </aside>
      )}
    </div>
  );
}
