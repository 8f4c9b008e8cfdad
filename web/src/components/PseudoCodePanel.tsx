// Pseudo-code beside the view, lit by the core (issue 31, item 2). The core names the listing's
// line ids (`info.pseudocode`) and, at every step, the lines the latest step's events executed
// (`snapshot.pseudo`, from `LabSpec::pseudo_line`); this panel only looks up the text of each id
// (`labs/<lab>/pseudocode.ts`) and highlights. Nothing here decides which line runs.
import { useState } from "react";
import { usePanelFrame, useSessionState } from "../app/sessionContext";
import { formatNumber } from "../format/units";
import type { PseudoCodeText } from "../labs/labModule";
import type { PseudoFrame } from "../sim/types";
import "./PseudoCodePanel.css";

function status(frame: PseudoFrame | null | undefined, step: number): string {
  if (!frame) return "No line has run yet";
  if (frame.step === step) return `Step ${formatNumber(step)} runs the lit line`;
  return `Last ran at step ${formatNumber(frame.step)}`;
}

export function PseudoCodePanel({ lab, text }: { lab: string; text: PseudoCodeText }) {
  const [open, setOpen] = useState(true);
  const { scenario } = useSessionState();
  const frame = usePanelFrame();
  const listings = scenario && scenario.info.lab === lab ? (scenario.info.pseudocode ?? []) : [];
  if (listings.length === 0) return null;
  const pseudo = frame?.snapshot.pseudo;
  const step = frame?.snapshot.state.step ?? 0;
  const ran = new Set(pseudo?.lines ?? []);
  const current = pseudo?.lines[pseudo.lines.length - 1] ?? null;
  const stale = pseudo ? pseudo.step !== step : false;
  return (
    <details
      className="panel pseudo-panel"
      data-testid="pseudo-panel"
      data-step={step}
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="pseudo-summary">
        <h2>Pseudo-code</h2>
        <span className="panel-status" data-testid="pseudo-status">
          {status(pseudo, step)}
        </span>
      </summary>
      {listings.map((listing) => {
        const head = text.listings[listing.id];
        return (
          <figure key={listing.id} className="pseudo-listing" data-listing={listing.id}>
            {head && (
              <figcaption className="pseudo-caption">
                <strong>{head.title}</strong> <span className="pseudo-source">{head.source}</span>
              </figcaption>
            )}
            <ol className={stale ? "pseudo-lines stale" : "pseudo-lines"}>
              {listing.lines.map((id) => {
                const line = text.lines[id];
                const isCurrent = id === current;
                const className = isCurrent ? "pseudo-line current" : ran.has(id) ? "pseudo-line ran" : "pseudo-line";
                return (
                  <li
                    key={id}
                    className={className}
                    data-testid="pseudo-line"
                    data-line={id}
                    data-current={isCurrent ? "true" : undefined}
                    aria-current={isCurrent ? "step" : undefined}
                    style={{ paddingLeft: `${0.4 + 1.2 * (line?.indent ?? 0)}em` }}
                  >
                    <code>{line?.text ?? id}</code>
                  </li>
                );
              })}
            </ol>
          </figure>
        );
      })}
    </details>
  );
}
