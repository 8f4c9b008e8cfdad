//! Entries of an FD+tree level and the per-key COALESCE of a merge (§2.1, §2.3; digest §2.1,
//! §2.5).
//!
//! 1. An entry is (key, kind); the kind is a data entry — `Insert(value)` or `Delete` — or a
//!    `Fence(block)` pointing to a block of the next materialized level whose entries all have
//!    keys ≥ the fence key.
//! 2. Within one key the order is Fence < Delete < Insert (digest §8 item 19), so a level is
//!    sorted by `(key, rank)` and a fence comes first in its block (I2).
//! 3. The −∞ dummy of the paper (fn 3) is the key 0: it sorts first, which is all the dummy has
//!    to do, so key 0 stays a legal user key. The first block of every non-bottom level is fenced
//!    with key 0.
//! 4. `coalesce` takes the data entries of one key from the merged levels, deepest first, and
//!    returns the net effect: {}, {I}, {D} or {D, I} (§2.2 cases 1–4).

/// Index of a disk block in the block store; ids are reused after a reclaim (`store`).
pub type BlockId = u32;
pub type Key = u64;

/// The −∞ fence key (paper fn 3).
pub const NEG_INF: Key = 0;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Fence(BlockId),
    Delete,
    Insert(u64),
}

impl Kind {
    /// Same-key order F < D < I.
    pub fn rank(self) -> u8 {
        match self {
            Kind::Fence(_) => 0,
            Kind::Delete => 1,
            Kind::Insert(_) => 2,
        }
    }
    pub fn is_data(self) -> bool {
        !matches!(self, Kind::Fence(_))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    pub key: Key,
    pub kind: Kind,
}

impl Entry {
    pub fn fence(key: Key, target: BlockId) -> Self {
        Self {
            key,
            kind: Kind::Fence(target),
        }
    }
    pub fn order(&self) -> (Key, u8) {
        (self.key, self.kind.rank())
    }
    pub fn fence_target(&self) -> Option<BlockId> {
        match self.kind {
            Kind::Fence(b) => Some(b),
            _ => None,
        }
    }
}

/// What one key's data entries in one level say: per §2.2 cases 1–4.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Found {
    /// No data entry for the key here (case 1): keep searching below.
    Nothing,
    /// An insert entry (cases 2 and 4).
    Value(u64),
    /// A delete entry alone (case 3): the key is absent.
    Deleted,
}

impl Found {
    /// The lookup's answer if this level decides it (`Some(value or absent)`), else `None`:
    /// search on below.
    pub fn answer(self) -> Option<Option<u64>> {
        match self {
            Found::Value(v) => Some(Some(v)),
            Found::Deleted => Some(None),
            Found::Nothing => None,
        }
    }
}

/// Reads the data entries of `key` in a sorted slice of one level's entries.
pub fn found_in<'a>(entries: impl IntoIterator<Item = &'a Entry>, key: Key) -> Found {
    let mut found = Found::Nothing;
    for e in entries {
        if e.key != key {
            continue;
        }
        match e.kind {
            Kind::Insert(v) => return Found::Value(v),
            Kind::Delete => found = Found::Deleted,
            Kind::Fence(_) => {}
        }
    }
    found
}

/// Result of COALESCE for one key: at most one delete then at most one insert.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Coalesced {
    pub delete: bool,
    pub insert: Option<u64>,
    /// Insert entries consumed minus produced (the N_Δ decrement).
    pub inserts_cancelled: u64,
    /// Delete entries consumed minus produced (the N_∇ decrement).
    pub deletes_cancelled: u64,
}

impl Coalesced {
    /// Appends the entries (D before I) to `out`: plain pushes, no iterator chain (a merge
    /// appends one to three entries per key group, so the extend machinery cost more than
    /// the copies).
    #[inline]
    pub fn push_to(&self, key: Key, out: &mut Vec<Entry>) {
        if self.delete {
            out.push(Entry {
                key,
                kind: Kind::Delete,
            });
        }
        if let Some(v) = self.insert {
            out.push(Entry {
                key,
                kind: Kind::Insert(v),
            });
        }
    }
    #[inline]
    pub fn len(&self) -> usize {
        usize::from(self.delete) + usize::from(self.insert.is_some())
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// COALESCE(S_m, …, S_0) of digest §2.5: `deepest_first` yields one key's data entries level by
/// level from the deepest merged level up to L0, each level's entries in D-before-I order.
/// In a full merge a delete left unmatched targets nothing (only an invalid delete can leave
/// one, Rem. A.1), so it is dropped and counted as cancelled.
#[inline]
pub fn coalesce(deepest_first: impl IntoIterator<Item = Entry>, full_merge: bool) -> Coalesced {
    let (mut ins_in, mut del_in) = (0u64, 0u64);
    let mut pending_delete = false;
    let mut insert: Option<u64> = None;
    for e in deepest_first {
        match e.kind {
            Kind::Delete => {
                del_in += 1;
                if insert.is_some() {
                    insert = None; // cancels an insert from a deeper merged level
                } else {
                    pending_delete = true; // targets a record below L_m
                }
            }
            Kind::Insert(v) => {
                ins_in += 1;
                insert = Some(v);
            }
            Kind::Fence(_) => {}
        }
    }
    let delete = pending_delete && !full_merge;
    let out = Coalesced {
        delete,
        insert,
        inserts_cancelled: 0,
        deletes_cancelled: 0,
    };
    Coalesced {
        inserts_cancelled: ins_in - u64::from(insert.is_some()),
        deletes_cancelled: del_in - u64::from(delete),
        ..out
    }
}
