//! MaSM update records: the coalescing table is equivalent to applying updates one by one.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use flashlab_core::masm::{Change, FieldPatch, Row, apply, combine};
use flashlab_core::sim::Rng;

fn random_change(rng: &mut Rng) -> Change {
    let row = Row([rng.below(5), rng.below(5)]);
    match rng.below(4) {
        0 => Change::Insert(row),
        1 => Change::Delete,
        2 => Change::Modify(FieldPatch {
            mask: 1 + rng.below(3) as u8,
            values: [rng.below(5), rng.below(5)],
        }),
        _ => Change::Replace(row),
    }
}

#[test]
fn combine_has_the_same_effect_as_sequential_apply_on_every_base_row() {
    let mut rng = Rng::new(4);
    for _ in 0..20_000 {
        let len = 1 + rng.below(6) as usize;
        let changes: Vec<Change> = (0..len).map(|_| random_change(&mut rng)).collect();
        let mut folded = changes[0];
        for c in &changes[1..] {
            folded = combine(&folded, c);
        }
        for base in [None, Some(Row([7, 8]))] {
            let sequential = changes.iter().fold(base, apply);
            assert_eq!(apply(base, &folded), sequential, "{changes:?} on {base:?}");
        }
    }
}

#[test]
fn the_papers_two_rules_hold() {
    let c = Row([1, 2]);
    assert_eq!(
        combine(&Change::Delete, &Change::Insert(c)),
        Change::Replace(c)
    );
    let f0 = FieldPatch {
        mask: 0b01,
        values: [5, 0],
    };
    let f1 = FieldPatch {
        mask: 0b11,
        values: [6, 9],
    };
    assert_eq!(
        combine(&Change::Modify(f0), &Change::Modify(f1)),
        Change::Modify(FieldPatch {
            mask: 0b11,
            values: [6, 9]
        })
    );
    assert_eq!(apply(None, &Change::Modify(f0)), None);
    assert_eq!(
        apply(Some(Row([0, 3])), &Change::Modify(f0)),
        Some(Row([5, 3]))
    );
}
