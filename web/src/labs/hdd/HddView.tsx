// The HDD lab's main view: the platter with its arm on the left; what the disk is doing and
// the queue on the right; the charts below. Positions are drawn at the display time, so the
// platter turns and the arm moves smoothly while playing and stand exactly still when paused.
import { useMemo } from "react";
import { GenericView } from "../GenericView";
import type { LabViewProps } from "../LabViewProps";
import { HddCharts } from "./HddCharts";
import { headCylinderAt, platterAngleAt } from "./kinematics";
import { Platter } from "./Platter";
import { QueueChips } from "./QueueChips";
import { ServicePanel } from "./ServicePanel";
import { parseHddInfo, parseHddMeta } from "./types";
import { formatNumber } from "../../format/units";
import "./hdd-service.css";
import "./hdd.css";

export function HddView(props: LabViewProps) {
  const { snapshot, panelSnapshot, info, clockNs } = props;
  const meta = useMemo(() => parseHddMeta(snapshot.viewMeta.meta), [snapshot]);
  const hddInfo = useMemo(() => parseHddInfo(info.lab_info), [info]);
  if (!meta) return <GenericView {...props} />;
  // Never draw before the step's own time (a snapshot can arrive ahead of the clock).
  const timeNs = Math.max(clockNs, meta.now_ns);
  const headCylinder = headCylinderAt(meta, timeNs);
  const counts = meta.counts;
  return (
    // A region the keyboard can reach: under a lesson panel or the projector's larger type the
    // view scrolls, and a scroll box must take focus to scroll without a mouse (WCAG 2.1.1).
    <div className="hdd-view" tabIndex={0} role="region" aria-label="Hard disk: platter, queue and charts">
      <div className="hdd-top">
        <div className="platter-wrap">
          <Platter meta={meta} info={hddInfo} platterTurn={platterAngleAt(meta, timeNs)} headCylinder={headCylinder} timeNs={timeNs} />
          <div className="platter-legend">
            <span className="num">
              head: cylinder <b>{formatNumber(Math.round(headCylinder))}</b> / {formatNumber(meta.cylinder_count)}
            </span>
            <span className="num">
              done: <b>{formatNumber(counts.completed)}</b> / {formatNumber(counts.total)}
            </span>
          </div>
          <div className="platter-key" aria-hidden="true">
            <span>
              <span className="key-swatch key-sector" /> target sector (phase colour)
            </span>
            <span>
              <span className="key-dot read" />
              <span className="key-dot write" /> queued
            </span>
            <span>
              <span className="key-track" /> target track
            </span>
          </div>
        </div>
        <div className="hdd-side">
          <ServicePanel meta={meta} timeNs={timeNs} />
          <QueueChips meta={meta} />
        </div>
      </div>
      <HddCharts snapshot={panelSnapshot} />
    </div>
  );
}
