// The event log: the core's recent events narrated, newest first, with step and simulated
// time. Clicking a line goes to its step.
import { memo, type KeyboardEvent } from "react";
import { usePanelFrame, useSession } from "../app/sessionContext";
import { formatNs, formatNumber } from "../format/units";
import type { DecodedEvent } from "../sim/events";
import { Glossed } from "./Glossed";

const ignore = (): void => undefined;
/** Lines shown; the core keeps 256 recent events. */
const MAX_LINES = 60;

interface LineProps {
  event: DecodedEvent;
  current: boolean;
  /** Only the newest line is in the Tab order; ↑/↓ move between lines (a roving tab stop). */
  tabbable: boolean;
  onPick: (step: number) => void;
}

const EventLine = memo(function EventLine({ event, current, tabbable, onPick }: LineProps) {
  return (
    <li>
      <button
        type="button"
        tabIndex={tabbable ? 0 : -1}
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
        <span className="event-text">
          <Glossed text={event.text} />
        </span>
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

/** ↑/↓ (and Home/End) move focus between the log's lines without leaving the list. */
function moveFocus(event: KeyboardEvent<HTMLOListElement>): void {
  const buttons = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>("button.event-line"));
  const at = buttons.findIndex((button) => button === document.activeElement);
  if (at < 0) return;
  const next =
    event.key === "ArrowDown" ? Math.min(at + 1, buttons.length - 1)
    : event.key === "ArrowUp" ? Math.max(at - 1, 0)
    : event.key === "Home" ? 0
    : event.key === "End" ? buttons.length - 1
    : -1;
  if (next < 0) return;
  event.preventDefault();
  event.stopPropagation();
  buttons[next]?.focus();
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
      <ol className="event-list" onKeyDown={moveFocus}>
        {lines.length === 0 && <li className="event-empty">No events yet: step forward or press play.</li>}
        {lines.map(({ key, event }, index) => (
          <EventLine key={key} event={event} current={event.step === step} tabbable={index === 0} onPick={pick} />
        ))}
      </ol>
      <p className="visually-hidden" aria-live="polite" data-testid="event-live">
        {lines[0] ? lines[0].event.text : ""}
      </p>
    </section>
  );
}
