// The timeline: play/pause, step back/forward, a scrubber over every step, the speed, and the
// current step and simulated time. Playback and keyboard shortcuts drive the same session.
import { useMemo, useState } from "react";
import { useClock, useFrame, useSession, useSessionState } from "../app/sessionContext";
import { formatNs, formatNumber } from "../format/units";
import { PauseIcon, PlayIcon, StepBackIcon, StepForwardIcon } from "./icons";
import { formatSpeed } from "./speed";

const ignore = (): void => undefined;

/** The simulated time, the one part of the timeline that changes on every animation frame while
 *  playing: its own component, so the rest of the timeline re-renders only when a step lands. */
function SimTime() {
  const clock = useClock();
  return (
    <span className="readout-time num" data-testid="sim-time" title="simulated time">
      <span className="readout-label">time </span>
      {formatNs(clock)}
    </span>
  );
}

export function Timeline({ speeds }: { speeds: readonly number[] }) {
  const session = useSession();
  const { scenario, playing, speed, status } = useSessionState();
  const snapshot = useFrame()?.snapshot ?? null;
  const [drag, setDrag] = useState<number | null>(null);
  const step = snapshot?.state.step ?? 0;
  const total = scenario?.totalSteps ?? 0;
  const ready = status === "ready" && snapshot !== null;
  const shown = drag ?? step;
  const endDrag = (): void => setDrag(null);
  const options = useMemo(
    () =>
      speeds.map((s) => (
        <option key={s} value={s}>
          {formatSpeed(s)}
        </option>
      )),
    [speeds],
  );

  return (
    <div className="timeline" aria-label="Timeline">
      <div className="timeline-buttons">
        <button
          type="button"
          className="tl-button"
          data-testid="step-back"
          title="Step back (←)"
          aria-label="Step back"
          disabled={!ready || step === 0}
          onClick={() => session.stepBack().catch(ignore)}
        >
          <StepBackIcon />
        </button>
        <button
          type="button"
          className="tl-button tl-play"
          data-testid="play"
          title={playing ? "Pause (space)" : "Play (space)"}
          aria-label={playing ? "Pause" : "Play"}
          aria-pressed={playing}
          disabled={!ready}
          onClick={() => session.togglePlay()}
        >
          {playing ? <PauseIcon /> : <PlayIcon />}
        </button>
        <button
          type="button"
          className="tl-button"
          data-testid="step-forward"
          title="Step forward (→)"
          aria-label="Step forward"
          disabled={!ready || step >= total}
          onClick={() => session.step(1).catch(ignore)}
        >
          <StepForwardIcon />
        </button>
      </div>
      <input
        type="range"
        className="scrubber"
        data-testid="scrubber"
        aria-label="Timeline position (step)"
        min={0}
        max={Math.max(total, 0)}
        step={1}
        value={Math.min(shown, total)}
        disabled={!ready || total === 0}
        style={{ ["--fill" as string]: `${total > 0 ? (Math.min(shown, total) / total) * 100 : 0}%` }}
        onChange={(event) => {
          const value = Number(event.target.value);
          setDrag(value);
          session.scrubTo(value);
        }}
        onPointerUp={endDrag}
        onKeyUp={endDrag}
        onBlur={endDrag}
      />
      <div className="timeline-readout">
        <div className="readout" data-testid="step-display">
          <span className="readout-value num">
            <span className="readout-label">step </span>
            {formatNumber(shown)}
            <span className="readout-total"> / {formatNumber(total)}</span>
          </span>
          <SimTime />
        </div>
        <label className="readout speed" title="Playback speed: simulated time per second of wall-clock time">
          <span className="readout-label">speed</span>
          <select data-testid="speed" value={speed} onChange={(event) => session.setSpeed(Number(event.target.value))}>
            {options}
          </select>
        </label>
      </div>
    </div>
  );
}
