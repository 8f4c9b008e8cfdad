//! TPC-B (App. A.0.1): one Account_Update transaction touches four tables. On Branch, Teller
//! and Account it adds a delta to one balance (a 4-byte attribute: "50–90 % of update I/Os
//! change only 4 bytes of net data"), and it appends one History tuple (a new-page write).
//! Cardinalities 1 : 10 : `accounts_per_branch` (100,000 in the standard, scaled down here).

use super::{FIELDS, Op, key};
use crate::sim::Rng;

pub const BRANCH: u64 = 1;
pub const TELLER: u64 = 2;
pub const ACCOUNT: u64 = 3;
pub const HISTORY: u64 = 4;

#[derive(Debug, Clone, PartialEq)]
pub struct TpcB {
    pub branches: u64,
    pub accounts_per_branch: u64,
    pub next_history: u64,
}

impl TpcB {
    pub fn new(branches: u64, accounts_per_branch: u64) -> Self {
        Self {
            branches,
            accounts_per_branch,
            next_history: 0,
        }
    }

    pub fn load(&self) -> Vec<Op> {
        let row = |id: u64| [1_000_000, id as u32, 0, 0];
        let mut ops = Vec::new();
        for (table, n) in [
            (BRANCH, self.branches),
            (TELLER, 10 * self.branches),
            (ACCOUNT, self.accounts_per_branch * self.branches),
        ] {
            ops.extend((0..n).map(|id| Op::Insert {
                key: key(table, id),
                fields: row(id),
            }));
        }
        ops
    }

    pub fn next_txn(&mut self, rng: &mut Rng) -> Vec<Op> {
        let branch = rng.below(self.branches);
        let teller = branch * 10 + rng.below(10);
        let account = rng.below(self.accounts_per_branch * self.branches);
        // TPC-B delta: ±999,999 (§5.3.1 of the spec), a change of up to 4 bytes.
        let delta = rng.range_inclusive(1, 1_999_998) as i64 - 999_999;
        let h = self.next_history;
        self.next_history += 1;
        let history: [u32; FIELDS] = [account as u32, teller as u32, branch as u32, delta as u32];
        vec![
            Op::Add {
                key: key(ACCOUNT, account),
                field: 0,
                delta,
            },
            Op::Add {
                key: key(TELLER, teller),
                field: 0,
                delta,
            },
            Op::Add {
                key: key(BRANCH, branch),
                field: 0,
                delta,
            },
            Op::Insert {
                key: key(HISTORY, h),
                fields: history,
            },
        ]
    }
}
