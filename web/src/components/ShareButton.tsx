// "Copy share link": builds the link for the current scenario and step, puts it in the address
// bar and on the clipboard, and always shows it in a text field (the fallback when the
// clipboard is not available, and a way to see what was copied).
import { useEffect, useRef, useState } from "react";
import { useApp } from "../app/context";

type Status =
  | { kind: "idle" }
  | { kind: "copied"; url: string; step: number }
  | { kind: "manual"; url: string; step: number }
  | { kind: "error"; message: string };

/** An iframe snippet for a slide or course page showing this link's view, embedded. */
export function embedSnippet(url: string, title: string): string {
  const src = `${url}${url.includes("?") ? "&" : "?"}embed=1&controls=1`;
  const escaped = (text: string): string => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  return `<iframe src="${escaped(src)}" width="960" height="600" style="border:0" loading="lazy" title="${escaped(`FlashLab: ${title}`)}"></iframe>`;
}

function stepOf(url: string): number {
  return Number(/[?&]t=(\d+)/.exec(url)?.[1] ?? 0);
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
  const open = status.kind !== "idle";

  // Escape closes the popup and gives focus back to the button that opened it.
  useEffect(() => {
    if (!open) return undefined;
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      setStatus({ kind: "idle" });
      buttonRef.current?.focus();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [open]);

  const share = async (): Promise<void> => {
    try {
      const url = await app.shareUrl();
      const copied = await copyToClipboard(url);
      const step = stepOf(url);
      setStatus(copied ? { kind: "copied", url, step } : { kind: "manual", url, step });
    } catch (error) {
      setStatus({ kind: "error", message: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <div className="share">
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
                  ? `Copied. The link opens this scenario at step ${status.step.toLocaleString("en-US")}:`
                  : `Copy this link (the clipboard is not available here); it opens this scenario at step ${status.step.toLocaleString("en-US")}:`}
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
