//! A TATP-like mix (the IPL comparison of §8.3 uses TATP; the spec's mix, simplified): 80 %
//! reads of a subscriber, 14 % UPDATE_LOCATION (a new 4-byte VLR location), 2 %
//! UPDATE_SUBSCRIBER_DATA (one bit flag plus a 1-byte facility value), 4 % insertions of
//! call-forwarding records (new pages). Subscribers are chosen uniformly, as in the spec.

use super::{Op, key};
use crate::sim::Rng;

pub const SUBSCRIBER: u64 = 1;
pub const CALL_FORWARDING: u64 = 2;

#[derive(Debug, Clone, PartialEq)]
pub struct Tatp {
    pub subscribers: u64,
    pub next_forwarding: u64,
}

impl Tatp {
    pub fn new(subscribers: u64) -> Self {
        Self {
            subscribers,
            next_forwarding: 0,
        }
    }

    pub fn load(&self) -> Vec<Op> {
        (0..self.subscribers)
            .map(|s| Op::Insert {
                key: key(SUBSCRIBER, s),
                fields: [s as u32, 0, 0, 0],
            })
            .collect()
    }

    pub fn next_txn(&mut self, rng: &mut Rng) -> Vec<Op> {
        let s = key(SUBSCRIBER, rng.below(self.subscribers));
        match rng.below(100) {
            0..=79 => vec![Op::Get { key: s }],
            80..=93 => vec![Op::Set {
                key: s,
                field: 1,
                value: rng.next_u64() as u32,
            }],
            94..=95 => vec![
                Op::Set {
                    key: s,
                    field: 2,
                    value: rng.below(2) as u32,
                },
                Op::Set {
                    key: s,
                    field: 3,
                    value: rng.below(256) as u32,
                },
            ],
            _ => {
                let f = self.next_forwarding;
                self.next_forwarding += 1;
                vec![Op::Insert {
                    key: key(CALL_FORWARDING, f),
                    fields: [rng.below(self.subscribers) as u32, 0, 0, 0],
                }]
            }
        }
    }
}
