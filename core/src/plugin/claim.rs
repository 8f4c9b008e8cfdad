//! A paper claim reproduced by simulation (`flashlab reproduce`). The model computes the value;
//! the paper's number is only the reference it is compared with.
//!
//! 1. A claim has a *kind*, the evidence it is:
//!    - `Reproduction`: simulated independently of the reference; the only kind the headline
//!      "N of M independent reproductions" counts.
//!    - `ModelCheck`: the paper's own analysis recomputed with its own assumptions (an equation,
//!      a theorem's bound, an analytic table). It checks the implementation, not the paper's
//!      system, so it is listed apart.
//!    - `Calibration`: a constant was fitted to this very number, so agreement is by design.
//!    - `Identity`: equal by construction (a value derived from another claim's, or from the
//!      setup).
//! 2. A claim has a *judgement* of the paper statement's own shape (`plugin::judgement`):
//!    a tolerance in percent or in points, a band, a bound, the paper's range, yes/no, argmin.
//!    A tolerance is set before the run, within `plugin::policy` or with its reason.
//! 3. A stochastic claim carries its spread over seeds (`plugin::seeds`) and is judged on the
//!    median.
//! 4. Every claim carries its method and the known differences from the paper's setup, shown
//!    whether it passes or not; a miss also says why, or that it is unexplained.
//! 5. A claim names the course scenario that shows its mechanism (`scenario`): its lab fills it
//!    from the lab's own claim → scenario table (`claim_scenario`). Where the number came from a
//!    run, the claim also carries that run's own scenario (`runs`, `claim_run`), so the results
//!    page opens the very run, or its labelled course-scale version.

use serde::Serialize;

use super::Judgement;
use super::claim_run::ClaimRun;
use super::judgement::relative_error_pct;
use super::seeds::SeedSpread;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ClaimKind {
    Reproduction,
    ModelCheck,
    Calibration,
    Identity,
}

/// What a miss says when no reason was given.
pub const UNEXPLAINED: &str = "unexplained";

/// A setup parameter the paper does not fix but that decides the verdict, with the claim's value
/// over a small sweep of it (`value` is the one the claim uses).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SetupSweep {
    pub parameter: String,
    pub value: f64,
    /// Why this value (e.g. "the paper's buffer as a fraction of the database, §8.3").
    pub why: String,
    /// (parameter value, simulated value), in sweep order.
    pub sweep: Vec<(f64, f64)>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Claim {
    /// Stable identifier, e.g. `seed003.table1.hdd2010.random_bw`.
    pub id: String,
    /// What the paper says, in words, with its source (paper, table or figure).
    pub claim: String,
    pub unit: String,
    pub paper_value: f64,
    /// The simulated value: the median over the seeds when `spread` is present.
    pub simulated_value: f64,
    /// The error the judgement reads: relative percent for a tolerance, percentage points for
    /// points, else the relative difference for reference only.
    pub error_pct: f64,
    /// The relative tolerance, when the judgement is one.
    pub tolerance_pct: Option<f64>,
    pub judgement: Judgement,
    pub kind: ClaimKind,
    /// For a calibration point, what was fitted to it; for an identity or a model check, why it
    /// holds by construction; else empty.
    pub basis: String,
    pub pass: bool,
    /// How it was simulated (granularity, request count, preset).
    pub method: String,
    /// Known differences from the paper's setup, shown on every claim.
    pub differences: String,
    /// Why a tolerance wider than `plugin::policy` allows is used (empty when within it).
    pub wide_because: String,
    /// Why it missed (only on a miss; `UNEXPLAINED` when nobody knows).
    pub miss_reason: String,
    /// Per-seed values, when the claim was measured over seeds.
    pub spread: Option<SeedSpread>,
    /// A setup choice the paper leaves open that decides the verdict.
    pub setup: Option<SetupSweep>,
    /// The course scenario that shows it (`scenarios/<lab>/<scenario>.json`), filled by the lab
    /// from its own table (`claim_scenario`); `None` until then (a test fails on a `None`).
    pub scenario: Option<&'static str>,
    /// The scenarios of the runs the number came from (`claim_run`); empty for a claim with no
    /// run of its own (an identity of the setup, a model check of an equation alone).
    pub runs: Vec<ClaimRun>,
}

impl Claim {
    /// A claim of any judgement; a reproduction until marked otherwise.
    pub fn judged(
        id: &str,
        claim: &str,
        unit: &str,
        paper_value: f64,
        simulated_value: f64,
        judgement: Judgement,
        method: String,
    ) -> Self {
        let mut out = Self {
            id: id.into(),
            claim: claim.into(),
            unit: unit.into(),
            paper_value,
            simulated_value,
            error_pct: 0.0,
            tolerance_pct: judgement.tolerance_pct(),
            judgement,
            kind: ClaimKind::Reproduction,
            basis: String::new(),
            pass: false,
            method,
            differences: String::new(),
            wide_because: String::new(),
            miss_reason: String::new(),
            spread: None,
            setup: None,
            scenario: None,
            runs: Vec::new(),
        };
        out.rejudge();
        out
    }

    /// A reproduction judged by a relative tolerance in percent.
    pub fn new(
        id: &str,
        claim: &str,
        unit: &str,
        paper_value: f64,
        simulated_value: f64,
        tolerance_pct: f64,
        method: String,
    ) -> Self {
        let judgement = Judgement::Tolerance { pct: tolerance_pct };
        Self::judged(
            id,
            claim,
            unit,
            paper_value,
            simulated_value,
            judgement,
            method,
        )
    }

    /// A reproduction that passes when the simulated value is at least the paper's bound.
    pub fn at_least(
        id: &str,
        claim: &str,
        unit: &str,
        bound: f64,
        simulated_value: f64,
        method: String,
    ) -> Self {
        let judgement = Judgement::AtLeast { bound };
        Self::judged(id, claim, unit, bound, simulated_value, judgement, method)
    }

    /// A reproduction that passes when the simulated value is at most the paper's bound.
    pub fn at_most(
        id: &str,
        claim: &str,
        unit: &str,
        bound: f64,
        simulated_value: f64,
        method: String,
    ) -> Self {
        let judgement = Judgement::AtMost { bound };
        Self::judged(id, claim, unit, bound, simulated_value, judgement, method)
    }

    /// A yes/no statement of the paper, true or false of the run.
    pub fn yes_no(id: &str, claim: &str, expected: bool, observed: bool, method: String) -> Self {
        let judgement = Judgement::YesNo { expected };
        let (paper, simulated) = (f64::from(u8::from(expected)), f64::from(u8::from(observed)));
        Self::judged(id, claim, "yes/no", paper, simulated, judgement, method)
    }

    /// Recomputes the error and the verdict from the values and the judgement.
    fn rejudge(&mut self) {
        self.error_pct = match self
            .judgement
            .shown_error(self.paper_value, self.simulated_value)
        {
            Some(error) => error,
            None => relative_error_pct(self.paper_value, self.simulated_value),
        };
        self.pass = self.judgement.judge(self.paper_value, self.simulated_value);
        if self.pass {
            self.miss_reason.clear();
        } else if self.miss_reason.is_empty() {
            self.miss_reason = UNEXPLAINED.into();
        }
    }

    /// Judges the claim on the median of `spread` and keeps the per-seed values.
    pub fn over_seeds(mut self, spread: SeedSpread) -> Self {
        self.simulated_value = spread.median;
        self.spread = Some(spread);
        self.rejudge();
        self
    }

    /// Marks this claim as a calibration point: `fitted` names the constant fitted to it.
    pub fn calibration_point(mut self, fitted: &str) -> Self {
        self.kind = ClaimKind::Calibration;
        self.basis = fitted.into();
        self
    }

    /// Marks this claim as an identity: `why` says what makes it equal by construction.
    pub fn identity(mut self, why: &str) -> Self {
        self.kind = ClaimKind::Identity;
        self.basis = why.into();
        self
    }

    /// Marks this claim as a check of the paper's own analysis: `why` names the analysis and
    /// the assumption it shares with the code.
    pub fn model_check(mut self, why: &str) -> Self {
        self.kind = ClaimKind::ModelCheck;
        self.basis = why.into();
        self
    }

    /// The known differences from the paper's setup (shown on every claim).
    pub fn differences(mut self, text: &str) -> Self {
        self.differences = text.into();
        self
    }

    /// Why the tolerance is wider than the policy allows.
    pub fn wide_because(mut self, why: &str) -> Self {
        self.wide_because = why.into();
        self
    }

    /// Why this claim misses when it does (ignored on a pass).
    pub fn if_missed(mut self, why: &str) -> Self {
        if !self.pass {
            self.miss_reason = why.into();
        }
        self
    }

    /// `if_missed` for a reason that costs a measurement: `why` runs only on a miss.
    pub fn if_missed_with(mut self, why: impl FnOnce() -> String) -> Self {
        if !self.pass {
            self.miss_reason = why();
        }
        self
    }

    /// A scenario the number came from (its own configuration, or a labelled course-scale one).
    pub fn run(mut self, run: ClaimRun) -> Self {
        self.runs.push(run);
        self
    }

    /// The setup choice that decides the verdict, with the claim's value over a sweep of it.
    pub fn setup(mut self, setup: SetupSweep) -> Self {
        self.setup = Some(setup);
        self
    }

    /// The judgement in words: "±5 %", "≥ 35000", "in [0.98, 1.02]", "yes".
    pub fn criterion(&self) -> String {
        self.judgement.text()
    }

    /// The paper this claim is from: `seed000`…`seed004`, or `devices` for the device models'
    /// datasheet and textbook claims (ids that do not start with a seed).
    pub fn paper(&self) -> &str {
        match self.id.split('.').next() {
            Some(first) if first.starts_with("seed") => first,
            _ => "devices",
        }
    }
}

/// Counts for the headline: independent reproductions apart from every other kind.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct ClaimSummary {
    pub reproductions: usize,
    pub reproductions_passed: usize,
    pub model_checks: usize,
    pub model_checks_passed: usize,
    pub calibration_points: usize,
    pub identities: usize,
    /// Every claim, of every kind, and how many of them pass (the old headline).
    pub reported: usize,
    pub reported_passed: usize,
}

impl ClaimSummary {
    pub fn of<'a>(claims: impl IntoIterator<Item = &'a Claim>) -> Self {
        let mut summary = Self::default();
        for claim in claims {
            summary.reported += 1;
            summary.reported_passed += usize::from(claim.pass);
            match claim.kind {
                ClaimKind::Reproduction => {
                    summary.reproductions += 1;
                    summary.reproductions_passed += usize::from(claim.pass);
                }
                ClaimKind::ModelCheck => {
                    summary.model_checks += 1;
                    summary.model_checks_passed += usize::from(claim.pass);
                }
                ClaimKind::Calibration => summary.calibration_points += 1,
                ClaimKind::Identity => summary.identities += 1,
            }
        }
        summary
    }

    /// One summary per paper (`Claim::paper`): seed 000 to 004, then the device models.
    pub fn per_paper(claims: &[Claim]) -> Vec<(String, Self)> {
        let mut papers: Vec<String> = Vec::new();
        for claim in claims {
            if !papers.iter().any(|p| p == claim.paper()) {
                papers.push(claim.paper().to_string());
            }
        }
        // The papers in seed order, the device models' claims last.
        papers.sort_by_key(|paper| (paper == "devices", paper.clone()));
        papers
            .into_iter()
            .map(|paper| {
                let summary = Self::of(claims.iter().filter(|c| c.paper() == paper));
                (paper, summary)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bound_passes_by_direction_not_by_percent() {
        let claim = Claim::at_least(
            "x",
            "at least 35000/s",
            "1/s",
            35_000.0,
            61_021.0,
            "m".into(),
        );
        assert!(claim.pass);
        assert_eq!(claim.tolerance_pct, None);
        assert_eq!(claim.criterion(), "≥ 35000");
        let below = Claim::at_least("x", "c", "1/s", 35_000.0, 34_999.0, "m".into());
        assert!(!below.pass);
        assert!(Claim::at_most("y", "c", "s", 1.5, 1.2, "m".into()).pass);
    }

    #[test]
    fn the_summary_counts_only_reproductions_as_evidence() {
        let claims = vec![
            Claim::new("a", "c", "u", 10.0, 10.5, 10.0, "m".into()),
            Claim::new("b", "c", "u", 10.0, 20.0, 10.0, "m".into()),
            Claim::new("c", "c", "u", 10.0, 10.0, 1.0, "m".into()).calibration_point("k"),
            Claim::new("d", "c", "u", 1.0, 1.0, 1.0, "m".into()).identity("theorem"),
            Claim::new("e", "c", "u", 1.0, 1.0, 5.0, "m".into()).model_check("Eq. 7"),
        ];
        let summary = ClaimSummary::of(&claims);
        assert_eq!((summary.reported, summary.reported_passed), (5, 4));
        assert_eq!(summary.reproductions, 2);
        assert_eq!(summary.reproductions_passed, 1);
        assert_eq!(summary.calibration_points, 1);
        assert_eq!(summary.identities, 1);
        assert_eq!((summary.model_checks, summary.model_checks_passed), (1, 1));
    }

    #[test]
    fn a_miss_says_why_or_that_it_is_unexplained_and_a_pass_carries_no_miss_reason() {
        let miss = Claim::new("a", "c", "u", 10.0, 20.0, 10.0, "m".into());
        assert_eq!(miss.miss_reason, UNEXPLAINED);
        let said = miss.if_missed("lab-scale device");
        assert_eq!(said.miss_reason, "lab-scale device");
        let pass = Claim::new("b", "c", "u", 10.0, 10.0, 10.0, "m".into()).if_missed("x");
        assert!(pass.pass && pass.miss_reason.is_empty());
    }

    #[test]
    fn over_seeds_judges_the_median_not_a_lucky_seed() {
        let spread = SeedSpread::of(&[1, 2, 3, 4, 5], vec![10.0, 30.0, 30.0, 30.0, 30.0], true);
        let claim = Claim::new("a", "c", "u", 10.0, 10.0, 10.0, "m".into()).over_seeds(spread);
        assert_eq!(claim.simulated_value, 30.0);
        assert!(!claim.pass);
        assert_eq!(claim.spread.as_ref().map(|s| s.min), Some(10.0));
    }

    #[test]
    fn a_yes_no_claim_is_judged_as_yes_or_no() {
        let claim = Claim::yes_no("a", "hidden", true, true, "m".into());
        assert!(claim.pass);
        assert_eq!(claim.criterion(), "yes");
        assert_eq!(claim.tolerance_pct, None);
        assert!(!Claim::yes_no("b", "hidden", true, false, "m".into()).pass);
    }

    #[test]
    fn the_paper_is_read_from_the_id() {
        let claim = Claim::new("seed003.table1.x", "c", "u", 1.0, 1.0, 1.0, "m".into());
        assert_eq!(claim.paper(), "seed003");
        let device = Claim::new("nand.ispp", "c", "u", 1.0, 1.0, 1.0, "m".into());
        assert_eq!(device.paper(), "devices");
    }
}
