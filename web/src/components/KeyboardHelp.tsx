// The keyboard-shortcuts dialog: opened by the header's button or by `?`, it lists every key the
// app binds (`shortcuts.ts`) and holds the switch that turns the single-character ones off
// (WCAG 2.1.4). A native modal <dialog>: it keeps focus inside, Escape closes it, and focus goes
// back to what had it.
import { useEffect, useRef, useSyncExternalStore } from "react";
import { SHORTCUT_GROUPS, setSingleKeys, singleKeyStore, singleKeysOn } from "./shortcuts";
import { isControl } from "./useTimelineKeys";
import "./KeyboardHelp.css";

function open(dialog: HTMLDialogElement | null): void {
  if (dialog && !dialog.open) dialog.showModal();
}

export function KeyboardHelp() {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const singleOn = useSyncExternalStore(singleKeyStore.subscribe, singleKeyStore.get);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.key !== "?" || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (!singleKeysOn() || isControl(event.target, event.key)) return;
      event.preventDefault();
      open(dialogRef.current);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
  return (
    <>
      <button
        type="button"
        className="theme-toggle"
        data-testid="shortcuts-open"
        aria-haspopup="dialog"
        aria-label="Keyboard shortcuts"
        title="Keyboard shortcuts (?)"
        onClick={() => open(dialogRef.current)}
      >
        <span aria-hidden="true">⌨</span>
        <span className="theme-toggle-label"> Keys</span>
      </button>
      <dialog ref={dialogRef} className="shortcuts-dialog" data-testid="shortcuts-dialog" aria-labelledby="shortcuts-title">
        <header className="shortcuts-head">
          <h2 id="shortcuts-title">Keyboard shortcuts</h2>
          <button type="button" className="button" data-testid="shortcuts-close" onClick={() => dialogRef.current?.close()}>
            Close
          </button>
        </header>
        <label className="shortcuts-switch">
          <input type="checkbox" data-testid="single-keys" checked={singleOn} onChange={(e) => setSingleKeys(e.currentTarget.checked)} />{" "}
          Single-character shortcuts (<kbd>[</kbd> <kbd>]</kbd> <kbd>?</kbd>)
        </label>
        <p className="shortcuts-note">
          Turn them off if you use speech input or they get in your way; Page Up/Down still move the tour, and the header's
          Keys button opens this list. No shortcut fires while you type in a field.
        </p>
        {SHORTCUT_GROUPS.map((group) => (
          <section key={group.title} className="shortcuts-group">
            <h3>{group.title}</h3>
            <dl>
              {group.shortcuts.map((s) => (
                <div key={s.keys.join()} className={s.single && !singleOn ? "shortcut off" : "shortcut"} data-testid="shortcut">
                  <dt>
                    {s.keys.map((k, i) => (
                      <span key={k}>
                        {i > 0 && " / "}
                        <kbd>{k}</kbd>
                      </span>
                    ))}
                  </dt>
                  <dd>
                    {s.what}
                    {s.single && !singleOn && <span className="shortcut-off"> (off)</span>}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </dialog>
    </>
  );
}
