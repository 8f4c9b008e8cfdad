//! Request scheduling: a pure policy over a snapshot of the queue and the head position, so the
//! UI can show why a request was chosen and compare policies on one seed (DESIGN principle 5).
//!
//! 1. The queue is given in arrival order (index 0 arrived first).
//! 2. FCFS (first come, first served) returns index 0: fair, but the arm sweeps back and forth.
//! 3. SSTF (shortest seek time first) returns the request whose cylinder is nearest the head;
//!    ties go to the earliest arrival. Seek time is monotone in distance, so the nearest
//!    cylinder is the shortest seek. SSTF cuts mean seek time under load but can starve
//!    requests far from a busy region (watch the p99 latency). We chose SSTF over C-LOOK because
//!    its rule ("nearest next") is the easiest to check by eye against the queue view.
//! 4. Rotational position is ignored by both (SPTF would use it; not modelled here).

use schemars::JsonSchema;
use serde::Deserialize;

/// Which request the disk serves next.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, JsonSchema)]
#[schemars(rename = "HddScheduler")]
#[serde(rename_all = "lowercase")]
pub enum Policy {
    /// First come, first served: requests in arrival order.
    #[default]
    Fcfs,
    /// Shortest seek time first: the queued request nearest the head's cylinder (ties: oldest).
    Sstf,
}

impl Policy {
    pub fn name(self) -> &'static str {
        match self {
            Policy::Fcfs => "fcfs",
            Policy::Sstf => "sstf",
        }
    }

    pub fn description(self) -> &'static str {
        match self {
            Policy::Fcfs => "First come, first served: the oldest queued request goes next.",
            Policy::Sstf => {
                "Shortest seek time first: the queued request nearest the head's cylinder goes \
                 next (ties: the oldest)."
            }
        }
    }
}

/// Index (into `queue`) of the request to serve next, or `None` for an empty queue.
/// `cylinder_of` reads a queued item's target cylinder.
pub fn pick<T>(
    policy: Policy,
    head_cylinder: u32,
    queue: &[T],
    cylinder_of: impl Fn(&T) -> u32,
) -> Option<usize> {
    if queue.is_empty() {
        return None;
    }
    match policy {
        Policy::Fcfs => Some(0),
        Policy::Sstf => {
            let mut best = 0usize;
            let mut best_distance = u32::MAX;
            for (index, item) in queue.iter().enumerate() {
                let distance = cylinder_of(item).abs_diff(head_cylinder);
                // Strictly less: on a tie the earlier (lower index) request stays chosen.
                if distance < best_distance {
                    best = index;
                    best_distance = distance;
                }
            }
            Some(best)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fcfs_picks_the_oldest_and_sstf_the_nearest_with_ties_to_the_oldest() {
        let queue = [50u32, 12, 8, 30, 12];
        let id = |c: &u32| *c;
        assert_eq!(pick(Policy::Fcfs, 10, &queue, id), Some(0));
        assert_eq!(pick(Policy::Sstf, 10, &queue, id), Some(1)); // 12 and 8 tie at 2: oldest
        assert_eq!(pick(Policy::Sstf, 33, &queue, id), Some(3));
        assert_eq!(pick(Policy::Sstf, 40, &queue, id), Some(0)); // 50 and 30 tie: oldest
        assert_eq!(pick::<u32>(Policy::Sstf, 0, &[], id), None);
    }
}
