//! Theorems 3.1/3.2: S, N, K2 and the writes per update, computed and then measured by running
//! the algorithm to a full SSD (every 1-pass run exactly S pages, no coalescing, no stealing).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use flashlab_core::masm::{
    Change, Masm, MasmConfig, MasmError, Row, Variant, plan, theorem_3_1_writes_per_update,
};

#[test]
fn integer_recipe_reproduces_the_papers_parameters() {
    let p = plan(256, 1, 1).unwrap();
    assert_eq!(
        (p.buffer_pages, p.query_pages, p.fan_in, p.two_pass_runs),
        (128, 128, 97, 4)
    );
    assert_eq!(p.fan_in, 256 * 3 / 8 + 1, "N_opt = 0.375M + 1");
    assert!((p.writes_per_update_exact - theorem_3_1_writes_per_update(256)).abs() < 1e-12);
    assert!((p.writes_per_update_exact - 1.7578125).abs() < 1e-12);
    let half = plan(256, 1, 2).unwrap();
    assert_eq!((half.fan_in, half.two_pass_runs), (61, 16));
    assert!((half.writes_per_update_exact - 1.953125).abs() < 1e-12);
    assert!((half.writes_per_update_paper - 1.953125).abs() < 1e-12);
    let three_halves = plan(256, 3, 2).unwrap();
    assert_eq!((three_halves.fan_in, three_halves.two_pass_runs), (151, 1));
    assert!((three_halves.writes_per_update_exact - 1.4423828125).abs() < 1e-9);
    assert!((three_halves.writes_per_update_paper - 1.440_429_687_5).abs() < 1e-9);
    let two = plan(256, 2, 1).unwrap();
    assert_eq!((two.two_pass_runs, two.writes_per_update_exact), (0, 1.0));
    for (m, n, wpu) in [(16, 7, 1.875), (32, 13, 1.8125)] {
        let p = plan(m, 1, 1).unwrap();
        assert_eq!((p.fan_in, p.two_pass_runs), (n, 4));
        assert!((p.writes_per_update_exact - wpu).abs() < 1e-12);
        assert!((p.writes_per_update_exact - theorem_3_1_writes_per_update(m)).abs() < 1e-12);
    }
}

#[test]
fn alpha_below_the_lower_bound_is_rejected() {
    // 2/M^(1/3) = 0.5 for M = 64: α = 1/2 is allowed, α = 1/3 is not.
    assert!(plan(64, 1, 2).is_ok());
    assert!(plan(64, 1, 3).is_err());
    assert!(plan(256, 5, 2).is_err(), "α > 2");
}

/// Fill the SSD with exactly M² pages of distinct-key updates, scanning every `scan_every`
/// flushes (0 = only once, at the end); returns the measured writes per update.
fn fill(cfg: MasmConfig, scan_every: u64) -> (f64, Masm) {
    try_fill(cfg, scan_every).unwrap()
}

fn try_fill(cfg: MasmConfig, scan_every: u64) -> Result<(f64, Masm), MasmError> {
    let m = cfg.m_pages;
    let rpp = cfg.records_per_page;
    let total = m * m * rpp;
    let key_space = cfg.key_space;
    let mut masm = Masm::new(cfg, &[]).unwrap();
    let mut flushes_seen = 0;
    for i in 0..total {
        masm.update((i * 7919) % key_space, Change::Insert(Row([i, 0])))?;
        if scan_every > 0 && masm.metrics().flushes >= flushes_seen + scan_every {
            flushes_seen = masm.metrics().flushes;
            masm.scan(0, 0)?;
        }
        if masm.buffer().is_empty() {
            // Just flushed: check the invariants (every step would make the fill quadratic).
            for check in masm.check_invariants() {
                assert!(check.ok, "{}: {}", check.name, check.detail);
            }
        }
    }
    masm.scan(0, 0)?;
    masm.flush_now()?; // MaSM-2M keeps its last M pages in the buffer until the next update.
    for check in masm.check_invariants() {
        assert!(check.ok, "{}: {}", check.name, check.detail);
    }
    assert_eq!(masm.metrics().records_flushed, total);
    Ok((masm.metrics().writes_per_update(), masm))
}

#[test]
fn masm_m_batch_fill_measures_theorem_3_1() {
    let m = 64;
    let mut cfg = MasmConfig::masm_m(m, 1, 1 << 20);
    cfg.key_space = 1_000_003;
    let (measured, masm) = fill(cfg, 0);
    let p = plan(m, 1, 1).unwrap();
    assert_eq!(masm.two_pass_runs(), p.two_pass_runs);
    assert_eq!(masm.one_pass_runs() + masm.two_pass_runs(), p.query_pages);
    assert!(
        (measured - p.writes_per_update_exact).abs() < 1e-12,
        "{measured}"
    );
    assert!(
        (measured - theorem_3_1_writes_per_update(m)).abs() < 1e-12,
        "{measured}"
    );
    assert_eq!(masm.metrics().max_record_writes, 2);
}

#[test]
fn masm_m_at_paper_scale_m256_measures_1_7578() {
    let mut cfg = MasmConfig::masm_m(256, 1, 1);
    cfg.key_space = 1_000_003;
    let (measured, masm) = fill(cfg.clone(), 0);
    assert!((measured - 1.7578125).abs() < 1e-12, "batch {measured}");
    assert_eq!((masm.one_pass_runs(), masm.two_pass_runs()), (124, 4));
    // A query after every flush: the greedy still reaches the optimum for α = 1 (digest §2.6).
    let (online, _) = fill(cfg, 1);
    assert!((online - 1.7578125).abs() < 1e-12, "online {online}");
}

#[test]
fn masm_alpha_half_online_greedy_stays_at_most_two() {
    let mut cfg = MasmConfig::masm_m(256, 1, 1);
    cfg.variant = Variant::AlphaM {
        alpha_num: 1,
        alpha_den: 2,
    };
    cfg.key_space = 1_000_003;
    let p = plan(256, 1, 2).unwrap();
    let (batch, _) = fill(cfg.clone(), 0);
    assert!(
        (batch - p.writes_per_update_exact).abs() < 1e-12,
        "batch {batch} vs {p:?}"
    );
    let (online, masm) = fill(cfg, 1);
    eprintln!(
        "alpha 0.5 M 256: batch {batch}, online {online}, K1 {} K2 {}",
        masm.one_pass_runs(),
        masm.two_pass_runs()
    );
    // The digest's simulation of the greedy (§2.6): 1.983 with K2 = 18, K1 = 17.
    assert!((online - 1.9833984375).abs() < 1e-12, "online {online}");
    assert_eq!((masm.one_pass_runs(), masm.two_pass_runs()), (17, 18));
    assert!(masm.metrics().max_record_writes <= 2);
}

#[test]
fn at_the_alpha_bound_a_query_after_every_flush_would_need_a_third_pass() {
    // M = 64, α = 1/2 is exactly 2/M^(1/3): batch merging works, the online greedy gets stuck.
    let mut cfg = MasmConfig::masm_m(64, 1, 1);
    cfg.variant = Variant::AlphaM {
        alpha_num: 1,
        alpha_den: 2,
    };
    cfg.key_space = 1_000_003;
    let (batch, _) = fill(cfg.clone(), 0);
    assert!((batch - plan(64, 1, 2).unwrap().writes_per_update_exact).abs() < 1e-12);
    assert!(matches!(
        try_fill(cfg, 1),
        Err(MasmError::ThreePassNeeded { .. })
    ));
}

#[test]
fn masm_2m_writes_every_update_exactly_once() {
    let mut cfg = MasmConfig::masm_2m(32, 2, 1);
    cfg.key_space = 1_000_003;
    let (measured, masm) = fill(cfg, 1);
    assert_eq!(measured, 1.0);
    assert_eq!(masm.metrics().max_record_writes, 1);
    assert_eq!(masm.runs().len() as u64, 32);
    assert!(masm.runs().iter().all(|r| r.pages == 32));
    assert_eq!(masm.metrics().ssd_pages_written(), 32 * 32);
}
