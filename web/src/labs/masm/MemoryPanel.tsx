// The resource column: the memory gauge (buffer, stolen and query pages against the variant's
// budget, 2M / M / αM), the SSD's fill with the migration threshold, the redo log and the
// run's counters. Every part is a number from the core's view, drawn to scale.
import { memo } from "react";
import { formatNumber } from "../../format/units";
import { MEMORY_COLORS, RUN_COLORS } from "./palette";
import type { MasmMeta } from "./types";

function budgetName(meta: MasmMeta): string {
  if (meta.variant === "2M") return "2M";
  if (meta.variant === "M") return "M";
  return `αM (α = ${formatNumber(meta.alpha)})`;
}

function pct(part: number, whole: number): string {
  return whole > 0 ? `${Math.max(0, Math.min(100, (part / whole) * 100))}%` : "0%";
}

function MemoryGauge({ meta }: { meta: MasmMeta }) {
  const m = meta.memory;
  const scale = Math.max(m.budget_pages, m.total_pages, 1);
  const parts = [
    { key: "buffer", label: "buffer", value: m.buffer_pages, color: MEMORY_COLORS.buffer },
    { key: "stolen", label: "stolen", value: m.stolen_pages, color: MEMORY_COLORS.stolen },
    { key: "query", label: "query", value: m.query_pages_in_use, color: MEMORY_COLORS.query },
  ];
  const over = m.total_pages > m.budget_pages;
  return (
    <div className="masm-gauge" data-testid="masm-memory" data-total={m.total_pages} data-budget={m.budget_pages}>
      <div className="masm-gauge-head">
        <b>Memory</b>
        <span className={over ? "masm-gauge-total over num" : "masm-gauge-total num"}>
          {formatNumber(m.total_pages)} / {formatNumber(m.budget_pages)} pages
        </span>
      </div>
      <div className="masm-hbar" role="img" aria-label={`memory: ${m.total_pages} of ${m.budget_pages} pages`}>
        {parts.map((p) => (
          <span key={p.key} className="masm-hbar-part" style={{ width: pct(p.value, scale), background: p.color }} />
        ))}
        <span className="masm-hbar-limit" style={{ left: pct(m.budget_pages, scale) }} />
      </div>
      <div className="masm-gauge-keys">
        {parts.map((p) => (
          <span key={p.key} className="masm-key num">
            <span className="masm-swatch" style={{ background: p.color }} /> {p.label} {formatNumber(p.value)}
          </span>
        ))}
      </div>
      <div className="masm-gauge-note">
        budget {budgetName(meta)} · S = {formatNumber(meta.buffer_pages)}, Q = {formatNumber(meta.query_pages)}
      </div>
    </div>
  );
}

function SsdFill({ meta }: { meta: MasmMeta }) {
  const cap = Math.max(1, meta.ssd_capacity_pages);
  const used = meta.runs.reduce((sum, r) => sum + r.pages, 0);
  const threshold = meta.migration_threshold;
  return (
    <div className="masm-gauge" data-testid="masm-ssd-fill" data-used={used}>
      <div className="masm-gauge-head">
        <b>{meta.cache_device === "hdd" ? "Cache HDD" : "SSD"}</b>
        <span className="masm-gauge-total num">
          {formatNumber(used)} / {formatNumber(cap)} pages · {formatNumber(Math.round((used / cap) * 100))} %
        </span>
      </div>
      <div className="masm-hbar" role="img" aria-label={`${used} of ${cap} cache pages hold runs`}>
        {meta.runs.map((r) => (
          <span
            key={r.id}
            className={r.frozen ? "masm-hbar-part run frozen" : "masm-hbar-part run"}
            style={{ width: pct(r.pages, cap), background: RUN_COLORS[r.pass === 2 ? 2 : 1] }}
            title={`R${r.id}: ${r.pages} pages`}
          />
        ))}
        {threshold < 1 && <span className="masm-hbar-limit threshold" style={{ left: pct(threshold * cap, cap) }} />}
      </div>
      <div className="masm-gauge-note">
        M² = {formatNumber(cap)}{threshold < 1 ? ` · migrates at ${formatNumber(Math.round(threshold * 100))} %` : " · no auto migration"}
      </div>
    </div>
  );
}

export const MemoryPanel = memo(function MemoryPanel({ meta }: { meta: MasmMeta }) {
  const c = meta.counts;
  const counters: [string, number][] = [
    ["flushes", c.flushes],
    ["2-pass merges", c.merges],
    ["scans", c.scans],
    ["migrations", c.migrations],
    ["crashes", c.crashes],
  ];
  return (
    // tabIndex: the column scrolls when the lab row is short, and a scroll region needs keyboard access.
    <section className="masm-card masm-resources" data-testid="masm-resources" aria-label="memory, SSD and log" tabIndex={0}>
      <MemoryGauge meta={meta} />
      <SsdFill meta={meta} />
      <div className="masm-gauge" data-testid="masm-log">
        <div className="masm-gauge-head">
          <b>Redo log</b>
          <span className="masm-gauge-total num">{formatNumber(meta.log.records)} records</span>
        </div>
        <div className="masm-gauge-note num">
          truncated up to ts {formatNumber(meta.log.truncated_ts)}
          {meta.log.replayed_last_recovery > 0 ? ` · last recovery replayed ${formatNumber(meta.log.replayed_last_recovery)}` : ""}
        </div>
      </div>
      <dl className="masm-counters" data-testid="masm-counters">
        {counters.map(([label, value]) => (
          <div key={label}>
            <dd className="num">{formatNumber(value)}</dd>
            <dt>{label}</dt>
          </div>
        ))}
      </dl>
    </section>
  );
});
