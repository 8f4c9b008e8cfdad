// The page map of the block: one column per wordline, one row per page step (LSB, CSB, MSB), so
// the page numbers show the programming order and the MLC/TLC pairing of seed 004. Each page
// says whether it is written, failed or being programmed, and how many of its NOP programs
// (first program + appends) it has used since the erase. Clicking a page picks it for the
// toolbar. Below: the latest refusal.
import type { ReactNode } from "react";
import type { NandMeta, NandPage } from "./types";

interface Props {
  meta: NandMeta;
  nop: number | null;
  picked: number;
  /** The page the current step refused, outlined in red. */
  refused: number | null;
  onPick: (page: number) => void;
  children?: ReactNode;
}

function pageClass(p: NandPage, meta: NandMeta, picked: number, refused: number | null): string {
  const running = meta.ispp.active && meta.ispp.page === p.page;
  const status = p.failed ? "failed" : running ? "running" : p.programmed ? "written" : "free";
  return `page-chip ${status}${p.page === picked ? " picked" : ""}${p.page === refused ? " refused" : ""}`;
}

function pageStatus(p: NandPage, meta: NandMeta): string {
  if (p.failed) return "failed";
  if (meta.ispp.active && meta.ispp.page === p.page) return "programming";
  return p.programmed ? "written" : "erased";
}

export function PagesPanel({ meta, nop, picked, refused, onPick, children }: Props) {
  const steps = Math.max(1, meta.bits_per_cell);
  const stepNames = Array.from({ length: steps }, (_, s) => meta.pages.find((p) => p.step === s)?.name ?? `step ${s}`);
  const byCell = new Map(meta.pages.map((p) => [`${p.wordline}:${p.step}`, p]));
  const written = meta.pages.filter((p) => p.programmed).length;
  return (
    <section className="nand-card nand-pages" data-testid="nand-pages" aria-labelledby="nand-pages-title">
      <header className="nand-card-head">
        <h3 id="nand-pages-title">
          Pages of the block <span className="nand-card-sub">{written} of {meta.page_count} written</span>
        </h3>
        <span className="nand-card-note num">{nop !== null ? `programs / NOP ${nop} per erase` : ""}</span>
      </header>
      <div className="pages-body">
        <div className="page-map-scroll">
          <div className="page-map" style={{ gridTemplateColumns: `auto repeat(${meta.wordlines}, minmax(52px, 1fr))` }}>
            <span className="page-map-corner" />
            {Array.from({ length: meta.wordlines }, (_, wl) => (
              <span key={`wl-${wl}`} className={wl === meta.focus_wordline ? "page-map-wl focus" : "page-map-wl"} title={wl === meta.focus_wordline ? "the wordline drawn above" : undefined}>
                WL{wl}
              </span>
            ))}
            {stepNames.map((name, s) => (
              <Row key={name + s} name={name} step={s} meta={meta} byCell={byCell} nop={nop} picked={picked} refused={refused} onPick={onPick} />
            ))}
          </div>
        </div>
        {children}
      </div>
    </section>
  );
}

interface RowProps {
  name: string;
  step: number;
  meta: NandMeta;
  byCell: Map<string, NandPage>;
  nop: number | null;
  picked: number;
  refused: number | null;
  onPick: (page: number) => void;
}

function Row({ name, step, meta, byCell, nop, picked, refused, onPick }: RowProps) {
  return (
    <>
      <span className="page-map-step">{name}</span>
      {Array.from({ length: meta.wordlines }, (_, wl) => {
        const p = byCell.get(`${wl}:${step}`);
        if (!p) return <span key={`${wl}-${step}`} />;
        return (
          <button
            key={p.page}
            type="button"
            className={pageClass(p, meta, picked, refused)}
            data-testid="nand-page"
            data-page={p.page}
            data-pick={p.page}
            data-status={pageStatus(p, meta)}
            title={`page ${p.page}: ${p.name} of wordline ${p.wordline}, ${pageStatus(p, meta)}; ${p.programs} program(s) since the erase. Click to pick it for the toolbar.`}
            onClick={() => onPick(p.page)}
          >
            <span className="page-chip-num num">p{p.page}</span>
            <span className="page-chip-nop num">{nop !== null ? `${p.programs}/${nop}` : p.programs}</span>
          </button>
        );
      })}
    </>
  );
}
