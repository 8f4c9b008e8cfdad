// "Costs & sources": the cost model's constants with their tags (the default per-block cost is
// a calibration point) and the list of what the model leaves out, in the shared provenance card.
import { SourcesCard } from "../../components/SourcesCard";
import type { CoreInfo } from "../../sim/types";
import { parseFdtreeInfo } from "./types";

export function FdtreeSourcesCard({ info }: { info: CoreInfo }) {
  const fd = parseFdtreeInfo(info.lab_info);
  if (!fd) return null;
  return (
    <SourcesCard
      id="fdtree"
      title="Costs & sources"
      status={`${fd.clients} clients · ${fd.constants.length} constants`}
      sections={[{ heading: `Cost model (${fd.constants.length})`, constants: fd.constants, rowTestId: "fdtree-constant" }]}
    >
      <p className="device-description">
        Each block read or write costs a constant time; the default is fitted so that a full merge of the paper&rsquo;s 120 MB index takes its
        33–38 s (a calibration point). Ratios between schemes are simulated. What the model leaves out:
      </p>
      <ul className="fd-leaves-out" data-testid="fdtree-leaves-out">
        {fd.leaves_out.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ul>
    </SourcesCard>
  );
}
