// The header's theme switch: one button that says which theme it turns on; remembered across
// visits (app/theme.ts), first taken from the system's preference.
import { useSyncExternalStore } from "react";
import { setTheme, themeStore } from "../app/theme";

export function useTheme() {
  return useSyncExternalStore(themeStore.subscribe, themeStore.get);
}

export function ThemeToggle() {
  const theme = useTheme();
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
