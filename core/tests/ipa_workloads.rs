//! Workloads on the IPA store and the baselines: deterministic from a seed, correct against a
//! map, and the three-way race in the paper's direction.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use flashlab_core::device::nand::CellType;
use flashlab_core::ipa::baseline::ipl::IplConfig;
use flashlab_core::ipa::compare::three_way;
use flashlab_core::ipa::workload::{Workload, tatp::Tatp, tpcb::TpcB, tpcc::TpcC};
use flashlab_core::ipa::{Eviction, IpaMode, IpaStore, Scheme, StoreConfig};

fn cfg(scheme: Scheme) -> StoreConfig {
    StoreConfig {
        page_bytes: 4096,
        scheme,
        fields: 4,
        buffer_frames: 12,
        eviction: Eviction::Eager {
            dirty_permille: 125,
        },
        mode: IpaMode::Slc,
        cell_type: CellType::Slc,
        nop: 4,
        blocks: 32,
        wordlines_per_block: 16,
        over_provisioning: 0.1,
        db_page_spans_pair: false,
    }
}

#[test]
fn tpcb_tpcc_tatp_races_show_ipa_below_ipl_and_out_of_place() {
    let cases = [
        (
            "TPC-B",
            Workload::TpcB(TpcB::new(2, 1500)),
            Scheme { n: 2, m: 4, v: 12 },
        ),
        (
            "TPC-C",
            Workload::TpcC(TpcC::new(3000, 1500)),
            Scheme { n: 2, m: 3, v: 12 },
        ),
        (
            "TATP",
            Workload::Tatp(Tatp::new(3000)),
            Scheme { n: 2, m: 4, v: 12 },
        ),
    ];
    for (name, w, scheme) in cases {
        let r = three_way(&cfg(scheme), &w, 7, 800, IplConfig::paper()).unwrap();
        assert!(
            r.ipa.ratios.ipa_fraction > 0.2,
            "{name}: {:?}",
            r.ipa.ratios
        );
        assert!(r.ipa.write_ios < r.out_of_place.write_ios, "{name}");
        assert!(
            r.ipa.ratios.read_amplification < r.ipl_read_amplification,
            "{name}"
        );
        assert!(
            r.ipa.ratios.write_amplification < r.ipl_write_amplification,
            "{name}"
        );
        assert!(r.ipa.flash.erases <= r.ipl_erases, "{name}");
        let (ipa, oop) = (r.ipa.ratios, r.out_of_place.ratios);
        assert!(
            ipa.gc_erases_per_host_write <= oop.gc_erases_per_host_write,
            "{name}"
        );
    }
}

#[test]
fn the_same_seed_gives_the_same_run() {
    let w = Workload::TpcC(TpcC::new(2000, 1000));
    let a = three_way(
        &cfg(Scheme { n: 2, m: 3, v: 12 }),
        &w,
        3,
        200,
        IplConfig::paper(),
    )
    .unwrap();
    let b = three_way(
        &cfg(Scheme { n: 2, m: 3, v: 12 }),
        &w,
        3,
        200,
        IplConfig::paper(),
    )
    .unwrap();
    assert_eq!(a, b);
    let _ = IpaStore::new(cfg(Scheme::none())).unwrap();
}
