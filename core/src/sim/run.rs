//! A run: one lab with its trace, invariant ledger and keyframes, advanced step by step.
//!
//! 1. `Run::new` snapshots the freshly built lab as keyframe 0.
//! 2. `step(n)` advances up to `n` steps; after each one the lab's invariants are recorded.
//!    Every `interval` steps the whole state (lab + trace + ledger) is cloned as a keyframe.
//! 3. `seek(target)` restores the nearest keyframe at or before `target` and replays forward.
//!    Replay is exact because a lab is deterministic, so stepping back is as good as undo.
//! 4. Keyframe memory is bounded, by count and by bytes: when there are more than
//!    `MAX_KEYFRAMES`, or their `Lab::state_bytes` add up to more than `KEYFRAME_BYTES`, every
//!    other one is dropped and the interval doubles, so seek cost stays at most `interval` steps.
//! 5. Hard limits (`max_steps`) guarantee that no scenario can run forever.
//! 6. The time rule, checked after every step as the `time_only_moves_forward` invariant: a
//!    step's time (the lab's clock after it) never decreases, and no event emitted in a step is
//!    stamped before the time the step started at. (A stamp may be later than its step: a
//!    device booking work that completes in the future.)
//! 7. Seeking gives exactly what stepping gives, including at the end: seeking to the last step
//!    of a run that ended in an error also records that error.

use super::scratch::Scratch;
use super::{InvariantCheck, InvariantLedger, InvariantReport, Lab, SimError, TraceSink};
use crate::scenario::limits::KEYFRAME_BYTES;

pub const DEFAULT_KEYFRAME_INTERVAL: u64 = 64;
pub const MAX_KEYFRAMES: usize = 512;

#[derive(Debug, Clone)]
struct Snapshot<L> {
    lab: L,
    trace: TraceSink,
    ledger: InvariantLedger,
    step: u64,
    done: bool,
    error: Option<SimError>,
}

/// The small state the UI and the browser test API report (`state()` in DESIGN §3.3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunState {
    pub lab: &'static str,
    pub step: u64,
    pub sim_time_ns: u64,
    pub trace_hash: String,
    pub done: bool,
    /// Known once the run has reached its end at least once.
    pub total_steps: Option<u64>,
}

#[derive(Debug, Clone)]
pub struct Run<L: Lab> {
    current: Snapshot<L>,
    keyframes: Vec<Snapshot<L>>,
    interval: u64,
    max_steps: u64,
    total_steps: Option<u64>,
    /// Sum of `state_bytes` over the keyframes held.
    keyframe_bytes: u64,
    /// The latest step's checks: one buffer for the whole run, so a step allocates none.
    checks: Scratch<Vec<InvariantCheck>>,
}

impl<L: Lab> Run<L> {
    pub fn new(lab: L, max_steps: u64) -> Self {
        // A step number is a u32 trace word (`trace` wire format), so no run may step past
        // one (`MAX_STEPS` is 10^7); `step_once` relies on it.
        debug_assert!(
            max_steps <= u64::from(u32::MAX),
            "max_steps {max_steps} does not fit a trace word"
        );
        let current = Snapshot {
            lab,
            trace: TraceSink::default(),
            ledger: InvariantLedger::default(),
            step: 0,
            done: false,
            error: None,
        };
        Self {
            keyframe_bytes: current.lab.state_bytes(),
            keyframes: vec![current.clone()],
            current,
            interval: DEFAULT_KEYFRAME_INTERVAL,
            max_steps,
            total_steps: None,
            checks: Scratch::default(),
        }
    }

    pub fn lab(&self) -> &L {
        &self.current.lab
    }

    pub fn step_index(&self) -> u64 {
        self.current.step
    }

    pub fn is_done(&self) -> bool {
        self.current.done
    }

    pub fn error(&self) -> Option<&SimError> {
        self.current.error.as_ref()
    }

    pub fn trace(&self) -> &TraceSink {
        &self.current.trace
    }

    pub fn invariants(&self) -> &[InvariantReport] {
        self.current.ledger.reports()
    }

    pub fn all_invariants_ok(&self) -> bool {
        self.current.ledger.all_ok()
    }

    pub fn state(&self) -> RunState {
        RunState {
            lab: self.current.lab.lab_name(),
            step: self.current.step,
            sim_time_ns: self.current.lab.now_ns(),
            trace_hash: self.current.trace.hash().hex(),
            done: self.current.done,
            total_steps: self.total_steps,
        }
    }

    /// Advances up to `n` steps; returns how many were taken. A simulation error ends the run
    /// and is recorded as a failed `simulation_ran_without_error` invariant.
    pub fn step(&mut self, n: u64) -> u64 {
        let mut taken = 0;
        while taken < n && !self.current.done {
            self.step_once();
            if !self.current.done || self.current.error.is_some() {
                taken += 1;
            }
        }
        taken
    }

    pub fn run_to_end(&mut self) -> u64 {
        self.step(u64::MAX)
    }

    /// Moves to `target` (clamped to the end of the run) by keyframe restore and replay. At the
    /// end of a known run it also attempts the step past the end, as stepping there does, so an
    /// error that ended the run is recorded the same way.
    pub fn seek(&mut self, target: u64) {
        let target = self.total_steps.map_or(target, |total| target.min(total));
        let keyframe_index = usize::try_from(target / self.interval).unwrap_or(usize::MAX);
        let keyframe_index = keyframe_index.min(self.keyframes.len().saturating_sub(1));
        let keyframe_step = self.keyframes.get(keyframe_index).map_or(0, |k| k.step);
        // Replay from the keyframe unless the current state is already between it and the target.
        let must_restore = target < self.current.step || keyframe_step > self.current.step;
        if let (true, Some(keyframe)) = (must_restore, self.keyframes.get(keyframe_index)) {
            self.current = keyframe.clone();
        }
        while self.current.step < target && !self.current.done {
            self.step_once();
        }
        if self.total_steps == Some(target) && !self.current.done {
            self.step_once();
        }
    }

    fn step_once(&mut self) {
        if self.current.step >= self.max_steps {
            self.fail(SimError::LimitReached {
                what: "steps",
                limit: self.max_steps,
            });
            return;
        }
        let step_number = self.current.step + 1;
        let start_ns = self.current.lab.now_ns();
        // Below `max_steps`, which `new` keeps within a trace word: an invariant, not a clamp.
        debug_assert!(u32::try_from(step_number).is_ok(), "step {step_number}");
        self.current
            .trace
            .begin_step(u32::try_from(step_number).unwrap_or(u32::MAX));
        match self.current.lab.step(&mut self.current.trace) {
            Ok(true) => {
                self.current.step = step_number;
                let time_rule = self.time_rule(start_ns);
                self.checks.clear();
                self.current.lab.check_invariants(&mut self.checks);
                self.checks.push(time_rule);
                self.current.ledger.record(step_number, &self.checks);
                self.maybe_keyframe();
            }
            Ok(false) => {
                self.current.done = true;
                self.total_steps = Some(self.current.step);
            }
            Err(error) => self.fail(error),
        }
    }

    /// Item 6 of the module header, for the step that started at `start_ns`.
    fn time_rule(&self, start_ns: u64) -> InvariantCheck {
        let now_ns = self.current.lab.now_ns();
        let earliest = self.current.trace.earliest_in_step_ns();
        InvariantCheck::check(
            "time_only_moves_forward",
            now_ns >= start_ns && earliest.is_none_or(|t| t >= start_ns),
            || match earliest {
                Some(t) if t < start_ns => {
                    format!("an event was stamped {t} ns, before its step started at {start_ns} ns")
                }
                _ => format!("the clock went from {start_ns} ns back to {now_ns} ns"),
            },
        )
    }

    fn fail(&mut self, error: SimError) {
        let check =
            InvariantCheck::check("simulation_ran_without_error", false, || error.to_string());
        self.current.ledger.record(self.current.step, &[check]);
        self.current.error = Some(error);
        self.current.done = true;
        self.total_steps = Some(self.current.step);
    }

    fn maybe_keyframe(&mut self) {
        let step = self.current.step;
        if !step.is_multiple_of(self.interval) {
            return;
        }
        let index = step / self.interval;
        if index != self.keyframes.len() as u64 {
            return; // Already have it (we are replaying after a seek).
        }
        self.keyframe_bytes = self
            .keyframe_bytes
            .saturating_add(self.current.lab.state_bytes());
        self.keyframes.push(self.current.clone());
        while self.keyframes.len() > 1
            && (self.keyframes.len() > MAX_KEYFRAMES || self.keyframe_bytes > KEYFRAME_BYTES)
        {
            // Keep keyframes at even multiples of the old interval: 0, 2i, 4i, …
            let mut index = 0usize;
            self.keyframes.retain(|_| {
                let keep = index.is_multiple_of(2);
                index += 1;
                keep
            });
            self.keyframe_bytes = self
                .keyframes
                .iter()
                .map(|k| k.lab.state_bytes())
                .fold(0, u64::saturating_add);
            self.interval *= 2;
        }
    }

    /// Keyframes held and their bytes (for tests and the bench).
    pub fn keyframe_footprint(&self) -> (usize, u64) {
        (self.keyframes.len(), self.keyframe_bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::{LabView, Metric, Rng};
    use serde_json::{Value, json};

    /// A toy lab: a random walk that must stay in 0..100. Enough to test the run machinery.
    #[derive(Debug, Clone)]
    struct Walk {
        rng: Rng,
        position: u64,
        time_ns: u64,
        steps_left: u64,
    }

    impl Lab for Walk {
        fn lab_name(&self) -> &'static str {
            "walk"
        }
        fn step(&mut self, trace: &mut TraceSink) -> Result<bool, SimError> {
            if self.steps_left == 0 {
                return Ok(false);
            }
            self.steps_left -= 1;
            self.position = self.rng.below(100);
            self.time_ns += 1 + self.rng.below(10);
            trace.emit(self.time_ns, 1, [self.position as u32, 0, 0, 0]);
            Ok(true)
        }
        fn now_ns(&self) -> u64 {
            self.time_ns
        }
        fn check_invariants(&self, out: &mut Vec<InvariantCheck>) {
            out.push(InvariantCheck::check(
                "in_range",
                self.position < 100,
                || "out".into(),
            ));
        }
        fn metrics(&self) -> Vec<Metric> {
            vec![]
        }
        fn answers(&self) -> Vec<Value> {
            vec![]
        }
        fn view(&self) -> LabView {
            LabView {
                meta: json!({"position": self.position}),
                series: vec![],
            }
        }
        fn info(&self) -> Value {
            json!({})
        }
        fn state_bytes(&self) -> u64 {
            std::mem::size_of::<Self>() as u64
        }
    }

    fn walk(steps: u64) -> Run<Walk> {
        Run::new(
            Walk {
                rng: Rng::new(1),
                position: 0,
                time_ns: 0,
                steps_left: steps,
            },
            1_000_000,
        )
    }

    #[test]
    fn seeking_anywhere_reproduces_the_state_reached_by_stepping() {
        let mut reference = walk(5_000);
        let mut states = vec![reference.state()];
        while reference.step(1) == 1 {
            states.push(reference.state());
        }
        let mut run = walk(5_000);
        run.run_to_end();
        let mut rng = Rng::new(3);
        for _ in 0..200 {
            let target = rng.below(states.len() as u64);
            run.seek(target);
            let mut expected = states[target as usize].clone();
            expected.total_steps = Some(5_000);
            let mut got = run.state();
            got.done = expected.done; // `done` is only known once stepping is attempted past the end.
            assert_eq!(got, expected, "seek to {target}");
        }
    }

    #[test]
    fn keyframes_stay_bounded_on_long_runs() {
        let mut run = walk(200_000);
        run.run_to_end();
        assert!(run.keyframes.len() <= MAX_KEYFRAMES);
        assert_eq!(run.state().total_steps, Some(200_000));
        run.seek(123_457);
        assert_eq!(run.step_index(), 123_457);
    }

    #[test]
    fn step_limit_ends_the_run_with_a_failed_invariant() {
        let mut run = Run::new(
            Walk {
                rng: Rng::new(1),
                position: 0,
                time_ns: 0,
                steps_left: 100,
            },
            10,
        );
        run.run_to_end();
        assert!(run.is_done());
        assert_eq!(run.step_index(), 10);
        assert!(!run.all_invariants_ok());
        assert!(matches!(run.error(), Some(SimError::LimitReached { .. })));
    }

    #[test]
    fn seeking_to_the_end_records_the_error_that_ended_the_run_as_stepping_does() {
        let make = || {
            Run::new(
                Walk {
                    rng: Rng::new(1),
                    position: 0,
                    time_ns: 0,
                    steps_left: 100,
                },
                10,
            )
        };
        let mut stepped = make();
        while stepped.step(1) == 1 {}
        let mut seeker = make();
        seeker.run_to_end();
        seeker.seek(3);
        assert!(seeker.error().is_none());
        seeker.seek(10);
        assert_eq!(seeker.error(), stepped.error());
        assert_eq!(seeker.invariants(), stepped.invariants());
        assert_eq!(seeker.state(), stepped.state());
    }

    #[derive(Debug, Clone)]
    struct Backwards {
        step: u64,
        stamp_early: bool,
    }

    impl Lab for Backwards {
        fn lab_name(&self) -> &'static str {
            "backwards"
        }
        fn step(&mut self, trace: &mut TraceSink) -> Result<bool, SimError> {
            self.step += 1;
            let stamp = if self.stamp_early { 0 } else { self.now_ns() };
            trace.emit(stamp, 1, [0; 4]);
            Ok(self.step < 5)
        }
        fn now_ns(&self) -> u64 {
            if self.stamp_early {
                self.step * 10
            } else {
                100 - self.step
            }
        }
        fn check_invariants(&self, _out: &mut Vec<InvariantCheck>) {}
        fn metrics(&self) -> Vec<Metric> {
            vec![]
        }
        fn answers(&self) -> Vec<Value> {
            vec![]
        }
        fn view(&self) -> LabView {
            LabView::default()
        }
        fn info(&self) -> Value {
            json!({})
        }
        fn state_bytes(&self) -> u64 {
            1 << 30 // a huge state: the keyframe store must not keep many of them
        }
    }

    #[test]
    fn a_clock_or_an_event_stamp_going_back_fails_the_time_rule() {
        for stamp_early in [false, true] {
            let mut run = Run::new(
                Backwards {
                    step: 0,
                    stamp_early,
                },
                100,
            );
            run.run_to_end();
            let rule = run
                .invariants()
                .iter()
                .find(|r| r.name == "time_only_moves_forward")
                .expect("the time rule is checked");
            assert!(!rule.ok, "stamp_early = {stamp_early}");
        }
        let mut fine = walk(50);
        fine.run_to_end();
        assert!(fine.all_invariants_ok());
    }

    #[test]
    fn the_keyframe_store_stays_within_its_byte_budget() {
        let mut run = Run::new(
            Backwards {
                step: 0,
                stamp_early: false,
            },
            100,
        );
        run.interval = 1;
        run.run_to_end();
        let (count, _) = run.keyframe_footprint();
        assert!(
            count <= 1 + (KEYFRAME_BYTES >> 30) as usize,
            "{count} keyframes"
        );
    }

    #[test]
    fn invariants_are_checked_after_every_step() {
        let mut run = walk(77);
        run.run_to_end();
        assert_eq!(run.invariants()[0].checks, 77);
    }
}
