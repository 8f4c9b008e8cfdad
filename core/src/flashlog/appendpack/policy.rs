//! Which erase block packing reclaims next: a pure function of the two tails.
//!
//! 1. The paper packs "valid pages at the beginning (tail) of the log" into the second log
//!    [§2.2]: the append log's tail is the default victim.
//! 2. What happens when the second log fills is not stated [digest §8 item 11]. Choice: the
//!    pack log's own tail is cleaned into the pack log's head when it holds fewer valid pages
//!    than the append tail (or when the append log has no closed block).

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum LogId {
    Append,
    Pack,
}

/// A tail: its log and its valid page count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tail {
    pub log: LogId,
    pub valid_pages: u32,
}

/// Steps 1–2.
pub fn choose_victim(append_tail: Option<Tail>, pack_tail: Option<Tail>) -> Option<LogId> {
    match (append_tail, pack_tail) {
        (Some(a), Some(p)) if p.valid_pages < a.valid_pages => Some(p.log),
        (Some(a), _) => Some(a.log),
        (None, Some(p)) => Some(p.log),
        (None, None) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn append_tail_first_pack_tail_when_cheaper() {
        let a = |v| {
            Some(Tail {
                log: LogId::Append,
                valid_pages: v,
            })
        };
        let p = |v| {
            Some(Tail {
                log: LogId::Pack,
                valid_pages: v,
            })
        };
        assert_eq!(choose_victim(a(10), p(10)), Some(LogId::Append));
        assert_eq!(choose_victim(a(10), p(3)), Some(LogId::Pack));
        assert_eq!(choose_victim(None, p(64)), Some(LogId::Pack));
        assert_eq!(choose_victim(None, None), None);
    }
}
