//! The layouts bench cases do the work their names claim (a speed-up must not simulate less).
//!
//! 1. "generate, load and scan with values": the scan answers exactly the oracle's rows.
//! 2. `profile_values_case` (ignored) runs the case repeatedly, for `perf record` on the
//!    bench-fast test binary.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use flashlab_core::layouts::bench;

#[test]
#[ignore = "a profiling harness: run with --profile bench-fast under perf"]
fn profile_values_case() {
    for _ in 0..8 {
        assert_eq!(bench::row_scan_with_values(1_000_000), 1_000_000);
    }
}

#[test]
fn the_values_case_answers_every_qualifying_row_like_the_oracle() {
    let (table, mut run) = bench::values_run(20_000).unwrap();
    run.run_to_end().unwrap();
    let out = run.outcome(0).unwrap();
    let expected = table.oracle_scan(&run.queries[0].spec.query);
    assert!(!expected.is_empty());
    assert_eq!(out.answer, expected);
    assert_eq!(bench::row_scan_with_values(20_000), 20_000);
}
