//! Choosing S and N: Theorems 3.1 and 3.2 (§3.3, §3.4, proof in §4.1; digest §2.6).
//!
//! 1. Memory is αM pages (α = `alpha_num / alpha_den`, kept rational so every number is exact):
//!    S = round(αM/2) update-buffer pages and Q = round(αM) − S query pages (Thm 3.2: S_opt = 0.5αM).
//! 2. Worst case: every 1-pass run has exactly S pages and the SSD (‖SSD‖ = M² pages) is full, so
//!    R1 = ⌈M²/S⌉ 1-pass runs are written.
//! 3. If R1 ≤ Q no run is ever merged (MaSM-2M, α = 2). Otherwise the fewest 2-pass runs that
//!    bring K1 + K2 down to Q, each merging at most Q inputs, is K2 = ⌈(R1 − Q)/(Q − 1)⌉, and the
//!    fan-in is N = ⌈(R1 − Q)/K2⌉ + 1 (digest's integer recipe; reproduces N = 97, K2 = 4 for
//!    M = 256, α = 1, i.e. Theorem 3.1's N_opt = 0.375M + 1).
//! 4. Worst-case writes per update = 1 + K2·N·S/M² (Eq. 7). The paper's closed form is
//!    2 − 0.25α² + 0.5αK2/M (= 1.75 + 2/M at α = 1, Theorem 3.1), "roughly 2 − 0.25α²".
//!    The two agree when 4/α² is an integer; for α = 1.5, M = 256 the recipe gives 1.4424 against
//!    the closed form's 1.4404 (the closed form ignores integer rounding of N).
//! 5. Feasibility: α ≥ 2/M^(1/3), checked exactly as α³M ≥ 8, and N ≤ Q, K2 ≤ Q.

use super::error::MasmError;

/// The parameters and write-per-update numbers of MaSM-αM for one (M, α).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TheoremPlan {
    pub m_pages: u64,
    pub alpha_num: u64,
    pub alpha_den: u64,
    /// αM rounded: total memory pages.
    pub memory_pages: u64,
    /// S: update-buffer pages.
    pub buffer_pages: u64,
    /// Q = αM − S: query pages (one read page per run during a scan).
    pub query_pages: u64,
    /// ‖SSD‖ = M² pages.
    pub ssd_capacity_pages: u64,
    /// N (Table I meaning): 1-pass runs merged into one 2-pass run; 0 if no merge is ever needed.
    pub fan_in: u64,
    /// K2 at the worst-case full state.
    pub two_pass_runs: u64,
    /// 1 + K2·N·S/M², from the integer recipe.
    pub writes_per_update_exact: f64,
    /// The paper's Eq. 7 form 2 − 0.25α² + 0.5αK2/M (only meaningful when merges happen).
    pub writes_per_update_paper: f64,
    /// The paper's "roughly" form 2 − 0.25α².
    pub writes_per_update_rough: f64,
}

fn div_ceil(a: u64, b: u64) -> u64 {
    if b == 0 { 0 } else { a.div_ceil(b) }
}

/// Compute the plan; errors when α is outside [2/M^(1/3), 2] or the sizes are degenerate.
pub fn plan(m_pages: u64, alpha_num: u64, alpha_den: u64) -> Result<TheoremPlan, MasmError> {
    if m_pages < 2 || alpha_num == 0 || alpha_den == 0 {
        return Err(MasmError::InvalidConfig(format!(
            "need M ≥ 2 and α > 0 (M = {m_pages}, α = {alpha_num}/{alpha_den})"
        )));
    }
    if alpha_num > 2 * alpha_den {
        return Err(MasmError::InvalidConfig(format!(
            "α = {alpha_num}/{alpha_den} exceeds 2: MaSM never needs more than 2M pages"
        )));
    }
    // α ≥ 2/M^(1/3)  ⇔  α³·M ≥ 8, in integers: num³·M ≥ 8·den³.
    let lhs = u128::from(alpha_num).pow(3) * u128::from(m_pages);
    let rhs = 8 * u128::from(alpha_den).pow(3);
    if lhs < rhs {
        return Err(MasmError::InvalidConfig(format!(
            "α = {alpha_num}/{alpha_den} is below 2/M^(1/3) for M = {m_pages}: a 3-pass merge would be needed"
        )));
    }
    let memory_pages = (2 * alpha_num * m_pages + alpha_den) / (2 * alpha_den);
    let buffer_pages = (alpha_num * m_pages + alpha_den) / (2 * alpha_den);
    let query_pages = memory_pages.saturating_sub(buffer_pages);
    if buffer_pages == 0 || query_pages < 2 {
        return Err(MasmError::InvalidConfig(format!(
            "S = {buffer_pages} and Q = {query_pages} pages are too small"
        )));
    }
    let capacity = m_pages * m_pages;
    let one_pass_runs = div_ceil(capacity, buffer_pages);
    let (fan_in, two_pass_runs) = if one_pass_runs <= query_pages {
        (0, 0)
    } else {
        let k2 = div_ceil(one_pass_runs - query_pages, query_pages - 1);
        (div_ceil(one_pass_runs - query_pages, k2) + 1, k2)
    };
    if fan_in > query_pages || two_pass_runs > query_pages {
        return Err(MasmError::InvalidConfig(format!(
            "N = {fan_in}, K2 = {two_pass_runs} exceed Q = {query_pages}"
        )));
    }
    let extra = (two_pass_runs * fan_in * buffer_pages) as f64;
    let alpha = alpha_num as f64 / alpha_den as f64;
    let m = m_pages as f64;
    Ok(TheoremPlan {
        m_pages,
        alpha_num,
        alpha_den,
        memory_pages,
        buffer_pages,
        query_pages,
        ssd_capacity_pages: capacity,
        fan_in,
        two_pass_runs,
        writes_per_update_exact: 1.0 + extra / capacity as f64,
        writes_per_update_paper: 2.0 - 0.25 * alpha * alpha
            + 0.5 * alpha * two_pass_runs as f64 / m,
        writes_per_update_rough: 2.0 - 0.25 * alpha * alpha,
    })
}

/// Theorem 3.1's closed form for MaSM-M: 1.75 + 2/M.
pub fn theorem_3_1_writes_per_update(m_pages: u64) -> f64 {
    1.75 + 2.0 / m_pages as f64
}
