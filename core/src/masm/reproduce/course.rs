//! The MaSM lab scenario of a device-timed reproduction's run, at course scale (issue 27,
//! item 6): the paper-scale runs (a 100 GiB table, a 4 GiB cache of M² = 65,536 pages) are far
//! over what the lab accepts (M ≤ 64, 65,536 keys, 20,000 ops), so every link is a labelled
//! course-scale version built from the very `MasmConfig` and fill the claim computed with.
//!
//! 1. Same mechanism and parameters: the variant and α, the run-index granularity, page
//!    stealing, coalescing, the keys per table page (256 keys of 4 KiB = one 1 MiB table page),
//!    the cache device, the fill's share of the cache and the number of scans per range.
//! 2. Sizes: M → `COURSE_M_PAGES` (the smallest M at which α = 0.5 is feasible, Thm 3.2:
//!    α ≥ 2/M^(1/3)), records per page → `COURSE_RECORDS_PER_PAGE` (so a full cache is at most
//!    16,384 updates), the table → `COURSE_KEYS` keys of 4 KiB (256 MiB), and the SSD page P
//!    scaled so that the cache keeps the paper's ratio of cache to table; a range keeps its
//!    bytes, capped at the whole course table.
//! 3. What the lab cannot express is said in `shrunk`: the generator spreads the scans over
//!    the fill (the reproduction fills first, then scans), its scans start at random keys of
//!    its own generator, and the lab reports whole scan times, not Fetch and ReadMain apart;
//!    a whole-table range gets as many scans as the lab's answer-row budget allows (7).
//! 4. A "no updates" run: the same ranges at the same positions as `setup::positions` draws
//!    them, on a table without cached updates, for a claim whose number is over pure scans.

use serde_json::{Map, Value, json};

use super::setup::{KEY_BYTES, positions, range_label};
use crate::masm::io::CacheKind;
use crate::masm::{Granularity, MasmConfig, Variant};
use crate::plugin::{ClaimRun, scenario_document};
use crate::scenario::limits::MAX_ANSWER_ROWS;

/// M of every course-scale run (α = 0.5 needs M ≥ 64).
pub const COURSE_M_PAGES: u64 = 64;
/// Simulated update records per SSD page at course scale: M² × 4 = 16,384 updates fill it.
pub const COURSE_RECORDS_PER_PAGE: u64 = 4;
/// Keys of the course table (the lab's limit): 65,536 × 4 KiB = 256 MiB.
pub const COURSE_KEYS: u64 = 65_536;

/// A reproduction's run at paper scale: what `course_run` shrinks.
#[derive(Debug, Clone)]
pub struct PaperRun<'a> {
    /// The configuration the claim's `Masm` ran with (`setup::masm_config`).
    pub cfg: &'a MasmConfig,
    /// Table bytes of the claim's run.
    pub table_bytes: u64,
    /// SSD pages of updates the fill wrote (`setup::fill`).
    pub fill_pages: u64,
    /// Point scans during the fill (0: none).
    pub fill_scans: u64,
    /// The measured range.
    pub range_bytes: u64,
    /// Scans of that range (0: the run migrates instead, Fig. 20).
    pub scans: u64,
    pub cache: CacheKind,
    /// Also run the in-place, IU and LSM baselines (Fig. 16).
    pub compare: bool,
    /// Bytes of one SSD page (64 KiB in every run).
    pub page_bytes: u64,
}

impl<'a> PaperRun<'a> {
    /// Figs. 16 and 19: the cache half full of 64 KiB pages, no scan during the fill, then
    /// `scans` scans of `range_bytes`.
    pub fn half_full(
        cfg: &'a MasmConfig,
        table_bytes: u64,
        range_bytes: u64,
        scans: u64,
        cache: CacheKind,
    ) -> Self {
        Self {
            cfg,
            table_bytes,
            fill_pages: cfg.m_pages * cfg.m_pages / 2,
            fill_scans: 0,
            range_bytes,
            scans,
            cache,
            compare: false,
            page_bytes: 64 << 10,
        }
    }

    fn alpha(&self) -> Option<f64> {
        match self.cfg.variant {
            Variant::TwoM => None,
            Variant::AlphaM {
                alpha_num,
                alpha_den,
            } => Some(alpha_num as f64 / alpha_den.max(1) as f64),
        }
    }

    /// Step 2: the course SSD page, keeping cache / table.
    fn course_page_bytes(&self) -> u64 {
        let m = self.cfg.m_pages as f64;
        let cache = m * m * self.page_bytes as f64;
        let share = cache / self.table_bytes as f64;
        let course_table = (COURSE_KEYS * KEY_BYTES) as f64;
        let pages = (COURSE_M_PAGES * COURSE_M_PAGES) as f64;
        ((share * course_table / pages).round() as u64).clamp(512, 1 << 20)
    }

    /// Step 2: updates of the course fill (the same share of the cache).
    fn course_updates(&self) -> u64 {
        let m = self.cfg.m_pages;
        let pages = self.fill_pages * COURSE_M_PAGES * COURSE_M_PAGES / (m * m).max(1);
        pages * COURSE_RECORDS_PER_PAGE
    }

    fn range_keys(&self) -> u64 {
        (self.range_bytes / KEY_BYTES).clamp(1, COURSE_KEYS)
    }

    /// The course-scale configuration, for a check that the link runs the same mechanism.
    pub fn course_config(&self) -> MasmConfig {
        MasmConfig {
            m_pages: COURSE_M_PAGES,
            records_per_page: COURSE_RECORDS_PER_PAGE,
            key_space: COURSE_KEYS,
            ..self.cfg.clone()
        }
    }

    fn params(&self) -> Map<String, Value> {
        let mut p = Map::new();
        let variant = match self.cfg.variant {
            Variant::TwoM => "2M",
            Variant::AlphaM {
                alpha_num,
                alpha_den,
            } if alpha_num == alpha_den => "M",
            Variant::AlphaM { .. } => "alphaM",
        };
        p.insert("variant".into(), json!(variant));
        if variant == "alphaM" {
            p.insert("alpha".into(), json!(self.alpha()));
        }
        let granularity = match self.cfg.granularity {
            Granularity::Coarse => "coarse",
            Granularity::Fine => "fine",
        };
        for (key, value) in [
            ("m_pages", json!(COURSE_M_PAGES)),
            ("records_per_page", json!(COURSE_RECORDS_PER_PAGE)),
            ("page_bytes", json!(self.course_page_bytes())),
            ("record_bytes", json!(KEY_BYTES)),
            ("granularity", json!(granularity)),
            ("page_stealing", json!(self.cfg.page_stealing)),
            ("coalesce", json!(self.cfg.coalesce)),
            ("key_space", json!(COURSE_KEYS)),
            ("keys_per_table_page", json!(self.cfg.keys_per_table_page)),
            ("initial_rows", json!("all")),
            ("migration_threshold", json!(1.0)),
            ("compare", json!(self.compare)),
        ] {
            p.insert(key.into(), value);
        }
        p
    }

    fn device(&self) -> Value {
        match &self.cache {
            CacheKind::Ssd { drive } => json!({ "cache": drive }),
            CacheKind::Hdd { preset } => json!({ "hdd": preset, "cache": "hdd" }),
        }
    }

    /// Step 3: what differs from the claim's own run.
    fn shrunk(&self) -> String {
        let m = self.cfg.m_pages;
        let cache = m * m * self.page_bytes;
        let course_cache = COURSE_M_PAGES * COURSE_M_PAGES * self.course_page_bytes();
        let range = if self.range_bytes > COURSE_KEYS * KEY_BYTES {
            format!(
                "; the {} range → the whole 256 MiB course table",
                range_label(self.range_bytes)
            )
        } else {
            String::new()
        };
        format!(
            "M {m} → {COURSE_M_PAGES} (M² = {} → {} cache pages), {} → {COURSE_RECORDS_PER_PAGE} \
             simulated records per page, table {} → 256 MiB ({} → {COURSE_KEYS} keys of 4 KiB), \
             cache {} → {} (SSD page {} → {} bytes: the same ratio of cache to table){range}; \
             {} fill updates with a scan of the range after every {} (the reproduction fills \
             first{}, then {}), drawn from the lab's generator; the lab shows whole \
             scan times, not Fetch and ReadMain apart{}",
            m * m,
            COURSE_M_PAGES * COURSE_M_PAGES,
            self.cfg.records_per_page,
            size_label(self.table_bytes),
            self.table_bytes / KEY_BYTES,
            size_label(cache),
            size_label(course_cache),
            self.page_bytes,
            self.course_page_bytes(),
            self.course_updates(),
            self.scan_every(),
            if self.fill_scans > 0 {
                format!(" with {} point scans", self.fill_scans)
            } else {
                String::new()
            },
            if self.scans == 0 {
                "migrates the full cache into the table; here the last flush starts the \
                 migration"
                    .to_string()
            } else {
                format!("times {} scans", self.scans)
            },
            if self.compare {
                "; the in-place and IU baselines replay the same ops (the reproduction runs a \
                 closed-loop in-place updater beside the scans, and IU on a 1 GiB table)"
            } else {
                ""
            },
        )
    }

    /// Scans in the course fill: the claim's, within the lab's budget of answer rows.
    fn scans_in_fill(&self) -> u64 {
        let affordable = MAX_ANSWER_ROWS / self.range_keys();
        self.scans.max(self.fill_scans).min(affordable).max(1)
    }

    fn scan_every(&self) -> u64 {
        (self.course_updates() / self.scans_in_fill()).max(1)
    }

    /// The run with the claim's updates (steps 1–3).
    pub fn course_run(&self, label: &str, title: &str, seed: u64) -> ClaimRun {
        let mut body = Map::new();
        body.insert("device".into(), self.device());
        body.insert("params".into(), Value::Object(self.params()));
        let generator = json!({
            "updates": self.course_updates(),
            "mix": {"insert": 0, "modify": 1, "delete": 0},
            "scan_every": self.scan_every(),
            "scan_keys": self.range_keys(),
        });
        body.insert("workload".into(), json!({ "generator": generator }));
        let doc = scenario_document("masm", title, seed, body);
        ClaimRun::course_scale(label, doc, &self.shrunk())
    }

    /// Step 4: the same ranges without updates.
    pub fn no_updates_run(&self, title: &str, seed: u64) -> ClaimRun {
        let keys = self.range_keys();
        let ops: Vec<Value> = positions(COURSE_KEYS, keys, self.scans, seed + self.range_bytes)
            .into_iter()
            .map(|from| json!({"op": "scan", "from": from, "to": from + keys - 1}))
            .collect();
        let mut body = Map::new();
        body.insert("device".into(), self.device());
        body.insert("params".into(), Value::Object(self.params()));
        body.insert("workload".into(), json!({ "ops": ops }));
        let doc = scenario_document("masm", title, seed, body);
        let shrunk = format!(
            "{} scans of the range on the course table (256 MiB, {COURSE_KEYS} keys of 4 KiB) \
             with no cached updates; the claim's pure scans ran on the {} table",
            self.scans,
            size_label(self.table_bytes)
        );
        ClaimRun::course_scale("no updates", doc, &shrunk)
    }
}

fn size_label(bytes: u64) -> String {
    const MIB: u64 = 1 << 20;
    const GIB: u64 = 1 << 30;
    if bytes >= GIB && bytes.is_multiple_of(GIB) {
        format!("{} GiB", bytes / GIB)
    } else if bytes >= MIB {
        format!("{:.1} MiB", bytes as f64 / MIB as f64)
    } else {
        format!("{:.1} KiB", bytes as f64 / 1024.0)
    }
}
