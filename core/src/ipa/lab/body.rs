//! The IPA scenario body (`device`, `params`, `workload`): serde types whose doc comments become
//! `scenarios/schema.json`. Everything but the workload is optional; `config.rs` checks ranges
//! and the op list with exact JSON paths.
//!
//! Type names carry an `Ipa` prefix because every lab's schema definitions share one namespace.

use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IpaBody {
    /// The flash device and the NoFTL region the database lives in.
    #[serde(default)]
    pub device: IpaDevice,
    /// Page format, [N × M] scheme, buffer pool.
    #[serde(default)]
    pub params: IpaParams,
    /// Explicit `ops` or a `generator`.
    pub workload: IpaWorkload,
}

/// Cell type of the device (the NAND lab's presets).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum IpaCell {
    /// 1 bit per cell: appends on every page (App. C.1).
    #[default]
    Slc,
    /// 2 bits per cell with LSB/MSB page pairing (§4, App. C.2).
    Mlc,
}

/// `IPA_MODE` of the region (§5, digest §8 #20).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum IpaRegionMode {
    /// SLC device, appends on every page (needs `cell: slc`).
    Slc,
    /// pseudo-SLC on MLC: only LSB pages used, appends everywhere (needs `cell: mlc`).
    Pslc,
    /// MLC, every page used, appends only on LSB pages (needs `cell: mlc`; with `c2_pairs` a DB
    /// page spans an MSB+LSB pair, so every DB page takes appends).
    OddMlc,
    /// Never append: the out-of-place baseline.
    NoIpa,
}

#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IpaDevice {
    /// `slc` (default) or `mlc`.
    pub cell: Option<IpaCell>,
    /// Programs allowed per page between erases (NOP: 1, 4 or 8; default 4). NOP 1 means a
    /// page can never take an append: IPA cannot work.
    pub nop: Option<u32>,
    /// Region mode (default `slc` on SLC, `odd_mlc` on MLC).
    pub mode: Option<IpaRegionMode>,
    /// Erase blocks (4..=128, default 8).
    pub blocks: Option<usize>,
    /// Wordlines per block (2..=64, default 8; MLC has two pages per wordline).
    pub wordlines_per_block: Option<usize>,
    /// Spare capacity fraction (0.05..=0.5, default 0.1, §8.1); at least 3 blocks are kept spare.
    pub over_provisioning: Option<f64>,
    /// App. C.2's page mapping (mode `odd_mlc` only, default false): a DB page spans two
    /// adjacent flash pages of half its size, its delta area on the LSB one, so every DB page
    /// can take appends; the block's last two pages (both MSB) hold no DB page.
    pub c2_pairs: Option<bool>,
    /// More NoFTL regions of the same device (§5, Fig. 3; at most 3): each takes the tables it
    /// lists, with its own mode, blocks, GC and buffer; every other table stays in this
    /// device's own region ("main"). Not with `params.compare`.
    pub regions: Option<Vec<IpaRegion>>,
}

/// One more region of the database (`device.regions`).
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IpaRegion {
    /// Shown in the view (1..=16 characters, unique, not `main`).
    pub name: String,
    /// Region mode, as `device.mode` (it must suit `device.cell`).
    pub mode: IpaRegionMode,
    /// Table numbers (a key's bits 40 and up; TPC-C's STOCK is 4) placed here (1..=8 tables,
    /// each 0..=255, in no other region).
    pub tables: Vec<u64>,
    /// Erase blocks (4..=128, default `device.blocks`).
    pub blocks: Option<usize>,
    /// Wordlines per block (2..=64, default `device.wordlines_per_block`).
    pub wordlines_per_block: Option<usize>,
    /// App. C.2's page mapping, as `device.c2_pairs` (mode `odd_mlc` only, default false).
    pub c2_pairs: Option<bool>,
}

/// When dirty pages are written back (§8.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum IpaEviction {
    /// A page cleaner writes back every dirty frame once more than `dirty_permille` ‰ of the
    /// frames are dirty (Shore-MT's 12.5 % = 125 ‰).
    Eager,
    /// Only on eviction or checkpoint.
    NonEager,
}

#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IpaParams {
    /// DB page size in bytes (256..=8,192, default 512 so every byte is visible); the flash page
    /// is the same size, or half of it with `device.c2_pairs`.
    pub page_bytes: Option<usize>,
    /// N: delta records per page between out-of-place writes (0..=8, default 2; 0 = no IPA).
    pub n: Option<usize>,
    /// M: changed body bytes per delta record (1..=64, default 3).
    pub m: Option<usize>,
    /// V: changed metadata bytes per delta record (0..=16, default 12).
    pub v: Option<usize>,
    /// u32 fields per record after its key (1..=16, default 4).
    pub fields: Option<usize>,
    /// Buffer pool frames (1..=256, default 4).
    pub buffer_frames: Option<usize>,
    /// `eager` (default) or `non_eager`.
    pub eviction: Option<IpaEviction>,
    /// Dirty threshold of eager eviction, ‰ of the frames (1..=1000, default 125).
    pub dirty_permille: Option<u32>,
    /// Also run out-of-place and IPL on the same ops (the three-way race; default false).
    pub compare: Option<bool>,
    /// The flash model the database's data path runs on: `bytes` (default) or `cells`.
    pub flash_model: Option<IpaFlashModel>,
}

/// The flash model under the store (`params.flash_model`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum IpaFlashModel {
    /// Pages of bytes under the cell model's rules (program order, NOP, LSB-only appends,
    /// charge only rises); in every run a lockstep test tried it accepts and refuses as the
    /// cells do (the cells alone can fail a program's verify): any device size.
    Bytes,
    /// Every page on the NAND cell model: programs and appends run ISPP on each cell's
    /// threshold, reads sense the cells (without read noise). Course scale only: at most
    /// 1,048,576 cells (blocks × wordlines × flash-page bits) over every region of the device
    /// and the race's out-of-place side.
    Cells,
}

#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IpaWorkload {
    /// Explicit operations, in order. Give `ops` or `generator`, not both.
    pub ops: Option<Vec<IpaOp>>,
    /// Generated transactions. Give `ops` or `generator`, not both.
    pub generator: Option<IpaGenerator>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum IpaOpKind {
    /// Insert an absent `key` with `fields` (as many as the schema has).
    Insert,
    /// Set field `field` of a present `key` to `value`.
    Update,
    /// Read `key`; answered with its `fields`, or `null`.
    Get,
    /// Write back every dirty page, then truncate the log.
    Checkpoint,
    /// Lose the buffer pool and the index, then recover from flash and the log.
    Crash,
}

/// One op: `{"op": "insert", "key": 7, "fields": [1, 2, 3, 4]}`,
/// `{"op": "update", "key": 7, "field": 0, "value": 5}`, `{"op": "get", "key": 7}`,
/// `{"op": "checkpoint"}`, `{"op": "crash"}`. Every op is a committed transaction.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IpaOp {
    pub op: IpaOpKind,
    pub key: Option<u64>,
    /// Values of an insert, one per schema field.
    pub fields: Option<Vec<u32>>,
    /// Field index of an update (0-based).
    pub field: Option<usize>,
    /// New value of an update.
    pub value: Option<u32>,
}

/// The workloads of the paper's evaluation (App. A), from their transaction definitions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum IpaGeneratorKind {
    /// TPC-B: account, teller, branch balance += delta; one history insert.
    Tpcb,
    /// TPC-C: NewOrder's STOCK updates (75/20 skew) and Payment.
    Tpcc,
    /// TATP-like: small subscriber and location updates.
    Tatp,
}

#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IpaGenerator {
    pub kind: IpaGeneratorKind,
    /// Transactions after the load phase (1..=5,000).
    pub transactions: u64,
    /// Records of the main table (accounts, stock items, subscribers; 10..=4,000, default 200).
    pub scale: Option<u64>,
    /// A checkpoint every this many transactions (default 0 = none).
    pub checkpoint_every: Option<u64>,
    /// A crash after this many transactions (default none).
    pub crash_after: Option<u64>,
}
