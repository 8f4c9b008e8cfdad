//! Lesson authoring aid: prints a scenario's metrics at chosen steps, so a lesson's text and
//! questions can be written against what the simulation shows there (the lesson test in
//! `core/tests/lessons.rs` then checks them on every run).
//!
//! `cargo run --release -p flashlab-core --example probe -- FILE STEP[,STEP…] [--seed N]`
//! prints one JSON object per line: `{"step": s, "totalSteps": t, "metrics": {…}}`. A step past
//! the end prints the last one.

use flashlab_core::session::Session;
use serde_json::json;

fn main() {
    if let Err(message) = run() {
        eprintln!("probe: {message}");
        std::process::exit(2);
    }
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: probe FILE STEP[,STEP…] [--seed N]";
    let file = args.first().ok_or(usage)?;
    let steps_arg = args.get(1).ok_or(usage)?;
    let seed = match args.iter().position(|a| a == "--seed") {
        Some(i) => Some(
            args.get(i + 1)
                .and_then(|s| s.parse::<u64>().ok())
                .ok_or("--seed: expected a number")?,
        ),
        None => None,
    };
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let mut session = Session::load(&text, seed).map_err(|e| e.to_string())?;
    let total = {
        let mut probe = session.clone();
        probe.run_to_end();
        probe.run().state().step
    };
    let mut steps = Vec::new();
    for part in steps_arg.split(',') {
        steps.push(
            part.trim()
                .parse::<u64>()
                .map_err(|_| format!("step {part:?}: expected a number"))?,
        );
    }
    for step in steps {
        session.seek(step.min(total));
        println!(
            "{}",
            json!({"step": session.run().state().step, "totalSteps": total, "metrics": session.metrics_json()})
        );
    }
    Ok(())
}
