//! The FD+tree scenario body (`params`, `workload`): serde types whose doc comments become
//! `scenarios/schema.json`. `config.rs` checks ranges and the op list with exact JSON paths.
//! Type names carry an `Fdtree` prefix (every lab's schema definitions share one namespace).

use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FdtreeBody {
    /// Tree geometry, concurrency scheme and device cost (tiny teaching defaults).
    #[serde(default)]
    pub params: FdtreeParams,
    /// Explicit `ops` or a `generator`.
    pub workload: FdtreeWorkload,
}

/// Which concurrency scheme runs the merge (§3–4).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum FdtreeScheme {
    /// FD+FC: the wavefront merge with memory sharing (default).
    #[default]
    Fc,
    /// FD+FC with a fixed L0 split (Fig. 9a): writers wait as in FD+DS.
    FcNoSharing,
    /// FD+DS: doubling space, the old side answers until the merge ends.
    Ds,
    /// FD+XM: one readers-writer lock; a merge runs inside the insert that triggers it.
    Xm,
}

/// How an insert of a present key and a delete of a missing key are answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FdtreeUniqueness {
    /// Look the key up first (its block reads count) and reject the op, changing nothing.
    Check,
    /// The paper's blind update (Rem. A.1): only for generated workloads, which never issue such ops.
    Trusted,
}

/// A rule of FD+FC's latch protocol a teaching scenario drops (`conc::protocol`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FdtreeDropRule {
    /// Lookups release the parent before latching the child (no lock coupling, §4.3).
    LockCoupling,
    /// The merge reclaims old blocks without X-latching them first (§4.4.2).
    ReclaimLatch,
    /// m-delete reclaims a block once its own entries are merged (no retention, Rem. A.5).
    Retention,
    /// m-delete moves the wavefront before m-insert writes the staged groups (§4.4.2).
    WavefrontAfterInsert,
}

/// What a block I/O costs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FdtreeCost {
    /// Every block read and write is served by the SSD model (`params.ssd_preset`, default the
    /// paper's Intel X25-E, §5): lookups and the merge queue for its controller, host link,
    /// channels and dies; the B+tree's in-place leaf writes pay its GC and erases.
    #[default]
    Ssd,
    /// Calibration only: a constant 0.6 ms per block read or write, not queued, fitted so a
    /// full merge of the paper's 120 MB index takes its 33–38 s (digest §5.2).
    X25eEffective,
    /// Constant X25-E datasheet latencies (75 µs read, 85 µs write), not queued.
    X25eDatasheet,
}

#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FdtreeParams {
    /// `fc` (default), `fc-no-sharing`, `ds` or `xm`.
    pub scheme: Option<FdtreeScheme>,
    /// β: entries per block (4..=64, default 8; must exceed γ).
    pub beta: Option<u64>,
    /// γ: size ratio between levels (2..=16, default 3).
    pub gamma: Option<u64>,
    /// κ0: blocks of the in-memory level L0 (1..=16, default 2).
    pub kappa0: Option<u64>,
    /// `check` (default for explicit ops) or `trusted` (default for a generator).
    pub uniqueness: Option<FdtreeUniqueness>,
    /// Block I/O cost (default `ssd`: the SSD model).
    pub cost: Option<FdtreeCost>,
    /// The SSD preset block I/O runs on with `cost: ssd`: `x25e` (default, the paper's
    /// device), `ssd_fast`, `ssd_medium`, `ssd_slow` or `fusionio`. The drive is sized to hold
    /// what the run can allocate at the preset's spare factor.
    pub ssd_preset: Option<String>,
    /// Keys loaded before the run, settled and untimed (0..=20,000, default 0). With explicit
    /// ops they are keys 1..=preload with value 10 × key; with a generator they are G_R's preload.
    pub preload: Option<u64>,
    /// Teaching only: drop ONE rule of FD+FC's latch protocol (§4.3–4.4) to watch what it
    /// prevents go wrong (schemes `fc` and `fc-no-sharing`). Default: none, the paper's protocol.
    pub drop_rule: Option<FdtreeDropRule>,
    /// Also run FD+XM, FD+DS, FD+FC and the baselines (FD-tree of Li et al., B+tree) on the same clients to the end, for the compare view.
    pub compare: Option<bool>,
}

#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FdtreeWorkload {
    /// Explicit operations. Give `ops` or `generator`, not both.
    pub ops: Option<Vec<FdtreeOp>>,
    /// The paper's G_R stream (Rem. A.7). Give `ops` or `generator`, not both.
    pub generator: Option<FdtreeGenerator>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FdtreeOpKind {
    /// Insert `key` with `value` (a present key is rejected, changing nothing).
    Insert,
    /// Delete `key` (a missing key is rejected, changing nothing).
    Delete,
    /// Look `key` up; answered with its `value` or null.
    Lookup,
    /// All keys `from..=to`; answered with the rows in key order.
    Range,
}

/// One operation: `{"op": "insert", "key": 7, "value": 70, "client": 1}`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FdtreeOp {
    pub op: FdtreeOpKind,
    /// Key of insert, delete and lookup.
    pub key: Option<u64>,
    /// Value of an insert.
    pub value: Option<u64>,
    /// First key of a range.
    pub from: Option<u64>,
    /// Last key of a range (inclusive).
    pub to: Option<u64>,
    /// The client issuing it (0..=15, default 0). A client issues its ops in order, each when
    /// the previous one has completed, unless `at_ns` says when it arrives.
    pub client: Option<u64>,
    /// Arrival time in ns (R_p counts from it); without it the op arrives when the client's
    /// previous op completes.
    pub at_ns: Option<u64>,
}

/// Which of the paper's workload generators (§5).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FdtreeGeneratorKind {
    /// G_R (Rem. A.7): lookups, inserts and deletes in the ratio W_l : (1−W_l)/2 : (1−W_l)/2.
    #[default]
    Gr,
    /// G_T (Rem. A.8): the TPC-C NewOrder primary index, 91.3% inserts and 8.7% lookups,
    /// preloaded with 3 orders per customer (`warehouses`, `customers_per_district`).
    Gt,
}

#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FdtreeGenerator {
    /// `gr` (default) or `gt`.
    pub kind: Option<FdtreeGeneratorKind>,
    /// Requests after the preload (1..=20,000).
    pub requests: u64,
    /// W_l: fraction of lookups (0..=1, default 0.8); the rest are inserts and deletes. G_R only.
    pub lookup_fraction: Option<f64>,
    /// Reader clients (1..=16, default 6); lookups go round-robin to them (or, with `queues`,
    /// the T_r workers taking them from Q_r).
    pub readers: Option<u64>,
    /// Writer clients (1..=4, default 2); a key's insert and delete go to the same writer (or,
    /// with `queues`, the T_w workers taking them from Q_w).
    pub writers: Option<u64>,
    /// G_T: warehouses (1..=8, default 1).
    pub warehouses: Option<u64>,
    /// G_T: customers per district (1..=3000, default 100; the paper's 3000 is far beyond a
    /// course run). The preload is warehouses × 10 districts × customers × 3 orders (≤ 20,000).
    pub customers_per_district: Option<u64>,
    /// The paper's harness (§5): requests go through the bounded queues Q_r / Q_w to the
    /// workers, so R_q and R_o are measured beside R_p. Without it each client runs its own
    /// list closed-loop (R_q = R_o = R_p).
    pub queues: Option<FdtreeQueues>,
}

/// The injection thread's queues (§5, Rem. A.9).
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FdtreeQueues {
    /// |Q_r| + |Q_w| (2..=5000, default 5000, the paper's), split by W_l : (W_i + W_d).
    pub slots: Option<u64>,
    /// v: requests supposed to arrive per second (1..=10,000,000); R_o adds how late each
    /// request entered its queue. Without it R_o = R_q.
    pub arrivals_per_s: Option<f64>,
}
