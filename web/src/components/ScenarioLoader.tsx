// Loads a scenario from a file: a file picker, and drag-and-drop anywhere on the lab page. The
// core validates it; a rejection shows the core's field-level message (LoadErrorBanner) and
// the current scenario keeps running.
import { useEffect, useRef, useState } from "react";
import { useApp } from "../app/context";

// The core's limit too (scenario::limits::MAX_SCENARIO_BYTES), so the message and the check agree.
const MAX_FILE_BYTES = 4 * 1024 * 1024;

export function useScenarioFileLoader(): (file: File) => Promise<void> {
  const app = useApp();
  return async (file: File) => {
    if (file.size > MAX_FILE_BYTES) {
      app.session.state.update({ loadError: `scenario: the file is ${(file.size / 1048576).toFixed(1)} MiB, over the limit of 4 MiB` });
      return;
    }
    const text = await file.text();
    try {
      await app.loadText(text, "file", file.name);
    } catch {
      // The session shows the core's message in the load-error banner.
    }
  };
}

export function ScenarioFileButton() {
  const loadFile = useScenarioFileLoader();
  const input = useRef<HTMLInputElement>(null);
  return (
    <label className="button file-button">
      Load scenario file…
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        data-testid="file-input"
        className="visually-hidden"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void loadFile(file).finally(() => {
            if (input.current) input.current.value = "";
          });
        }}
      />
    </label>
  );
}

/** A full-page drop target shown while a file is dragged over the window. */
export function ScenarioDropZone() {
  const loadFile = useScenarioFileLoader();
  const [over, setOver] = useState(false);
  const loadRef = useRef(loadFile);
  loadRef.current = loadFile;

  useEffect(() => {
    let depth = 0;
    const hasFiles = (event: DragEvent): boolean => Array.from(event.dataTransfer?.types ?? []).includes("Files");
    const onEnter = (event: DragEvent): void => {
      if (!hasFiles(event)) return;
      depth += 1;
      setOver(true);
    };
    const onLeave = (event: DragEvent): void => {
      if (!hasFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setOver(false);
    };
    const onOver = (event: DragEvent): void => {
      if (hasFiles(event)) event.preventDefault();
    };
    const onDrop = (event: DragEvent): void => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      depth = 0;
      setOver(false);
      const file = event.dataTransfer?.files[0];
      if (file) void loadRef.current(file);
    };
    window.addEventListener("dragenter", onEnter);
    window.addEventListener("dragleave", onLeave);
    window.addEventListener("dragover", onOver);
    window.addEventListener("drop", onDrop);
    return () => {
      window.removeEventListener("dragenter", onEnter);
      window.removeEventListener("dragleave", onLeave);
      window.removeEventListener("dragover", onOver);
      window.removeEventListener("drop", onDrop);
    };
  }, []);

  if (!over) return null;
  return (
    <div className="drop-zone" aria-hidden="true">
      <div className="drop-zone-card">Drop a scenario file (.json) to load it</div>
    </div>
  );
}
