//! Typed errors of the cell model. Each names what was refused and why, in words a student can
//! act on; `code` is the stable number carried by the lab's `refused` trace events.

use thiserror::Error;

use super::layout::VthLayout;

#[derive(Debug, Clone, PartialEq, Error)]
pub enum NandError {
    #[error("page {page} does not exist (the block has {page_count} pages)")]
    PageOutOfRange { page: usize, page_count: usize },

    #[error("data has {got_bits} bits but must fit in {expected_bits}")]
    DataLength {
        expected_bits: usize,
        got_bits: usize,
    },

    #[error(
        "programming page {page} would need to lower cell {cell} from {from} to {to} \
         ({cells} cells in all): charge only rises between erases, erase the block first"
    )]
    WouldLowerCharge {
        page: usize,
        cell: usize,
        from: String,
        to: String,
        /// Indices into `VthLayout::placements()`.
        from_state: usize,
        to_state: usize,
        cells: usize,
    },

    #[error(
        "page {page} ({page_name} of wordline {wordline}) needs page {needs_page} of the same \
         wordline programmed first: its cells build on the lower page's states"
    )]
    LowerPageFirst {
        page: usize,
        page_name: &'static str,
        wordline: usize,
        needs_page: usize,
    },

    #[error(
        "page {page} ({page_name} of wordline {wordline}) must wait for page {needs_page} on \
         wordline {next_wordline}: shadow program order finishes a wordline only after its \
         neighbour's coarser step (seed 004 App. C.2, FEMU L95B pairing)"
    )]
    ShadowOrder {
        page: usize,
        page_name: &'static str,
        wordline: usize,
        next_wordline: usize,
        needs_page: usize,
    },

    #[error(
        "page {page} programmed out of order: page {needs_page} (same step, wordline \
         {wordline_before}) comes first (in-order programming within a block, seed 004 App. C.2)"
    )]
    OutOfOrder {
        page: usize,
        wordline_before: usize,
        needs_page: usize,
    },

    #[error(
        "page {page} is an {page_name} page: re-programs (in-place appends) are allowed only on \
         LSB pages of multi-bit cells (seed 004 §4, App. C.2: odd-MLC / pSLC)"
    )]
    AppendOnlyOnLsbPages {
        page: usize,
        page_name: &'static str,
    },

    #[error(
        "page {page} has been programmed {programs} times since the last erase; the limit is \
         {nop} (NOP)"
    )]
    NopExceeded {
        page: usize,
        programs: u32,
        nop: u32,
    },

    #[error("a program is still in progress on page {page}")]
    ProgramInProgress { page: usize },
}

impl NandError {
    /// Rule 4's refusal: `cell` (the first of `cells` that would fall) would go from placement
    /// `from` to `to` (indices into `layout.placements()`), named as the UI shows them.
    pub fn would_lower_charge(
        layout: &VthLayout,
        page: usize,
        (cell, from, to): (usize, usize, usize),
        cells: usize,
    ) -> Self {
        let describe = |index: usize| {
            let p = layout.placement(index);
            format!("{} ({})", p.name, p.bits_label)
        };
        NandError::WouldLowerCharge {
            page,
            cell,
            from: describe(from),
            to: describe(to),
            from_state: from,
            to_state: to,
            cells,
        }
    }

    /// Stable reason code for trace events and the UI's narration table.
    pub fn code(&self) -> u32 {
        match self {
            NandError::PageOutOfRange { .. } => 1,
            NandError::DataLength { .. } => 2,
            NandError::WouldLowerCharge { .. } => 3,
            NandError::LowerPageFirst { .. } => 4,
            NandError::ShadowOrder { .. } => 5,
            NandError::OutOfOrder { .. } => 6,
            NandError::AppendOnlyOnLsbPages { .. } => 7,
            NandError::NopExceeded { .. } => 8,
            NandError::ProgramInProgress { .. } => 9,
        }
    }

    /// Short name of `code`, for `info()`.
    pub fn code_names() -> &'static [(u32, &'static str)] {
        &[
            (1, "page out of range"),
            (2, "data length"),
            (3, "would lower charge"),
            (4, "lower page first"),
            (5, "shadow program order"),
            (6, "out of order"),
            (7, "appends only on LSB pages"),
            (8, "NOP exceeded"),
            (9, "program in progress"),
        ]
    }
}
