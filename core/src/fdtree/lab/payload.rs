//! The FD+tree lab's typed payloads: `FdtreeMeta` (the view's meta, every step) and
//! `FdtreeInfo` (static). `view.rs` fills them; `web/src/labs/fdtree/payload.gen.ts` is
//! generated from their schemas (see `crate::payload`).

use schemars::JsonSchema;
use serde::Serialize;

use crate::payload::ConstantPayload;

/// Where a block stands in the current merge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum BlockState {
    /// A block of the tree (no merge touches it).
    Live,
    /// An old block the merge has not read yet.
    Unread,
    /// An old block the merge has read: processed but retained (a lookup may still need it).
    Retained,
    /// A finished block of a generated level.
    Written,
    /// The open tail of a generated level (in memory, not yet written).
    Tail,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct FdtreeBlock {
    pub id: u64,
    /// Smallest and largest key in the block (0, 0 if empty).
    pub first_key: u64,
    pub last_key: u64,
    pub inserts: u32,
    pub deletes: u32,
    pub fences: u32,
    pub state: BlockState,
    /// This block's fences as flat pairs: fence key, target block id (the links drawn to the
    /// level below; at most 16 fences listed).
    pub fence_links: Vec<u64>,
}

/// Which side of a merge a level row belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum LevelRole {
    /// A level of the tree outside any merge.
    Stable,
    /// An old level being consumed by the merge.
    Old,
    /// A level the merge is generating.
    New,
    /// A label that is skipped (never built): drawn dashed.
    Skipped,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct FdtreeLevel {
    pub label: u64,
    pub role: LevelRole,
    /// κ_label: capacity in blocks.
    pub capacity_blocks: u64,
    /// Total blocks (the list is cut at 256).
    pub block_count: u64,
    pub blocks: Vec<FdtreeBlock>,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct FdtreeL0 {
    /// Entries of L0 (L0^new during a merge), fences included.
    pub entries: u64,
    pub data: u64,
    pub fences: u64,
    /// Entries of L0^old still held by the merge (0 when quiescent).
    pub old_entries: u64,
    /// During a merge: the entries L0^old still holds (data and fences) plus L0^new's data,
    /// and the limit writers wait at (β·κ0 − κ1: κ1 slots stay for the merge's new fences).
    /// L0^old can start above the limit (the previous merge's fences and the writes made
    /// during it); no write enters until the wavefront frees enough. Without a merge: L0's
    /// entries and the overflow trigger.
    pub slots_used: u64,
    pub slots_capacity: u64,
    /// β·κ0: the buffer's size in entries.
    pub buffer_entries: u64,
    /// |L0| at which an overflow merge starts.
    pub trigger_entries: u64,
    /// Data entries of L0 (and L0^old) as (key, kind) with kind 1 insert, 2 delete; at most 64 each.
    pub new_keys: Vec<[u64; 2]>,
    pub old_keys: Vec<[u64; 2]>,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct FdtreeMerge {
    /// `overflow` or `underflow`.
    pub why: String,
    /// `stage`, `insert`, `delete`, `switch` or `finalize`.
    pub phase: String,
    pub m: u64,
    pub full: bool,
    /// The wavefront key (null before the first m-delete: −∞).
    pub wf_key: Option<u64>,
    /// Labels generated (Ô), in order.
    pub generated: Vec<u64>,
    pub blocks_read: u64,
    pub blocks_written: u64,
    pub live_at_start: u64,
    pub start_ns: u64,
    /// The staging area 𝒮: its first key groups in key order (at most 12 listed).
    pub staged: Vec<FdtreeGroup>,
    /// Key groups staged in all (the list is cut).
    pub staged_groups: u64,
    /// p_last: the last block of L_succ(m) that already has a fence in L_m^new.
    pub p_last: Option<u64>,
}

/// One staged key group and its COALESCE (§2.3, Alg. 1; digest §2.5).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct FdtreeGroup {
    pub key: u64,
    /// The block its fence into L_succ(m) points at, if it carries one.
    pub fence_to: Option<u64>,
    /// Its data entries, deepest merged level first, as `I` (insert) and `D` (delete) letters.
    pub entries: String,
    /// COALESCE's result: ``, `I`, `D` or `DI`.
    pub out: String,
    /// Entries COALESCE cancels (an insert met by a later delete, or a full merge's unmatched delete).
    pub cancelled: u64,
}

/// Merge-prepare's numbers (§2.3 Eq. (1)–(2), preemptive skipping §4.4.1).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct FdtreePlan {
    /// True while this merge runs; false: the last merge's plan, kept after it ended.
    pub current: bool,
    /// `overflow` or `underflow`.
    pub why: String,
    pub m: u64,
    pub full: bool,
    /// Û(i), i = 0..h−1 (blocks).
    pub u_hat: Vec<u64>,
    /// B̂_i, i = 0..=m+1 (blocks).
    pub b_hat: Vec<u64>,
    /// ô_i, i = 0..=m (labels).
    pub o_hat: Vec<u64>,
}

/// Merge-finalize's relabelling of the last merge (§2.3 Eq. (3), §4.4.3).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct FdtreeFinalize {
    /// [generated label g, o_g] pairs.
    pub o: Vec<[u64; 2]>,
    /// z: the deepest generated level relabelled 0 (its fences replace L0's); 0 = none.
    pub z: u64,
    pub at_ns: u64,
}

/// One lock held or awaited (§4.2): who holds it and who waits, in FIFO order.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct FdtreeLatch {
    /// `global` (FD+XM's lock), `l0` (the L0 mutex) or `block`.
    pub lock: String,
    /// The block id (0 for the global lock and the L0 mutex).
    pub block: u64,
    /// The actor holding it in X mode (clients 0…n−1; the merge process is `merge_actor`).
    pub x_holder: Option<u64>,
    pub s_holders: Vec<u64>,
    /// Waiting requests, front first, as [actor, mode] with mode 0 = S, 1 = X.
    pub waiters: Vec<[u64; 2]>,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct FdtreeClient {
    pub client: u64,
    /// `running`, `idle` (waiting for its next arrival or finished) or `done`.
    pub state: String,
    /// Kind of the op in flight (`insert`, `delete`, `lookup`, `range`), if any.
    pub kind: Option<String>,
    pub key: Option<u64>,
    pub op: Option<u64>,
    pub start_ns: Option<u64>,
    pub remaining: u64,
    /// The side of the wavefront its op chose (`no_merge`, `old`, `new`), once it read L0.
    pub side: Option<String>,
    /// Disk blocks its op has read so far, top-down (at most 16 listed).
    pub path: Vec<u64>,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct FdtreeOpIo {
    pub op: u64,
    pub client: u64,
    pub kind: String,
    /// `no_merge`, `old` or `new`: the side of the wavefront that served it.
    pub side: String,
    /// `answered`, `inserted`, `deleted`, `rejected_present`, `rejected_missing`.
    pub outcome: String,
    pub blocks_read: u64,
    pub blocks_written: u64,
    /// Disk blocks on a lookup's path, top-down.
    pub path: Vec<u64>,
    /// R_p once completed.
    pub r_p_ns: Option<u64>,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct FdtreeCounters {
    pub live_blocks: u64,
    pub peak_live_blocks: u64,
    pub space_limit_blocks: Option<u64>,
    /// Blocks read and written by the timed run (the preload's apart).
    pub blocks_read: u64,
    pub blocks_written: u64,
    /// Merges begun in the timed run; the untimed preload's are `preload_merges`.
    pub merges: u64,
    pub preload_merges: u64,
    pub preload_blocks_written: u64,
    pub lock_waits: u64,
    pub slot_waits: u64,
    pub completed: u64,
    pub total_ops: u64,
    pub answers_checked: u64,
    pub mismatches: u64,
    pub entries: u64,
    /// N_Δ and N_∇: insert and delete entries over all levels (I6: N_∇/N_Δ ≤ 1/3).
    pub n_inserts: u64,
    pub n_deletes: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct FdtreeInterval {
    pub start_ns: u64,
    pub end_ns: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct FdtreeCompareRow {
    /// `xm`, `ds`, `fc`, or a baseline: `li` (FD-tree of Li et al.), `btree`.
    pub scheme: String,
    pub worst_insert_ns: u64,
    pub mean_insert_ns: f64,
    pub std_insert_ns: f64,
    pub worst_lookup_ns: u64,
    pub mean_lookup_ns: f64,
    pub end_ns: u64,
    pub peak_live_blocks: u64,
    pub longest_merge_ns: u64,
    pub merges: Vec<FdtreeInterval>,
    /// Lookups per latency decade: below 10 µs, 10–100 µs, …, 1–10 s, ≥ 10 s.
    pub lookup_histogram: Vec<u64>,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct FdtreeMeta {
    pub scheme: String,
    pub beta: u64,
    pub gamma: u64,
    pub kappa0: u64,
    /// Largest key present or named so far (for the shared key axis).
    pub key_max: u64,
    pub l0: FdtreeL0,
    /// Level rows top-down; during a merge a label may have an old and a new row.
    pub levels: Vec<FdtreeLevel>,
    pub merge: Option<FdtreeMerge>,
    /// The running merge's plan, else the last one's (none before the first timed merge).
    pub plan: Option<FdtreePlan>,
    /// The last merge-finalize's o_i and z.
    pub finalize: Option<FdtreeFinalize>,
    /// Every lock held or awaited (at most 64 listed).
    pub latches: Vec<FdtreeLatch>,
    /// The merge process's actor id in `latches` (one past the last client).
    pub merge_actor: u64,
    pub clients: Vec<FdtreeClient>,
    /// Latest ops, newest last, with their block I/O.
    pub recent_ops: Vec<FdtreeOpIo>,
    pub counters: FdtreeCounters,
    /// Merges so far on this run's timeline.
    pub merges: Vec<FdtreeInterval>,
    /// XM, DS, FC and the baselines li and btree on the same clients (only with `params.compare`).
    pub compare: Option<Vec<FdtreeCompareRow>>,
    pub done: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct FdtreeInfo {
    pub scheme: String,
    pub clients: u64,
    pub total_ops: u64,
    pub preload: u64,
    pub generated: bool,
    pub constants: Vec<ConstantPayload>,
    /// What the model leaves out, in one list the view shows.
    pub leaves_out: Vec<String>,
}
