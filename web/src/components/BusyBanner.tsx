// Shown when the core has been working on one request for more than 0.5 s: what it is doing,
// the steps taken so far, the time elapsed, and a Cancel that brings the previous state back.
import { useEffect, useState, useSyncExternalStore } from "react";
import { useSession } from "../app/sessionContext";
import { describeBusy } from "../sim/busy";

/** The elapsed time is redrawn this often. */
const TICK_MS = 200;

export function BusyBanner() {
  const session = useSession();
  const busy = useSyncExternalStore(session.busy.subscribe, session.busy.get);
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    if (busy === null) return undefined;
    const timer = setInterval(() => setNow(performance.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [busy]);
  if (busy === null) return null;
  return (
    <div className="banner banner-warn banner-crash" role="status" data-testid="busy-banner">
      <div className="banner-body">
        <span className="busy-spinner" aria-hidden="true" />
        <strong data-testid="busy-text">{describeBusy(busy, Math.max(now, busy.startedMs))}</strong>
        <span className="banner-hint">Cancel stops the core and brings back the scenario you had, at the step you were on.</span>
      </div>
      <button type="button" className="button" data-testid="busy-cancel" onClick={() => void session.cancel()}>
        Cancel
      </button>
    </div>
  );
}
