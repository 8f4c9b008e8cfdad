//! The spinning platter: angular position as a function of simulated time, and rotational
//! latency (calibration.md B2: mean rotational latency = half a revolution = 30,000/rpm ms).
//!
//! 1. One revolution takes `revolution_ns = round(60·10⁹ / rpm)` ns (8,333,333 ns at 7200 rpm;
//!    rounding to a whole ns is a 4·10⁻⁸ relative error, and keeps all angle arithmetic exact
//!    in integers, hence identical natively and in wasm).
//! 2. Angles are measured in ns of rotation, 0..revolution_ns. At rotational clock t the platter
//!    angle under the head is `t mod revolution_ns`; the platter never stops. The lab's
//!    rotational clock is simulated time plus a phase drawn from the seed (a real disk's angle
//!    at power-on is unknown).
//! 3. A sector's start has a fixed angle (see `transfer::sector_angle_ns`). The rotational
//!    latency of a request is the wait, after the seek ends at time t, until that angle next
//!    comes under the head: `(angle − t) mod revolution_ns`, between 0 and one revolution.
//! 4. Requests at random angles therefore wait half a revolution on average (tested in
//!    `tests/hdd_model.rs` over random requests).

/// The spindle: only its period matters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spindle {
    pub revolution_ns: u64,
}

impl Spindle {
    /// A spindle at `rpm` (callers validate rpm > 0; 0 is treated as 1 rpm).
    pub fn from_rpm(rpm: f64) -> Self {
        let rpm = if rpm >= 1.0 { rpm } else { 1.0 };
        let revolution_ns = (60e9 / rpm).round() as u64;
        Self {
            revolution_ns: revolution_ns.max(1),
        }
    }

    /// The angle (in ns of rotation) under the head at `time_ns`.
    pub fn angle_ns_at(&self, time_ns: u64) -> u64 {
        time_ns % self.revolution_ns
    }

    /// The platter angle as a fraction of a revolution in [0, 1), for the UI.
    pub fn angle_fraction_at(&self, time_ns: u64) -> f64 {
        self.angle_ns_at(time_ns) as f64 / self.revolution_ns as f64
    }

    /// Wait from `time_ns` until `target_angle_ns` is under the head (0 if it is right now).
    pub fn wait_ns(&self, time_ns: u64, target_angle_ns: u64) -> u64 {
        let now = self.angle_ns_at(time_ns);
        let target = target_angle_ns % self.revolution_ns;
        if target >= now {
            target - now
        } else {
            self.revolution_ns - now + target
        }
    }

    /// Mean rotational latency: half a revolution, in ns.
    pub fn half_revolution_ns(&self) -> u64 {
        self.revolution_ns / 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn revolution_matches_calibration_table_b2() {
        assert_eq!(Spindle::from_rpm(7200.0).revolution_ns, 8_333_333);
        assert_eq!(Spindle::from_rpm(10_000.0).revolution_ns, 6_000_000);
        assert_eq!(Spindle::from_rpm(3600.0).revolution_ns, 16_666_667);
        assert_eq!(Spindle::from_rpm(7200.0).half_revolution_ns(), 4_166_666);
    }

    #[test]
    fn wait_reaches_the_target_angle_within_one_revolution() {
        let spindle = Spindle::from_rpm(7200.0);
        let mut rng = crate::sim::Rng::new(1);
        for _ in 0..10_000 {
            let t = rng.below(1 << 40);
            let target = rng.below(spindle.revolution_ns);
            let wait = spindle.wait_ns(t, target);
            assert!(wait < spindle.revolution_ns);
            assert_eq!(spindle.angle_ns_at(t + wait), target);
        }
    }

    #[test]
    fn angle_fraction_is_in_unit_interval() {
        let spindle = Spindle::from_rpm(7200.0);
        assert_eq!(spindle.angle_fraction_at(0), 0.0);
        assert!((spindle.angle_fraction_at(4_166_666) - 0.5).abs() < 1e-6);
        assert!(spindle.angle_fraction_at(8_333_332) < 1.0);
        assert_eq!(spindle.angle_fraction_at(8_333_333), 0.0);
    }
}
