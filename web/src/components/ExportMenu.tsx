// "Export": the current view as SVG or PNG, the metrics now and every metric's series as CSV,
// and the scenario as JSON. Files are made in the page and downloaded; nothing leaves the browser.
import { useCallback, useRef, useState } from "react";
import { useDismiss } from "./useDismiss";
import { usePanelFrame, useSessionState } from "../app/sessionContext";
import { metricsCsv, seriesCsv } from "../export/csv";
import { stageSvg, svgToPng } from "../export/viewImage";

function download(name: string, data: Blob): void {
  const url = URL.createObjectURL(data);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function stage(): HTMLElement | null {
  return document.querySelector<HTMLElement>(".lab-stage");
}

export function ExportMenu() {
  const { scenario } = useSessionState();
  const snapshot = usePanelFrame()?.snapshot;
  const [problem, setProblem] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const menuRef = useRef<HTMLDetailsElement>(null);
  const close = useCallback(() => {
    if (menuRef.current) menuRef.current.open = false;
  }, []);
  // An outside click or Escape closes the menu, and so does choosing an item (below).
  useDismiss(menuRef, open, close);
  if (!scenario || !snapshot) return null;
  const base = `flashlab-${scenario.info.lab}-step${snapshot.state.step}`;
  const image = async (kind: "svg" | "png"): Promise<void> => {
    const element = stage();
    const made = element ? stageSvg(element) : null;
    if (!made) {
      setProblem("this view has no chart to export");
      return;
    }
    setProblem(null);
    if (kind === "svg") download(`${base}.svg`, new Blob([made.svg], { type: "image/svg+xml" }));
    else download(`${base}.png`, await svgToPng(made.svg, made.width, made.height));
    close();
  };
  /** A download chosen: the menu has done its job (a problem keeps it open to be read). */
  const pick = (action: () => void) => (): void => {
    action();
    close();
  };
  return (
    <details
      className="export-menu"
      data-testid="export-menu"
      ref={menuRef}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="button">Export</summary>
      <div className="export-items" role="group" aria-label="Export">
        <button type="button" className="link-button" data-testid="export-svg" onClick={() => void image("svg").catch((e: unknown) => setProblem(String(e)))}>
          View as SVG (charts and grids)
        </button>
        <button type="button" className="link-button" data-testid="export-png" onClick={() => void image("png").catch((e: unknown) => setProblem(String(e)))}>
          View as PNG (charts and grids)
        </button>
        <button
          type="button"
          className="link-button"
          data-testid="export-metrics"
          onClick={pick(() => download(`${base}-metrics.csv`, new Blob([metricsCsv(snapshot.state.step, snapshot.metrics)], { type: "text/csv" })))}
        >
          Metrics now (CSV)
        </button>
        <button
          type="button"
          className="link-button"
          data-testid="export-series"
          onClick={pick(() => download(`flashlab-${scenario.info.lab}-series.csv`, new Blob([seriesCsv(scenario.timeline)], { type: "text/csv" })))}
        >
          Metric series over the run (CSV)
        </button>
        <button
          type="button"
          className="link-button"
          data-testid="export-scenario"
          onClick={pick(() => download(`flashlab-${scenario.info.lab}-scenario.json`, new Blob([scenario.json], { type: "application/json" })))}
        >
          Scenario (JSON)
        </button>
        {problem && <p className="export-problem">{problem}</p>}
      </div>
    </details>
  );
}
