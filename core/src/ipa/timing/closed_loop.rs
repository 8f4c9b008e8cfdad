//! Transactions in a closed loop on the priced device (`DeviceTime`): READ and WRITE I/O
//! response time and transaction throughput (Tabs. 6–10's time columns; §8.1 setups).
//!
//! 1. One transaction is in flight at a time (the store is single-threaded): its time is its
//!    CPU time (`cpu_ns_per_txn`, a setup choice) plus its synchronous page reads.
//! 2. Write-backs are asynchronous (Shore-MT's page cleaner): their programs, appends and the
//!    GC they trigger (foreground GC in `NoFtl::write_page`) occupy the device's `chips` chips,
//!    spread evenly over them (blocks striped over chips). WRITE I/O response = write-path
//!    device time / host write I/Os: a write's own program or append plus its share of the GC
//!    it made necessary.
//! 3. A read arrives at a random moment of the write-path work: it finds its chip busy with
//!    probability ρ = W / (chips · T) and then waits the mean residual r = Σs² / (2 Σs)
//!    (`DeviceTime::residual_ns`). READ I/O response = t_R + ρ · r (0 in a run without reads).
//! 4. Run time T solves T = a + R · t_R + R · r · W / (chips · T), a = txns · cpu, R = reads:
//!    T = (b + √(b² + 4 R r W / chips)) / 2 with b = a + R · t_R. When the write work alone
//!    exceeds that (W / chips ≥ b + R · r), the device paces the loop: T = W / chips, ρ = 1.
//!    Throughput = txns / T.
//! 5. Left out: the host I/O stack, Shore-MT's CPU time beyond the constant, queueing among
//!    the paper's concurrent transactions (its emulator ran 32-core Shore-MT, §8.1), the log
//!    device, transfer times, reads waiting behind other reads, and (when the write work paces
//!    the loop, T = W / chips) the chips' time serving the reads themselves. Absolute times are therefore
//!    far below the paper's host-level ones; only relative changes are compared.

use super::DeviceTime;

/// The loop's setup choices.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LoopSetup {
    /// Chips working in parallel (§8.1: the emulator's 16 SLC chips; OpenSSD effectively 1).
    pub chips: u32,
    pub cpu_ns_per_txn: f64,
}

/// What the loop gives for one run.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LoopTimes {
    pub read_response_ns: f64,
    pub write_response_ns: f64,
    pub elapsed_ns: f64,
    pub throughput_tps: f64,
    /// ρ: share of each chip's time spent on write-path work.
    pub utilisation: f64,
}

/// Steps 1–4 for `txns` transactions that made `dt`.
pub fn closed_loop(txns: u64, dt: &DeviceTime, setup: LoopSetup) -> LoopTimes {
    let chips = f64::from(setup.chips.max(1));
    let reads = dt.host_reads as f64;
    let work = dt.write_path_ns() / chips;
    let r = dt.residual_ns();
    let b = txns as f64 * setup.cpu_ns_per_txn + dt.read_ns;
    let (elapsed_ns, utilisation) = if work >= b + reads * r {
        (work, if work > 0.0 { 1.0 } else { 0.0 })
    } else {
        let t = (b + (b * b + 4.0 * reads * r * work).sqrt()) / 2.0;
        (t, if t > 0.0 { work / t } else { 0.0 })
    };
    // A run without host reads has no READ response (as WRITE without host writes).
    let read_response_ns = if dt.host_reads == 0 {
        0.0
    } else {
        dt.read_service_ns() + utilisation * r
    };
    LoopTimes::of(txns, dt, read_response_ns, elapsed_ns, utilisation)
}

impl LoopTimes {
    /// A loop's times from its READ response, run time and utilisation: WRITE = write-path
    /// device time per host write, throughput = `txns` / run time.
    pub fn of(
        txns: u64,
        dt: &DeviceTime,
        read_response_ns: f64,
        elapsed_ns: f64,
        utilisation: f64,
    ) -> Self {
        let write_response_ns = if dt.host_writes == 0 {
            0.0
        } else {
            dt.write_path_ns() / dt.host_writes as f64
        };
        Self {
            read_response_ns,
            write_response_ns,
            elapsed_ns,
            throughput_tps: if elapsed_ns > 0.0 {
                txns as f64 / elapsed_ns * 1e9
            } else {
                0.0
            },
            utilisation,
        }
    }
}
