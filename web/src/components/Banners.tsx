// Messages that interrupt: a rejected scenario, a broken share link, a crashed simulation.
import { useApp, useAppState, useSessionState } from "../app/context";

export function LoadErrorBanner() {
  const app = useApp();
  const { loadError } = useSessionState();
  if (loadError === null) return null;
  return (
    <div className="banner banner-bad" role="alert">
      <div className="banner-body">
        <strong>That scenario was not loaded.</strong> The core says:
        <code className="banner-code" data-testid="load-error">
          {loadError}
        </code>
        <span className="banner-hint">The previous scenario is still loaded and works.</span>
      </div>
      <button type="button" className="close-button" aria-label="Dismiss" onClick={() => app.session.dismissLoadError()}>
        ×
      </button>
    </div>
  );
}

export function LinkErrorBanner() {
  const app = useApp();
  const { linkError } = useAppState();
  if (linkError === null) return null;
  return (
    <div className="banner banner-warn" role="alert">
      <div className="banner-body">
        <strong>This share link could not be opened:</strong>{" "}
        <span className="banner-message" data-testid="link-error">
          {linkError}
        </span>
        <span className="banner-hint">Showing the lab’s default scenario instead.</span>
      </div>
      <button type="button" className="close-button" aria-label="Dismiss" onClick={() => app.dismissLinkError()}>
        ×
      </button>
    </div>
  );
}

export function CrashBanner() {
  const app = useApp();
  const { status, crash, crashKind } = useSessionState();
  if (status !== "crashed") return null;
  const cause =
    crashKind === "out-of-memory"
      ? "The scenario was too large for this tab; try a smaller one."
      : "This is a bug in FlashLab.";
  return (
    <div className="banner banner-bad banner-crash" role="alert" data-testid="error-banner">
      <div className="banner-body">
        <strong>The simulation stopped.</strong> {crash ?? "The worker failed."}
        <span className="banner-hint">
          {cause} Restart starts a fresh core and reloads the last scenario that loaded well, at the step you were on.
        </span>
      </div>
      <button type="button" className="button button-primary" data-testid="restart" onClick={() => void app.session.restart()}>
        Restart
      </button>
    </div>
  );
}
