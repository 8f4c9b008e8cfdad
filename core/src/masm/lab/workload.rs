//! The op list the lab runs: explicit ops after validation, or a generated workload.
//!
//! 1. `PlannedOp`: one validated op and its optional arrival time.
//! 2. `generate`: `updates` well-formed updates drawn from the seeded generator: the kind by the
//!    mix weights, an insert on a uniformly chosen absent key, a modify or delete on a uniformly
//!    chosen present key (falling back to the other kind when one set is empty); a scan of
//!    `scan_keys` consecutive keys at a random start after every `scan_every` updates; op k
//!    arrives at k × `interarrival_ns` (open loop) or, when that is 0, closed loop.

use super::body::MasmGenerator;
use crate::masm::record::{Change, FieldPatch, Row};
use crate::scenario::limits::MAX_SIM_TIME_NS;
use crate::scenario::{ScenarioError, check_range};
use crate::sim::Rng;

/// Ops of one MaSM scenario, explicit or generated.
pub const MAX_MASM_OPS: u64 = 20_000;
/// Values must be exact in JavaScript.
pub const MAX_VALUE: u64 = (1 << 53) - 1;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlannedKind {
    Insert { key: u64, value: u64 },
    Modify { key: u64, value: u64 },
    Delete { key: u64 },
    Scan { from: u64, to: u64 },
    Migrate,
    Crash,
}

impl PlannedKind {
    /// The key and change of an update op.
    pub fn update(&self) -> Option<(u64, Change)> {
        match *self {
            PlannedKind::Insert { key, value } => Some((key, Change::Insert(Row([value, 0])))),
            PlannedKind::Modify { key, value } => Some((
                key,
                Change::Modify(FieldPatch {
                    mask: 1,
                    values: [value, 0],
                }),
            )),
            PlannedKind::Delete { key } => Some((key, Change::Delete)),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlannedOp {
    pub kind: PlannedKind,
    pub at_ns: Option<u64>,
}

/// Keys split into present and absent, each pickable uniformly in O(1).
struct KeySets {
    sets: [Vec<u64>; 2],
    /// Position of each key in its set.
    pos: Vec<usize>,
    present: Vec<bool>,
}

impl KeySets {
    fn new(present: Vec<bool>) -> Self {
        let mut sets = [Vec::new(), Vec::new()];
        let mut pos = vec![0; present.len()];
        for (k, &p) in present.iter().enumerate() {
            let set = &mut sets[usize::from(p)];
            pos[k] = set.len();
            set.push(k as u64);
        }
        Self { sets, pos, present }
    }

    fn pick(&self, rng: &mut Rng, present: bool) -> Option<u64> {
        let set = &self.sets[usize::from(present)];
        (!set.is_empty()).then(|| set[rng.below(set.len() as u64) as usize])
    }

    fn flip(&mut self, key: u64) {
        let k = key as usize;
        let from = usize::from(self.present[k]);
        let i = self.pos[k];
        self.sets[from].swap_remove(i);
        if let Some(&moved) = self.sets[from].get(i) {
            self.pos[moved as usize] = i;
        }
        self.present[k] = !self.present[k];
        let to = &mut self.sets[1 - from];
        self.pos[k] = to.len();
        to.push(key);
    }
}

pub fn generate(
    g: &MasmGenerator,
    key_space: u64,
    present: Vec<bool>,
    seed: u64,
) -> Result<Vec<PlannedOp>, ScenarioError> {
    let path = |f: &str| format!("workload.generator.{f}");
    check_range(&path("updates"), g.updates, 1, MAX_MASM_OPS)?;
    let scan_every = g.scan_every.unwrap_or(0);
    check_range(&path("scan_every"), scan_every, 0, g.updates)?;
    let scans = g.updates.checked_div(scan_every).unwrap_or(0);
    if g.updates + scans > MAX_MASM_OPS {
        return Err(ScenarioError::new(
            path("scan_every"),
            format!(
                "{} updates and {scans} scans are over the limit of {MAX_MASM_OPS} ops",
                g.updates
            ),
        ));
    }
    let scan_keys = g.scan_keys.unwrap_or(8.min(key_space));
    check_range(&path("scan_keys"), scan_keys, 1, key_space)?;
    let interarrival = g.interarrival_ns.unwrap_or(0);
    let max_gap = MAX_SIM_TIME_NS / (g.updates + scans);
    check_range(&path("interarrival_ns"), interarrival, 0, max_gap)?;
    let mix = g.mix.clone().unwrap_or_default();
    let weights = [
        mix.insert.unwrap_or(1),
        mix.modify.unwrap_or(2),
        mix.delete.unwrap_or(1),
    ];
    for (name, w) in ["insert", "modify", "delete"].iter().zip(weights) {
        check_range(&path(&format!("mix.{name}")), w, 0, 1000)?;
    }
    let total: u64 = weights.iter().map(|&w| u64::from(w)).sum();
    if total == 0 {
        return Err(ScenarioError::new(path("mix"), "the weights sum to 0"));
    }
    let mut rng = Rng::new(seed ^ 0x4D61_534D_0000_0001);
    let mut keys = KeySets::new(present);
    let mut ops = Vec::with_capacity((g.updates + scans) as usize);
    let at = |index: usize| (interarrival > 0).then(|| index as u64 * interarrival);
    for i in 0..g.updates {
        let r = rng.below(total);
        let want_insert = r < u64::from(weights[0]);
        let want_delete = r >= u64::from(weights[0]) + u64::from(weights[1]);
        let value = rng.below(1000).min(MAX_VALUE);
        let kind = match (want_insert, keys.pick(&mut rng, !want_insert)) {
            (true, Some(key)) => PlannedKind::Insert { key, value },
            (false, Some(key)) if want_delete => PlannedKind::Delete { key },
            (false, Some(key)) => PlannedKind::Modify { key, value },
            (true, None) => match keys.pick(&mut rng, true) {
                Some(key) => PlannedKind::Modify { key, value },
                None => continue,
            },
            (false, None) => match keys.pick(&mut rng, false) {
                Some(key) => PlannedKind::Insert { key, value },
                None => continue,
            },
        };
        if let PlannedKind::Insert { key, .. } | PlannedKind::Delete { key } = kind {
            keys.flip(key);
        }
        ops.push(PlannedOp {
            kind,
            at_ns: at(ops.len()),
        });
        if scan_every > 0 && (i + 1) % scan_every == 0 {
            let from = rng.below(key_space - scan_keys + 1);
            ops.push(PlannedOp {
                kind: PlannedKind::Scan {
                    from,
                    to: from + scan_keys - 1,
                },
                at_ns: at(ops.len()),
            });
        }
    }
    Ok(ops)
}
