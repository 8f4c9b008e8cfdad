//! The physical operations one FTL call caused, in order, so that the timing model can charge
//! them to dies and channels and the lab can narrate them as trace events. The buffer is reused
//! (cleared, never shrunk), so the hot path allocates nothing.

use super::gc_policy::Reason;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PhysOp {
    /// A host page programmed at `ppn`; `old` is the page it superseded (`UNMAPPED` if none).
    Program { lba: u32, ppn: u32, old: u32 },
    /// GC chose `block` on `die` with `valid` pages to copy.
    GcStart {
        die: u32,
        block: u32,
        valid: u32,
        reason: Reason,
    },
    /// One valid page copied by GC or wear levelling.
    Relocate { lba: u32, from: u32, to: u32 },
    /// A block erased; `erase_count` is its new count.
    Erase { block: u32, erase_count: u32 },
    /// Static wear levelling migrates the cold data of `block`.
    WearLevel {
        block: u32,
        valid: u32,
        erase_count: u32,
        spread: u32,
    },
}

pub type OpLog = Vec<PhysOp>;
