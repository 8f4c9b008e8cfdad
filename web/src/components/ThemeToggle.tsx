// The header's theme switch: one button that says which theme it turns on; remembered across
// visits (app/theme.ts), first taken from the system's preference.
import { useSyncExternalStore } from "react";
import { projectorStore } from "../app/projector";
import { setTheme, themeStore } from "../app/theme";

/** What the Canvas views' colours depend on (theme and projector palette): a redraw key. */
export function useTheme(): string {
  const theme = useSyncExternalStore(themeStore.subscribe, themeStore.get);
  const projector = useSyncExternalStore(projectorStore.subscribe, projectorStore.get);
  return projector ? `${theme}+projector` : theme;
}

export function ThemeToggle() {
  const theme = useSyncExternalStore(themeStore.subscribe, themeStore.get);
  const next = theme === "dark" ? "light" : "dark";
  return (
    <button
      type="button"
      className="theme-toggle"
      data-testid="theme-toggle"
      aria-pressed={theme === "dark"}
      onClick={() => setTheme(next)}
      title={`Switch to the ${next} theme`}
      aria-label="Dark theme"
    >
      <span aria-hidden="true">{theme === "dark" ? "☀" : "☾"}</span>
      <span className="theme-toggle-label"> Dark theme</span>
    </button>
  );
}
