//! The LSM tree itself, without devices: C0 in memory, C1..Ch on the SSD, and the rolling merges
//! between them counted record by record (O'Neil et al. 1996; MaSM §2.3, §4.5, Table III).
//!
//! 1. Shape: C0 holds `c0` records; level i holds c0·rⁱ records with one common size ratio r
//!    chosen so that C1..Ch fill the SSD exactly (Σ c0·rⁱ = SSD, solved by bisection; the last
//!    level takes the rounding remainder). Table III's analytic write rate is (h − 0.5)(1 + r).
//! 2. Insert: the record goes into C0 (a same-key record there is coalesced with `combine`).
//!    Then, for i = 0..h−1 while Ci holds more than its capacity, one merge step moves a chunk of
//!    `chunk_records` consecutive records from Ci into Ci+1. The last level has no outflow: it
//!    grows until the SSD is full, then the tree must migrate it into the main data.
//! 3. Merge step: the chunk owns the key range [lo, hi) from its first record (the cursor, for a
//!    rolling cursor) up to the next record of Ci after it; every record of Ci+1 in that range is
//!    read and written back together with the chunk (same-key records coalesce, the older one
//!    from Ci+1 first). Written records are counted: these are Table III's logical writes.
//! 4. Where the chunk starts:
//!    - `Scattered` (default): at a record of Ci drawn uniformly at random (found through
//!      per-bucket record counts in a Fenwick tree). The chunk then has Ci's average density,
//!      the assumption behind (1 + r) per level in §4.5's analysis. (Starting after a uniformly
//!      random *key* instead would favour sparse stretches, which cover more keys, and those
//!      meet more of Ci+1: about twice the writes.)
//!    - `RollingCursor`: where the previous step of this level stopped, sweeping the key space
//!      and wrapping round. Ci is then densest just ahead of the cursor (those keys have been
//!      accumulating for a whole sweep), about twice its average, so each merged record meets
//!      about r/2 records of Ci+1: a literal rolling merge writes about half Table III's figure.
//! 5. Per key, a level holds at most one record, and it is newer than any record of that key in
//!    a deeper level (records only move down, and coalesce when they meet); a scan applies a key's
//!    records deepest level first.

use std::collections::BTreeMap;

use crate::masm::error::MasmError;
use crate::masm::record::{UpdateRecord, combine};
use crate::sim::Rng;

/// How a merge step picks its chunk (module docs, step 4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MergePolicy {
    Scattered,
    RollingCursor,
}

/// Component capacities in records: `c0_records` in memory, `level_records[i]` for C(i+1).
#[derive(Debug, Clone, PartialEq)]
pub struct LsmShape {
    pub c0_records: u64,
    pub level_records: Vec<u64>,
    /// The common size ratio r between adjacent components.
    pub size_ratio: f64,
}

/// r with Σ_{i=1..h} rⁱ = `ssd_over_c0` (r ≥ 1 when the ratio is ≥ h), by bisection.
pub fn size_ratio(levels: u32, ssd_over_c0: f64) -> f64 {
    let sum = |r: f64| {
        let (mut power, mut total) = (1.0, 0.0);
        for _ in 0..levels {
            power *= r;
            total += power;
        }
        total
    };
    let (mut lo, mut hi) = (0.0, ssd_over_c0.max(1.0));
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if sum(mid) < ssd_over_c0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

impl LsmShape {
    /// C0 of `c0_records`, `levels` SSD levels filling `ssd_records` with one size ratio.
    pub fn new(c0_records: u64, levels: u32, ssd_records: u64) -> Result<Self, MasmError> {
        if c0_records == 0 || levels == 0 || ssd_records < u64::from(levels) {
            return Err(MasmError::InvalidConfig(format!(
                "LSM needs C0 > 0, h > 0 and at least h SSD records (C0 {c0_records}, h {levels}, SSD {ssd_records})"
            )));
        }
        let r = size_ratio(levels, ssd_records as f64 / c0_records as f64);
        let mut level_records = Vec::with_capacity(levels as usize);
        let mut size = c0_records as f64;
        for _ in 1..levels {
            size *= r;
            level_records.push((size + 0.5).max(1.0) as u64);
        }
        let upper: u64 = level_records.iter().sum();
        if upper >= ssd_records {
            return Err(MasmError::InvalidConfig(format!(
                "LSM levels C1..C{} already hold {upper} of {ssd_records} SSD records",
                levels - 1
            )));
        }
        level_records.push(ssd_records - upper);
        Ok(Self {
            c0_records,
            level_records,
            size_ratio: r,
        })
    }

    pub fn levels(&self) -> usize {
        self.level_records.len()
    }

    pub fn ssd_records(&self) -> u64 {
        self.level_records.iter().sum()
    }

    /// §4.5: (h − 0.5)(1 + r) logical writes per update.
    pub fn analytic_writes_per_update(&self) -> f64 {
        (self.levels() as f64 - 0.5) * (1.0 + self.size_ratio)
    }
}

/// One merge step from component `from` (0 = C0) into `from + 1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MergeStep {
    pub from: usize,
    /// Records taken from the upper component.
    pub moved: u64,
    /// Records of the lower component read (and rewritten) in [lo, hi).
    pub lower_read: u64,
    /// Records written to the lower component.
    pub written: u64,
    pub lo_key: u64,
    /// Exclusive; `key_bound` when the range runs to the end of the key space.
    pub hi_key: u64,
}

#[derive(Debug, Clone)]
pub struct LsmTree {
    shape: LsmShape,
    chunk_records: usize,
    policy: MergePolicy,
    /// Keys are < key_bound.
    key_bound: u64,
    /// 0 = C0 (memory), i = Ci on the SSD.
    components: Vec<BTreeMap<u64, UpdateRecord>>,
    /// Per component, records per key bucket (to draw a uniformly random record).
    counts: Vec<BucketCounts>,
    cursors: Vec<u64>,
    rng: Rng,
    /// Records written to SSD levels by merges (Table III's logical writes).
    pub record_writes: u64,
    pub records_inserted: u64,
    pub merge_steps: u64,
}

impl LsmTree {
    pub fn new(
        shape: LsmShape,
        chunk_records: u64,
        policy: MergePolicy,
        key_bound: u64,
        seed: u64,
    ) -> Result<Self, MasmError> {
        if chunk_records == 0 || key_bound == 0 {
            return Err(MasmError::InvalidConfig(
                "LSM chunk and key bound must be positive".into(),
            ));
        }
        let components = vec![BTreeMap::new(); shape.levels() + 1];
        let counts = vec![BucketCounts::new(key_bound); shape.levels() + 1];
        let cursors = vec![0; shape.levels()];
        Ok(Self {
            shape,
            chunk_records: usize::try_from(chunk_records).unwrap_or(usize::MAX),
            policy,
            key_bound,
            components,
            counts,
            cursors,
            rng: Rng::new(seed),
            record_writes: 0,
            records_inserted: 0,
            merge_steps: 0,
        })
    }

    pub fn shape(&self) -> &LsmShape {
        &self.shape
    }

    pub fn policy(&self) -> MergePolicy {
        self.policy
    }

    /// Records held by component i (0 = C0).
    pub fn component_len(&self, i: usize) -> u64 {
        self.components.get(i).map_or(0, |c| c.len() as u64)
    }

    fn capacity(&self, i: usize) -> u64 {
        if i == 0 {
            self.shape.c0_records
        } else {
            self.shape.level_records[i - 1]
        }
    }

    /// Insert one record into C0 and run the merge steps it triggers (appended to `steps`).
    pub fn insert(&mut self, record: UpdateRecord, steps: &mut Vec<MergeStep>) {
        self.records_inserted += 1;
        if !put(&mut self.components[0], record) {
            self.counts[0].add(record.key, 1);
        }
        for i in 0..self.shape.levels() {
            while self.component_len(i) > self.capacity(i) {
                let step = self.merge_step(i);
                steps.push(step);
            }
        }
    }

    /// Step 3 of the module docs.
    fn merge_step(&mut self, from: usize) -> MergeStep {
        let start = match self.policy {
            MergePolicy::Scattered => {
                let rank = self.rng.below(self.component_len(from));
                let (bucket, within) = self.counts[from].find(rank);
                let first = self.counts[from].bucket_start_key(bucket);
                let found = self.components[from].range(first..).nth(within as usize);
                found.map_or(0, |(k, _)| *k)
            }
            MergePolicy::RollingCursor => self.cursors[from],
        };
        let upper = &self.components[from];
        let take = self.chunk_records.saturating_add(1);
        let mut keys: Vec<u64> = upper.range(start..).map(|(k, _)| *k).take(take).collect();
        let wrapped = keys.is_empty();
        if wrapped {
            keys = upper.keys().copied().take(take).collect();
        }
        let hi_key = if keys.len() > self.chunk_records {
            keys.pop().unwrap_or(self.key_bound)
        } else {
            self.key_bound
        };
        let lo_key = match (self.policy, wrapped) {
            (MergePolicy::RollingCursor, false) => start,
            (MergePolicy::RollingCursor, true) => 0,
            (MergePolicy::Scattered, _) => keys.first().copied().unwrap_or(0),
        };
        if self.policy == MergePolicy::RollingCursor {
            self.cursors[from] = if hi_key >= self.key_bound { 0 } else { hi_key };
        }
        let moved: Vec<UpdateRecord> = keys
            .iter()
            .filter_map(|k| self.components[from].remove(k))
            .collect();
        for record in &moved {
            self.counts[from].add(record.key, -1);
        }
        let lower = &mut self.components[from + 1];
        let lower_read = lower.range(lo_key..hi_key).count() as u64;
        let mut written = lower_read;
        for record in &moved {
            if !put(lower, *record) {
                written += 1;
                self.counts[from + 1].add(record.key, 1);
            }
        }
        self.record_writes += written;
        self.merge_steps += 1;
        MergeStep {
            from,
            moved: moved.len() as u64,
            lower_read,
            written,
            lo_key,
            hi_key,
        }
    }

    /// Is the last level at its capacity (the SSD is full)?
    pub fn last_level_full(&self) -> bool {
        let h = self.shape.levels();
        self.component_len(h) >= self.capacity(h)
    }

    /// Take every record of the last level (oldest data) out, in key order, for migration into
    /// the main data.
    pub fn drain_last_level(&mut self) -> Vec<UpdateRecord> {
        let h = self.shape.levels();
        self.counts[h] = BucketCounts::new(self.key_bound);
        std::mem::take(&mut self.components[h])
            .into_values()
            .collect()
    }

    /// Records per SSD level (C1..Ch) with from ≤ key ≤ to.
    pub fn level_range_counts(&self, from: u64, to: u64) -> Vec<u64> {
        self.components[1..]
            .iter()
            .map(|c| c.range(from..=to).count() as u64)
            .collect()
    }

    /// Every record with from ≤ key ≤ to, by key and, per key, deepest (oldest) level first.
    pub fn range_updates(&self, from: u64, to: u64) -> Vec<UpdateRecord> {
        let mut out: Vec<(u64, usize, UpdateRecord)> = Vec::new();
        let depth = self.components.len();
        for (i, c) in self.components.iter().enumerate() {
            out.extend(c.range(from..=to).map(|(k, r)| (*k, depth - i, *r)));
        }
        out.sort_unstable_by_key(|(k, rank, _)| (*k, *rank));
        out.into_iter().map(|(_, _, r)| r).collect()
    }
}

/// Insert into a component, coalescing with a same-key (older) record; true if it coalesced.
fn put(component: &mut BTreeMap<u64, UpdateRecord>, record: UpdateRecord) -> bool {
    match component.get_mut(&record.key) {
        Some(old) => {
            old.change = combine(&old.change, &record.change);
            old.ts = old.ts.max(record.ts);
            true
        }
        None => {
            component.insert(record.key, record);
            false
        }
    }
}

/// Key buckets a component's records are counted in.
const BUCKETS: u64 = 4096;

/// Records per key bucket in a Fenwick tree: a uniformly random record in O(log buckets) plus a
/// walk inside one bucket.
#[derive(Debug, Clone)]
struct BucketCounts {
    key_bound: u64,
    buckets: u64,
    /// 1-based Fenwick array.
    tree: Vec<u64>,
}

impl BucketCounts {
    fn new(key_bound: u64) -> Self {
        let buckets = BUCKETS.min(key_bound).max(1);
        Self {
            key_bound,
            buckets,
            tree: vec![0; buckets as usize + 1],
        }
    }

    fn bucket(&self, key: u64) -> usize {
        (u128::from(key) * u128::from(self.buckets) / u128::from(self.key_bound)) as usize
    }

    /// Smallest key of bucket `b`: ⌈b·K/B⌉.
    fn bucket_start_key(&self, b: usize) -> u64 {
        let num = b as u128 * u128::from(self.key_bound);
        num.div_ceil(u128::from(self.buckets)) as u64
    }

    fn add(&mut self, key: u64, delta: i64) {
        let mut i = self.bucket(key) + 1;
        while i < self.tree.len() {
            self.tree[i] = self.tree[i].wrapping_add(delta as u64);
            i += i & i.wrapping_neg();
        }
    }

    /// The bucket holding the record of rank `rank` (0-based, in key order) and its rank there.
    fn find(&self, rank: u64) -> (usize, u64) {
        let n = self.tree.len() - 1;
        let mut pos = 0usize;
        let mut rem = rank;
        let mut step = n.next_power_of_two();
        while step > 0 {
            let next = pos + step;
            if next <= n && self.tree[next] <= rem {
                pos = next;
                rem -= self.tree[next];
            }
            step >>= 1;
        }
        (pos, rem)
    }
}
