//! How a claim is judged: the shape of the paper's statement, printed as what it is.
//!
//! 1. `Tolerance`: a number the paper reports, within ±pct % of it (relative error).
//! 2. `Points`: a percentage the paper reports, within ±points percentage points (an absolute
//!    difference; a relative tolerance on a small percentage would be meaningless).
//! 3. `Band`: a two-sided band set here around a statement with no number of its own ("about
//!    the same speed": [0.98, 1.02]); both ends count.
//! 4. `AtLeast` / `AtMost`: a one-sided bound the paper states ("at least 2×").
//! 5. `PaperRange`: a range the paper itself gives ("1 to 7"); both ends count.
//! 6. `YesNo`: a statement that is true or false of the run ("hidden above 10 MB"); the simulated
//!    value is 1 for yes and 0 for no. Never shown as a ±0 % tolerance.
//! 7. `Argmin`: which choice is best (e.g. the optimal tree height); passes on the same choice.
//!
//! `judge` is the only place a verdict is computed; `text` is the only place it is worded.

use serde::Serialize;

use super::format_value;

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum Judgement {
    /// |simulated − paper| ≤ pct % of |paper|.
    Tolerance { pct: f64 },
    /// |simulated − paper| ≤ points (both in percent).
    Points { points: f64 },
    /// low ≤ simulated ≤ high, a band set here.
    Band { low: f64, high: f64 },
    /// simulated ≥ bound.
    AtLeast { bound: f64 },
    /// simulated ≤ bound.
    AtMost { bound: f64 },
    /// low ≤ simulated ≤ high, the paper's own range.
    PaperRange { low: f64, high: f64 },
    /// simulated is 1 (yes) or 0 (no); passes when it matches.
    YesNo { expected: bool },
    /// the simulated best choice equals the paper's.
    Argmin { expected: f64 },
}

impl Judgement {
    /// Whether `simulated` satisfies this judgement of `paper` (a NaN never does).
    pub fn judge(&self, paper: f64, simulated: f64) -> bool {
        if simulated.is_nan() {
            return false;
        }
        match *self {
            Self::Tolerance { pct } => relative_error_pct(paper, simulated).abs() <= pct,
            Self::Points { points } => (simulated - paper).abs() <= points,
            Self::Band { low, high } | Self::PaperRange { low, high } => {
                low <= simulated && simulated <= high
            }
            Self::AtLeast { bound } => simulated >= bound,
            Self::AtMost { bound } => simulated <= bound,
            Self::YesNo { expected } => (simulated >= 0.5) == expected,
            Self::Argmin { expected } => simulated == expected,
        }
    }

    /// The criterion in words: "±25 %", "±5 points", "in [0.98, 1.02]", "≥ 2", "paper's range
    /// 1–7", "yes", "best at 3".
    pub fn text(&self) -> String {
        match *self {
            Self::Tolerance { pct } => format!("±{} %", format_value(pct)),
            Self::Points { points } => format!("±{} points", format_value(points)),
            Self::Band { low, high } => {
                format!("in [{}, {}]", format_value(low), format_value(high))
            }
            Self::AtLeast { bound } => format!("≥ {}", format_value(bound)),
            Self::AtMost { bound } => format!("≤ {}", format_value(bound)),
            Self::PaperRange { low, high } => {
                format!("paper's range {}–{}", format_value(low), format_value(high))
            }
            Self::YesNo { expected } => (if expected { "yes" } else { "no" }).to_string(),
            Self::Argmin { expected } => format!("best at {}", format_value(expected)),
        }
    }

    /// The signed error the UI shows beside the verdict, when the shape has one: relative
    /// percent for a tolerance, percentage points for points; `None` for bounds, ranges,
    /// yes/no and argmin (they have no single target value).
    pub fn shown_error(&self, paper: f64, simulated: f64) -> Option<f64> {
        match self {
            Self::Tolerance { .. } => Some(relative_error_pct(paper, simulated)),
            Self::Points { .. } => Some(simulated - paper),
            _ => None,
        }
    }

    /// The tolerance in percent when this is a relative tolerance (the policy's subject).
    pub fn tolerance_pct(&self) -> Option<f64> {
        match *self {
            Self::Tolerance { pct } => Some(pct),
            _ => None,
        }
    }
}

/// (simulated − paper) / |paper| in percent; 0 when the paper's value is 0 and so is the
/// simulated one, infinite when only the paper's is 0.
pub fn relative_error_pct(paper: f64, simulated: f64) -> f64 {
    if paper == 0.0 {
        if simulated == 0.0 {
            0.0
        } else {
            f64::INFINITY.copysign(simulated)
        }
    } else {
        (simulated - paper) / paper.abs() * 100.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_band_counts_both_ends_and_fails_outside_either() {
        let band = Judgement::Band {
            low: 0.98,
            high: 1.02,
        };
        assert!(band.judge(1.0, 0.98) && band.judge(1.0, 1.02) && band.judge(1.0, 1.0));
        assert!(!band.judge(1.0, 0.979) && !band.judge(1.0, 1.5));
        assert_eq!(band.text(), "in [0.98, 1.02]");
    }

    #[test]
    fn points_are_absolute_and_tolerances_relative() {
        let points = Judgement::Points { points: 5.0 };
        assert!(points.judge(23.0, 27.9) && !points.judge(23.0, 28.1));
        assert_eq!(points.shown_error(23.0, 27.0), Some(4.0));
        let tol = Judgement::Tolerance { pct: 25.0 };
        assert!(tol.judge(200.0, 250.0) && !tol.judge(200.0, 251.0));
        assert!(tol.judge(-200.0, -150.0) && !tol.judge(-200.0, -149.0));
    }

    #[test]
    fn yes_no_and_argmin_are_worded_as_what_they_are() {
        let yes = Judgement::YesNo { expected: true };
        assert!(yes.judge(1.0, 1.0) && !yes.judge(1.0, 0.0));
        assert_eq!(yes.text(), "yes");
        assert_eq!(yes.shown_error(1.0, 1.0), None);
        let best = Judgement::Argmin { expected: 3.0 };
        assert!(best.judge(3.0, 3.0) && !best.judge(3.0, 4.0));
        assert_eq!(best.text(), "best at 3");
    }

    #[test]
    fn nan_never_passes() {
        for j in [
            Judgement::Tolerance { pct: 100.0 },
            Judgement::AtMost { bound: 1.0 },
            Judgement::AtLeast { bound: 1.0 },
            Judgement::YesNo { expected: false },
        ] {
            assert!(!j.judge(1.0, f64::NAN), "{j:?}");
        }
    }
}
