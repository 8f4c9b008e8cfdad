// The ISPP panel: what the program in progress (or the last one) is doing — page, kind, loop,
// Vpgm, ΔVpgm, latency so far, cells still programming vs inhibited — and its staircase.
import { memo } from "react";
import { useElementSize } from "../../hooks/useElementSize";
import { formatNs, formatNumber } from "../../format/units";
import type { MetricDetail } from "../../sim/types";
import { PROGRAMMING_COLOR } from "./palette";
import { StaircaseChart, type VerifyMark } from "./StaircaseChart";
import { staircaseDomain, type LoopCounts } from "./staircase";
import type { NandMeta } from "./types";

interface Props {
  meta: NandMeta;
  /** States the cells of the focused wordline are heading for (their verify levels are marked). */
  targets: ReadonlySet<number>;
  staircase: Float64Array;
  history: readonly LoopCounts[];
  colors: readonly string[];
  couplingV: number | null;
  couplingSigmaV: number | null;
  metrics: readonly MetricDetail[];
}

const MEAN_LOOPS: readonly [string, string][] = [
  ["mean_loops", "page"],
  ["mean_loops_lsb", "LSB"],
  ["mean_loops_csb", "CSB"],
  ["mean_loops_msb", "MSB"],
];

function Stat({ label, value, tone }: { label: string; value: string; tone?: "programming" }) {
  return (
    <div className={tone ? `ispp-stat ${tone}` : "ispp-stat"}>
      <span className="ispp-stat-label">{label}</span>
      <span className={value.length > 9 ? "ispp-stat-value num long" : "ispp-stat-value num"}>{value}</span>
    </div>
  );
}

export const IsppPanel = memo(function IsppPanel({ meta, targets, staircase, history, colors, couplingV, couplingSigmaV, metrics }: Props) {
  const [ref, size] = useElementSize<HTMLDivElement>();
  const ispp = meta.ispp;
  const run = ispp.loop !== null && ispp.page !== null;
  const page = run ? meta.pages.find((p) => p.page === ispp.page) : undefined;
  const topVerify = Math.max(...meta.states.map((s) => s.verify_v));
  const domain = staircaseDomain(
    { vpgmStartV: ispp.vpgm_start_v, deltaVpgmV: ispp.delta_vpgm_v, maxLoops: ispp.max_loops, topVerifyV: topVerify, couplingV, couplingSigmaV },
    staircase,
  );
  const marks: VerifyMark[] =
    couplingV === null
      ? []
      : meta.states
          .map((s, i) => ({ name: s.name, vpgmV: s.verify_v + couplingV, color: colors[i] ?? "#888", intermediate: s.final_level === null, final: s.final_level }))
          .filter((m, i) => m.final !== 0 && targets.has(i))
          .map(({ name, vpgmV, color, intermediate }) => ({ name, vpgmV, color, intermediate }));
  const means = MEAN_LOOPS.map(([name, label]) => ({ label, value: metrics.find((m) => m.name === name)?.value ?? 0 })).filter((m) => m.value > 0);
  const badge = !run ? { text: "idle", cls: "idle" } : ispp.active ? { text: "pulsing", cls: "active" } : { text: `done · ${ispp.loop} loops`, cls: "done" };
  return (
    <section className="nand-card nand-ispp" data-testid="nand-ispp" aria-labelledby="nand-ispp-title">
      <header className="nand-card-head">
        <h3 id="nand-ispp-title">ISPP program &amp; verify</h3>
        <span className={`nand-badge ${badge.cls}`} data-testid="nand-ispp-status">
          {badge.text}
        </span>
      </header>
      <p className="ispp-what">
        {run ? (
          <>
            <b>{ispp.kind === "append" ? "Append to" : "Program"}</b> page <b className="num">{ispp.page}</b>
            {page && page.name !== "page" ? ` · ${page.name}` : ""} of wordline <b className="num">{ispp.wordline}</b>
          </>
        ) : (
          <span className="muted">No program yet: each step is one pulse and its verify.</span>
        )}
      </p>
      <div className="ispp-stats">
        <Stat label="loop" value={run ? `${ispp.loop} / ${ispp.max_loops}` : `— / ${ispp.max_loops}`} />
        <Stat label="Vpgm" value={ispp.vpgm_v !== null && run ? `${ispp.vpgm_v.toFixed(2)} V` : "—"} />
        <Stat label="ΔVpgm" value={`${ispp.delta_vpgm_v.toFixed(3).replace(/0$/, "")} V`} />
        <Stat label="time so far" value={ispp.latency_us !== null && run ? formatNs(ispp.latency_us * 1000) : "—"} />
        <Stat label="programming" value={run ? `${formatNumber(ispp.cells_programming ?? 0)} / ${formatNumber(ispp.cells_targeted ?? 0)}` : "—"} tone="programming" />
        <Stat label="inhibited" value={run ? formatNumber(ispp.cells_inhibited ?? 0) : "—"} />
      </div>
      <div className="ispp-chart" ref={ref}>
        {size.width > 0 && size.height > 0 && (
          <StaircaseChart
            width={size.width}
            height={size.height}
            staircase={staircase}
            domain={domain}
            maxLoops={ispp.max_loops}
            history={history}
            targeted={ispp.cells_targeted ?? 0}
            marks={marks}
            active={ispp.active}
          />
        )}
      </div>
      <p className="ispp-foot">
        <span className="nand-key-item">
          <span className="nand-swatch" style={{ background: PROGRAMMING_COLOR }} /> still programming
        </span>
        <span className="nand-key-item">
          <span className="nand-swatch locked" /> passed verify
        </span>
        {means.length > 0 && (
          <span className="ispp-means num">
            mean loops: {means.map((m) => `${m.label} ${formatNumber(m.value)}`).join(" · ")}
          </span>
        )}
      </p>
    </section>
  );
});
