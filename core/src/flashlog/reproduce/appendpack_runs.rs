//! The runs the Append/Pack claims link (`plugin::claim_run`): a course-scale scenario of the
//! flashlog lab's Append/Pack mode with the layout the claim computed with.
//!
//! 1. The claim's device (`ApOnSsd::new` on the `fusionio` preset) has `blocks` erase units of
//!    `eb` pages each (one flash block on every die), `eb` in the thousands: over the lab's
//!    256-page limit and too many slots to draw. The course-scale run keeps the number of erase
//!    units, the watermark and the database's share of the device, and shrinks each unit to
//!    `COURSE_EB_PAGES` pages.
//! 2. It writes as many times per database page as the claim did (warm-up and measured phase
//!    together; at most `COURSE_MAX_WRITES`, which still fills the device and packs), with the
//!    claim's access pattern: uniform for Figure 3 (a hot set whose share
//!    of the writes equals its share of the pages), 80 % of the writes on 20 % of the pages for
//!    Figure 3b.
//! 3. The lab's Append/Pack mode counts pages (appends, packing, erases); it does not time the
//!    SSD, so the MB/s and the speed-ups come from the claim's timed run, and the lab's
//!    generator draws writes only, so Figure 3b's reads are left out. `shrunk` says all this.

use serde_json::{Map, Value, json};

use super::super::appendpack::ApConfig;
use super::super::appendpack::ssd_run::ApOnSsd;
use super::appendpack_mix::TPCC_LIKE;
use crate::plugin::{ClaimRun, scenario_document};

const PRESET: &str = "fusionio";
/// Pages per erase unit in the course-scale run (step 1).
pub const COURSE_EB_PAGES: u32 = 8;
/// The most writes a course-scale run makes: the lab's work budget counts up to 2 × blocks
/// packing steps per write, so ~44 erase units allow about 600 (step 2).
pub const COURSE_MAX_WRITES: u64 = 500;

/// The claim's access pattern (step 2).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ApPattern {
    /// Figure 3: uniformly random 4 KB writes.
    Uniform,
    /// Figure 3b: the TPC-C-like mix's skew (its writes only).
    Mix,
}

/// Step 1: the course layout of the claim's device.
fn course_config(real: &ApConfig) -> ApConfig {
    let share = f64::from(real.logical_pages) / f64::from(real.blocks * real.eb_pages);
    let usable = real.blocks.saturating_sub(real.low_watermark_blocks + 2) * COURSE_EB_PAGES;
    let logical = (f64::from(real.blocks * COURSE_EB_PAGES) * share) as u32;
    ApConfig {
        eb_pages: COURSE_EB_PAGES,
        blocks: real.blocks,
        logical_pages: logical.clamp(1, usable.max(1)),
        low_watermark_blocks: real.low_watermark_blocks,
    }
}

/// Steps 1–3: the course-scale run of a claim whose A/P wrote `writes` pages (warm-up and
/// measured phase) at `blocks_per_plane` and `db_fraction`. None if the device cannot be built.
pub fn course_run(
    blocks_per_plane: u32,
    db_fraction: f64,
    writes: u64,
    pattern: ApPattern,
    seed: u64,
) -> Option<ClaimRun> {
    let real = ApOnSsd::new(PRESET, blocks_per_plane, db_fraction, 32)
        .ok()?
        .ap
        .config;
    let course = course_config(&real);
    let per_page = writes as f64 / f64::from(real.logical_pages.max(1));
    let wanted = ((per_page * f64::from(course.logical_pages)).ceil() as u64).max(1);
    let course_writes = wanted.min(COURSE_MAX_WRITES);
    let (hot_pages, hot_fraction) = match pattern {
        ApPattern::Uniform => {
            let hot = (course.logical_pages / 5).max(1);
            (hot, f64::from(hot) / f64::from(course.logical_pages))
        }
        ApPattern::Mix => {
            let hot = (f64::from(course.logical_pages) * TPCC_LIKE.hot_pages_fraction) as u32;
            (hot.max(1), TPCC_LIKE.hot_ops_share)
        }
    };
    let mut body = Map::new();
    body.insert("mode".into(), json!("append_pack"));
    body.insert(
        "append_pack".into(),
        json!({
            "eb_pages": course.eb_pages,
            "blocks": course.blocks,
            "logical_pages": course.logical_pages,
            "low_watermark_blocks": course.low_watermark_blocks,
        }),
    );
    body.insert(
        "workload".into(),
        json!({"generator": {
            "writes": course_writes,
            "hot_pages": hot_pages,
            "hot_fraction": hot_fraction,
        }}),
    );
    let course_per_page = course_writes as f64 / f64::from(course.logical_pages);
    let title = format!(
        "Append/Pack at {:.0} % of the device, {course_per_page:.1} writes per page (course scale)",
        db_fraction * 100.0
    );
    let doc: Value = scenario_document("flashlog", &title, seed, body);
    let reads = match pattern {
        ApPattern::Uniform => "",
        ApPattern::Mix => {
            "; the mix's reads (two thirds of its operations) are left out, the lab's generator \
             drawing writes only"
        }
    };
    let fewer = if course_writes < wanted {
        format!(
            "; {course_per_page:.1} writes per page instead of the claim's {per_page:.1} (the \
             lab's work budget)"
        )
    } else {
        String::new()
    };
    let shrunk = format!(
        "each of the {} erase units has {} pages instead of {} (the same database share and \
         watermark){fewer}; the lab counts A/P's appends, packing and erases \
         but does not time the SSD, so the MB/s come from the claim's timed run{reads}",
        real.blocks, course.eb_pages, real.eb_pages
    );
    Some(ClaimRun::course_scale("Append/Pack", doc, &shrunk))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_course_layout_keeps_the_units_and_the_database_share() {
        let real = ApConfig {
            eb_pages: 5120,
            blocks: 40,
            logical_pages: 163_840,
            low_watermark_blocks: 2,
        };
        let course = course_config(&real);
        assert_eq!(course.blocks, 40);
        assert_eq!(course.eb_pages, COURSE_EB_PAGES);
        assert_eq!(course.logical_pages, 256);
        assert!(course.validate().is_ok());
    }
}
