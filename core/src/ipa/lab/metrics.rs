//! Metrics of an IPA run, each with its unit in its name.

use super::IpaLab;
use super::view::counters;
use crate::sim::Metric;

pub fn metrics(lab: &IpaLab) -> Vec<Metric> {
    let c = counters(&lab.store);
    let mut out = vec![
        Metric::new("ops_done", lab.next_op as f64, "ops executed", "ops"),
        Metric::new(
            "transactions",
            c.transactions as f64,
            "committed writes",
            "txns",
        ),
        Metric::new(
            "host_writes",
            c.host_writes as f64,
            "host page writes",
            "writes",
        ),
        Metric::new("appends", c.appends as f64, "in-place appends", "writes"),
        Metric::new(
            "out_of_place_writes",
            c.out_of_place_writes as f64,
            "out-of-place rewrites",
            "writes",
        ),
        Metric::new(
            "new_page_writes",
            c.new_page_writes as f64,
            "new-page writes",
            "writes",
        ),
        Metric::new("page_fetches", c.page_fetches as f64, "page reads", "reads"),
        Metric::new(
            "gc_migrations",
            c.gc_migrations as f64,
            "GC page migrations",
            "pages",
        ),
        Metric::new("erases", c.erases as f64, "block erases", "erases"),
        Metric::new(
            "ipa_percent",
            c.ipa_percent,
            "update write-backs as appends",
            "%",
        ),
        Metric::new(
            "write_amplification",
            c.write_amplification,
            "write amplification (App. B)",
            "×",
        ),
        Metric::new(
            "read_amplification",
            c.read_amplification,
            "read amplification (App. B)",
            "×",
        ),
        Metric::new(
            "gc_erases_per_host_write",
            c.gc_erases_per_host_write,
            "GC erases per host write",
            "erases/write",
        ),
        Metric::new(
            "simulated_ms",
            lab.now_ns() as f64 / 1e6,
            "simulated flash time",
            "ms",
        ),
    ];
    // For lessons' click questions: the δk rows of the page map (k = this count after an append).
    if let Some(n) = super::view::focus_records(lab) {
        out.push(Metric::new(
            "focus_delta_records",
            n as f64,
            "delta records on flash of the page shown",
            "records",
        ));
    }
    // `params.flash_model: cells`: the data path ran on the cell model (one line; absent on bytes).
    if let crate::ipa::flash::Flash::Cells(n) = &lab.store.ftl.flash {
        out.push(Metric::new(
            "cell_model_ispp_loops",
            n.ispp_loops as f64,
            "on the cell model: ISPP loops of every program and append",
            "loops",
        ));
    }
    // The compare tab's sides, so a lesson can ask about the baselines.
    if let Some(c) = &lab.compare {
        let oop = counters(&c.oop);
        out.push(Metric::new(
            "cmp_oop_erases",
            oop.erases as f64,
            "out-of-place side: block erases",
            "erases",
        ));
        out.push(Metric::new(
            "cmp_oop_gc_migrations",
            oop.gc_migrations as f64,
            "out-of-place side: GC page migrations",
            "pages",
        ));
        out.push(Metric::new(
            "cmp_ipl_merges",
            c.ipl.counters.merges as f64,
            "IPL side: erase-unit merges",
            "merges",
        ));
    }
    out
}
