// The guided-tour panel: where you are ("step 4 of 11", and every step as a dot you can jump
// to), the narration, and a predict-then-reveal question whose answer the simulation computes
// when you check. Back/Next by button or by keyboard ([ and ] unless the reader turned single-key
// shortcuts off, see shortcuts.ts; Page Up/Page Down always); moving
// never waits for an animation, because each step is a seek.
import { useEffect, useSyncExternalStore } from "react";
import { useApp } from "../app/context";
import { formatNumber } from "../format/units";
import { score } from "../tours/answers";
import { completionCode } from "../tours/completion";
import type { TourState } from "../tours/controller";
import { fillText } from "../tours/model";
import { Glossed } from "./Glossed";
import { QuestionBox } from "./TourQuestion";
import { singleKeyStore, singleKeysOn } from "./shortcuts";
import { isControl } from "./useTimelineKeys";

const ignore = (): void => undefined;

export function TourPanel({ state }: { state: TourState }) {
  const app = useApp();
  const { tour, index } = state;
  const step = tour.steps[index];
  const last = index === tour.steps.length - 1;
  const singleOn = useSyncExternalStore(singleKeyStore.subscribe, singleKeyStore.get);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isControl(event.target, event.key)) return;
      const single = singleKeysOn();
      if ((single && event.key === "]") || event.key === "PageDown") app.tours.next().catch(ignore);
      else if ((single && event.key === "[") || event.key === "PageUp") app.tours.back().catch(ignore);
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [app]);
  if (!step) return null;
  const text = fillText(step.text, state.values, (value, decimals) => (decimals === undefined ? formatNumber(value) : formatNumber(Number(value.toFixed(decimals)))));
  const focus = [step.focus, step.question?.kind === "click" ? step.question.target : undefined].filter((f): f is string => f !== undefined);
  const { right, asked } = score([...state.judged.values()]);
  const questions = tour.steps.filter((s) => s.question).length;
  return (
    <section className="tour-panel" data-testid="tour-panel" aria-labelledby="tour-step-title" data-index={index}>
      {focus.length > 0 && <style>{`${focus.map((f) => `[data-testid="${f}"]`).join(", ")} { outline: 3px solid var(--c-orange); outline-offset: 3px; border-radius: 6px; }`}</style>}
      <header className="tour-head">
        <span className="tour-label">
          {tour.kind === "lesson" ? "Lesson" : "Tour"} · {tour.title}
        </span>
        <span className="tour-position" data-testid="tour-position">
          step {index + 1} of {tour.steps.length}
        </span>
        <ol className="tour-dots" aria-label="Tour steps">
          {tour.steps.map((s, i) => (
            <li key={s.step + ":" + s.title}>
              <button
                type="button"
                className={i === index ? "tour-dot current" : state.judged.has(i) ? "tour-dot answered" : "tour-dot"}
                aria-label={`Go to step ${i + 1}: ${s.title}`}
                aria-current={i === index ? "step" : undefined}
                tabIndex={i === index ? 0 : -1}
                onClick={() => app.tours.goTo(i).catch(ignore)}
              />
            </li>
          ))}
        </ol>
        <button type="button" className="link-button tour-exit" onClick={() => app.exitTour()}>
          Leave the {tour.kind}
        </button>
      </header>
      <h2 id="tour-step-title" className="tour-title">
        {step.title}
      </h2>
      <p className="tour-text">
        <Glossed text={text} />
      </p>
      {step.question && <QuestionBox question={step.question} state={state} />}
      {state.error && (
        <p className="tour-error" role="alert">
          {state.error}
        </p>
      )}
      {last && questions > 0 && (
        <p className="tour-score" data-testid="tour-score">
          Your score: {right} of {questions} questions right{asked < questions ? ` (${questions - asked} not answered)` : ""}.{" "}
          {!state.busy && (
            <span className="tour-code">
              Completion code for your course: <code data-testid="tour-code">{completionCode(tour.lab, tour.name, right, asked, state.given)}</code>
            </span>
          )}
        </p>
      )}
      <nav className="tour-nav" aria-label="Tour navigation">
        <button type="button" className="button" data-testid="tour-back" disabled={index === 0} onClick={() => app.tours.back().catch(ignore)}>
          ← Back
        </button>
        <span className="tour-keys">{singleOn ? "[ and ] also move" : "Page Up/Down also move"}</span>
        <button type="button" className="button button-primary" data-testid="tour-next" disabled={last} onClick={() => app.tours.next().catch(ignore)}>
          Next →
        </button>
      </nav>
    </section>
  );
}
