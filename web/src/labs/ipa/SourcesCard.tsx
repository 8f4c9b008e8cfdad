// "Device & sources" of the IPA lab: the flash and buffer constants the core lists in its info
// payload (`IpaInfo.constants`), in the shared provenance card; nothing until the core sends them.
import type { CoreInfo } from "../../sim/types";
import { ConstantsCard } from "../ConstantsCard";

export function IpaSourcesCard({ info }: { info: CoreInfo }) {
  return <ConstantsCard info={info} lab="ipa" title="Device & sources" description="Every constant this run uses: the flash timings and geometry, the page layout and the buffer, each with its source or its tag." />;
}
