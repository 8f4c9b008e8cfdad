//! Scheduling policy as pure functions over a snapshot of the devices (mechanism in `dispatch`).
//!
//! 1. `pick_ready`: among idle flash devices with room for the write (optionally excluding one),
//!    the one with the lowest running average latency for this write size; ties go round-robin
//!    from `cursor` [choice, digest §8 item 4]. The paper only says "to whichever device is
//!    ready"; a full device is not ready until the archive frees its space (`archive.rs`).
//! 2. `reissue_area`: a re-issued outlier copy goes into the target's main area if its start LSN
//!    is not below the target's last main start (monotonicity holds); otherwise into the
//!    target's outlier hiding area [ext, digest §8 item 2].
//! 3. `stripe_pieces`: conventional striping, stripe unit S over N devices: the piece of unit u
//!    goes to device `u mod N` [ext: slides, digest §2.1].

use super::devices::LogDevice;
use super::media::{Area, LOG_BLOCK_BYTES};

/// The flash space a write of `bytes` from a block boundary occupies: whole 512 B blocks.
pub fn space_of(bytes: u64) -> u64 {
    bytes.div_ceil(LOG_BLOCK_BYTES) * LOG_BLOCK_BYTES
}

/// Step 1.
pub fn pick_ready(
    devices: &[LogDevice],
    bytes: u64,
    exclude: Option<usize>,
    cursor: usize,
) -> Option<usize> {
    let n = devices.len();
    (0..n)
        .map(|k| (cursor + k) % n)
        .filter(|&i| {
            let d = &devices[i];
            Some(i) != exclude
                && d.is_flash()
                && d.busy.is_none()
                && d.free_bytes() >= space_of(bytes)
        })
        .min_by_key(|&i| devices[i].expected_ns(bytes)) // first minimum = round-robin tie
}

/// Step 2.
pub fn reissue_area(target: &LogDevice, start_lsn: u64) -> Area {
    if start_lsn >= target.last_main_start_lsn {
        Area::Main
    } else {
        Area::OutlierHiding
    }
}

/// Step 3: `(device, start, end)` for each stripe unit that `[start, end)` overlaps.
pub fn stripe_pieces(start: u64, end: u64, stripe_bytes: u64, n: usize) -> Vec<(usize, u64, u64)> {
    let mut pieces = Vec::new();
    let mut a = start;
    while a < end {
        let unit = a / stripe_bytes;
        let b = end.min((unit + 1) * stripe_bytes);
        pieces.push(((unit % n as u64) as usize, a, b));
        a = b;
    }
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stripe_pieces_follow_floor_a_over_s_mod_n() {
        let p = stripe_pieces(1000, 9000, 4096, 2);
        assert_eq!(p, vec![(0, 1000, 4096), (1, 4096, 8192), (0, 8192, 9000)]);
        assert_eq!(stripe_pieces(5, 5, 4096, 2), vec![]);
    }
}
