//! Append/Pack under a read/write mix (paper §2.2, Figure 3b: "a TPCC-like workload ... in a
//! read/write mix ... 400MB/s throughput as a result of combining reads and writes", "speedups
//! up to 9X" over the same TPC-C system without A/P) on the SSD lab's `fusionio` preset.
//!
//! 1. One mix (`appendpack::mix_run`): a third of the operations write [choice: TPC-C's page
//!    reads outnumber its writes; the paper gives no ratio], 80 % of them on 20 % of the pages
//!    [choice: the skew that makes A/P's premise — hot pages are invalidated before packing —
//!    hold], over a database of `db_fraction` of the device for both layouts.
//! 2. Both layouts are loaded, warmed up with `warmup_device_writes` × the device's pages of
//!    writes (the FTL's and A/P's steady state), and measured over one device's pages of
//!    operations.
//! 3. The speed-up is A/P's combined MB/s over in-place's; A/P's combined MB/s is set beside
//!    the paper's 400 MB/s.
//! 4. The speed-up as a curve over the database's share of the device (`DB_FRACTION_CURVE`; the
//!    paper gives no database size), beside the claim's fraction.
//! 5. The cost of crash safety: the same A/P run with `set_crash_safe()` (the packing the crash
//!    sweep showed is needed), its MB/s and A/P write amplification beside the plain one's.

use super::super::appendpack::mix_run::{
    Mix, MixRate, MixRun, PackingSources, append_pack_mix, in_place_mix,
};
use super::super::appendpack::ssd_run::ApOnSsd;
use super::super::error::FlashLogError;
use super::{Kind, Reproduced};

const PRESET: &str = "fusionio";

/// Step 1's mix.
pub const TPCC_LIKE: Mix = Mix {
    write_share: 1.0 / 3.0,
    hot_ops_share: 0.8,
    hot_pages_fraction: 0.2,
};

/// One seed's runs.
#[derive(Debug, Clone, PartialEq)]
pub struct Figure3b {
    pub db_fraction: f64,
    pub db_pages: u32,
    pub append_pack: MixRate,
    pub ap_write_amplification: f64,
    /// Where packing's copies came from (append tails, pack-log cleaning).
    pub packing: PackingSources,
    pub in_place: MixRate,
}

/// Step 2's setup at `blocks_per_plane` (lab scale), and the database's pages.
fn setup(
    blocks_per_plane: u32,
    db_fraction: f64,
    warmup_device_writes: f64,
    seed: u64,
) -> Result<(MixRun<'static>, u32), FlashLogError> {
    let probe = ApOnSsd::new(PRESET, blocks_per_plane, db_fraction, 32)?;
    let device_pages = u64::from(probe.ssd.logical_pages());
    let run = MixRun {
        preset: PRESET,
        blocks_per_plane,
        mix: TPCC_LIKE,
        warmup: (device_pages as f64 * warmup_device_writes / TPCC_LIKE.write_share) as u64,
        ops: device_pages,
        seed,
    };
    Ok((run, probe.ap.config.logical_pages))
}

/// Steps 1–3 at `blocks_per_plane` (lab scale).
pub fn figure3b(
    blocks_per_plane: u32,
    db_fraction: f64,
    warmup_device_writes: f64,
    seed: u64,
) -> Result<Figure3b, FlashLogError> {
    let (run, db_pages) = setup(blocks_per_plane, db_fraction, warmup_device_writes, seed)?;
    let ap = append_pack_mix(&run, db_fraction, false)?;
    Ok(Figure3b {
        db_fraction,
        db_pages,
        append_pack: ap.rate,
        ap_write_amplification: ap.ap_write_amplification,
        packing: ap.packing,
        in_place: in_place_mix(&run, db_pages)?,
    })
}

/// Step 4: the database fractions the curve runs besides the claim's.
pub const DB_FRACTION_CURVE: [f64; 3] = [0.5, 0.6, 0.7];

/// Step 5: what crash-safe packing costs, at seed `seed`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CrashSafeCost {
    pub mb_per_s: f64,
    pub ap_write_amplification: f64,
    pub ssd_write_amplification: f64,
}

/// Step 5 at `blocks_per_plane` (lab scale).
pub fn crash_safe_cost(
    blocks_per_plane: u32,
    db_fraction: f64,
    warmup_device_writes: f64,
    seed: u64,
) -> Result<CrashSafeCost, FlashLogError> {
    let (run, _) = setup(blocks_per_plane, db_fraction, warmup_device_writes, seed)?;
    let r = append_pack_mix(&run, db_fraction, true)?;
    Ok(CrashSafeCost {
        mb_per_s: r.rate.mb_per_s,
        ap_write_amplification: r.ap_write_amplification,
        ssd_write_amplification: r.rate.ssd_write_amplification,
    })
}

pub fn claims(f: &Figure3b, method: &str) -> Vec<Reproduced> {
    vec![
        Reproduced {
            id: "seed003.appendpack.mix_speedup",
            claim: "Append/Pack on a TPC-C-like read/write mix: speedups up to 9× over the same \
                    system without it (§2.2, Figure 3b)",
            unit: "×",
            paper: 9.0,
            simulated: f.append_pack.mb_per_s / f.in_place.mb_per_s,
            kind: Kind::Reproduction,
            method: format!(
                "combined read+write MB/s, A/P over in-place, database = {:.0} % of the device \
                 for both; {method}",
                f.db_fraction * 100.0
            ),
        },
        Reproduced {
            id: "seed003.appendpack.mix_combined_mb_s",
            claim: "Append/Pack holds about 400 MB/s combined reads and writes on a TPC-C-like \
                    mix, the most the device could offer (§2.2, Figure 3b)",
            unit: "MB/s",
            paper: 400.0,
            simulated: f.append_pack.mb_per_s,
            kind: Kind::Reproduction,
            method: format!("A/P's combined read+write MB/s at steady state; {method}"),
        },
    ]
}
