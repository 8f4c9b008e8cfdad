// The top bar: the FlashLab wordmark (home), links to every available lab and the paper results.
// When the links do not fit (1024 px), they scroll sideways, with a fade and an arrow button on
// each side that has more, and the current page's link is scrolled into view.
import { useEffect, useRef, useState } from "react";
import { LABS } from "../labs/registry";
import { KeyboardHelp } from "./KeyboardHelp";
import { ProjectorToggle } from "./ProjectorToggle";
import { ThemeToggle } from "./ThemeToggle";

/** `current`: the open lab's id, `results`, or null on the home page. */
function useOverflow(current: string | null) {
  const navRef = useRef<HTMLElement>(null);
  const [more, setMore] = useState({ left: false, right: false });
  useEffect(() => {
    const nav = navRef.current;
    if (!nav) return undefined;
    const update = (): void => {
      const left = nav.scrollLeft > 1;
      const right = nav.scrollLeft + nav.clientWidth < nav.scrollWidth - 1;
      setMore((was) => (was.left === left && was.right === right ? was : { left, right }));
    };
    update();
    nav.addEventListener("scroll", update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(nav);
    return () => {
      nav.removeEventListener("scroll", update);
      observer.disconnect();
    };
  }, []);
  useEffect(() => {
    navRef.current?.querySelector(".nav-link.active")?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [current]);
  const scroll = (direction: 1 | -1) => (): void => {
    const nav = navRef.current;
    nav?.scrollBy({ left: direction * nav.clientWidth * 0.6, behavior: "smooth" });
  };
  return { navRef, more, scroll };
}

export function Header({ current }: { current: string | null }) {
  const { navRef, more, scroll } = useOverflow(current);
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
      <div className="header-nav-wrap" data-more-left={more.left} data-more-right={more.right}>
      {more.left && (
        <button type="button" className="nav-more nav-more-left" aria-label="Show the links to the left" data-testid="nav-more-left" onClick={scroll(-1)}>
          ‹
        </button>
      )}
      <nav className="header-nav" aria-label="Labs" ref={navRef}>
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
      {more.right && (
        <button type="button" className="nav-more nav-more-right" aria-label="Show more labs" data-testid="nav-more-right" onClick={scroll(1)}>
          ›
        </button>
      )}
      </div>
      <span className="header-tagline">database algorithms on disks and flash, step by step</span>
      <KeyboardHelp />
      <ProjectorToggle />
      <ThemeToggle />
    </header>
  );
}
