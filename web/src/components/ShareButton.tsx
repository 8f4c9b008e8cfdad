// "Copy share link": builds the link for the current scenario and step, puts it in the address
// bar and on the clipboard, and always shows it in a text field (the fallback when the
// clipboard is not available, and a way to see what was copied).
import { useCallback, useEffect, useRef, useState } from "react";
import { useApp } from "../app/context";
import { useSessionState } from "../app/sessionContext";
import { useDismiss } from "./useDismiss";

type Status =
  | { kind: "idle" }
  | { kind: "copied"; url: string; opens: string }
  | { kind: "manual"; url: string; opens: string }
  | { kind: "error"; message: string };

/** An iframe snippet for a slide or course page showing this link's view, embedded. */
export function embedSnippet(url: string, title: string): string {
  const src = `${url}${url.includes("?") ? "&" : "?"}embed=1&controls=1`;
  const escaped = (text: string): string => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  return `<iframe src="${escaped(src)}" width="960" height="600" style="border:0" loading="lazy" title="${escaped(`FlashLab: ${title}`)}"></iframe>`;
}

/** What the link opens: a tour at one of its steps (`ts=`, counted from 0), or a step of the run (`t=`). */
export function opensAt(url: string): string {
  const fragment = url.slice(url.indexOf("#") + 1);
  const params = new URLSearchParams(fragment.slice(fragment.indexOf("?") + 1));
  const tour = params.get("tour");
  if (tour !== null) return `this tour at its step ${(Number(params.get("ts") ?? 0) + 1).toLocaleString("en-US")}`;
  return `this scenario at step ${Number(params.get("t") ?? 0).toLocaleString("en-US")}`;
}

async function copyToClipboard(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function ShareButton({ disabled }: { disabled: boolean }) {
  const app = useApp();
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const buttonRef = useRef<HTMLButtonElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const open = status.kind !== "idle";
  const close = useCallback(() => setStatus({ kind: "idle" }), []);
  // An outside click or Escape closes the popup (Escape gives focus back to the button).
  useDismiss(boxRef, open, close, buttonRef);
  // Another scenario or lab makes the link stale: close it. Keyed on the scenario's text and lab,
  // not the loaded object: a tour link reloads its (same) scenario after the tour bar shows, and
  // that reload must not close a link opened in between.
  const { scenario } = useSessionState();
  const scenarioJson = scenario?.json ?? null;
  const scenarioLab = scenario?.info.lab ?? null;
  useEffect(() => close(), [scenarioJson, scenarioLab, close]);

  const share = async (): Promise<void> => {
    try {
      const url = await app.shareUrl();
      const copied = await copyToClipboard(url);
      const opens = opensAt(url);
      setStatus(copied ? { kind: "copied", url, opens } : { kind: "manual", url, opens });
    } catch (error) {
      setStatus({ kind: "error", message: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <div className="share" ref={boxRef}>
      <button ref={buttonRef} type="button" className="button button-primary" data-testid="copy-share" disabled={disabled} onClick={() => void share()}>
        Copy share link
      </button>
      {open && (
        <div className="share-popover" role="status">
          {status.kind === "error" ? (
            <p className="share-note bad">Could not make a link: {status.message}</p>
          ) : (
            <>
              <p className="share-note">
                {status.kind === "copied"
                  ? `Copied. The link opens ${status.opens}:`
                  : `Copy this link (the clipboard is not available here); it opens ${status.opens}:`}
              </p>
              <input
                className="share-url"
                data-testid="share-url"
                readOnly
                value={status.url}
                onFocus={(event) => event.currentTarget.select()}
                aria-label="Share link"
              />
              <p className="share-note">To put this view on a slide or a course page, paste this snippet (add <code>&amp;autoplay=1</code>, <code>&amp;speed=…</code>, <code>&amp;controls=0</code> or <code>&amp;panels=1</code> to its address as you like):</p>
              <textarea
                className="share-url share-embed"
                data-testid="embed-snippet"
                readOnly
                rows={3}
                value={embedSnippet(status.url, document.title)}
                onFocus={(event) => event.currentTarget.select()}
                aria-label="Embed snippet"
              />
              <button type="button" className="button" data-testid="copy-embed" onClick={() => void copyToClipboard(embedSnippet(status.url, document.title))}>
                Copy embed snippet
              </button>
            </>
          )}
          <button type="button" className="close-button" aria-label="Close" onClick={() => setStatus({ kind: "idle" })}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
