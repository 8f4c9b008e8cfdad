//! The event trace: compact numeric events and a running hash over all of them.
//!
//! 1. A lab emits `TraceEvent`s (kind + four u32 arguments) into a `TraceSink` while it steps.
//! 2. The sink stamps each with the step number and simulated time, folds its eight words into
//!    the running FNV-1a hash, and keeps the most recent ones in a bounded ring for the UI: a
//!    vector that grows to `RECENT_EVENTS_CAP` and is then overwritten oldest first (one store
//!    and one index update per event, where a deque popped and pushed;
//!    `recent_ring_matches_a_plain_queue`).
//! 3. The trace hash is therefore a fingerprint of the whole run: same scenario, seed and core
//!    version give the same hash natively and in the browser.
//!
//! Wire format of one event (8 × u32, little-endian in the hash, a row of a `Uint32Array` in JS):
//! `[step, time_ns_lo, time_ns_hi, kind, a, b, c, d]`.

pub const EVENT_WORDS: usize = 8;
/// Events kept for the UI's event log; older ones are still in the hash.
pub const RECENT_EVENTS_CAP: usize = 256;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TraceEvent {
    pub step: u32,
    pub time_ns: u64,
    pub kind: u32,
    pub args: [u32; 4],
}

impl TraceEvent {
    pub fn words(&self) -> [u32; EVENT_WORDS] {
        let [a, b, c, d] = self.args;
        [
            self.step,
            self.time_ns as u32,
            (self.time_ns >> 32) as u32,
            self.kind,
            a,
            b,
            c,
            d,
        ]
    }
}

/// FNV-1a, 64-bit, over little-endian bytes: simple, stable, and the same on every target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TraceHash(u64);

const FNV_OFFSET: u64 = 0xCBF2_9CE4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01B3;

impl Default for TraceHash {
    fn default() -> Self {
        Self(FNV_OFFSET)
    }
}

/// FNV_PRIME², ³ and ⁴ (mod 2⁶⁴), for runs of zero bytes.
const FNV_PRIME_2: u64 = FNV_PRIME.wrapping_mul(FNV_PRIME);
const FNV_PRIME_3: u64 = FNV_PRIME_2.wrapping_mul(FNV_PRIME);
const FNV_PRIME_4: u64 = FNV_PRIME_3.wrapping_mul(FNV_PRIME);

impl TraceHash {
    pub fn absorb_words(&mut self, words: &[u32]) {
        for &word in words {
            self.absorb_word(word);
        }
    }

    /// Exactly `absorb_bytes(&word.to_le_bytes())`, faster: FNV-1a's step on a zero byte is
    /// `h ^ 0 = h` then `h · prime`, so the word's zero high bytes fold into one multiplication
    /// by a power of the prime. Event words are mostly small numbers, which roughly halves the
    /// chain of dependent multiplications (`fast_word_absorption_equals_the_byte_loop`).
    fn absorb_word(&mut self, word: u32) {
        let step = |h: u64, byte: u32| (h ^ u64::from(byte & 0xFF)).wrapping_mul(FNV_PRIME);
        let h = self.0;
        self.0 = if word < 1 << 8 {
            (h ^ u64::from(word)).wrapping_mul(FNV_PRIME_4)
        } else if word < 1 << 16 {
            (step(h, word) ^ u64::from(word >> 8)).wrapping_mul(FNV_PRIME_3)
        } else if word < 1 << 24 {
            (step(step(h, word), word >> 8) ^ u64::from(word >> 16)).wrapping_mul(FNV_PRIME_2)
        } else {
            step(step(step(step(h, word), word >> 8), word >> 16), word >> 24)
        };
    }

    /// FNV-1a by definition, byte by byte (the reference `absorb_word` is tested against).
    #[cfg(test)]
    fn absorb_bytes(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 ^= u64::from(byte);
            self.0 = self.0.wrapping_mul(FNV_PRIME);
        }
    }

    pub fn value(&self) -> u64 {
        self.0
    }

    /// Sixteen lowercase hex digits: the form in CLI output, the browser API and tests.
    pub fn hex(&self) -> String {
        format!("{:016x}", self.0)
    }
}

/// Where a lab writes its events during one step.
#[derive(Debug, Clone, Default)]
pub struct TraceSink {
    step: u32,
    time_ns: u64,
    hash: TraceHash,
    /// The most recent events: oldest at `next_slot` once full, else in order from 0.
    recent: Vec<TraceEvent>,
    /// Where the next event goes (`recent.len()` until the ring is full).
    next_slot: usize,
    total_events: u64,
    /// The earliest stamp emitted during the current step (for the time rule in `sim::run`).
    earliest_in_step_ns: Option<u64>,
}

impl TraceSink {
    /// Set by the run before each step: events carry the step they happened in.
    pub(crate) fn begin_step(&mut self, step: u32) {
        self.step = step;
        self.earliest_in_step_ns = None;
    }

    /// The earliest time stamp of the events emitted since `begin_step`.
    pub(crate) fn earliest_in_step_ns(&self) -> Option<u64> {
        self.earliest_in_step_ns
    }

    /// Records one event at simulated time `time_ns`.
    pub fn emit(&mut self, time_ns: u64, kind: u32, args: [u32; 4]) {
        self.time_ns = time_ns;
        self.earliest_in_step_ns =
            Some(self.earliest_in_step_ns.map_or(time_ns, |t| t.min(time_ns)));
        let event = TraceEvent {
            step: self.step,
            time_ns,
            kind,
            args,
        };
        self.hash.absorb_words(&event.words());
        self.total_events += 1;
        match self.recent.get_mut(self.next_slot) {
            Some(oldest) => *oldest = event,
            None => self.recent.push(event),
        }
        self.next_slot = (self.next_slot + 1) % RECENT_EVENTS_CAP;
    }

    pub fn hash(&self) -> TraceHash {
        self.hash
    }

    pub fn total_events(&self) -> u64 {
        self.total_events
    }

    /// The kept events, oldest first.
    pub fn recent(&self) -> impl DoubleEndedIterator<Item = &TraceEvent> {
        let (newer, older) = self.recent.split_at(self.next_slot.min(self.recent.len()));
        older.iter().chain(newer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_depends_on_every_field_and_on_order() {
        let hash_of = |events: &[(u64, u32, [u32; 4])]| {
            let mut sink = TraceSink::default();
            for &(t, k, a) in events {
                sink.emit(t, k, a);
            }
            sink.hash().value()
        };
        let base = hash_of(&[(1, 2, [3, 4, 5, 6]), (7, 8, [9, 10, 11, 12])]);
        assert_eq!(
            base,
            hash_of(&[(1, 2, [3, 4, 5, 6]), (7, 8, [9, 10, 11, 12])])
        );
        assert_ne!(
            base,
            hash_of(&[(7, 8, [9, 10, 11, 12]), (1, 2, [3, 4, 5, 6])])
        );
        assert_ne!(
            base,
            hash_of(&[(1, 2, [3, 4, 5, 7]), (7, 8, [9, 10, 11, 12])])
        );
        assert_ne!(
            base,
            hash_of(&[(1 << 40, 2, [3, 4, 5, 6]), (7, 8, [9, 10, 11, 12])])
        );
    }

    #[test]
    fn fnv1a_matches_the_published_test_vectors() {
        let hash_of = |bytes: &[u8]| {
            let mut hash = TraceHash::default();
            hash.absorb_bytes(bytes);
            hash.value()
        };
        assert_eq!(hash_of(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(hash_of(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(hash_of(b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn fast_word_absorption_equals_the_byte_loop() {
        let mut rng = crate::sim::Rng::new(14);
        let edges = [
            0,
            1,
            0xFF,
            0x100,
            0xFFFF,
            0x1_0000,
            0xFF_FFFF,
            0x100_0000,
            0x0100_0001,
        ];
        let mut words: Vec<u32> = edges.iter().copied().chain([u32::MAX]).collect();
        for _ in 0..10_000 {
            let bits = rng.below(33) as u32;
            words.push((rng.next_u64() as u32).checked_shr(32 - bits).unwrap_or(0));
        }
        let (mut fast, mut plain) = (TraceHash::default(), TraceHash::default());
        for &w in &words {
            fast.absorb_words(&[w]);
            plain.absorb_bytes(&w.to_le_bytes());
            assert_eq!(fast, plain, "word {w:#x}");
        }
    }

    #[test]
    fn recent_ring_matches_a_plain_queue() {
        let mut rng = crate::sim::Rng::new(3);
        for total in [
            0u32,
            1,
            255,
            256,
            257,
            511,
            512,
            513,
            1_000 + rng.below(2_000) as u32,
        ] {
            let mut sink = TraceSink::default();
            let mut plain = std::collections::VecDeque::new();
            for i in 0..total {
                let event = (u64::from(i) * 3, 1 + i % 5, [i, rng.below(9) as u32, 0, 1]);
                sink.emit(event.0, event.1, event.2);
                if plain.len() == RECENT_EVENTS_CAP {
                    plain.pop_front();
                }
                plain.push_back(event);
                let kept: Vec<_> = sink.recent().map(|e| (e.time_ns, e.kind, e.args)).collect();
                assert!(kept.iter().eq(plain.iter()), "after {i} of {total}");
                let reversed: Vec<_> = sink.recent().rev().map(|e| e.args[0]).collect();
                assert!(reversed.iter().eq(plain.iter().rev().map(|e| &e.2[0])));
            }
        }
    }

    #[test]
    fn recent_ring_is_bounded_and_keeps_the_newest() {
        let mut sink = TraceSink::default();
        for i in 0..(RECENT_EVENTS_CAP as u32 + 10) {
            sink.emit(u64::from(i), 1, [i, 0, 0, 0]);
        }
        assert_eq!(sink.recent().count(), RECENT_EVENTS_CAP);
        assert_eq!(sink.recent().next().map(|e| e.args[0]), Some(10));
        assert_eq!(sink.total_events(), RECENT_EVENTS_CAP as u64 + 10);
    }
}
