//! Properties over random play: whatever legal actions are taken, on any of the ten playsheets,
//! every card stays in exactly one place and no observation names a face-down card. And the Fate
//! Die of automatic sessions shows its six faces about equally often.

use std::collections::HashSet;

use engine::conformance::check_replay;
use engine::{ChanceMode, Game, Session};
use proptest::prelude::*;
use proptest::sample::Index;
use serde_json::Value;
use solo::{CardTable, TableSetup, playsheets};

fn game_ids() -> Vec<String> {
    playsheets().expect("embedded playsheets load").iter().map(|s| s.id.clone()).collect()
}

/// Any of the ten games, with the default or an uneven hand size, and the default or a small deck
/// (small decks run dry and reshuffle often).
fn any_setup() -> impl Strategy<Value = TableSetup> {
    let hands = prop_oneof![Just(None), (1u8..=12, 1u8..=12).prop_map(|(a, b)| Some([a, b]))];
    let decks = prop_oneof![Just(None), (8u16..=16).prop_map(|n| Some([n, n]))];
    (0..10usize, hands, decks).prop_map(|(game, hand_size, deck_size)| TableSetup {
        game: game_ids()[game].clone(),
        hand_size,
        deck_size,
        manifest: None,
        physical: false,
        nations: 1,
    })
}

/// True for the decisions that carry a turn forward (as opposed to housekeeping before the roll:
/// markers, added cards, reshuffles, discards), so that walks reach deep into turns.
fn moves_the_turn_on(id: &str) -> bool {
    ["roll", "reroll", "fate-", "d6-", "draw-", "flip-", "describe-", "play-", "pass", "end-turn", "dig"]
        .iter()
        .any(|prefix| id.starts_with(prefix))
}

/// Plays the choices and runs `check` on the state before every step and after the last, then
/// replays the log. Each
/// choice is an index into the legal actions (chance outcomes included); when its flag is set, the
/// index picks among the legal actions that move the turn on, if there are any.
fn walk(
    setup: TableSetup,
    choices: &[(Index, bool)],
    check: impl Fn(&CardTable) -> Result<(), TestCaseError>,
) -> Result<(), TestCaseError> {
    let mut session = Session::<CardTable>::new(setup, 0, ChanceMode::Manual).expect("valid setup");
    for (step, (choice, onward)) in choices.iter().enumerate() {
        check(session.state()).map_err(|e| TestCaseError::fail(format!("before step {step}: {e}")))?;
        let state = session.state();
        let legal = state.legal();
        prop_assert!(!legal.is_empty(), "step {step}: no legal action (a dead end)");
        let forward: Vec<_> = legal.iter().filter(|a| moves_the_turn_on(&state.action_id(a))).cloned().collect();
        let pool = if *onward && !forward.is_empty() { &forward } else { &legal };
        let action = choice.get(pool).clone();
        let id = state.action_id(&action);
        session.apply(&action).map_err(|e| TestCaseError::fail(format!("step {step}: '{id}' refused: {e}")))?;
    }
    check(session.state())?;
    // The log alone rebuilds the same table, forced draws and rolls included.
    check_replay(&session).map_err(TestCaseError::fail)
}

/// The numbers of the cards nobody may see: face-down display cards and the undrawn deck.
fn hidden_cards(table: &CardTable) -> HashSet<u64> {
    let mut hidden = HashSet::new();
    for side in 0..2 {
        let display = table.display(side);
        hidden.extend(display.cards().filter(|(_, _, p)| !p.face_up).map(|(_, _, p)| u64::from(p.card.0)));
        hidden.extend(table.deck_of(side).pool.iter().map(|c| u64::from(c.0)));
    }
    hidden
}

fn observation_hides_face_down_cards(table: &CardTable) -> Result<(), TestCaseError> {
    let hidden = hidden_cards(table);
    for player in 0..2 {
        let view = serde_json::to_value(table.observe(player)).expect("a view serializes");
        let sides = view["sides"].as_array().expect("sides");
        for (side, side_view) in sides.iter().enumerate() {
            let mut backs = 0;
            for (slot, stack) in side_view["slots"].as_object().expect("slots") {
                for entry in stack.as_array().expect("a stack") {
                    match entry {
                        Value::Null => backs += 1,
                        card => {
                            let n = card.as_u64().expect("a card number");
                            prop_assert!(!hidden.contains(&n), "side {side} slot {slot} shows hidden card {n}");
                        }
                    }
                }
            }
            let face_down = table.display(side as u8).face_down_count();
            prop_assert_eq!(backs, face_down, "side {}: every face-down card shows as a back", side);
        }
        for known in view["facts"].as_object().expect("facts").keys() {
            let n: u64 = known.parse().expect("a card number");
            prop_assert!(!hidden.contains(&n), "facts about hidden card {n} are shown");
        }
        for deck in view["decks"].as_array().expect("decks") {
            if let Some(n) = deck["face_up_top"].as_u64() {
                prop_assert!(!hidden.contains(&n), "the deck's top {n} is shown while hidden");
            }
            prop_assert!(deck.get("pool").is_none(), "the deck's contents are never listed");
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_card_is_in_exactly_one_place_after_any_legal_actions(
        setup in any_setup(),
        choices in prop::collection::vec((any::<Index>(), prop::bool::weighted(0.8)), 0..400),
    ) {
        walk(setup, &choices, |table| table.check_invariants().map_err(TestCaseError::fail))?;
    }

    #[test]
    fn observations_never_name_a_face_down_card(
        setup in any_setup(),
        choices in prop::collection::vec((any::<Index>(), prop::bool::weighted(0.8)), 0..400),
    ) {
        walk(setup, &choices, observation_hides_face_down_cards)?;
    }
}

#[test]
fn a_fate_die_roll_offers_each_face_exactly_once() {
    for game in game_ids() {
        let mut s = Session::<CardTable>::new(TableSetup::new(&game), 0, ChanceMode::Manual).expect("setup");
        while s.state().to_move() == engine::ToMove::Chance {
            let first = s.state().legal()[0].clone();
            s.apply(&first).expect("a draw");
        }
        s.apply_id("roll").expect("roll");
        let faces: Vec<String> = s.state().legal().iter().map(|a| s.state().action_id(a)).collect();
        assert_eq!(faces, (1..=6).map(|f| format!("fate-{f}")).collect::<Vec<_>>(), "{game}");
    }
}

#[test]
fn the_fate_die_faces_are_about_equally_likely_in_automatic_sessions() {
    let games = game_ids();
    let sessions = 3_000u64;
    let mut counts = [0u32; 6];
    for seed in 0..sessions {
        let game = &games[(seed % games.len() as u64) as usize];
        let mut s = Session::<CardTable>::new(TableSetup::new(game), seed, ChanceMode::Auto).expect("setup");
        s.apply_id("roll").expect("roll");
        let face = s.state().last_roll().expect("the die was rolled");
        counts[usize::from(face - 1)] += 1;
    }
    // 500 expected per face; the standard deviation is about 20, so 400-600 is a wide margin.
    for (face, n) in counts.iter().enumerate() {
        assert!((400..=600).contains(n), "face {} came up {n} times in {sessions}: {counts:?}", face + 1);
    }
}
