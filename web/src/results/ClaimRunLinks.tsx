// The runs a claim's number came from, each a share link holding the run's whole scenario
// (issue 27, item 6): the claim's own configuration, or its "course-scale version" with what was
// shrunk in the link's title. Links are encoded once the row is drawn (deflate is asynchronous).
import { useEffect, useState } from "react";
import { encodeShareFragment } from "../share/codec";
import type { ClaimRun } from "../sim/types";

function RunLink({ lab, run }: { lab: string; run: ClaimRun }) {
  const [href, setHref] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void encodeShareFragment(lab, JSON.stringify(run.scenario), 0).then((fragment) => {
      if (live) setHref(fragment);
    });
    return () => {
      live = false;
    };
  }, [lab, run]);
  const courseScale = run.scale === "course_scale";
  const text = courseScale ? `${run.label} (course-scale version)` : run.label;
  const title = run.scale === "course_scale" ? `Smaller than the claim's run: ${run.shrunk}` : "The claim's own configuration";
  return href === null ? (
    <span className="claim-run">{text}</span>
  ) : (
    <a className="claim-run" href={href} title={title} data-testid="claim-run" data-scale={run.scale}>
      {text}
    </a>
  );
}

export function ClaimRunLinks({ lab, runs }: { lab: string; runs: readonly ClaimRun[] }) {
  if (runs.length === 0) return null;
  return (
    <span className="claim-runs">
      {runs.map((run, i) => (
        <RunLink key={`${run.label}-${i}`} lab={lab} run={run} />
      ))}
    </span>
  );
}

/** What the detail row says about a course-scale run. */
export function courseScaleNotes(runs: readonly ClaimRun[]): string[] {
  return runs.flatMap((run) => (run.scale === "course_scale" ? [`${run.label}: ${run.shrunk}`] : []));
}
