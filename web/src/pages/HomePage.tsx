// The home page: every lab as a card; labs that are not built yet say so and are not links.
import { useSyncExternalStore } from "react";
import { LABS, type LabEntry } from "../labs/registry";
import { offline, saveAllLabs, type OfflineState } from "../offline/register";
import { useLessonsLoaded } from "../tours/useLessons";
import { lessonsFor, tourHash, toursFor } from "../tours/registry";

function LabCard({ lab }: { lab: LabEntry }) {
  const body = (
    <>
      <div className="lab-card-top">
        <h2 className="lab-card-title">{lab.title}</h2>
        <span className={lab.available ? "badge badge-ok" : "badge badge-muted"}>
          {lab.available ? "Available" : "Coming soon"}
        </span>
      </div>
      <p className="lab-card-summary">{lab.summary}</p>
      <p className="lab-card-source">{lab.source}</p>
      {lab.available && <span className="lab-card-open">Open lab →</span>}
    </>
  );
  if (lab.available) {
    return (
      <a className="lab-card available" href={`#/lab/${lab.id}`} data-testid={`lab-card-${lab.id}`}>
        {body}
      </a>
    );
  }
  return (
    <div className="lab-card soon" data-testid={`lab-card-${lab.id}`} aria-disabled="true">
      {body}
    </div>
  );
}

const OFFLINE_TEXT: Record<OfflineState, string> = {
  unsupported: "This browser (or this development server) cannot keep FlashLab for offline use.",
  pending: "Preparing offline use…",
  page: "The app and every lab you have opened work without a network from now on.",
  all: "Every lab works without a network from now on.",
  failed: "Offline use could not be set up in this browser; FlashLab still works online.",
};

/** What works offline, and a button to keep every lab (issue 33 item 2). */
function OfflineNote() {
  const state = useSyncExternalStore(offline.subscribe, offline.get);
  return (
    <section className="home-offline" aria-labelledby="offline-heading" data-testid="offline-note">
      <h2 id="offline-heading">Offline</h2>
      <p>
        {OFFLINE_TEXT[state]}{" "}
        {state === "page" && (
          <button type="button" className="button" data-testid="save-all-labs" onClick={saveAllLabs}>
            Keep every lab for offline use
          </button>
        )}
      </p>
    </section>
  );
}

export function HomePage() {
  useLessonsLoaded();
  return (
    <div className="home">
      <section className="home-intro">
        <h1>Watch database algorithms run on real device models</h1>
        <p>
          Each lab simulates a storage device and an algorithm from the research literature, step by step.
          Predict what happens next, step, rewind, load your own scenario, and share the exact moment with a link.
          Every invariant is checked after every step, and every device constant shows its source.
        </p>
      </section>
      <section className="lab-grid" aria-label="Labs">
        {LABS.map((lab) => (
          <LabCard key={lab.id} lab={lab} />
        ))}
      </section>
      {LABS.some((lab) => lab.available && lessonsFor(lab.id).length > 0) && (
        <section className="home-tours" aria-labelledby="lessons-heading" data-testid="home-lessons">
          <h2 id="lessons-heading">Lessons</h2>
          <p className="home-tours-intro">
            A lesson is a lecture segment on one paper or device: the problem, the mechanism step by step, the result
            against the baseline and a limit of the idea, with questions the simulation answers as you go.
          </p>
          <div className="tour-lists">
            {LABS.filter((lab) => lab.available && lessonsFor(lab.id).length > 0).map((lab) => (
              <div key={lab.id} className="tour-list" data-testid={`lessons-${lab.id}`}>
                <h3>
                  {lab.title} <a href={`#/teach/${lab.id}`} className="tour-length" data-testid="teach-link">teacher notes</a>
                </h3>
                <ol>
                  {lessonsFor(lab.id).map((lesson) => (
                    <li key={lesson.name}>
                      <a href={tourHash(lab.id, lesson.name)} data-testid="lesson-link" title={lesson.summary}>
                        {lesson.title}
                      </a>{" "}
                      <span className="tour-length">
                        {lesson.steps.length} steps · {lesson.steps.filter((s) => s.question).length} questions
                        {lesson.minutes !== undefined ? ` · about ${lesson.minutes} min` : ""}
                      </span>
                    </li>
                  ))}
                </ol>
              </div>
            ))}
          </div>
        </section>
      )}
      <section className="home-tours" aria-labelledby="tours-heading">
        <h2 id="tours-heading">Guided tours</h2>
        <p className="home-tours-intro">
          A tour walks through one run step by step and asks you to predict what happens next; the simulation
          reveals the answer. Send a student the link to any step. Or see how every paper claim holds up on the{" "}
          <a href="#/results">paper results</a> page.
        </p>
        <div className="tour-lists">
          {LABS.filter((lab) => lab.available && toursFor(lab.id).length > 0).map((lab) => (
            <div key={lab.id} className="tour-list" data-testid={`tours-${lab.id}`}>
              <h3>{lab.title}</h3>
              <ol>
                {toursFor(lab.id).map((tour) => (
                  <li key={tour.name}>
                    <a href={tourHash(lab.id, tour.name)} data-testid="tour-link" title={tour.summary}>
                      {tour.title}
                    </a>{" "}
                    <span className="tour-length">{tour.steps.length} steps</span>
                  </li>
                ))}
              </ol>
            </div>
          ))}
        </div>
      </section>
      <OfflineNote />
    </div>
  );
}
