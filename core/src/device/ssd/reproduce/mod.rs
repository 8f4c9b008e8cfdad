//! SSD paper claims computed by simulation; `device::ssd::claims` lists them (the lab's one
//! `claims()`). Tolerances were fixed before the first run; a figure a preset was fitted to is
//! never claimed.
//!
//! 1. `seeds`: seeds 000, 001 and 003 (bandwidth, latency, IOPS, scan time), by running the
//!    SSD lab on a scenario body.
//! 2. `waf`: write amplification of uniform random writes, by running the FTL directly, against
//!    the analytic model and the C4 greedy table (also the curve of `device::ssd::figures`).

pub mod seeds;
pub mod waf;
