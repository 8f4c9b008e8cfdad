//! FD+tree configuration: block size β, size ratio γ, κ0, the Û estimate mode, the trigger and
//! the concurrency-scheme switches of the merge (§2.1, §4.2; digest §2.3, §8 items 4, 11, 17).
//!
//! 1. Capacities κ_i = γ^i·κ0 blocks (I3); L0 holds up to β·κ0 entries, fences included.
//! 2. `EstimateMode::Paper` is Eq. (1) as printed (it may overshoot by up to 2 blocks, digest
//!    §8 item 11, so invariant checks allow `capacity_tolerance_blocks() = 2`); `Safe` is the
//!    digest's safe estimate with zero tolerance.
//! 3. The overflow trigger is `|L0| ≥ overflow_trigger_entries`: Alg. 1's `|L0| > β·κ0` for
//!    the sequential FD+tree, β·κ0 − κ1 for FD+FC (κ1 slots reserved for the merge's fences).
//! 4. `MergePolicy` switches between FD+FC (wavefront routing, eager block reclaim, L0 memory
//!    sharing), FD+FC without memory sharing (Fig. 9a) and FD+DS (old side only, nothing freed
//!    until the merge ends: doubled space, pinned L0).
//! 5. `Uniqueness` says how `insert` of a present key and `delete` of a missing key are
//!    answered: `Check` looks the key up first (its block reads are counted) and rejects the op;
//!    `Trusted` is the paper's blind update for workloads that never issue such ops (Rem. A.1).

use super::error::FdError;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EstimateMode {
    /// Eq. (1) as printed.
    Paper,
    /// Û_s(i) = ⌈(|L0| + (β−1)·Σ B(L_j)) / (β−3)⌉: never below the real output size.
    Safe,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Uniqueness {
    Check,
    Trusted,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MergePolicy {
    /// Lookups during a merge pick the old or the new side by the wavefront (FD+FC); when false
    /// they always use the intact old side (FD+DS).
    pub wavefront_routing: bool,
    /// Reclaim an old block as soon as the retention rule allows (FD+FC); else at merge end.
    pub eager_reclaim: bool,
    /// Slots freed from L0^old go to new modifications at once (FD+FC dynamic memory sharing).
    pub share_l0_memory: bool,
    /// Choose the generated levels Ô in merge-prepare (§4.4.1); when false every level 0..m is
    /// generated and only merge-finalize skips (the sequential FD+tree of §2.3).
    pub preemptive_skipping: bool,
    /// Merge-finalize relabels levels by Eq. (3) (level skipping and tightening, §2.3); when
    /// false every generated level keeps its label (the "without level skipping" arm of §5.2).
    pub level_skipping: bool,
    /// m-delete's retention rule (§4.4.2, Rem. A.5): an old block is reclaimed only once its
    /// following block's first key is processed. False (a broken protocol, for teaching):
    /// reclaimed as soon as its own entries are, though it may still direct lookups.
    pub retention: bool,
    /// m-delete publishes the wavefront after m-insert wrote the staged groups (§4.4.2). False
    /// (a broken protocol, for teaching): published right after m-stage, before the writes.
    pub wavefront_after_insert: bool,
}

impl MergePolicy {
    pub const FD_PLUS_TREE: Self = Self {
        wavefront_routing: true,
        eager_reclaim: true,
        share_l0_memory: true,
        preemptive_skipping: false,
        level_skipping: true,
        retention: true,
        wavefront_after_insert: true,
    };
    /// The sequential FD+tree with neither preemptive nor finalize skipping (§5.2 ablation).
    pub const FD_PLUS_TREE_NO_SKIPPING: Self = Self {
        level_skipping: false,
        ..Self::FD_PLUS_TREE
    };
    pub const FC: Self = Self {
        wavefront_routing: true,
        eager_reclaim: true,
        share_l0_memory: true,
        preemptive_skipping: true,
        level_skipping: true,
        retention: true,
        wavefront_after_insert: true,
    };
    pub const FC_NO_SHARING: Self = Self {
        share_l0_memory: false,
        ..Self::FC
    };
    pub const DS: Self = Self {
        wavefront_routing: false,
        eager_reclaim: false,
        share_l0_memory: false,
        preemptive_skipping: true,
        level_skipping: true,
        retention: true,
        wavefront_after_insert: true,
    };
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FdConfig {
    /// β: block size in entries.
    pub beta_entries: usize,
    /// γ: size ratio.
    pub gamma: u64,
    /// κ0: top-level size in blocks.
    pub kappa0_blocks: u64,
    pub estimate: EstimateMode,
    pub uniqueness: Uniqueness,
    pub policy: MergePolicy,
    /// Overflow merge when |L0| reaches this many entries.
    pub overflow_trigger_entries: usize,
}

impl FdConfig {
    /// The sequential FD+tree of §2 (Alg. 1 trigger |L0| > β·κ0, finalize-only skipping).
    pub fn fd_plus_tree(beta_entries: usize, gamma: u64, kappa0_blocks: u64) -> Self {
        Self {
            beta_entries,
            gamma,
            kappa0_blocks,
            estimate: EstimateMode::Paper,
            uniqueness: Uniqueness::Check,
            policy: MergePolicy::FD_PLUS_TREE,
            overflow_trigger_entries: beta_entries * kappa0_blocks as usize + 1,
        }
    }

    /// FD+FC (§4): trigger at β·κ0 − κ1, preemptive skipping, wavefront, memory sharing.
    pub fn fc(beta_entries: usize, gamma: u64, kappa0_blocks: u64) -> Self {
        let l0 = beta_entries * kappa0_blocks as usize;
        let kappa1 = (gamma * kappa0_blocks) as usize;
        Self {
            policy: MergePolicy::FC,
            overflow_trigger_entries: l0.saturating_sub(kappa1),
            ..Self::fd_plus_tree(beta_entries, gamma, kappa0_blocks)
        }
    }

    /// The tiny teaching configuration of the issue (β = 8, γ = 3, κ0 = 2 blocks).
    pub fn tiny_fc() -> Self {
        Self::fc(8, 3, 2)
    }

    pub fn with_policy(mut self, policy: MergePolicy) -> Self {
        self.policy = policy;
        self
    }

    pub fn validate(&self) -> Result<(), FdError> {
        let bad = |m: &str| Err(FdError::InvalidConfig(m.to_string()));
        if self.gamma < 2 {
            return bad("γ must be ≥ 2");
        }
        if self.kappa0_blocks == 0 {
            return bad("κ0 must be ≥ 1 block");
        }
        if (self.beta_entries as u64) <= self.gamma || self.beta_entries < 4 {
            return bad("β must be > γ (Thm 1) and ≥ 4 (a block holds a fence plus a D/I pair)");
        }
        if self.overflow_trigger_entries < 2
            || self.overflow_trigger_entries > self.l0_entries() + 1
        {
            return bad("the overflow trigger must lie in 2..=β·κ0+1 entries");
        }
        Ok(())
    }

    /// κ_i = γ^i·κ0 blocks, saturating (levels beyond u64 are never reached).
    pub fn kappa_blocks(&self, level: usize) -> u64 {
        let mut k = self.kappa0_blocks;
        for _ in 0..level {
            k = k.saturating_mul(self.gamma);
        }
        k
    }

    /// β·κ0: entries L0 can hold.
    pub fn l0_entries(&self) -> usize {
        self.beta_entries * self.kappa0_blocks as usize
    }

    /// Blocks of slack allowed over κ_i in the invariant checks (digest §8 item 11).
    pub fn capacity_tolerance_blocks(&self) -> u64 {
        match self.estimate {
            EstimateMode::Paper => 2,
            EstimateMode::Safe => 0,
        }
    }

    /// Entries a block holding `n` entries occupies, as blocks: ⌈n/β⌉.
    pub fn blocks_for(&self, entries: usize) -> u64 {
        entries.div_ceil(self.beta_entries) as u64
    }
}
