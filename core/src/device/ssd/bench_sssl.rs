//! The bench row "SSD FTL CPU per write vs SSSL-ftlsim": FlashLab's FTL case against SSSL-ftlsim
//! (Desnoyers 2012, github pjd-nu/sssl-ftlsim, `runsim_greedy.c`), the fastest published FTL
//! simulator, on the same shape, measured alternately on the same machine.
//!
//! 1. The driver is `scripts/sssl-ftl/sssl_main.c` built against an SSSL checkout
//!    (`sh scripts/sssl-ftl/build.sh PATH/TO/sssl-ftlsim target/sssl-ftl/sssl_ftl`); its path
//!    is `FLASHLAB_SSSL_FTL`, else `target/sssl-ftl/sssl_ftl`. Without it the row says
//!    "not built" and how to build it.
//! 2. Shape: 8192 blocks of 128 pages (8 channels × 4 dies × 256 blocks), the 731,379 LBAs of
//!    the FTL case filled, then 10 M uniform random writes, greedy GC, `target_free` 80 (32 dies
//!    × 2 free blocks + 32 half-empty write points). SSSL books no time.
//! 3. Rounds alternate: FlashLab's case (`random_writes_direct`, this thread's CPU time, fill
//!    included) then SSSL (its own CPU time of the random writes, fill excluded), so drift of
//!    the machine's speed hits both. Each figure is CPU ns per host write; the row gives each
//!    one's median with min–max and the median of the per-round ratios.

use std::path::PathBuf;
use std::process::Command;

use serde_json::{Value, json};

use super::bench::{bench_geometry, random_writes_direct};

pub const ROW: &str = "SSD FTL CPU per write vs SSSL-ftlsim";
pub const DRIVER_ENV: &str = "FLASHLAB_SSSL_FTL";
pub const DEFAULT_DRIVER: &str = "target/sssl-ftl/sssl_ftl";
pub const HOW_TO_BUILD: &str = "fetch github.com/pjd-nu/sssl-ftlsim (measured at 48294f5), then \
     `sh scripts/sssl-ftl/build.sh PATH/TO/sssl-ftlsim target/sssl-ftl/sssl_ftl` (or set \
     FLASHLAB_SSSL_FTL to a built driver)";
const WRITES: u64 = 10_000_000;
const BLOCKS: u32 = 8192;
const TARGET_FREE: u32 = 80;

/// Step 1: the driver's path, if a file is there.
pub fn driver_path() -> Option<PathBuf> {
    let path = std::env::var_os(DRIVER_ENV)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(DEFAULT_DRIVER));
    path.is_file().then_some(path)
}

/// One SSSL run at the shape of step 2: its CPU ns per random write, or why not.
fn sssl_ns_per_write(driver: &PathBuf, writes: u64) -> Result<f64, String> {
    let g = bench_geometry();
    let filled = g.logical_pages / 4 * 3;
    let out = Command::new(driver)
        .args([
            BLOCKS.to_string(),
            g.pages_per_block.to_string(),
            filled.to_string(),
            TARGET_FREE.to_string(),
            writes.to_string(),
            "1".to_string(),
        ])
        .output()
        .map_err(|e| format!("{}: {e}", driver.display()))?;
    let text = String::from_utf8_lossy(&out.stdout);
    text.split_whitespace()
        .skip_while(|word| *word != "writes_cpu_s")
        .nth(1)
        .and_then(|s| s.parse::<f64>().ok())
        .map(|seconds| seconds * 1e9 / writes as f64)
        .ok_or_else(|| format!("{}: no writes_cpu_s in its output", driver.display()))
}

/// Median, min and max (NaN for none).
fn spread(values: &[f64]) -> Value {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    let at = |i: usize| v.get(i).copied().unwrap_or(f64::NAN);
    let median = if v.len() % 2 == 1 {
        at(v.len() / 2)
    } else {
        (at(v.len() / 2 - 1) + at(v.len() / 2)) / 2.0
    };
    json!({"median": median, "min": at(0), "max": at(v.len().saturating_sub(1))})
}

/// Step 3: `rounds` alternated rounds at `scale` × 10 M writes; `thread_cpu_ns` reads this
/// thread's CPU clock. The JSON row: status "measured", "not built" or "failed".
pub fn compare(rounds: u32, scale: f64, thread_cpu_ns: fn() -> Option<u64>) -> Value {
    let Some(driver) = driver_path() else {
        return json!({"name": ROW, "status": "not built", "how_to_build": HOW_TO_BUILD});
    };
    let writes = ((WRITES as f64) * scale).max(1.0) as u64;
    let (mut ours, mut theirs, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..rounds.max(1) {
        let before = thread_cpu_ns();
        let run = random_writes_direct(writes, 1);
        let ns = match (before, thread_cpu_ns()) {
            (Some(a), Some(b)) if b > a && run.writes > 0 => (b - a) as f64 / run.writes as f64,
            _ => return json!({"name": ROW, "status": "failed", "why": "no thread CPU clock"}),
        };
        let sssl = match sssl_ns_per_write(&driver, writes) {
            Ok(ns) => ns,
            Err(why) => return json!({"name": ROW, "status": "failed", "why": why}),
        };
        ours.push(ns);
        theirs.push(sssl);
        ratios.push(ns / sssl);
    }
    json!({
        "name": ROW, "status": "measured", "driver": driver.display().to_string(),
        "writes": writes, "rounds": ours.len(),
        "flashlab_ns_per_write": spread(&ours), "sssl_ns_per_write": spread(&theirs),
        "ratio": spread(&ratios),
    })
}

/// The row as one text line.
pub fn describe(row: &Value) -> String {
    let f = |key: &str, part: &str| row[key][part].as_f64().unwrap_or(f64::NAN);
    match row["status"].as_str() {
        Some("measured") => format!(
            "{ROW}: FlashLab {:.1} ns ({:.1}–{:.1}), SSSL-ftlsim {:.1} ns ({:.1}–{:.1}), ratio \
             {:.2} ({:.2}–{:.2}); medians of {} alternated rounds",
            f("flashlab_ns_per_write", "median"),
            f("flashlab_ns_per_write", "min"),
            f("flashlab_ns_per_write", "max"),
            f("sssl_ns_per_write", "median"),
            f("sssl_ns_per_write", "min"),
            f("sssl_ns_per_write", "max"),
            f("ratio", "median"),
            f("ratio", "min"),
            f("ratio", "max"),
            row["rounds"]
        ),
        Some("not built") => format!("{ROW}: not built; to build it: {HOW_TO_BUILD}"),
        _ => format!(
            "{ROW}: failed: {}",
            row["why"].as_str().unwrap_or("unknown")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spread_gives_the_median_and_the_extremes() {
        let s = spread(&[3.0, 1.0, 2.0, 10.0]);
        assert_eq!(s["median"], 2.5);
        assert_eq!(
            (s["min"].as_f64(), s["max"].as_f64()),
            (Some(1.0), Some(10.0))
        );
        assert_eq!(spread(&[4.0])["median"], 4.0);
    }

    #[test]
    fn the_row_says_how_to_build_a_missing_driver_and_quotes_a_measured_one() {
        let missing = json!({"name": ROW, "status": "not built"});
        assert!(describe(&missing).contains("not built; to build it: fetch"));
        let measured = json!({
            "name": ROW, "status": "measured", "rounds": 3,
            "flashlab_ns_per_write": spread(&[70.0, 72.0, 75.0]),
            "sssl_ns_per_write": spread(&[74.0, 75.0, 80.0]),
            "ratio": spread(&[0.95, 0.96, 0.94]),
        });
        let text = describe(&measured);
        assert!(text.contains("FlashLab 72.0 ns (70.0–75.0)"), "{text}");
        assert!(text.contains("ratio 0.95 (0.94–0.96)"), "{text}");
    }
}
