// The wordline card: the cells drawing, a key, and a readout of the hovered (or clicked) cell.
import { WordlineGrid } from "./WordlineGrid";
import { PROGRAMMING_COLOR } from "./palette";
import { describeCell } from "./cellText";
import type { CellSeries } from "./series";
import type { NandMeta } from "./types";

interface Props {
  meta: NandMeta;
  cells: CellSeries;
  colors: readonly string[];
  selected: number | null;
  hovered: number | null;
  alertCell: number | null;
  onHover: (cell: number | null) => void;
  onSelect: (cell: number | null) => void;
}

export function WordlineCard(props: Props) {
  const { meta, cells, selected, hovered } = props;
  const shown = hovered ?? selected;
  const pending = meta.ispp.active && meta.ispp.wordline === meta.focus_wordline ? (meta.ispp.cells_programming ?? 0) : 0;
  return (
    <section className="nand-card nand-wordline" data-testid="nand-wordline" aria-labelledby="nand-wordline-title">
      <header className="nand-card-head">
        <h3 id="nand-wordline-title">
          Wordline {meta.focus_wordline} <span className="nand-card-sub">{cells.vth.length} cells in bit order</span>
        </h3>
        {shown !== null ? (
          <span className="nand-cell-readout num" data-testid="nand-cell-readout">
            {describeCell(meta, cells, shown)}
          </span>
        ) : (
          <span className="nand-key">
            <span className="nand-key-item">
              <span className="nand-swatch solid" /> inhibited
            </span>
            <span className="nand-key-item">
              <span className="nand-swatch pending" style={{ borderColor: PROGRAMMING_COLOR }} /> still programming{pending > 0 ? ` (${pending})` : ""}
            </span>
          </span>
        )}
      </header>
      <WordlineGrid {...props} />
    </section>
  );
}
