//! The IPA lab's typed payloads: `IpaMeta` (the view's meta, every step) and `IpaInfo` (static,
//! once per load). `view.rs` fills them; `web/src/labs/ipa/payload.gen.ts` is generated from
//! their schemas (see `crate::payload`). Bulk arrays travel as the view's series (named in
//! `view.rs`).

use schemars::JsonSchema;
use serde::Serialize;

use crate::payload::ConstantPayload;

/// Where everything sits on a page of the region (§6.1, `docs/FORMATS.md`).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct IpaLayout {
    pub page_bytes: u64,
    pub header_bytes: u64,
    /// First byte of the delta area (= page_bytes when N = 0).
    pub area_start: u64,
    pub record_bytes: u64,
    pub n: u64,
    pub m: u64,
    pub v: u64,
    pub space_overhead_percent: f64,
}

/// One ⟨value, offset⟩ pair of a delta record.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct IpaPair {
    pub value: u64,
    pub offset: u64,
    /// A metadata pair (header / slot array, counted against V).
    pub meta: bool,
}

/// One programmed delta record on the focus page.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct IpaDeltaRecord {
    pub slot: u64,
    /// First byte of the record on the page.
    pub offset: u64,
    pub pairs: Vec<IpaPair>,
}

/// The page the view focuses on (the latest one written).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct IpaFocus {
    pub lba: u64,
    pub block: u64,
    pub page: u64,
    pub tuple_end: u64,
    pub slot_count: u64,
    /// Delta records on flash (N_E).
    pub records_on_flash: u64,
    pub records: Vec<IpaDeltaRecord>,
    pub in_buffer: bool,
    pub dirty: bool,
    /// Marked to be written out of place at its next write-back (§6.2).
    pub marked_out_of_place: bool,
    /// The flash page can take another append (mode, NOP, LSB rule).
    pub appendable: bool,
    /// Offsets changed since the last flash write (body / metadata), at most 256 each.
    pub changed_body: Vec<u64>,
    pub changed_meta: Vec<u64>,
    pub programs: u64,
}

/// A flash operation of the latest step.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct IpaFlashOp {
    /// `program`, `append`, `migrate` or `erase`.
    pub kind: String,
    pub lba: Option<u64>,
    pub block: u64,
    pub page: Option<u64>,
    pub from_block: Option<u64>,
    pub from_page: Option<u64>,
    pub bytes: u64,
}

/// One buffer frame.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct IpaFrame {
    pub lba: u64,
    pub dirty: bool,
    pub is_new: bool,
    pub records_on_flash: u64,
    pub marked_out_of_place: bool,
    pub changed_bytes: u64,
}

/// Counters and the paper's ratios (App. B, Tabs. 6–10).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct IpaCounters {
    pub transactions: u64,
    /// Every DBMS page write: out-of-place, new page or append.
    pub host_writes: u64,
    pub appends: u64,
    pub out_of_place_writes: u64,
    pub new_page_writes: u64,
    pub page_fetches: u64,
    pub buffer_hits: u64,
    pub gc_migrations: u64,
    pub erases: u64,
    pub write_amplification: f64,
    pub read_amplification: f64,
    /// Share of update write-backs done as appends (new pages excluded), %.
    pub ipa_percent: f64,
    pub gc_migrations_per_host_write: f64,
    pub gc_erases_per_host_write: f64,
}

/// The flash array of one side.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct IpaBlocks {
    pub blocks: u64,
    pub pages_per_block: u64,
    pub active_block: Option<u64>,
    pub gc_victim: Option<u64>,
    pub free_blocks: u64,
    pub max_erase_count: u64,
    pub endurance_pe: u64,
}

/// The cell zoom (on the NAND cell model).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct IpaZoom {
    pub lba: u64,
    pub block: u64,
    pub page: u64,
    pub append: bool,
    pub window_start: u64,
    pub written_from: u64,
    pub written_to: u64,
    pub bytes_before: Vec<u64>,
    pub bytes_after: Vec<u64>,
    /// Cells still being programmed after each ISPP loop (of the append, or of the first
    /// program of an out-of-place write).
    pub programming_per_pulse: Vec<u64>,
    /// Vpgm of each ISPP loop, V; the series `zoom_vth_pulses_v` holds every cell's Vth after
    /// each loop (loops × cells) and `zoom_passed_at_pulse` the loop each cell passed verify.
    pub vpgm_per_pulse_v: Vec<f64>,
    pub refused: Option<String>,
    pub stale: bool,
    pub cells: u64,
    /// The device's NOP: programs a page takes between erases.
    pub nop: u64,
    /// `SLC`, `LSB` or `MSB`: the page's step on its wordline.
    pub page_kind: String,
    pub wordline: u64,
    /// The other page of the wordline (MLC), and whether it is programmed after this write.
    pub paired_page: Option<u64>,
    pub paired_programmed: bool,
    /// Erases of the block before this history (its wear on the cell model).
    pub erase_count: u64,
    /// The page's programs since the block's erase, replayed in order on the cell model; the
    /// last one is the write the dots play.
    pub history: Vec<IpaZoomProgram>,
    /// Programs of the whole block replayed (every page since the erase).
    pub block_programs: u64,
    /// Bits of the window sensed wrong after the replay.
    pub bit_errors: u64,
}

/// One program of the zoomed page since its erase.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct IpaZoomProgram {
    /// false: the first program (out-of-place write or GC copy); true: an append.
    pub append: bool,
    /// Bytes it programmed, relative to the page: [from, to).
    pub from: u64,
    pub to: u64,
    /// ISPP loops it took on the cell model.
    pub loops: u64,
}

/// One side of the three-way race.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct IpaSide {
    /// `out-of-place`, `IPL` or `IPA`.
    pub name: String,
    pub host_writes: u64,
    /// I/Os in DB pages: one per page read or written on the store sides; IPL's App. B
    /// flash-page I/Os divided by its 4 flash pages per DB page (a log-sector write is 1/4).
    pub read_ios: f64,
    pub write_ios: f64,
    pub erases: u64,
    pub gc_migrations: u64,
    pub write_amplification: f64,
    pub read_amplification: f64,
    pub erases_per_host_write: f64,
    /// Lifetime relative to out-of-place (1 / erases per host write), or null.
    pub lifetime_vs_out_of_place: Option<f64>,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct IpaMeta {
    pub op_index: Option<u64>,
    pub ops_total: u64,
    pub ops_done: u64,
    /// What the latest step did, in words.
    pub step_text: String,
    pub gc_step: bool,
    /// The step performed one queued write-back (of the page cleaner or a checkpoint).
    pub write_back_step: bool,
    /// Write-backs still queued; they run one per step before the next op.
    pub pending_write_backs: u64,
    pub layout: IpaLayout,
    pub focus: Option<IpaFocus>,
    pub flash_ops: Vec<IpaFlashOp>,
    pub buffer: Vec<IpaFrame>,
    pub buffer_frames: u64,
    pub counters: IpaCounters,
    pub blocks: IpaBlocks,
    pub zoom: Option<IpaZoom>,
    pub compare: Option<Vec<IpaSide>>,
    /// With compare: IPL's own flash blocks (§8.3 geometry), series `ipl_page_state`.
    pub ipl_blocks: Option<IpaBlocks>,
    pub log_records: u64,
    pub keys: u64,
    /// Every region of the database side by side, the device's own (`main`) first (§5).
    pub regions: Vec<IpaRegionView>,
}

/// One NoFTL region of the database (§5, Fig. 3): its mode, its tables and its counters.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct IpaRegionView {
    pub name: String,
    /// `slc`, `pslc`, `odd_mlc` or `no_ipa`.
    pub mode: String,
    /// App. C.2: each DB page spans an adjacent pair of flash pages, its delta area on the LSB.
    pub c2_pairs: bool,
    /// Tables placed here; empty for `main`, which takes every table not placed elsewhere.
    pub tables: Vec<u64>,
    pub blocks: u64,
    pub flash_pages_per_block: u64,
    /// DB pages a block holds (fewer than its flash pages in pSLC and with C.2 pairs).
    pub db_pages_per_block: u64,
    pub page_bytes: u64,
    /// DB pages on flash now, and how many of them can take an append now.
    pub mapped_pages: u64,
    pub appendable_pages: u64,
    pub free_blocks: u64,
    pub counters: IpaCounters,
}

/// One link of Fig. 1's chain: what a 10-byte update costs at each level.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct IpaChainLink {
    pub level: String,
    pub bytes: f64,
    pub amplification: f64,
}

/// One cell of the [N × M] explorer (`explorer.rs`): space overhead by Tab. 3's formula
/// N·(1+3M+3V)/P, and the share of update write-backs done as appends when this scenario's ops
/// run with this scheme (simulated).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct IpaSchemeCell {
    pub n: u64,
    pub m: u64,
    pub space_percent: f64,
    /// Appends / update write-backs, %, or null when the run had none or failed.
    pub append_percent: Option<f64>,
    pub appends: u64,
    pub update_write_backs: u64,
    /// Why the run gave no share (e.g. the device filled up).
    pub failed: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct IpaInfo {
    pub cell: String,
    pub nop: u64,
    pub mode: String,
    pub workload: String,
    pub eviction: String,
    pub endurance_pe: u64,
    pub read_ns: u64,
    pub program_ns: u64,
    pub erase_ns: u64,
    pub layout: IpaLayout,
    pub chain: Vec<IpaChainLink>,
    pub scheme_grid: Vec<IpaSchemeCell>,
    /// Ops of the scenario each explorer cell simulated (a prefix when the scenario is longer).
    pub explorer_ops: u64,
    pub ops_total: u64,
    pub compare: bool,
    /// The constants the run uses, with their sources: the NAND preset's timings, endurance
    /// and NOP, and the paper's page format (`lab/constants.rs`).
    pub constants: Vec<ConstantPayload>,
}
