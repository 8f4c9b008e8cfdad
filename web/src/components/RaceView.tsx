// A race: the lab's view of the run you drive beside the same lab's view of another scenario,
// both at the same simulated time, with the key metrics of both in one table under them. Play,
// step, scrub: the other side follows (race/follower.ts).
import { useEffect, useState, useSyncExternalStore } from "react";
import { Store } from "../app/store";
import { useClock, useFrame, usePanelFrame, useSessionState } from "../app/sessionContext";
import { formatNs, formatWithUnit } from "../format/units";
import type { LabEntry } from "../labs/registry";
import type { BundledScenario } from "../labs/scenarios";
import { labViews } from "../labs/views";
import { RaceFollower, type RaceSide } from "../race/follower";

const NO_SIDE = new Store<RaceSide>({ status: "loading", info: null, snapshot: null, error: null });
import type { MetricDetail } from "../sim/types";

function value(metrics: readonly MetricDetail[] | undefined, name: string): string {
  const m = metrics?.find((x) => x.name === name);
  return m ? formatWithUnit(m.value, m.unit) : "—";
}

export function RaceView({ lab, other }: { lab: LabEntry; other: BundledScenario }) {
  const { scenario, playing } = useSessionState();
  const snapshot = useFrame()?.snapshot ?? null;
  const panelSnapshot = usePanelFrame()?.snapshot ?? snapshot;
  const clockNs = useClock();
  // One follower (one worker) per scenario raced against, made and disposed by the effect, so
  // React's double effects in development never leave a disposed one in use.
  const [follower, setFollower] = useState<RaceFollower | null>(null);
  useEffect(() => {
    const made = new RaceFollower();
    setFollower(made);
    void made.load(other.json);
    return () => made.dispose();
  }, [other.json]);
  const store = follower?.side ?? NO_SIDE;
  const side = useSyncExternalStore(store.subscribe, store.get);
  const timeNs = snapshot?.state.simTimeNs ?? 0;
  useEffect(() => {
    follower?.follow(Math.max(timeNs, clockNs));
  }, [follower, timeNs, clockNs]);
  const views = labViews(lab.id);
  const View = views.View;
  const keys = (views.keyMetrics ?? panelSnapshot?.metrics.map((m) => m.name) ?? []).slice(0, 6);
  const labels = new Map((panelSnapshot?.metrics ?? []).map((m) => [m.name, m.label]));
  if (!snapshot || !panelSnapshot || !scenario) return null;
  return (
    <div className="race" data-testid="race" tabIndex={0} aria-label="Race: two runs at the same simulated time">
      <table className="race-table" data-testid="race-table">
        <thead>
          <tr>
            <th scope="col">at {formatNs(timeNs)}</th>
            <th scope="col">this run (step {snapshot.state.step})</th>
            <th scope="col">the other (step {side.snapshot?.state.step ?? 0})</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((name) => (
            <tr key={name} data-metric={name}>
              <th scope="row">{labels.get(name) ?? name}</th>
              <td className="num">{value(panelSnapshot.metrics, name)}</td>
              <td className="num" data-testid="race-other-value">
                {value(side.snapshot?.metrics, name)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="race-sides">
        <section className="race-side" aria-label={`This run: ${scenario.info.title}`}>
          <h2 className="race-title">{scenario.info.title}</h2>
          <div className="race-stage" tabIndex={0}>
            <View snapshot={snapshot} panelSnapshot={panelSnapshot} info={scenario.info} clockNs={clockNs} playing={playing} />
          </div>
        </section>
        <section className="race-side" aria-label={`Racing against: ${other.title}`} data-testid="race-other">
          <h2 className="race-title">{other.title}</h2>
          <div className="race-stage" tabIndex={0}>
            {side.status === "ready" && side.snapshot && side.info ? (
              <View snapshot={side.snapshot} panelSnapshot={side.snapshot} info={side.info} clockNs={Math.max(side.snapshot.state.simTimeNs, Math.min(clockNs, timeNs))} playing={false} />
            ) : (
              <div className="stage-placeholder">{side.status === "failed" ? `The other run stopped: ${side.error ?? ""}` : "Loading the other run…"}</div>
            )}
          </div>
        </section>
      </div>
    </div>
  );
}
