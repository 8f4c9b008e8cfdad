//! Turning `data` specs into page bits, and page bits into hex for answers.

use super::body::{NandData, NandPattern};
use crate::sim::Rng;

/// `len` bits of `data` (validated beforehand). Random bits come from the run's generator.
pub fn resolve(data: &NandData, len: usize, rng: &mut Rng) -> Vec<bool> {
    match data {
        NandData::Pattern(NandPattern::Random) => (0..len).map(|_| rng.below(2) == 1).collect(),
        NandData::Pattern(NandPattern::Zeros) => vec![false; len],
        NandData::Pattern(NandPattern::Ones) => vec![true; len],
        NandData::Pattern(NandPattern::Checker) => (0..len).map(|i| i % 2 == 1).collect(),
        NandData::Hex(hex) => {
            let mut bits = Vec::with_capacity(4 * hex.len());
            for digit in hex.chars() {
                let value = digit.to_digit(16).unwrap_or(15);
                bits.extend((0..4).rev().map(|shift| (value >> shift) & 1 == 1));
            }
            bits.truncate(len);
            bits
        }
    }
}

/// Hex of `bits`, 4 bits per digit, bit 0 = most significant bit of the first digit. A tail
/// shorter than 4 bits is padded with ones (erased).
pub fn to_hex(bits: &[bool]) -> String {
    bits.chunks(4)
        .map(|chunk| {
            let value = (0..4).fold(0u32, |acc, i| {
                (acc << 1) | u32::from(chunk.get(i).copied().unwrap_or(true))
            });
            char::from_digit(value, 16).unwrap_or('f')
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_round_trips_with_bit_zero_first() {
        let bits = resolve(&NandData::Hex("8f0a".into()), 16, &mut Rng::new(1));
        assert_eq!(&bits[..4], &[true, false, false, false]);
        assert_eq!(to_hex(&bits), "8f0a");
    }

    #[test]
    fn patterns_have_the_requested_length() {
        let mut rng = Rng::new(1);
        for pattern in [
            NandPattern::Random,
            NandPattern::Zeros,
            NandPattern::Ones,
            NandPattern::Checker,
        ] {
            assert_eq!(resolve(&NandData::Pattern(pattern), 24, &mut rng).len(), 24);
        }
        let checker = resolve(&NandData::Pattern(NandPattern::Checker), 4, &mut rng);
        assert_eq!(checker, [false, true, false, true]);
    }
}
