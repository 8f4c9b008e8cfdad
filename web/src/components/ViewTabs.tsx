// The Lab / Compare switch of the labs that can run their baselines beside the algorithm (masm,
// fdtree, ipa): a tab list of two, the second disabled (with a title saying how to enable it)
// until the scenario asks for a comparison. One component and one CSS rule, so the three labs
// look and behave the same.
import "./ViewTabs.css";

export type ViewTab = "lab" | "compare";

interface Props {
  shown: ViewTab;
  onSelect: (tab: ViewTab) => void;
  /** Whether the scenario ran the comparison (else the Compare tab is disabled). */
  comparing: boolean;
  /** Hover text of the Compare tab: what it compares, or how to get a comparison. */
  compareTitle: string;
  /** Prefix of the tabs' `data-testid`s: `<prefix>-tab-lab`, `<prefix>-tab-compare`. */
  testIdPrefix: string;
}

export function ViewTabs({ shown, onSelect, comparing, compareTitle, testIdPrefix }: Props) {
  return (
    <div className="view-tabs" role="tablist" aria-label="view">
      <button type="button" role="tab" aria-selected={shown === "lab"} data-testid={`${testIdPrefix}-tab-lab`} onClick={() => onSelect("lab")}>
        Lab
      </button>
      <button
        type="button"
        role="tab"
        aria-selected={shown === "compare"}
        data-testid={`${testIdPrefix}-tab-compare`}
        disabled={!comparing}
        title={compareTitle}
        onClick={() => onSelect("compare")}
      >
        Compare
      </button>
    </div>
  );
}
