// The header's projector switch (app/projector.ts): high contrast, larger type and marks.
import { useSyncExternalStore } from "react";
import { projectorStore, setProjector } from "../app/projector";

export function ProjectorToggle() {
  const on = useSyncExternalStore(projectorStore.subscribe, projectorStore.get);
  return (
    <button
      type="button"
      className="theme-toggle"
      data-testid="projector-toggle"
      aria-pressed={on}
      onClick={() => setProjector(!on)}
      title={on ? "Leave projector mode" : "Projector mode: high contrast, larger type and marks"}
      aria-label="Projector mode"
    >
      <span aria-hidden="true">▣</span>
      <span className="theme-toggle-label"> Projector</span>
    </button>
  );
}
