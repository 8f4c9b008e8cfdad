// The disk seen from above: zones, a turning platter with sector spokes and an index mark, the
// arm swinging to the head's cylinder, the queued requests on the arm's path, and the busy
// request's target track and sector. Angles and positions come from `kinematics.ts` and
// `platterGeometry.ts`; this file only draws.
import { formatNumber } from "../../format/units";
import { phaseAt } from "./kinematics";
import {
  annularSector,
  cylinderRadius,
  headAngle,
  headPathArc,
  headPoint,
  platterLayout,
  polar,
  type Point,
} from "./platterGeometry";
import type { HddInfo, HddMeta } from "./types";

const LAYOUT = platterLayout(200);
const SPOKES = 24;
const PHASE_COLOR = { seek: "var(--c-seek)", rotate: "var(--c-rotate)", transfer: "var(--c-transfer)", done: "var(--c-muted)" } as const;

interface Props {
  meta: HddMeta;
  info: HddInfo | null;
  /** Platter rotation to draw, fraction of a turn. */
  platterTurn: number;
  headCylinder: number;
  timeNs: number;
}

function Zones({ meta, info }: { meta: HddMeta; info: HddInfo | null }) {
  const { center } = LAYOUT;
  const zones = info?.zones ?? [{ first_cylinder: 0, cylinder_count: meta.cylinder_count, sectors_per_track: 0, first_lba: 0, media_rate_mb_s: 0 }];
  return (
    <g className="zones">
      {zones.map((z, i) => {
        const r0 = cylinderRadius(LAYOUT, z.first_cylinder, meta.cylinder_count);
        const r1 = cylinderRadius(LAYOUT, z.first_cylinder + z.cylinder_count, meta.cylinder_count);
        const outer = Math.max(r0, r1) + (i === 0 ? 3 : 0);
        const inner = Math.min(r0, r1) - (i === zones.length - 1 ? 3 : 0);
        return (
          <circle
            key={z.first_cylinder}
            cx={center.x}
            cy={center.y}
            r={(outer + inner) / 2}
            className={i % 2 === 0 ? "zone zone-even" : "zone zone-odd"}
            strokeWidth={outer - inner}
          />
        );
      })}
    </g>
  );
}

function Arm({ head }: { head: Point }) {
  const { pivot } = LAYOUT;
  const angle = Math.atan2(head.y - pivot.y, head.x - pivot.x);
  const nx = -Math.sin(angle);
  const ny = Math.cos(angle);
  const wPivot = 13;
  const wHead = 4;
  const points = [
    [pivot.x + nx * wPivot, pivot.y + ny * wPivot],
    [head.x + nx * wHead, head.y + ny * wHead],
    [head.x - nx * wHead, head.y - ny * wHead],
    [pivot.x - nx * wPivot, pivot.y - ny * wPivot],
  ]
    .map(([x, y]) => `${x},${y}`)
    .join(" ");
  const deg = (angle * 180) / Math.PI;
  return (
    <g className="arm">
      <polygon points={points} className="arm-body" />
      <circle cx={pivot.x} cy={pivot.y} r={24} className="arm-pivot" />
      <circle cx={pivot.x} cy={pivot.y} r={7} className="arm-pivot-pin" />
      <rect x={-9} y={-6} width={18} height={12} rx={2} transform={`translate(${head.x},${head.y}) rotate(${deg})`} className="arm-head" />
    </g>
  );
}

export function Platter({ meta, info, platterTurn, headCylinder, timeNs }: Props) {
  const { center, rPlatter, rHub, rOuterTrack, rInnerTrack } = LAYOUT;
  const busy = meta.busy;
  const phase = busy ? phaseAt(busy, timeNs) : null;
  const phaseColor = phase ? PHASE_COLOR[phase.phase] : "var(--c-muted)";
  const headR = cylinderRadius(LAYOUT, headCylinder, meta.cylinder_count);
  const head = headPoint(LAYOUT, headR);
  const rotation = platterTurn * 360;

  let target: { r: number; sector: string; ring: Point } | null = null;
  if (busy) {
    const r = cylinderRadius(LAYOUT, busy.cylinder, meta.cylinder_count);
    const start = headAngle(LAYOUT, r) - 360 * busy.target_angle;
    const extent = Math.min(360, Math.max(7, (360 * busy.transfer_ns) / Math.max(1, meta.revolution_ns)));
    target = { r, sector: annularSector(center, r - 7, r + 7, start - extent, start), ring: headPoint(LAYOUT, r) };
  }
  const rotationArrowStart = polar(center, rPlatter + 12, 200);
  const rotationArrowEnd = polar(center, rPlatter + 12, 240);

  return (
    <svg
      className="platter"
      data-testid="hdd-platter"
      viewBox={`0 0 ${LAYOUT.width} ${LAYOUT.height}`}
      role="img"
      aria-label={`Disk platter: head at cylinder ${Math.round(headCylinder)} of ${meta.cylinder_count}`}
    >
      <defs>
        <radialGradient id="platter-surface" cx="45%" cy="40%" r="70%">
          <stop offset="0%" stopColor="#fbfcfe" />
          <stop offset="70%" stopColor="#e4e9f0" />
          <stop offset="100%" stopColor="#cfd7e2" />
        </radialGradient>
        <marker id="rotation-arrow" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse">
          <path d="M0,0 L10,5 L0,10 z" fill="var(--c-muted)" />
        </marker>
      </defs>
      <path
        d={`M${rotationArrowStart.x},${rotationArrowStart.y} A${rPlatter + 12},${rPlatter + 12} 0 0 1 ${rotationArrowEnd.x},${rotationArrowEnd.y}`}
        className="rotation-arrow"
        markerEnd="url(#rotation-arrow)"
      />
      <circle cx={center.x} cy={center.y} r={rPlatter} fill="url(#platter-surface)" className="platter-disc" />
      <Zones meta={meta} info={info} />
      <g transform={`rotate(${rotation} ${center.x} ${center.y})`}>
        {Array.from({ length: SPOKES }, (_, i) => {
          const a = (360 / SPOKES) * i;
          const p0 = polar(center, rInnerTrack - 4, a);
          const p1 = polar(center, rOuterTrack + 4, a);
          return <line key={i} x1={p0.x} y1={p0.y} x2={p1.x} y2={p1.y} className="spoke" />;
        })}
        <path d={annularSector(center, rPlatter - 10, rPlatter, -3, 3)} className="index-mark" />
        {target && <path d={target.sector} className="target-sector" style={{ fill: phaseColor }} />}
      </g>
      {target && <circle cx={center.x} cy={center.y} r={target.r} className="target-track" style={{ stroke: phaseColor }} />}
      <circle cx={center.x} cy={center.y} r={rHub} className="hub" />
      <text x={center.x} y={center.y - 4} textAnchor="middle" className="hub-label">
        {formatNumber(meta.rpm)}
      </text>
      <text x={center.x} y={center.y + 16} textAnchor="middle" className="hub-sublabel">
        rpm
      </text>
      <path d={headPathArc(LAYOUT)} className="head-path" />
      {meta.queue.map((q) => {
        const p = headPoint(LAYOUT, cylinderRadius(LAYOUT, q.cylinder, meta.cylinder_count));
        return <circle key={q.id} cx={p.x} cy={p.y} r={6} className={q.is_write ? "queue-dot write" : "queue-dot read"} />;
      })}
      {target && <circle cx={target.ring.x} cy={target.ring.y} r={11} className="target-ring" style={{ stroke: phaseColor }} />}
      <Arm head={head} />
      <text {...polar(center, rOuterTrack, headAngle(LAYOUT, rOuterTrack) - 4)} className="path-label" textAnchor="start" dx={10} dy={-6}>
        cyl 0
      </text>
    </svg>
  );
}
