//! CPU cost model of the engine, for the CPU/I-O breakdown (paper §5.1.1, §5.2.1, §5.3.2;
//! digest §3.3). Costs are per value or per tuple, in ns, charged per output block.
//!
//! 1. Row store (NSM): every tuple of every page is iterated and P(a1) evaluated, at a cost per
//!    tuple byte (`nsm_byte_ns`, the digest's κ_r·R: copying and decoding scale with the tuple
//!    width), then the k projected values of a qualifying tuple are copied
//!    (`project_value_ns`). With compression the whole tuple is decompressed
//!    (N × `decompress_value_ns`), overlapped with I/O (§5.2.1).
//! 2. Column store (DSM): the predicate column is iterated fully and the k−1 other projected
//!    columns only at qualifying positions, each value through its own iterator
//!    (`dsm_value_ns`, the paper's Eq. 5 γ: "the CPU cost for iterating through each selected
//!    row"); with compression each value read is also decompressed.
//! 3. PAX: page I/O as NSM, CPU as DSM inside the page (digest §4.8 [rec]).
//! 4. `overlap` ω ∈ [0, 1]: the fraction of each block's CPU that runs while the device keeps
//!    serving the query's requests; the rest (1 − ω) stalls the query's I/O dispatch (§5.2.1:
//!    compressed column stores "cannot overlap CPU utilization with I/O as effectively").
//!
//! Calibration points (fitted to paper numbers, so those numbers are not reproductions):
//! `nsm_byte_ns` to the row store's 5–8 % CPU at every selectivity (Fig. 6(b)); `dsm_value_ns`
//! to the column store's 59 % CPU at 100 % selectivity, LINEITEM, k = 16, SSD-Fast (Fig. 6(b));
//! `decompress_value_ns` to the digest's assumed compressed-ORDERS crossover k* ≈ 5 of 7 on
//! SSD-Fast (γ ≈ 1.6 ms per compressed MB, digest §3.4 item 4: Fig. 3(b)'s value is not in the
//! text). See `reproduce::cpu` for the arithmetic.

use super::pages::Layout;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CpuModel {
    pub nsm_byte_ns: f64,
    pub dsm_value_ns: f64,
    pub project_value_ns: f64,
    pub decompress_value_ns: f64,
    /// Overlap for uncompressed scans and for every row store (ω = 1, Eq. 1).
    pub overlap: f64,
    /// Overlap of a compressed column (or PAX) scan (digest §3.3: 0–0.3).
    pub compressed_column_overlap: f64,
}

impl Default for CpuModel {
    fn default() -> Self {
        Self {
            // 6 % of LINEITEM's 36.4 s row scan on SSD-Fast = 2.2 s over 60 M × 150 B.
            nsm_byte_ns: 0.24,
            // 59 % of the 36.2 s column scan (k = 16, s = 1) = 21.4 s over 960 M values.
            dsm_value_ns: 22.0,
            project_value_ns: 0.2,
            // γ ≈ 1.6 ms per compressed MB (digest §3.4) × 12/7 B per compressed value.
            decompress_value_ns: 2.7,
            overlap: 1.0,
            compressed_column_overlap: 0.0,
        }
    }
}

/// What one output block did.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BlockWork {
    pub rows: f64,
    pub qualifying: f64,
    /// Projected columns (k).
    pub projected: f64,
    /// Attributes in the table (N).
    pub attributes: f64,
    pub tuple_bytes: f64,
    pub compressed: bool,
}

impl CpuModel {
    pub fn validate(&self) -> Result<(), String> {
        let costs = [
            self.nsm_byte_ns,
            self.dsm_value_ns,
            self.project_value_ns,
            self.decompress_value_ns,
        ];
        if costs.iter().any(|c| !(c.is_finite() && *c >= 0.0)) {
            return Err("CPU costs must be finite and non-negative".into());
        }
        for w in [self.overlap, self.compressed_column_overlap] {
            if !(0.0..=1.0).contains(&w) {
                return Err(format!("overlap {w} must be in [0, 1]"));
            }
        }
        Ok(())
    }

    /// CPU ns of one block (items 1–3).
    pub fn block_ns(&self, layout: Layout, w: BlockWork) -> f64 {
        let z = if w.compressed {
            self.decompress_value_ns
        } else {
            0.0
        };
        let out = w.qualifying * w.projected * self.project_value_ns;
        match layout {
            Layout::Nsm => w.rows * (self.nsm_byte_ns * w.tuple_bytes + w.attributes * z) + out,
            Layout::Dsm | Layout::Pax => {
                let values = w.rows + w.qualifying * (w.projected - 1.0).max(0.0);
                values * (self.dsm_value_ns + z) + out
            }
        }
    }

    /// ω for this scan (item 4).
    pub fn overlap_for(&self, layout: Layout, compressed: bool) -> f64 {
        if compressed && layout != Layout::Nsm {
            self.compressed_column_overlap
        } else {
            self.overlap
        }
    }
}
