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
    let mut programmed = arrived_ns;
    for op in ops {
        match *op {
            PhysOp::Relocate { from, to, .. } => {
                let die = g.die_of_block(g.block_of_ppn(from));
                timing.relocate(ready_ns, die, g.page_of_ppn(from), g.page_of_ppn(to));
            }
            PhysOp::Erase { block, .. } => {
                timing.erase(ready_ns, g.die_of_block(block));
            }
            PhysOp::Program { ppn, .. } => {
                let die = g.die_of_block(g.block_of_ppn(ppn));
                programmed = timing
                    .program_page(arrived_ns, die, g.page_of_ppn(ppn))
                    .end_ns;
            }
            PhysOp::GcStart { .. } | PhysOp::WearLevel { .. } => {}
        }
    }
    programmed
}
