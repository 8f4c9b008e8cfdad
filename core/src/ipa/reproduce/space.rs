//! Tab. 3 (TPC-C, 4 KB pages, V = 12) and Tab. 5 (LinkBench, 8 KB pages, gross M, V = 0) space
//! overheads: N·(1 + 3M + 3V) / page size, computed by `PageLayout` (digest §3.2: exact).

use super::Row;
use crate::ipa::layout::{PageLayout, Scheme};

/// Tab. 3's space column as printed (one decimal), rows N = 1..4, columns M = 3, 6, 10, 15, 20.
const TABLE3_PAPER: [[f64; 5]; 4] = [
    [1.1, 1.3, 1.6, 2.0, 2.4],
    [2.2, 2.7, 3.3, 4.0, 4.7],
    [3.4, 4.0, 4.9, 6.0, 7.1],
    [4.5, 5.4, 6.5, 8.0, 9.5],
];
const TABLE3_M: [usize; 5] = [3, 6, 10, 15, 20];

/// Tab. 5's space column (two decimals), rows N = 1..3, columns M = 100, 125.
const TABLE5_PAPER: [[f64; 2]; 3] = [[3.67, 4.59], [7.35, 9.18], [11.02, 13.77]];
const TABLE5_M: [usize; 2] = [100, 125];

fn percent(page_bytes: usize, scheme: Scheme) -> f64 {
    PageLayout::new(page_bytes, scheme).map_or(f64::NAN, |l| l.space_overhead() * 100.0)
}

/// Tab. 3 space overheads, %.
pub fn table3() -> Vec<Row> {
    let mut rows = Vec::new();
    for (i, paper_row) in TABLE3_PAPER.iter().enumerate() {
        for (j, &m) in TABLE3_M.iter().enumerate() {
            let n = i + 1;
            let sim = percent(4096, Scheme { n, m, v: 12 });
            rows.push(Row::new(format!("[{n}x{m}] TPC-C"), sim, paper_row[j]));
        }
    }
    rows
}

/// Tab. 5 space overheads, %.
pub fn table5() -> Vec<Row> {
    let mut rows = Vec::new();
    for (i, paper_row) in TABLE5_PAPER.iter().enumerate() {
        for (j, &m) in TABLE5_M.iter().enumerate() {
            let n = i + 1;
            let sim = percent(8192, Scheme { n, m, v: 0 });
            rows.push(Row::new(format!("[{n}x{m}] LinkBench"), sim, paper_row[j]));
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table3_matches_to_the_printed_decimal_and_table5_to_the_hundredth() {
        for r in table3() {
            // The paper rounds to one decimal; 3.37 % prints as 3.4.
            assert!(r.error().abs() <= 0.051, "{r:?}");
        }
        for r in table5() {
            assert!(r.error().abs() <= 0.0051, "{r:?}");
        }
    }
}
