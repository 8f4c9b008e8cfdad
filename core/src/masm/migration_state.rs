//! The state of a migration in progress (§3.2), apart from the steps that advance it
//! (`migrate`), so the store can hold it without depending on those steps.

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MigrationState {
    pub migration_ts: u64,
    /// The runs of R, which are the oldest `run_ids.len()` runs.
    pub run_ids: Vec<u64>,
    pub next_page: usize,
    /// Requested but still waiting for queries older than `migration_ts` (§3.2).
    pub waiting: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MigrationProgress {
    InProgress { pages_done: u64, pages_total: u64 },
    Completed,
}
