//! Invariants while a merge runs (§4.1 I7, Lem. 6, Rem. A.5; digest §4 C4–C7).
//!
//! 1. C4: the wavefront fence points at a live block, which is the head of L_succ(0)^old when
//!    that level is merged; with wavefront routing L0^old holds no entry ≤ wf.
//! 2. C5 (Lem. 6): head(L_i^old) holds a fence to head(L_succ(i)^old).
//! 3. C6 (retention, Rem. A.5): every read old block whose successor starts at a key ≤ wf has
//!    been reclaimed (FD+FC); nothing is reclaimed early either, since every live block is
//!    checked for liveness.
//! 4. The generated levels are sorted, fence-first above the data level, and hold only keys
//!    ≤ the last staged key; their first-block fences chain up to L0^new.
//! 5. S6 during a merge: N_Δ / N_∇ equal the entries not yet processed (L0^new, 𝒮, level
//!    buffers, unread old blocks, unstaged L0^old) plus those already in the new and the
//!    below-merge levels.

use super::entry::Kind;
use super::tree::FdTree;

impl FdTree {
    pub(super) fn check_during_merge(&self) -> Vec<String> {
        let mut out = Vec::new();
        let Some(m) = &self.merge else {
            return out;
        };
        let wf = m.wf_key;
        // C4
        if let Some(p) = m.wf_ptr
            && !self.store.is_live(p)
        {
            out.push(format!("C4: wavefront fence points at reclaimed block {p}"));
        }
        if self.cfg.policy.wavefront_routing
            && let Some(w) = wf
            && m.l0_old.iter().next().is_some_and(|e| e.key <= w)
        {
            out.push(format!("C4: L0^old still holds an entry ≤ wf {w}"));
        }
        if let (Some(first), Some(p)) = (m.old.first(), m.wf_ptr)
            && !m.l0_fences_to_below
            && first.live.front() != Some(&p)
            && self.cfg.policy.eager_reclaim
        {
            out.push(format!(
                "C4: wf.ptr {p} is not head of L{}^old",
                first.label
            ));
        }
        // C5
        for pair in m.old.windows(2) {
            let (Some(&a), Some(&b)) = (pair[0].live.front(), pair[1].live.front()) else {
                continue;
            };
            let ok = self
                .store
                .peek(a)
                .is_ok_and(|blk| blk.entries.iter().any(|e| e.fence_target() == Some(b)));
            if !ok {
                out.push(format!(
                    "C5: head of L{} does not fence head of L{}",
                    pair[0].label, pair[1].label
                ));
            }
        }
        // C6
        if self.cfg.policy.eager_reclaim
            && let Some(w) = wf
        {
            for level in &m.old {
                for i in 1..level.read.min(level.live.len()) {
                    let first = self
                        .store
                        .peek(level.live[i])
                        .ok()
                        .and_then(|b| b.first_key());
                    if first.is_some_and(|k| k <= w) {
                        out.push(format!(
                            "C6: L{}^old block {} kept past wf {w}",
                            level.label,
                            level.live[i - 1]
                        ));
                    }
                }
            }
        }
        for level in &m.old {
            for &id in &level.live {
                if !self.store.is_live(id) {
                    out.push(format!(
                        "C3: L{}^old block {id} reclaimed but listed",
                        level.label
                    ));
                }
            }
        }
        // Generated levels.
        let mut counts = (0u64, 0u64);
        let mut tally = |k: Kind| match k {
            Kind::Insert(_) => counts.0 += 1,
            Kind::Delete => counts.1 += 1,
            Kind::Fence(_) => {}
        };
        for (i, level) in m.new.iter().enumerate() {
            let bottom = m.plan.full && i + 1 == m.new.len();
            let name = format!("L{}^new", level.label);
            let entries = self.check_level(&name, &level.blocks, bottom, &mut out);
            if let (Some(last), Some(e)) = (m.last_staged_key, entries.last())
                && e.key > last
            {
                out.push(format!(
                    "I7 {name}: key {} beyond the last staged key {last}",
                    e.key
                ));
            }
            entries.iter().for_each(|e| tally(e.kind));
        }
        // S6 during a merge.
        self.l0.iter().for_each(|e| tally(e.kind));
        m.l0_old
            .iter_after(m.last_staged_key)
            .for_each(|e| tally(e.kind));
        m.staged_data.iter().for_each(|e| tally(e.kind));
        for level in &m.old {
            level.buffer.iter().for_each(|e| tally(e.kind));
            for &id in level.live.iter().skip(level.read) {
                if let Ok(b) = self.store.peek(id) {
                    b.entries.iter().for_each(|e| tally(e.kind));
                }
            }
        }
        for label in self.materialized().filter(|&l| l > m.plan.m) {
            for &id in &self.levels[label] {
                if let Ok(b) = self.store.peek(id) {
                    b.entries.iter().for_each(|e| tally(e.kind));
                }
            }
        }
        if counts != (self.n_inserts, self.n_deletes) {
            out.push(format!(
                "S6 during merge: NΔ={} N∇={} but live entries I={} D={}",
                self.n_inserts, self.n_deletes, counts.0, counts.1
            ));
        }
        out
    }
}
