//! Pseudo-code listings lit by the core (issue 31 item 2; `plugin::pseudocode`): every line an
//! event names is in its lab's listing, every listed line is reached by a bundled scenario of
//! that lab, and the web has the text of every listed line.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::BTreeSet;

use common::{repo_path, scenario_files, scenario_labs};
use flashlab_core::plugin::pseudocode::is_listed;
use flashlab_core::session::Session;

/// Every bundled scenario of `lab` (`scenarios/<lab>/*.json`; tours point at these), stepped one at a time; the line
/// ids its events name, with the scenario that named each unlisted one.
fn lines_reached(lab: &str) -> (BTreeSet<&'static str>, Vec<String>) {
    let files = scenario_files(lab);
    let mut reached = BTreeSet::new();
    let mut unlisted = Vec::new();
    for (path, text) in files {
        let mut session = Session::load(&text, None).expect(&path);
        while session.step(1) == 1 {
            let step = session.run().state().step;
            let lab_inside = session.run().lab();
            let events = session.run().trace().recent();
            for event in events.filter(|e| u64::from(e.step) == step) {
                let Some(line) = lab_inside.pseudo_line(event) else {
                    continue;
                };
                if !is_listed(lab_inside.pseudocode(), line) {
                    unlisted.push(format!("{path} step {step}: {line}"));
                }
                reached.insert(line);
            }
        }
    }
    (reached, unlisted)
}

fn listed_lines(lab: &str) -> Vec<&'static str> {
    let text = scenario_files(lab).into_iter().next().expect(lab).1;
    let session = Session::load(&text, None).unwrap();
    let listings = session.run().lab().pseudocode();
    listings
        .iter()
        .flat_map(|l| l.lines.iter().copied())
        .collect()
}

fn labs_with_listings() -> Vec<String> {
    scenario_labs()
        .into_iter()
        .filter(|lab| !scenario_files(lab).is_empty() && !listed_lines(lab).is_empty())
        .collect()
}

#[test]
fn the_ssd_and_nand_labs_have_listings() {
    let labs = labs_with_listings();
    assert!(labs.contains(&"ssd".to_string()), "{labs:?}");
    assert!(labs.contains(&"nand".to_string()), "{labs:?}");
}

#[test]
fn every_line_an_event_names_is_listed_and_every_listed_line_is_reached() {
    for lab in labs_with_listings() {
        let (reached, unlisted) = lines_reached(&lab);
        assert!(
            unlisted.is_empty(),
            "{lab}: lines not in the listing: {unlisted:?}"
        );
        let missed: Vec<_> = listed_lines(&lab)
            .into_iter()
            .filter(|line| !reached.contains(line))
            .collect();
        assert!(
            missed.is_empty(),
            "{lab}: no bundled scenario reaches {missed:?}"
        );
    }
}

#[test]
fn line_ids_are_unique_and_the_web_has_the_text_of_each() {
    for lab in labs_with_listings() {
        let lines = listed_lines(&lab);
        let unique: BTreeSet<_> = lines.iter().collect();
        assert_eq!(unique.len(), lines.len(), "{lab}: a line id repeats");
        let ts = std::fs::read_to_string(repo_path(&format!("web/src/labs/{lab}/pseudocode.ts")))
            .expect("web/src/labs/<lab>/pseudocode.ts holds the text of each line");
        for line in lines {
            assert!(
                ts.contains(&format!("\"{line}\"")),
                "{lab}: no text for {line}"
            );
        }
    }
}
