// Every lab's provenance card has one shape: a collapsed panel whose summary names it and
// counts its constants; inside, the lab's own description (children), then lists of constants
// with value, unit, confidence tag and source or formula (`ConstantList`), then any footer.
import { Fragment, type ReactNode } from "react";
import { ConstantList, type ListedConstant } from "./ConstantList";

export interface ConstantSection {
  heading: string;
  constants: readonly ListedConstant[];
  /** `data-testid` of each row, for the lab's end-to-end tests. */
  rowTestId?: string;
}

interface Props {
  /** Prefix of the ids and class (`<id>-sources`), and the `data-testid` unless `testId` is given. */
  id: string;
  testId?: string;
  title: string;
  /** Short text beside the title, e.g. "course · 23 constants". */
  status: ReactNode;
  sections: readonly ConstantSection[];
  /** The lab's own description, above the constants. */
  children?: ReactNode;
  /** Anything after the constants (e.g. a lab's refusal codes). */
  footer?: ReactNode;
}

export function SourcesCard({ id, testId, title, status, sections, children, footer }: Props) {
  const heading = `${id}-sources-heading`;
  return (
    <section className={`panel device-card ${id}-sources`} data-testid={testId ?? `${id}-sources`} aria-labelledby={heading}>
      <details>
        <summary className="panel-header device-summary">
          <h2 id={heading}>{title}</h2>
          <span className="panel-status">{status}</span>
        </summary>
        {children}
        {sections.map((section) => (
          <Fragment key={section.heading}>
            <h3 className="device-subhead">{section.heading}</h3>
            <ConstantList constants={section.constants} rowTestId={section.rowTestId} />
          </Fragment>
        ))}
        {footer}
      </details>
    </section>
  );
}
