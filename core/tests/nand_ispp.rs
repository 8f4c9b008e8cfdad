//! ISPP physics of the cell model: loop counts, distribution widths, step size, latency.

use std::sync::Arc;

use flashlab_core::device::nand::claims::uniform_width;
use flashlab_core::device::nand::timing::NominalStep;
use flashlab_core::device::nand::{Block, CellType, NandConfig, ProgramKind, ProgramOutcome};
use flashlab_core::sim::Rng;

mod common;
use common::nand::{ALL, block, random_bits};

#[test]
fn ispp_loop_counts_follow_the_staircase_formula() {
    for cell_type in ALL {
        for seed in 0..3 {
            let (mut block, mut rng) = block(cell_type, 4, 512, seed);
            let config = block.config().clone();
            for page in 0..block.page_count() {
                let (_, step) = block.address(page).unwrap();
                let data = random_bits(&mut rng, 512);
                let report = block.program(page, &data, &mut rng).unwrap();
                let nominal = NominalStep::compute(
                    &config.layout,
                    &config.ispp,
                    step,
                    config.ispp.delta_vpgm_v,
                );
                // Slowest cell: 1 + ⌈(PV_top − (Vpgm_start − K_max)) / ΔV⌉, ±1 for jitter and
                // for the slowest of 512 cells not being at the 3σ bound.
                let loops = i64::from(report.loops());
                assert!(
                    (loops - i64::from(nominal.loops)).abs() <= 1,
                    "{cell_type:?} page {page}: {loops} loops vs nominal {}",
                    nominal.loops
                );
                let top = nominal
                    .targets
                    .iter()
                    .map(|(t, _)| config.layout.placement(*t).verify_v)
                    .fold(f64::MIN, f64::max);
                let span = (top - config.ispp.slowest_first_vth_v()) / config.ispp.delta_vpgm_v;
                assert!(
                    (loops as f64 - 1.0 - span).abs() <= 2.0,
                    "{cell_type:?}: {loops} vs span {span:.2}"
                );
            }
        }
    }
}

#[test]
fn programmed_distribution_width_is_about_delta_vpgm() {
    for cell_type in ALL {
        let (mut block, mut rng) = block(cell_type, 4, 1024, 5);
        let delta = block.config().ispp.delta_vpgm_v;
        for page in 0..block.page_count() {
            let data = random_bits(&mut rng, 1024);
            block.program(page, &data, &mut rng).unwrap();
        }
        let layout = block.config().layout.clone();
        for wordline in block.wordlines() {
            for (index, placement) in layout.placements().iter().enumerate() {
                if placement.final_level.is_none_or(|l| l == 0) {
                    continue;
                }
                let vth: Vec<f64> = (0..1024)
                    .filter(|&c| wordline.placement(&layout, c) == index)
                    .map(|c| wordline.effective_vth_v(c))
                    .collect();
                let min = vth.iter().copied().fold(f64::MAX, f64::min);
                let max = vth.iter().copied().fold(f64::MIN, f64::max);
                assert!(
                    min >= placement.verify_v,
                    "{} below its verify level",
                    placement.name
                );
                assert!(
                    max - min <= delta * 1.3 + 1e-9,
                    "{cell_type:?} {}: range {}",
                    placement.name,
                    max - min
                );
                assert!(
                    max - min >= delta * 0.8,
                    "{cell_type:?} {}: range {}",
                    placement.name,
                    max - min
                );
                let width = uniform_width(&vth);
                assert!(
                    (width / delta - 1.0).abs() < 0.2,
                    "{cell_type:?} {}: σ√12 {width}",
                    placement.name
                );
            }
        }
    }
}

#[test]
fn a_coarser_ispp_step_gives_fewer_loops_and_wider_states() {
    let measure = |delta: f64| {
        let (mut block, mut rng) = block(CellType::Mlc, 1, 1024, 9);
        block.set_delta_vpgm_v(delta);
        block
            .program(0, &random_bits(&mut rng, 1024), &mut rng)
            .unwrap();
        let report = block
            .program(1, &random_bits(&mut rng, 1024), &mut rng)
            .unwrap();
        let layout = block.config().layout.clone();
        let w = &block.wordlines()[0];
        let p3 = layout
            .placements()
            .iter()
            .position(|p| p.name == "P3")
            .unwrap();
        let vth: Vec<f64> = (0..1024)
            .filter(|&c| w.placement(&layout, c) == p3)
            .map(|c| w.effective_vth_v(c))
            .collect();
        (report.loops(), uniform_width(&vth))
    };
    let (fine_loops, fine_width) = measure(0.1);
    let (coarse_loops, coarse_width) = measure(0.3);
    assert!(
        coarse_loops * 2 < fine_loops,
        "{coarse_loops} vs {fine_loops}"
    );
    assert!(
        coarse_width > 2.5 * fine_width,
        "{coarse_width} vs {fine_width}"
    );
}

#[test]
fn msb_pages_program_slower_than_lsb_pages() {
    for cell_type in [CellType::Mlc, CellType::Tlc] {
        let (mut block, mut rng) = block(cell_type, 4, 256, 2);
        let steps = usize::from(cell_type.bits_per_cell());
        let mut latency = vec![Vec::new(); steps];
        let mut loops = vec![Vec::new(); steps];
        for page in 0..block.page_count() {
            let (_, step) = block.address(page).unwrap();
            let report = block
                .program(page, &random_bits(&mut rng, 256), &mut rng)
                .unwrap();
            latency[usize::from(step)].push(report.latency_ns());
            loops[usize::from(step)].push(report.loops());
        }
        for step in 1..steps {
            let slowest_lower = latency[step - 1].iter().max().unwrap();
            let fastest_upper = latency[step].iter().min().unwrap();
            assert!(fastest_upper > slowest_lower, "{cell_type:?} step {step}");
            assert!(
                loops[step].iter().min() > loops[step - 1].iter().max(),
                "{cell_type:?} loops"
            );
        }
    }
}

#[test]
fn a_loop_limit_too_small_reports_program_failure() {
    let mut config = NandConfig::mlc();
    config.ispp.max_loops = 10;
    let mut rng = Rng::new(13);
    let mut block = Block::new(Arc::new(config), 1, 128, &mut rng);
    let mut run = block
        .begin_program(0, &[false; 128], ProgramKind::Program)
        .unwrap();
    while !run.is_done() {
        block.pulse(&mut run, &mut rng);
    }
    assert_eq!(run.loops, 10);
    assert!(matches!(run.outcome, Some(ProgramOutcome::Failed { .. })));
    assert!(block.wordlines()[0].page_failed(0));
}
