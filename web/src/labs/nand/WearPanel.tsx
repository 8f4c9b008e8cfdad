// Wear: P/E cycles against the rated endurance, the RBER model curve with this run's reads, and
// the wear slider. The slider sits on the chart's P/E axis; "Wear to N" adds ops at the end of
// the scenario (cycle to N, then program and read every page), so the widened distributions and
// the bit errors of that wear appear in the view above.
import { memo, useState } from "react";
import { useElementSize } from "../../hooks/useElementSize";
import { formatNumber } from "../../format/units";
import { RBER_MARGIN, RberChart } from "./RberChart";
import { appendOps, describeOps, wearOps, wearRange } from "./scenarioEdit";
import type { NandSeries } from "./series";
import type { NandMeta } from "./types";
import type { ScenarioEdit } from "../useScenarioEdit";

interface Props {
  meta: NandMeta;
  series: NandSeries;
  editor: ScenarioEdit;
  disabled: boolean;
}

const THUMB = 9;

export const WearPanel = memo(function WearPanel({ meta, series, editor, disabled }: Props) {
  const [ref, size] = useElementSize<HTMLDivElement>();
  const [wanted, setWanted] = useState<number | null>(null);
  const pe = meta.pe_cycles;
  const endurance = meta.endurance_pe;
  const range = wearRange(pe, endurance);
  const target = Math.min(range.max, Math.max(pe, wanted ?? pe));
  const ops = wearOps({ pageCount: meta.page_count, pageBits: meta.cells_per_wordline }, pe, target);
  const used = Math.min(1, pe / Math.max(1, range.max));
  const rated = endurance / Math.max(1, range.max);
  return (
    <section className="nand-card nand-wear" data-testid="nand-wear" aria-labelledby="nand-wear-title">
      <header className="nand-card-head">
        <h3 id="nand-wear-title">
          Wear{" "}
          <span className="nand-card-sub num">
            <b className="wear-pe" data-testid="nand-pe">
              {formatNumber(pe)}
            </b>{" "}
            / {formatNumber(endurance)} P/E
          </span>
        </h3>
        <button
          type="button"
          className="button nand-op wear-apply"
          data-testid="nand-wear-apply"
          disabled={disabled || editor.busy || ops.length === 0}
          title={ops.length > 0 ? `Adds at the end: ${describeOps(ops)}` : "Drag the slider to the right of the current P/E first: wear only grows"}
          onClick={() => {
            setWanted(null);
            void editor.apply((text) => appendOps(text, ops), "end");
          }}
        >
          {target > pe ? `Wear to ${formatNumber(target)}` : "Wear to…"}
        </button>
      </header>
      <div className="wear-gauge-row">
        <div className="wear-gauge" role="meter" aria-valuemin={0} aria-valuemax={range.max} aria-valuenow={pe} aria-label="P/E cycles used">
          <div className={pe > endurance ? "wear-gauge-fill over" : "wear-gauge-fill"} style={{ width: `${used * 100}%` }} />
          <div className="wear-gauge-rated" style={{ left: `${rated * 100}%` }} title="rated endurance" />
        </div>
        {meta.worn_out && (
          <span className="nand-badge worn" data-testid="nand-worn-out">
            worn out
          </span>
        )}
      </div>
      <div className="wear-chart" ref={ref}>
        {size.width > 0 && size.height > 0 && (
          <RberChart
            width={size.width}
            height={size.height}
            modelPe={series.rberModelPe}
            model={series.rberModel}
            measuredPe={series.rberMeasuredPe}
            measured={series.rberMeasured}
            peMax={range.max}
            pe={pe}
            endurance={endurance}
            target={target > pe ? target : null}
          />
        )}
      </div>
      <div className="wear-control" style={{ paddingLeft: RBER_MARGIN.left - THUMB, paddingRight: RBER_MARGIN.right - THUMB }}>
        <input
          type="range"
          className="wear-slider"
          data-testid="nand-wear-slider"
          aria-label="Target P/E cycles"
          title="Drag to a P/E count, then press “Wear to …”: cycles the block, programs and reads every page"
          min={0}
          max={range.max}
          step={range.step}
          value={target}
          disabled={disabled || editor.busy}
          style={{ ["--from" as string]: `${(pe / range.max) * 100}%`, ["--to" as string]: `${(target / range.max) * 100}%` }}
          onChange={(event) => setWanted(Math.max(pe, Number(event.target.value)))}
        />
      </div>
    </section>
  );
});
