//! Books the physical operations of one host page write on the dies' calendars: relocations
//! and erases from `ready_ns` (GC work the write triggered), the host page's program once its
//! data has `arrived_ns`. Returns when the host page is programmed. Used by the labs that run
//! the FTL outside the SSD lab (MaSM's cache, FlashLogging's SSD partitions, the SSD bench).

use super::geometry::Geometry;
use super::oplog::PhysOp;
use super::timing::Timing;

pub fn book_write(
    timing: &mut Timing,
    g: &Geometry,
    ops: &[PhysOp],
    ready_ns: u64,
    arrived_ns: u64,
) -> u64 {
    // Most host writes trigger no GC: their log is the one program (same booking as below).
    if let [PhysOp::Program { ppn, .. }] = *ops {
        return timing
            .program_page(arrived_ns, g.die_of_ppn(ppn), g.page_of_ppn(ppn))
            .end_ns;
    }
    let mut programmed = arrived_ns;
    // Consecutive copybacks on one die are booked as one run (`Timing::relocate_run`: the
    // same die time as one booking each).
    let mut run: Option<(u32, u64)> = None;
    let flush = |timing: &mut Timing, run: &mut Option<(u32, u64)>| {
        if let Some((die, total_ns)) = run.take() {
            timing.relocate_run(ready_ns, die, total_ns);
        }
    };
    for op in ops {
        if let PhysOp::Relocate { from, to, .. } = *op {
            let die = g.die_of_ppn(from);
            let ns = timing.copyback_ns(g.page_of_ppn(from), g.page_of_ppn(to));
            match &mut run {
                Some((d, total_ns)) if *d == die => *total_ns += ns,
                _ => {
                    flush(timing, &mut run);
                    run = Some((die, ns));
                }
            }
            continue;
        }
        flush(timing, &mut run);
        match *op {
            PhysOp::Erase { block, .. } => {
                timing.erase(ready_ns, g.die_of_block(block));
            }
            PhysOp::Program { ppn, .. } => {
                let die = g.die_of_ppn(ppn);
                programmed = timing
                    .program_page(arrived_ns, die, g.page_of_ppn(ppn))
                    .end_ns;
            }
            PhysOp::Relocate { .. } | PhysOp::GcStart { .. } | PhysOp::WearLevel { .. } => {}
        }
    }
    flush(timing, &mut run);
    programmed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::device::ssd::timing::TimingParams;

    /// MLC-like: LSB and MSB pages take different times, so the summed run must add each.
    fn mlc() -> Timing {
        let params = TimingParams {
            read_msb_ns: 50_000,
            program_msb_ns: 900_000,
            ..TimingParams::numonyx_slc()
        };
        Timing::new(params, 2, 2)
    }

    #[test]
    fn a_lone_program_books_as_the_general_loop_does() {
        let g = Geometry::with_spare_factor(2, 2, 1, 8, 4, 4096, 0.25);
        let mut rng = crate::sim::Rng::new(9);
        let (mut fast, mut general) = (mlc(), mlc());
        for _ in 0..200 {
            let ppn = rng.below(u64::from(g.physical_pages())) as u32;
            let (ready, arrived) = (rng.below(1_000_000), rng.below(1_000_000));
            let program = PhysOp::Program {
                lba: 0,
                ppn,
                old: 0,
            };
            // A wear-levelling note books nothing but keeps the log off the fast path.
            let note = PhysOp::WearLevel {
                block: 0,
                valid: 0,
                erase_count: 0,
                spread: 0,
            };
            let a = book_write(&mut fast, &g, &[program], ready, arrived);
            let b = book_write(&mut general, &g, &[note, program], ready, arrived);
            assert_eq!(a, b);
        }
        assert_eq!(fast.die_free_ns, general.die_free_ns);
        assert_eq!(fast.die_busy_ns, general.die_busy_ns);
        assert_eq!(
            fast.channel_busy_until_ns(),
            general.channel_busy_until_ns()
        );
    }

    #[test]
    fn a_run_of_copybacks_books_the_same_die_time_as_one_booking_each() {
        let g = Geometry::with_spare_factor(2, 2, 1, 8, 4, 4096, 0.25);
        let ops: Vec<PhysOp> = (0..6)
            .map(|i| PhysOp::Relocate {
                lba: i,
                from: g.ppn(1, i % 4),
                to: g.ppn(2 + i / 4, (i + 1) % 4),
            })
            .chain([PhysOp::Erase {
                block: 1,
                erase_count: 1,
            }])
            .collect();
        let mut batched = mlc();
        batched.relocate(0, 0, 0, 0); // die 0, the victim's, already busy
        let mut one_by_one = batched.clone();
        book_write(&mut batched, &g, &ops, 10_000, 20_000);
        for op in &ops {
            match *op {
                PhysOp::Relocate { from, to, .. } => {
                    let die = g.die_of_block(g.block_of_ppn(from));
                    one_by_one.relocate(10_000, die, g.page_of_ppn(from), g.page_of_ppn(to));
                }
                PhysOp::Erase { block, .. } => {
                    one_by_one.erase(10_000, g.die_of_block(block));
                }
                _ => {}
            }
        }
        assert_eq!(batched.die_free_ns, one_by_one.die_free_ns);
        assert_eq!(batched.die_busy_ns, one_by_one.die_busy_ns);
    }
}
