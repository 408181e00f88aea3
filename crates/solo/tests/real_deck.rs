//! A table run beside the real cards: with the player's own shuffled deck (physical), nothing the
//! player reads names a card by the table's number for it, which is printed on no real card; with
//! a deck the program shuffles and the player keeps sorted (virtual), every card an instruction
//! names is a printed card of the card list. Each sheet is played at random, the answers to "which
//! card turned up" included, and every label, view text, step and way back after an undo is read.

use std::collections::BTreeSet;

use engine::{ChanceMode, Decider, Game, Session};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use solo::{CardTable, TableSetup, undo_events};

/// "card 12": how the table writes its own number for a card.
fn table_number_in(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut from = 0;
    while let Some(at) = text[from..].find("card ") {
        let start = from + at;
        let after = start + "card ".len();
        let word_start = start == 0 || !bytes[start - 1].is_ascii_alphabetic();
        if word_start && bytes.get(after).is_some_and(u8::is_ascii_digit) {
            let end = text[after..].find(|c: char| !c.is_ascii_digit()).map_or(text.len(), |e| after + e);
            return Some(text[start..end].to_string());
        }
        from = after;
    }
    None
}

/// The printed numbers a text names ("#14"), each as a number.
fn printed_numbers_in(text: &str) -> Vec<u16> {
    let mut out = Vec::new();
    for (i, _) in text.match_indices('#') {
        let digits: String = text[i + 1..].chars().take_while(char::is_ascii_digit).collect();
        if let Ok(n) = digits.parse() {
            out.push(n);
        }
    }
    out
}

/// Everything the player reads at this state: the labels of the legal actions and the view's words.
fn read_now(table: &CardTable) -> Vec<String> {
    let mut texts: Vec<String> = table.legal().iter().map(|a| table.action_label(a)).collect();
    let view = table.observe(table.active());
    texts.push(view.waiting_for.clone());
    texts.extend(view.reminders.iter().cloned());
    texts.extend(view.labels.values().cloned());
    texts
}

/// Plays `setup` at random for `steps` steps, undoing now and then, and hands every text the
/// player reads to `check` with where it was read.
fn play_and_read(setup: TableSetup, seed: u64, steps: usize, check: &mut dyn FnMut(&str, &str)) {
    let game = setup.game.clone();
    let mut session = Session::<CardTable>::new(setup, seed, ChanceMode::Auto).expect("the table deals");
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5EA1);
    for text in session.setup_events() {
        check(text, &format!("{game} seed {seed}: the setup"));
    }
    for step in 0..steps {
        let at = format!("{game} seed {seed} step {step}");
        for text in read_now(session.state()) {
            check(&text, &at);
        }
        let legal = session.state().legal();
        if legal.is_empty() {
            break;
        }
        let undoable = session.undo_target().is_some_and(|e| !e.barrier && e.by != Decider::Chance);
        if undoable && engine::below(&mut rng, 4) == 0 {
            let current = session.state().clone();
            session.undo().expect("an undoable step undoes");
            for back in undo_events(&current, session.state()) {
                check(&back.to_string(), &format!("{at}: the way back after an undo"));
            }
            continue;
        }
        let action = legal[engine::below(&mut rng, legal.len())].clone();
        session.apply(&action).expect("a legal action applies");
        for text in session.events().last().cloned().unwrap_or_default() {
            check(&text, &format!("{at}: the step's events"));
        }
    }
}

fn table_ids() -> Vec<String> {
    solo::playsheets().expect("the playsheets load").iter().map(|s| s.id.clone()).collect()
}

#[test]
fn a_physical_table_never_names_a_card_by_the_tables_number() {
    let mut read = 0usize;
    for game in table_ids() {
        let manifest = solo::manifest(&game).ok().map(|m| m.as_ref().clone());
        // With the shipped card list, and without any (every card then unnamed).
        for manifest in [manifest, None] {
            for seed in 0..3u64 {
                let setup = TableSetup { manifest: manifest.clone(), physical: true, ..TableSetup::new(&game) };
                play_and_read(setup, seed, 250, &mut |text, at| {
                    read += 1;
                    if let Some(number) = table_number_in(text) {
                        panic!("{at}: '{text}' names {number}, a number printed on no real card");
                    }
                });
            }
        }
    }
    assert!(read > 50_000, "only {read} texts were read");
}

#[test]
fn a_virtual_table_names_only_printed_cards_of_its_list() {
    let mut sheets = 0;
    for game in table_ids() {
        let Ok(manifest) = solo::manifest(&game) else { continue };
        if !solo::virtual_deck_offered(&manifest) {
            continue;
        }
        sheets += 1;
        let printed: BTreeSet<u16> = manifest.cards.iter().filter_map(|c| c.number).collect();
        for seed in 0..3u64 {
            let setup = TableSetup::with_manifest(manifest.as_ref().clone());
            play_and_read(setup, seed, 250, &mut |text, at| {
                if let Some(number) = table_number_in(text) {
                    panic!("{at}: '{text}' names {number}, which is no printed card");
                }
                for n in printed_numbers_in(text) {
                    assert!(printed.contains(&n), "{at}: '{text}' names #{n}, which the card list does not print");
                }
            });
        }
    }
    // The offer is read from the list's counts; a dealt table agrees with it for every list.
    for m in solo::manifests().expect("the lists load") {
        let dealt = CardTable::new(&TableSetup::with_manifest(m.as_ref().clone())).expect("a table deals");
        assert_eq!(solo::virtual_deck_offered(m), dealt.all_named(), "{}", m.game);
    }
    // Every sheet whose shipped list names every card; the Commands & Colors ones do not.
    assert!(sheets >= 5, "only {sheets} sheets offer a deck cdgsolo shuffles");
}

#[test]
fn a_card_named_by_its_kind_tells_the_table_what_it_is_while_in_sight() {
    let manifest = solo::manifest("cc-napoleonics").expect("the Napoleonics catalogue ships");
    assert!(manifest.kinds, "the Commands & Colors lists are catalogues of kinds");
    let setup = TableSetup { physical: true, ..TableSetup::with_manifest(manifest.as_ref().clone()) };
    let mut session = Session::<CardTable>::new(setup, 7, ChanceMode::Auto).expect("the table deals");
    let kinds: Vec<String> = session.state().card_kinds().iter().map(|k| k.name.name.clone()).collect();
    let probe = kinds.iter().position(|k| k == "Probe Left Flank").expect("Probe Left Flank is a kind");
    let charge = kinds.iter().position(|k| k == "Bayonet Charge").expect("Bayonet Charge is a kind");
    // The table asks about slot A, then slot B, of the first side.
    session.apply_id(&format!("identify-kind-{probe}")).expect("slot A is named");
    session.apply_id(&format!("identify-kind-{charge}")).expect("slot B is named");
    let table = session.state();
    let a = table.display(0).slot(solo::SlotName::A)[0].card;
    let b = table.display(0).slot(solo::SlotName::B)[0].card;
    assert_eq!(table.card_label(a), "Probe Left Flank");
    assert_eq!(table.facts(a).special, Some(false), "a Section card is not a Tactic card");
    assert_eq!(table.facts(b).special, Some(true), "Bayonet Charge is a Tactic card");
    let view = table.observe(0);
    assert_eq!(view.cards.get(&a.0).map(|n| n.name.as_str()), Some("Probe Left Flank"));
    // A kind is named once per card: the same card is never asked about again.
    assert!(
        !session.state().legal().iter().any(|x| matches!(x, solo::TableAction::NameKind { card, .. } if *card == a)),
        "slot A is not asked about again"
    );
}

#[test]
fn an_election_day_event_of_1960_is_boxed_as_the_card_list_says_never_asked() {
    let manifest = solo::manifest("1960").expect("the 1960 list ships");
    let listed: Vec<u16> =
        manifest.cards.iter().filter(|c| c.election_day == Some(true)).filter_map(|c| c.number).collect();
    assert_eq!(listed, [7, 32, 33, 90], "the Election Day events of the card list");
    let (mut boxed, mut others) = (0, 0);
    for seed in 0..40u64 {
        let mut session =
            Session::<CardTable>::new(TableSetup::with_manifest(manifest.as_ref().clone()), seed, ChanceMode::Auto)
                .expect("the table deals");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..400 {
            let legal = session.state().legal();
            if legal.is_empty() {
                break;
            }
            let table = session.state();
            let offers_box = legal.iter().any(|a| table.action_label(a).contains("is an Election Day event"));
            let last_event = session.log().iter().rev().find(|e| e.by != Decider::Chance).and_then(|e| {
                let rest = e.id.strip_prefix("play-")?.strip_suffix("-event")?;
                rest.parse::<u16>().ok()
            });
            let game_turn = table.observe(0).markers.get("game turn").map_or(1, |v| v[0].max(1));
            // On Election Day itself (turn 9) an event is resolved at once: no box.
            if let Some(id) = last_event.filter(|_| game_turn < 9) {
                let number = table.card_name(solo::CardId(id)).and_then(|n| n.number);
                let ends = legal.iter().any(|a| table.action_id(a) == "end-turn");
                if number.is_some_and(|n| listed.contains(&n)) {
                    assert!(!ends, "seed {seed}: #{number:?} waits for Election Day: the turn does not end first");
                    boxed += usize::from(offers_box);
                } else {
                    assert!(!offers_box, "seed {seed}: #{number:?} is no Election Day event, yet the box is offered");
                    others += usize::from(ends);
                }
            }
            let action = legal[engine::below(&mut rng, legal.len())].clone();
            session.apply(&action).expect("a legal action applies");
        }
    }
    assert!(boxed > 0 && others > 0, "both kinds of event were played ({boxed} and {others})");
}

#[test]
fn a_card_a_rule_takes_out_of_the_deck_by_name_keeps_its_name_on_a_physical_table() {
    // Pursuit of Glory's setup sets #1 Russo-British Assault beside the Allied display: the player
    // searches the real deck for it, so the table may call it by name.
    let manifest = solo::manifest("pursuit-of-glory").expect("the list ships");
    let setup = TableSetup { physical: true, ..TableSetup::with_manifest(manifest.as_ref().clone()) };
    let session = Session::<CardTable>::new(setup, 5, ChanceMode::Auto).expect("the table deals");
    assert!(
        session
            .setup_events()
            .iter()
            .any(|e| e.starts_with("Set #1 Russo-British Assault from Allied Powers' deck beside")),
        "{:?}",
        session.setup_events()
    );
    let reminders = session.state().observe(0).reminders.join(" ");
    assert!(reminders.contains("#1 Russo-British Assault"), "{reminders}");
}

#[test]
fn a_card_a_rule_moves_from_beside_the_display_into_it_stays_named() {
    // Pursuit of Glory: Russo-British Assault, not played from beside the display, takes the place of
    // the first card played from it; the table must not ask which card it is, nor offer it for another.
    let manifest = solo::manifest("pursuit-of-glory").expect("the list ships");
    let mut seen_moved_in = false;
    for seed in 0..20u64 {
        let setup = TableSetup { physical: true, ..TableSetup::with_manifest(manifest.as_ref().clone()) };
        let mut session = Session::<CardTable>::new(setup, seed, ChanceMode::Auto).expect("the table deals");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let assault = solo::CardId(1);
        for _ in 0..60 {
            let table = session.state();
            let legal = table.legal();
            if legal.is_empty() {
                break;
            }
            // Only while it is in sight: shuffled back into the deck (the Allies may decline it) or
            // turned face-down, it is any card again.
            let in_sight =
                table.display(0).beside.contains(&assault) || table.display(0).face_up().any(|(_, c)| c == assault);
            let moved_in = table.display(0).face_up().any(|(_, c)| c == assault);
            seen_moved_in |= moved_in;
            for action in legal.iter().filter(|_| in_sight) {
                if let solo::TableAction::Identify { card, real } = action {
                    assert_ne!(*card, assault, "seed {seed}: the table asks which card Russo-British Assault is");
                    assert_ne!(*real, assault, "seed {seed}: Russo-British Assault offered as another card");
                }
            }
            // Prefer plays from the display, so the Assault moves in.
            let plays: Vec<_> = legal.iter().filter(|a| matches!(a, solo::TableAction::Play { .. })).collect();
            let action = if plays.is_empty() { &legal[engine::below(&mut rng, legal.len())] } else { plays[0] };
            session.apply(&action.clone()).expect("a legal action applies");
        }
    }
    assert!(seen_moved_in, "Russo-British Assault never moved into the display");
}
