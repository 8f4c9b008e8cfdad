//! Which course scenario shows each claim: the paper-results page opens it from the claim's row,
//! so a student can vary what the claim measured. Each lab keeps its own table in its
//! `claims.rs` and fills every claim's `scenario` with it.
//!
//! 1. A table is rows of (claim-id prefix, scenario name); a scenario is the file
//!    `scenarios/<lab>/<name>.json` of the lab that owns the table.
//! 2. A claim takes the scenario of its longest matching prefix (`seed002.fig9a` before
//!    `seed002.fig9`); a claim no row matches keeps `None`, and `core/tests/claims.rs`
//!    fails on it.

use super::Claim;

/// One lab's table: (claim-id prefix, scenario name), step 1.
pub type ClaimScenarios = &'static [(&'static str, &'static str)];

/// Step 2: the scenario of claim `id`, if a row of `table` matches it.
pub fn scenario_for(table: ClaimScenarios, id: &str) -> Option<&'static str> {
    table
        .iter()
        .filter(|(prefix, _)| id.starts_with(prefix))
        .max_by_key(|(prefix, _)| prefix.len())
        .map(|(_, scenario)| *scenario)
}

/// The claims with each one's `scenario` filled from `table`.
pub fn with_scenarios(table: ClaimScenarios, claims: Vec<Claim>) -> Vec<Claim> {
    claims
        .into_iter()
        .map(|mut claim| {
            claim.scenario = scenario_for(table, &claim.id);
            claim
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const TABLE: ClaimScenarios = &[
        ("seed002.fig9", "merge-block-by-block"),
        ("seed002.fig9a", "ds-writers-wait"),
    ];

    #[test]
    fn the_longest_matching_prefix_wins() {
        assert_eq!(
            scenario_for(TABLE, "seed002.fig9a.no_sharing"),
            Some("ds-writers-wait")
        );
        assert_eq!(
            scenario_for(TABLE, "seed002.fig9.level_skipping"),
            Some("merge-block-by-block")
        );
        assert_eq!(scenario_for(TABLE, "seed002.fig1"), None);
    }

    #[test]
    fn every_claim_gets_the_scenario_of_its_row() {
        let claims = vec![
            Claim::new("seed002.fig9a.x", "c", "u", 1.0, 1.0, 1.0, "m".into()),
            Claim::new("seed003.y", "c", "u", 1.0, 1.0, 1.0, "m".into()),
        ];
        let claims = with_scenarios(TABLE, claims);
        assert_eq!(claims[0].scenario, Some("ds-writers-wait"));
        assert_eq!(claims[1].scenario, None);
    }
}
