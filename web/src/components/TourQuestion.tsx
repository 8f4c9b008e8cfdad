// A lesson or tour question: predict a number, choose, click a mark in the view, or order
// events; the simulation computes the answer when the student checks (tours/controller.ts).
import { useEffect, useId, useState } from "react";
import { useApp } from "../app/context";
import { formatNumber } from "../format/units";
import type { Given, Judged } from "../tours/answers";
import type { TourState } from "../tours/controller";
import type { Question } from "../tours/model";
import { pickAt } from "../tours/picks";
import { Glossed } from "./Glossed";

const ignore = (): void => undefined;

/** Click questions: the next click inside the lit view picks a mark (capture phase, so the
 *  view's own handlers still run). */
function usePick(question: Question, active: boolean, onPick: (id: number) => void): void {
  useEffect(() => {
    if (question.kind !== "click" || !active) return undefined;
    const target = question.target;
    const onClick = (event: MouseEvent): void => {
      const id = pickAt(target, event.target instanceof Element ? event.target : null, event.clientX, event.clientY);
      if (id !== null) onPick(id);
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, [question, active, onPick]);
}

function OrderList({ question, order, setOrder }: { question: Question & { kind: "order" }; order: number[]; setOrder: (order: number[]) => void }) {
  const move = (at: number, by: number): void => {
    const next = [...order];
    const [item] = next.splice(at, 1);
    if (item === undefined) return;
    next.splice(at + by, 0, item);
    setOrder(next);
  };
  return (
    <ol className="tour-order" data-testid="tour-order">
      {order.map((item, at) => (
        <li key={item} data-item={item}>
          <span>{question.items[item]?.label}</span>
          <button type="button" className="button" aria-label={`Move up: ${question.items[item]?.label ?? ""}`} disabled={at === 0} onClick={() => move(at, -1)}>
            ↑
          </button>
          <button type="button" className="button" aria-label={`Move down: ${question.items[item]?.label ?? ""}`} disabled={at === order.length - 1} onClick={() => move(at, 1)}>
            ↓
          </button>
        </li>
      ))}
    </ol>
  );
}

function givenOf(question: Question, number: string, choice: number, pick: number | null, order: number[]): Given | null {
  switch (question.kind) {
    case "number": {
      const value = Number(number);
      return number.trim() !== "" && Number.isFinite(value) ? { kind: "number", value } : null;
    }
    case "choice":
      return choice >= 0 ? { kind: "choice", index: choice } : null;
    case "click":
      return pick === null ? null : { kind: "pick", id: pick };
    case "order":
      return { kind: "order", order };
  }
}

function truthText(question: Question, judged: Judged): string {
  switch (question.kind) {
    case "number":
      return `${formatNumber(judged.truth)} ${question.unit}`;
    case "choice":
      return question.choices[judged.rightChoice]?.label ?? formatNumber(judged.truth);
    case "click":
      return `mark ${formatNumber(judged.truth)}`;
    case "order":
      return judged.rightOrder.map((i) => question.items[i]?.label ?? "?").join(" → ");
  }
}

export function QuestionBox({ question, state }: { question: Question; state: TourState }) {
  const app = useApp();
  const id = useId();
  const given = state.given.get(state.index);
  const judged = state.judged.get(state.index);
  const listed = question.kind === "order" ? question.items.map((_, i) => i) : [];
  const [number, setNumber] = useState(given?.kind === "number" ? String(given.value) : "");
  const [choice, setChoice] = useState(given?.kind === "choice" ? given.index : -1);
  const [pick, setPick] = useState<number | null>(given?.kind === "pick" ? given.id : null);
  const [order, setOrder] = useState<number[]>(given?.kind === "order" ? given.order : listed);
  useEffect(() => {
    setNumber(given?.kind === "number" ? String(given.value) : "");
    setChoice(given?.kind === "choice" ? given.index : -1);
    setPick(given?.kind === "pick" ? given.id : null);
    setOrder(given?.kind === "order" ? given.order : question.kind === "order" ? question.items.map((_, i) => i) : []);
  }, [state.index, given, question]);
  usePick(question, !state.busy, setPick);
  const answer = givenOf(question, number, choice, pick, order);
  const check = (): void => {
    if (answer) app.tours.check(answer).catch(ignore);
  };
  return (
    <form
      className="tour-question"
      data-testid="tour-question"
      data-kind={question.kind}
      onSubmit={(event) => {
        event.preventDefault();
        check();
      }}
    >
      <p className="tour-ask" id={`${id}-ask`}>
        <span className="tour-predict">Predict</span> <Glossed text={question.ask} />
      </p>
      {question.kind === "number" && (
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
      )}
      {question.kind === "choice" && (
        <fieldset className="tour-choices" aria-labelledby={`${id}-ask`}>
          {question.choices.map((c, i) => (
            <label key={c.label} className={judged && judged.rightChoice === i ? "tour-choice right" : "tour-choice"}>
              <input type="radio" name={`${id}-choice`} data-testid="tour-choice" checked={choice === i} onChange={() => setChoice(i)} />{" "}
              {c.label}
            </label>
          ))}
        </fieldset>
      )}
      {question.kind === "click" && (
        <p className="tour-pick" data-testid="tour-pick" data-picked={pick ?? ""} aria-live="polite">
          {pick === null ? "Click your answer in the outlined view." : `You picked mark ${formatNumber(pick)}. Click another to change it.`}
        </p>
      )}
      {question.kind === "order" && <OrderList question={question} order={order} setOrder={setOrder} />}
      <button type="submit" className="button button-primary" data-testid="tour-check" disabled={!answer || state.busy}>
        {state.busy ? "Running the simulation…" : judged ? "Check again" : "Check with the simulation"}
      </button>
      {judged && (
        <p className={judged.correct ? "tour-verdict right" : "tour-verdict wrong"} role="status" data-testid="tour-verdict" data-correct={String(judged.correct)}>
          <strong>{judged.correct ? "Right." : "Not quite."}</strong> The simulation says{" "}
          <b className="num" data-testid="tour-truth">
            {truthText(question, judged)}
          </b>{" "}
          (at step {formatNumber(question.reveal)}). <Glossed text={question.explain} />
        </p>
      )}
    </form>
  );
}

