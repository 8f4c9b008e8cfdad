//! Pseudo-code listings lit by the core (issue 31 item 2; `plugin::pseudocode`): every line an
//! event names is in its lab's listing, every listed line is reached by a bundled scenario of
//! that lab, and the web has the text of every listed line.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::BTreeSet;

use common::{repo_path, scenario_files, scenario_labs};
use flashlab_core::plugin::pseudocode::is_listed;
use flashlab_core::session::Session;

/// What the bundled scenarios of `lab` (`scenarios/<lab>/*.json`; tours point at these) list
/// and reach, stepped one at a time: every listed line id, every line id an event named, and
/// each named id that its own scenario does not list.
struct Coverage {
    listed: Vec<&'static str>,
    reached: BTreeSet<&'static str>,
    unlisted: Vec<String>,
}

fn coverage(lab: &str) -> Coverage {
    let mut cover = Coverage {
        listed: Vec::new(),
        reached: BTreeSet::new(),
        unlisted: Vec::new(),
    };
    for (path, text) in scenario_files(lab) {
        let mut session = Session::load(&text, None).expect(&path);
        let listings = session.run().lab().pseudocode();
        for line in listings.iter().flat_map(|l| l.lines.iter().copied()) {
            if !cover.listed.contains(&line) {
                cover.listed.push(line);
            }
        }
        while session.step(1) == 1 {
            let step = session.run().state().step;
            let lab_inside = session.run().lab();
            let events = session.run().trace().recent();
            for event in events.filter(|e| u64::from(e.step) == step) {
                let Some(line) = lab_inside.pseudo_line(event) else {
                    continue;
                };
                if !is_listed(listings, line) {
                    cover.unlisted.push(format!("{path} step {step}: {line}"));
                }
                cover.reached.insert(line);
            }
        }
    }
    cover
}

fn labs_with_listings() -> Vec<(String, Coverage)> {
    scenario_labs()
        .into_iter()
        .map(|lab| {
            let cover = coverage(&lab);
            (lab, cover)
        })
        .filter(|(_, cover)| !cover.listed.is_empty())
        .collect()
}

#[test]
fn every_lab_has_a_listing() {
    let labs: Vec<String> = labs_with_listings()
        .into_iter()
        .map(|(lab, _)| lab)
        .collect();
    for lab in [
        "ssd", "nand", "ipa", "flashlog", "fdtree", "masm", "layouts",
    ] {
        assert!(labs.contains(&lab.to_string()), "{labs:?}");
    }
}

#[test]
fn every_line_an_event_names_is_listed_and_every_listed_line_is_reached() {
    for (lab, cover) in labs_with_listings() {
        let unlisted = &cover.unlisted;
        assert!(
            unlisted.is_empty(),
            "{lab}: lines not in the listing: {unlisted:?}"
        );
        let missed: Vec<_> = cover
            .listed
            .iter()
            .filter(|line| !cover.reached.contains(*line))
            .collect();
        assert!(
            missed.is_empty(),
            "{lab}: no bundled scenario reaches {missed:?}"
        );
    }
}

#[test]
fn line_ids_are_unique_and_the_web_has_the_text_of_each() {
    for (lab, cover) in labs_with_listings() {
        let lines = cover.listed;
        for (path, text) in scenario_files(&lab) {
            let session = Session::load(&text, None).expect(&path);
            for listing in session.run().lab().pseudocode() {
                let unique: BTreeSet<_> = listing.lines.iter().collect();
                assert_eq!(
                    unique.len(),
                    listing.lines.len(),
                    "{path}: a line id repeats"
                );
            }
        }
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
