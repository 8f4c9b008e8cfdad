//! Buffers an `IpaStore` reuses between operations so the transaction path does not allocate
//! (issue 10 "Performance"). They hold no state of the simulation: each is emptied before use,
//! so the store keeps them as `sim::scratch::Scratch<Buffers>`: two stores compare equal
//! whatever their scratch holds, and a clone starts with none.
//!
//! 1. `changed`: the offsets one page change altered (`NsmPage::*_into`); `body_masks` and
//!    `meta_masks`: the same as byte masks (`NsmPage::insert_masks`).
//! 2. `body`, `meta`, `delta`: the sorted offsets and the encoded records of one append.
//! 3. `frames`: frames evicted from the buffer pool, whose page image and offset sets a later
//!    fetch refills (`Frame::refill`), or a new page takes over (`Frame::renew`), instead of
//!    allocating; `tests/ipa_alloc.rs` checks the transaction path allocates only growth.

use super::frame::Frame;
use super::offsets::MaskParts;

#[derive(Debug, Default)]
pub struct Buffers {
    pub changed: Vec<usize>,
    pub body: Vec<usize>,
    pub meta: Vec<usize>,
    pub delta: Vec<u8>,
    /// Step 1 as byte masks (`NsmPage::insert_masks`): the tuple's and the metadata's.
    pub body_masks: MaskParts,
    pub meta_masks: MaskParts,
    pub frames: Vec<Frame>,
}
