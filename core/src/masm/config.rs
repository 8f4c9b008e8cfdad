//! Configuration of one MaSM instance and the layout derived from it (§3.2–3.4, Table I).
//!
//! 1. `Variant::TwoM`: M buffer pages, up to M query pages, runs never merged (§3.2).
//! 2. `Variant::AlphaM`: αM pages split into S buffer pages and Q = αM − S query pages, with S and
//!    the fan-in N from `theorem::plan` unless overridden by hand (§3.3, §3.4). α = 1 is MaSM-M.
//! 3. Sizes are in pages of `records_per_page` update records; the run index has one entry per
//!    granule (`Granularity::Coarse` = one SSD page, g = 1; `Fine` = 1/16 page, §3.5).
//! 4. The base table is clustered by key in pages of `keys_per_table_page` consecutive keys.

use super::error::MasmError;
use super::theorem::{TheoremPlan, plan};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variant {
    TwoM,
    AlphaM { alpha_num: u64, alpha_den: u64 },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Granularity {
    /// One index entry per SSD page (g = 1, 64 KB in the paper).
    Coarse,
    /// One index entry per 1/16 page (g = 1/16, 4 KB in the paper).
    Fine,
}

#[derive(Debug, Clone, PartialEq)]
pub struct MasmConfig {
    pub m_pages: u64,
    pub variant: Variant,
    pub records_per_page: u64,
    pub granularity: Granularity,
    /// Borrow idle query pages when the buffer is full (Fig. 9 lines 2–3).
    pub page_stealing: bool,
    /// Coalesce same-key records at flush and merge under the active-query rule (§3.5).
    pub coalesce: bool,
    pub key_space: u64,
    pub keys_per_table_page: u64,
    /// Override S (buffer pages) for MaSM-αM.
    pub buffer_pages_override: Option<u64>,
    /// Override N (fan-in) for MaSM-αM.
    pub fan_in_override: Option<u64>,
}

impl MasmConfig {
    pub fn masm_m(m_pages: u64, records_per_page: u64, key_space: u64) -> Self {
        Self {
            m_pages,
            variant: Variant::AlphaM {
                alpha_num: 1,
                alpha_den: 1,
            },
            records_per_page,
            granularity: Granularity::Coarse,
            page_stealing: false,
            coalesce: false,
            key_space,
            keys_per_table_page: 8,
            buffer_pages_override: None,
            fan_in_override: None,
        }
    }

    pub fn masm_2m(m_pages: u64, records_per_page: u64, key_space: u64) -> Self {
        Self {
            variant: Variant::TwoM,
            ..Self::masm_m(m_pages, records_per_page, key_space)
        }
    }
}

/// Page budgets derived from a configuration.
#[derive(Debug, Clone, PartialEq)]
pub struct Layout {
    pub buffer_pages: u64,
    pub query_pages: u64,
    pub ssd_capacity_pages: u64,
    /// 0 for MaSM-2M (never merges).
    pub fan_in: u64,
    pub records_per_granule: u64,
    /// `None` for MaSM-2M.
    pub plan: Option<TheoremPlan>,
}

impl Layout {
    pub fn new(cfg: &MasmConfig) -> Result<Self, MasmError> {
        if cfg.records_per_page == 0 || cfg.key_space == 0 || cfg.keys_per_table_page == 0 {
            return Err(MasmError::InvalidConfig(
                "records_per_page, key_space and keys_per_table_page must be > 0".into(),
            ));
        }
        let records_per_granule = match cfg.granularity {
            Granularity::Coarse => cfg.records_per_page,
            Granularity::Fine => (cfg.records_per_page / 16).max(1),
        };
        let capacity = cfg.m_pages.saturating_mul(cfg.m_pages);
        match cfg.variant {
            Variant::TwoM => {
                if cfg.m_pages == 0 {
                    return Err(MasmError::InvalidConfig("M must be > 0".into()));
                }
                Ok(Self {
                    buffer_pages: cfg.m_pages,
                    query_pages: cfg.m_pages,
                    ssd_capacity_pages: capacity,
                    fan_in: 0,
                    records_per_granule,
                    plan: None,
                })
            }
            Variant::AlphaM {
                alpha_num,
                alpha_den,
            } => {
                let p = plan(cfg.m_pages, alpha_num, alpha_den)?;
                let buffer_pages = cfg.buffer_pages_override.unwrap_or(p.buffer_pages);
                if buffer_pages == 0 || buffer_pages >= p.memory_pages {
                    return Err(MasmError::InvalidConfig(format!(
                        "S = {buffer_pages} must be in 1..{}",
                        p.memory_pages
                    )));
                }
                let query_pages = p.memory_pages - buffer_pages;
                let fan_in = cfg.fan_in_override.unwrap_or(p.fan_in.max(2));
                if fan_in < 2 || fan_in > query_pages {
                    return Err(MasmError::InvalidConfig(format!(
                        "fan-in N = {fan_in} must be in 2..={query_pages}"
                    )));
                }
                Ok(Self {
                    buffer_pages,
                    query_pages,
                    ssd_capacity_pages: capacity,
                    fan_in,
                    records_per_granule,
                    plan: Some(p),
                })
            }
        }
    }

    pub fn memory_pages(&self) -> u64 {
        self.buffer_pages + self.query_pages
    }
}
