// A lab's teacher notes (`#/teach/<lab>`), printable: learning goals, a lecture flow with direct
// links into each lesson step and scenario, every question with the answer the simulation gives
// (computed on request, off screen), what the model leaves out, common misconceptions with the
// scenario that confronts each, the URL parameters an instructor can set, and a completion-code
// checker (`teach/offscreen.ts`).
import { useState } from "react";
import { LeavesOutPanel } from "../components/LeavesOutPanel";
import { formatNumber } from "../format/units";
import type { LabEntry } from "../labs/labModule";
import { scenariosFor } from "../labs/scenarios";
import { labViews } from "../labs/views";
import { answers, verifyCode, type CodeVerdict } from "../teach/offscreen";
import { rightChoice, rightOrder } from "../tours/answers";
import type { Question, Tour } from "../tours/model";
import { useLessonsLoaded } from "../tours/useLessons";
import { lessonsFor, newPracticeSeed, tourHash, toursFor } from "../tours/registry";

const PARAMETERS: readonly [string, string][] = [
  ["scenario=<name>", "open a bundled scenario (the names below)"],
  ["t=<step>", "open it at a simulation step"],
  ["tour=<name>&ts=<i>", "open a lesson or tour at its step i (counting from 0)"],
  ["practice=<seed>", "with tour=: the lesson's questions on another seed (practice mode)"],
  ["race=<name>", "run a second scenario of the lab beside the first, at the same simulated time"],
  ["embed=1", "the view alone, for slides and course pages (with controls=0|1, panels=0|1, autoplay=1, speed=<s per s>, host=<origin>)"],
  ["theme=light|dark", "the colour theme for this visit"],
  ["projector=1", "projector mode: high contrast, larger type and marks"],
];

function answerText(question: Question, answer: number | number[] | undefined): string {
  if (answer === undefined) return "—";
  if (question.kind === "order") return rightOrder(Array.isArray(answer) ? answer : [answer]).map((i) => question.items[i]?.label ?? "?").join(" → ");
  const value = Array.isArray(answer) ? Number.NaN : answer;
  if (question.kind === "number") return `${formatNumber(value)} ${question.unit} (± ${formatNumber(question.tolerance)})`;
  if (question.kind === "choice") return question.choices[rightChoice(question.choices, value)]?.label ?? formatNumber(value);
  return `mark ${formatNumber(value)} in ${question.target}`;
}

function LessonAnswers({ lesson }: { lesson: Tour }) {
  const [computed, setComputed] = useState<Map<number, number | number[]> | "running" | string | null>(null);
  const run = (): void => {
    setComputed("running");
    answers(lesson)
      .then(setComputed)
      .catch((error: unknown) => setComputed(error instanceof Error ? error.message : String(error)));
  };
  const values = computed instanceof Map ? computed : null;
  return (
    <>
      <button type="button" className="button no-print" data-testid="teach-compute" onClick={run} disabled={computed === "running"}>
        {computed === "running" ? "Running the simulation…" : "Compute the answers with the simulation"}
      </button>
      {typeof computed === "string" && computed !== "running" && <p role="alert">{computed}</p>}
      <table className="teach-table" data-testid="teach-answers">
        <thead>
          <tr>
            <th scope="col">Step</th>
            <th scope="col">Question</th>
            <th scope="col">Kind</th>
            <th scope="col">Answer (revealed at step)</th>
          </tr>
        </thead>
        <tbody>
          {lesson.steps.map((step, index) =>
            step.question ? (
              <tr key={index} data-answered={values?.has(index) ? "true" : "false"}>
                <td>
                  <a href={tourHash(lesson.lab, lesson.name, index)}>{index + 1}</a>
                </td>
                <td>{step.question.ask}</td>
                <td>{step.question.kind}</td>
                <td className="num">
                  {answerText(step.question, values?.get(index))} ({formatNumber(step.question.reveal)})
                </td>
              </tr>
            ) : null,
          )}
        </tbody>
      </table>
    </>
  );
}

function CodeCheck({ lab }: { lab: string }) {
  const [code, setCode] = useState("");
  const [verdict, setVerdict] = useState<CodeVerdict | "running" | null>(null);
  return (
    <form
      className="teach-code no-print"
      onSubmit={(event) => {
        event.preventDefault();
        setVerdict("running");
        verifyCode(code, lab)
          .then(setVerdict)
          .catch((error: unknown) => setVerdict({ verified: false, message: error instanceof Error ? error.message : String(error) }));
      }}
    >
      <label>
        Completion code <input value={code} onChange={(event) => setCode(event.target.value)} data-testid="teach-code-input" size={48} spellCheck={false} />
      </label>{" "}
      <button type="submit" className="button button-primary" data-testid="teach-code-check" disabled={code.trim() === "" || verdict === "running"}>
        {verdict === "running" ? "Re-judging…" : "Check"}
      </button>
      {verdict !== null && verdict !== "running" && (
        <p role="status" data-testid="teach-code-verdict" data-verified={String(verdict.verified)} className={verdict.verified ? "tour-verdict right" : "tour-verdict wrong"}>
          {verdict.message}
        </p>
      )}
    </form>
  );
}

export function TeacherPage({ lab }: { lab: LabEntry }) {
  useLessonsLoaded();
  const lessons = lessonsFor(lab.id);
  const tours = toursFor(lab.id);
  const scenarios = scenariosFor(lab.id);
  const { leavesOut } = labViews(lab.id);
  const goals = lessons.flatMap((l) => l.goals ?? []);
  const misconceptions = lessons.flatMap((l) => l.misconceptions ?? []);
  const [practiceSeed] = useState(newPracticeSeed);
  return (
    <article className="teach" data-testid="teach-page">
      <header className="teach-head">
        <h1>Teacher notes · {lab.title}</h1>
        <button type="button" className="button no-print" onClick={() => window.print()}>
          Print
        </button>
      </header>
      <section aria-labelledby="teach-goals">
        <h2 id="teach-goals">Learning goals</h2>
        {goals.length > 0 ? (
          <ul>
            {goals.map((g) => (
              <li key={g}>{g}</li>
            ))}
          </ul>
        ) : (
          <p>This lab has no lesson with stated goals yet; its tours are listed below.</p>
        )}
      </section>
      <section aria-labelledby="teach-flow">
        <h2 id="teach-flow">Suggested lecture flow</h2>
        {lessons.map((lesson) => (
          <div key={lesson.name} className="teach-lesson" data-testid="teach-lesson">
            <h3>
              <a href={tourHash(lab.id, lesson.name)}>{lesson.title}</a>
              {lesson.minutes !== undefined && <span className="tour-length"> · about {lesson.minutes} min</span>}
            </h3>
            <p>{lesson.summary}</p>
            <ol>
              {lesson.steps.map((step, index) => (
                <li key={index}>
                  <a href={tourHash(lab.id, lesson.name, index)}>{step.title}</a>
                  {step.question && <span className="tour-length"> · question ({step.question.kind})</span>}
                </li>
              ))}
            </ol>
            <p>
              Then: <a href={tourHash(lab.id, lesson.name, 0, "", practiceSeed)}>practice the questions on a new seed</a>; each student
              ends with a completion code you can check below.
            </p>
          </div>
        ))}
        {tours.length > 0 && (
          <>
            <h3>Short tours (5 minutes each)</h3>
            <ul>
              {tours.map((t) => (
                <li key={t.name}>
                  <a href={tourHash(lab.id, t.name)}>{t.title}</a> · {t.summary}
                </li>
              ))}
            </ul>
          </>
        )}
        <h3>Scenarios to explore</h3>
        <ul>
          {scenarios.map((s) => (
            <li key={s.name}>
              <a href={`#/lab/${lab.id}?scenario=${s.name}`}>{s.title}</a> <code>{s.name}</code>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="teach-answers">
        <h2 id="teach-answers">Questions and answers</h2>
        <p>The answers are never written down: the simulation computes each one when asked, as it does for a student.</p>
        {lessons.map((lesson) => (
          <div key={lesson.name}>
            <h3>{lesson.title}</h3>
            <LessonAnswers lesson={lesson} />
          </div>
        ))}
      </section>
      {misconceptions.length > 0 && (
        <section aria-labelledby="teach-misconceptions">
          <h2 id="teach-misconceptions">Common misconceptions</h2>
          <ul>
            {misconceptions.map((m) => (
              <li key={m.text}>
                {m.text} Confront it with{" "}
                <a href={`#/lab/${lab.id}?scenario=${m.scenario}${m.step !== undefined ? `&t=${m.step}` : ""}`}>
                  {m.scenario}
                  {m.step !== undefined ? ` at step ${formatNumber(m.step)}` : ""}
                </a>
                .
              </li>
            ))}
          </ul>
        </section>
      )}
      {leavesOut && <LeavesOutPanel lines={leavesOut} />}
      <section aria-labelledby="teach-params">
        <h2 id="teach-params">Link parameters</h2>
        <p>
          Add them to a lab link, after <code>#/lab/{lab.id}?</code>, joined by <code>&amp;</code>.
        </p>
        <table className="teach-table">
          <tbody>
            {PARAMETERS.map(([name, what]) => (
              <tr key={name}>
                <th scope="row">
                  <code>{name}</code>
                </th>
                <td>{what}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-labelledby="teach-codes">
        <h2 id="teach-codes">Check a completion code</h2>
        <p>The page re-runs the lesson's questions on the code's seed and judges the answers in the code again.</p>
        <CodeCheck lab={lab.id} />
      </section>
    </article>
  );
}
