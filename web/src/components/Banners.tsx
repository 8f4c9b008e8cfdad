// Messages that interrupt: a rejected scenario, a broken share link, a crashed simulation.
import type { ReactNode } from "react";
import { useApp, useAppState } from "../app/context";
import { useSessionState } from "../app/sessionContext";
import { readableCitations } from "../format/citations";

/** A dismissible message: a tone, a role for assistive technology, and its body. */
export function Banner({ tone, role, onDismiss, children }: { tone: "bad" | "warn"; role: "alert" | "status"; onDismiss: () => void; children: ReactNode }) {
  return (
    <div className={`banner banner-${tone}`} role={role}>
      <div className="banner-body">{children}</div>
      <button type="button" className="close-button" aria-label="Dismiss" onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}

export function LoadErrorBanner() {
  const app = useApp();
  const { loadError } = useSessionState();
  if (loadError === null) return null;
  return (
    <Banner tone="bad" role="alert" onDismiss={() => app.session.dismissLoadError()}>
      <strong>That scenario was not loaded.</strong> The core says:
      <code className="banner-code" data-testid="load-error">
        {readableCitations(loadError)}
      </code>
      <span className="banner-hint">The previous scenario is still loaded and works.</span>
    </Banner>
  );
}

export function LinkErrorBanner() {
  const app = useApp();
  const { linkError } = useAppState();
  if (linkError === null) return null;
  return (
    <Banner tone="warn" role="alert" onDismiss={() => app.dismissLinkError()}>
      <strong>This share link could not be opened:</strong>{" "}
      <span className="banner-message" data-testid="link-error">
        {linkError}
      </span>
      <span className="banner-hint">Showing the lab’s default scenario instead.</span>
    </Banner>
  );
}

export function LinkNoticeBanner() {
  const app = useApp();
  const { linkNotice } = useAppState();
  if (linkNotice === null) return null;
  return (
    <Banner tone="warn" role="status" onDismiss={() => app.dismissLinkError()}>
      <strong>The link opened, with one change:</strong>{" "}
      <span className="banner-message" data-testid="link-notice">
        {linkNotice}
      </span>
    </Banner>
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
