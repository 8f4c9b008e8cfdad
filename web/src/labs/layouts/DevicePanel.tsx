// Device activity (digest §7 item 3): the files the scans read laid out on the device's byte
// axis, and the recent requests below it as a path, newest at the top: on the disk the head
// jumps from file to file whenever a column's read-ahead window drains (each jump a seek, in
// orange); on an SSD the same jumps cost nothing and the channels serve requests in parallel
// (the channel lanes light up with the requests in flight).
import { memo } from "react";
import { formatNumber } from "../../format/units";
import { useElementSize } from "../../hooks/useElementSize";
import { ACTIVE_COLOR, SEEK_COLOR, fileColor } from "./palette";
import { byteX, fileSegments, jumpStats, shortLabel, type RecentIo } from "./strip";
import type { LayoutsMeta } from "./types";

interface Props {
  meta: LayoutsMeta;
  recent: RecentIo[];
}

const M = { left: 10, right: 10 };
const STRIP_TOP = 6;
const STRIP_H = 30;
const PATH_TOP = STRIP_TOP + STRIP_H + 20;
const CHANNELS_H = 56;

/**
 * How the device serves requests, for the panel's title: RAID-0's two disks each have a head
 * (`core/src/layouts/raid.rs`: every request split over the members that hold its stripe units),
 * so "one head" would be false of it. The core names the array "RAID-0 (2 disks)".
 */
export function headsLabel(name: string, isDisk: boolean): string {
  if (!isDisk) return "parallel channels";
  return name.startsWith("RAID-0") ? "two disks striped, a head each" : "one head";
}

/**
 * The heads to draw on the strip, on the array's byte axis: a disk's one head where its last
 * request ended; each RAID-0 member's own head (`member_heads`, `core/src/layouts/raid.rs` step 5);
 * none on an SSD.
 */
export function deviceHeads(d: LayoutsMeta["device"]): { label: string; offset: number }[] {
  if (!d.is_disk) return [];
  if (d.member_heads.length > 0) {
    return d.member_heads.flatMap((offset, m) => (offset === null ? [] : [{ label: `disk ${m} head`, offset }]));
  }
  return d.head_offset === null ? [] : [{ label: "head", offset: d.head_offset }];
}

/** Label width budget in px (about 7 px per character of the strip's label font). */
const HEAD_LABEL_PX = 84;

/**
 * Where the heads' labels go: RAID-0's two heads usually sit a stripe unit apart (each request is
 * split over both disks), so labels closer than one label's width merge into one; every label
 * is kept inside the strip.
 */
export function headLabels(heads: { label: string; x: number }[], x0: number, x1: number): { text: string; x: number }[] {
  const clamp = (x: number): number => Math.min(Math.max(x, x0 + HEAD_LABEL_PX / 2), x1 - HEAD_LABEL_PX / 2);
  const [a, b] = heads;
  if (a && b && Math.abs(a.x - b.x) < HEAD_LABEL_PX) return [{ text: "both disks' heads", x: clamp((a.x + b.x) / 2) }];
  return heads.map((h) => ({ text: h.label, x: clamp(h.x) }));
}

export const DevicePanel = memo(function DevicePanel({ meta, recent }: Props) {
  const [ref, size] = useElementSize<HTMLDivElement>();
  const { width, height } = size;
  const d = meta.device;
  const stats = jumpStats(recent);
  return (
    <section className="layouts-card layouts-device" data-testid="layouts-device" aria-labelledby="layouts-device-title">
      <header className="layouts-card-head">
        <h3 id="layouts-device-title">
          {d.name}: {headsLabel(d.name, d.is_disk)}
        </h3>
        <span className="layouts-counters" data-testid="layouts-seeks">
          <b>{formatNumber(d.seeks)}</b> seeks · {formatNumber(d.requests)} requests · {formatNumber(d.in_flight)} in flight
        </span>
      </header>
      <div className="layouts-device-body" ref={ref}>
        {width > 0 && height > 0 && <Strip meta={meta} recent={recent} width={width} height={height} />}
      </div>
      <footer className="layouts-legend">
        <span className="layouts-key">
          last {recent.length} requests, newest on top: {stats.fileSwitches} file switches, {stats.seeks} seeks
        </span>
        <span className="layouts-key">
          <span className="layouts-swatch" style={{ background: SEEK_COLOR }} /> seek (≥ 63 sectors away)
        </span>
      </footer>
    </section>
  );
});

function Strip({ meta, recent, width, height }: { meta: LayoutsMeta; recent: RecentIo[]; width: number; height: number }) {
  const x0 = M.left;
  const x1 = width - M.right;
  const files = meta.files;
  const segs = fileSegments(files, meta.device_extent_bytes, x0, x1);
  const toX = (bytes: number): number => byteX(bytes, files, meta.device_extent_bytes, x0, x1);
  const ssd = !meta.device.is_disk && meta.device.channel_busy.length > 0;
  const pathBottom = height - (ssd ? CHANNELS_H + 8 : 6);
  const rows = Math.max(1, recent.length);
  const rowH = Math.max(1, (pathBottom - PATH_TOP) / rows);
  const ordered = [...recent].reverse();
  const points = ordered.map((r, i) => ({ x: toX((r.offsetKb + r.kb / 2) * 1024), y: PATH_TOP + (i + 0.5) * rowH, r }));
  const heads = deviceHeads(meta.device);
  const last = meta.last;
  return (
    <svg width={width} height={height} className="chart" role="img" aria-label="device activity">
      {segs.map((s) => {
        const chars = Math.floor((s.x1 - s.x0 - 6) / 7.2);
        return (
          <g key={s.index}>
            <rect x={s.x0} y={STRIP_TOP} width={Math.max(1, s.x1 - s.x0 - 1)} height={STRIP_H} fill={fileColor(s.index)} opacity={0.35} />
            {chars >= 2 && (
              <text x={(s.x0 + s.x1) / 2} y={STRIP_TOP + STRIP_H / 2} dy="0.32em" textAnchor="middle" className="layouts-strip-label">
                {shortLabel(s.label, chars)}
              </text>
            )}
          </g>
        );
      })}
      {meta.in_flight.map((r, i) => (
        <rect key={`f${i}`} x={toX(r.offset)} y={STRIP_TOP} width={Math.max(2, toX(r.offset + r.bytes) - toX(r.offset))} height={STRIP_H} fill={ACTIVE_COLOR} opacity={0.85} />
      ))}
      {last && <rect x={toX(last.offset)} y={STRIP_TOP - 3} width={Math.max(2, toX(last.offset + last.bytes) - toX(last.offset))} height={3} fill="currentColor" />}
      {heads.map((h, i) => (
        <path key={h.label} data-testid="layouts-head" data-head-offset={h.offset} d={`M${toX(h.offset)},${STRIP_TOP + STRIP_H + 2} l-6,10 l12,0 z`} fill="currentColor" opacity={i === 0 ? 1 : 0.6} />
      ))}
      {headLabels(heads.map((h) => ({ label: h.label, x: toX(h.offset) })), x0, x1).map((l) => (
        <text key={l.text} x={l.x} y={STRIP_TOP + STRIP_H + 20} textAnchor="middle" className="layouts-strip-label">
          {l.text}
        </text>
      ))}
      {points.map((p, i) => {
        const next = points[i + 1];
        return next ? <line key={`l${i}`} x1={p.x} y1={p.y} x2={next.x} y2={next.y} stroke={next.r.seek || p.r.seek ? "#8a939f" : "#c5ccd4"} strokeWidth={1} /> : null;
      })}
      {points.map((p, i) => (
        <circle key={`c${i}`} cx={p.x} cy={p.y} r={p.r.seek ? 3.2 : 2} fill={p.r.seek ? SEEK_COLOR : fileColor(p.r.file)} />
      ))}
      {ssd && <Channels busy={meta.device.channel_busy} dies={meta.device.dies_per_channel} x0={x0} x1={x1} top={height - CHANNELS_H - 2} />}
    </svg>
  );
}

function Channels({ busy, dies, x0, x1, top }: { busy: number[]; dies: number; x0: number; x1: number; top: number }) {
  const n = busy.length;
  const w = (x1 - x0) / Math.max(1, n);
  return (
    <g data-testid="layouts-channels">
      {busy.map((b, c) => (
        <g key={c}>
          <rect x={x0 + c * w + 1} y={top + 14} width={w - 2} height={CHANNELS_H - 18} rx={3} fill={b > 0 ? ACTIVE_COLOR : "#dde3ea"} opacity={b > 0 ? 0.9 : 1} />
          <text x={x0 + (c + 0.5) * w} y={top + 14 + (CHANNELS_H - 18) / 2} dy="0.32em" textAnchor="middle" className="layouts-strip-label">
            {b > 0 ? `${b} req` : `ch ${c}`}
          </text>
        </g>
      ))}
      <text x={x0} y={top + 9} className="layouts-strip-label">
        {n} channels × {dies} dies: requests in flight per channel
      </text>
    </g>
  );
}
