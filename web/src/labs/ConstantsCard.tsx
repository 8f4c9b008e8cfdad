// The sources card of a lab whose info payload carries only `constants` (ipa, layouts): the shared
// `components/SourcesCard` with one section, shown when `info.lab_info.constants` is a non-empty
// list of provenance rows (`ConstantPayload`, read through `guards.constantsOf`), and nothing
// otherwise, so a core that does not send them yet shows no empty card.
import { SourcesCard } from "../components/SourcesCard";
import type { CoreInfo } from "../sim/types";
import { constantsOf } from "./guards";

interface Props {
  info: CoreInfo;
  /** The lab id: the card's id and test id prefix (`<lab>-sources`, rows `<lab>-constant`). */
  lab: string;
  title: string;
  /** One sentence above the list: what the constants are. */
  description: string;
}

export function ConstantsCard({ info, lab, title, description }: Props) {
  const constants = constantsOf(info.lab_info);
  if (!constants || constants.length === 0) return null;
  const count = constants.length;
  return (
    <SourcesCard id={lab} title={title} status={`${count} constants`} sections={[{ heading: `Constants (${count})`, constants, rowTestId: `${lab}-constant` }]}>
      <p className="device-description">{description}</p>
    </SourcesCard>
  );
}
