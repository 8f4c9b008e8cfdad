// Refusals: the cell model refuses an op that would lower a cell's charge (only an erase can),
// break the page order, or exceed the programs allowed per page. At the refused step the reason
// is shown large; afterwards the latest one stays here, quietly, with a link back to its step.
import { readableCitations } from "../../format/citations";
import type { Refusal } from "./refusal";

interface Props {
  /** The core's message for the latest refusal (`meta.last_refusal`). */
  message: string | null;
  now: Refusal | null;
  latest: Refusal | null;
  onSeek: (step: number) => void;
}

export function RefusalBox({ message: coreMessage, now, latest, onSeek }: Props) {
  const message = coreMessage === null ? null : readableCitations(coreMessage);
  if (now) {
    return (
      <div className="nand-refusal now" data-testid="nand-refusal" data-state="now" role="status" aria-live="polite">
        <p className="nand-refusal-text">
          <span className="nand-refusal-tag">Refused</span> {message ?? now.text}
        </p>
      </div>
    );
  }
  if (message) {
    return (
      <div className="nand-refusal earlier" data-testid="nand-refusal" data-state="earlier">
        <p className="nand-refusal-text" title={message}>
          <span className="nand-refusal-tag">Last refusal</span>{" "}
          {latest && (
            <button type="button" className="link-button" onClick={() => onSeek(latest.step)}>
              step {latest.step}:
            </button>
          )}{" "}
          {message}
        </p>
      </div>
    );
  }
  return (
    <div className="nand-refusal none" data-testid="nand-refusal" data-state="none">
      <span className="nand-refusal-text">
        Nothing refused yet. An op that would lower a cell’s charge (only an erase can), break the page order or exceed NOP is refused, with its reason.
      </span>
    </div>
  );
}
