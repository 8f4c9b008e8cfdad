//! Page-level events of a store run: what the buffer did, independent of how pages are
//! written. Replaying them drives a baseline (IPL) with exactly the same fetches, changes and
//! write-backs as the IPA run (the buffer's choices do not depend on the write path).

/// One buffer event on a logical page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PageEvent {
    /// A buffer miss read the page from flash.
    Fetch { lba: u32 },
    /// A never-written page was allocated in the buffer.
    New { lba: u32 },
    /// A committed change altered `bytes` bytes of the page (body and metadata).
    Change { lba: u32, bytes: usize },
    /// A dirty page was written back (eager cleaner, eviction, or checkpoint).
    WriteBack { lba: u32 },
    /// The page left the buffer.
    Evict { lba: u32 },
}
