//! A run: one lab with its trace, invariant ledger and keyframes, advanced step by step.
//!
//! 1. `Run::new` snapshots the freshly built lab as keyframe 0.
//! 2. `step(n)` advances up to `n` steps; after each one the lab's invariants are recorded.
//!    Every `interval` steps the whole state (lab + trace + ledger) is cloned as a keyframe.
//! 3. `seek(target)` restores the nearest keyframe at or before `target` and replays forward.
//!    Replay is exact because a lab is deterministic, so stepping back is as good as undo.
//! 4. Keyframe memory is bounded: when there are more than `MAX_KEYFRAMES`, every other one is
//!    dropped and the interval doubles, so seek cost stays at most `interval` steps.
//! 5. Hard limits (`max_steps`) guarantee that no scenario can run forever.

use super::{InvariantCheck, InvariantLedger, InvariantReport, Lab, SimError, TraceSink};

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
}

impl<L: Lab> Run<L> {
    pub fn new(lab: L, max_steps: u64) -> Self {
        let current = Snapshot {
            lab,
            trace: TraceSink::default(),
            ledger: InvariantLedger::default(),
            step: 0,
            done: false,
            error: None,
        };
        Self {
            keyframes: vec![current.clone()],
            current,
            interval: DEFAULT_KEYFRAME_INTERVAL,
            max_steps,
            total_steps: None,
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

    /// Moves to `target` (clamped to the end of the run) by keyframe restore and replay.
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
        self.current
            .trace
            .begin_step(u32::try_from(step_number).unwrap_or(u32::MAX));
        match self.current.lab.step(&mut self.current.trace) {
            Ok(true) => {
                self.current.step = step_number;
                let checks = self.current.lab.check_invariants();
                self.current.ledger.record(step_number, &checks);
                self.maybe_keyframe();
            }
            Ok(false) => {
                self.current.done = true;
                self.total_steps = Some(self.current.step);
            }
            Err(error) => self.fail(error),
        }
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
        self.keyframes.push(self.current.clone());
        if self.keyframes.len() > MAX_KEYFRAMES {
            // Keep keyframes at even multiples of the old interval: 0, 2i, 4i, …
            let mut index = 0usize;
            self.keyframes.retain(|_| {
                let keep = index.is_multiple_of(2);
                index += 1;
                keep
            });
            self.interval *= 2;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::{EventKindInfo, LabView, Metric, Rng};
    use serde_json::{Value, json};

    /// A toy lab: a random walk that must stay in 0..100. Enough to test the run machinery.
    #[derive(Debug, Clone)]
    struct Walk {
        rng: Rng,
        position: u64,
        time_ns: u64,
        steps_left: u64,
    }

    const KINDS: &[EventKindInfo] = &[EventKindInfo {
        code: 1,
        name: "move",
        args: ["to", "", "", ""],
        text: "moved to {a}",
    }];

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
        fn check_invariants(&self) -> Vec<InvariantCheck> {
            vec![InvariantCheck::check(
                "in_range",
                self.position < 100,
                || "out".into(),
            )]
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
        fn event_kinds(&self) -> &'static [EventKindInfo] {
            KINDS
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
    fn invariants_are_checked_after_every_step() {
        let mut run = walk(77);
        run.run_to_end();
        assert_eq!(run.invariants()[0].checks, 77);
    }
}
