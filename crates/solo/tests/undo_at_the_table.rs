//! Undo as a player at a real table can carry it out: a play and the cards that then went
//! face-down into its slots are taken back together (the face-down cards, seen by nobody, go back
//! into their deck), with the player's own shuffled cards and with the deck cdgsolo shuffles; what
//! was seen (a die, a card turned up, a shuffle) still stands, and the refusal says what it was.

use engine::{ChanceMode, Decider, Game, Session};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use solo::{CardTable, TableSetup};

/// Plays `setup` at random until the last decision is a play (or any decision) followed by
/// face-down draws; answers the session there, or `None` within 400 steps.
fn after_a_decision_and_face_down_draws(setup: TableSetup, seed: u64) -> Option<Session<CardTable>> {
    let mut session = Session::<CardTable>::new(setup, seed, ChanceMode::Auto).expect("the table deals");
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x0D0);
    for _ in 0..400 {
        let log = session.log();
        let drawn = log.last().is_some_and(|e| e.by == Decider::Chance && !e.barrier);
        let decided = session.undo_target().is_some_and(|e| e.by != Decider::Chance && !e.barrier);
        if drawn && decided && session.undo_target().is_some_and(|e| e.id.starts_with("play")) {
            return Some(session);
        }
        let legal = session.state().legal();
        if legal.is_empty() {
            return None;
        }
        // Plays are what a player most often takes back: they are chosen first when offered.
        let plays: Vec<_> = legal.iter().filter(|a| session.state().action_id(a).starts_with("play")).collect();
        let action = if !plays.is_empty() && engine::below(&mut rng, 2) == 0 {
            plays[engine::below(&mut rng, plays.len())].clone()
        } else {
            legal[engine::below(&mut rng, legal.len())].clone()
        };
        session.apply(&action).expect("a legal action applies");
    }
    None
}

#[test]
fn a_play_and_its_face_down_refills_are_taken_back_together_in_table_words() {
    let mut found = [0usize; 2];
    for sheet in solo::playsheets().expect("the playsheets load") {
        let manifest = solo::manifest(&sheet.id).ok().map(|m| m.as_ref().clone());
        let virtual_offered = manifest.as_ref().is_some_and(solo::virtual_deck_offered);
        for (k, physical) in [true, false].into_iter().enumerate() {
            if !physical && !virtual_offered {
                continue;
            }
            for seed in 0..6u64 {
                let setup = TableSetup { manifest: manifest.clone(), physical, ..TableSetup::new(&sheet.id) };
                let Some(mut session) = after_a_decision_and_face_down_draws(setup, seed) else { continue };
                let steps = session.log().len();
                let play = session.undo_target().map(|e| e.id.clone()).expect("a play");
                let draws = session.log().iter().rev().take_while(|e| e.by == Decider::Chance).count();
                let told = session.undo_told().unwrap_or_else(|e| panic!("{} seed {seed}: {e}", sheet.id));
                let context = format!("{} (physical {physical}) seed {seed}: undo of {play}: {told:?}", sheet.id);
                assert_eq!(session.log().len(), steps - draws - 1, "{context}");
                // The play is legal again, and each face-down card goes back into its deck.
                assert!(session.state().legal().iter().any(|a| session.state().action_id(a) == play), "{context}");
                let back = if physical { "back on top of" } else { "in its number order" };
                let words = told.iter().filter(|t| t.contains(back)).count();
                assert!(words >= 1 && words <= draws, "{context}");
                // The table's own numbers ("card 12") are printed on no real card.
                let numbered = |t: &String| {
                    t.match_indices("card ").any(|(i, _)| t[i + 5..].starts_with(|c: char| c.is_ascii_digit()))
                };
                assert!(!told.iter().any(numbered), "{context}: a table number");
                found[k] += 1;
            }
        }
    }
    assert!(found[0] >= 10, "with the player's own cards: {found:?}");
    assert!(found[1] >= 5, "with the deck cdgsolo shuffles: {found:?}");
}

#[test]
fn a_fate_die_still_stands_and_the_refusal_names_it() {
    for physical in [true, false] {
        let setup = TableSetup { physical, ..TableSetup::new("cc-napoleonics") };
        let mut session = Session::<CardTable>::new(setup, 3, ChanceMode::Auto).expect("the table deals");
        let roll = session
            .state()
            .legal()
            .into_iter()
            .find(|a| session.state().action_id(a) == "roll")
            .expect("the active side may roll");
        session.apply(&roll).expect("the roll");
        let steps = session.log().len();
        let err = session.undo().expect_err("the die has been seen");
        let text = err.to_string();
        assert!(text.contains("stands") && text.contains("Fate Die"), "{text}");
        assert_eq!(session.log().len(), steps, "nothing was taken back");
    }
}

/// The log of a table with the player's own cards says how each drawn card lies: face-up (the
/// player sees it and names it) or face-down, never "a card you cannot see" for one drawn face-up.
#[test]
fn the_log_says_a_card_drawn_face_up_was_drawn_face_up() {
    let (mut up, mut down) = (0, 0);
    for game in ["cc-napoleonics", "wilderness-war", "pursuit-of-glory", "1960"] {
        // With the shipped card list: a card turned up is then named by the player, and until then
        // the table cannot tell it from the others.
        let manifest = solo::manifest(game).ok().map(|m| m.as_ref().clone());
        let setup = TableSetup { physical: true, manifest, ..TableSetup::new(game) };
        let mut session = Session::<CardTable>::new(setup, 5, ChanceMode::Auto).expect("the table deals");
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for _ in 0..200 {
            let legal = session.state().legal();
            if legal.is_empty() {
                break;
            }
            session.apply(&legal[engine::below(&mut rng, legal.len())]).expect("a legal action applies");
        }
        let mut labels = Vec::new();
        session
            .replay_to(session.log().len(), |_, before, action, _| {
                if before.to_move() == engine::ToMove::Chance {
                    labels.push(engine::label_seen_by(before, 0, action));
                }
            })
            .expect("the log replays");
        for label in &labels {
            assert_ne!(label, "a card is drawn that you cannot see", "{game}: {labels:?}");
        }
        up += labels.iter().filter(|l| *l == "a card is drawn face-up").count();
        down += labels.iter().filter(|l| *l == "a card is drawn face-down").count();
    }
    assert!(up > 5 && down > 5, "face-up {up}, face-down {down}");
}

#[test]
fn a_table_says_whose_shuffle_it_follows() {
    for (physical, words) in [(true, "your own cards"), (false, "cdgsolo shuffles")] {
        let setup = TableSetup { physical, ..TableSetup::new("wilderness-war") };
        let table = CardTable::new(&setup).expect("the table deals");
        assert_eq!(table.deck_words().as_deref(), Some(words));
    }
}

/// What undo cannot take back is asked once first: a card named, a random discard, the Infantry
/// Square's random card; a marker moved is not asked.
#[test]
fn a_step_no_undo_takes_back_is_asked_first() {
    let manifest = solo::manifest("cc-napoleonics").ok().map(|m| m.as_ref().clone());
    let setup = TableSetup { physical: true, manifest, ..TableSetup::new("cc-napoleonics") };
    let mut session = Session::<CardTable>::new(setup, 2, ChanceMode::Auto).expect("the table deals");
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..300 {
        let state = session.state().clone();
        let legal = state.legal();
        if legal.is_empty() {
            break;
        }
        for action in &legal {
            let id = state.action_id(action);
            let kind = if id.starts_with("form-square") {
                "square"
            } else if id.starts_with("random-discard") {
                "random discard"
            } else if id.starts_with("identify") {
                "naming"
            } else if id.starts_with("max-hand-size") {
                "marker"
            } else {
                continue;
            };
            let asks = state.asks_first(action);
            match kind {
                "marker" => assert!(!asks, "{id}"),
                // A square picks its card at random among several face-up ones; with one or none
                // there is nothing random to ask about.
                "square" if !asks => continue,
                _ => assert!(asks, "{id}"),
            }
            seen.insert(kind);
        }
        session.apply(&legal[engine::below(&mut rng, legal.len())]).expect("a legal action applies");
    }
    assert_eq!(seen.len(), 4, "{seen:?}");
}
