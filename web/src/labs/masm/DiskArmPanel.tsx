// The disk-arm trace of the compare view (seed 000 §2.2, §2.3, Fig. 16): for in-place updates,
// the HDD head's position over simulated time with the scan's requests and the updates'
// read-modify-writes as two streams on one disk; for IU, the disk scan's progress above its
// per-record SSD reads. Every mark is an I/O the core's baseline issued (`baseline::arm_trace`),
// drawn from its start to its end at its byte offset; the window is the latest scan or all kept.
import { useState } from "react";
import { scaleLinear } from "d3-scale";
import { ChartCard } from "../../charts/ChartCard";
import { formatNs, formatNumber } from "../../format/units";
import { armWindow, decodeArmRows, headPath, inWindow, travelBytes, type ArmIo, type ArmWindowMode } from "./armTrace";
import type { MasmArmTrace } from "./types";

/** The arm's rows per scheme and stream, as the core sends them (`arm_<scheme>_<stream>`). */
export interface ArmSeries {
  in_place: { scan: Float64Array; other: Float64Array };
  iu: { scan: Float64Array; other: Float64Array };
}

interface Props {
  traces: MasmArmTrace[];
  series: ArmSeries;
}

const STREAM = {
  scan: { color: "#0072b2", label: "scan request (≤ 1 MB, HDD)" },
  update: { color: "#d55e00", label: "update read-modify-write (4 KB, HDD)" },
  ssd: { color: "#009e73", label: "IU record read (4 KB, SSD)" },
} as const;

const M = { top: 10, right: 12, bottom: 28, left: 62 };

/** A byte address or distance in the unit its size needs (a course table is a few KB). */
function mib(bytes: number): string {
  const [div, unit] = bytes >= 1048576 ? [1048576, "MiB"] : bytes >= 1024 ? [1024, "KiB"] : [1, "B"];
  return `${formatNumber(Math.round((bytes / div) * 10) / 10)} ${unit}`;
}

/** "1 scan request", "3 scan requests". */
function count(n: number, one: string, many: string): string {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}

function Marks({ ios, x, y, color }: { ios: ArmIo[]; x: (t: number) => number; y: (b: number) => number; color: string }) {
  return (
    <g stroke={color} strokeWidth={3} strokeLinecap="butt">
      {ios.map((io, i) => {
        const x0 = x(io.startNs);
        // At least 2 px, so a short SSD read or a 4 KB write stays visible at any zoom.
        const x1 = Math.max(x(io.endNs), x0 + 2);
        return <line key={i} x1={x0} x2={x1} y1={y(io.offsetBytes)} y2={y(io.offsetBytes)} />;
      })}
    </g>
  );
}

function TimeAxis({ x, window, y0, width }: { x: (t: number) => number; window: [number, number]; y0: number; width: number }) {
  const ticks = scaleLinear().domain(window).ticks(Math.max(2, Math.floor(width / 110)));
  return (
    <g>
      <line x1={M.left} x2={width - M.right} y1={y0} y2={y0} className="chart-axis" />
      {ticks.map((t) => (
        <text key={t} x={x(t)} y={y0 + 14} textAnchor="middle" className="chart-tick">
          {formatNs(t)}
        </text>
      ))}
    </g>
  );
}

function Lane({ label, top, height, bytes, x, ios, color, width }: { label: string; top: number; height: number; bytes: number; x: (t: number) => number; ios: ArmIo[]; color: string; width: number }) {
  const y = scaleLinear().domain([0, Math.max(1, bytes)]).range([top + height, top]);
  return (
    <g>
      <text x={M.left - 6} y={top + 8} textAnchor="end" className="chart-tick">
        {mib(bytes)}
      </text>
      <text x={M.left - 6} y={top + height} textAnchor="end" className="chart-tick">
        0
      </text>
      <text x={M.left + 4} y={top + 10} className="masm-axis-name">
        {label}
      </text>
      <line x1={M.left} x2={width - M.right} y1={top + height} y2={top + height} className="chart-grid" />
      <Marks ios={ios} x={x} y={y} color={color} />
    </g>
  );
}

function InPlaceChart({ trace, scan, other, mode, width, height }: { trace: MasmArmTrace; scan: ArmIo[]; other: ArmIo[]; mode: ArmWindowMode; width: number; height: number }) {
  const window = armWindow(mode, trace.last_scan, [scan, other]);
  if (!window) return <EmptyChart width={width} height={height} />;
  const s = inWindow(scan, window);
  const u = inWindow(other, window);
  const x = scaleLinear().domain(window).range([M.left, width - M.right]).clamp(true); // an I/O running past the window ends at its edge
  const y = scaleLinear().domain([0, Math.max(1, trace.table_bytes)]).range([height - M.bottom, M.top]);
  const path = headPath([s, u]);
  const d = path.map(([t, b], i) => `${i === 0 ? "M" : "L"}${x(t).toFixed(1)},${y(b).toFixed(1)}`).join("");
  return (
    <svg width={width} height={height} className="chart" role="img" aria-label={`in-place: head position over time, ${s.length} scan requests and ${u.length} update read-modify-writes`} data-testid="masm-arm-in-place" data-scan={s.length} data-updates={u.length}>
      <Lane label="HDD address (the table)" top={M.top} height={height - M.top - M.bottom} bytes={trace.table_bytes} x={x} ios={[]} color={STREAM.scan.color} width={width} />
      <path d={d} fill="none" stroke="#8a939f" strokeWidth={1} />
      <Marks ios={s} x={x} y={y} color={STREAM.scan.color} />
      <Marks ios={u} x={x} y={y} color={STREAM.update.color} />
      <TimeAxis x={x} window={window} y0={height - M.bottom} width={width} />
    </svg>
  );
}

function IuChart({ trace, scan, other, mode, width, height }: { trace: MasmArmTrace; scan: ArmIo[]; other: ArmIo[]; mode: ArmWindowMode; width: number; height: number }) {
  const window = armWindow(mode, trace.last_scan, [scan, other]);
  if (!window) return <EmptyChart width={width} height={height} />;
  const s = inWindow(scan, window);
  const r = inWindow(other, window);
  const x = scaleLinear().domain(window).range([M.left, width - M.right]).clamp(true);
  const lane = (height - M.top - M.bottom - 12) / 2;
  return (
    <svg width={width} height={height} className="chart" role="img" aria-label={`IU: disk scan progress above ${r.length} SSD record reads`} data-testid="masm-arm-iu" data-scan={s.length} data-reads={r.length}>
      <Lane label="HDD address (the table)" top={M.top} height={lane} bytes={trace.table_bytes} x={x} ios={s} color={STREAM.scan.color} width={width} />
      <Lane label="SSD address (IU's update log)" top={M.top + lane + 12} height={lane} bytes={trace.other_bytes} x={x} ios={r} color={STREAM.ssd.color} width={width} />
      <TimeAxis x={x} window={window} y0={height - M.bottom} width={width} />
    </svg>
  );
}

function EmptyChart({ width, height }: { width: number; height: number }) {
  return (
    <svg width={width} height={height} className="chart">
      <text x={width / 2} y={height / 2} className="chart-empty" textAnchor="middle">
        The I/Os appear once the baseline has run
      </text>
    </svg>
  );
}

function Legend() {
  return (
    <div className="masm-legend" aria-label="I/O streams">
      {Object.values(STREAM).map((s) => (
        <span key={s.label} className="masm-key">
          <svg width={22} height={10} aria-hidden="true">
            <line x1={1} x2={21} y1={5} y2={5} stroke={s.color} strokeWidth={3} />
          </svg>
          {s.label}
        </span>
      ))}
      <span className="masm-key">
        <svg width={22} height={10} aria-hidden="true">
          <line x1={1} x2={21} y1={5} y2={5} stroke="#8a939f" strokeWidth={1} />
        </svg>
        in-place head path (seeks)
      </span>
    </div>
  );
}

function windowNote(trace: MasmArmTrace | undefined, mode: ArmWindowMode, scan: ArmIo[], other: ArmIo[], what: readonly [string, string]): string {
  if (!trace) return "not run";
  const window = armWindow(mode, trace.last_scan, [scan, other]);
  if (!window) return "no I/O yet";
  const s = inWindow(scan, window).length;
  const o = inWindow(other, window).length;
  const scanNs = trace.last_scan ? trace.last_scan.end_ns - trace.last_scan.start_ns : 0;
  const kept = trace.scan_kept < trace.scan_total || trace.other_kept < trace.other_total ? " · newest 2,000 per stream" : "";
  return `${count(s, "scan request", "scan requests")}, ${count(o, what[0] ?? "", what[1] ?? "")} shown · latest scan ${formatNs(scanNs)}${kept}`;
}

export function DiskArmPanel({ traces, series }: Props) {
  const [mode, setMode] = useState<ArmWindowMode>("scan");
  const inPlace = traces.find((t) => t.scheme === "in_place");
  const iu = traces.find((t) => t.scheme === "iu");
  const ip = { scan: decodeArmRows(series.in_place.scan), other: decodeArmRows(series.in_place.other) };
  const iuIos = { scan: decodeArmRows(series.iu.scan), other: decodeArmRows(series.iu.other) };
  const ipTravel = (() => {
    const w = inPlace && armWindow(mode, inPlace.last_scan, [ip.scan, ip.other]);
    return w ? travelBytes(headPath([inWindow(ip.scan, w), inWindow(ip.other, w)])) : 0;
  })();
  return (
    <section className="masm-arm" data-testid="masm-arm" data-window={mode}>
      <div className="masm-arm-head">
        <b>Disk-arm trace</b>
        <span role="group" aria-label="time window" className="masm-arm-window">
          {(["scan", "all"] as const).map((m) => (
            <button key={m} type="button" aria-pressed={mode === m} onClick={() => setMode(m)}>
              {m === "scan" ? "latest scan" : "all kept I/Os"}
            </button>
          ))}
        </span>
        <Legend />
      </div>
      <div className="masm-arm-charts">
        <ChartCard title="In-place updates: one disk, two streams" note={`${windowNote(inPlace, mode, ip.scan, ip.other, ["update", "updates"])} · head travel ${mib(ipTravel)}`} testId="masm-arm-in-place-card">
          {({ width, height }) => (inPlace ? <InPlaceChart trace={inPlace} scan={ip.scan} other={ip.other} mode={mode} width={width} height={height} /> : <EmptyChart width={width} height={height} />)}
        </ChartCard>
        <ChartCard title="IU: the disk scan and its SSD record reads" note={windowNote(iu, mode, iuIos.scan, iuIos.other, ["SSD read", "SSD reads"])} testId="masm-arm-iu-card">
          {({ width, height }) => (iu ? <IuChart trace={iu} scan={iuIos.scan} other={iuIos.other} mode={mode} width={width} height={height} /> : <EmptyChart width={width} height={height} />)}
        </ChartCard>
      </div>
      <p className="masm-arm-watch">
        <b>What to watch.</b> In-place: the scan&rsquo;s requests (up to 1 MB each) climb the table in address order, each issued when the one before it has completed, and each update is a 4 KB read-modify-write of its page, wherever that page is: the grey line is the head going between them. The disk serves
        them in arrival order, so an update that commits while a scan runs is served between two of its requests: the head leaves the scan&rsquo;s region mid-scan and the next request pays a seek back, or on a table small enough to sit on one track a wait for its sectors to come round (as in Fig. 16&rsquo;s
        reproduction, which uses the same routine). A scan of a single request has nothing to interleave: the updates wait behind it. IU: only scans use its disk (top; updates go to the SSD log), while the merge reads one 4 KB SSD page per cached update it reaches that is not in memory (bottom), at most <code>iu_queue_depth</code> at a time (default one);
        those reads wait for the disk to deliver their keys, so on a long range they spread along the scan, a log page that an update writes meanwhile reaches the SSD between them, and the scan ends when the disk and the last read are both done.
      </p>
    </section>
  );
}
