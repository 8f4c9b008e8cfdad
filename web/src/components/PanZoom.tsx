// Pan and zoom for a dense view (issue 33, item 3: block maps, cell dots, levels): + / − / 1:1
// buttons, Ctrl/⌘ + wheel zooms about the pointer (a plain wheel still scrolls the page), a drag
// pans once zoomed in, and with the viewport focused + − 0 and the arrow keys do the same. The
// content is scaled with a CSS transform; views that hit-test the pointer divide by the ratio of
// their drawn to their laid-out size (getBoundingClientRect already includes the transform).
import { type KeyboardEvent, type PointerEvent, type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { IDENTITY, type PanZoomView, ZOOM_STEP, panBy, zoomAt } from "./panZoom";
import "./PanZoom.css";

interface Props {
  /** What the view shows, for the buttons' labels ("block map"). */
  label: string;
  testId?: string;
  /** Told the scale when it changes: a canvas inside draws that much sharper (`prepareCanvas`). */
  onScale?: (scale: number) => void;
  /** Take the parent's (definite) height: for views positioned absolutely inside it. */
  fill?: boolean;
  children: ReactNode;
}

const PAN_STEP_PX = 40;
/** Height of the buttons' row above the view; a `fill` view draws this much shorter than its box. */
export const PANZOOM_BAR_PX = 26;

export function PanZoom({ label, testId, onScale, fill = false, children }: Props) {
  const viewport = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<PanZoomView>(IDENTITY);
  const drag = useRef<{ id: number; x: number; y: number } | null>(null);
  useEffect(() => onScale?.(view.scale), [onScale, view.scale]);

  const size = (): [number, number] => {
    const el = viewport.current;
    return el ? [el.clientWidth, el.clientHeight] : [1, 1];
  };
  const zoom = useCallback((factor: number, px?: number, py?: number): void => {
    const el = viewport.current;
    if (!el) return;
    const [w, h] = [el.clientWidth, el.clientHeight];
    setView((v) => zoomAt(v, factor, px ?? w / 2, py ?? h / 2, w, h));
  }, []);

  // React's wheel listener is passive, so Ctrl + wheel could not stop the browser's page zoom.
  useEffect(() => {
    const el = viewport.current;
    if (!el) return undefined;
    const onWheel = (event: WheelEvent): void => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      const box = el.getBoundingClientRect();
      zoom(event.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP, event.clientX - box.left, event.clientY - box.top);
    };
    el.addEventListener("wheel", onWheel, { passive: false });
    return () => el.removeEventListener("wheel", onWheel);
  }, [zoom]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>): void => {
    if (view.scale === 1 || event.button !== 0) return;
    drag.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>): void => {
    const d = drag.current;
    if (!d || d.id !== event.pointerId) return;
    const [w, h] = size();
    setView((v) => panBy(v, event.clientX - d.x, event.clientY - d.y, w, h));
    drag.current = { id: d.id, x: event.clientX, y: event.clientY };
  };
  const endDrag = (): void => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const [w, h] = size();
    const pan = (dx: number, dy: number): void => setView((v) => panBy(v, dx, dy, w, h));
    const actions: Record<string, () => void> = {
      "+": () => zoom(ZOOM_STEP),
      "=": () => zoom(ZOOM_STEP),
      "-": () => zoom(1 / ZOOM_STEP),
      "0": () => setView(IDENTITY),
      ArrowLeft: () => pan(PAN_STEP_PX, 0),
      ArrowRight: () => pan(-PAN_STEP_PX, 0),
      ArrowUp: () => pan(0, PAN_STEP_PX),
      ArrowDown: () => pan(0, -PAN_STEP_PX),
    };
    const act = actions[event.key];
    // Arrows pan only when zoomed in; at 1:1 they keep their page meaning.
    if (!act || (event.key.startsWith("Arrow") && view.scale === 1)) return;
    event.preventDefault();
    event.stopPropagation();
    act();
  };
  const zoomed = view.scale > 1;

  return (
    <div className={fill ? "panzoom fill" : "panzoom"} data-testid={testId} data-scale={view.scale.toFixed(3)}>
      <div className="panzoom-controls" role="group" aria-label={`zoom the ${label}`} style={{ height: PANZOOM_BAR_PX }}>
        <button type="button" onClick={() => zoom(ZOOM_STEP)} aria-label={`zoom in on the ${label}`} title="zoom in (Ctrl/⌘ + wheel)" data-testid="panzoom-in">
          +
        </button>
        <button type="button" onClick={() => zoom(1 / ZOOM_STEP)} disabled={!zoomed} aria-label={`zoom out of the ${label}`} title="zoom out" data-testid="panzoom-out">
          −
        </button>
        <button type="button" onClick={() => setView(IDENTITY)} disabled={!zoomed} aria-label={`1:1, the whole ${label}`} title="whole view (0)" data-testid="panzoom-reset">
          1:1
        </button>
      </div>
      <div
        ref={viewport}
        className={`panzoom-viewport${zoomed ? " zoomed" : ""}`}
        tabIndex={0}
        role="group"
        aria-label={`${label}: + and − zoom, arrows pan when zoomed, 0 shows it whole`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onKeyDown={onKeyDown}
      >
        <div className="panzoom-content" style={zoomed ? { transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` } : undefined}>
          {children}
        </div>
      </div>
    </div>
  );
}
