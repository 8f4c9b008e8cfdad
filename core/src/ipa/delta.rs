//! Delta records: deciding whether a flush fits, encoding it, and applying records on fetch
//! (seed 004 §6.2; digest §3.3).
//!
//! 1. `fits`: with N_E records already on the flash page, U changed body bytes and W changed
//!    metadata bytes fit iff k = max(1, ⌈U/M⌉) ≤ N − N_E and W ≤ k·V. The paper prints
//!    ⌈(U − C_p)/M⌉, a typo (digest §8 #2): we use ⌈U/M⌉ records and U pairs, which implies
//!    U ≤ C_p = (N − N_E)·M. Metadata capacity is V pairs per record (digest §8 #4). With V = 0
//!    the scheme is "gross" (LinkBench, Tab. 5): metadata bytes count against M like body bytes.
//! 2. `encode`: k records of `1 + 3M + 3V` bytes, ctrl = 0x00, body pairs in offset order M per
//!    record, metadata pairs V per record in order, unused pairs left 0xFF 0xFF 0xFF (erased).
//!    Values are read from the page image at flush time (digest §8 #6: track offsets, fill
//!    values at eviction). All k records go out in one `write_delta` (digest §8 #7).
//! 3. `apply`: read ctrl bytes slot by slot; erased ends the prefix; each valid record's pairs
//!    replace bytes in forward order (§6.2 "applied in forward order"). A non-prefix or a pair
//!    pointing into the area is a malformed page, reported, never skipped.

use super::error::IpaError;
use super::layout::{CTRL_VALID, ERASED, PAIR_BYTES, PageLayout, Scheme, UNUSED_OFFSET};

/// Records needed for `body` changed body bytes and `meta` metadata bytes, or None if the
/// flush cannot be an append with `free` records left.
pub fn records_needed(scheme: &Scheme, free: usize, body: usize, meta: usize) -> Option<usize> {
    let (body, meta) = if scheme.v == 0 {
        (body + meta, 0)
    } else {
        (body, meta)
    };
    if scheme.m == 0 && body > 0 {
        return None;
    }
    // body ≤ M (the usual update) needs one record: no division.
    let k = if scheme.m == 0 || body <= scheme.m {
        1
    } else {
        body.div_ceil(scheme.m)
    };
    (k <= free && meta <= k * scheme.v).then_some(k)
}

/// Encodes the changed bytes of `image` at `body` and `meta` offsets (sorted, distinct) as
/// `k` records, concatenated.
pub fn encode(scheme: &Scheme, image: &[u8], body: &[usize], meta: &[usize], k: usize) -> Vec<u8> {
    let mut out = Vec::new();
    encode_into(scheme, image, body, meta, k, &mut out);
    out
}

/// `encode` into `out` (cleared first; a buffer the caller reuses).
pub fn encode_into(
    scheme: &Scheme,
    image: &[u8],
    body: &[usize],
    meta: &[usize],
    k: usize,
    out: &mut Vec<u8>,
) {
    if scheme.v == 0 {
        let mut all: Vec<usize> = body.iter().chain(meta).copied().collect();
        all.sort_unstable();
        return encode_pairs(scheme, image, (&all, &[]), k, out);
    }
    encode_pairs(scheme, image, (body, meta), k, out);
}

/// `encode_into` once the V = 0 case has merged metadata into body pairs.
fn encode_pairs(
    s: &Scheme,
    image: &[u8],
    pairs: (&[usize], &[usize]),
    k: usize,
    out: &mut Vec<u8>,
) {
    let (scheme, (body, meta)) = (s, pairs);
    let rec = scheme.record_bytes();
    out.clear();
    out.resize(k * rec, ERASED);
    for j in 0..k {
        let base = j * rec;
        out[base] = CTRL_VALID;
        let body_part = body.iter().skip(j * scheme.m).take(scheme.m).enumerate();
        let meta_part = meta.iter().skip(j * scheme.v).take(scheme.v).enumerate();
        // Body pairs fill pair slots 0..M, metadata pairs M..M+V.
        let pairs = body_part.chain(meta_part.map(|(i, o)| (scheme.m + i, o)));
        for (slot, &o) in pairs {
            let at = base + 1 + slot * PAIR_BYTES;
            out[at] = image[o];
            out[at + 1..at + 3].copy_from_slice(&(o as u16).to_le_bytes());
        }
    }
}

/// A fetched page: the image with every record applied, and N_E.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Applied {
    pub image: Vec<u8>,
    pub records: usize,
}

/// Applies the delta records of a raw flash page image in forward order.
pub fn apply(layout: &PageLayout, raw: &[u8]) -> Result<Applied, IpaError> {
    apply_owned(layout, raw.to_vec())
}

/// `apply` on an image the caller owns (a fetched page): the records are applied in place.
/// Pairs only write below the area (checked before each write), so the records read back
/// unchanged while they are applied.
pub fn apply_owned(layout: &PageLayout, mut image: Vec<u8>) -> Result<Applied, IpaError> {
    let scheme = layout.scheme;
    let mut records = 0;
    for slot in 0..scheme.n {
        let at = layout.record_offset(slot);
        match image[at] {
            ERASED => break,
            CTRL_VALID => {}
            other => {
                return Err(IpaError::MalformedDelta {
                    slot,
                    why: format!("control byte {other:#04x}"),
                });
            }
        }
        records += 1;
        for p in 0..scheme.m + scheme.v {
            let at = at + 1 + p * PAIR_BYTES;
            let off = u16::from_le_bytes([image[at + 1], image[at + 2]]);
            if off == UNUSED_OFFSET {
                continue;
            }
            let off = usize::from(off);
            if off >= layout.area_start {
                return Err(IpaError::MalformedDelta {
                    slot,
                    why: format!("offset {off} points into the delta area"),
                });
            }
            image[off] = image[at];
        }
    }
    for slot in records..scheme.n {
        if image[layout.record_offset(slot)] != ERASED {
            return Err(IpaError::MalformedDelta {
                slot,
                why: "records do not form a prefix".into(),
            });
        }
    }
    Ok(Applied { image, records })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typo_fixed_records_are_ceil_u_over_m() {
        let s = Scheme { n: 2, m: 3, v: 12 };
        assert_eq!(records_needed(&s, 2, 3, 1), Some(1));
        assert_eq!(records_needed(&s, 2, 4, 1), Some(2));
        assert_eq!(records_needed(&s, 1, 4, 1), None);
        assert_eq!(records_needed(&s, 2, 7, 0), None);
        assert_eq!(records_needed(&s, 2, 0, 13), None, "meta ≤ k·V");
        assert_eq!(records_needed(&s, 0, 0, 0), None);
    }

    #[test]
    fn encode_then_apply_restores_the_changed_bytes() {
        let layout = PageLayout::new(256, Scheme { n: 2, m: 3, v: 2 }).unwrap();
        let base = vec![0u8; 256];
        let mut raw = base.clone();
        raw[layout.area_start..].fill(ERASED);
        let mut changed = raw.clone();
        for (o, v) in [(30, 3), (50, 3), (70, 3), (8, 10)] {
            changed[o] = v;
        }
        let k = records_needed(&layout.scheme, 2, 3, 1).unwrap();
        let recs = encode(&layout.scheme, &changed, &[30, 50, 70], &[8], k);
        assert_eq!(recs.len(), layout.scheme.record_bytes());
        raw[layout.area_start..layout.area_start + recs.len()].copy_from_slice(&recs);
        let applied = apply(&layout, &raw).unwrap();
        assert_eq!(applied.records, 1);
        assert_eq!(
            applied.image[..layout.area_start],
            changed[..layout.area_start]
        );
    }
}
