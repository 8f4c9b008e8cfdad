//! What a view reads of a run in flight (§4.2–4.4; digest §3.9 "Latches", "In-flight lookups"):
//! the lock table and each client's cursor, read-only.
//!
//! 1. `latch_rows`: every lock held or awaited (the global lock, the L0 mutex, block latches)
//!    with its X holder, its S holders and its FIFO queue of waiters.
//! 2. `cursor`: where a client's op is in the tree (side, blocks read so far, block held).
//! 3. The merge process is actor `merge_actor()` (one past the last client).

use super::cursor::Cursor;
use super::engine::ConcurrentRun;
use super::latch::{Actor, LatchRow, Res};

impl ConcurrentRun {
    /// Every lock held or awaited, in resource order.
    pub fn latch_rows(&self) -> impl Iterator<Item = LatchRow<'_>> {
        self.latches.rows()
    }

    /// The actors holding `res` in S mode.
    pub fn s_holders(&self, res: Res) -> impl Iterator<Item = Actor> + '_ {
        self.latches.s_holders(res)
    }

    /// The merge process's actor id (one past the last client).
    pub fn merge_actor_id(&self) -> Actor {
        self.merge_actor()
    }

    /// Where client `client`'s op is in the tree (None for an unknown client).
    pub fn cursor(&self, client: Actor) -> Option<&Cursor> {
        self.clients.get(client).map(|c| &c.cursor)
    }
}
