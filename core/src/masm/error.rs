//! Typed errors of the MaSM algorithm core. Each names the rule that was hit, so a lab can show
//! it to a student as-is.

use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MasmError {
    /// The configuration cannot run the algorithm (e.g. α below 2/M^(1/3), zero sizes).
    #[error("invalid MaSM configuration: {0}")]
    InvalidConfig(String),
    /// A key outside the table's key space `0..key_space`.
    #[error("key {key} is outside the key space 0..{key_space}")]
    KeyOutOfRange { key: u64, key_space: u64 },
    /// A range scan with begin > end.
    #[error("empty range: begin {begin_key} > end {end_key}")]
    EmptyRange { begin_key: u64, end_key: u64 },
    /// Writing the next run would exceed the SSD space given to MaSM (‖SSD‖ = M² pages).
    #[error("SSD update cache full: {live_pages} live + {new_pages} new pages > {capacity_pages}")]
    SsdFull {
        live_pages: u64,
        new_pages: u64,
        capacity_pages: u64,
    },
    /// MaSM-2M holds at most M runs (one query page each, §3.2): the next flush must wait for a
    /// migration even if coalescing left SSD pages free.
    #[error("all {limit} run slots of MaSM-2M are taken")]
    RunSlotsFull { limit: u64 },
    /// `append` on a full buffer: the caller must steal a page or flush first (Fig. 9 lines 1–5).
    #[error("the update buffer is full")]
    BufferFull,
    /// A flush was started while the previous one is still being written.
    #[error("a flush is already in progress")]
    FlushInProgress,
    /// `K1 + K2` exceeds the query pages and fewer than two 1-pass runs are left to merge:
    /// a 3-pass merge would be needed (digest §2.6, §8.3).
    #[error(
        "run limit {limit} exceeded with {one_pass} 1-pass and {two_pass} 2-pass runs: a 3-pass merge would be needed"
    )]
    ThreePassNeeded {
        one_pass: u64,
        two_pass: u64,
        limit: u64,
    },
    /// A query timestamp that is not open (never opened, or already answered).
    #[error("query {query_ts} is not open")]
    UnknownQuery { query_ts: u64 },
    /// Migration must wait for every query older than its timestamp (§3.2).
    #[error("migration waits for {open} open older queries (oldest ts {oldest_ts})")]
    MigrationWaitsForQueries { open: u64, oldest_ts: u64 },
    /// A migration is already running (start) or none is running (step).
    #[error("migration state: {0}")]
    MigrationState(&'static str),
}
