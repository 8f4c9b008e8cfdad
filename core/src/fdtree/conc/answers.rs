//! The answer check and the history of a concurrent run (DESIGN §3.2 `history`).
//!
//! 1. A read opens a window when it is issued: per key in its range, the values the key may
//!    legally show, starting with the map's value at that instant (absent keys: only "absent").
//! 2. Every write applied while the read is in flight adds its new value for its key, so at the
//!    answer a correct read shows, per key, one value the key held during the read (a necessary
//!    condition of linearizability, checked on the spot; the full check is the tests'
//!    Wing & Gong search over `history`).
//! 3. `HistoryEntry`: one op as issued and answered, for anyone to check from outside.

use std::collections::BTreeMap;

use super::super::workload::Op;
use super::log::Outcome;

/// One op of the history: when it was issued and completed, and what it answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HistoryEntry {
    pub client: usize,
    /// Position of the op in its client's list.
    pub index: u64,
    pub op: Op,
    pub invoked_ns: u64,
    pub completed_ns: u64,
    pub outcome: Outcome,
}

/// The values each key of a read's range may show (see the module header).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadWindow {
    from: u64,
    to: u64,
    /// (key, a value it held), sorted by key, one pair per value: keys present at issue or
    /// written since; a key not listed was absent throughout. One flat list, so a lookup of an
    /// absent key allocates nothing and of a present key once.
    ok: Vec<(u64, Option<u64>)>,
}

impl ReadWindow {
    pub fn open(map: &BTreeMap<u64, u64>, from: u64, to: u64) -> Self {
        let ok = if from == to {
            map.get(&from)
                .map(|&v| vec![(from, Some(v))])
                .unwrap_or_default()
        } else {
            map.range(from..=to).map(|(&k, &v)| (k, Some(v))).collect()
        };
        Self { from, to, ok }
    }

    /// The pairs of `key`, as a range of `ok`.
    fn span(&self, key: u64) -> std::ops::Range<usize> {
        let start = self.ok.partition_point(|e| e.0 < key);
        let end = start + self.ok[start..].partition_point(|e| e.0 == key);
        start..end
    }

    /// A write set `key` to `value` (None: deleted) while the read was in flight.
    pub fn wrote(&mut self, key: u64, value: Option<u64>) {
        if key < self.from || key > self.to {
            return;
        }
        let at = self.span(key);
        if at.is_empty() {
            // Absent until now: "absent" stays a legal answer.
            self.ok
                .splice(at.start..at.start, [(key, None), (key, value)]);
        } else {
            self.ok.insert(at.end, (key, value));
        }
    }

    fn allows(&self, key: u64, got: Option<u64>) -> bool {
        let at = self.span(key);
        if at.is_empty() {
            return got.is_none();
        }
        self.ok[at].iter().any(|e| e.1 == got)
    }

    /// True if the answer shows, per key, a value the key held during the read.
    pub fn accepts(&self, outcome: &Outcome) -> bool {
        match outcome {
            Outcome::Value(v) => self.allows(self.from, *v),
            Outcome::Rows(rows) => {
                let shown = rows.iter().all(|&(k, v)| self.allows(k, Some(v)));
                let missing = self
                    .ok
                    .iter()
                    .filter(|(k, _)| rows.binary_search_by_key(k, |r| r.0).is_err())
                    .all(|&(k, _)| self.allows(k, None));
                shown && missing
            }
            Outcome::Mod(_) => true,
        }
    }
}
