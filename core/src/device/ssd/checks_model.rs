//! The per-step checker's model of the flash (`checks_step.rs`, step 1 there): per block the
//! valid pages and write pointer the logged operations imply, the logged program and erase
//! totals, and what the current step touched. Its own file so that `checks.rs` (which holds it)
//! and `checks_step.rs` (which updates it) do not depend on each other.

use super::ftl::Ftl;

/// The checker's model (step 1) and what the current step touched.
#[derive(Debug, Clone, Default)]
pub struct Shadow {
    pub(super) valid: Vec<u32>,
    pub(super) write_ptr: Vec<u32>,
    pub(super) programs: u64,
    pub(super) erases: u64,
    /// False after untracked work, until the next full sweep.
    pub synced: bool,
    pub(super) lbas: Vec<u32>,
    pub(super) pages: Vec<u32>,
    pub(super) blocks: Vec<u32>,
    /// Per block, the last step that verified it (each touched block is verified once a step).
    pub(super) verified_in: Vec<u64>,
    pub(super) step: u64,
}

impl Shadow {
    /// A stale model: the first `after_step` sweeps and starts it from the FTL.
    pub fn new(blocks: u32) -> Self {
        Self {
            valid: vec![0; blocks as usize],
            write_ptr: vec![0; blocks as usize],
            verified_in: vec![0; blocks as usize],
            synced: false,
            ..Self::default()
        }
    }

    /// Restarts from the FTL's state (right after a full sweep checked it).
    pub fn sync(&mut self, ftl: &Ftl) {
        self.valid.clone_from(&ftl.blocks.valid);
        self.write_ptr.clone_from(&ftl.blocks.write_ptr);
        self.programs = ftl.counters.flash_programs;
        self.erases = ftl.counters.erases;
        self.synced = true;
        self.lbas.clear();
        self.pages.clear();
        self.blocks.clear();
    }
}
