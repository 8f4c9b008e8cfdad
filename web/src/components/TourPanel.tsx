// The guided-tour panel: where you are ("step 4 of 11", and every step as a dot you can jump
// to), the narration, and a predict-then-reveal question whose answer the simulation computes
// when you check. Back/Next by button or by keyboard ([ and ] unless the reader turned single-key
// shortcuts off, see shortcuts.ts; Page Up/Page Down always); moving
// never waits for an animation, because each step is a seek.
import { useEffect, useId, useState, useSyncExternalStore } from "react";
import { useApp } from "../app/context";
import { formatNumber } from "../format/units";
import { score } from "../tours/answers";
import { completionCode } from "../tours/completion";
import type { TourState } from "../tours/controller";
import type { Question } from "../tours/model";
import { Glossed } from "./Glossed";
import { singleKeyStore, singleKeysOn } from "./shortcuts";
import { isControl } from "./useTimelineKeys";

const ignore = (): void => undefined;

function QuestionBox({ question, state }: { question: Question; state: TourState }) {
  const app = useApp();
  const id = useId();
  const given = state.given.get(state.index);
  const judged = state.judged.get(state.index);
  const [number, setNumber] = useState(given?.kind === "number" ? String(given.value) : "");
  const [choice, setChoice] = useState(given?.kind === "choice" ? given.index : -1);
  useEffect(() => {
    setNumber(given?.kind === "number" ? String(given.value) : "");
    setChoice(given?.kind === "choice" ? given.index : -1);
  }, [state.index, given]);
  const numberValue = Number(number);
  const ready = question.kind === "number" ? number.trim() !== "" && Number.isFinite(numberValue) : choice >= 0;
  const check = (): void => {
    if (!ready) return;
    app.tours.check(question.kind === "number" ? { kind: "number", value: numberValue } : { kind: "choice", index: choice }).catch(ignore);
  };
  return (
    <form
      className="tour-question"
      data-testid="tour-question"
      onSubmit={(event) => {
        event.preventDefault();
        check();
      }}
    >
      <p className="tour-ask" id={`${id}-ask`}>
        <span className="tour-predict">Predict</span> <Glossed text={question.ask} />
      </p>
      {question.kind === "number" ? (
        <label className="tour-number">
          <input
            type="number"
            step="any"
            inputMode="decimal"
            data-testid="tour-number"
            aria-labelledby={`${id}-ask`}
            value={number}
            onChange={(event) => setNumber(event.target.value)}
          />{" "}
          {question.unit}
        </label>
      ) : (
        <fieldset className="tour-choices" aria-labelledby={`${id}-ask`}>
          {question.choices.map((c, i) => (
            <label key={c.label} className={judged && judged.rightChoice === i ? "tour-choice right" : "tour-choice"}>
              <input type="radio" name={`${id}-choice`} data-testid="tour-choice" checked={choice === i} onChange={() => setChoice(i)} />{" "}
              {c.label}
            </label>
          ))}
        </fieldset>
      )}
      <button type="submit" className="button button-primary" data-testid="tour-check" disabled={!ready || state.busy}>
        {state.busy ? "Running the simulation…" : judged ? "Check again" : "Check with the simulation"}
      </button>
      {judged && (
        <p className={judged.correct ? "tour-verdict right" : "tour-verdict wrong"} role="status" data-testid="tour-verdict" data-correct={String(judged.correct)}>
          <strong>{judged.correct ? "Right." : "Not quite."}</strong> The simulation says{" "}
          <b className="num" data-testid="tour-truth">
            {question.kind === "number"
              ? `${formatNumber(judged.truth)} ${question.unit}`
              : (question.choices[judged.rightChoice]?.label ?? formatNumber(judged.truth))}
          </b>{" "}
          (at step {formatNumber(question.reveal)}). <Glossed text={question.explain} />
        </p>
      )}
    </form>
  );
}

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
  const { right, asked } = score([...state.judged.values()]);
  const questions = tour.steps.filter((s) => s.question).length;
  return (
    <section className="tour-panel" data-testid="tour-panel" aria-labelledby="tour-step-title" data-index={index}>
      {step.focus && <style>{`[data-testid="${step.focus}"] { outline: 3px solid var(--c-orange); outline-offset: 3px; border-radius: 6px; }`}</style>}
      <header className="tour-head">
        <span className="tour-label">Tour · {tour.title}</span>
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
          Leave the tour
        </button>
      </header>
      <h2 id="tour-step-title" className="tour-title">
        {step.title}
      </h2>
      <p className="tour-text">
        <Glossed text={step.text} />
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
