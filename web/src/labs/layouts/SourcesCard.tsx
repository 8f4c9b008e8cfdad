// "Device & sources" of the row-vs-column lab: the disk/SSD and CPU-cost constants the core lists
// in its info payload (`LayoutsInfo.constants`), in the shared provenance card; nothing until the
// core sends them.
import type { CoreInfo } from "../../sim/types";
import { ConstantsCard } from "../ConstantsCard";

export function LayoutsSourcesCard({ info }: { info: CoreInfo }) {
  return <ConstantsCard info={info} lab="layouts" title="Device & sources" description="Every constant this run uses: the device's latency and bandwidth, the table and the fitted CPU costs, each with its source or its tag." />;
}
