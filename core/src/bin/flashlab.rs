//! The `flashlab` command line (DESIGN §3.2).
//!
//! - `flashlab run FILE [--seed N]`: run a scenario, print one JSON report; exit 0 when every
//!   invariant held, 1 when one failed, 2 for bad input (one line on stderr naming the path).
//! - `flashlab check FILE`: validate only (exit 0 or 2).
//! - `flashlab reproduce [--json] [--lab NAME]`: the paper-claims table (of every lab, or one);
//!   exit 1 if a claim misses.
//! - `flashlab bench [--json] [--scale X] [--case TEXT]`: throughput figures (wall-clock, so run
//!   it alone; each case's thread CPU time beside it on Linux); `--case` keeps only the cases whose name contains TEXT.
//!   With an SSSL-ftlsim driver built (`device::ssd::bench_sssl`), the SSD FTL case and SSSL
//!   also run `--sssl-rounds N` alternated rounds (default 5; 0 skips) for the row
//!   "SSD FTL CPU per write vs SSSL-ftlsim"; without one, the row says how to build it.
//! - `flashlab schema`: print `scenarios/schema.json`.

use std::process::ExitCode;

use flashlab_core::device::ssd::bench::DIRECT_CASE;
use flashlab_core::device::ssd::bench_sssl;
use flashlab_core::reproduce::report::{json_report, text_report};
use flashlab_core::reproduce::{all_claims, lab_claims};
use flashlab_core::{Session, bench, scenario_schema};

const USAGE: &str = "usage: flashlab run FILE [--seed N] | check FILE | reproduce [--json] [--lab NAME] | bench [--json] [--scale X] [--case TEXT] [--sssl-rounds N] | schema";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("run") => cmd_run(&args[1..]),
        Some("check") => cmd_check(&args[1..]),
        Some("reproduce") => cmd_reproduce(&args[1..]),
        Some("bench") => cmd_bench(&args[1..]),
        Some("schema") => {
            println!("{}", pretty(&scenario_schema()));
            ExitCode::SUCCESS
        }
        Some("--help" | "-h" | "help") => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        _ => bad_input(USAGE),
    }
}

fn bad_input(message: &str) -> ExitCode {
    eprintln!("{message}");
    ExitCode::from(2)
}

fn pretty(value: &serde_json::Value) -> String {
    serde_json::to_string_pretty(value).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}

/// Reads FILE and an optional `--seed N`.
fn file_and_seed(args: &[String]) -> Result<(String, Option<u64>), String> {
    let mut file = None;
    let mut seed = None;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        if arg == "--seed" {
            let value = rest.next().ok_or("--seed: expected a value")?;
            seed = Some(
                value
                    .parse::<u64>()
                    .map_err(|_| format!("--seed: expected an unsigned integer, got {value}"))?,
            );
        } else if file.is_none() {
            file = Some(arg.clone());
        } else {
            return Err(format!("unexpected argument {arg}\n{USAGE}"));
        }
    }
    let file = file.ok_or_else(|| format!("missing FILE\n{USAGE}"))?;
    let text = std::fs::read_to_string(&file).map_err(|e| format!("{file}: cannot read: {e}"))?;
    Ok((text, seed))
}

fn cmd_run(args: &[String]) -> ExitCode {
    let (text, seed) = match file_and_seed(args) {
        Ok(x) => x,
        Err(message) => return bad_input(&message),
    };
    let mut session = match Session::load(&text, seed) {
        Ok(session) => session,
        Err(error) => return bad_input(&error.to_string()),
    };
    session.run_to_end();
    println!("{}", pretty(&session.report_json()));
    if session.run().all_invariants_ok() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn cmd_check(args: &[String]) -> ExitCode {
    let (text, seed) = match file_and_seed(args) {
        Ok(x) => x,
        Err(message) => return bad_input(&message),
    };
    match Session::load(&text, seed) {
        Ok(session) => {
            let header = session.header();
            println!(
                "{}",
                serde_json::json!({"ok": true, "lab": header.lab, "title": header.title})
            );
            ExitCode::SUCCESS
        }
        Err(error) => bad_input(&error.to_string()),
    }
}

fn cmd_reproduce(args: &[String]) -> ExitCode {
    let lab = args
        .iter()
        .position(|a| a == "--lab")
        .map(|i| args.get(i + 1).map(String::as_str).unwrap_or(""));
    let claims = match lab {
        None => all_claims(),
        Some(name) => match lab_claims(name) {
            Some(claims) => claims,
            None => return bad_input(&format!("reproduce --lab: there is no lab \"{name}\"")),
        },
    };
    if args.iter().any(|a| a == "--json") {
        println!("{}", pretty(&json_report(&claims)));
    } else {
        print!("{}", text_report(&claims));
    }
    if claims.iter().all(|c| c.pass) {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

#[allow(clippy::disallowed_methods)] // Benchmarks are the one place that reads a wall clock.
fn cmd_bench(args: &[String]) -> ExitCode {
    let json = args.iter().any(|a| a == "--json");
    let scale = match args
        .iter()
        .position(|a| a == "--scale")
        .and_then(|i| args.get(i + 1))
    {
        Some(value) => match value.parse::<f64>() {
            Ok(x) if x > 0.0 && x <= 100.0 => x,
            _ => return bad_input("--scale: expected a number in (0, 100]"),
        },
        None => 1.0,
    };
    let filter = match args.iter().position(|a| a == "--case") {
        Some(i) => match args.get(i + 1) {
            Some(text) => Some(text.as_str()),
            None => return bad_input("--case: expected part of a case name"),
        },
        None => None,
    };
    let mut results = Vec::new();
    let cases = bench::cases().into_iter();
    for case in cases.filter(|c| filter.is_none_or(|text| c.name.contains(text))) {
        let size = ((case.default_size as f64) * scale).max(1.0) as u64;
        // Each case runs twice and the second call is the figure: the browser build's first
        // call in a fresh instance also pays for growing its memory and for compiling the hot
        // functions (scripts/bench-browser.mjs does the same), so first calls measure the
        // environment, not the core. The first call's time is reported beside it.
        let first = std::time::Instant::now();
        let first_units = (case.run)(size);
        let first_seconds = first.elapsed().as_secs_f64().max(1e-9);
        let cpu_before = thread_cpu_ns();
        let start = std::time::Instant::now();
        let units = (case.run)(size);
        let seconds = start.elapsed().as_secs_f64().max(1e-9);
        // CPU time of this thread during the second call, where Linux reports it: on a shared
        // machine the wall clock also counts time the thread waited for a core.
        let cpu_seconds = match (cpu_before, thread_cpu_ns()) {
            (Some(a), Some(b)) if b > a => Some((b - a) as f64 / 1e9),
            _ => None,
        };
        let per_second = units as f64 / seconds;
        if !json {
            let cpu = cpu_seconds.map_or(String::new(), |c| format!(", {c:.3} s CPU"));
            println!(
                "{:<40} {:>14.0} {}/s  ({units} in {seconds:.3} s{cpu}; first call {first_seconds:.3} s)",
                case.name, per_second, case.unit
            );
        }
        results.push(serde_json::json!({
            "name": case.name, "unit": case.unit, "units": units,
            "seconds": seconds, "per_second": per_second, "target": "native",
            "cpu_seconds": cpu_seconds,
            "first_seconds": first_seconds, "first_per_second": first_units as f64 / first_seconds,
        }));
    }
    let checks = bench::work_checks(|name| filter.is_none_or(|text| name.contains(text)));
    // The FTL case against SSSL-ftlsim, alternated rounds (`device::ssd::bench_sssl`).
    let sssl_rounds = match args
        .iter()
        .position(|a| a == "--sssl-rounds")
        .and_then(|i| args.get(i + 1))
    {
        Some(value) => match value.parse::<u32>() {
            Ok(n) if n <= 100 => n,
            _ => return bad_input("--sssl-rounds: expected a whole number in 0..=100"),
        },
        None => 5,
    };
    let compare_sssl = sssl_rounds > 0
        && filter.is_none_or(|text| bench_sssl::ROW.contains(text) || DIRECT_CASE.contains(text));
    let comparisons: Vec<serde_json::Value> = if compare_sssl {
        vec![bench_sssl::compare(sssl_rounds, scale, thread_cpu_ns)]
    } else {
        Vec::new()
    };
    if json {
        println!(
            "{}",
            pretty(
                &serde_json::json!({"cases": results, "checks": checks, "comparisons": comparisons})
            )
        );
    } else {
        for row in &comparisons {
            println!("{}", bench_sssl::describe(row));
        }
        for c in &checks {
            println!(
                "work check, {}: {} {:.3} against {:.3} ({}): {}",
                c.case,
                c.quantity,
                c.simulated,
                c.reference,
                c.rule,
                if c.holds { "holds" } else { "DOES NOT HOLD" }
            );
        }
    }
    if checks.iter().all(|c| c.holds) {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Nanoseconds this thread has run on a CPU (Linux's `/proc/thread-self/schedstat`, first
/// field), or `None` where that file is missing or unreadable.
fn thread_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}
