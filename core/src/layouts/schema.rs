//! Fixed-width schemas of the two tables of the study (paper §4.1; digest §4.2).
//!
//! The paper uses TPC-H LINEITEM (150 B, 16 attributes) and ORDERS (32 B, 7 attributes), both at
//! 60 M rows, with the widths of Harizopoulos et al. [18]; it does not list per-attribute widths.
//! The widths below are the digest's recommended defaults (§4.2 [rec]), chosen because:
//! 1. Keys and small integers are 4 B, as a read-optimized engine stores them; prices are 8 B
//!    (cents in a 64-bit integer); flags are 1 B characters.
//! 2. LINEITEM keeps TPC-H's text columns at fixed width: the three dates as 10-character text
//!    (`YYYY-MM-DD`), L_SHIPINSTRUCT 25 and L_SHIPMODE 10 (their TPC-H `CHAR` widths), and
//!    L_COMMENT 44 (TPC-H `VARCHAR(44)`) plus 3 B of padding so the tuple is exactly the paper's
//!    150 B: 36 + 2 + 30 + 35 + 47 = 150.
//! 3. ORDERS is [18]'s 7-attribute, 32 B version: O_CLERK and O_COMMENT are dropped, O_ORDERSTATUS
//!    is padded to 4 B and O_ORDERPRIORITY is a 4 B dictionary code: 4·3 + 8 + 4·3 = 32.
//! 4. The predicate attribute P(a1) is attribute 1 (the paper's `WHERE P(T.a1)`), and projecting
//!    k attributes projects attributes 1..k in schema order (digest §8 item 4).
//!
//! Every value is a `u64` *code*: integers are themselves, a text column holds a code (a day
//! number for dates, a dictionary index for the enumerations, a random word for comments) that
//! `pages` writes into the column's full width, so pages carry the real byte counts.

/// Which of the paper's two tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum TableKind {
    Lineitem,
    Orders,
}

/// How a column's values are drawn (see `table.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Domain {
    /// Uniform integer in `low..=high`.
    Uniform { low: u64, high: u64 },
    /// A random 64-bit word (comment text stand-in).
    Word,
    /// Always this value.
    Constant(u64),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Column {
    pub name: &'static str,
    pub width_bytes: u32,
    pub domain: Domain,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Schema {
    pub kind: TableKind,
    pub name: &'static str,
    pub columns: Vec<Column>,
}

/// The predicate attribute's domain size: a1 is uniform in `0..PREDICATE_DOMAIN`, so a range
/// `0..s·PREDICATE_DOMAIN` selects a fraction s of the rows, scattered uniformly (digest §8
/// item 10, the default "qualifying rows uniformly distributed").
pub const PREDICATE_DOMAIN: u64 = 1_000_000;

/// Rows of both tables in the paper (§4.1: "60 million rows").
pub const PAPER_ROWS: u64 = 60_000_000;

const fn col(name: &'static str, width_bytes: u32, domain: Domain) -> Column {
    Column {
        name,
        width_bytes,
        domain,
    }
}

const fn uniform(low: u64, high: u64) -> Domain {
    Domain::Uniform { low, high }
}

impl Schema {
    pub fn of(kind: TableKind) -> Self {
        match kind {
            TableKind::Lineitem => Self::lineitem(),
            TableKind::Orders => Self::orders(),
        }
    }

    /// LINEITEM, 16 attributes, 150 B (widths in the module header).
    pub fn lineitem() -> Self {
        let key = uniform(0, PREDICATE_DOMAIN - 1);
        // Day numbers from 1992-01-01 (TPC-H dates span 1992-1998, 2557 days).
        let date = uniform(0, 2556);
        Self {
            kind: TableKind::Lineitem,
            name: "LINEITEM",
            columns: vec![
                col("L_ORDERKEY", 4, key),
                col("L_PARTKEY", 4, uniform(1, 2_000_000)),
                col("L_SUPPKEY", 4, uniform(1, 100_000)),
                col("L_LINENUMBER", 4, uniform(1, 7)),
                col("L_QUANTITY", 4, uniform(1, 50)),
                col("L_EXTENDEDPRICE", 8, uniform(90_000, 10_494_950)),
                col("L_DISCOUNT", 4, uniform(0, 10)),
                col("L_TAX", 4, uniform(0, 8)),
                col("L_RETURNFLAG", 1, uniform(0, 2)),
                col("L_LINESTATUS", 1, uniform(0, 1)),
                col("L_SHIPDATE", 10, date),
                col("L_COMMITDATE", 10, date),
                col("L_RECEIPTDATE", 10, date),
                col("L_SHIPINSTRUCT", 25, uniform(0, 3)),
                col("L_SHIPMODE", 10, uniform(0, 6)),
                col("L_COMMENT", 47, Domain::Word),
            ],
        }
    }

    /// ORDERS, 7 attributes, 32 B ([18]'s version, module header item 3).
    pub fn orders() -> Self {
        Self {
            kind: TableKind::Orders,
            name: "ORDERS",
            columns: vec![
                col("O_ORDERKEY", 4, uniform(0, PREDICATE_DOMAIN - 1)),
                col("O_CUSTKEY", 4, uniform(1, 1_500_000)),
                col("O_ORDERSTATUS", 4, uniform(0, 2)),
                col("O_TOTALPRICE", 8, uniform(85_000, 55_558_600)),
                col("O_ORDERDATE", 4, uniform(0, 2405)),
                col("O_ORDERPRIORITY", 4, uniform(0, 4)),
                col("O_SHIPPRIORITY", 4, Domain::Constant(0)),
            ],
        }
    }

    pub fn tuple_bytes(&self) -> u32 {
        self.columns.iter().map(|c| c.width_bytes).sum()
    }

    pub fn width(&self, column: usize) -> u32 {
        self.columns.get(column).map_or(0, |c| c.width_bytes)
    }

    /// Byte offset of `column` inside an NSM tuple.
    pub fn offset(&self, column: usize) -> u32 {
        self.columns[..column.min(self.columns.len())]
            .iter()
            .map(|c| c.width_bytes)
            .sum()
    }

    /// Projected bytes / tuple bytes for the first `k` attributes (digest §8 item 4).
    pub fn projectivity(&self, k: usize) -> f64 {
        f64::from(self.offset(k)) / f64::from(self.tuple_bytes())
    }

    /// The paper's invariants on the schema: widths sum to the paper's tuple width, every
    /// value fits its width.
    pub fn check_invariants(&self) -> Result<(), String> {
        let expected = match self.kind {
            TableKind::Lineitem => (150, 16),
            TableKind::Orders => (32, 7),
        };
        if (self.tuple_bytes(), self.columns.len()) != expected {
            return Err(format!(
                "{}: {} B in {} columns, the paper has {} B in {}",
                self.name,
                self.tuple_bytes(),
                self.columns.len(),
                expected.0,
                expected.1
            ));
        }
        for c in &self.columns {
            let max = match c.domain {
                Domain::Uniform { high, .. } => high,
                Domain::Constant(v) => v,
                Domain::Word => 0,
            };
            if c.width_bytes < 8 && max >> (8 * c.width_bytes) != 0 {
                return Err(format!(
                    "{}: {max} does not fit {} B",
                    c.name, c.width_bytes
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schemas_have_the_papers_widths_and_every_value_fits() {
        for kind in [TableKind::Lineitem, TableKind::Orders] {
            assert_eq!(Schema::of(kind).check_invariants(), Ok(()));
        }
        assert_eq!(Schema::lineitem().offset(16), 150);
        assert!((Schema::orders().projectivity(7) - 1.0).abs() < 1e-12);
    }
}
