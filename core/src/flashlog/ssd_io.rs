//! The timed SSD this lab's SSD partitions and Append/Pack run on: the SSD lab's FTL and timing
//! (`device::ssd::timed`), shared with the FD+tree lab.

pub use crate::device::ssd::timed::TimedSsd;
