//! Workload generators of the paper's evaluation (§5, Rem. A.7–A.8; digest §5.1), deterministic
//! from a seed.
//!
//! 1. `Op`: the lab's explicit operations (insert, delete, lookup, range).
//! 2. G_R (Rem. A.7): preload N keys, then requests that are lookups with probability W_l and
//!    otherwise inserts or deletes in equal shares. An insert takes the smallest key of
//!    [k_l, k_u] not in the index, k_l = s + 1 being the first key after the preload's
//!    largest s: a key the workload inserted and then deleted is inserted again first, else
//!    the next new key (so mostly increasing, append-like); a delete removes a random key
//!    inserted at least `delete_age_requests` (100) requests earlier; a lookup asks for a
//!    random present key.
//! 3. G_T (Rem. A.8): the TPC-C NewOrder primary index. Key = warehouse (8 bits) | district
//!    (8 bits) | order number (16 bits); 10 districts per warehouse, 3000 customers per
//!    district, 3 orders per customer preloaded; then 91.3% inserts (the next order of a random
//!    district) and 8.7% lookups of a random existing order. Values are random.
//!
//! Probabilities are integers in per-mille so the streams are identical on every platform.

use std::collections::{BTreeSet, VecDeque};

use super::entry::Key;
use crate::sim::Rng;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    Insert { key: Key, value: u64 },
    Delete { key: Key },
    Lookup { key: Key },
    Range { from: Key, to: Key },
}

impl Op {
    pub fn is_modification(self) -> bool {
        matches!(self, Op::Insert { .. } | Op::Delete { .. })
    }

    /// The key a point op names (a range's first key).
    pub fn key(self) -> Key {
        match self {
            Op::Insert { key, .. } | Op::Delete { key } | Op::Lookup { key } => key,
            Op::Range { from, .. } => from,
        }
    }
}

/// G_R of Rem. A.7.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GenR {
    rng: Rng,
    pub lookup_permille: u32,
    pub delete_age_requests: u64,
    next_key: Key,
    /// Present keys old enough to be deleted.
    eligible: Vec<Key>,
    /// Present keys inserted recently: (key, request index).
    recent: VecDeque<(Key, u64)>,
    request: u64,
    /// k_l: the first key of the workload (s + 1), fixed at its first request.
    first_workload_key: Option<Key>,
    /// Keys ≥ k_l the workload deleted: [k_l, k_u] ∖ 𝒦 below `next_key`.
    deleted: BTreeSet<Key>,
}

impl GenR {
    /// `first_key` is s + 1 of the paper.
    pub fn new(seed: u64, lookup_permille: u32, first_key: Key) -> Self {
        Self {
            rng: Rng::new(seed),
            lookup_permille,
            delete_age_requests: 100,
            next_key: first_key,
            eligible: Vec::new(),
            recent: VecDeque::new(),
            request: 0,
            first_workload_key: None,
            deleted: BTreeSet::new(),
        }
    }

    /// The preload: `n` inserts of increasing keys (they count as old enough to delete).
    pub fn preload(&mut self, n: u64) -> Vec<Op> {
        (0..n)
            .map(|_| {
                let key = self.next_key;
                self.next_key += 1;
                self.eligible.push(key);
                Op::Insert {
                    key,
                    value: self.rng.next_u64() >> 16,
                }
            })
            .collect()
    }

    /// The same generator state (keys used, keys present, request count) drawing from a new
    /// seed: one preload shared by several seeds' streams (`reproduce::scaleup`).
    pub fn reseeded(&self, seed: u64) -> Self {
        Self {
            rng: Rng::new(seed),
            ..self.clone()
        }
    }

    pub fn present_keys(&self) -> usize {
        self.eligible.len() + self.recent.len()
    }

    fn age(&mut self) {
        while let Some(&(key, at)) = self.recent.front() {
            if at + self.delete_age_requests > self.request {
                break;
            }
            self.recent.pop_front();
            self.eligible.push(key);
        }
    }

    pub fn next_op(&mut self) -> Op {
        let first = *self.first_workload_key.get_or_insert(self.next_key);
        self.request += 1;
        self.age();
        let dice = self.rng.below(1000) as u32;
        let present = self.present_keys() as u64;
        if dice < self.lookup_permille && present > 0 {
            let i = self.rng.below(present) as usize;
            let key = match self.eligible.get(i) {
                Some(&k) => k,
                None => self.recent[i - self.eligible.len()].0,
            };
            return Op::Lookup { key };
        }
        let delete = self.rng.below(2) == 1;
        if delete && !self.eligible.is_empty() {
            let i = self.rng.below(self.eligible.len() as u64) as usize;
            let key = self.eligible.swap_remove(i);
            if key >= first {
                self.deleted.insert(key);
            }
            return Op::Delete { key };
        }
        // Rem. A.7: the smallest key of [k_l, k_u] not in the index.
        let key = match self.deleted.pop_first() {
            Some(k) => k,
            None => {
                self.next_key += 1;
                self.next_key - 1
            }
        };
        self.recent.push_back((key, self.request));
        Op::Insert {
            key,
            value: self.rng.next_u64() >> 16,
        }
    }
}

/// The next `requests` G_R ops split over `readers` reader clients (lookups, round robin) and
/// two writers (a key's insert and delete on the same writer, by key parity), closed loop.
pub fn split_gr_clients(
    g: &mut GenR,
    requests: usize,
    readers: usize,
) -> Vec<Vec<(Op, Option<u64>)>> {
    let mut clients = vec![Vec::new(); readers + 2];
    let mut next = 0;
    for _ in 0..requests {
        match g.next_op() {
            op @ (Op::Insert { key, .. } | Op::Delete { key }) => {
                clients[readers + (key % 2) as usize].push((op, None))
            }
            op => {
                clients[next].push((op, None));
                next = (next + 1) % readers;
            }
        }
    }
    clients
}

/// G_T of Rem. A.8.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GenT {
    rng: Rng,
    pub warehouses: u32,
    /// Next order number per (warehouse, district), flattened.
    next_order: Vec<u32>,
    pub insert_permille: u32,
    /// Customers per district (the paper's 3000; fewer for a course run).
    pub customers_per_district: u32,
}

pub const DISTRICTS_PER_WAREHOUSE: u32 = 10;
pub const CUSTOMERS_PER_DISTRICT: u32 = 3000;
pub const ORDERS_PER_CUSTOMER: u32 = 3;

/// key = warehouse (8 bits) | district (8 bits) | order number (16 bits).
pub fn tpcc_key(warehouse: u32, district: u32, order: u32) -> Key {
    (u64::from(warehouse & 0xFF) << 24)
        | (u64::from(district & 0xFF) << 16)
        | u64::from(order & 0xFFFF)
}

impl GenT {
    pub fn new(seed: u64, warehouses: u32) -> Self {
        Self::with_customers(seed, warehouses, CUSTOMERS_PER_DISTRICT)
    }

    /// G_T with `customers` per district instead of TPC-C's 3000 (a smaller preload).
    pub fn with_customers(seed: u64, warehouses: u32, customers: u32) -> Self {
        let districts = (warehouses * DISTRICTS_PER_WAREHOUSE) as usize;
        Self {
            rng: Rng::new(seed),
            warehouses,
            next_order: vec![1; districts],
            insert_permille: 913,
            customers_per_district: customers,
        }
    }

    /// Preload 3 orders per customer in every district (key order within a district).
    pub fn preload(&mut self) -> Vec<Op> {
        let per_district = self.customers_per_district * ORDERS_PER_CUSTOMER;
        let mut ops = Vec::with_capacity(self.next_order.len() * per_district as usize);
        for w in 0..self.warehouses {
            for d in 0..DISTRICTS_PER_WAREHOUSE {
                for o in 1..=per_district {
                    ops.push(Op::Insert {
                        key: tpcc_key(w, d, o),
                        value: self.rng.next_u64() >> 16,
                    });
                }
                self.next_order[(w * DISTRICTS_PER_WAREHOUSE + d) as usize] = per_district + 1;
            }
        }
        ops
    }

    pub fn next_op(&mut self) -> Op {
        let slot = self.rng.below(self.next_order.len() as u64) as usize;
        let (w, d) = (
            slot as u32 / DISTRICTS_PER_WAREHOUSE,
            slot as u32 % DISTRICTS_PER_WAREHOUSE,
        );
        let next = self.next_order[slot];
        if (self.rng.below(1000) as u32) < self.insert_permille && next <= 0xFFFF {
            self.next_order[slot] = next + 1;
            return Op::Insert {
                key: tpcc_key(w, d, next),
                value: self.rng.next_u64() >> 16,
            };
        }
        let order = 1 + self.rng.below(u64::from(next.max(2) - 1)) as u32;
        Op::Lookup {
            key: tpcc_key(w, d, order),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn g_r_inserts_the_smallest_key_the_workload_deleted_before_a_new_one() {
        let mut g = GenR::new(7, 0, 1);
        g.delete_age_requests = 1;
        let preload = g.preload(50);
        let s = preload.len() as Key;
        let mut present: BTreeSet<Key> = (1..=s).collect();
        let mut reinserted = 0;
        for _ in 0..5_000 {
            match g.next_op() {
                Op::Insert { key, .. } => {
                    assert!(key > s, "a preload key ({key}) is never inserted again");
                    let smallest_free = (s + 1..).find(|k| !present.contains(k));
                    assert_eq!(
                        Some(key),
                        smallest_free,
                        "Rem. A.7: smallest of [k_l, k_u] ∖ 𝒦"
                    );
                    reinserted += u64::from(key < g.next_key - 1);
                    present.insert(key);
                }
                Op::Delete { key } => assert!(present.remove(&key)),
                op => panic!("W_l = 0 gave {op:?}"),
            }
        }
        assert!(reinserted > 0, "some deleted workload key came back");
    }

    #[test]
    fn g_t_keys_pack_warehouse_district_and_order() {
        assert_eq!(tpcc_key(1, 2, 3), (1 << 24) | (2 << 16) | 3);
        let mut g = GenT::with_customers(1, 2, 10);
        assert_eq!(g.preload().len(), 2 * 10 * 10 * 3);
        let inserts = (0..10_000)
            .filter(|_| matches!(g.next_op(), Op::Insert { .. }))
            .count();
        assert!(
            (8_900..9_350).contains(&inserts),
            "91.3% inserts: {inserts}"
        );
    }
}
