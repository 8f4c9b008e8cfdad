// "What this model leaves out": every lab says, in a few sentences, what its simulation does not
// model and why, so nobody mistakes it for the real device (from each lab's index.ts; the
// constants and their sources are in docs/CALIBRATION.md and the lab's sources card).
import { Glossed } from "./Glossed";

export function LeavesOutPanel({ lines }: { lines: readonly string[] }) {
  return (
    <section className="panel leaves-out" data-testid="leaves-out" aria-labelledby="leaves-out-heading">
      <header className="panel-header">
        <h2 id="leaves-out-heading">What this model leaves out</h2>
      </header>
      <ul className="leaves-out-list">
        {lines.map((line) => (
          <li key={line}>
            <Glossed text={line} />
          </li>
        ))}
      </ul>
    </section>
  );
}
