// "Plan & sources": the theorem's plan for this run (S buffer pages, Q query pages, N runs merged
// per 2-pass merge, K2 2-pass runs, the worst-case writes per update) and every device constant
// the lab's timing runs on, with its value, unit, confidence tag and source (core `info()`), in
// the shared provenance card.
import { SourcesCard } from "../../components/SourcesCard";
import { formatNumber } from "../../format/units";
import type { CoreInfo } from "../../sim/types";
import { parseMasmInfo } from "./types";

const PLAN_ROWS: { key: "S" | "Q" | "N" | "K2"; label: string }[] = [
  { key: "S", label: "S · update buffer pages" },
  { key: "Q", label: "Q · query pages (one per run scanned)" },
  { key: "N", label: "N · 1-pass runs merged into a 2-pass run" },
  { key: "K2", label: "K2 · 2-pass runs at most" },
];

export function MasmSourcesCard({ info }: { info: CoreInfo }) {
  const masm = parseMasmInfo(info.lab_info);
  if (!masm) return null;
  const plan = masm.theorem;
  const count = masm.constants.length;
  return (
    <SourcesCard
      id="masm"
      title="Plan & sources"
      status={`${plan ? "Theorem plan · " : ""}${count} constants`}
      sections={[{ heading: `Device constants (${count})`, constants: masm.constants, rowTestId: "masm-constant" }]}
    >
      {plan ? (
        <>
          <p className="device-description">
            MaSM sizes its memory by Theorems 3.1 and 3.2 (Athanassoulis et al., TODS 2015, §3.3–3.4): with these budgets no update is written to
            the SSD more than <b className="num">{plan.writes_per_update.toFixed(3)}</b> times.
          </p>
          <table className="kv-table masm-plan" data-testid="masm-plan">
            <tbody>
              {PLAN_ROWS.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{row.label}</th>
                  <td className="num">{formatNumber(plan[row.key])}</td>
                </tr>
              ))}
              <tr>
                <th scope="row">worst-case SSD writes per update</th>
                <td className="num">{plan.writes_per_update.toFixed(3)}</td>
              </tr>
              {plan.writes_per_update_paper !== undefined && (
                <tr>
                  <th scope="row">the paper&rsquo;s closed form, 2 − 0.25α² + 0.5αK2/M</th>
                  <td className="num">{plan.writes_per_update_paper.toFixed(3)}</td>
                </tr>
              )}
            </tbody>
          </table>
        </>
      ) : (
        <p className="device-description">
          No Theorem 3.2 plan for this run: MaSM-2M (a buffer of M pages, M query pages, every update written to the SSD once) has nothing to
          plan.
        </p>
      )}
    </SourcesCard>
  );
}
