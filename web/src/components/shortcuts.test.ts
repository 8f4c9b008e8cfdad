//! The shortcuts dialog lists every key the app binds (read from the handlers' sources, so a new
//! binding without a line in `SHORTCUT_GROUPS` fails here), and the single-key switch is kept.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SHORTCUT_GROUPS } from "./shortcuts";

/** How a `KeyboardEvent.key` value is written in the dialog. */
const SHOWN: Record<string, string> = {
  " ": "Space",
  ArrowRight: "→",
  ArrowLeft: "←",
  ArrowUp: "↑",
  ArrowDown: "↓",
  PageDown: "Page Down",
  PageUp: "Page Up",
  Escape: "Esc",
};

const HANDLERS = ["useTimelineKeys.ts", "TourPanel.tsx", "EventLog.tsx", "useDismiss.ts", "KeyboardHelp.tsx"];

function boundKeys(): Set<string> {
  const keys = new Set<string>();
  for (const file of HANDLERS) {
    const text = readFileSync(join(__dirname, file), "utf8");
    for (const m of text.matchAll(/(?:case|key\s*[!=]==)\s*"([^"]+)"/g)) {
      const key = m[1] ?? "";
      if (key !== "Enter") keys.add(SHOWN[key] ?? key); // Enter is `isControl`'s "leave it to the button"
    }
  }
  return keys;
}

describe("the keyboard shortcuts dialog", () => {
  it("lists every key a handler binds", () => {
    const listed = new Set(SHORTCUT_GROUPS.flatMap((g) => g.shortcuts.flatMap((s) => [...s.keys])));
    const bound = boundKeys();
    expect(bound.size).toBeGreaterThan(8);
    for (const key of bound) expect(listed, key).toContain(key);
  });

  it("marks exactly the character keys as single-key shortcuts (WCAG 2.1.4)", () => {
    const single = SHORTCUT_GROUPS.flatMap((g) => g.shortcuts.filter((s) => s.single).flatMap((s) => [...s.keys]));
    expect(single.sort()).toEqual(["?", "[", "]"]);
  });
});

describe("the single-key switch", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it("is on by default, and off after the reader turns it off, also on the next visit", async () => {
    const kept = new Map<string, string>();
    vi.stubGlobal("localStorage", { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => kept.set(k, v) });
    const first = await import("./shortcuts");
    expect(first.singleKeysOn()).toBe(true);
    first.setSingleKeys(false);
    expect(first.singleKeysOn()).toBe(false);
    vi.resetModules();
    const next = await import("./shortcuts");
    expect(next.singleKeysOn()).toBe(false);
  });

  it("stays on, unremembered, when storage is blocked", async () => {
    vi.stubGlobal("localStorage", {
      getItem: () => {
        throw new Error("blocked");
      },
      setItem: () => {
        throw new Error("blocked");
      },
    });
    const { setSingleKeys, singleKeysOn } = await import("./shortcuts");
    expect(singleKeysOn()).toBe(true);
    setSingleKeys(false);
    expect(singleKeysOn()).toBe(false);
  });
});
