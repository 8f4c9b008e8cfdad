//! Each lab's views (its `index.ts`, through the registry), or the generic view for a lab
//! that has none yet.

import { GenericView } from "./GenericView";
import type { LabViews } from "./labModule";
import { findBuiltLab } from "./registry";

export type { LabViews } from "./labModule";

const GENERIC: LabViews = {
  View: GenericView,
  watch: (_name, description) => description ?? "Step through the run and read the event log: every line is one thing the core did.",
};

export function labViews(lab: string): LabViews {
  return findBuiltLab(lab)?.views ?? GENERIC;
}
