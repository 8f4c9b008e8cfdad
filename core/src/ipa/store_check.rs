//! The IPA store's invariants after every step (digest §5), checked against plain
//! recomputations: read = base + deltas for every clean frame; at most 1 + N programs per page;
//! the index agrees with the pages; the dirty-frame count agrees with the frames; plus the
//! region's and the device's own invariants.

use super::delta::apply;
use super::page::NsmPage;
use super::store::IpaStore;

impl IpaStore {
    /// Digest §5: read = base + deltas for every clean frame; ≤ 1 + N programs per page;
    /// index agrees with the pages; plus the region's and device's invariants.
    pub fn check_invariants(&self) -> Result<(), String> {
        self.ftl.check_invariants()?;
        let dirty = self.frames.iter().filter(|f| f.dirty).count();
        if dirty != self.dirty_frames {
            return Err(format!(
                "{dirty} dirty frames, {} counted",
                self.dirty_frames
            ));
        }
        let limit = 1 + self.layout.scheme.n as u32;
        let flash = &self.ftl.flash;
        for b in 0..flash.block_count() {
            if let Some(p) = (0..flash.pages_per_block()).find(|&p| flash.programs(b, p) > limit) {
                return Err(format!(
                    "block {b} page {p}: more than 1 + N = {limit} programs"
                ));
            }
        }
        let area = self.layout.area_start;
        for f in self.frames.iter().filter(|f| !f.dirty) {
            let raw = self.ftl.peek(f.lba).map_err(|e| e.to_string())?;
            let applied = apply(&self.layout, &raw).map_err(|e| e.to_string())?;
            if applied.image[..area] != f.page.bytes[..area] || applied.records != f.ne {
                return Err(format!(
                    "lba {}: flash base + deltas != buffered image",
                    f.lba
                ));
            }
        }
        for (key, (lba, slot)) in self.index.iter() {
            let page = match self.frame_of.get(&lba) {
                Some(&i) => self.frames[i].page.clone(),
                None => {
                    let raw = self.ftl.peek(lba).map_err(|e| e.to_string())?;
                    NsmPage {
                        bytes: apply(&self.layout, &raw).map_err(|e| e.to_string())?.image,
                    }
                }
            };
            match page.read(slot) {
                Ok((k, _)) if k == key => {}
                _ => return Err(format!("index: key {key} is not at lba {lba} slot {slot}")),
            }
        }
        Ok(())
    }
}
