//! Trace event kinds of the FD+tree lab: numeric codes with four u32 arguments and the sentences
//! the UI narrates them with (each code argument is a `{x=code:word,…}` placeholder, so the
//! student reads words, not codes). Codes inside arguments: op kind 1 insert, 2 delete, 3 lookup,
//! 4 range; side 0 no merge, 1 old side, 2 new side of the wavefront; outcome 0 answered,
//! 1 inserted, 2 deleted, 3 rejected (present), 4 rejected (missing); lock 0 global, 1 L0
//! mutex, 2 block latch; mode 0 shared, 1 exclusive. Keys and times are truncated to u32 (µs).

use crate::fdtree::merge::MergeEvent;
use crate::sim::EventKindInfo;

pub const OP_START: u32 = 1;
pub const ANSWER: u32 = 2;
pub const OP_DONE: u32 = 3;
pub const LOCK_WAIT: u32 = 4;
pub const SLOT_WAIT: u32 = 5;
pub const MERGE_BEGIN: u32 = 6;
pub const STAGE_READ: u32 = 7;
pub const STAGED: u32 = 8;
pub const M_INSERT: u32 = 9;
pub const WAVEFRONT: u32 = 10;
pub const SWITCH: u32 = 11;
pub const FINALIZE: u32 = 12;
pub const RECLAIM: u32 = 13;
pub const UNSAFE_READ: u32 = 14;
pub const WRONG_ANSWER: u32 = 15;

/// The trace event (kind and arguments) of one merge step.
pub fn merge_step_args(e: &MergeEvent) -> (u32, [u32; 4]) {
    match e {
        MergeEvent::StageRead { label, block } => (STAGE_READ, [*label as u32, *block, 0, 0]),
        MergeEvent::Staged { groups } => (STAGED, [*groups as u32, 0, 0, 0]),
        MergeEvent::Inserted {
            groups,
            blocks_written,
        } => (M_INSERT, [*groups as u32, low32(*blocks_written), 0, 0]),
        MergeEvent::Wavefront {
            key,
            freed_slots,
            reclaimed,
        } => (
            WAVEFRONT,
            [low32(*key), *freed_slots as u32, reclaimed.len() as u32, 0],
        ),
        MergeEvent::Switched {
            reclaimed,
            blocks_written,
        } => (
            SWITCH,
            [reclaimed.len() as u32, low32(*blocks_written), 0, 0],
        ),
        MergeEvent::Finalized { o, z } => (FINALIZE, [o.len() as u32, *z as u32, 0, 0]),
    }
}

/// A trace argument (u32): larger keys, times and counts saturate at u32::MAX.
pub fn low32(x: u64) -> u32 {
    x.min(u64::from(u32::MAX)) as u32
}

pub const EVENT_KINDS: &[EventKindInfo] = &[
    EventKindInfo {
        code: OP_START,
        name: "op_start",
        args: ["client", "op", "kind", "key"],
        text: "Client {a} starts op {b}, {c=1:an insert,2:a delete,3:a lookup,4:a range} on key \
               {d}; its R_p starts now (or at its at_ns)",
    },
    EventKindInfo {
        code: ANSWER,
        name: "answer",
        args: ["client", "op", "side", "outcome"],
        text: "Op {b} of client {a} has its answer ({d=0:answered,1:inserted,2:deleted,3:rejected \
               because the key is present,4:rejected because the key is missing}), routed when it \
               read L0 to {c=0:the tree (no merge was running),1:the old side of the wavefront,2:the \
               new side of the wavefront}: a read's answer is what each block on its path held \
               when that block's read ended, a write was just applied to L0",
    },
    EventKindInfo {
        code: OP_DONE,
        name: "op_done",
        args: ["client", "op", "r_p_us", "blocks_read"],
        text: "Op {b} of client {a} completes: R_p = {c} µs, {d} blocks read on its behalf",
    },
    EventKindInfo {
        code: LOCK_WAIT,
        name: "lock_wait",
        args: ["actor", "lock", "block", "mode"],
        text: "Actor {a} (the merge is the last actor) waits for {b=0:the global lock,1:the L0 \
               mutex,2:a block latch} in {d=0:shared,1:exclusive} mode (block {c}, for a latch)",
    },
    EventKindInfo {
        code: SLOT_WAIT,
        name: "slot_wait",
        args: ["client", "op", "used", "capacity"],
        text: "Client {a}'s op {b} finds all {d} L0 slots taken ({c} used): it waits until the \
               merge frees one (FD+FC) or ends (FD+DS)",
    },
    EventKindInfo {
        code: MERGE_BEGIN,
        name: "merge_begin",
        args: ["why", "m", "old_levels", "live_blocks"],
        text: "Merge begins ({a=0:L0 overflowed,1:deletes underflowed the tree}): L0..L{b} are \
               merged, {c} old disk levels are read, {d} blocks are live",
    },
    EventKindInfo {
        code: STAGE_READ,
        name: "stage_read",
        args: ["level", "block", "", ""],
        text: "The merge reads block {b} of old level L{a} into its buffer",
    },
    EventKindInfo {
        code: STAGED,
        name: "staged",
        args: ["groups", "", "", ""],
        text: "The merge stages {a} key groups for the next output block",
    },
    EventKindInfo {
        code: M_INSERT,
        name: "m_insert",
        args: ["groups", "blocks_written", "", ""],
        text: "m-insert: {a} key groups coalesced (insert/delete pairs annihilate) and appended \
               to the new levels; {b} finished blocks written",
    },
    EventKindInfo {
        code: WAVEFRONT,
        name: "wavefront",
        args: ["key", "freed_slots", "reclaimed", ""],
        text: "m-delete: the wavefront advances to key {a}; {b} L0 slots freed for new writes; \
               {c} processed old blocks leave their level, each freed by a reclaim event under \
               its X-latch (at once in FD+XM or with that rule dropped); the retention rule \
               keeps the one a lookup may still need",
    },
    EventKindInfo {
        code: SWITCH,
        name: "switch",
        args: ["reclaimed", "blocks_written", "", ""],
        text: "Switch: the new levels become the tree, L0^new becomes L0; {a} old blocks leave \
               the tree (freed at once in FD+XM, else by the reclaim events that follow, under \
               X-latch coupling down the old chain), {b} tail blocks written",
    },
    EventKindInfo {
        code: FINALIZE,
        name: "finalize",
        args: ["levels", "z", "", ""],
        text: "Finalize: {a} generated levels get their final labels o_g (level skipping and \
               tightening, Eq. 3); z = {b} (the deepest generated level \
               relabelled L0, or 0 if none was)",
    },
    EventKindInfo {
        code: RECLAIM,
        name: "reclaim",
        args: ["block", "", "", ""],
        text: "The merge reclaims block {a} (holding its exclusive latch unless the protocol \
               rule was dropped); its id may be handed out again",
    },
    EventKindInfo {
        code: UNSAFE_READ,
        name: "use_after_reclaim",
        args: ["client", "op", "block", "reused"],
        text: "Protocol broken: op {b} of client {a} reads block {c} after it was reclaimed \
               ({d=0:its slot is free,1:its slot already holds another block and the read saw \
               that block's entries})",
    },
    EventKindInfo {
        code: WRONG_ANSWER,
        name: "wrong_answer",
        args: ["client", "op", "", ""],
        text: "Protocol broken: op {b} of client {a} answers a value its key never held while \
               it ran: not linearizable",
    },
];
