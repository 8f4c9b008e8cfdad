//! A database spread over several NoFTL regions (seed 004 §5, Fig. 3): each table is placed in
//! a region with its own IPA mode and [N × M] scheme — "IPA solely for the STOCK table in
//! TPC-C, or for 3 from 4 tables in TPC-B" (§6.2).
//!
//! 1. A region is an `IpaStore` on its own chips (the DDL's `MAX_CHIPS`): its own flash, GC and
//!    buffer share; tables are routed by the table number in the key (`workload::key`).
//! 2. Every op goes to its table's region; a crash hits every region at once, and each
//!    recovers from its flash and its log.
//! 3. Counters add up across regions for the whole-database view.

use std::collections::BTreeMap;

use super::config::StoreConfig;
use super::error::IpaError;
use super::store::IpaStore;

#[derive(Debug, Clone, PartialEq)]
pub struct Region {
    pub name: String,
    pub store: IpaStore,
}

#[derive(Debug, Clone, PartialEq)]
pub struct RegionedDb {
    pub regions: Vec<Region>,
    /// table number → region index; tables not listed go to region 0.
    pub placement: BTreeMap<u64, usize>,
}

impl RegionedDb {
    /// `regions` as (name, config); `placement` as (table, region index).
    pub fn new(
        regions: &[(&str, StoreConfig)],
        placement: &[(u64, usize)],
    ) -> Result<Self, IpaError> {
        let regions = regions
            .iter()
            .map(|(name, cfg)| {
                Ok(Region {
                    name: (*name).to_string(),
                    store: IpaStore::new(cfg.clone())?,
                })
            })
            .collect::<Result<Vec<_>, IpaError>>()?;
        Ok(Self {
            placement: placement
                .iter()
                .filter(|(_, r)| *r < regions.len())
                .copied()
                .collect(),
            regions,
        })
    }

    fn region_of(&mut self, key: u64) -> &mut IpaStore {
        let index = self.placement.get(&(key >> 40)).copied().unwrap_or(0);
        &mut self.regions[index].store
    }

    pub fn insert(&mut self, key: u64, fields: &[u32]) -> Result<(), IpaError> {
        self.region_of(key).insert(key, fields)
    }

    pub fn update(&mut self, key: u64, field: usize, value: u32) -> Result<(), IpaError> {
        self.region_of(key).update(key, field, value)
    }

    pub fn get(&mut self, key: u64) -> Result<Option<Vec<u32>>, IpaError> {
        self.region_of(key).get(key)
    }

    pub fn checkpoint(&mut self) -> Result<(), IpaError> {
        self.regions
            .iter_mut()
            .try_for_each(|r| r.store.checkpoint())
    }

    /// Step 2: every region loses its buffer at once and recovers.
    pub fn crash(&mut self) -> Result<(), IpaError> {
        self.regions.iter_mut().try_for_each(|r| r.store.crash())
    }

    pub fn check_invariants(&self) -> Result<(), String> {
        for r in &self.regions {
            r.store
                .check_invariants()
                .map_err(|e| format!("region {}: {e}", r.name))?;
        }
        Ok(())
    }
}
