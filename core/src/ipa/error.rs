//! Typed errors of the IPA lab core: every refused operation names what and why.

use thiserror::Error;

use crate::device::nand::NandError;

#[derive(Debug, Clone, PartialEq, Error)]
pub enum IpaError {
    #[error(
        "scheme [{n}x{m}] V={v} needs a {area_bytes} B delta area that does not fit a {page_bytes} B page"
    )]
    SchemeTooLarge {
        n: usize,
        m: usize,
        v: usize,
        area_bytes: usize,
        page_bytes: usize,
    },
    #[error("page size {page_bytes} B is outside 64..=65535 (2-byte offsets, seed 004 §6.1 fn. 3)")]
    PageSize { page_bytes: usize },
    #[error("page {page_id} has no room for another {tuple_bytes} B tuple")]
    PageFull { page_id: u32, tuple_bytes: usize },
    #[error("slot {slot} does not exist on page {page_id}")]
    NoSuchSlot { page_id: u32, slot: usize },
    #[error("key {key} already exists")]
    DuplicateKey { key: u64 },
    #[error("key {key} does not exist")]
    MissingKey { key: u64 },
    #[error("field {field} is out of range: the schema has {fields} fields")]
    FieldOutOfRange { field: usize, fields: usize },
    #[error("insert has {got} fields, the schema has {fields}")]
    FieldCount { got: usize, fields: usize },
    #[error("delta record at slot {slot} is malformed: {why}")]
    MalformedDelta { slot: usize, why: String },
    #[error("delta of {records} records does not fit: {free} free slots")]
    DeltaDoesNotFit { records: usize, free: usize },
    #[error("flash refused the operation: {0}")]
    Flash(#[from] FlashError),
    #[error("logical page {lba} is not mapped")]
    Unmapped { lba: u32 },
    #[error("the device is full: no free page even after garbage collection")]
    DeviceFull,
    #[error(
        "the C.2 page mapping pairs LSB and MSB pages: it needs an odd-MLC region on MLC flash"
    )]
    PairsNeedMlc,
    #[error(
        "C.2 page mapping: the delta area starts at byte {area_start}, before the second half \
         of the {page_bytes} B page (the LSB page); use a larger page or a smaller scheme"
    )]
    DeltaAreaOffLsbHalf {
        area_start: usize,
        page_bytes: usize,
    },
    #[error("LBA {lba}: an append at byte {offset} falls on the first page of its pair")]
    AppendOffLsbHalf { lba: u32, offset: usize },
}

/// Refusals of the store's flash (`flash`): the byte-level model's are the same rules as
/// `device::nand` (see `bytenand`); the cell model's are its own (`cellnand`).
#[derive(Debug, Clone, PartialEq, Error)]
pub enum FlashError {
    #[error("block {block} page {page}: {source}")]
    Nand {
        block: usize,
        page: usize,
        source: NandError,
    },
    #[error("block {block} does not exist ({blocks} blocks)")]
    BlockOutOfRange { block: usize, blocks: usize },
    #[error("block {block} page {page}: write of {len} B at {offset} passes the page end")]
    Range {
        block: usize,
        page: usize,
        offset: usize,
        len: usize,
    },
    #[error(
        "block {block} page {page}: an append must land on erased 0xFF bytes; byte {offset} is {value:#04x}"
    )]
    AppendOverProgrammed {
        block: usize,
        page: usize,
        offset: usize,
        value: u8,
    },
    /// The cell model only (`cellnand`): ISPP reached its loop limit before every cell verified.
    #[error("block {block} page {page}: the program failed verify after {loops} ISPP loops")]
    ProgramFailed {
        block: usize,
        page: usize,
        loops: u32,
    },
}
