//! One IPA page through many flushes, on the byte-level flash: the page read equals the last
//! written image (base with its deltas applied in order), every append programs only erased
//! bytes of its own slots, and a page sees at most 1 + N programs between erases.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use flashlab_core::device::nand::NandConfig;
use flashlab_core::ipa::bytenand::ByteNand;
use flashlab_core::ipa::delta::{apply, encode};
use flashlab_core::ipa::frame::{FlushKind, Frame};
use flashlab_core::ipa::layout::{ERASED, PageLayout, Scheme};
use flashlab_core::ipa::page::NsmPage;
use flashlab_core::sim::Rng;

fn run(seed: u64, scheme: Scheme) {
    let mut rng = Rng::new(seed);
    let layout = PageLayout::new(512, scheme).unwrap();
    let mut nand = NandConfig::slc();
    nand.override_value("nop", 8.0);
    let mut flash = ByteNand::new(nand, 1, 64, 512);
    let mut page = NsmPage::format(&layout, 1, 3);
    for k in 0..8 {
        page.insert(k, &[k as u32, 7, 9]).unwrap();
    }
    let mut frame = Frame::fresh(1, page, 0);
    let mut phys = 0usize;
    let mut lsn = 1u64;
    let (mut appends, mut oops) = (0, 0);
    for _ in 0..40 {
        // A transaction or two of small updates, then a flush.
        for _ in 0..rng.range_inclusive(1, 3) {
            let slot = rng.below(8) as usize;
            let field = rng.below(3) as usize;
            let value = if rng.chance(0.8) {
                rng.below(10) as u32
            } else {
                rng.next_u64() as u32
            };
            let mut changed = frame.page.set_field(slot, field, value).unwrap();
            lsn += 1;
            changed.extend(frame.page.set_lsn(lsn));
            let _ = frame.track(&layout, &changed);
        }
        let before = flash.read(0, phys).unwrap().to_vec();
        match frame.decide(&layout) {
            FlushKind::Skip => continue,
            FlushKind::OutOfPlace => {
                frame.page.bytes[layout.area_start..].fill(ERASED);
                phys += 1;
                flash.program(0, phys, &frame.page.bytes).unwrap();
                frame.mark_written(0, true);
                oops += 1;
            }
            FlushKind::Append { records } => {
                let body: Vec<usize> = frame.body_changed.iter().collect();
                let meta: Vec<usize> = frame.meta_changed.iter().collect();
                let bytes = encode(&layout.scheme, &frame.page.bytes, &body, &meta, records);
                let at = layout.record_offset(frame.ne);
                flash.append(0, phys, at, &bytes).unwrap();
                let after = flash.read(0, phys).unwrap();
                for (i, (b, a)) in before.iter().zip(after).enumerate() {
                    if b != a {
                        assert!(
                            (at..at + records * scheme.record_bytes()).contains(&i),
                            "byte {i} outside its slots"
                        );
                        assert_eq!(*b, ERASED, "byte {i} was not erased");
                    }
                }
                frame.page.bytes[at..at + bytes.len()].copy_from_slice(&bytes);
                let ne = frame.ne + records;
                frame.mark_written(ne, true);
                appends += 1;
            }
        }
        let read = apply(&layout, flash.read(0, phys).unwrap()).unwrap();
        assert_eq!(
            read.image[..layout.area_start],
            frame.page.bytes[..layout.area_start],
            "seed {seed}"
        );
        assert_eq!(read.records, frame.ne);
        assert!(flash.blocks[0].programs[phys] as usize <= 1 + scheme.n);
    }
    assert!(appends > 0 || scheme.n == 0, "seed {seed}: no appends");
    assert!(oops > 0, "seed {seed}: no out-of-place writes");
}

#[test]
fn page_read_equals_base_with_deltas_applied_in_order_and_appends_stay_in_erased_slots() {
    for seed in 0..300 {
        let scheme = [
            Scheme { n: 2, m: 3, v: 12 },
            Scheme { n: 3, m: 6, v: 4 },
            Scheme { n: 1, m: 10, v: 12 },
            Scheme { n: 4, m: 4, v: 0 },
        ][seed as usize % 4];
        run(seed, scheme);
    }
}
