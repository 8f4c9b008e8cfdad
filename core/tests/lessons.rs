//! Lessons (docs/LESSONS.md, issue 31 item 1), checked against the simulation natively:
//!
//! 1. Shape: 12–25 steps, at least 6 questions of at least three kinds, one of them a click in
//!    the view, and at least four distinct stops (scenario, step) in the run.
//! 2. Every question is answered by the simulation: its metrics exist at the steps it reads, a
//!    choice value falls in exactly one choice, a click value is a mark id (a non-negative
//!    integer), an order question's values all differ.
//! 3. No question is spoiled: it is asked before the step that reveals it, and the value the
//!    question is about, as the screen shows it at the step where it is asked, does not already
//!    answer it.
//! 4. Every number in a step's text is true of the run: a computed number is a `{metric}`
//!    placeholder (it must exist at that step), and any other number with a unit is quoted with
//!    its source.
//! 5. Teacher notes: a lesson states at least two learning goals and at least one misconception,
//!    each confronted by a bundled scenario (at a step within its run).
//! 6. Practice mode: every question not marked `"practice": false` stays well defined on other
//!    seeds (`PRACTICE_SEEDS`): its metrics exist, one choice holds, a click names a mark, an
//!    order's values differ.
//!
//! Browser-side rules (focus and click targets on screen, a walk answering every question
//! through the page) are in e2e/lessons.spec.ts.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::{BTreeMap, BTreeSet};

use common::{repo_path, scenario_labs};
use flashlab_core::session::Session;
use serde_json::Value;

type Metrics = BTreeMap<String, f64>;

struct Lesson {
    lab: String,
    name: String,
    body: Value,
}

fn lessons() -> Vec<Lesson> {
    let mut out = Vec::new();
    for lab in scenario_labs() {
        let dir = repo_path(&format!("scenarios/{lab}/lessons"));
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut files: Vec<_> = entries
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        files.sort();
        for path in files {
            let text = std::fs::read_to_string(&path).unwrap();
            let body: Value =
                serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let name = path.file_stem().unwrap().to_string_lossy().to_string();
            out.push(Lesson {
                lab: lab.clone(),
                name,
                body,
            });
        }
    }
    out
}

/// Runs of a lab's bundled scenarios, each loaded once and sought to the steps a lesson reads.
/// Seeds on which practice questions must stay answerable (practice mode draws any seed; these
/// stand for them).
const PRACTICE_SEEDS: [u64; 3] = [11, 12, 13];

struct Runs {
    lab: String,
    seed: Option<u64>,
    sessions: BTreeMap<String, (Session, u64)>,
    cache: BTreeMap<(String, u64), Metrics>,
}

impl Runs {
    fn new(lab: &str, seed: Option<u64>) -> Self {
        Self {
            lab: lab.to_string(),
            seed,
            sessions: BTreeMap::new(),
            cache: BTreeMap::new(),
        }
    }

    fn total(&mut self, scenario: &str) -> Result<u64, String> {
        self.session(scenario).map(|(_, total)| *total)
    }

    fn session(&mut self, scenario: &str) -> Result<&mut (Session, u64), String> {
        if !self.sessions.contains_key(scenario) {
            let path = repo_path(&format!("scenarios/{}/{scenario}.json", self.lab));
            let text = std::fs::read_to_string(&path)
                .map_err(|_| format!("scenario {scenario} is not bundled with lab {}", self.lab))?;
            let session =
                Session::load(&text, self.seed).map_err(|e| format!("{scenario}: {e}"))?;
            let mut to_end = session.clone();
            to_end.run_to_end();
            let total = to_end.run().state().step;
            self.sessions.insert(scenario.to_string(), (session, total));
        }
        Ok(self.sessions.get_mut(scenario).unwrap())
    }

    fn metrics(&mut self, scenario: &str, step: u64) -> Result<Metrics, String> {
        let key = (scenario.to_string(), step);
        if let Some(m) = self.cache.get(&key) {
            return Ok(m.clone());
        }
        let practice = self.seed.is_some();
        let (session, total) = self.session(scenario)?;
        // On another seed a run may end sooner; the reader's seek stops at the end, so a step
        // past it reads the last one (a question "at the end of the run" stays one).
        let step = if practice { step.min(*total) } else { step };
        if step > *total {
            return Err(format!(
                "step {step} is past the end of {scenario} ({total} steps)"
            ));
        }
        session.seek(step);
        let metrics: Metrics = session
            .metrics_json()
            .as_object()
            .unwrap()
            .iter()
            .filter_map(|(k, v)| v.as_f64().map(|x| (k.clone(), x)))
            .collect();
        self.cache.insert(key, metrics.clone());
        Ok(metrics)
    }

    fn metric(&mut self, scenario: &str, step: u64, name: &str) -> Result<f64, String> {
        self.metrics(scenario, step)?
            .get(name)
            .copied()
            .ok_or_else(|| format!("no metric {name:?} at step {step} of {scenario}"))
    }
}

/// The `{metric}` / `{metric:D}` placeholders of a text, and the text with them blanked.
fn placeholders(text: &str) -> (Vec<String>, String) {
    let mut names = Vec::new();
    let mut rest = String::new();
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c == '{'
            && let Some(end) = text[i..].find('}')
        {
            let inner = &text[i + 1..i + end];
            let name = inner.split(':').next().unwrap_or("");
            names.push(name.to_string());
            rest.push_str(" # ");
            while chars.peek().is_some_and(|(j, _)| *j <= i + end) {
                chars.next();
            }
            continue;
        }
        rest.push(c);
    }
    (names, rest)
}

const UNITS: &[&str] = &[
    "MB/s", "KB/s", "GB/s", "ms", "µs", "us", "ns", "s", "KiB", "MiB", "GiB", "KB", "MB", "GB",
    "TB", "B", "%", "×", "x", "pages", "page", "blocks", "block", "writes", "reads", "erases",
    "steps", "loops", "pulses", "requests", "ops", "IOPS", "mV", "V", "rpm", "RPM", "bytes",
    "records", "runs", "keys", "entries", "updates", "commits",
];

/// Numbers followed by a unit in `text` (placeholders already blanked).
fn numbers_with_units(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let starts_number = chars[i].is_ascii_digit()
            && (i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '.'));
        if !starts_number {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < chars.len()
            && (chars[j].is_ascii_digit()
                || ((chars[j] == '.' || chars[j] == ',')
                    && chars.get(j + 1).is_some_and(char::is_ascii_digit)))
        {
            j += 1;
        }
        let number: String = chars[i..j].iter().collect();
        let mut k = j;
        while k < chars.len() && matches!(chars[k], ' ' | '\u{a0}' | '\u{2009}' | '\u{202f}') {
            k += 1;
        }
        let after: String = chars[k..].iter().collect();
        let unit = UNITS.iter().find(|u| {
            after.starts_with(**u)
                && !after[u.len()..]
                    .chars()
                    .next()
                    .is_some_and(char::is_alphanumeric)
        });
        if let Some(unit) = unit {
            found.push(format!("{number} {unit}"));
        }
        i = j.max(i + 1);
    }
    found
}

fn text_of<'a>(v: &'a Value, key: &str) -> &'a str {
    v.get(key).and_then(Value::as_str).unwrap_or("")
}

/// The value a metric question is about at `step`: the metric there, or its change since `from`
/// (None when `from` is after `step`: not yet computable on screen).
fn shown_value(
    runs: &mut Runs,
    scenario: &str,
    q: &Value,
    step: u64,
) -> Result<Option<f64>, String> {
    let metric = text_of(q, "metric");
    let at = runs.metric(scenario, step, metric)?;
    match q.get("from").and_then(Value::as_u64) {
        None => Ok(Some(at)),
        Some(from) if from <= step => Ok(Some(at - runs.metric(scenario, from, metric)?)),
        Some(_) => Ok(None),
    }
}

fn choice_of(q: &Value, value: f64) -> Vec<usize> {
    q["choices"]
        .as_array()
        .map(|cs| {
            cs.iter()
                .enumerate()
                .filter(|(_, c)| {
                    c.get("min")
                        .and_then(Value::as_f64)
                        .is_none_or(|m| value >= m)
                        && c.get("max")
                            .and_then(Value::as_f64)
                            .is_none_or(|m| value <= m)
                })
                .map(|(i, _)| i)
                .collect()
        })
        .unwrap_or_default()
}

fn order_of(values: &[f64]) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..values.len()).collect();
    idx.sort_by(|a, b| values[*a].total_cmp(&values[*b]));
    idx
}

fn check_question(
    runs: &mut Runs,
    scenario: &str,
    step: u64,
    q: &Value,
    text: &str,
) -> Result<(), String> {
    let kind = text_of(q, "kind");
    let reveal = q["reveal"].as_u64().ok_or("reveal: expected a step")?;
    if reveal <= step {
        return Err(format!(
            "asked at step {step} but revealed at {reveal}: ask before the reveal"
        ));
    }
    if reveal > runs.total(scenario)? {
        return Err(format!("reveal {reveal} is past the end of {scenario}"));
    }
    if kind == "order" {
        let items = q["items"].as_array().ok_or("order: items missing")?;
        if items.len() < 2 {
            return Err("order: at least two items".into());
        }
        let mut at_reveal = Vec::new();
        let mut at_step = Vec::new();
        for item in items {
            let metric = text_of(item, "metric");
            at_reveal.push(runs.metric(scenario, reveal, metric)?);
            at_step.push(runs.metric(scenario, step, metric)?);
        }
        let distinct: BTreeSet<u64> = at_reveal.iter().map(|v| v.to_bits()).collect();
        if distinct.len() != at_reveal.len() {
            return Err(format!(
                "order: values at reveal are not all different: {at_reveal:?}"
            ));
        }
        if order_of(&at_reveal) == (0..at_reveal.len()).collect::<Vec<_>>() {
            return Err("order: the items are listed in their right order".into());
        }
        let shown_distinct: BTreeSet<u64> = at_step.iter().map(|v| v.to_bits()).collect();
        if shown_distinct.len() == at_step.len() && order_of(&at_step) == order_of(&at_reveal) {
            return Err(format!(
                "order: already in its final order when asked ({at_step:?})"
            ));
        }
        return Ok(());
    }
    let metric = text_of(q, "metric");
    if placeholders(text).0.iter().any(|p| p == metric) {
        return Err(format!("the step's text shows {metric}, the answer"));
    }
    let truth = shown_value(runs, scenario, q, reveal)?.ok_or("from after reveal")?;
    if !truth.is_finite() {
        return Err(format!("{metric} at {reveal} is not finite"));
    }
    let shown = shown_value(runs, scenario, q, step)?;
    match kind {
        "number" => {
            let tolerance = q.get("tolerance").and_then(Value::as_f64).unwrap_or(0.0);
            if shown.is_some_and(|s| (s - truth).abs() <= tolerance) {
                return Err(format!(
                    "{metric} is already {shown:?} on screen when asked (answer {truth})"
                ));
            }
        }
        "choice" => {
            let holding = choice_of(q, truth);
            if holding.len() != 1 {
                return Err(format!(
                    "{metric} = {truth} falls in {} choices, not one",
                    holding.len()
                ));
            }
            if shown.is_some_and(|s| choice_of(q, s) == holding) {
                return Err(format!(
                    "{metric} already falls in the right choice when asked ({shown:?})"
                ));
            }
        }
        "click" => {
            if truth < 0.0 || truth.fract() != 0.0 {
                return Err(format!("{metric} = {truth} is not a mark id"));
            }
            if text_of(q, "target").is_empty() {
                return Err("click: target missing".into());
            }
            if shown == Some(truth) {
                return Err(format!("{metric} is already {truth} when asked"));
            }
        }
        other => return Err(format!("unknown kind {other:?}")),
    }
    Ok(())
}

fn check_step(
    runs: &mut Runs,
    scenario: &str,
    step: u64,
    s: &Value,
) -> Result<Option<String>, String> {
    let total = runs.total(scenario)?;
    if step > total {
        return Err(format!(
            "step {step} is past the end of {scenario} ({total} steps)"
        ));
    }
    let text = text_of(s, "text");
    let (names, blanked) = placeholders(text);
    for name in names {
        runs.metric(scenario, step, &name)?;
    }
    let mut rest = blanked;
    for quote in s
        .get("quotes")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let quoted = text_of(quote, "text");
        let source = text_of(quote, "source");
        if !(source == "scenario" || source == "model" || source.starts_with("paper")) {
            return Err(format!(
                "quote {quoted:?}: source must be scenario, model or paper …"
            ));
        }
        if quoted.is_empty() || !rest.contains(quoted) {
            return Err(format!("quote {quoted:?} is not in the text"));
        }
        rest = rest.replace(quoted, " ");
    }
    let loose = numbers_with_units(&rest);
    if !loose.is_empty() {
        return Err(format!("numbers neither computed nor quoted: {loose:?}"));
    }
    match s.get("question") {
        None => Ok(None),
        Some(q) => {
            check_question(runs, scenario, step, q, text).map_err(|e| format!("question: {e}"))?;
            Ok(Some(text_of(q, "kind").to_string()))
        }
    }
}

fn check_lesson(lesson: &Lesson) -> Vec<String> {
    let mut problems = Vec::new();
    let mut runs = Runs::new(&lesson.lab, None);
    let default = text_of(&lesson.body, "scenario").to_string();
    let steps = lesson.body["steps"].as_array().cloned().unwrap_or_default();
    if !(12..=25).contains(&steps.len()) {
        problems.push(format!("{} steps (12–25 wanted)", steps.len()));
    }
    let mut kinds = Vec::new();
    let mut stops = BTreeSet::new();
    let mut previous: Option<(String, u64)> = None;
    for (i, s) in steps.iter().enumerate() {
        let scenario = s
            .get("scenario")
            .and_then(Value::as_str)
            .unwrap_or(&default)
            .to_string();
        let step = s["step"].as_u64().unwrap_or(u64::MAX);
        if let Some((ps, pstep)) = &previous
            && *ps == scenario
            && step < *pstep
        {
            problems.push(format!("steps[{i}]: goes back in time on {scenario}"));
        }
        previous = Some((scenario.clone(), step));
        stops.insert((scenario.clone(), step));
        match check_step(&mut runs, &scenario, step, s) {
            Ok(Some(kind)) => kinds.push(kind),
            Ok(None) => {}
            Err(e) => problems.push(format!("steps[{i}] ({}): {e}", text_of(s, "title"))),
        }
    }
    let distinct_kinds: BTreeSet<&String> = kinds.iter().collect();
    if kinds.len() < 6 || distinct_kinds.len() < 3 || !kinds.iter().any(|k| k == "click") {
        problems.push(format!(
            "questions {kinds:?}: at least 6, of at least three kinds, one a click"
        ));
    }
    if stops.len() < 4 {
        problems.push(format!("{} distinct stops (4 wanted)", stops.len()));
    }
    problems
        .into_iter()
        .map(|p| format!("{}/{}: {p}", lesson.lab, lesson.name))
        .collect()
}

/// Step 5: goals and misconceptions for the teacher notes.
fn check_teacher_notes(lesson: &Lesson, runs: &mut Runs) -> Vec<String> {
    let mut problems = Vec::new();
    let goals = lesson.body["goals"].as_array().map_or(0, Vec::len);
    if goals < 2 {
        problems.push(format!("{goals} learning goals (2 wanted)"));
    }
    let misconceptions = lesson.body["misconceptions"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    if misconceptions.is_empty() {
        problems.push("no misconception (1 wanted, with the scenario that confronts it)".into());
    }
    for m in &misconceptions {
        let scenario = text_of(m, "scenario");
        let step = m.get("step").and_then(Value::as_u64).unwrap_or(0);
        match runs.total(scenario) {
            Ok(total) if step <= total => {}
            Ok(total) => problems.push(format!("misconception: step {step} past {total}")),
            Err(e) => problems.push(format!("misconception: {e}")),
        }
    }
    problems
}

/// Step 6: a practice question is well defined on another seed (not checked for spoilers: the
/// student sees only the question there).
fn check_practice(lab: &str, body: &Value, seed: u64) -> Vec<String> {
    let mut runs = Runs::new(lab, Some(seed));
    let default = text_of(body, "scenario").to_string();
    let mut problems = Vec::new();
    for (i, s) in body["steps"].as_array().into_iter().flatten().enumerate() {
        let Some(q) = s.get("question") else { continue };
        if q.get("practice").and_then(Value::as_bool) == Some(false) {
            continue;
        }
        let scenario = s
            .get("scenario")
            .and_then(Value::as_str)
            .unwrap_or(&default);
        if let Err(e) = defined(&mut runs, scenario, q) {
            problems.push(format!(
                "steps[{i}] on practice seed {seed}: {e} (mark it \"practice\": false if it is about one seed's run)"
            ));
        }
    }
    problems
}

fn defined(runs: &mut Runs, scenario: &str, q: &Value) -> Result<(), String> {
    let reveal = q["reveal"].as_u64().ok_or("reveal missing")?;
    if text_of(q, "kind") == "order" {
        let mut values = BTreeSet::new();
        for item in q["items"].as_array().into_iter().flatten() {
            values.insert(
                runs.metric(scenario, reveal, text_of(item, "metric"))?
                    .to_bits(),
            );
        }
        let items = q["items"].as_array().map_or(0, Vec::len);
        return if values.len() == items {
            Ok(())
        } else {
            Err("order: two items tie".into())
        };
    }
    let truth = shown_value(runs, scenario, q, reveal)?.ok_or("from after reveal")?;
    match text_of(q, "kind") {
        "choice" if choice_of(q, truth).len() != 1 => {
            Err(format!("value {truth} is not in exactly one choice"))
        }
        "click" if truth < 0.0 || truth.fract() != 0.0 => Err(format!("{truth} is not a mark")),
        _ if !truth.is_finite() => Err(format!("{truth} is not finite")),
        _ => Ok(()),
    }
}

#[test]
fn every_lesson_states_goals_and_misconceptions_each_confronted_by_a_scenario() {
    let problems: Vec<String> = lessons()
        .iter()
        .flat_map(|l| {
            check_teacher_notes(l, &mut Runs::new(&l.lab, None))
                .into_iter()
                .map(|p| format!("{}/{}: {p}", l.lab, l.name))
        })
        .collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_practice_question_stays_answerable_on_other_seeds() {
    let mut problems = Vec::new();
    for lesson in lessons() {
        for seed in PRACTICE_SEEDS {
            for p in check_practice(&lesson.lab, &lesson.body, seed) {
                problems.push(format!("{}/{}: {p}", lesson.lab, lesson.name));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_lesson_is_answered_by_its_run_unspoiled_and_true_of_the_screen() {
    let all = lessons();
    let problems: Vec<String> = all.iter().flat_map(check_lesson).collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_lesson_name_is_not_also_a_tour_name() {
    for lesson in lessons() {
        let tour = repo_path(&format!(
            "scenarios/{}/tours/{}.json",
            lesson.lab, lesson.name
        ));
        assert!(!tour.exists(), "{}/{} is both", lesson.lab, lesson.name);
    }
}

#[test]
fn the_text_checks_catch_a_typed_number_and_accept_placeholders_and_quotes() {
    let (names, blanked) = placeholders("WA is {write_amplification:2} after 4 KB writes");
    assert_eq!(names, vec!["write_amplification"]);
    assert_eq!(numbers_with_units(&blanked), vec!["4 KB"]);
    assert_eq!(
        numbers_with_units("it took 12.5 ms and 3× more"),
        vec!["12.5 ms", "3 ×"]
    );
    assert!(numbers_with_units("Fig. 6, §4.2, level L0, 2 of them").is_empty());
    assert_eq!(order_of(&[3.0, 1.0, 2.0]), vec![1, 2, 0]);
}

/// Labs whose lesson is not written yet (a ratchet: it may only shrink).
const LABS_WITHOUT_A_LESSON: &[&str] = &[];

#[test]
fn every_lab_has_a_lesson_but_the_listed_ones() {
    let with: BTreeSet<String> = lessons().into_iter().map(|l| l.lab).collect();
    for lab in scenario_labs() {
        let listed = LABS_WITHOUT_A_LESSON.contains(&lab.as_str());
        assert_eq!(
            with.contains(&lab),
            !listed,
            "{lab}: {}",
            if listed {
                "has a lesson now: take it off LABS_WITHOUT_A_LESSON"
            } else {
                "has no lesson in scenarios/<lab>/lessons"
            }
        );
    }
}
