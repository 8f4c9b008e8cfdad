//! Transactions on a device that serves one I/O at a time: OpenSSD Jasmine as seed 004 ran it
//! (App. D point 1: no NCQ, "its effective host-level I/O parallelism equals one I/O at a
//! time"), for the throughput rows of Tabs. 6 and 8 (§8.1).
//!
//! 1. One transaction is in flight at a time, as in `closed_loop`; its CPU time is
//!    `cpu_ns_per_txn` (a setup choice).
//! 2. Queue depth 1: no flash operation overlaps another or the CPU. Every host read, every
//!    write-back's program or append, every GC migration and every erase takes its device time
//!    in turn, so the run time is T = txns · cpu + Σ (read, program, append, migration, erase
//!    times) = txns · cpu + R · t_R + W (the plain sum of the operation times).
//! 3. READ response = the mean host read's own device time (nothing is in service when a read
//!    is issued: the write-backs it might wait for ran before it, and their time is in T);
//!    WRITE response = write-path device time per host write, as in `closed_loop`;
//!    throughput = txns / T.
//! 4. Left out: the board's write cache (App. D: the firmware spreads buffered writes over
//!    chips, which this model does not credit), the SATA link and host stack, and Shore-MT's
//!    CPU time beyond the constant.

use super::DeviceTime;
use super::closed_loop::LoopTimes;

/// Steps 1–3 for `txns` transactions that made `dt`, each with `cpu_ns_per_txn` of CPU time.
pub fn serial_loop(txns: u64, dt: &DeviceTime, cpu_ns_per_txn: f64) -> LoopTimes {
    let elapsed_ns = txns as f64 * cpu_ns_per_txn + dt.read_ns + dt.write_path_ns();
    let utilisation = if elapsed_ns > 0.0 {
        dt.write_path_ns() / elapsed_ns
    } else {
        0.0
    };
    LoopTimes::of(txns, dt, dt.read_service_ns(), elapsed_ns, utilisation)
}
