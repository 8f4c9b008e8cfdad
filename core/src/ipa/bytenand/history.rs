//! A block's program history since its last erase, so the cell zoom can replay a page's real
//! past on the cell model (seed 004 §4 and App. C; issue 30).
//!
//! 1. Every accepted program of a block (a first program, a GC copy, an IPA append) appends one
//!    `ProgramEvent` (page, byte range, kind) to the block's list; an erase clears it. At most
//!    pages × NOP events per block, 12 bytes each, against a page of data per page.
//! 2. `images_in_window` rebuilds, from the pages' bytes now and the list, what each program
//!    wrote, restricted to a byte window of the page: walking the list backwards, the image
//!    after an append is the page now, and before it the appended bytes were 0xFF (an append
//!    only lands on erased bytes, rule 3 of `bytenand.rs`); before a first program the page
//!    was erased. A re-program of a whole page that is not an append never happens in the IPA
//!    store (it writes out of place to erased pages); the rebuild refuses it by name.

use super::ERASED;

/// What a program of a page was.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WriteKind {
    /// The first program of the page since the erase (out-of-place write or GC copy).
    First,
    /// An append into still-erased bytes (IPA `write_delta`).
    Append,
    /// A whole-page re-program that is not an append (the store never issues one).
    Reprogram,
}

/// One accepted program of a block since its erase.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProgramEvent {
    pub page: u32,
    /// Bytes programmed, relative to the page: [offset, offset + len).
    pub offset: u32,
    pub len: u32,
    pub kind: WriteKind,
}

/// Step 2: for each event, the bytes of its page in `window` right after it. `now(page)` gives
/// the window of the page as it is at the end of `events`.
pub fn images_in_window(
    events: &[ProgramEvent],
    window: (usize, usize),
    now: impl Fn(usize) -> Vec<u8>,
) -> Result<Vec<Vec<u8>>, String> {
    let (start, end) = window;
    let mut state: std::collections::BTreeMap<u32, Vec<u8>> = std::collections::BTreeMap::new();
    let mut images = vec![Vec::new(); events.len()];
    for (k, e) in events.iter().enumerate().rev() {
        let current = state.entry(e.page).or_insert_with(|| now(e.page as usize));
        images[k] = current.clone();
        match e.kind {
            WriteKind::First => current.fill(ERASED),
            WriteKind::Append => {
                let from = (e.offset as usize).clamp(start, end) - start;
                let to = (e.offset as usize + e.len as usize).clamp(start, end) - start;
                current[from..to].fill(ERASED);
            }
            WriteKind::Reprogram => {
                return Err(format!(
                    "page {} was re-programmed whole without an erase; its earlier data is \
                     not kept",
                    e.page
                ));
            }
        }
    }
    Ok(images)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[test]
    fn images_rebuild_each_program_of_a_page_from_its_appends() {
        let ev = |page, offset, len, kind| ProgramEvent {
            page,
            offset,
            len,
            kind,
        };
        let events = [
            ev(0, 0, 8, WriteKind::First),
            ev(1, 0, 8, WriteKind::First),
            ev(0, 5, 1, WriteKind::Append),
            ev(0, 6, 2, WriteKind::Append),
        ];
        // The pages now, cut to the window (2, 8) as the caller gives them.
        let now = |p: usize| {
            let page = if p == 0 {
                vec![1, 2, 3, 4, 0xFF, 9, 8, 7]
            } else {
                vec![5; 8]
            };
            page[2..8].to_vec()
        };
        let images = images_in_window(&events, (2, 8), now).unwrap();
        assert_eq!(images[0], vec![3, 4, 0xFF, 0xFF, 0xFF, 0xFF]);
        assert_eq!(images[1], vec![5; 6]);
        assert_eq!(images[2], vec![3, 4, 0xFF, 9, 0xFF, 0xFF]);
        assert_eq!(images[3], vec![3, 4, 0xFF, 9, 8, 7]);
        let bad = [ev(0, 0, 8, WriteKind::Reprogram)];
        assert!(images_in_window(&bad, (0, 8), now).is_err());
    }
}
