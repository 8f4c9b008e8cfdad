//! Metrics of an IPA run, each with its unit in its name.

use super::IpaLab;
use super::view::counters;
use crate::sim::Metric;

fn metric(name: &'static str, value: f64, label: &'static str, unit: &'static str) -> Metric {
    Metric {
        name,
        value,
        label,
        unit,
    }
}

pub fn metrics(lab: &IpaLab) -> Vec<Metric> {
    let c = counters(&lab.store);
    vec![
        metric("ops_done", lab.next_op as f64, "ops executed", "ops"),
        metric(
            "transactions",
            c.transactions as f64,
            "committed writes",
            "txns",
        ),
        metric(
            "host_writes",
            c.host_writes as f64,
            "host page writes",
            "writes",
        ),
        metric("appends", c.appends as f64, "in-place appends", "writes"),
        metric(
            "out_of_place_writes",
            c.out_of_place_writes as f64,
            "out-of-place rewrites",
            "writes",
        ),
        metric(
            "new_page_writes",
            c.new_page_writes as f64,
            "new-page writes",
            "writes",
        ),
        metric("page_fetches", c.page_fetches as f64, "page reads", "reads"),
        metric(
            "gc_migrations",
            c.gc_migrations as f64,
            "GC page migrations",
            "pages",
        ),
        metric("erases", c.erases as f64, "block erases", "erases"),
        metric(
            "ipa_percent",
            c.ipa_percent,
            "update write-backs as appends",
            "%",
        ),
        metric(
            "write_amplification",
            c.write_amplification,
            "write amplification (App. B)",
            "×",
        ),
        metric(
            "read_amplification",
            c.read_amplification,
            "read amplification (App. B)",
            "×",
        ),
        metric(
            "gc_erases_per_host_write",
            c.gc_erases_per_host_write,
            "GC erases per host write",
            "erases/write",
        ),
        metric(
            "simulated_ms",
            lab.now_ns() as f64 / 1e6,
            "simulated flash time",
            "ms",
        ),
    ]
}
