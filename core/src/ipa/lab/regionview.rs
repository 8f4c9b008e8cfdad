//! The regions panel (lab module header, step 5): every region of the database side by side —
//! its mode, its C.2 pairing, its tables, its geometry, how many of its DB pages can take an
//! append now, and its counters (`counters`, the same payload the counters card shows).

use super::IpaLab;
use super::payload::{IpaCounters, IpaRegionView};
use super::regions::MAIN;
use crate::ipa::metrics::amplification;
use crate::ipa::noftl::IpaMode;
use crate::ipa::store::IpaStore;

/// A store's counters and App. B ratios, `p` = flash pages per DB page (2 with C.2 pairs: an
/// out-of-place write programs both, an append only the LSB one).
pub fn counters(store: &IpaStore) -> IpaCounters {
    let c = &store.counters;
    let f = &store.ftl.counters;
    let a = amplification(c, f, store.ftl.pages_per_db_page() as f64);
    IpaCounters {
        transactions: c.transactions,
        host_writes: c.write_backs,
        appends: c.appends,
        out_of_place_writes: c.out_of_place_writes,
        new_page_writes: c.new_page_writes,
        page_fetches: c.page_fetches,
        buffer_hits: c.buffer_hits,
        gc_migrations: f.gc_migrations,
        erases: f.erases,
        write_amplification: a.write_amplification,
        read_amplification: a.read_amplification,
        ipa_percent: a.ipa_fraction * 100.0,
        gc_migrations_per_host_write: a.gc_migrations_per_host_write,
        gc_erases_per_host_write: a.gc_erases_per_host_write,
    }
}

fn mode_name(mode: IpaMode) -> &'static str {
    match mode {
        IpaMode::Slc => "slc",
        IpaMode::PSlc => "pslc",
        IpaMode::OddMlc => "odd_mlc",
        IpaMode::NoIpa => "no_ipa",
    }
}

fn region(name: &str, tables: &[u64], s: &IpaStore) -> IpaRegionView {
    let ftl = &s.ftl;
    let mapped: Vec<u32> = (0..ftl.logical_pages() as u32)
        .filter(|&l| ftl.ppa(l).is_ok())
        .collect();
    let appendable = if s.layout.scheme.n == 0 {
        0
    } else {
        mapped.iter().filter(|&&l| ftl.can_append(l)).count()
    };
    IpaRegionView {
        name: name.to_string(),
        mode: mode_name(ftl.mode).to_string(),
        c2_pairs: ftl.pairs,
        tables: tables.to_vec(),
        blocks: ftl.flash.block_count() as u64,
        flash_pages_per_block: ftl.flash.pages_per_block() as u64,
        db_pages_per_block: ftl.usable_pages.len() as u64,
        page_bytes: s.cfg.page_bytes as u64,
        mapped_pages: mapped.len() as u64,
        appendable_pages: appendable as u64,
        free_blocks: ftl.free_blocks.len() as u64,
        counters: counters(s),
    }
}

/// The device's own region first, then `device.regions` in order.
pub fn regions(lab: &IpaLab) -> Vec<IpaRegionView> {
    std::iter::once(region(MAIN, &[], &lab.store))
        .chain(
            lab.regions
                .iter()
                .map(|r| region(&r.name, &r.tables, &r.store)),
        )
        .collect()
}
