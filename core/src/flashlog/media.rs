//! What a log device durably holds: a sequence of written records, each with a header.
//!
//! 1. Every device write carries a header `(start_lsn, len_bytes, checksum)` [digest §2.1,
//!    choice]: recovery parses a device stream by headers alone and rejects a record whose
//!    payload does not match its checksum (a torn write).
//! 2. The log's bytes are not stored: byte `i` of the log is a pure function of `i`
//!    (`content_digest`), so two copies of the same LSN range are identical by construction
//!    (digest §5 invariant 6) and a record's checksum is the digest of its range.
//! 3. A torn write persists only a prefix of its sectors; the digest of that prefix differs
//!    from the header's checksum (the digest mixes in the length), so recovery rejects it.
//! 4. Areas [digest §2.1, ext "outlier hiding area"]: `Main` is the device's sequential log
//!    (start LSNs non-decreasing in address order), `OutlierHiding` takes re-issued outliers
//!    whose LSNs are below what the device's main area already holds, `Archive` is the archival
//!    HDD's 32 KB batches. Recovery sorts every stream that is not a flash main area.

/// Bytes per sector / log block (InnoDB's 512 B log block: the partial last block is re-written
/// by the next flush, hence non-decreasing rather than increasing start LSNs) [choice].
pub const LOG_BLOCK_BYTES: u64 = 512;

/// Where on the device a record was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Area {
    Main,
    OutlierHiding,
    Archive,
}

/// The per-write header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RecordHeader {
    pub start_lsn: u64,
    pub len_bytes: u64,
    pub checksum: u64,
}

impl RecordHeader {
    pub fn end_lsn(&self) -> u64 {
        self.start_lsn + self.len_bytes
    }
}

/// One write as it sits on the medium.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StoredRecord {
    pub header: RecordHeader,
    pub area: Area,
    /// Bytes that reached the medium (= `len_bytes` unless torn by a crash).
    pub persisted_bytes: u64,
    /// Digest of the bytes that reached the medium.
    pub payload_digest: u64,
    pub written_ns: u64,
}

impl StoredRecord {
    /// A completed write of `[start_lsn, end_lsn)`.
    pub fn complete(start_lsn: u64, end_lsn: u64, area: Area, written_ns: u64) -> Self {
        let len = end_lsn - start_lsn;
        let checksum = content_digest(start_lsn, len);
        Self {
            header: RecordHeader {
                start_lsn,
                len_bytes: len,
                checksum,
            },
            area,
            persisted_bytes: len,
            payload_digest: checksum,
            written_ns,
        }
    }

    /// A write interrupted by a crash after `persisted_bytes` reached the medium.
    pub fn torn(
        start_lsn: u64,
        end_lsn: u64,
        area: Area,
        persisted_bytes: u64,
        at_ns: u64,
    ) -> Self {
        let mut record = Self::complete(start_lsn, end_lsn, area, at_ns);
        let persisted = persisted_bytes.min(record.header.len_bytes);
        record.persisted_bytes = persisted;
        record.payload_digest = content_digest(start_lsn, persisted);
        record
    }

    /// Step 1: the payload matches the header.
    pub fn is_intact(&self) -> bool {
        self.persisted_bytes == self.header.len_bytes
            && self.payload_digest == self.header.checksum
            && content_digest(self.header.start_lsn, self.header.len_bytes) == self.header.checksum
    }
}

/// Digest of the log bytes `[start_lsn, start_lsn + len)` (SplitMix64 finaliser over both).
pub fn content_digest(start_lsn: u64, len: u64) -> u64 {
    let mut z = start_lsn
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(len.rotate_left(32) ^ 0xD1B5_4A32_D192_ED03);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Rounds `lsn` down to its log block.
pub fn align_down(lsn: u64) -> u64 {
    lsn - lsn % LOG_BLOCK_BYTES
}

/// Sectors a write of `[start, end)` touches, whole blocks.
pub fn sectors_of(start_lsn: u64, end_lsn: u64) -> u64 {
    end_lsn.div_ceil(LOG_BLOCK_BYTES) - start_lsn / LOG_BLOCK_BYTES
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn torn_writes_fail_their_checksum_and_complete_ones_pass() {
        let good = StoredRecord::complete(1024, 5000, Area::Main, 7);
        assert!(good.is_intact());
        for persisted in [0, 1, 512, 3975] {
            let torn = StoredRecord::torn(1024, 5000, Area::Main, persisted, 7);
            assert!(!torn.is_intact(), "{persisted}");
        }
        assert!(StoredRecord::torn(1024, 5000, Area::Main, 3976, 7).is_intact());
    }

    #[test]
    fn alignment_and_sector_counts() {
        assert_eq!(align_down(1023), 512);
        assert_eq!(sectors_of(512, 1025), 2);
        assert_eq!(sectors_of(0, 512), 1);
    }
}
