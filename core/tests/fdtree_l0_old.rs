//! L0^old (the frozen array of a running merge) answers exactly as the L0 map it was frozen
//! from: the map, with the same removals applied, is the reference model. Checked on random
//! levels with fences, deletes and inserts sharing keys, through random m-delete cursors.

use flashlab_core::fdtree::l0::L0;
use flashlab_core::fdtree::{Entry, Kind};
use flashlab_core::sim::Rng;

fn random_l0(rng: &mut Rng, n: usize, key_space: u64) -> L0 {
    let mut l0 = L0::default();
    for i in 0..n {
        let key = rng.below(key_space);
        let kind = match rng.below(3) {
            0 => Kind::Fence(i as u32),
            1 => Kind::Delete,
            _ => Kind::Insert(rng.next_u64()),
        };
        l0.add(Entry { key, kind });
    }
    l0
}

#[test]
fn frozen_l0_old_answers_like_the_l0_map_through_every_removal() {
    let mut rng = Rng::new(2012);
    for round in 0..200 {
        let key_space = 4 + rng.below(300);
        let n = rng.below(400) as usize;
        let mut model = random_l0(&mut rng, n, key_space);
        let mut old = model.clone().freeze();
        let mut wf = 0;
        loop {
            assert_eq!(old.len(), model.len(), "round {round}");
            assert!(old.iter().eq(model.iter()), "round {round}: entries");
            for _ in 0..20 {
                let k = rng.below(key_space + 2);
                let to = k + rng.below(40);
                assert_eq!(old.data(k), model.data(k), "round {round}: data({k})");
                assert_eq!(
                    old.max_fence_at_or_below(k),
                    model.max_fence_at_or_below(k),
                    "round {round}: fence ≤ {k}"
                );
                assert!(old.iter_range(k, to).eq(model.iter_range(k, to)));
                assert!(old.iter_after(Some(k)).eq(model.iter_after(Some(k))));
            }
            assert!(old.iter_after(None).eq(model.iter_after(None)));
            if old.is_empty() || wf > key_space {
                break;
            }
            wf += rng.below(key_space / 4 + 1);
            assert_eq!(old.remove_through(wf), model.remove_through(wf));
        }
    }
}

#[test]
fn staging_cursor_yields_every_frozen_entry_once_in_order() {
    let mut rng = Rng::new(7);
    let model = random_l0(&mut rng, 300, 100);
    let mut old = model.clone().freeze();
    let mut staged = Vec::new();
    while let Some(&front) = old.unstaged_front() {
        assert_eq!(old.take_unstaged(), Some(front));
        staged.push(front);
    }
    assert!(old.all_staged());
    assert_eq!(old.take_unstaged(), None);
    assert!(staged.into_iter().eq(model.iter()));
    // Staging does not remove: L0^old keeps its slots until m-delete.
    assert_eq!(old.len(), model.len());
}
