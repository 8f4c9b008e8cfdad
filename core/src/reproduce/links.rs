//! Which course scenario produces each claim: the paper-results page opens it from the claim's
//! row, so a student can vary what the claim measured.
//!
//! 1. One table per lab of (claim-id prefix, scenario name); a scenario is the file
//!    `scenarios/<lab>/<name>.json`. The claims themselves stay as their labs wrote them.
//! 2. A claim takes the scenario of its longest matching prefix (`seed002.fig9a` before
//!    `seed002.fig9`). `core/tests/reproduce_links.rs` runs every lab's claims and checks that
//!    each one maps to a scenario that exists and loads.

use serde::Serialize;

use super::Claim;

/// (lab, claim-id prefix, scenario name).
pub const LINKS: &[(&str, &str, &str)] = &[
    ("hdd", "seed003.table1.hdd1980", "table1-hdd-1980"),
    ("hdd", "seed003.table1.hdd2010", "table1-hdd-2010"),
    ("hdd", "masm.s52", "sequential-scan"),
    ("ssd", "seed000.x25e", "explicit-ops"),
    ("ssd", "seed001.table1.ssd", "random-writes-gc"),
    ("ssd", "seed001.table2", "random-writes-gc"),
    ("ssd", "seed001.table2.ssd_fast.seq", "sequential-writes"),
    ("ssd", "seed003.table1.ssd2010", "random-writes-gc"),
    ("ssd", "seed003.table1.ssd2010.seq", "sequential-writes"),
    ("ssd", "seed003.table1.ssd2010.scan", "sequential-writes"),
    ("ssd", "seed003.s2_2", "random-writes-gc"),
    ("ssd", "waf.", "random-writes-gc"),
    ("nand", "nand.ispp", "ispp-step-size"),
    ("nand", "nand.tprog.mlc", "mlc-lsb-vs-msb"),
    ("nand", "nand.tprog.tlc", "tlc-levels"),
    ("nand", "nand.tr.tlc", "tlc-levels"),
    ("nand", "nand.rber", "wear-widening"),
    ("masm", "seed000.fig10", "shrinking-memory"),
    ("masm", "seed000.thm31", "shrinking-memory-rare-queries"),
    ("masm", "seed000.thm32", "life-of-an-update"),
    ("masm", "seed000.table3", "compare-baselines"),
    ("masm", "seed000.s45", "compare-baselines"),
    ("masm", "seed000.fig12", "run-index-coarse"),
    ("masm", "seed000.fig16", "compare-baselines"),
    ("masm", "seed000.fig16.masm_fine", "run-index-fine"),
    ("masm", "seed000.fig19", "cache-on-a-disk"),
    ("masm", "seed000.fig20", "migration-is-safe"),
    ("fdtree", "seed002.calibration", "merge-block-by-block"),
    ("fdtree", "seed002.fig1", "why-worst-case-latency"),
    ("fdtree", "seed002.fig10", "why-worst-case-latency"),
    ("fdtree", "seed002.fig6", "why-worst-case-latency"),
    ("fdtree", "seed002.fig7", "why-worst-case-latency"),
    ("fdtree", "seed002.fig9", "merge-block-by-block"),
    ("fdtree", "seed002.fig9a", "ds-writers-wait"),
    ("fdtree", "seed002.space", "why-worst-case-latency"),
    ("fdtree", "seed002.rem", "merge-block-by-block"),
    ("ipa", "seed004.tab_", "life-of-page-4711"),
    ("ipa", "seed004.fig1", "four-byte-update-to-cells"),
    ("ipa", "seed004.tab1", "three-way-race"),
    ("ipa", "seed004.tab2", "three-way-race"),
    ("ipa", "seed004.tab6_10", "buffer-size-large"),
    ("ipa", "seed004.abstract", "three-way-race"),
    ("layouts", "seed001.run", "crossover-disk"),
    ("layouts", "seed001.E1", "crossover-disk"),
    ("layouts", "seed001.E1.ssd_fast", "no-crossover-flash"),
    ("layouts", "seed001.E2", "no-crossover-flash"),
    ("layouts", "seed001.E3", "crossover-disk"),
    ("layouts", "seed001.EXT.pax", "pax-on-flash"),
    ("layouts", "seed001.E9", "prefetch-and-seeks"),
    ("layouts", "seed001.E4", "crossover-disk"),
    ("layouts", "seed001.E5", "no-crossover-flash"),
    ("layouts", "seed001.E7", "prefetch-and-seeks"),
    ("layouts", "seed001.E8", "index-scan"),
    ("layouts", "seed001.E10", "no-crossover-flash"),
    ("layouts", "seed001.E11", "concurrent-cfq"),
    ("layouts", "seed001.E11.ssd_fast", "concurrent-noop"),
    (
        "flashlog",
        "seed003.flashlog",
        "flashlogging-vs-disk-vs-ideal",
    ),
    (
        "flashlog",
        "seed003.flashlog.ideal",
        "ideal-disk-loses-commits",
    ),
    ("flashlog", "seed003.flashlog.reissue", "outlier-reissued"),
    ("flashlog", "seed003.appendpack", "append-pack-packing"),
];

/// Step 2: the scenario of `lab` that produces claim `id`, if the table names one.
pub fn scenario_for(lab: &str, id: &str) -> Option<&'static str> {
    LINKS
        .iter()
        .filter(|(l, prefix, _)| *l == lab && id.starts_with(prefix))
        .max_by_key(|(_, prefix, _)| prefix.len())
        .map(|(_, _, scenario)| *scenario)
}

/// A claim with the scenario that produces it (the paper-results page's row).
#[derive(Debug, Clone, Serialize)]
pub struct LinkedClaim {
    #[serde(flatten)]
    pub claim: Claim,
    /// `scenarios/<lab>/<scenario>.json`; `None` when the table names none (a test fails then).
    pub scenario: Option<&'static str>,
}

/// One lab's claims with their scenarios.
pub fn link(lab: &str, claims: Vec<Claim>) -> Vec<LinkedClaim> {
    claims
        .into_iter()
        .map(|claim| LinkedClaim {
            scenario: scenario_for(lab, &claim.id),
            claim,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_longest_matching_prefix_wins() {
        assert_eq!(
            scenario_for("fdtree", "seed002.fig9a.no_sharing"),
            Some("ds-writers-wait")
        );
        assert_eq!(
            scenario_for("fdtree", "seed002.fig9.level_skipping"),
            Some("merge-block-by-block")
        );
        assert_eq!(scenario_for("hdd", "seed002.fig9"), None);
    }

    #[test]
    fn every_link_names_a_built_lab() {
        for (lab, _, _) in LINKS {
            assert!(crate::labs::BUILT_LABS.contains(lab), "{lab}");
        }
    }
}
