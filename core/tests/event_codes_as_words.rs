//! Event sentences a student reads say words, not codes (issue 33 item 6: FD+tree's log read
//! "side 1 (0 no merge, 1 old, 2 new…)"):
//!
//! 1. no lab's event sentence, its placeholders removed, still carries a code legend such as
//!    "(0 append, 1 pack)" or "({d} = 1 if …)": a coded argument is a `{x=0:word,1:word}`
//!    placeholder, which the UI (web/src/sim/events.ts) replaces by the word;
//! 2. every coded argument of the FD+tree lab (op kind, side, outcome, lock, mode, merge cause,
//!    reuse) is such a placeholder, and its code list names every code the lab emits.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use flashlab_core::labs::PLUGINS;
use flashlab_core::sim::EventKindInfo;

/// The sentence with every `{…}` placeholder replaced by `X`.
fn without_placeholders(text: &str) -> String {
    let (mut out, mut depth) = (String::new(), 0u32);
    for ch in text.chars() {
        match ch {
            '{' => {
                depth += 1;
                out.push('X');
            }
            '}' => depth = depth.saturating_sub(1),
            _ if depth == 0 => out.push(ch),
            _ => {}
        }
    }
    out
}

/// A code legend: a digit right after "(", ", " or ": ", then an optional ':' and a word, or
/// "= 1 if".
fn code_legend(text: &str) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    for i in 0..chars.len() {
        if !chars[i].is_ascii_digit() {
            continue;
        }
        let before: String = chars[i.saturating_sub(2)..i].iter().collect();
        let opens = before.ends_with('(') || before == ", " || before == ": ";
        let mut j = i + 1;
        if chars.get(j) == Some(&':') {
            j += 1;
        }
        let word =
            chars.get(j) == Some(&' ') && chars.get(j + 1).is_some_and(char::is_ascii_lowercase);
        if opens && word {
            return Some(
                chars[i.saturating_sub(2)..(j + 8).min(chars.len())]
                    .iter()
                    .collect(),
            );
        }
    }
    text.contains("= 1 if").then(|| "= 1 if".into())
}

#[test]
fn no_event_sentence_carries_a_code_legend() {
    for plugin in PLUGINS {
        for kind in plugin.event_kinds {
            let bare = without_placeholders(kind.text);
            assert_eq!(
                code_legend(&bare),
                None,
                "{} event {}: {}",
                plugin.name,
                kind.name,
                kind.text
            );
        }
    }
}

/// The `{x=…}` code list of argument `arg` in `kind`'s sentence, as (code, word) pairs.
fn code_list(kind: &EventKindInfo, arg: &str) -> Vec<(u32, String)> {
    let i = kind.args.iter().position(|a| *a == arg).unwrap();
    let letter = ["a", "b", "c", "d"][i];
    let start = kind
        .text
        .find(&format!("{{{letter}="))
        .unwrap_or_else(|| panic!("{}: argument {arg} is not a code placeholder", kind.name));
    let body = &kind.text[start + 3..];
    let body = &body[..body.find('}').unwrap()];
    body.split(',')
        .map(|e| {
            let (code, word) = e.split_once(':').unwrap();
            (code.trim().parse().unwrap(), word.trim().to_string())
        })
        .collect()
}

#[test]
fn every_fdtree_coded_argument_is_narrated_as_a_word_for_each_code() {
    let fdtree = PLUGINS.iter().find(|p| p.name == "fdtree").unwrap();
    let table = |name: &str| fdtree.event_kinds.iter().find(|k| k.name == name).unwrap();
    // (event, argument, the codes the lab emits: core/src/fdtree/lab/mod.rs).
    let coded: [(&str, &str, &[u32]); 7] = [
        ("op_start", "kind", &[1, 2, 3, 4]),
        ("answer", "side", &[0, 1, 2]),
        ("answer", "outcome", &[0, 1, 2, 3, 4]),
        ("lock_wait", "lock", &[0, 1, 2]),
        ("lock_wait", "mode", &[0, 1]),
        ("merge_begin", "why", &[0, 1]),
        ("use_after_reclaim", "reused", &[0, 1]),
    ];
    for (event, arg, codes) in coded {
        let list = code_list(table(event), arg);
        for code in codes {
            let word = list.iter().find(|(c, _)| c == code);
            assert!(
                word.is_some_and(|(_, w)| w.chars().any(char::is_alphabetic)),
                "{event}.{arg}: no word for code {code} in {list:?}"
            );
        }
    }
    let answer = code_list(table("answer"), "side");
    assert!(
        answer
            .iter()
            .any(|(c, w)| *c == 1 && w.contains("old side"))
    );
    assert!(
        answer
            .iter()
            .any(|(c, w)| *c == 2 && w.contains("new side"))
    );
}

/// 3. No sentence a student reads prints a sentinel: stepping every bundled scenario, no event
///    argument that its sentence shows as a plain number (`{a}`, not a `{a=…}` code list) is
///    u32::MAX ("page 4294967295" was IPA's regions run; issue 33 item 6 found Append/Pack's).
#[test]
fn no_narrated_event_argument_is_a_sentinel_in_any_bundled_scenario() {
    use flashlab_core::session::Session;
    let mut found = Vec::new();
    for lab in common::scenario_labs() {
        let plugin = PLUGINS.iter().find(|p| p.name == lab).unwrap();
        for (path, text) in common::scenario_files(&lab) {
            if common::breaks_on_purpose(&text) {
                continue;
            }
            let mut session = Session::load(&text, None).expect(&path);
            while session.step(1) == 1 {
                let step = session.run().state().step;
                for e in session
                    .run()
                    .trace()
                    .recent()
                    .filter(|e| u64::from(e.step) == step)
                {
                    let Some(kind) = plugin.event_kinds.iter().find(|k| k.code == e.kind) else {
                        continue;
                    };
                    for (i, name) in ["{a}", "{b}", "{c}", "{d}"].iter().enumerate() {
                        if kind.text.contains(name) && e.args[i] == u32::MAX {
                            found.push(format!("{path} step {step}: {} {name}", kind.name));
                        }
                    }
                }
                if found.len() > 20 {
                    break;
                }
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}
