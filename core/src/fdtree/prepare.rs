//! Merge-prepare as pure functions over a size snapshot (§2.3 Eq. (1)–(2), §4.4.1; digest
//! §2.3, §3.5, §8 items 5, 7, 8, 11).
//!
//! 1. Û(i) by Eq. (1) for i < h−1 (or the safe estimate), Û(h−1) = ⌈(N_Δ − N_∇)/β⌉ exactly.
//! 2. m by Eq. (2): h if Û(h−1) > κ_{h−1}, else the smallest i ≥ 1 with Û(i) ≤ κ_i; an
//!    underflow-triggered merge is always full, m = h−1.
//! 3. Preemptive skipping: B̂_m = Û(m), B̂_{i−1} = ⌈B̂_i/β⌉, B̂_{m+1} = B(L_succ(m));
//!    ô_i = argmin_j (B̂_i ≤ κ_j ∧ B̂_{i+1} ≤ κ_{j+1}) (κ_{j+1}: the paper's κ_{i+1} is a typo),
//!    ô_m = m and ô_0 = 0 forced, then made strictly increasing except at label 0 (the deepest
//!    would-be level mapped to 0 supplies L0's fences). Without preemptive skipping every level
//!    0..m is generated and only merge-finalize skips.

use super::config::{EstimateMode, FdConfig};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MergeWhy {
    Overflow,
    Underflow,
}

/// What merge-prepare reads: B(L_i) per label (label 0 = ⌈|L0|/β⌉) and the counters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SizeSnapshot {
    pub l0_entries: usize,
    /// B(L_i) for labels 0..h (index 0 is B(L0)); 0 = skipped.
    pub blocks: Vec<u64>,
    pub n_inserts: u64,
    pub n_deletes: u64,
}

impl SizeSnapshot {
    pub fn height(&self) -> usize {
        self.blocks.len()
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MergePlan {
    pub why: MergeWhy,
    pub m: usize,
    /// m ≥ h−1: the bottom level is rewritten (no fences, no deletes in the result).
    pub full: bool,
    /// Û(i), i = 0..h−1.
    pub u_hat: Vec<u64>,
    /// B̂_i, i = 0..=m+1.
    pub b_hat: Vec<u64>,
    /// ô_i, i = 0..=m.
    pub o_hat: Vec<usize>,
    /// Ô: generated labels in increasing order; always starts with 0 and ends with m.
    pub generated: Vec<usize>,
}

/// Eq. (1) (or the safe estimate) for i < h−1, exact for h−1.
pub fn u_hat(cfg: &FdConfig, s: &SizeSnapshot) -> Vec<u64> {
    let h = s.height();
    let beta = cfg.beta_entries as u64;
    let mut out = Vec::with_capacity(h);
    let (mut sum_all, mut sum_disk) = (0u64, 0u64);
    for i in 0..h {
        sum_all += s.blocks[i];
        if i > 0 {
            sum_disk += s.blocks[i];
        }
        let u = if i + 1 == h {
            s.n_inserts.saturating_sub(s.n_deletes).div_ceil(beta)
        } else {
            match cfg.estimate {
                EstimateMode::Paper => (beta * sum_all - sum_disk).div_ceil(beta),
                EstimateMode::Safe => {
                    (s.l0_entries as u64 + (beta - 1) * sum_disk).div_ceil(beta - 3)
                }
            }
        };
        out.push(u);
    }
    out
}

/// Eq. (2), or m = h−1 for an underflow merge.
pub fn choose_m(cfg: &FdConfig, u: &[u64], why: MergeWhy) -> usize {
    let h = u.len();
    if why == MergeWhy::Underflow {
        return h - 1;
    }
    if u[h - 1] > cfg.kappa_blocks(h - 1) {
        return h;
    }
    (1..h)
        .find(|&i| u[i] <= cfg.kappa_blocks(i))
        .unwrap_or(h - 1)
}

fn argmin_label(cfg: &FdConfig, b_i: u64, b_next: u64, upto: usize) -> usize {
    (0..=upto)
        .find(|&j| b_i <= cfg.kappa_blocks(j) && b_next <= cfg.kappa_blocks(j + 1))
        .unwrap_or(upto)
}

pub fn plan(cfg: &FdConfig, s: &SizeSnapshot, why: MergeWhy, preemptive: bool) -> MergePlan {
    let h = s.height();
    let u = u_hat(cfg, s);
    let m = choose_m(cfg, &u, why);
    let beta = cfg.beta_entries as u64;
    let mut b_hat = vec![0u64; m + 2];
    b_hat[m] = u[m.min(h - 1)];
    for i in (1..=m).rev() {
        b_hat[i - 1] = b_hat[i].div_ceil(beta);
    }
    b_hat[m + 1] = (m + 1..h)
        .map(|l| s.blocks[l])
        .find(|&b| b > 0)
        .unwrap_or(0);
    let mut o_hat: Vec<usize> = (0..=m).collect();
    if preemptive {
        for i in (1..m).rev() {
            let raw = argmin_label(cfg, b_hat[i], b_hat[i + 1], i);
            // Strictly above the level below, except that several may collapse onto label 0.
            o_hat[i] = raw.min(o_hat[i + 1].saturating_sub(1));
        }
        o_hat[0] = 0;
    }
    let mut generated: Vec<usize> = o_hat.clone();
    generated.dedup();
    MergePlan {
        why,
        m,
        full: m + 1 >= h,
        u_hat: u,
        b_hat,
        o_hat,
        generated,
    }
}
