//! The reproductions run end to end. At a small scale (fast) only the ordinal claims are
//! checked; the paper-scale report is an ignored test (run with --ignored --nocapture).

use flashlab_core::labs::{AnyLab, build};
use flashlab_core::layouts::reproduce::{Kind, all, contention, model_vs_sim, projectivity};
use flashlab_core::layouts::schema::PAPER_ROWS;
use flashlab_core::plugin::RunScale;
use flashlab_core::sim::{Lab, TraceSink};

#[test]
fn reproductions_run_and_ordinal_claims_hold_at_small_scale() {
    let rows = 300_000;
    let comparisons = all(rows, 1).unwrap();
    assert!(comparisons.len() >= 40, "{}", comparisons.len());
    for c in &comparisons {
        assert!(
            c.simulated.is_finite() || c.id.contains("crossover"),
            "{}",
            c.line()
        );
        if c.kind == Kind::Ordinal {
            assert!(c.pass.is_some(), "{}", c.id);
        } else if c.id.starts_with("E3") {
            assert_eq!(c.pass, Some(true), "{}", c.line());
        } else {
            assert_eq!(c.pass, None, "{}: not at paper scale", c.id);
        }
    }
}

#[test]
#[ignore = "paper scale (60 M rows), about 25 s in the dev profile: `flashlab reproduce` runs the same set at 10 M rows (layouts::claims); run with --ignored --nocapture"]
fn paper_scale_report() {
    let comparisons = all(PAPER_ROWS, 1).unwrap();
    for c in &comparisons {
        println!("{}", c.line());
    }
    let e1 = projectivity::e1_lineitem(PAPER_ROWS, 1).unwrap();
    for line in model_vs_sim::report(&e1.curves, PAPER_ROWS).unwrap() {
        println!("{line}");
    }
    for c in &e1.curves {
        let times: Vec<String> = c
            .columns
            .iter()
            .map(|o| format!("{:.1}", o.elapsed_s()))
            .collect();
        println!(
            "{:?} row {:.1} s; column k=1..: {}",
            c.device,
            c.row.elapsed_s(),
            times.join(" ")
        );
    }
}

#[test]
#[ignore = "paper scale (60 M rows): the E11 concurrency report, about 20 s of CPU"]
fn paper_scale_e11() {
    for c in contention::e11_concurrency(PAPER_ROWS, 1).unwrap() {
        println!("{}", c.line());
    }
}

/// Issue 27 item 6: a claim's linked run, loaded through the scenario loader and run to the
/// end, computes the claim's own quantity at the same (reduced) size. The claims link E1's
/// disk curve as a course-scale scenario whose time-vs-projectivity sweep runs the same
/// shape-only scans (`runner::run`) as `projectivity::curve`; at equal rows and seed its
/// column and row times and its crossover are the claim's, bit for bit.
#[test]
fn a_linked_run_loaded_and_run_to_the_end_gives_the_claims_curve_at_its_rows() {
    let rows = 1_000_000;
    let e1 = projectivity::e1_lineitem(rows, 1).unwrap();
    let claim = e1
        .comparisons
        .iter()
        .find(|c| c.id == "E1.disk.crossover_fraction")
        .unwrap();
    assert_eq!(claim.runs.len(), 1, "the disk curve's run");
    let run = &claim.runs[0];
    let RunScale::CourseScale { shrunk } = &run.scale else {
        panic!("a reduced run is course-scale")
    };
    assert!(
        shrunk.starts_with(
            "1,000,000 → 100,000 rows per table in the animated scans and 1,000,000 in"
        ),
        "{shrunk}"
    );
    let text = serde_json::to_string(&run.scenario).unwrap();
    let (header, lab) = build(&text, None).unwrap();
    assert_eq!(header.lab, "layouts");
    let AnyLab::Layouts(mut lab) = lab else {
        panic!("a layouts scenario")
    };
    let mut trace = TraceSink::default();
    let mut steps = 0;
    while lab.step(&mut trace).unwrap() {
        steps += 1;
        assert!(steps < 1_000_000, "the run ends");
    }
    let sweep = lab.info()["sweep"].clone();
    let disk = &e1.curves[0];
    assert_eq!(sweep["rows"].as_u64(), Some(rows));
    let column_s: Vec<f64> = sweep["column_s"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_f64().unwrap())
        .collect();
    let expected: Vec<f64> = disk.columns.iter().map(|o| o.elapsed_s()).collect();
    assert_eq!(column_s, expected);
    assert_eq!(sweep["row_s"].as_f64(), Some(disk.row.elapsed_s()));
    assert_eq!(
        sweep["crossover_fraction"].as_f64(),
        Some(claim.simulated),
        "the claim's value is the linked run's crossover"
    );
}
