//! Reshuffles: what happens when a deck runs out, and the reshuffles a sheet's events or phases call
//! for, offered as reshuffle-* actions.

mod common;

use common::*;
use engine::ToMove;

fn reshuffles_offered(s: &Table) -> Vec<String> {
    ids(s).into_iter().filter(|id| id.starts_with("reshuffle-")).collect()
}

#[test]
fn each_sheet_offers_the_reshuffles_it_describes() {
    let expected: [(&str, &[&str]); 4] = [
        ("manoeuvre", &["reshuffle-keep-display"]),
        ("pursuit-of-glory", &["reshuffle-discard-face-down", "reshuffle-redeal"]),
        ("empire-of-the-sun", &["reshuffle-discard-face-down"]),
        // Barbarossa to Berlin reshuffles only an exhausted deck and with the Total War cards.
        ("barbarossa-to-berlin", &[]),
    ];
    for (game, kinds) in expected {
        assert_eq!(reshuffles_offered(&dealt(game)), kinds, "{game}");
    }
    for game in SINGLE_DECK {
        assert_eq!(reshuffles_offered(&dealt(game)), vec!["reshuffle-discard-face-down"], "{game}");
    }
}

// ---- Exhaustion ----

#[test]
fn single_deck_exhaustion_discards_face_down_cards_of_both_displays_and_refills_face_down() {
    // Epic Ancients turns a card up after a turn with one play (its own rule, tested with it), which
    // changes the count below; every other single-deck sheet follows the common system here.
    for game in SINGLE_DECK.into_iter().filter(|g| *g != "cc-epic-ancients") {
        // Twelve cards: the deal takes 1-10, leaving 11 and 12.
        let mut s = dealt_with(setup(game, None, Some([12, 0])));
        roll(&mut s, 4);
        play(&mut s, 1);
        assert_eq!(draw_all(&mut s), vec![11], "{game}");
        act(&mut s, "end-turn");
        roll(&mut s, 4);
        play(&mut s, 6);
        assert_eq!(draw_all(&mut s), vec![12], "{game}");
        act(&mut s, "end-turn");
        assert_eq!(pool_len(&s, 0), 0, "{game}");
        roll(&mut s, 4);
        play(&mut s, 11);
        // The refill finds the deck empty: the face-down cards of both displays (side 0: C3 D4 E5,
        // side 1: A12 C8 D9 E10) join the discards (1, 6, 11), and every empty slot gets a card.
        assert_eq!(pool_len(&s, 0), 10, "{game}");
        assert!(discards(&s, 0).is_empty(), "{game}");
        assert_eq!(draw_all(&mut s), vec![1, 3, 4, 5, 6, 8, 9, 10], "{game}");
        assert_eq!(
            slots(&s, 0),
            vec![vec![(1, false)], vec![(2, true)], vec![(3, false)], vec![(4, false)], vec![(5, false)]],
            "{game}: the face-up B stays, everything else is dealt face-down"
        );
        assert_eq!(
            slots(&s, 1),
            vec![vec![(6, false)], vec![(7, true)], vec![(8, false)], vec![(9, false)], vec![(10, false)]],
            "{game}"
        );
        assert_eq!(pool_len(&s, 0), 2, "{game}");
    }
}

#[test]
fn dual_deck_exhaustion_discards_only_the_own_displays_face_down_cards() {
    {
        let game = "empire-of-the-sun";
        // Eight cards a side: side 0 holds A1 B2 D3 E4, its deck 5-8; side 1 holds 9-12.
        let mut s = dealt_with(setup(game, None, Some([8, 8])));
        act(&mut s, "discard-1");
        assert_eq!(draw_all(&mut s), vec![5], "{game}");
        act(&mut s, "discard-2");
        assert_eq!(draw_all(&mut s), vec![6], "{game}");
        roll(&mut s, 4);
        play(&mut s, 5);
        assert_eq!(draw_all(&mut s), vec![7], "{game}");
        act(&mut s, "end-turn");
        roll_and_pass(&mut s, 6);
        act(&mut s, "discard-6");
        assert_eq!(draw_all(&mut s), vec![8], "{game}");
        assert_eq!(pool_len(&s, 0), 0, "{game}: the deck is empty but nothing needs a card yet");
        assert_eq!(discards(&s, 0), vec![1, 2, 5, 6], "{game}");
        let side_1 = slots(&s, 1);
        roll(&mut s, 4);
        play(&mut s, 7);
        // D3 and E4 (face-down) join the discards 1 2 5 6 7; A, D and E are refilled face-down.
        assert_eq!(draw_all(&mut s), vec![1, 2, 3], "{game}");
        assert_eq!(
            slots(&s, 0),
            vec![vec![(1, false)], vec![(8, true)], vec![], vec![(2, false)], vec![(3, false)]],
            "{game}"
        );
        assert!(discards(&s, 0).is_empty(), "{game}");
        assert_eq!(pool_len(&s, 0), 4, "{game}");
        assert_eq!(slots(&s, 1), side_1, "{game}: the other side's display and deck are not involved");
        assert_eq!(pool_len(&s, 1), 4, "{game}");
    }
}

#[test]
fn barbarossa_takes_its_discards_back_the_moment_slot_c_runs_out_and_keeps_the_display() {
    let mut s = dealt_with(setup("barbarossa-to-berlin", None, Some([8, 8])));
    act(&mut s, "discard-1");
    assert_eq!(draw_all(&mut s), vec![5]);
    act(&mut s, "discard-2");
    assert_eq!(draw_all(&mut s), vec![6]);
    roll(&mut s, 4);
    play(&mut s, 5);
    assert_eq!(draw_all(&mut s), vec![7]);
    act(&mut s, "end-turn");
    roll_and_pass(&mut s, 6);
    act(&mut s, "discard-6");
    assert_eq!(draw_lowest(&mut s), 8);
    // The last card left slot C: the discards 1 2 5 6 are the new deck, with no card needing it yet.
    assert_eq!(pool_len(&s, 0), 4);
    assert!(discards(&s, 0).is_empty());
    assert!(drawable(&s).is_empty());
    assert_eq!(slots(&s, 0), vec![vec![(7, false)], vec![(8, false)], vec![], vec![(3, false)], vec![(4, false)]]);
}

#[test]
fn manoeuvre_takes_its_discards_back_the_moment_slot_c_runs_out_and_keeps_the_display() {
    let mut s = dealt_with(setup("manoeuvre", None, Some([8, 8])));
    act(&mut s, "discard-1");
    act(&mut s, "discard-2");
    act(&mut s, "roll");
    assert_eq!(draw_all(&mut s), vec![5, 6]);
    act(&mut s, "fate-4");
    play(&mut s, 5);
    assert_eq!(draw_all(&mut s), vec![7]);
    act(&mut s, "end-turn");
    roll_and_pass(&mut s, 6);
    act(&mut s, "discard-6");
    act(&mut s, "roll");
    assert_eq!(draw_all(&mut s), vec![8]);
    assert_eq!(pool_len(&s, 0), 4, "discards 1 2 5 6 are shuffled into slot C");
    assert!(discards(&s, 0).is_empty());
    assert_eq!(slots(&s, 0), vec![vec![(7, false)], vec![(8, false)], vec![], vec![(3, false)], vec![(4, false)]]);
    assert!(offers(&s, "fate-1"), "the turn goes on to the Fate Die");
}

#[test]
fn a_deck_and_discard_pile_both_empty_leave_slots_short_without_error() {
    // Nine cards for the ten slots of the two displays: the deal leaves the second side's slot E
    // short, with the deck and the discard pile both empty, and play goes on.
    let mut s = dealt_with(setup("cc-medieval", None, Some([9, 0])));
    assert!(drawable(&s).is_empty());
    assert_eq!(slot(&s, 1, E), vec![]);
    assert_eq!(to_move(&s), ToMove::Player(0));
    roll(&mut s, 4);
    assert_eq!(playable(&s), vec![1, 2]);
    play(&mut s, 1);
    // Now a discard exists: the refill reshuffles it with the five face-down display cards. Six
    // cards for seven short slots (A, C, D, E of the first side, then C, D, E of the second): the
    // last waits.
    assert_eq!(draw_all(&mut s), vec![1, 3, 4, 5, 8, 9]);
    assert_eq!(
        slots(&s, 0),
        vec![vec![(1, false)], vec![(2, true)], vec![(3, false)], vec![(4, false)], vec![(5, false)]]
    );
    assert_eq!(slot(&s, 1, E), vec![]);
    assert_eq!(common_ids(&s), vec!["end-turn"]);
    // The second side's empty slot offers nothing when the die names it.
    act(&mut s, "end-turn");
    roll(&mut s, 6);
    assert_eq!(playable(&s), vec![9], "only slot D's card: slot E is empty");
}

#[test]
fn a_deck_too_small_for_the_deal_leaves_the_last_slots_empty() {
    let mut s = undealt(setup("1960", None, Some([8, 0])));
    assert_eq!(draw_all(&mut s).len(), 8);
    assert_eq!(to_move(&s), ToMove::Player(0));
    assert_eq!(slot(&s, 1, D), vec![]);
    assert_eq!(slot(&s, 1, E), vec![]);
    assert_eq!(slot(&s, 1, C), vec![(8, false)]);
}

#[test]
fn a_dual_deck_with_nothing_left_turns_no_top_card_for_face_1() {
    // Manoeuvre's table has no set-aside tool (nothing in Manoeuvre sets a card aside).
    for game in ["empire-of-the-sun", "barbarossa-to-berlin"] {
        // Side 0 sets cards aside until its deck is gone; nothing is ever discarded.
        let mut s = dealt_with(setup(game, None, Some([8, 8])));
        act(&mut s, "set-aside-1");
        draw_all(&mut s);
        act(&mut s, "set-aside-2");
        draw_all(&mut s);
        roll_and_pass(&mut s, 4);
        roll_and_pass(&mut s, 6);
        act(&mut s, "set-aside-5");
        draw_all(&mut s);
        act(&mut s, "set-aside-6");
        draw_all(&mut s);
        assert_eq!(pool_len(&s, 0), 0, "{game}");
        act(&mut s, "roll");
        act(&mut s, "fate-1");
        assert!(drawable(&s).is_empty(), "{game}: no card to turn");
        assert_eq!(top(&s, 0), None, "{game}");
        // Nothing to play: the turn goes on to its end (Barbarossa to Berlin through an automatic
        // operation, the only thing left).
        assert!(offers(&s, "pass") || offers(&s, "automatic-operation"), "{game}: the turn goes on");
    }
}

// ---- Reshuffles called for by events and phases ----

#[test]
fn reshuffle_discard_face_down_on_a_shared_deck_redeals_the_face_down_cards_of_both_displays() {
    let mut s = dealt("cc-napoleonics-epic");
    roll(&mut s, 4);
    play(&mut s, 1);
    assert_eq!(draw_all(&mut s), vec![11]);
    act(&mut s, "end-turn");
    // Side 1 calls for the reshuffle.
    act(&mut s, "reshuffle-discard-face-down");
    assert_eq!(slots(&s, 0), vec![vec![], vec![(2, true)], vec![], vec![], vec![]]);
    assert_eq!(slots(&s, 1), vec![vec![(6, true)], vec![(7, true)], vec![], vec![], vec![]]);
    assert!(discards(&s, 0).is_empty(), "the discard pile went into the deck too");
    assert_eq!(pool_len(&s, 0), 57);
    assert_eq!(draw_all(&mut s).len(), 7, "every emptied slot gets a card");
    for side in 0..2 {
        for stack in slots(&s, side) {
            assert_eq!(stack.len(), 1);
        }
    }
    assert!(!slot(&s, 0, A)[0].1 && !slot(&s, 1, C)[0].1, "refilled face-down");
    assert_eq!(pool_len(&s, 0), 50);
}

#[test]
fn reshuffle_discard_face_down_on_a_dual_deck_touches_only_the_own_display() {
    let mut s = dealt("pursuit-of-glory");
    act(&mut s, "reshuffle-discard-face-down");
    assert_eq!(slots(&s, 0), vec![vec![(1, true)], vec![(2, true)], vec![], vec![], vec![]]);
    assert_eq!(slots(&s, 1), vec![vec![(61, true)], vec![(62, true)], vec![], vec![(63, false)], vec![(64, false)]]);
    assert_eq!(draw_all(&mut s), vec![3, 4]);
    assert_eq!(slot(&s, 0, D), vec![(3, false)]);
}

#[test]
fn reshuffle_redeal_gathers_the_whole_display_and_deals_it_as_at_setup() {
    // Pursuit of Glory's War Status reshuffle; it has no pass after the roll, so both sides play.
    let game = "pursuit-of-glory";
    let mut s = dealt(game);
    roll(&mut s, 4);
    play(&mut s, 1);
    assert_eq!(draw_all(&mut s), vec![5]);
    act(&mut s, "end-turn");
    roll(&mut s, 4);
    play(&mut s, 61);
    draw_all(&mut s);
    act(&mut s, "end-turn");
    assert_eq!(discards(&s, 0), vec![1]);
    let side_1 = slots(&s, 1);
    act(&mut s, "reshuffle-redeal");
    assert!(slots(&s, 0).iter().all(Vec::is_empty), "the whole display is gathered");
    assert_eq!(top(&s, 0), None);
    assert!(discards(&s, 0).is_empty());
    assert_eq!(pool_len(&s, 0), 60);
    assert_eq!(draw_all(&mut s), vec![1, 2, 3, 4]);
    assert_eq!(
        slots(&s, 0),
        vec![vec![(1, true)], vec![(2, true)], vec![], vec![(3, false)], vec![(4, false)]],
        "A and B face-up, D and E face-down"
    );
    assert_eq!(slots(&s, 1), side_1, "the other side is not redealt");
}

#[test]
fn reshuffle_keep_display_shuffles_the_discards_back_and_leaves_the_display_alone() {
    {
        let game = "manoeuvre";
        let mut s = dealt(game);
        roll(&mut s, 4);
        play(&mut s, 1);
        draw_all(&mut s);
        act(&mut s, "end-turn");
        roll_and_pass(&mut s, 6);
        let before = slots(&s, 0);
        assert_eq!((pool_len(&s, 0), discards(&s, 0)), (55, vec![1]), "{game}");
        act(&mut s, "reshuffle-keep-display");
        assert_eq!((pool_len(&s, 0), discards(&s, 0)), (56, vec![]), "{game}");
        assert_eq!(slots(&s, 0), before, "{game}");
        assert!(drawable(&s).is_empty(), "{game}");
    }
}
