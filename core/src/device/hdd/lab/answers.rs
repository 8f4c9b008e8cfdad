//! Answers to explicit `read` ops (DESIGN §3.2): `{op, kind: "read", lba, count, latency_ns,
//! completed_ns}`, in op order.
//!
//! 1. A completed read appends one record. Completion order may differ from op order (SSTF),
//!    so `answers()` sorts by op index when asked.
//! 2. The log is chunked: full chunks of 1024 records are frozen behind an `Arc`, so cloning a
//!    lab snapshot for a keyframe copies at most one partial chunk, however long the run.

use std::sync::Arc;

use serde_json::{Value, json};

const CHUNK: usize = 1024;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReadAnswer {
    pub op_index: u32,
    pub lba: u64,
    pub sector_count: u64,
    pub latency_ns: u64,
    pub completed_ns: u64,
}

impl ReadAnswer {
    pub fn to_json(&self) -> Value {
        json!({
            "op": self.op_index,
            "kind": "read",
            "lba": self.lba,
            "count": self.sector_count,
            "latency_ns": self.latency_ns,
            "completed_ns": self.completed_ns,
        })
    }
}

/// An append-only log whose clones share every full chunk.
#[derive(Debug, Clone, Default)]
pub struct AnswerLog {
    frozen: Vec<Arc<Vec<ReadAnswer>>>,
    tail: Vec<ReadAnswer>,
}

impl AnswerLog {
    pub fn push(&mut self, answer: ReadAnswer) {
        self.tail.push(answer);
        if self.tail.len() == CHUNK {
            self.frozen.push(Arc::new(std::mem::take(&mut self.tail)));
        }
    }

    /// Bytes a clone copies: frozen chunks are shared (`Arc`), only the tail is copied.
    pub fn unshared_bytes(&self) -> u64 {
        (self.tail.capacity() * std::mem::size_of::<ReadAnswer>()
            + self.frozen.len() * std::mem::size_of::<Arc<Vec<ReadAnswer>>>()) as u64
    }

    pub fn len(&self) -> usize {
        self.frozen.len() * CHUNK + self.tail.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// All answers as JSON, in op order.
    pub fn to_json_sorted(&self) -> Vec<Value> {
        let mut all: Vec<ReadAnswer> = self
            .frozen
            .iter()
            .flat_map(|chunk| chunk.iter().copied())
            .chain(self.tail.iter().copied())
            .collect();
        all.sort_by_key(|a| a.op_index);
        all.iter().map(ReadAnswer::to_json).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_come_out_in_op_order_and_clones_share_chunks() {
        let mut log = AnswerLog::default();
        for i in (0..3000u32).rev() {
            log.push(ReadAnswer {
                op_index: i,
                lba: u64::from(i),
                sector_count: 8,
                latency_ns: 1,
                completed_ns: 2,
            });
        }
        let clone = log.clone();
        assert!(Arc::ptr_eq(&log.frozen[0], &clone.frozen[0]));
        let json = clone.to_json_sorted();
        assert_eq!(json.len(), 3000);
        assert_eq!(json[0]["op"], 0);
        assert_eq!(json[2999]["op"], 2999);
    }
}
