// The top bar: the FlashLab wordmark (home), links to every available lab and the paper results.
import { LABS } from "../labs/registry";
import { ProjectorToggle } from "./ProjectorToggle";
import { ThemeToggle } from "./ThemeToggle";

/** `current`: the open lab's id, `results`, or null on the home page. */
export function Header({ current }: { current: string | null }) {
  return (
    <header className="header">
      <a className="wordmark" href="#/" aria-label="FlashLab home">
        <svg className="wordmark-mark" viewBox="0 0 32 32" aria-hidden="true">
          <circle cx="16" cy="16" r="14" fill="none" stroke="currentColor" strokeWidth="3" />
          <circle cx="16" cy="16" r="3.5" fill="currentColor" />
          <path d="M16 16 L27 8" stroke="var(--c-orange)" strokeWidth="3" strokeLinecap="round" />
        </svg>
        FlashLab
      </a>
      <nav className="header-nav" aria-label="Labs">
        <a href="#/" className={current === null ? "nav-link active" : "nav-link"}>
          All labs
        </a>
        {LABS.filter((lab) => lab.available).map((lab) => (
          <a
            key={lab.id}
            href={`#/lab/${lab.id}`}
            className={current === lab.id ? "nav-link active" : "nav-link"}
            aria-current={current === lab.id ? "page" : undefined}
          >
            {lab.title}
          </a>
        ))}
        <a
          href="#/results"
          className={current === "results" ? "nav-link active" : "nav-link"}
          aria-current={current === "results" ? "page" : undefined}
          data-testid="nav-results"
        >
          Paper results
        </a>
      </nav>
      <span className="header-tagline">database algorithms on disks and flash, step by step</span>
      <ProjectorToggle />
      <ThemeToggle />
    </header>
  );
}
