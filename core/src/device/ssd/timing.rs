//! Timing: when each physical operation starts and ends, given who is busy.
//!
//! Resources: the controller (firmware command handling, serial), the host link and every
//! channel (buses, booked in a `Calendar` so a transfer can use an idle gap before a later
//! booking) and every die (exclusive, served in booking order). A request books them when it
//! arrives, in arrival order, so queue depth, striping and contention behave as on a drive:
//! 1. Command: starts when the request arrives and the controller is free; takes `command_ns`.
//! 2. Read of one page: the die senses it (tR), then the page crosses the channel (the die holds
//!    it in its page register until then), then the host link.
//! 3. Write of one page: the data crosses the host link into the controller; then the channel,
//!    once the die is free (the die receives the data into its page register), and the die
//!    programs (tPROG). With a write buffer of B pages the host is acknowledged once the data is
//!    in the buffer and a slot is free (a slot frees when the program B writes earlier ends).
//! 4. GC copy of one page: on-die copyback (sense, then program into the write point of the same
//!    die) with no channel transfer; erase: the die is busy tBERS. (ONFI copyback commands;
//!    skipping the controller's ECC on the way is this model's simplification.)
//! 5. MLC pages alternate LSB/MSB by page index (even = LSB, odd = MSB), a simplification of the
//!    shadow pairing of calibration.md E; MSB pages use the `_msb` read and program times.
//!
//! All times are integer nanoseconds; transfer times are rounded once when the model is built.

use super::calendar::Calendar;
use super::die_clock::DieClock;
use super::geometry::rem_by;

/// The constants the timing model runs on, in nanoseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimingParams {
    pub read_ns: u64,
    pub read_msb_ns: u64,
    pub program_ns: u64,
    pub program_msb_ns: u64,
    pub erase_ns: u64,
    /// One page over a channel.
    pub channel_page_ns: u64,
    /// One page over the host link.
    pub host_page_ns: u64,
    pub command_ns: u64,
    pub write_buffer_pages: u32,
}

impl TimingParams {
    /// The SSD bench device's timings: Numonyx SLC with MQSim's channel and host-link rates.
    pub fn numonyx_slc() -> Self {
        Self {
            read_ns: 25_000,
            read_msb_ns: 25_000,
            program_ns: 200_000,
            program_msb_ns: 200_000,
            erase_ns: 1_500_000,
            channel_page_ns: 30_797,
            host_page_ns: 13_653,
            command_ns: 5_000,
            write_buffer_pages: 0,
        }
    }
}

/// Start and end of one resource reservation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Span {
    pub start_ns: u64,
    pub end_ns: u64,
}

#[derive(Debug, Clone)]
pub struct Timing {
    pub params: TimingParams,
    channel_count: u32,
    /// When each die is free (its tree finds the die free first: `die_clock.rs`).
    pub die_free_ns: DieClock,
    pub channels: Vec<Calendar>,
    pub link: Calendar,
    pub controller_free_ns: u64,
    /// The latest arrival: nothing can be booked before it.
    horizon_ns: u64,
    /// Busy time per die (utilisation).
    pub die_busy_ns: Vec<u64>,
    buffer_release_ns: Vec<u64>,
    buffer_next: usize,
}

impl Timing {
    pub fn new(params: TimingParams, channels: u32, dies_per_channel: u32) -> Self {
        let dies = (channels * dies_per_channel) as usize;
        Self {
            params,
            channel_count: channels,
            die_free_ns: DieClock::new(dies),
            channels: vec![Calendar::default(); channels as usize],
            link: Calendar::default(),
            controller_free_ns: 0,
            horizon_ns: 0,
            die_busy_ns: vec![0; dies],
            buffer_release_ns: vec![0; params.write_buffer_pages as usize],
            buffer_next: 0,
        }
    }

    fn read_time(&self, page_in_block: u32) -> u64 {
        if page_in_block % 2 == 1 {
            self.params.read_msb_ns
        } else {
            self.params.read_ns
        }
    }

    fn program_time(&self, page_in_block: u32) -> u64 {
        if page_in_block % 2 == 1 {
            self.params.program_msb_ns
        } else {
            self.params.program_ns
        }
    }

    /// Step 1: the firmware takes the command (arrivals must not go back in time); returns
    /// when it is decoded.
    pub fn command(&mut self, arrival_ns: u64) -> u64 {
        self.horizon_ns = self.horizon_ns.max(arrival_ns);
        let start = arrival_ns.max(self.controller_free_ns);
        self.controller_free_ns = start + self.params.command_ns;
        self.controller_free_ns
    }

    /// The channel of `die` (dies are numbered channel-first); a mask, not a divide, for a
    /// power-of-two channel count (`geometry::rem_by`).
    fn channel_of(&self, die: u32) -> usize {
        rem_by(die, self.channel_count) as usize
    }

    /// Step 2: one page read; returns the die's span and when the host has the data.
    pub fn read_page(&mut self, ready_ns: u64, die: u32, page_in_block: u32) -> (Span, u64) {
        let d = die as usize;
        let c = self.channel_of(die);
        let start = ready_ns.max(self.die_free_ns[d]);
        let sensed = start + self.read_time(page_in_block);
        let transfer = self.params.channel_page_ns;
        let transferred = self.channels[c].reserve(sensed, transfer, self.horizon_ns) + transfer;
        self.occupy(d, start, transferred);
        let host = self.params.host_page_ns;
        let delivered = self.link.reserve(transferred, host, self.horizon_ns) + host;
        (
            Span {
                start_ns: start,
                end_ns: transferred,
            },
            delivered,
        )
    }

    /// Step 3, first half: the page's data crosses the host link (or a read of an unmapped
    /// page returns zeros); returns when the transfer ends.
    pub fn host_in(&mut self, ready_ns: u64) -> u64 {
        let host = self.params.host_page_ns;
        self.link.reserve(ready_ns, host, self.horizon_ns) + host
    }

    /// Step 3, buffer: when the host may be acknowledged for data that arrived at `arrived_ns`
    /// (`None` without a write buffer: the ack waits for the program).
    pub fn buffer_slot(&mut self, arrived_ns: u64) -> Option<u64> {
        let slot = self.buffer_release_ns.get(self.buffer_next)?;
        Some(arrived_ns.max(*slot))
    }

    /// Step 3, second half: channel transfer and program; returns the die's span.
    pub fn program_page(&mut self, data_ns: u64, die: u32, page_in_block: u32) -> Span {
        let d = die as usize;
        let c = self.channel_of(die);
        let ready = data_ns.max(self.die_free_ns[d]);
        let transfer = self.params.channel_page_ns;
        let start = self.channels[c].reserve(ready, transfer, self.horizon_ns);
        let end = start + transfer + self.program_time(page_in_block);
        self.occupy(d, start, end);
        if !self.buffer_release_ns.is_empty() {
            self.buffer_release_ns[self.buffer_next] = end;
            self.buffer_next = (self.buffer_next + 1) % self.buffer_release_ns.len();
        }
        Span {
            start_ns: start,
            end_ns: end,
        }
    }

    /// Step 4: one GC copyback on `die` from page `from_page` to page `to_page` of their blocks.
    pub fn relocate(&mut self, ready_ns: u64, die: u32, from_page: u32, to_page: u32) -> Span {
        let d = die as usize;
        let start = ready_ns.max(self.die_free_ns[d]);
        let end = start + self.read_time(from_page) + self.program_time(to_page);
        self.occupy(d, start, end);
        Span {
            start_ns: start,
            end_ns: end,
        }
    }

    /// Step 4: the die time of one copyback from page `from_page` to page `to_page`.
    pub fn copyback_ns(&self, from_page: u32, to_page: u32) -> u64 {
        self.read_time(from_page) + self.program_time(to_page)
    }

    /// Step 4: GC copybacks on `die` back to back from `ready_ns`, `total_ns` their summed
    /// `copyback_ns`: the same bookings as one `relocate` each, since each starts when the one
    /// before it ends.
    pub fn relocate_run(&mut self, ready_ns: u64, die: u32, total_ns: u64) -> Span {
        let d = die as usize;
        let start = ready_ns.max(self.die_free_ns[d]);
        let end = start + total_ns;
        self.occupy(d, start, end);
        Span {
            start_ns: start,
            end_ns: end,
        }
    }

    /// Step 4: a block erase on `die`.
    pub fn erase(&mut self, ready_ns: u64, die: u32) -> Span {
        let d = die as usize;
        let start = ready_ns.max(self.die_free_ns[d]);
        let end = start + self.params.erase_ns;
        self.occupy(d, start, end);
        Span {
            start_ns: start,
            end_ns: end,
        }
    }

    fn occupy(&mut self, die: usize, start: u64, end: u64) {
        self.die_free_ns.set(die, end);
        self.die_busy_ns[die] += end - start;
    }

    /// When each channel's last booking ends.
    pub fn channel_busy_until_ns(&self) -> Vec<u64> {
        self.channels.iter().map(Calendar::busy_until).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slc() -> Timing {
        let params = TimingParams {
            read_ns: 25_000,
            read_msb_ns: 25_000,
            program_ns: 200_000,
            program_msb_ns: 200_000,
            erase_ns: 1_500_000,
            channel_page_ns: 30_000,
            host_page_ns: 16_000,
            command_ns: 3_000,
            write_buffer_pages: 0,
        };
        Timing::new(params, 2, 2)
    }

    #[test]
    fn a_lone_read_pays_command_sense_channel_and_link_in_series() {
        let mut t = slc();
        let ready = t.command(0);
        let (_, done) = t.read_page(ready, 0, 0);
        assert_eq!(done, 3_000 + 25_000 + 30_000 + 16_000);
    }

    #[test]
    fn dies_on_one_channel_share_its_bus_but_sense_in_parallel() {
        let mut t = slc(); // 2 channels: dies 0 and 2 on channel 0, 1 and 3 on channel 1
        let (a, _) = t.read_page(0, 0, 0);
        let (b, _) = t.read_page(0, 2, 0);
        assert_eq!(a.end_ns, 55_000);
        // Die 2 sensed in parallel (done at 25 µs) but waited for the channel until 55 µs.
        assert_eq!(b.end_ns, 85_000);
        let (c, _) = t.read_page(0, 1, 0); // another channel: no wait
        assert_eq!(c.end_ns, 55_000);
    }

    #[test]
    fn a_die_busy_with_gc_does_not_block_its_channel_neighbour() {
        let mut t = slc();
        for page in 0..100 {
            t.relocate(0, 0, page, page); // die 0: 22.5 ms of copyback
        }
        let (late, _) = t.read_page(0, 0, 0);
        assert_eq!(late.start_ns, 22_500_000);
        let (early, host) = t.read_page(0, 2, 0); // die 2, same channel
        assert_eq!(early.end_ns, 55_000);
        assert_eq!(host, 71_000);
    }

    #[test]
    fn a_program_waits_for_its_die_and_a_buffer_acknowledges_early() {
        let mut t = slc();
        let first = t.program_page(0, 0, 0);
        let second = t.program_page(0, 0, 1);
        assert_eq!(first.end_ns, 230_000);
        assert_eq!(second.start_ns, 230_000);
        let mut buffered = Timing::new(
            TimingParams {
                write_buffer_pages: 1,
                ..slc().params
            },
            2,
            2,
        );
        assert_eq!(buffered.buffer_slot(16_000), Some(16_000));
        buffered.program_page(16_000, 0, 0);
        assert_eq!(buffered.buffer_slot(32_000), Some(246_000));
    }
}
