//! The digest's invariants (§5), evaluated after every step on what the step touched (flash
//! pages change only through the operations a step journals, so untouched pages cannot break).
//!
//! 1. `answers_equal_a_plain_map`: every `get` so far equalled the plain map (both sides of the
//!    race too).
//! 2. `charge_never_falls`: no bit of an appended byte goes 0 → 1 (a programmed cell never
//!    loses charge; ISPP can only add it); the zoom shows the same on the cell model.
//! 3. `append_programs_only_erased_cells_of_its_slots`: every append starts at a delta slot,
//!    covers whole records, inside the area, onto bytes that were all 0xFF.
//! 4. `programs_per_page_at_most_1_plus_n_and_nop`: between erases.
//! 5. `page_read_is_base_plus_deltas`: a clean buffered page equals its flash page with its
//!    delta records applied in order; every key of a touched page is where the index says.
//! 6. `erase_counts_only_grow`, 7. `mapping_is_consistent` (L2P/P2L, valid counts, free blocks
//!    unprogrammed, Σ erase counts), 8. `nothing_lost_across_gc`: mapped pages never decrease.

use super::IpaLab;
use crate::ipa::delta::apply;
use crate::ipa::noftl::FlashOp;
use crate::ipa::page::NsmPage;
use crate::sim::InvariantCheck;

/// The checks of the latest step, appended to `out`. They need the step's journal, so the step
/// evaluates them (`IpaLab::evaluate_checks`) and this reports what it kept.
pub fn check_invariants(lab: &IpaLab, out: &mut Vec<InvariantCheck>) {
    out.extend(lab.checks.iter().cloned())
}

impl IpaLab {
    /// Evaluates the invariants on what the step just touched (called at the end of a step).
    pub fn evaluate_checks(&mut self) -> Vec<InvariantCheck> {
        let mut out = vec![InvariantCheck::check(
            "answers_equal_a_plain_map",
            self.mismatch.is_none(),
            || self.mismatch.clone().unwrap_or_default(),
        )];
        let falls = self.last.flash_ops.iter().find_map(|op| match op {
            FlashOp::Append {
                lba,
                offset,
                before,
                after,
                ..
            } => before
                .iter()
                .zip(after)
                .position(|(b, a)| a & !b != 0)
                .map(|i| (*lba, offset + i)),
            _ => None,
        });
        out.push(InvariantCheck::check(
            "charge_never_falls",
            falls.is_none(),
            || {
                let (lba, at) = falls.unwrap_or_default();
                format!("page {lba} byte {at}: a programmed bit would read erased again")
            },
        ));
        out.push(self.append_check());
        out.push(self.programs_check());
        out.push(self.page_check());
        let flash = &self.store.ftl.flash;
        let counts: Vec<u64> = (0..flash.block_count())
            .map(|b| flash.erase_count(b))
            .collect();
        let shrank = counts
            .iter()
            .zip(&self.prev_erase_counts)
            .position(|(now, before)| now < before);
        out.push(InvariantCheck::check(
            "erase_counts_only_grow",
            shrank.is_none(),
            || format!("block {}'s erase count went down", shrank.unwrap_or(0)),
        ));
        self.prev_erase_counts = counts;
        out.push(mapping_check(&self.store.ftl));
        let mapped = self.store.ftl.l2p.iter().filter(|p| p.is_some()).count();
        out.push(InvariantCheck::check(
            "nothing_lost_across_gc",
            mapped >= self.prev_mapped,
            || format!("mapped pages fell from {} to {mapped}", self.prev_mapped),
        ));
        self.prev_mapped = mapped;
        // The regions the step's op ran on (module header, step 5), as `mapping_is_consistent`.
        let broken = self.last.regions.iter().find_map(|&i| {
            let r = self.regions.get(i)?;
            mapping_fault(&r.store.ftl).map(|e| format!("region {}: {e}", r.name))
        });
        out.push(InvariantCheck::check(
            "every_region_mapping_is_consistent",
            broken.is_none(),
            || broken.clone().unwrap_or_default(),
        ));
        out
    }

    fn append_check(&self) -> InvariantCheck {
        let layout = &self.store.layout;
        let rec = layout.scheme.record_bytes().max(1);
        let bad = self.last.flash_ops.iter().find_map(|op| match op {
            FlashOp::Append {
                lba,
                offset,
                before,
                after,
                ..
            } => {
                let slot_ok = *offset >= layout.area_start
                    && (offset - layout.area_start).is_multiple_of(rec)
                    && after.len().is_multiple_of(rec)
                    && offset + after.len() <= layout.page_bytes;
                let erased = before.len() == after.len() && before.iter().all(|&b| b == 0xFF);
                (!(slot_ok && erased)).then(|| {
                    format!(
                        "append to page {lba} at byte {offset}: slot ok {slot_ok}, erased {erased}"
                    )
                })
            }
            _ => None,
        });
        InvariantCheck::check(
            "append_programs_only_erased_cells_of_its_slots",
            bad.is_none(),
            || bad.clone().unwrap_or_default(),
        )
    }

    fn programs_check(&self) -> InvariantCheck {
        let limit = (1 + self.store.layout.scheme.n as u32).min(self.store.cfg.nop.max(1));
        let flash = &self.store.ftl.flash;
        let bad = (0..flash.block_count()).find_map(|b| {
            (0..flash.pages_per_block())
                .find(|&p| flash.programs(b, p) > limit)
                .map(|p| (b, p))
        });
        InvariantCheck::check(
            "programs_per_page_at_most_1_plus_n_and_nop",
            bad.is_none(),
            || {
                let (b, p) = bad.unwrap_or_default();
                format!("block {b} page {p} has more than {limit} programs since its erase")
            },
        )
    }

    fn page_check(&self) -> InvariantCheck {
        let s = &self.store;
        let area = s.layout.area_start;
        let mut bad = None;
        for &lba in &self.last.touched {
            let Ok(raw) = s.ftl.peek(lba) else { continue };
            let applied = match apply(&s.layout, &raw) {
                Ok(a) => a,
                Err(e) => {
                    bad = Some(format!("page {lba}: {e}"));
                    break;
                }
            };
            if let Some(&i) = s.frame_of.get(&lba) {
                let f = &s.frames[i];
                if !f.dirty
                    && (applied.image[..area] != f.page.bytes[..area] || applied.records != f.ne)
                {
                    bad = Some(format!(
                        "page {lba}: flash base + deltas != the clean buffered page"
                    ));
                    break;
                }
            }
            let page = match s.frame_of.get(&lba) {
                Some(&i) => s.frames[i].page.clone(),
                None => NsmPage {
                    bytes: applied.image,
                },
            };
            for (key, slot) in page.keys() {
                if s.index
                    .get(&key)
                    .is_some_and(|(l, sl)| l != lba || sl != slot)
                {
                    bad = Some(format!(
                        "key {key} on page {lba} slot {slot}: the index disagrees"
                    ));
                    break;
                }
            }
        }
        InvariantCheck::check("page_read_is_base_plus_deltas", bad.is_none(), || {
            bad.clone().unwrap_or_default()
        })
    }
}

fn mapping_check(ftl: &crate::ipa::noftl::NoFtl) -> InvariantCheck {
    let bad = mapping_fault(ftl);
    InvariantCheck::check("mapping_is_consistent", bad.is_none(), || {
        bad.clone().unwrap_or_default()
    })
}

/// The first disagreement of a region's mapping with its flash (L2P/P2L, valid counts, free
/// blocks, erase counts), if any.
fn mapping_fault(ftl: &crate::ipa::noftl::NoFtl) -> Option<String> {
    let mut valid = vec![0usize; ftl.valid_count.len()];
    let mut bad = None;
    let n = ftl.pages_per_db_page();
    for (lba, ppa) in ftl.l2p.iter().enumerate() {
        if let Some(p) = ppa {
            if ftl.p2l[p.block][p.page..p.page + n]
                .iter()
                .any(|&o| o != Some(lba as u32))
            {
                bad = Some(format!("page {lba} maps to {p:?} but P2L disagrees"));
            }
            valid[p.block] += 1;
        }
    }
    if bad.is_none() && valid != ftl.valid_count {
        bad = Some("valid-page counts disagree with the mapping".into());
    }
    if bad.is_none()
        && let Some(&b) = ftl
            .free_blocks
            .iter()
            .find(|&&b| ftl.flash.block_programmed(b))
    {
        bad = Some(format!("free block {b} holds programmed pages"));
    }
    let erases: u64 = ftl.flash.total_erases();
    if bad.is_none() && erases != ftl.counters.erases {
        bad = Some(format!(
            "Σ erase counts {erases} != erases {}",
            ftl.counters.erases
        ));
    }
    bad
}
