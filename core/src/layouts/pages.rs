//! NSM, DSM and PAX pages holding real bytes (paper §3, §4.2; PAX [9] as the digest's §4.8
//! extension). Pages are densely packed, as in the paper's engine.
//!
//! 1. Every page starts with an 8 B header: tuple (or value) count `u32` and the first row
//!    `u32`, little-endian. Page size is a knob (default 4 KB: the paper tuned but did not give
//!    it, digest §8 item 11).
//! 2. NSM (row store): one file; a page holds ⌊(page − 8)/W⌋ whole tuples of W bytes, attribute
//!    after attribute inside each tuple.
//! 3. DSM (column store): one file per attribute ("chunk", §5.1.1); a page of column j holds
//!    ⌊(page − 8)/w_j⌋ values. Row r of column j sits at a computable position (dense arrays),
//!    which is what lets later columns be read "only at positions where the predicate was
//!    satisfied" (§4.2).
//! 4. PAX: one file with NSM's tuples per page, regrouped inside the page into one minipage per
//!    attribute (minipage j starts at 8 + tpp·offset_j), so the I/O equals NSM's and the CPU
//!    touches only the projected minipages.
//! 5. A value of width w is written as its code's little-endian bytes; text wider than 8 B
//!    carries the code in its first 8 bytes and code-derived filler after (so the bytes exist
//!    but decoding reads the code back).
//!
//! `StoredTable::shape_only` gives the same file shapes without bytes: the reproductions plan
//! I/O for the paper's 60 M rows from it without materializing 9 GB.

use super::error::LayoutError;
use super::schema::Schema;
use super::table::Table;

pub const PAGE_HEADER_BYTES: u32 = 8;
/// Default page size (digest §8 item 11, an assumption).
pub const DEFAULT_PAGE_BYTES: u32 = 4096;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Layout {
    Nsm,
    Dsm,
    Pax,
}

impl Layout {
    pub const ALL: [Layout; 3] = [Layout::Nsm, Layout::Dsm, Layout::Pax];

    pub fn name(self) -> &'static str {
        match self {
            Layout::Nsm => "NSM (row)",
            Layout::Dsm => "DSM (column)",
            Layout::Pax => "PAX",
        }
    }
}

/// One file's shape: all the I/O side needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileShape {
    /// The attribute of a DSM file; `None` for the single NSM/PAX file.
    pub column: Option<usize>,
    pub rows_per_page: u64,
    pub page_count: u64,
    pub page_bytes: u32,
}

impl FileShape {
    pub fn bytes(&self) -> u64 {
        self.page_count * u64::from(self.page_bytes)
    }

    pub fn page_of_row(&self, row: u64) -> u64 {
        row / self.rows_per_page
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredTable {
    pub layout: Layout,
    pub schema: Schema,
    pub rows: u64,
    pub page_bytes: u32,
    pub files: Vec<FileShape>,
    /// One byte image per file; empty vectors for a shape-only table.
    pub data: Vec<Vec<u8>>,
}

fn per_page(page_bytes: u32, item_bytes: u32) -> Result<u64, LayoutError> {
    let fit = page_bytes.saturating_sub(PAGE_HEADER_BYTES) / item_bytes.max(1);
    if fit == 0 {
        return Err(LayoutError::PageTooSmall {
            page_bytes,
            need_bytes: item_bytes + PAGE_HEADER_BYTES,
        });
    }
    Ok(u64::from(fit))
}

/// Writes `value` into `out` (its width) as item 5 of the header says.
pub fn encode(value: u64, out: &mut [u8]) {
    let bytes = value.to_le_bytes();
    let n = out.len().min(8);
    out[..n].copy_from_slice(&bytes[..n]);
    for (i, b) in out.iter_mut().enumerate().skip(8) {
        *b = bytes[i % 8].rotate_left((i / 8) as u32) ^ (i as u8);
    }
}

/// Where one column's values sit inside every page of its file (header items 2–4): value of
/// slot `i` at `page_start + base + i · stride`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ColumnPlace {
    pub file: usize,
    pub base: u64,
    pub stride: u64,
    pub width: usize,
    pub rows_per_page: u64,
    pub page_bytes: u64,
}

impl ColumnPlace {
    /// Calls `f(row, byte offset)` for every row of `rows`, walking page by page (the offsets
    /// of `StoredTable::locate`, without a division per row).
    pub fn for_each_slot(&self, rows: std::ops::Range<u64>, mut f: impl FnMut(u64, usize)) {
        let mut row = rows.start;
        while row < rows.end {
            let page = row / self.rows_per_page;
            let page_end = ((page + 1) * self.rows_per_page).min(rows.end);
            let slot = row % self.rows_per_page;
            let mut at = page * self.page_bytes + self.base + slot * self.stride;
            for r in row..page_end {
                f(r, at as usize);
                at += self.stride;
            }
            row = page_end;
        }
    }
}

/// Reads a code back from a value's bytes.
pub fn decode(bytes: &[u8]) -> u64 {
    if let Some(w) = bytes.first_chunk::<8>() {
        return u64::from_le_bytes(*w);
    }
    if let Ok(w) = <[u8; 4]>::try_from(bytes) {
        return u64::from(u32::from_le_bytes(w));
    }
    let mut word = [0u8; 8];
    for (w, b) in word.iter_mut().zip(bytes) {
        *w = *b;
    }
    u64::from_le_bytes(word)
}

impl StoredTable {
    /// File shapes for `rows` rows in `layout`, without bytes.
    pub fn shape_only(
        schema: &Schema,
        rows: u64,
        layout: Layout,
        page_bytes: u32,
    ) -> Result<Self, LayoutError> {
        let file = |column: Option<usize>, item_bytes: u32| -> Result<FileShape, LayoutError> {
            let rows_per_page = per_page(page_bytes, item_bytes)?;
            Ok(FileShape {
                column,
                rows_per_page,
                page_count: rows.div_ceil(rows_per_page),
                page_bytes,
            })
        };
        let files = match layout {
            Layout::Nsm | Layout::Pax => vec![file(None, schema.tuple_bytes())?],
            Layout::Dsm => (0..schema.columns.len())
                .map(|c| file(Some(c), schema.width(c)))
                .collect::<Result<_, _>>()?,
        };
        let data = vec![Vec::new(); files.len()];
        Ok(Self {
            layout,
            schema: schema.clone(),
            rows,
            page_bytes,
            files,
            data,
        })
    }

    /// Loads `table` into pages of `layout` (real bytes).
    pub fn load(table: &Table, layout: Layout, page_bytes: u32) -> Result<Self, LayoutError> {
        let mut stored = Self::shape_only(&table.schema, table.rows, layout, page_bytes)?;
        stored.data = stored
            .files
            .iter()
            .map(|f| vec![0u8; f.bytes() as usize])
            .collect();
        for (f, shape) in stored.files.clone().iter().enumerate() {
            for page in 0..shape.page_count {
                let first = page * shape.rows_per_page;
                let count = shape.rows_per_page.min(table.rows - first);
                let at = (page * u64::from(page_bytes)) as usize;
                stored.data[f][at..at + 4].copy_from_slice(&(count as u32).to_le_bytes());
                stored.data[f][at + 4..at + 8].copy_from_slice(&(first as u32).to_le_bytes());
            }
        }
        for (column, values) in table.values.iter().enumerate() {
            let place = stored.place(column);
            let data = &mut stored.data[place.file];
            let rows = 0..table.rows;
            // The schema's 4 B and 8 B columns as fixed-size stores (what `encode` writes; a
            // copy of a run-time length is a memcpy call per value).
            match place.width {
                4 => place.for_each_slot(rows, |row, at| {
                    let v = values[row as usize].to_le_bytes();
                    if let Some(out) = data[at..].first_chunk_mut::<4>() {
                        *out = [v[0], v[1], v[2], v[3]];
                    }
                }),
                8 => place.for_each_slot(rows, |row, at| {
                    if let Some(out) = data[at..].first_chunk_mut::<8>() {
                        *out = values[row as usize].to_le_bytes();
                    }
                }),
                w => place.for_each_slot(rows, |row, at| {
                    encode(values[row as usize], &mut data[at..at + w]);
                }),
            }
        }
        Ok(stored)
    }

    /// Where `column` sits in its file's pages.
    pub fn place(&self, column: usize) -> ColumnPlace {
        let file = self.file_of_column(column);
        let rows_per_page = self.files[file].rows_per_page;
        let width = u64::from(self.schema.width(column));
        let offset = u64::from(self.schema.offset(column));
        let header = u64::from(PAGE_HEADER_BYTES);
        let (base, stride) = match self.layout {
            Layout::Nsm => (header + offset, u64::from(self.schema.tuple_bytes())),
            Layout::Dsm => (header, width),
            Layout::Pax => (header + rows_per_page * offset, width),
        };
        ColumnPlace {
            file,
            base,
            stride,
            width: width as usize,
            rows_per_page,
            page_bytes: u64::from(self.page_bytes),
        }
    }

    /// Calls `f(row, value)` for every row of `rows`, decoding `column` from the page bytes
    /// (nothing for a shape-only table).
    pub fn for_each_value(
        &self,
        column: usize,
        rows: std::ops::Range<u64>,
        mut f: impl FnMut(u64, u64),
    ) {
        let place = self.place(column);
        let data = &self.data[place.file];
        if data.is_empty() {
            return;
        }
        place.for_each_slot(rows, |row, at| {
            f(row, data.get(at..at + place.width).map_or(0, decode));
        });
    }

    pub fn has_data(&self) -> bool {
        self.data.iter().all(|d| !d.is_empty())
    }

    /// The file index holding `column`.
    pub fn file_of_column(&self, column: usize) -> usize {
        match self.layout {
            Layout::Dsm => column,
            Layout::Nsm | Layout::Pax => 0,
        }
    }

    /// (file, byte offset, width) of one value, from the layout rules of the header.
    pub fn locate(&self, column: usize, row: u64) -> (usize, usize, usize) {
        let place = self.place(column);
        let shape = self.files[place.file];
        let page = shape.page_of_row(row);
        let slot = row % shape.rows_per_page;
        let at = page * place.page_bytes + place.base + slot * place.stride;
        (place.file, at as usize, place.width)
    }

    /// Decodes one value from the page bytes (a shape-only table returns 0).
    pub fn read_value(&self, column: usize, row: u64) -> u64 {
        let (file, at, width) = self.locate(column, row);
        self.data[file].get(at..at + width).map_or(0, decode)
    }

    /// Layout invariants: every page's header counts its rows and names its first row; files
    /// cover every row; the byte image has the file's size.
    pub fn check_invariants(&self) -> Result<(), String> {
        for (f, shape) in self.files.iter().enumerate() {
            if shape.page_count * shape.rows_per_page < self.rows {
                return Err(format!("file {f} holds fewer than {} rows", self.rows));
            }
            let data = &self.data[f];
            if data.is_empty() {
                continue;
            }
            if data.len() as u64 != shape.bytes() {
                return Err(format!(
                    "file {f} has {} B, expected {}",
                    data.len(),
                    shape.bytes()
                ));
            }
            for page in 0..shape.page_count {
                let at = (page * u64::from(self.page_bytes)) as usize;
                let count = decode(&data[at..at + 4]);
                let first = decode(&data[at + 4..at + 8]);
                let want_first = page * shape.rows_per_page;
                let want_count = shape.rows_per_page.min(self.rows - want_first);
                if (count, first) != (want_count, want_first) {
                    return Err(format!(
                        "file {f} page {page}: header ({count}, {first}), expected \
                         ({want_count}, {want_first})"
                    ));
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::schema::TableKind;
    use super::*;

    #[test]
    fn every_layout_decodes_every_value_it_was_loaded_with() {
        let table = Table::generate(TableKind::Lineitem, 300, 7);
        for layout in Layout::ALL {
            let stored = StoredTable::load(&table, layout, 4096).unwrap();
            assert_eq!(stored.check_invariants(), Ok(()));
            for c in 0..16 {
                for r in 0..300 {
                    assert_eq!(
                        stored.read_value(c, r),
                        table.value(c, r),
                        "{layout:?} {c} {r}"
                    );
                }
            }
        }
    }

    #[test]
    fn dense_pages_hold_the_expected_counts() {
        let s = Schema::lineitem();
        let nsm = StoredTable::shape_only(&s, 1000, Layout::Nsm, 4096).unwrap();
        assert_eq!(nsm.files[0].rows_per_page, 27); // (4096 - 8) / 150
        let dsm = StoredTable::shape_only(&s, 1000, Layout::Dsm, 4096).unwrap();
        assert_eq!(dsm.files[0].rows_per_page, 1022); // (4096 - 8) / 4
        assert!(StoredTable::shape_only(&s, 10, Layout::Nsm, 100).is_err());
    }
}
