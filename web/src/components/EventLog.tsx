// The event log: the core's recent events narrated, newest first, with step and simulated
// time. Clicking a line goes to its step.
import { memo } from "react";
import { usePanelFrame, useSession } from "../app/context";
import { formatNs, formatNumber } from "../format/units";
import type { DecodedEvent } from "../sim/events";

const ignore = (): void => undefined;
/** Lines shown; the core keeps 256 recent events. */
const MAX_LINES = 60;

const EventLine = memo(function EventLine({ event, current, onPick }: { event: DecodedEvent; current: boolean; onPick: (step: number) => void }) {
  return (
    <li>
      <button
        type="button"
        className={current ? "event-line current" : "event-line"}
        data-testid="event-line"
        data-kind={event.name}
        title={`Go to step ${event.step}`}
        onClick={() => onPick(event.step)}
      >
        <span className="event-meta">
          <span className="event-step num">step {formatNumber(event.step)}</span>
          <span className="event-time num">t = {formatNs(event.timeNs)}</span>
          <span className="event-kind">{event.name}</span>
        </span>
        <span className="event-text">{event.text}</span>
      </button>
    </li>
  );
});

/** Keys that stay with an event while the ring buffer shifts: its step and its rank in the step. */
function withKeys(events: DecodedEvent[]): { key: string; event: DecodedEvent }[] {
  let previousStep = -1;
  let rank = 0;
  return events.map((event) => {
    rank = event.step === previousStep ? rank + 1 : 0;
    previousStep = event.step;
    return { key: `${event.step}.${rank}`, event };
  });
}

export function EventLog() {
  const session = useSession();
  const frame = usePanelFrame();
  const events = frame?.events ?? [];
  const snapshot = frame?.snapshot;
  const step = snapshot?.state.step ?? 0;
  const lines = withKeys(events.slice(-MAX_LINES)).reverse();
  const pick = (target: number): void => {
    session.seek(target).catch(ignore);
  };
  return (
    <section className="panel event-log" data-testid="event-log" aria-labelledby="events-heading">
      <header className="panel-header">
        <h2 id="events-heading">Event log</h2>
        <span className="panel-status">newest first · click a line to go to its step</span>
      </header>
      <ol className="event-list">
        {lines.length === 0 && <li className="event-empty">No events yet: step forward or press play.</li>}
        {lines.map(({ key, event }) => (
          <EventLine key={key} event={event} current={event.step === step} onPick={pick} />
        ))}
      </ol>
    </section>
  );
}
