//! Setup ("Standard+"): the deal, the decks, the markers and the Variable Hand Size table.

mod common;

use common::*;
use engine::{Game, ToMove};
use solo::SlotName;

#[test]
fn the_deal_is_drawn_card_by_card_as_chance_before_anyone_acts() {
    for (game, cards) in SINGLE_DECK.iter().map(|g| (*g, 10)).chain(DUAL_DECK.iter().map(|g| (*g, 8))) {
        let mut s = undealt(TableSetup::new(game));
        assert_eq!(to_move(&s), ToMove::Chance, "{game}");
        let drawn = draw_all(&mut s);
        assert_eq!(drawn.len(), cards, "{game}: one card per card slot of each side");
        assert_eq!(to_move(&s), ToMove::Player(0), "{game}: the first side acts once the deal is done");
        assert!(offers(&s, "roll"), "{game}");
    }
}

#[test]
fn single_deck_deals_a_and_b_face_up_and_c_d_e_face_down() {
    for game in SINGLE_DECK {
        let s = dealt(game);
        assert_eq!(
            slots(&s, 0),
            vec![vec![(1, true)], vec![(2, true)], vec![(3, false)], vec![(4, false)], vec![(5, false)]],
            "{game}"
        );
        assert_eq!(
            slots(&s, 1),
            vec![vec![(6, true)], vec![(7, true)], vec![(8, false)], vec![(9, false)], vec![(10, false)]],
            "{game}"
        );
        // One shared deck: both sides draw from the same 50 remaining cards.
        assert_eq!(pool_len(&s, 0), 50, "{game}");
        assert!(std::ptr::eq(s.state().deck_of(0), s.state().deck_of(1)), "{game}: the deck is shared");
        let view = s.state().observe(0);
        assert_eq!(view.decks.len(), 1, "{game}");
        assert_eq!(view.decks[0].owner, "shared");
        assert!(view.sides[0].slots.contains_key(&SlotName::C), "{game}: slot C is an ordinary slot");
    }
}

#[test]
fn dual_deck_leaves_slot_c_empty_because_the_deck_is_slot_c() {
    for game in DUAL_DECK {
        let s = dealt(game);
        assert_eq!(slots(&s, 0), vec![vec![(1, true)], vec![(2, true)], vec![], vec![(3, false)], vec![(4, false)]]);
        assert_eq!(
            slots(&s, 1),
            vec![vec![(61, true)], vec![(62, true)], vec![], vec![(63, false)], vec![(64, false)]],
            "{game}"
        );
        for side in 0..2 {
            assert_eq!(pool_len(&s, side), 56, "{game}: each side has its own deck of 60");
            assert_eq!(top(&s, side), None, "{game}: the deck's top card starts face-down");
        }
        assert!(s.state().deck_of(0).pool.iter().all(|c| c.0 <= 60), "{game}: side 0 draws only its own cards");
        assert!(s.state().deck_of(1).pool.iter().all(|c| c.0 > 60), "{game}: side 1 draws only its own cards");
        let view = s.state().observe(0);
        assert_eq!(view.decks.len(), 2, "{game}");
        assert!(!view.sides[0].slots.contains_key(&SlotName::C), "{game}: no card slot C is shown");
        assert_eq!(view.decks[1].cards, 56, "{game}");
    }
}

#[test]
fn markers_start_where_each_playsheet_puts_them() {
    // (game, Cards Remaining, Max Hand Size) as the sheets' Modified Setup sections use them.
    let expected: [(&str, Option<u8>, Option<u8>); 10] = [
        ("manoeuvre", None, None),
        ("cc-epic-ancients", None, Some(5)),
        ("pursuit-of-glory", Some(7), Some(7)),
        ("empire-of-the-sun", Some(7), None),
        ("cc-medieval", None, Some(5)),
        ("cc-napoleonics", None, Some(5)),
        ("cc-napoleonics-epic", None, Some(5)),
        ("wilderness-war", Some(7), Some(7)),
        ("barbarossa-to-berlin", Some(7), Some(7)),
        ("1960", None, None),
    ];
    for (game, cards_remaining, max_hand) in expected {
        let s = dealt(game);
        let view = s.state().observe(0);
        for side in &view.sides {
            assert_eq!(side.cards_remaining, cards_remaining, "{game}: Cards Remaining");
            assert_eq!(side.max_hand_size, max_hand, "{game}: Max Hand Size");
        }
    }
}

#[test]
fn a_scenario_hand_size_sets_both_markers_where_they_are_used() {
    // Pursuit of Glory's optional eight-card hands: Max Hand Size and Cards Remaining both start at 8.
    let s = dealt_with(setup("pursuit-of-glory", Some([8, 7]), None));
    assert_eq!((s.state().max_hand_size(0), s.state().cards_remaining(0)), (8, 8));
    assert_eq!((s.state().max_hand_size(1), s.state().cards_remaining(1)), (7, 7));
    // A C&C Command level sets Max Hand Size only.
    let s = dealt_with(setup("cc-medieval", Some([6, 4]), None));
    let view = s.state().observe(0);
    assert_eq!((view.sides[0].max_hand_size, view.sides[1].max_hand_size), (Some(6), Some(4)));
    assert_eq!(view.sides[0].cards_remaining, None);
}

#[test]
fn variable_hand_size_gives_the_larger_side_face_down_second_cards_per_the_table() {
    // (hand sizes, side with the larger hand, slots that get a second card)
    let rows: [([u8; 2], u8, &str); 7] = [
        ([5, 4], 0, "A"),
        ([6, 4], 0, "AD"),
        ([7, 4], 0, "ABD"),
        ([8, 4], 0, "ABDE"),
        ([10, 3], 0, "ABDE"),
        ([4, 8], 1, "ABDE"),
        ([4, 6], 1, "AD"),
    ];
    for game in COMMANDS_AND_COLORS {
        for (hands, larger, extra) in rows {
            let s = dealt_with(setup(game, Some(hands), None));
            let smaller = 1 - larger;
            for name in SlotName::ALL {
                let stack = slot(&s, larger, name);
                let wanted = if extra.contains(name.letter()) { 2 } else { 1 };
                assert_eq!(stack.len(), wanted, "{game} {hands:?}: slot {name} of the larger side");
                // The first card faces as at any setup; the added card is face-down.
                assert_eq!(stack[0].1, matches!(name, SlotName::A | SlotName::B), "{game} {hands:?} {name}");
                if wanted == 2 {
                    assert!(!stack[1].1, "{game} {hands:?}: the extra card in {name} is face-down");
                }
                assert_eq!(slot(&s, smaller, name).len(), 1, "{game} {hands:?}: the smaller side gets no extras");
            }
        }
    }
}

#[test]
fn equal_hands_give_no_extra_cards() {
    for game in COMMANDS_AND_COLORS {
        let s = dealt_with(setup(game, Some([6, 6]), None));
        for side in 0..2 {
            assert!(slots(&s, side).iter().all(|stack| stack.len() == 1), "{game}");
        }
    }
}

#[test]
fn variable_hand_size_extras_are_only_for_sheets_that_use_it() {
    // Pursuit of Glory and Wilderness War use Max Hand Size, but never as extra display cards.
    for game in ["pursuit-of-glory", "wilderness-war", "barbarossa-to-berlin"] {
        let s = dealt_with(setup(game, Some([9, 5]), None));
        for side in 0..2 {
            assert!(slots(&s, side).iter().all(|stack| stack.len() <= 1), "{game}");
        }
    }
}

#[test]
fn a_setup_outside_the_tracks_is_refused_with_a_message() {
    for bad in [setup("cc-medieval", Some([0, 5]), None), setup("cc-medieval", Some([5, 13]), None)] {
        let err = engine::Session::<solo::CardTable>::new(bad, 0, engine::ChanceMode::Manual)
            .expect_err("a hand size off the track is refused");
        assert!(err.to_string().contains("hand_size"), "{err}");
    }
    let err = engine::Session::<solo::CardTable>::new(setup("1960", None, Some([7, 0])), 0, engine::ChanceMode::Manual)
        .expect_err("a deck too small to fill a display is refused");
    assert!(err.to_string().contains("deck_size"), "{err}");
    let err = engine::Session::<solo::CardTable>::new(TableSetup::new("chess"), 0, engine::ChanceMode::Manual)
        .expect_err("an unknown game is refused");
    assert!(err.to_string().contains("chess"), "{err}");
}
