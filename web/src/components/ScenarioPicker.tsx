// The scenario picker: the lab's bundled course scenarios, plus the current one when it came
// from a file, a link or the API.
import { useApp } from "../app/context";
import { useSessionState } from "../app/sessionContext";
import { scenariosFor } from "../labs/scenarios";

const CUSTOM = "__current__";

export function ScenarioPicker({ lab }: { lab: string }) {
  const app = useApp();
  const { scenario, status } = useSessionState();
  const bundled = scenariosFor(lab);
  const source = scenario?.source;
  const value = source?.kind === "bundled" && scenario?.info.lab === lab ? source.name : CUSTOM;
  const customLabel =
    source?.kind === "file"
      ? `From file: ${source.fileName}`
      : source?.kind === "link"
        ? `From link: ${scenario?.info.title ?? ""}`
        : source?.kind === "api"
          ? `Loaded by script: ${scenario?.info.title ?? ""}`
          : "—";
  return (
    <label className="scenario-picker">
      <span className="picker-label">Scenario</span>
      <select
        data-testid="scenario-select"
        value={value}
        // The select is narrower than many titles: the whole title on hover and for screen readers.
        title={value === CUSTOM ? customLabel : (bundled.find((s) => s.name === value)?.title ?? "")}
        disabled={status === "loading" || status === "crashed"}
        onChange={(event) => {
          const picked = bundled.find((s) => s.name === event.target.value);
          if (picked) app.loadBundled(picked).catch(() => undefined);
        }}
      >
        {value === CUSTOM && (
          <option value={CUSTOM} disabled>
            {customLabel}
          </option>
        )}
        {bundled.map((s) => (
          <option key={s.name} value={s.name}>
            {s.title}
          </option>
        ))}
      </select>
    </label>
  );
}
