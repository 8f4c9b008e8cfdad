// The paper-results page: every claim of `flashlab reproduce`, computed now in this browser by
// the same core code, grouped by lab (each lab is one paper's system, or the device models the
// papers measured). Paper value, simulated value, error, how it is judged, pass or miss, and how
// it was simulated; the reason for a miss is in that method text. Each row opens the course
// scenario that produces it, and each lab's figure-shaped results are charted (simulated curve,
// paper's points over it) once every claim is in.
import { Fragment, useEffect, useState, useSyncExternalStore } from "react";
import { Glossed } from "../components/Glossed";
import { readableCitations } from "../format/citations";
import { formatNumber } from "../format/units";
import { findLab } from "../labs/registry";
import { FigureChart } from "../results/FigureChart";
import { type LabClaims, resultsRun } from "../results/run";
import { criterion, errorText, summaryLine, tally, verdict } from "../results/summary";
import type { ClaimRow } from "../sim/types";

const VERDICT_TEXT = { pass: "pass", miss: "miss", calibration: "calibration point", identity: "identity" } as const;

function ClaimLine({ c, lab }: { c: ClaimRow; lab: string }) {
  const [open, setOpen] = useState(false);
  const v = verdict(c);
  return (
    <>
      <tr className={`claim-row claim-${v}`} data-testid="claim-row" data-claim={c.id} data-verdict={v}>
        <td className="claim-text">
          <button type="button" className="link-button claim-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? "▾" : "▸"} <span className="visually-hidden">how it was simulated: </span>
          </button>
          <Glossed text={readableCitations(c.claim)} />
        </td>
        <td className="num">{formatNumber(c.paper_value)}</td>
        <td className="num" data-testid="claim-simulated" data-value={String(c.simulated_value)}>
          {formatNumber(c.simulated_value)}
        </td>
        <td className="claim-unit">{c.unit}</td>
        <td className="num">{errorText(c)}</td>
        <td className="num">{criterion(c)}</td>
        <td>
          <span className={`verdict verdict-${v}`}>{VERDICT_TEXT[v]}</span>
        </td>
        <td className="claim-open">
          {c.scenario ? (
            <a href={`#/lab/${lab}?scenario=${encodeURIComponent(c.scenario)}`} data-testid="claim-scenario">
              {c.scenario}
            </a>
          ) : (
            "—"
          )}
        </td>
      </tr>
      {open && (
        <tr className="claim-detail">
          <td colSpan={8}>
            <p>
              <b>How it was simulated:</b> {readableCitations(c.method)}
            </p>
            {c.basis !== "" && (
              <p>
                <b>{c.kind === "calibration" ? "What was fitted to it:" : "Why it holds:"}</b> {readableCitations(c.basis)}
              </p>
            )}
            <p className="claim-id">{c.id}</p>
          </td>
        </tr>
      )}
    </>
  );
}

function LabGroup({ row }: { row: LabClaims }) {
  const lab = findLab(row.lab);
  const title = lab?.title ?? row.lab;
  const t = tally(row.claims);
  return (
    <section className="panel results-group" data-testid={`results-${row.lab}`} data-status={row.status} aria-labelledby={`results-${row.lab}-h`}>
      <header className="results-group-head">
        <h2 id={`results-${row.lab}-h`}>
          <a href={`#/lab/${row.lab}`}>{title}</a>
        </h2>
        <span className="results-source">{lab?.source}</span>
        <span className="results-summary" data-testid="results-summary">
          {row.status === "done" && (row.claims.length === 0 ? "no paper claims in this lab" : summaryLine(t))}
          {row.status === "computing" && "computing by simulation…"}
          {row.status === "waiting" && "waiting"}
          {row.status === "failed" && `failed: ${row.error ?? ""}`}
        </span>
        {row.wallMs !== null && <span className="results-time num">{formatNumber(row.wallMs / 1000)} s in this browser</span>}
      </header>
      {row.figures.length > 0 && (
        <div className="results-figures">
          {row.figures.map((f) => (
            <FigureChart key={f.id} figure={f} />
          ))}
        </div>
      )}
      {row.figureStatus === "computing" && <p className="results-progress-figures">Computing this lab&rsquo;s figures by simulation…</p>}
      {row.figureStatus === "failed" && <p className="results-progress-figures">Figures failed: {row.figureError ?? ""}</p>}
      {row.claims.length > 0 && (
        <table className="results-table">
          <thead>
            <tr>
              <th scope="col">Claim (open a row for how it was simulated)</th>
              <th scope="col">Paper</th>
              <th scope="col">Simulated</th>
              <th scope="col">Unit</th>
              <th scope="col">Error</th>
              <th scope="col">Judged by</th>
              <th scope="col">Verdict</th>
              <th scope="col">Scenario (open to vary it)</th>
            </tr>
          </thead>
          <tbody>
            {row.claims.map((c) => (
              <Fragment key={c.id}>
                <ClaimLine c={c} lab={row.lab} />
              </Fragment>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function ResultsPage() {
  const run = resultsRun();
  useEffect(() => run.start(), [run]);
  const rows = useSyncExternalStore(run.state.subscribe, run.state.get);
  const done = rows.filter((r) => r.status === "done" || r.status === "failed").length;
  const figuresDone = rows.filter((r) => r.figureStatus === "done" || r.figureStatus === "failed").length;
  const all = tally(rows.flatMap((r) => r.claims));
  return (
    <div className="results-page" data-testid="results-page" data-complete={done === rows.length ? "true" : "false"}
      data-figures-complete={figuresDone === rows.length ? "true" : "false"}
    >
      <section className="home-intro">
        <h1>Paper results, recomputed in your browser</h1>
        <p>
          Every claim that <code>flashlab reproduce</code> checks, computed now by the same simulation code compiled to
          WebAssembly. The paper&rsquo;s number is only the reference; the tolerance was fixed before the run. A calibration
          point is a number a constant was fitted to, so agreeing with it is not evidence.
        </p>
        <p className="results-progress" role="status" data-testid="results-progress">
          {done < rows.length
            ? `Computing: ${done} of ${rows.length} labs done…`
            : `All ${rows.length} labs done: ${summaryLine(all)}.${figuresDone < rows.length ? " Computing the figures…" : ""}`}
        </p>
      </section>
      {rows.map((row) => (
        <LabGroup key={row.lab} row={row} />
      ))}
    </div>
  );
}
