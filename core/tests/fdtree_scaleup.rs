//! Fig. 7's block-granularity scale point (`reproduce::scaleup`) at a small index: the timed
//! window starts with the full merge due, FD+DS's writers then wait for all of it, FD+FC's do
//! not, and every answer equals the map's (`scale_point` fails otherwise).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use flashlab_core::fdtree::conc::Scheme;
use flashlab_core::fdtree::reproduce::scaleup::scale_point;

#[test]
fn ds_waits_for_the_full_merge_and_fc_does_not() {
    let points = scale_point(2_000_000, 20_000, 7).unwrap();
    let get = |s| *points.iter().find(|p| p.scheme == s).unwrap();
    let (ds, fc) = (get(Scheme::Ds), get(Scheme::Fc));
    assert!(
        ds.longest_merge_ns > 0 && fc.longest_merge_ns > 0,
        "{ds:?} {fc:?}"
    );
    // DS's leftover L0 is empty when the merge starts: a writer waits for nearly all of it.
    assert!(
        ds.worst_insert_ns * 10 >= ds.longest_merge_ns * 9,
        "DS worst {} vs merge {}",
        ds.worst_insert_ns,
        ds.longest_merge_ns
    );
    assert!(
        ds.worst_insert_ns <= ds.longest_merge_ns + 1_000_000,
        "{ds:?}"
    );
    // FC's writers take the slots the wavefront frees.
    assert!(
        fc.worst_insert_ns * 10 < ds.worst_insert_ns,
        "{fc:?} {ds:?}"
    );
    assert_eq!(ds.blocks_at_start, fc.blocks_at_start);
    assert_eq!(ds.warmup_requests, fc.warmup_requests);
}

#[test]
fn a_larger_index_has_a_longer_full_merge() {
    let small = scale_point(1_000_000, 10_000, 7).unwrap();
    let large = scale_point(4_000_000, 10_000, 7).unwrap();
    let ds = |v: &[flashlab_core::fdtree::reproduce::scaleup::ScalePoint]| {
        *v.iter().find(|p| p.scheme == Scheme::Ds).unwrap()
    };
    let (s, l) = (ds(&small), ds(&large));
    assert!(l.blocks_at_start > 2 * s.blocks_at_start, "{s:?} {l:?}");
    assert!(l.longest_merge_ns > 2 * s.longest_merge_ns, "{s:?} {l:?}");
}
