//! TPC-C-like (App. A.0.2): NewOrder and Payment, the two transactions that dominate writes.
//!
//! 1. NewOrder: ~10 STOCK tuples chosen with the 75/20 skew; each gets S_QUANTITY −= q
//!    (q ∈ 1..=10, +91 when it would drop below 10), S_YTD += q, S_ORDER_CNT += 1, and in 1 %
//!    of lines S_REMOTE_CNT += 1 — "≈3 bytes net per page" (App. A.0.2); the district's
//!    next order id += 1; one ORDER tuple is inserted (new pages).
//! 2. Payment: warehouse and district YTD += amount, customer balance −= amount, one
//!    HISTORY tuple inserted.
//! 3. Mix 50/50 (the standard's 45/43 with the read-only rest folded in).

use super::{FIELDS, Op, key, skewed};
use crate::sim::Rng;

pub const WAREHOUSE: u64 = 1;
pub const DISTRICT: u64 = 2;
pub const CUSTOMER: u64 = 3;
pub const STOCK: u64 = 4;
pub const ORDER: u64 = 5;
pub const HISTORY: u64 = 6;

#[derive(Debug, Clone, PartialEq)]
pub struct TpcC {
    pub items: u64,
    pub customers: u64,
    pub districts: u64,
    /// Current S_QUANTITY of each stock tuple (to apply the +91 rule without a read).
    pub quantity: Vec<u32>,
    pub next_order: u64,
    pub next_history: u64,
}

impl TpcC {
    pub fn new(items: u64, customers: u64) -> Self {
        Self {
            items,
            customers,
            districts: 10,
            quantity: vec![50; items as usize],
            next_order: 0,
            next_history: 0,
        }
    }

    pub fn load(&self) -> Vec<Op> {
        let mut ops = vec![Op::Insert {
            key: key(WAREHOUSE, 0),
            fields: [0; FIELDS],
        }];
        ops.extend((0..self.districts).map(|d| Op::Insert {
            key: key(DISTRICT, d),
            fields: [3001, 0, 0, 0],
        }));
        ops.extend((0..self.customers).map(|c| Op::Insert {
            key: key(CUSTOMER, c),
            fields: [10, 0, 1, 0],
        }));
        ops.extend((0..self.items).map(|i| Op::Insert {
            key: key(STOCK, i),
            fields: [50, 0, 0, 0],
        }));
        ops
    }

    pub fn next_txn(&mut self, rng: &mut Rng) -> Vec<Op> {
        let mut ops = Vec::new();
        self.next_txn_into(rng, &mut ops);
        ops
    }

    /// `next_txn` appended to `ops`.
    pub fn next_txn_into(&mut self, rng: &mut Rng, ops: &mut Vec<Op>) {
        let district = rng.below(self.districts);
        if rng.chance(0.5) {
            ops.push(Op::Add {
                key: key(DISTRICT, district),
                field: 0,
                delta: 1,
            });
            for _ in 0..rng.range_inclusive(5, 15) {
                let item = skewed(rng, self.items);
                let q = rng.range_inclusive(1, 10) as u32;
                let current = self.quantity[item as usize];
                let next = if current >= q + 10 {
                    current - q
                } else {
                    current - q + 91
                };
                self.quantity[item as usize] = next;
                let k = key(STOCK, item);
                ops.push(Op::Set {
                    key: k,
                    field: 0,
                    value: next,
                });
                ops.push(Op::Add {
                    key: k,
                    field: 1,
                    delta: i64::from(q),
                });
                let count_field = if rng.chance(0.01) { 3 } else { 2 };
                ops.push(Op::Add {
                    key: k,
                    field: count_field,
                    delta: 1,
                });
            }
            let o = self.next_order;
            self.next_order += 1;
            ops.push(Op::Insert {
                key: key(ORDER, o),
                fields: [district as u32, 0, 0, 0],
            });
        } else {
            let amount = rng.range_inclusive(1, 5000) as i64;
            let customer = skewed(rng, self.customers);
            let h = self.next_history;
            self.next_history += 1;
            ops.extend([
                Op::Add {
                    key: key(WAREHOUSE, 0),
                    field: 0,
                    delta: amount,
                },
                Op::Add {
                    key: key(DISTRICT, district),
                    field: 1,
                    delta: amount,
                },
                Op::Add {
                    key: key(CUSTOMER, customer),
                    field: 0,
                    delta: -amount,
                },
                Op::Insert {
                    key: key(HISTORY, h),
                    fields: [customer as u32, amount as u32, 0, 0],
                },
            ]);
        }
    }
}
