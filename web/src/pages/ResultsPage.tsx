// The paper-results page: every claim of `flashlab reproduce`, shown at once from the table the
// build computed natively (labelled with its core version and source hash), and recomputed now in
// this browser by the same core code beside it, each recomputed value checked against the shipped
// one and any difference flagged on its row and in a summary line; grouped by lab (each lab is one paper's system, or the device models the
// papers measured). Paper value, simulated value, error, how it is judged, pass or miss, and how
// it was simulated, with the known differences from the paper's setup on every claim and the
// reason for every miss. The page leads with the independent reproductions per paper (model
// checks, calibration points and identities counted apart). Each row opens the run its number
// came from (its own configuration, or a labelled course-scale version) and the course scenario
// of its mechanism, and each lab's figure-shaped results are charted (simulated curve,
// paper's points over it) once every claim is in.
import { Fragment, useEffect, useState, useSyncExternalStore } from "react";
import { Glossed } from "../components/Glossed";
import { paperName, readableCitations } from "../format/citations";
import { formatNumber } from "../format/units";
import { findLab } from "../labs/registry";
import { ClaimRunLinks, courseScaleNotes } from "../results/ClaimRunLinks";
import { FigureChart } from "../results/FigureChart";
import { type ClaimCheck, checkLab } from "../results/check";
import { type LabClaims, type RunTiming, resultsRun, shownClaims } from "../results/run";
import type { Shipped } from "../results/shipped";
import { claimPaper, criterion, errorText, spreadText, summaryLine, tally, verdict } from "../results/summary";
import type { ClaimRow } from "../sim/types";

const VERDICT_TEXT = {
  pass: "pass",
  miss: "miss",
  "model-check": "model check: holds",
  "model-check-miss": "model check: off",
  calibration: "calibration point",
  identity: "identity",
} as const;

const BASIS_LABEL = {
  reproduction: "",
  model_check: "Whose analysis it recomputes:",
  calibration: "What was fitted to it:",
  identity: "Why it holds:",
} as const;

/** The "In this browser" cell: the recomputed value and whether it equals the shipped one. */
function RecomputedCell({ check, recomputed }: { check: ClaimCheck; recomputed: ClaimRow | undefined }) {
  const value = recomputed === undefined ? "" : String(recomputed.simulated_value);
  return (
    <td className={`num claim-check claim-check-${check.state}`} data-testid="claim-recomputed" data-check={check.state} data-value={value}>
      {check.state === "pending" && "computing…"}
      {check.state === "same" && "✓ same"}
      {check.state === "unchecked" && (recomputed === undefined ? "computing…" : "no shipped value")}
      {check.state === "differs" && (
        <span className="claim-differs" data-testid="claim-differs">
          ≠ {recomputed === undefined ? "" : formatNumber(recomputed.simulated_value)} ({check.detail})
        </span>
      )}
    </td>
  );
}

function ClaimLine({ c, lab, check, recomputed }: { c: ClaimRow; lab: string; check: ClaimCheck; recomputed: ClaimRow | undefined }) {
  const [open, setOpen] = useState(false);
  const v = verdict(c);
  return (
    <>
      <tr className={`claim-row claim-${v}${check.state === "differs" ? " claim-row-differs" : ""}`} data-testid="claim-row" data-claim={c.id} data-verdict={v} data-check={check.state}>
        <td className="claim-text">
          <button type="button" className="link-button claim-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? "▾" : "▸"} <span className="visually-hidden">how it was simulated: </span>
          </button>
          <Glossed text={readableCitations(c.claim)} />
          {!c.pass && c.kind !== "calibration" && c.kind !== "identity" && (
            <span className="claim-miss-reason" data-testid="claim-miss-reason">
              {" "}
              Missed: {readableCitations(c.miss_reason)}
            </span>
          )}
        </td>
        <td className="num">{formatNumber(c.paper_value)}</td>
        <td className="num" data-testid="claim-simulated" data-value={String(c.simulated_value)}>
          {formatNumber(c.simulated_value)}
          {spreadText(c) !== "" && <span className="claim-spread">{spreadText(c)}</span>}
        </td>
        <RecomputedCell check={check} recomputed={recomputed} />
        <td className="claim-unit">{c.unit}</td>
        <td className="num">{errorText(c)}</td>
        <td className="num">{criterion(c)}</td>
        <td>
          <span className={`verdict verdict-${v}`}>{VERDICT_TEXT[v]}</span>
        </td>
        <td className="claim-open">
          <ClaimRunLinks lab={lab} runs={c.runs} />
          {c.scenario ? (
            <a href={`#/lab/${lab}?scenario=${encodeURIComponent(c.scenario)}`} data-testid="claim-scenario" title="The course scenario of this claim's mechanism">
              {c.runs.length > 0 ? `mechanism: ${c.scenario}` : c.scenario}
            </a>
          ) : (
            "—"
          )}
        </td>
      </tr>
      {open && (
        <tr className="claim-detail">
          <td colSpan={9}>
            <p>
              <b>How it was simulated:</b> {readableCitations(c.method)}
            </p>
            <p data-testid="claim-differences">
              <b>Known differences from the paper&rsquo;s setup:</b>{" "}
              {c.differences === "" ? "none stated beyond the lab's \u201cwhat this model leaves out\u201d" : readableCitations(c.differences)}
            </p>
            {c.wide_because !== "" && (
              <p>
                <b>Why the tolerance is wider than the policy&rsquo;s:</b> {readableCitations(c.wide_because)}
              </p>
            )}
            {c.setup !== null && (
              <p>
                <b>Setup choice that decides the verdict:</b> {c.setup.parameter} = {formatNumber(c.setup.value)} ({readableCitations(c.setup.why)}); over a sweep:{" "}
                {c.setup.sweep.map(([x, y]) => `${formatNumber(x)} → ${formatNumber(y)}`).join(", ")}
              </p>
            )}
            {courseScaleNotes(c.runs).length > 0 && (
              <p data-testid="claim-course-scale">
                <b>Course-scale version (the linked run is smaller than the claim&rsquo;s):</b> {courseScaleNotes(c.runs).join("; ")}
              </p>
            )}
            {c.basis !== "" && BASIS_LABEL[c.kind] !== "" && (
              <p>
                <b>{BASIS_LABEL[c.kind]}</b> {readableCitations(c.basis)}
              </p>
            )}
            <p className="claim-id">{c.id}</p>
          </td>
        </tr>
      )}
    </>
  );
}

/** Each shown claim's check: against the recomputation when a shipped table is shown. */
function labChecks(row: LabClaims): Map<string, ClaimCheck> {
  if (row.shipped !== null) return checkLab(row.shipped, row.recomputed);
  return new Map((row.recomputed ?? []).map((c) => [c.id, { state: "unchecked" } as const]));
}

function labCheckText(row: LabClaims, checks: Map<string, ClaimCheck>): string {
  if (row.shipped === null || row.status !== "done") return "";
  const differ = [...checks.values()].filter((c) => c.state === "differs").length;
  return differ === 0 ? `recomputed in this browser: all ${checks.size} agree with the native values` : `recomputed in this browser: ${differ} of ${checks.size} differ from the native values`;
}

function LabGroup({ row }: { row: LabClaims }) {
  const lab = findLab(row.lab);
  const title = lab?.title ?? row.lab;
  const claims = shownClaims(row);
  const t = tally(claims);
  const checks = labChecks(row);
  const shown = row.shipped !== null || row.status === "done";
  const byId = new Map((row.recomputed ?? []).map((c) => [c.id, c]));
  return (
    <section className="panel results-group" data-testid={`results-${row.lab}`} data-status={row.status} data-shipped={row.shipped !== null ? "true" : "false"} aria-labelledby={`results-${row.lab}-h`}>
      <header className="results-group-head">
        <h2 id={`results-${row.lab}-h`}>
          <a href={`#/lab/${row.lab}`}>{title}</a>
        </h2>
        <span className="results-source">{lab?.source}</span>
        <span className="results-summary" data-testid="results-summary">
          {shown && (claims.length === 0 ? "no paper claims in this lab" : summaryLine(t))}
          {!shown && row.status === "computing" && "computing by simulation…"}
          {!shown && row.status === "waiting" && "waiting"}
          {row.status === "failed" && `recomputation failed: ${row.error ?? ""}`}
        </span>
        <span className="results-lab-check" data-testid="results-lab-check">
          {labCheckText(row, checks)}
          {row.shipped !== null && row.status === "computing" && "recomputing in this browser…"}
          {row.shipped !== null && row.status === "waiting" && "waiting to be recomputed in this browser"}
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
      {claims.length > 0 && (
        <table className="results-table">
          <thead>
            <tr>
              <th scope="col">Claim (open a row for how it was simulated)</th>
              <th scope="col">Paper</th>
              <th scope="col">{row.shipped !== null ? "Simulated (native)" : "Simulated"}</th>
              <th scope="col">In this browser</th>
              <th scope="col">Unit</th>
              <th scope="col">Error</th>
              <th scope="col">Judged by</th>
              <th scope="col">Verdict</th>
              <th scope="col">Its run and scenario (open to vary it)</th>
            </tr>
          </thead>
          <tbody>
            {claims.map((c) => (
              <Fragment key={c.id}>
                <ClaimLine c={c} lab={row.lab} check={checks.get(c.id) ?? { state: "pending" }} recomputed={byId.get(c.id)} />
              </Fragment>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The lead: independent reproductions per paper, then the other kinds, over every lab done so far. */
function PaperTable({ claims }: { claims: readonly ClaimRow[] }) {
  const papers = [...new Set(claims.map((c) => claimPaper(c.id)))].sort((a, b) => (a === "devices" ? 1 : b === "devices" ? -1 : a.localeCompare(b)));
  if (papers.length === 0) return null;
  return (
    <table className="results-table results-papers" data-testid="results-papers">
      <thead>
        <tr>
          <th scope="col">Paper</th>
          <th scope="col">Independent reproductions that pass</th>
          <th scope="col">Model checks (the paper&rsquo;s own analysis)</th>
          <th scope="col">Calibration points</th>
          <th scope="col">Identities</th>
        </tr>
      </thead>
      <tbody>
        {papers.map((paper) => {
          const t = tally(claims.filter((c) => claimPaper(c.id) === paper));
          const name = paper === "devices" ? "Device models (datasheets, textbooks)" : (paperName(paper.slice(4)) ?? paper);
          return (
            <tr key={paper} data-testid="results-paper" data-paper={paper}>
              <th scope="row">{name}</th>
              <td className="num" data-testid="paper-independent">
                {t.passed} of {t.reproductions}
              </td>
              <td className="num">{t.modelChecks === 0 ? "—" : `${t.modelChecksPassed} of ${t.modelChecks}`}</td>
              <td className="num">{t.calibrationPoints}</td>
              <td className="num">{t.identities}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Where the first table came from: "computed natively by flashlab <version>", or why it is not shown. */
function ShippedLine({ shipped }: { shipped: Shipped }) {
  return (
    <p className="results-shipped" data-testid="results-shipped" data-state={shipped.state}>
      {shipped.state === "loading" && "Loading the table computed natively with this build…"}
      {shipped.state === "ok" && (
        <>
          Values computed natively by flashlab {shipped.version} (sources <code>{shipped.sourceHash.slice(0, 12)}</code>, the
          release CLI&rsquo;s <code>flashlab reproduce --json</code> run when this page was built), and recomputed below in this
          browser.
        </>
      )}
      {shipped.state === "unavailable" && `No natively computed table shown (${shipped.reason}): the values below are computed in this browser.`}
    </p>
  );
}

/** The summary of the check: how many recomputed claims agree with the native ones, and which differ. */
function CheckLine({ rows, timing }: { rows: readonly LabClaims[]; timing: RunTiming }) {
  const checks = rows.filter((r) => r.shipped !== null).flatMap((r) => [...checkLab(r.shipped ?? [], r.recomputed).entries()]);
  if (checks.length === 0) return null;
  const checked = checks.filter(([, c]) => c.state !== "pending");
  const differ = checks.filter(([, c]) => c.state === "differs").map(([id]) => id);
  const time = timing.recomputeMs === null ? "" : ` in ${formatNumber(timing.recomputeMs / 1000)} s`;
  return (
    <p className="results-check" role="status" data-testid="results-check" data-differ={differ.length} data-checked={checked.length}>
      Recomputed in this browser ({timing.workers} {timing.workers === 1 ? "worker" : "workers"}){time}: {checked.length} of {checks.length} claims
      checked
      {differ.length === 0 ? (checked.length === 0 ? "." : ", every one equal to the native value.") : (
        <span className="claim-differs">
          ; {differ.length} {differ.length === 1 ? "differs" : "differ"} from the native value: {differ.join(", ")}.
        </span>
      )}
    </p>
  );
}

export function ResultsPage() {
  const run = resultsRun();
  useEffect(() => run.start(), [run]);
  const rows = useSyncExternalStore(run.state.subscribe, run.state.get);
  const shipped = useSyncExternalStore(run.shipped.subscribe, run.shipped.get);
  const timing = useSyncExternalStore(run.timing.subscribe, run.timing.get);
  const done = rows.filter((r) => r.status === "done" || r.status === "failed").length;
  const figuresDone = rows.filter((r) => r.figureStatus === "done" || r.figureStatus === "failed").length;
  const shown = rows.flatMap(shownClaims);
  const all = tally(shown);
  const shownLabs = rows.filter((r) => r.shipped !== null || r.status === "done" || r.status === "failed").length;
  return (
    <div className="results-page" data-testid="results-page" data-complete={done === rows.length ? "true" : "false"}
      data-figures-complete={figuresDone === rows.length ? "true" : "false"} data-shipped={shipped.state}
      data-table-complete={shownLabs === rows.length ? "true" : "false"}
    >
      <section className="home-intro">
        <h1>Paper results, computed natively and recomputed in your browser</h1>
        <p>
          Every claim that <code>flashlab reproduce</code> checks: the table the build computed natively, shown at once, and
          beside each value the same claim computed now by the same simulation code compiled to WebAssembly, in parallel
          workers; a recomputed value that is not the very same number is flagged on its row. The paper&rsquo;s number is only the reference; the tolerance was fixed before the run. A calibration
          point is a number a constant was fitted to, so agreeing with it is not evidence; a model check recomputes the
          paper&rsquo;s own analysis with its own assumptions, which checks the code, not the paper&rsquo;s system. Only
          independent reproductions count below.
        </p>
        <ShippedLine shipped={shipped} />
        <p className="results-progress" role="status" data-testid="results-progress">
          {shownLabs === rows.length ? `All ${rows.length} labs: ${summaryLine(all)}.` : `Computing: ${shownLabs} of ${rows.length} labs done…`}
          {done < rows.length && shownLabs === rows.length ? ` Recomputing in this browser: ${done} of ${rows.length} labs done…` : ""}
          {done === rows.length && figuresDone < rows.length ? " Computing the figures…" : ""}
        </p>
        <CheckLine rows={rows} timing={timing} />
        <PaperTable claims={shown} />
      </section>
      {rows.map((row) => (
        <LabGroup key={row.lab} row={row} />
      ))}
    </div>
  );
}
