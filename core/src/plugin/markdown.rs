//! The one formatter for constants in generated markdown (`docs/CALIBRATION.md`) and the
//! generated-block type every lab's calibration hook returns.

/// One generated section of `docs/CALIBRATION.md`: its marker name and its markdown body.
pub struct GeneratedBlock {
    pub name: &'static str,
    pub body: String,
}

/// A value for a table: whole numbers as they are, other values in plain decimals (at most six,
/// no trailing zeros), or in scientific notation when very small or very large, so that no
/// constant prints as a misleading `0`.
pub fn format_value(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        return format!("{value:.0}");
    }
    if value != 0.0 && (value.abs() < 1e-3 || value.abs() >= 1e7) {
        format!("{value:e}")
    } else {
        let text = format!("{value:.6}");
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// A table cell: pipes escaped, newlines folded.
pub fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_print_compactly_and_never_round_to_zero() {
        assert_eq!(format_value(7200.0), "7200");
        assert_eq!(format_value(0.315), "0.315");
        assert_eq!(format_value(2.315_218_7), "2.315219");
        assert_eq!(format_value(2.5e-4), "2.5e-4");
        assert_eq!(format_value(0.0), "0");
        assert_eq!(format_value(1.2e9), "1200000000");
        assert_eq!(format_value(200_000_237_568.0), "200000237568");
        assert_eq!(format_value(1.25e8 + 0.5), "1.250000005e8");
    }

    #[test]
    fn cells_escape_pipes_and_fold_newlines() {
        assert_eq!(cell("a | b\nc"), "a \\| b c");
    }
}
