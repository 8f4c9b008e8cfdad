//! The provenance rows of a preset: every constant with its value, unit, tag and source
//! (calibration.md A1–A4, E; seed 004 §8.4). `NandConfig::build` calls `sourced_provenance` once the
//! derived and fitted values are known, so the rows show the numbers the model runs on.

use super::preset::{NandConfig, Spec};
use super::provenance::{Provenance, Tag};

const CHO: &str = "Cho et al. (Samsung), \"A Dual-Mode NAND Flash Memory: 1-Gb Multilevel and High-Performance 512-Mb Single-Level Modes\", IEEE JSSC 36(11), 2001";
const SEED004: &str = "seed 004 (Hardock et al., SIGMOD'17) §8.4 \"Longevity\"";
const DONG: &str = "Dong/Li/Zhang-form channel model (IEEE TCAS-I 2011 [R]), constants of a public MATLAB reproduction [Qc]; model illustration (calibration.md A4, F4)";
const VERIFY_KEYS: [&str; 7] = [
    "verify_p1_v",
    "verify_p2_v",
    "verify_p3_v",
    "verify_p4_v",
    "verify_p5_v",
    "verify_p6_v",
    "verify_p7_v",
];
/// Keys of the quoted per-page times, by page name.
fn page_keys(page_name: &str) -> (&'static str, &'static str) {
    match page_name {
        "LSB" => ("tprog_lsb_us", "tr_lsb_us"),
        "CSB" => ("tprog_csb_us", "tr_csb_us"),
        "MSB" => ("tprog_msb_us", "tr_msb_us"),
        _ => ("tprog_us", "tr_us"),
    }
}

impl NandConfig {
    /// Every constant of this configuration with its source (`NandConfig::build` calls it once
    /// the values are final, so the sources describe what the model runs on).
    pub(super) fn sourced_provenance(&self, spec: &Spec) -> Vec<Provenance> {
        let config = self;
        use Tag::*;
        let layout = &config.layout;
        let ispp = &config.ispp;
        let t = &config.timing;
        let w = &config.wear;
        let ds = &config.datasheet;
        let mut rows = vec![
            Provenance::new(
                "erased_mean_v",
                "erased Vth mean",
                layout.erased_mean_v,
                "V",
                Design,
                "model choice: erased state below 0 V is the convention [R] (calibration.md A2); volts are model volts",
            ),
            Provenance::new(
                "erased_sigma_v",
                "erased Vth σ",
                layout.erased_sigma_v,
                "V",
                Derived,
                format!("0.35 normalized × 2.0 V/unit; {DONG}"),
            ),
            Provenance::new(
                "erased_limit_sigmas",
                "erased truncation",
                layout.erased_limit_sigmas,
                "σ",
                Design,
                "model choice: hard edge so a fresh block reads without errors",
            ),
        ];
        for (key, pv) in VERIFY_KEYS.iter().zip(&layout.verify_v) {
            rows.push(Provenance::new(key, "program-verify level", *pv, "V", Design, "model choice: uniform pitch; real chips space states non-uniformly (Cho 2001, calibration.md A1-6); no per-state volts found (A2, F2)"));
        }
        rows.extend([
            Provenance::new("delta_vpgm_v", "ISPP step ΔVpgm", ispp.delta_vpgm_v, "V", spec.delta_tag, format!("{}; {}", spec.delta_source, if spec.delta_tag == Quoted { CHO } else { "calibration.md A1-11" })),
            Provenance::new("vpgm_start_v", "ISPP start voltage", ispp.vpgm_start_v, "V", Derived, "model choice (Suh 1995 values not re-read, calibration.md F1): K + PV1 − 3σ_K − ΔVpgm, so the fastest cell cannot overshoot P1 on the first pulse"),
            Provenance::new("coupling_mean_v", "coupling offset K (Vth ≈ Vpgm − K)", ispp.coupling_mean_v, "V", Design, "model choice: puts Vpgm in the 15–20 V range quoted for program voltages (weak source, ipa.md §2.7)"),
            Provenance::new("coupling_sigma_v", "cell-to-cell σ of K (program speed)", ispp.coupling_sigma_v, "V", Design, "model choice, truncated at ±3σ"),
            Provenance::new("jitter_fraction", "pulse jitter of a fresh cell", ispp.jitter_fraction, "×ΔVpgm", Design, "model choice: \"≈ΔVpgm per pulse with small per-cell variation\" (calibration.md A1-7)"),
            Provenance::new("max_loops", "ISPP loop limit", f64::from(ispp.max_loops), "loops", Design, "model choice: 1.5 × the nominal loops of the slowest page step + 2 (Suh 1995 limit not re-read, F1)"),
            Provenance::new("pulse_ns", "program pulse time", t.pulse_ns as f64, "ns", Fitted, format!("fitted: nominal LSB program = quoted LSB tPROG {} µs ({})", ds.tprog_ns.first().copied().unwrap_or(0) as f64 / 1e3, spec.tprog_source)),
            Provenance::new("verify_ns", "verify (one level) time", t.verify_ns as f64, "ns", Design, "model choice: t_verify = t_pulse"),
            Provenance::new("program_overhead_ns", "program setup overhead", t.program_overhead_ns as f64, "ns", Design, "model choice"),
            Provenance::new("read_base_ns", "read base time", t.read_base_ns as f64, "ns", Derived, format!("t_R(1 sense) − t_sense; {}", spec.tr_source)),
            Provenance::new("read_sense_ns", "time per read reference", t.read_sense_ns as f64, "ns", Derived, format!("difference of 1- and 2-sense page reads (SLC: the whole tR); {}", spec.tr_source)),
            Provenance::new("erase_ns", "block erase tBERS", t.erase_ns as f64, "ns", Quoted, spec.erase_source),
            Provenance::new("nop", "programs per page between erases", f64::from(config.nop), "", spec.nop_tag, spec.nop_source),
            Provenance::new("endurance_pe", "rated endurance", config.endurance_pe as f64, "P/E", Quoted, format!("{SEED004}; {}", spec.endurance_source)),
            Provenance::new("page_bytes", "page size (reference device)", f64::from(ds.page_bytes), "B", Quoted, spec.geometry_source),
            Provenance::new("spare_bytes", "spare area (reference device)", f64::from(ds.spare_bytes), "B", Quoted, spec.geometry_source),
            Provenance::new("pages_per_block", "pages per block (reference device)", f64::from(ds.pages_per_block), "pages", Quoted, spec.geometry_source),
        ]);
        for (step, (&tprog, &tr)) in ds.tprog_ns.iter().zip(&ds.tr_ns).enumerate() {
            let page_name = config.cell_type.page_name(u8::try_from(step).unwrap_or(0));
            let (prog_key, read_key) = page_keys(page_name);
            let code = if spec.tprog_source.starts_with("FEMU") {
                QuotedCode
            } else {
                Quoted
            };
            rows.push(Provenance::new(
                prog_key,
                "quoted tPROG (reference, not an input)",
                tprog as f64 / 1e3,
                "µs",
                code,
                spec.tprog_source,
            ));
            rows.push(Provenance::new(
                read_key,
                "quoted tR (reference)",
                tr as f64 / 1e3,
                "µs",
                code,
                spec.tr_source,
            ));
        }
        rows.extend([
            Provenance::new("rtn_coeff_norm", "RTN Laplace scale per √cycle", w.rtn_coeff_norm, "normalized", QuotedCode, DONG),
            Provenance::new("volts_per_unit", "model volts per normalized unit", w.volts_per_unit, "V", Derived, "normalized SLC programmed width 0.25 (calibration.md A2 [Qc]) = SLC ΔVpgm 0.5 V (Cho 2001 [Q])"),
            Provenance::new("program_noise_factor", "program-noise factor c (σ_η += c·√2·λ)", w.program_noise_factor, "", Fitted, "fitted: TLC RBER at 4,000 P/E = α·N^k of the RBER power-law lead (α 3.90e-10, k 2.05; calibration.md A4, fit provenance unknown); model illustration"),
            Provenance::new("retention_ks", "retention K_s", w.retention_ks, "", QuotedCode, DONG),
            Provenance::new("retention_kd", "retention K_d", w.retention_kd, "", QuotedCode, DONG),
            Provenance::new("retention_km", "retention K_m", w.retention_km, "", QuotedCode, DONG),
            Provenance::new("retention_t0_s", "retention t₀", w.retention_t0_s, "s", QuotedCode, DONG),
        ]);
        rows
    }
}
