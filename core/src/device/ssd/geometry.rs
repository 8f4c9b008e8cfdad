//! SSD geometry and physical addressing.
//!
//! 1. The device is channels × dies per channel × planes per die × blocks per plane × pages per
//!    block; a page holds `page_bytes`. Dies are numbered across channels first
//!    (`die = die_in_channel · channels + channel`), so die `d` sits on channel `d mod C`.
//! 2. Blocks are numbered die-major: die `d` owns the contiguous range
//!    `[d · blocks_per_die, (d + 1) · blocks_per_die)`, planes inside it in order. A physical page
//!    number (ppn) is `block · pages_per_block + page`.
//! 3. Over-provisioning is a *spare factor* S_f of the physical space (MQSim's convention,
//!    calibration.md C1): logical pages = ⌊physical · (1 − S_f)⌋. The same spare expressed
//!    against the logical space is ρ = S_f / (1 − S_f); `with_logical_pages` sets the logical size
//!    directly (the WAF reproduction uses ρ, as the C4 tables do).
//! 4. Write striping (the order in which the write point moves across dies) is die number order,
//!    which is channel-first: consecutive pages of a sequential write land on different channels
//!    before two share one.
//! 5. Address arithmetic divides by the block and die sizes on every simulated write; when a
//!    size is a power of two (every preset) `div_by`/`rem_by` shift and mask instead of issuing
//!    a hardware divide (tens of cycles each). Same results for any size.

/// Counts of the physical hierarchy and the logical size exposed to the host.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Geometry {
    pub channels: u32,
    pub dies_per_channel: u32,
    pub planes_per_die: u32,
    pub blocks_per_plane: u32,
    pub pages_per_block: u32,
    pub page_bytes: u32,
    pub logical_pages: u32,
}

impl Geometry {
    /// Geometry with the logical size set by a spare factor (`over_provisioning` ∈ [0, 1)).
    pub fn with_spare_factor(
        channels: u32,
        dies_per_channel: u32,
        planes_per_die: u32,
        blocks_per_plane: u32,
        pages_per_block: u32,
        page_bytes: u32,
        over_provisioning: f64,
    ) -> Self {
        let mut geometry = Self {
            channels,
            dies_per_channel,
            planes_per_die,
            blocks_per_plane,
            pages_per_block,
            page_bytes,
            logical_pages: 0,
        };
        let physical = geometry.physical_pages() as f64;
        let logical = (physical * (1.0 - over_provisioning)).floor();
        geometry.logical_pages = if logical.is_finite() && logical > 0.0 {
            logical as u32
        } else {
            0
        };
        geometry
    }

    /// The same shape with an explicit logical size.
    pub fn with_logical_pages(mut self, logical_pages: u32) -> Self {
        self.logical_pages = logical_pages;
        self
    }

    pub fn dies(&self) -> u32 {
        self.channels * self.dies_per_channel
    }

    pub fn blocks_per_die(&self) -> u32 {
        self.planes_per_die * self.blocks_per_plane
    }

    pub fn blocks(&self) -> u32 {
        self.dies() * self.blocks_per_die()
    }

    pub fn pages_per_die(&self) -> u32 {
        self.blocks_per_die() * self.pages_per_block
    }

    pub fn physical_pages(&self) -> u32 {
        self.blocks() * self.pages_per_block
    }

    /// Physical pages not exposed to the host.
    pub fn spare_pages(&self) -> u32 {
        self.physical_pages().saturating_sub(self.logical_pages)
    }

    /// The spare factor actually realised after rounding, S_f = spare / physical.
    pub fn spare_factor(&self) -> f64 {
        f64::from(self.spare_pages()) / f64::from(self.physical_pages().max(1))
    }

    pub fn die_of_block(&self, block: u32) -> u32 {
        div_by(block, self.blocks_per_die())
    }

    pub fn plane_of_block(&self, block: u32) -> u32 {
        (block % self.blocks_per_die()) / self.blocks_per_plane
    }

    pub fn channel_of_die(&self, die: u32) -> u32 {
        die % self.channels
    }

    /// Which of its channel's dies `die` is.
    pub fn die_in_channel(&self, die: u32) -> u32 {
        die / self.channels
    }

    pub fn first_block_of_die(&self, die: u32) -> u32 {
        die * self.blocks_per_die()
    }

    pub fn block_of_ppn(&self, ppn: u32) -> u32 {
        div_by(ppn, self.pages_per_block)
    }

    /// The die of a physical page: ⌊⌊ppn / ppb⌋ / blocks per die⌋ = ⌊ppn / pages per die⌋, one
    /// division (or shift) instead of two.
    pub fn die_of_ppn(&self, ppn: u32) -> u32 {
        div_by(ppn, self.pages_per_die())
    }

    pub fn page_of_ppn(&self, ppn: u32) -> u32 {
        rem_by(ppn, self.pages_per_block)
    }

    pub fn ppn(&self, block: u32, page: u32) -> u32 {
        block * self.pages_per_block + page
    }

    /// The die of the k-th stripe slot (channel-first striping, step 4 above).
    pub fn stripe_die(&self, slot: u32) -> u32 {
        slot % self.dies()
    }

    /// Bytes of the logical space.
    pub fn logical_bytes(&self) -> u64 {
        u64::from(self.logical_pages) * u64::from(self.page_bytes)
    }
}

/// `x / d` (step 5): a shift when `d` is a power of two (a predictable branch), else a divide.
#[inline]
pub fn div_by(x: u32, d: u32) -> u32 {
    if d.is_power_of_two() {
        x >> d.trailing_zeros()
    } else {
        x / d
    }
}

/// `x % d` (step 5): a mask when `d` is a power of two, else a divide.
#[inline]
pub fn rem_by(x: u32, d: u32) -> u32 {
    if d.is_power_of_two() {
        x & (d - 1)
    } else {
        x % d
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn course() -> Geometry {
        Geometry::with_spare_factor(4, 2, 1, 64, 32, 4096, 0.1)
    }

    #[test]
    fn counts_multiply_out_and_spare_factor_sets_logical_size() {
        let g = course();
        assert_eq!(g.dies(), 8);
        assert_eq!(g.blocks(), 512);
        assert_eq!(g.physical_pages(), 16_384);
        assert_eq!(g.logical_pages, 14_745);
        assert_eq!(g.spare_pages(), 1_639);
    }

    #[test]
    fn addresses_round_trip() {
        let g = Geometry::with_spare_factor(2, 2, 2, 8, 16, 4096, 0.1);
        for block in 0..g.blocks() {
            for page in 0..g.pages_per_block {
                let ppn = g.ppn(block, page);
                assert_eq!((g.block_of_ppn(ppn), g.page_of_ppn(ppn)), (block, page));
            }
            let die = g.die_of_block(block);
            for page in [0, g.pages_per_block - 1] {
                assert_eq!(g.die_of_ppn(g.ppn(block, page)), die);
            }
            assert!(block >= g.first_block_of_die(die));
            assert!(block < g.first_block_of_die(die) + g.blocks_per_die());
        }
        assert_eq!(g.plane_of_block(g.first_block_of_die(1) + 9), 1);
    }

    #[test]
    fn shift_and_mask_agree_with_division_for_any_size() {
        for d in [1, 2, 3, 7, 32, 96, 128, 256, 1000, 1 << 31] {
            for x in [
                0,
                1,
                5,
                127,
                128,
                129,
                4_095,
                1 << 20,
                u32::MAX - 1,
                u32::MAX,
            ] {
                assert_eq!(div_by(x, d), x / d, "{x} / {d}");
                assert_eq!(rem_by(x, d), x % d, "{x} % {d}");
            }
        }
    }

    #[test]
    fn striping_visits_every_channel_before_reusing_one() {
        let g = course();
        let first: Vec<u32> = (0..4).map(|k| g.channel_of_die(g.stripe_die(k))).collect();
        assert_eq!(first, [0, 1, 2, 3]);
        let mut dies: Vec<u32> = (0..8).map(|k| g.stripe_die(k)).collect();
        dies.sort_unstable();
        assert_eq!(dies, (0..8).collect::<Vec<_>>());
    }
}
