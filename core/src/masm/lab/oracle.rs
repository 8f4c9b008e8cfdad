//! The plain reference model every answer is checked against (digest §3 invariant 1): a
//! versioned `BTreeMap` key → [(ts, row or absent)], the initial table at ts 0 and every
//! committed update appended in commit order. A query with timestamp q sees, per key, the last
//! version with ts < q. It knows nothing of buffers, runs, page timestamps or crashes.

use std::collections::BTreeMap;

use crate::masm::record::{Change, Row, apply};

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Oracle {
    versions: BTreeMap<u64, Vec<(u64, Option<Row>)>>,
    pub updates: u64,
}

impl Oracle {
    pub fn new(base_rows: &[(u64, Row)]) -> Self {
        Self {
            versions: base_rows
                .iter()
                .map(|&(k, row)| (k, vec![(0, Some(row))]))
                .collect(),
            updates: 0,
        }
    }

    /// Record a committed update (timestamps arrive in increasing order).
    pub fn apply(&mut self, ts: u64, key: u64, change: &Change) {
        let versions = self.versions.entry(key).or_default();
        let current = versions.last().and_then(|(_, row)| *row);
        versions.push((ts, apply(current, change)));
        self.updates += 1;
    }

    /// The rows of keys `from..=to` as a query with timestamp `query_ts` must see them.
    pub fn range_at(&self, from: u64, to: u64, query_ts: u64) -> Vec<(u64, Row)> {
        self.versions
            .range(from..=to)
            .filter_map(|(&key, versions)| {
                let visible = versions.partition_point(|(ts, _)| *ts < query_ts);
                let row = visible.checked_sub(1).and_then(|i| versions[i].1)?;
                Some((key, row))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_sees_exactly_the_versions_older_than_its_timestamp() {
        let mut oracle = Oracle::new(&[(2, Row([20, 0]))]);
        oracle.apply(3, 2, &Change::Delete);
        oracle.apply(5, 3, &Change::Insert(Row([7, 0])));
        assert_eq!(oracle.range_at(0, 9, 3), vec![(2, Row([20, 0]))]);
        assert_eq!(oracle.range_at(0, 9, 4), vec![]);
        assert_eq!(oracle.range_at(0, 9, 6), vec![(3, Row([7, 0]))]);
        assert_eq!(oracle.range_at(3, 3, 1), vec![]);
    }
}
