//! Simulated locks: the FD+XM global readers-writer lock, the L0 mutex and per-block
//! readers-writer latches (§3, §4.2), as FIFO-queued resources of the discrete-event run.
//!
//! 1. `acquire` grants at once if compatible and nobody is queued (so a waiting X is not
//!    starved by a stream of S requests), else queues the request.
//! 2. `release` grants queued requests from the front while they are compatible: one X, or a
//!    run of S. The newly granted actors are returned so the engine can wake them.
//! 3. A mutex is a resource only ever taken in X mode.
//! 4. Who holds each S latch is kept in one flat list beside the counts (a view draws the
//!    holders; the grants do not read it), so tracking them allocates nothing per latch.

use std::collections::{BTreeMap, VecDeque};

use super::super::entry::BlockId;

pub type Actor = usize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Res {
    Global,
    L0,
    Block(BlockId),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    S,
    X,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
struct Latch {
    readers: u32,
    writer: Option<Actor>,
    queue: VecDeque<(Actor, Mode)>,
}

impl Latch {
    fn compatible(&self, mode: Mode) -> bool {
        match mode {
            Mode::S => self.writer.is_none(),
            Mode::X => self.writer.is_none() && self.readers == 0,
        }
    }
    fn grant(&mut self, actor: Actor, mode: Mode, res: Res, s_holds: &mut Vec<(Res, Actor)>) {
        match mode {
            Mode::S => {
                self.readers += 1;
                s_holds.push((res, actor));
            }
            Mode::X => self.writer = Some(actor),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Latches {
    map: BTreeMap<Res, Latch>,
    /// Requests that had to queue (contention counter for the view).
    pub waits: u64,
    /// Every S hold as (resource, actor), in no particular order (for the view).
    s_holds: Vec<(Res, Actor)>,
}

/// One held or awaited lock as a view draws it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LatchRow<'a> {
    pub res: Res,
    pub writer: Option<Actor>,
    /// FIFO queue of waiting requests, front first.
    pub queue: &'a VecDeque<(Actor, Mode)>,
}

impl Latches {
    /// True if granted now; otherwise the request is queued.
    pub fn acquire(&mut self, res: Res, actor: Actor, mode: Mode) -> bool {
        let l = self.map.entry(res).or_default();
        if l.queue.is_empty() && l.compatible(mode) {
            l.grant(actor, mode, res, &mut self.s_holds);
            true
        } else {
            l.queue.push_back((actor, mode));
            self.waits += 1;
            false
        }
    }

    /// Releases one hold; returns the actors granted as a result.
    pub fn release(&mut self, res: Res, actor: Actor, mode: Mode) -> Vec<Actor> {
        let mut woken = Vec::new();
        let Some(l) = self.map.get_mut(&res) else {
            return woken;
        };
        match mode {
            Mode::S => {
                debug_assert!(l.readers > 0, "S release of a latch with no readers");
                l.readers -= 1;
                if let Some(i) = self.s_holds.iter().position(|&h| h == (res, actor)) {
                    self.s_holds.swap_remove(i);
                }
            }
            Mode::X => {
                debug_assert_eq!(l.writer, Some(actor), "release of a latch not held");
                l.writer = None;
            }
        }
        while let Some(&(a, m)) = l.queue.front() {
            if !l.compatible(m) {
                break;
            }
            l.queue.pop_front();
            l.grant(a, m, res, &mut self.s_holds);
            woken.push(a);
            if m == Mode::X {
                break;
            }
        }
        if l.readers == 0 && l.writer.is_none() && l.queue.is_empty() {
            self.map.remove(&res);
        }
        woken
    }

    /// Every lock held or awaited, in resource order (global, L0, blocks by id).
    pub fn rows(&self) -> impl Iterator<Item = LatchRow<'_>> {
        self.map.iter().map(|(&res, l)| LatchRow {
            res,
            writer: l.writer,
            queue: &l.queue,
        })
    }

    /// The actors holding `res` in S mode.
    pub fn s_holders(&self, res: Res) -> impl Iterator<Item = Actor> + '_ {
        self.s_holds.iter().filter(move |h| h.0 == res).map(|h| h.1)
    }

    /// Nothing held or queued anywhere (the end state of a run without leaks).
    pub fn is_idle(&self) -> bool {
        self.map.is_empty()
    }
}
