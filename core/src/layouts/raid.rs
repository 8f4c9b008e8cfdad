//! RAID-0 of two disks (paper §5.1.2: "a RAID-0 software disk array with two SATA disks,
//! capable of delivering up to 160 MB/s"), composed from two of the existing HDD models.
//!
//! 1. Members: two `seed001-barracuda-sata2` disks (the paper's disk, §4.4), each with its own
//!    head (`device::hdd`).
//! 2. Striping, as Linux md's RAID-0 lays out two equal members: the array's bytes are cut into
//!    stripe units of `stripe_bytes`; unit c lies on member c mod 2 at member byte
//!    (c div 2) · stripe_bytes. The stripe unit is not stated in the paper; the default is
//!    mdadm 2.6's `--chunk` default of 64 KiB (Ubuntu 8.04 ships mdadm 2.6, recalled from its
//!    manual page; `settings.rs` item 7).
//! 3. A contiguous array request covers, on each member, one contiguous member range (its
//!    units there are consecutive member stripes), so it becomes at most one request per
//!    member (`member_range`, O(1), no loop over the units).
//! 4. Both members start their parts when the array request is dispatched and serve them in
//!    parallel; the request completes when the later part does. The array takes one request
//!    at a time, like the single disk (md's own queueing and the members' NCQ are not modelled).
//! 5. Each member remembers where its last part ended (its head); `head_on_array` maps that
//!    member byte back onto the array's byte axis, for the view's two heads.

use super::disk::HddState;
use super::error::LayoutError;

/// Members in the array (§5.1.2).
pub const RAID0_MEMBERS: u64 = 2;

#[derive(Debug, Clone)]
pub struct Raid0State {
    pub members: [HddState; 2],
    pub stripe_bytes: u64,
    /// Step 5: the member byte where each member's last part ended.
    pub member_last_end: [Option<u64>; 2],
}

/// Step 3: the member byte range `[first, end)` that array bytes `[offset, offset + bytes)`
/// cover on `member`, or `None` when no unit of them lies there.
pub fn member_range(offset: u64, bytes: u64, member: u64, stripe: u64) -> Option<(u64, u64)> {
    if bytes == 0 || stripe == 0 {
        return None;
    }
    let last = offset + bytes - 1;
    let member_byte = |b: u64| (b / stripe / RAID0_MEMBERS) * stripe + b % stripe;
    let (c0, c1) = (offset / stripe, last / stripe);
    // First and last units of the request on this member.
    let first_unit = if c0 % RAID0_MEMBERS == member {
        c0
    } else {
        c0 + 1
    };
    let last_unit = if c1 % RAID0_MEMBERS == member {
        c1
    } else {
        c1.checked_sub(1)?
    };
    if first_unit > last_unit || first_unit > c1 {
        return None;
    }
    let start = if first_unit == c0 {
        member_byte(offset)
    } else {
        member_byte(first_unit * stripe)
    };
    let end = if last_unit == c1 {
        member_byte(last)
    } else {
        member_byte(last_unit * stripe + stripe - 1)
    };
    Some((start, end + 1))
}

/// The array byte that member byte `member_byte` of `member` holds (the inverse of step 2).
pub fn array_byte(member_byte: u64, member: u64, stripe: u64) -> u64 {
    let unit = member_byte / stripe.max(1);
    (unit * RAID0_MEMBERS + member) * stripe + member_byte % stripe.max(1)
}

impl Raid0State {
    /// Step 4: serves array bytes `[offset, offset + bytes)` dispatched at `now_ns`.
    pub fn serve(&mut self, offset: u64, bytes: u64, now_ns: u64) -> Result<u64, LayoutError> {
        let mut done = now_ns;
        for (m, disk) in self.members.iter_mut().enumerate() {
            if let Some((first, end)) = member_range(offset, bytes, m as u64, self.stripe_bytes) {
                done = done.max(disk.serve(first, end - first, now_ns)?);
                self.member_last_end[m] = Some(end);
            }
        }
        Ok(done)
    }

    /// Step 5: the array byte just after member `m`'s last served byte (its head), if it has
    /// served any.
    pub fn head_on_array(&self, m: usize) -> Option<u64> {
        let end = (*self.member_last_end.get(m)?)?;
        Some(array_byte(end.checked_sub(1)?, m as u64, self.stripe_bytes) + 1)
    }

    /// Array capacity: whole stripe units on both members.
    pub fn capacity_bytes(&self) -> u64 {
        let member = self.members[0].disk.geometry.capacity_bytes();
        (member / self.stripe_bytes) * self.stripe_bytes * RAID0_MEMBERS
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::Rng;

    /// Plain reference: walk the bytes one by one and collect each member's bytes.
    fn by_bytes(offset: u64, bytes: u64, member: u64, stripe: u64) -> Option<(u64, u64)> {
        let mut lo = u64::MAX;
        let mut hi = 0;
        let mut count = 0;
        for b in offset..offset + bytes {
            let c = b / stripe;
            if c % RAID0_MEMBERS == member {
                let mb = (c / RAID0_MEMBERS) * stripe + b % stripe;
                lo = lo.min(mb);
                hi = hi.max(mb + 1);
                count += 1;
            }
        }
        assert!(
            count == 0 || hi - lo == count,
            "a member's part is contiguous"
        );
        (count > 0).then_some((lo, hi))
    }

    #[test]
    fn array_byte_inverts_the_striping_and_the_heads_end_where_the_parts_do() {
        let mut rng = Rng::new(12);
        for _ in 0..3_000 {
            let stripe = 512 * (1 + rng.below(16));
            let b = rng.below(100 * stripe);
            let c = b / stripe;
            let member = c % RAID0_MEMBERS;
            let mb = (c / RAID0_MEMBERS) * stripe + b % stripe;
            assert_eq!(array_byte(mb, member, stripe), b);
        }
    }

    #[test]
    fn each_member_gets_exactly_the_bytes_of_its_stripe_units_as_one_contiguous_range() {
        let mut rng = Rng::new(11);
        for _ in 0..3_000 {
            let stripe = 512 * (1 + rng.below(16));
            let offset = rng.below(40 * stripe);
            let bytes = 1 + rng.below(6 * stripe);
            for member in 0..RAID0_MEMBERS {
                assert_eq!(
                    member_range(offset, bytes, member, stripe),
                    by_bytes(offset, bytes, member, stripe),
                    "offset {offset} bytes {bytes} stripe {stripe} member {member}"
                );
            }
        }
    }
}
