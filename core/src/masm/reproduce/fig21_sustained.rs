//! Fig. 21 (§5.2): the sustained update rate of MaSM with three SSD sizes, and of in-place
//! updates. The paper: "(i) compared to in-place updates which perform random disk I/Os, MaSM
//! schemes achieve orders of magnitude higher sustained update rates; and (ii) as expected,
//! doubling the SSD space roughly doubles the sustained update rate". With the migration
//! threshold at 50 %, a table scan with migration migrates the updates in one half of the SSD
//! while the other half takes the incoming ones: in steady state, half the SSD's updates are
//! absorbed per migrating scan.
//!
//! 1. Scale: 1/10, as Fig. 20: a 10 GiB table and SSD spaces of 200, 400 and 800 MiB for the
//!    paper's 2, 4 and 8 GB [choice: the paper does not list its three sizes; 4 GB is its
//!    default cache]. Each table page then receives as many updates per migration as at paper
//!    scale, and a rate in updates per second is the paper-scale rate.
//! 2. MaSM at SSD space S: MaSM-M with M² pages of 64 KiB ≈ S (M = 57, 80, 113), filled to the
//!    50 % threshold (`setup::fill`: queries read the cache while it fills), then migrated into
//!    the table page by page as Fig. 20 does (`migrate_step` + `migrate_page_cost`, read then
//!    write back in place, each page issued when the previous one is written): T(S) is the time
//!    of that scan with migration.
//! 3. Rate(S) = (½ · M² · 64 KiB / record bytes) / T(S), with §5.1's 100-byte table records
//!    [choice: the paper gives no update size; Fig. 18's "10,000 updates ≈ 8 MB" implies about
//!    800 B, which would divide every MaSM rate by 8].
//! 4. In-place, "the best update rate by performing only updates, without concurrent queries":
//!    one closed-loop updater of uniformly random 4 KiB read-modify-writes over the paper-scale
//!    100 GiB table, served as the in-place baseline serves an update (`InPlace::update`),
//!    `IN_PLACE_UPDATES` of them.
//! 5. Claims: Rate(4 GB)/Rate(2 GB) and Rate(8 GB)/Rate(4 GB), each "roughly 2" (±25 %, the
//!    policy's measured tolerance); Rate(2 GB) over the in-place rate, "orders of magnitude"
//!    read as at least 100× (two orders, the plural). The fills and the in-place positions are
//!    seeded: medians over `DEFAULT_SEEDS`.

use super::course::PaperRun;
use super::fig20_migration::time_migration;
use super::setup::{GIB, KIB, MIB, fill, io_config, masm_config, table_layout, x25e};
use crate::masm::Granularity;
use crate::masm::baseline::BASELINE_PAGE_BYTES;
use crate::masm::io::Devices;
use crate::plugin::seeds::{DEFAULT_SEEDS, measure_rows};
use crate::plugin::{Claim, ClaimRun, SeedSpread};
use crate::sim::Rng;

/// Step 1: the 1/10-scale table of the MaSM runs.
const TABLE_BYTES: u64 = 10 * GIB;
/// Step 4: the in-place updates run on the paper's own table size.
const PAPER_TABLE_BYTES: u64 = 100 * GIB;
/// Step 2: M for SSD spaces of about 200, 400 and 800 MiB (M² pages of 64 KiB).
pub const M_FOR_SPACE: [u64; 3] = [57, 80, 113];
/// The paper-scale SSD spaces those stand for (GB), for the claims' words.
const PAPER_SPACE_GB: [u64; 3] = [2, 4, 8];
const CACHE_PAGE_BYTES: u64 = 64 * KIB;
/// Step 3: §5.1's record size.
pub const RECORD_BYTES: u64 = 100;
/// Step 4: updates timed for the in-place rate.
const IN_PLACE_UPDATES: u64 = 2_000;
/// Queries that read the cache while it fills (as Fig. 20's fill).
const FILL_SCANS: u64 = 8;
const TOLERANCE_PCT: f64 = 25.0;
/// "Orders of magnitude": at least two.
const ORDERS_BOUND: f64 = 100.0;
const SEED_SALT: u64 = 0x21;

/// One seed's measurements.
#[derive(Debug, Clone, PartialEq)]
pub struct Sustained {
    /// Step 3: updates per second at each SSD space of `M_FOR_SPACE`.
    pub masm_rates: [f64; 3],
    /// Step 2: the migrating scan's time at each space (ns).
    pub migration_ns: [u64; 3],
    /// Step 4: in-place updates per second.
    pub in_place_rate: f64,
}

/// The course-scale run (`course`): the 4 GB point's cache filled to the 50 % threshold, whose
/// last flush starts the migration the lab then times page by page.
pub fn claim_run() -> ClaimRun {
    let m_pages = M_FOR_SPACE[1];
    let cfg = masm_config(m_pages, (1, 1), Granularity::Coarse, TABLE_BYTES, false);
    let run = PaperRun {
        cfg: &cfg,
        table_bytes: TABLE_BYTES,
        fill_pages: m_pages * m_pages / 2,
        fill_scans: FILL_SCANS,
        range_bytes: KIB * 4,
        scans: 0,
        cache: x25e(),
        compare: false,
        page_bytes: CACHE_PAGE_BYTES,
    };
    run.course_run(
        "MaSM-M, cache at the 50 % threshold, migration",
        "Fig. 21 course-scale: a half-full cache migrates into the table",
        DEFAULT_SEEDS[0],
    )
}

/// Steps 2–3 at one SSD space: (updates per second, migration ns).
fn masm_rate(m_pages: u64, seed: u64) -> Result<(f64, u64), String> {
    let cfg = masm_config(m_pages, (1, 1), Granularity::Coarse, TABLE_BYTES, false);
    let half_pages = m_pages * m_pages / 2;
    let mut masm = fill(cfg, half_pages, FILL_SCANS, seed).map_err(|e| e.to_string())?;
    let io = io_config(TABLE_BYTES, x25e(), CACHE_PAGE_BYTES * m_pages * m_pages);
    let table = table_layout(TABLE_BYTES);
    let mut dev = Devices::new(&io)?;
    let (ready_ns, _) = time_migration(&mut masm, &mut dev, &table)?;
    let updates = (half_pages * CACHE_PAGE_BYTES / RECORD_BYTES) as f64;
    Ok((updates / (ready_ns.max(1) as f64 / 1e9), ready_ns))
}

/// Step 4: in-place updates per second on the paper-scale table.
fn in_place_rate(seed: u64) -> Result<f64, String> {
    let io = io_config(PAPER_TABLE_BYTES, x25e(), 64 * MIB);
    let mut dev = Devices::new(&io)?;
    let mut rng = Rng::new(seed ^ SEED_SALT);
    let pages = PAPER_TABLE_BYTES / BASELINE_PAGE_BYTES;
    let mut ready_ns = 0;
    for _ in 0..IN_PLACE_UPDATES {
        let offset = rng.below(pages) * BASELINE_PAGE_BYTES;
        ready_ns = dev
            .hdd
            .read_modify_write(ready_ns, offset, BASELINE_PAGE_BYTES)
            .end_ns;
    }
    Ok(IN_PLACE_UPDATES as f64 / (ready_ns.max(1) as f64 / 1e9))
}

/// Steps 2–4 for one seed.
pub fn measure_seeded(seed: u64) -> Result<Sustained, String> {
    let mut masm_rates = [0.0; 3];
    let mut migration_ns = [0; 3];
    for (i, &m) in M_FOR_SPACE.iter().enumerate() {
        (masm_rates[i], migration_ns[i]) = masm_rate(m, seed)?;
    }
    Ok(Sustained {
        masm_rates,
        migration_ns,
        in_place_rate: in_place_rate(seed)?,
    })
}

/// Step 5.
pub fn claims() -> Vec<Claim> {
    let rows = measure_rows(&DEFAULT_SEEDS, |seed| {
        measure_seeded(seed).map(|s| {
            vec![
                s.masm_rates[1] / s.masm_rates[0],
                s.masm_rates[2] / s.masm_rates[1],
                s.masm_rates[0] / s.in_place_rate,
                s.masm_rates[0],
                s.masm_rates[1],
                s.masm_rates[2],
                s.in_place_rate,
                s.migration_ns[0] as f64 / 1e9,
                s.migration_ns[2] as f64 / 1e9,
            ]
        })
    });
    let rows = match rows {
        Ok(rows) => rows,
        Err(e) => {
            let failed = SeedSpread::once(f64::NAN, false);
            return spec_claims(
                [failed.clone(), failed.clone(), failed],
                format!("SIMULATION FAILED: {e}"),
                format!("the simulation failed: {e}"),
            );
        }
    };
    let m = |i: usize| rows[i].median;
    let method = format!(
        "scaled 1/10: MaSM-M (coarse index) at M = {M_FOR_SPACE:?} (SSD spaces of about 200, \
         400 and 800 MiB for the paper's 2, 4 and 8 GB) filled to the 50 % threshold, then one \
         table scan migrating it into a 10 GiB table on barracuda-7200-200gb (migrate_step + \
         migrate_page_cost per 1 MiB page), {:.0} s at 2 GB and {:.0} s at 8 GB; rates of \
         {RECORD_BYTES}-byte updates {:.0}, {:.0} and {:.0} per second; in-place: \
         {IN_PLACE_UPDATES} closed-loop random 4 KiB read-modify-writes on a 100 GiB table, \
         {:.0} updates per second (medians over seeds {DEFAULT_SEEDS:?})",
        m(7),
        m(8),
        m(3),
        m(4),
        m(5),
        m(6)
    );
    // Why the last claim misses, from the measured rates: the 4 and 8 GB points, and the update
    // size at which the 2 GB point would reach the bound (rates scale as 1 / record bytes).
    let orders_miss = format!(
        "MaSM at 2 GB sustains {:.0} updates of {RECORD_BYTES} B per second against in-place's \
         {:.0} (one random 4 KiB read-modify-write at a time): {:.0}x, under two orders of \
         magnitude; the 4 and 8 GB points give {:.0}x and {:.0}x; at 2 GB, 100x needs updates \
         of at most {:.0} B",
        m(3),
        m(6),
        m(2),
        m(4) / m(6),
        m(5) / m(6),
        RECORD_BYTES as f64 * m(2) / ORDERS_BOUND
    );
    spec_claims(
        [rows[0].clone(), rows[1].clone(), rows[2].clone()],
        method,
        orders_miss,
    )
}

/// The three claims from their spreads: 4 GB over 2 GB, 8 GB over 4 GB, 2 GB over in-place.
fn spec_claims(spreads: [SeedSpread; 3], method: String, orders_miss: String) -> Vec<Claim> {
    let differences = "scaled 1/10 (a 10 GiB table; 200, 400 and 800 MiB of SSD space: the same \
                       updates per table page as at paper scale); the paper does not list its \
                       three SSD sizes (2, 4 and 8 GB chosen, 4 GB being its default cache) nor \
                       its update size (§5.1's 100-byte records; Fig. 18 implies about 800 B, \
                       which would divide the MaSM rates by 8 and decide the 'orders of \
                       magnitude' verdict); a device model stands for the paper's disk; the \
                       SSD's run reads overlap the disk work and are not charged (as Fig. 20)";
    let [low, high, orders] = spreads;
    let doubling = |id: &str, from: usize, spread: SeedSpread| {
        Claim::new(
            id,
            &format!(
                "Fig. 21: doubling the SSD space from {} to {} GB roughly doubles MaSM's \
                 sustained update rate",
                PAPER_SPACE_GB[from],
                PAPER_SPACE_GB[from + 1]
            ),
            "x",
            2.0,
            spread.median,
            TOLERANCE_PCT,
            method.clone(),
        )
        .differences(differences)
        .over_seeds(spread)
        .run(claim_run())
    };
    vec![
        doubling("seed000.fig21.doubling_2_to_4gb", 0, low),
        doubling("seed000.fig21.doubling_4_to_8gb", 1, high),
        Claim::at_least(
            "seed000.fig21.masm_over_in_place",
            "Fig. 21: MaSM's sustained update rate (2 GB of SSD) is orders of magnitude above \
             in-place updates' (read as at least 100x)",
            "x",
            ORDERS_BOUND,
            orders.median,
            method.clone(),
        )
        .differences(differences)
        .over_seeds(orders)
        .if_missed(&orders_miss)
        .run(claim_run()),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_in_place_rate_is_one_random_read_modify_write_at_a_time() {
        // Two random 4 KiB accesses per update on a 7,200 rpm disk: each at least a few ms,
        // so a closed loop stays below 250 updates per second and above 20.
        let rate = in_place_rate(1).expect("runs");
        assert!((20.0..250.0).contains(&rate), "{rate}");
    }

    #[test]
    fn a_migrating_scan_absorbs_half_the_ssd_space_in_updates() {
        let (rate, ns) = masm_rate(M_FOR_SPACE[0], 1).expect("runs");
        let half = (M_FOR_SPACE[0] * M_FOR_SPACE[0] / 2 * CACHE_PAGE_BYTES / RECORD_BYTES) as f64;
        assert!((rate * ns as f64 / 1e9 - half).abs() / half < 1e-9);
    }
}
