//! Metrics of a layouts run, each with its unit in its name: the device's requests, seeks and
//! bytes; per run the slowest query's elapsed time, CPU and I/O wait (Fig. 3(c)'s breakdown);
//! the answer size; the sweep's crossover when it has one, and where its PAX curve stands: PAX
//! time over the row time and over the column time at k = 1 and k = N.

use super::sweep::Sweep;
use super::{LayoutsLab, query_times, sweep_of};
use crate::sim::Metric;

pub fn metrics(lab: &LayoutsLab) -> Vec<Metric> {
    let run = &lab.run;
    let d = &run.devices[0];
    let n = run.queries.len();
    let times: Vec<(u64, f64, f64)> = (0..n).map(|q| query_times(lab, q)).collect();
    let elapsed = times.iter().map(|t| t.0).max().unwrap_or(0);
    let cpu: f64 = times.iter().map(|t| t.1).sum();
    let io_wait: f64 = times.iter().map(|t| t.2).sum();
    let answers: u64 = run.queries.iter().map(|q| q.answer.len() as u64).sum();
    let done = run
        .queries
        .iter()
        .filter(|q| q.finished_ns.is_some())
        .count();
    let mut out = vec![
        Metric::new(
            "sim_time_ms",
            lab.now_ns() as f64 / 1e6,
            "simulated time",
            "ms",
        ),
        Metric::new(
            "elapsed_ms",
            elapsed as f64 / 1e6,
            "slowest query's elapsed time",
            "ms",
        ),
        Metric::new("cpu_ms", cpu / 1e6, "CPU time (all queries)", "ms"),
        Metric::new(
            "io_wait_ms",
            io_wait / 1e6,
            "I/O wait = elapsed − CPU (all queries)",
            "ms",
        ),
        Metric::new(
            "cpu_fraction",
            if elapsed == 0 {
                0.0
            } else {
                cpu / (elapsed as f64 * n.max(1) as f64)
            },
            "CPU share of the queries' elapsed time",
            "",
        ),
        Metric::new("requests", d.requests as f64, "I/O requests", "requests"),
        Metric::new(
            "seeks",
            d.seeks as f64,
            "seeks (≥ 63 sectors apart, §5.1.1)",
            "seeks",
        ),
        Metric::new("bytes_read_kb", d.bytes as f64 / 1024.0, "bytes read", "KB"),
        Metric::new(
            "answer_rows",
            answers as f64,
            "qualifying rows answered",
            "rows",
        ),
        Metric::new("queries_done", done as f64, "queries finished", "queries"),
        // The file (index in the read-ahead streams panel) of the latest completed request, −1
        // before the first: a lesson asks which file the scan's next request reads.
        Metric::new(
            "last_io_file",
            lab.recent.back().map_or(-1.0, |r| r.stream as f64),
            "file of the latest completed request (index; −1: none yet)",
            "file",
        ),
    ];
    if let Some((k, f)) = sweep_of(lab).and_then(|s| s.crossover) {
        out.push(Metric::new(
            "sweep_crossover_k",
            k,
            "sweep: crossover attribute count",
            "attributes",
        ));
        out.push(Metric::new(
            "sweep_crossover_fraction",
            f,
            "sweep: crossover byte fraction",
            "",
        ));
    }
    if let Some(s) = sweep_of(lab) {
        out.extend(pax_metrics(s));
    }
    out
}

/// Where the sweep's PAX curve stands, at k = 1 and k = N.
fn pax_metrics(s: &Sweep) -> Vec<Metric> {
    const AT: [(bool, [&str; 4]); 2] = [
        (
            false,
            [
                "sweep_pax_over_row_k1",
                "sweep: PAX time / row time, 1 attribute",
                "sweep_pax_over_column_k1",
                "sweep: PAX time / column time, 1 attribute",
            ],
        ),
        (
            true,
            [
                "sweep_pax_over_row_kn",
                "sweep: PAX time / row time, all attributes",
                "sweep_pax_over_column_kn",
                "sweep: PAX time / column time, all attributes",
            ],
        ),
    ];
    let mut out = Vec::new();
    for (last, [row_key, row_label, column_key, column_label]) in AT {
        let i = if last {
            s.pax_s.len().saturating_sub(1)
        } else {
            0
        };
        if let (Some(&pax), Some(&column)) = (s.pax_s.get(i), s.column_s.get(i)) {
            out.push(Metric::new(row_key, pax / s.row_s, row_label, ""));
            out.push(Metric::new(column_key, pax / column, column_label, ""));
        }
    }
    out
}
