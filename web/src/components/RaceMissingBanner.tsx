// The race beside a lab's run, as the address names it (`race=<scenario>`):
// 1. the lab page is not remounted when the route changes lab, so the race follows the route:
//    a followed link or a change of lab sets it from the link's `race=` (none: no race), while
//    the Race menu changes it without touching the address;
// 2. a `race=` naming a scenario this lab does not bundle used to open the page with no race and
//    no word why: the name is dropped (so a share link does not carry it on) and a banner says so.
import { useEffect, useState } from "react";
import { scenariosFor, type BundledScenario } from "../labs/scenarios";
import { Banner } from "./Banners";

export interface RaceChoice {
  name: string | null;
  setName: (name: string | null) => void;
  race: BundledScenario | null;
  /** A `race=` name the lab does not have, until dismissed. */
  missing: string | null;
  dismiss: () => void;
}

export function useRace(lab: string, routeRace: string | null): RaceChoice {
  // The choice remembers its lab: one made in another lab is never shown here.
  const [choice, setChoice] = useState<{ lab: string; name: string | null }>({ lab, name: routeRace });
  const [missing, setMissing] = useState<string | null>(null);
  useEffect(() => {
    setChoice({ lab, name: routeRace });
    setMissing(null);
  }, [lab, routeRace]);
  const name = choice.lab === lab ? choice.name : routeRace;
  const race = name === null ? null : (scenariosFor(lab).find((s) => s.name === name) ?? null);
  useEffect(() => {
    if (name !== null && race === null) {
      setMissing(name);
      setChoice({ lab, name: null });
    }
  }, [lab, name, race]);
  const setName = (next: string | null) => setChoice({ lab, name: next });
  return { name, setName, race, missing, dismiss: () => setMissing(null) };
}

export function RaceMissingBanner({ name, onDismiss }: { name: string | null; onDismiss: () => void }) {
  if (name === null) return null;
  return (
    <Banner tone="warn" role="status" onDismiss={onDismiss}>
      <strong>No race:</strong>{" "}
      <span className="banner-message" data-testid="race-missing">
        there is no scenario “{name}” in this lab to race against.
      </span>
      <span className="banner-hint">Pick one in the Race menu.</span>
    </Banner>
  );
}
