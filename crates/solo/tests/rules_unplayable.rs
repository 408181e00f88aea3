//! Unplayable results (the Commands & Colors sheets): when no allowed card can be used for any
//! purpose the Fate Die is rolled again, and with five unplayable face-up cards the side digs.

mod common;

use common::*;

#[test]
fn c_and_c_sheets_offer_a_reroll_when_no_allowed_card_can_be_played() {
    for game in COMMANDS_AND_COLORS {
        let mut s = dealt(game);
        roll(&mut s, 6);
        assert!(offers(&s, "reroll"), "{game}");
        assert!(!offers(&s, "pass"), "{game}: the turn does not end without a play");
        act(&mut s, "reroll");
        assert!(playable(&s).is_empty(), "{game}: the old face no longer counts");
        assert!((1..=6).all(|f| offers(&s, &format!("fate-{f}"))), "{game}");
        act(&mut s, "fate-4");
        assert_eq!(playable(&s), vec![1, 2], "{game}");
        assert_eq!(s.state().last_roll(), Some(4), "{game}");
        // Cards turned by the first roll stay face-up.
        assert!(slot(&s, 0, D)[0].1 && slot(&s, 0, E)[0].1, "{game}");
    }
}

#[test]
fn sheets_without_the_unplayable_rule_offer_neither_reroll_nor_dig() {
    for game in ["manoeuvre", "pursuit-of-glory", "empire-of-the-sun", "wilderness-war", "barbarossa-to-berlin", "1960"]
    {
        let mut s = dealt(game);
        roll(&mut s, 5);
        assert!(!offers(&s, "reroll"), "{game}");
        assert!(!offers(&s, "dig"), "{game}");
    }
}

#[test]
fn no_reroll_once_a_card_has_been_played() {
    let mut s = dealt("cc-medieval");
    roll(&mut s, 4);
    play(&mut s, 1);
    draw_all(&mut s);
    assert_eq!(common_ids(&s), vec!["end-turn"]);
}

#[test]
fn the_dig_needs_all_five_cards_face_up() {
    let mut s = dealt("cc-napoleonics");
    roll(&mut s, 6);
    assert!(!offers(&s, "dig"), "C is still face-down");
    act(&mut s, "reroll");
    act(&mut s, "fate-1");
    describe_all(&mut s);
    assert!(offers(&s, "dig"), "all five face-up now");
}

#[test]
fn the_dig_discards_slot_a_and_turns_cards_until_one_is_played_then_refills_a_face_down() {
    for game in COMMANDS_AND_COLORS.into_iter().filter(|g| refills_at_once(g)) {
        let mut s = dealt(game);
        roll(&mut s, 5);
        act(&mut s, "dig");
        assert_eq!(slot(&s, 0, A), vec![], "{game}");
        assert_eq!(discards(&s, 0), vec![1], "{game}");
        assert_eq!(draw_lowest(&mut s), 11, "{game}: the first card turned from the deck");
        assert!(ids(&s).iter().any(|id| id.starts_with("dig-play-11-")), "{game}");
        assert!(offers(&s, "dig-next"), "{game}");
        act(&mut s, "dig-next");
        assert_eq!(discards(&s, 0), vec![1, 11], "{game}: an unplayable turned card is discarded");
        assert_eq!(draw_lowest(&mut s), 12, "{game}");
        let play_12 = ids(&s).into_iter().find(|id| id.starts_with("dig-play-12-")).expect("offered");
        act(&mut s, &play_12);
        assert_eq!(discards(&s, 0), vec![1, 11, 12], "{game}");
        assert_eq!(draw_all(&mut s), vec![13], "{game}: A is refilled");
        assert_eq!(slot(&s, 0, A), vec![(13, false)], "{game}: face-down");
        for (name, card) in [(B, 2), (C, 3), (D, 4), (E, 5)] {
            assert_eq!(slot(&s, 0, name), vec![(card, true)], "{game}: {name} untouched");
        }
        assert_eq!(common_ids(&s), vec!["end-turn"], "{game}: the dug card was the turn's play");
    }
}

#[test]
fn a_dig_that_empties_the_deck_reshuffles_the_discards_and_goes_on() {
    // Eleven cards: one left in the deck after the deal.
    let mut s = dealt_with(setup("cc-medieval", None, Some([11, 0])));
    roll(&mut s, 5);
    act(&mut s, "dig");
    assert_eq!(draw_lowest(&mut s), 11);
    act(&mut s, "dig-next");
    // The deck is empty: the discards (1, 11) and side 1's face-down C8 D9 E10 are reshuffled, and
    // the dig goes on with the new deck before the reshuffle's own refills.
    assert_eq!(draw_lowest(&mut s), 1);
    assert_eq!(draw_all(&mut s), vec![8, 9, 10, 11], "side 0's A, then side 1's C, D, E");
    assert_eq!(slot(&s, 0, A), vec![(8, false)]);
    let play_1 = ids(&s).into_iter().find(|id| id.starts_with("dig-play-1-")).expect("offered");
    act(&mut s, &play_1);
    assert!(drawable(&s).is_empty(), "A was already refilled by the reshuffle");
    assert_eq!(discards(&s, 0), vec![1]);
    assert_eq!(common_ids(&s), vec!["end-turn"]);
}
