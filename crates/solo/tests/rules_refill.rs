//! Refilling the display after a play: which slots, and with which facing, per die face and sheet.

mod common;

use common::*;
use solo::card::{CardFacts, CardId, Placed};
use solo::display::CardDisplay;
use solo::fate_die::eligible_cards;
use solo::playsheet::{Facing, RefillWhich};
use solo::{SlotName, SlotSet, playsheet};

/// The refill line of every face, as the printed playsheets word it, written out independently of
/// the data files: (which slots, slot letters for a listed refill, facing).
fn printed_refill(game: &str, face: u8) -> (RefillWhich, &'static str, Facing) {
    use Facing::*;
    use RefillWhich::*;
    match game {
        "manoeuvre" => match face {
            1 => (PlayedSlot, "", FaceUp),
            3 => (Listed, "AB", FaceUp),
            5 => (Listed, "DE", FaceUp),
            _ => (PlayedSlot, "", MaintainFacing),
        },
        "pursuit-of-glory" | "empire-of-the-sun" | "barbarossa-to-berlin" => match face {
            1 => (AnyEmpty, "", FaceUp),
            2 => (Listed, "ABDE", MaintainFacing),
            3 => (Listed, "AB", FaceUp),
            5 => (Listed, "DE", FaceUp),
            _ => (PlayedSlot, "", MaintainFacing),
        },
        _ => (PlayedSlot, "", FaceDown),
    }
}

#[test]
fn the_refill_data_matches_the_printed_playsheets() {
    for game in SINGLE_DECK.iter().chain(DUAL_DECK.iter()) {
        let sheet = playsheet(game).expect("shipped");
        for face in 1..=6 {
            let (which, letters, facing) = printed_refill(game, face);
            let rule = &sheet.face(face).refill;
            assert_eq!(rule.which, which, "{game} face {face}");
            assert_eq!(rule.facing, facing, "{game} face {face}");
            if which == RefillWhich::Listed {
                assert_eq!(rule.slots, SlotSet::parse(letters).expect("letters"), "{game} face {face}");
            }
        }
    }
}

// ---- Played slot, face-down (Single Deck sheets) ----

#[test]
fn single_deck_refills_the_played_slot_face_down_on_every_face() {
    // (face, card played, its slot). On faces 1 and 2, A and B are described so that B is the lowest.
    for game in SINGLE_DECK.into_iter().filter(|g| refills_at_once(g)) {
        for (face, card, name) in [(1, 3, C), (2, 2, B), (3, 1, A), (4, 2, B), (5, 4, D), (6, 5, E)] {
            let mut s = dealt(game);
            roll(&mut s, face);
            if face <= 2 {
                // Order-count sheets ask a card's type with its count on both faces.
                let b_lowest = if face == 2 || game.starts_with("cc-") {
                    ["describe-1-v5-ordinary", "describe-2-v1-ordinary"]
                } else {
                    ["describe-1-v5", "describe-2-v1"]
                };
                b_lowest.iter().for_each(|id| act(&mut s, id));
            }
            let before = slots(&s, 0);
            play(&mut s, card);
            assert_eq!(drawable(&s).len(), 50, "{game} face {face}: one card is drawn for the played slot");
            assert_eq!(draw_all(&mut s), vec![11], "{game} face {face}");
            assert_eq!(slot(&s, 0, name), vec![(11, false)], "{game} face {face}");
            for other in SlotName::ALL.into_iter().filter(|x| *x != name) {
                assert_eq!(slot(&s, 0, other), before[other.index()], "{game} face {face}: {other} untouched");
            }
            assert_eq!(discards(&s, 0), vec![card], "{game} face {face}");
            assert_eq!(common_ids(&s), vec!["end-turn"], "{game} face {face}: one card per roll");
        }
    }
}

#[test]
fn a_variable_hand_size_slot_refills_back_to_two_cards() {
    for game in COMMANDS_AND_COLORS.into_iter().filter(|g| refills_at_once(g)) {
        // Side 0: A = [1 up, 2 down], B 3, C 4, D = [5, 6], E 7; the deck starts at 13.
        let mut s = dealt_with(setup(game, Some([6, 4]), None));
        roll(&mut s, 4);
        play(&mut s, 2);
        assert_eq!(draw_all(&mut s), vec![13], "{game}");
        assert_eq!(slot(&s, 0, A), vec![(1, true), (13, false)], "{game}: two cards again, the new one face-down");
    }
}

#[test]
fn a_stacked_slot_of_the_second_side_refills_to_two_whichever_card_is_played() {
    for game in COMMANDS_AND_COLORS.into_iter().filter(|g| refills_at_once(g)) {
        // Side 1 has the larger hand by one: A = [6 up, 7 down]; side 0 holds 1-5, the deck starts at 12.
        let mut s = dealt_with(setup(game, Some([4, 5]), None));
        roll_and_pass(&mut s, 6);
        roll(&mut s, 4);
        assert_eq!(slot(&s, 1, A), vec![(6, true), (7, true)], "{game}");
        play(&mut s, 6);
        // (Side 0's turn played a card too, so its refill took card 12.)
        assert_eq!(draw_all(&mut s), vec![13], "{game}");
        assert_eq!(slot(&s, 1, A), vec![(7, true), (13, false)], "{game}");
    }
}

// ---- Played slot, maintain facing (Dual Deck faces 4 and 6, Manoeuvre face 2) ----

#[test]
fn maintain_facing_with_a_face_down_deck_top_refills_face_down() {
    for game in DUAL_DECK {
        let mut s = dealt(game);
        roll(&mut s, 4);
        play(&mut s, 1);
        assert_eq!(draw_all(&mut s), vec![5], "{game}");
        assert_eq!(slot(&s, 0, A), vec![(5, false)], "{game}");
    }
}

#[test]
fn maintain_facing_with_a_face_up_deck_top_refills_face_up() {
    // Pursuit of Glory has no pass after the roll; its refills are Empire of the Sun's.
    for game in DUAL_DECK.into_iter().filter(|g| *g != "pursuit-of-glory") {
        let mut s = dealt(game);
        // Turn the deck's top card (5) with face 1 and keep it there.
        roll_and_pass(&mut s, 1);
        roll_and_pass(&mut s, 6);
        assert_eq!(top(&s, 0), Some(5), "{game}");
        roll(&mut s, 6);
        play(&mut s, 4);
        assert!(drawable(&s).is_empty(), "{game}: the face-up top goes in without a draw");
        assert_eq!(slot(&s, 0, E), vec![(5, true)], "{game}");
        assert_eq!(top(&s, 0), None, "{game}: the next top card is face-down again");
    }
}

#[test]
fn manoeuvre_face_2_refills_the_played_slot_maintaining_facing() {
    let mut s = dealt("manoeuvre");
    roll(&mut s, 2);
    describe_all(&mut s);
    play(&mut s, 2);
    assert_eq!(draw_all(&mut s), vec![5]);
    assert_eq!(slot(&s, 0, B), vec![(5, false)]);
}

// ---- Played slot, keep face-up (Manoeuvre face 1) ----

#[test]
fn manoeuvre_face_1_refills_the_played_slot_face_up() {
    let mut s = dealt("manoeuvre");
    roll(&mut s, 1);
    act(&mut s, "describe-1-ordinary");
    act(&mut s, "describe-2-ordinary");
    play(&mut s, 2);
    assert_eq!(slot(&s, 0, B), vec![(5, true)], "the turned top card fills B face-up");
    assert_eq!(top(&s, 0), None);
}

#[test]
fn playing_the_deck_top_leaves_the_display_alone() {
    for game in DUAL_DECK {
        for face in [1, 3, 5] {
            let mut s = dealt(game);
            roll(&mut s, face);
            describe_all(&mut s);
            let before = slots(&s, 0);
            play(&mut s, 5);
            assert!(drawable(&s).is_empty(), "{game} face {face}: the deck is slot C; nothing to fill");
            assert_eq!(slots(&s, 0), before, "{game} face {face}");
            assert_eq!(top(&s, 0), None, "{game} face {face}");
            assert_eq!(pool_len(&s, 0), 55, "{game} face {face}");
        }
    }
}

// ---- Listed slots AB / DE, keep face-up (faces 3 and 5 of the Dual Deck sheets) ----

#[test]
fn face_3_refills_a_or_b_face_up_from_the_turned_top() {
    for game in DUAL_DECK {
        let mut s = dealt(game);
        roll(&mut s, 3);
        play(&mut s, 2);
        assert_eq!(slot(&s, 0, B), vec![(5, true)], "{game}");
    }
}

#[test]
fn face_5_refills_d_or_e_face_up_from_the_turned_top() {
    for game in DUAL_DECK {
        let mut s = dealt(game);
        roll(&mut s, 5);
        play(&mut s, 3);
        assert_eq!(slot(&s, 0, D), vec![(5, true)], "{game}");
    }
}

/// A Dual Deck table (eight cards a side) where side 0, at the start of its turn, has an empty
/// slot A, an empty deck and an empty discard pile: B holds 8 face-up, D 3 and E 4 face-down.
/// Cards are only ever set aside, so nothing is discarded; side 0's deck is cards 1-8.
fn dual_deck_with_slot_a_empty(game: &str) -> Table {
    let mut s = dealt_with(setup(game, None, Some([8, 8])));
    act(&mut s, "set-aside-1");
    assert_eq!(draw_all(&mut s), vec![5]);
    act(&mut s, "set-aside-2");
    assert_eq!(draw_all(&mut s), vec![6]);
    roll_and_pass(&mut s, 4);
    roll_and_pass(&mut s, 6);
    act(&mut s, "set-aside-5");
    assert_eq!(draw_all(&mut s), vec![7]);
    act(&mut s, "set-aside-6");
    assert_eq!(draw_all(&mut s), vec![8]);
    roll_and_pass(&mut s, 4);
    roll_and_pass(&mut s, 6);
    act(&mut s, "set-aside-7");
    assert!(drawable(&s).is_empty(), "{game}: nothing left to draw");
    assert_eq!(slot(&s, 0, A), vec![], "{game}");
    assert_eq!(slot(&s, 0, B), vec![(8, true)], "{game}");
    assert!(discards(&s, 0).is_empty() && pool_len(&s, 0) == 0 && top(&s, 0).is_none(), "{game}");
    s
}

#[test]
fn face_3_refills_both_a_and_b_face_up_even_from_a_face_down_deck() {
    for game in ["barbarossa-to-berlin", "empire-of-the-sun"] {
        let mut s = dual_deck_with_slot_a_empty(game);
        act(&mut s, "add-card");
        act(&mut s, "add-card");
        roll(&mut s, 3);
        assert_eq!(top(&s, 0), Some(17), "{game}");
        play(&mut s, 8);
        assert_eq!(draw_all(&mut s), vec![18], "{game}: the second fill comes off the face-down deck");
        assert_eq!(slot(&s, 0, A), vec![(17, true)], "{game}");
        assert_eq!(slot(&s, 0, B), vec![(18, true)], "{game}: kept face-up although it was face-down on the deck");
    }
}

#[test]
fn face_5_refills_only_d_and_e_and_leaves_another_empty_slot_empty() {
    let mut s = dual_deck_with_slot_a_empty("empire-of-the-sun");
    act(&mut s, "add-card");
    act(&mut s, "add-card");
    roll(&mut s, 5);
    play(&mut s, 3);
    assert!(drawable(&s).is_empty());
    assert_eq!(slot(&s, 0, D), vec![(17, true)]);
    assert_eq!(slot(&s, 0, A), vec![], "A is not one of the listed slots");
}

// ---- Any empty slot, keep face-up (face 1 of Pursuit of Glory, Empire of the Sun, Barbarossa) ----

#[test]
fn face_1_refills_every_empty_slot_face_up() {
    for game in ["barbarossa-to-berlin", "empire-of-the-sun"] {
        let mut s = dual_deck_with_slot_a_empty(game);
        act(&mut s, "add-card");
        act(&mut s, "add-card");
        roll(&mut s, 1);
        assert_eq!(top(&s, 0), Some(17), "{game}");
        act(&mut s, "describe-8-v3");
        assert_eq!(playable(&s), vec![8, 17], "{game}");
        play(&mut s, 8);
        assert_eq!(draw_all(&mut s), vec![18], "{game}");
        assert_eq!(slot(&s, 0, A), vec![(17, true)], "{game}: the empty slot is filled too");
        assert_eq!(slot(&s, 0, B), vec![(18, true)], "{game}");
    }
}

// ---- Listed slots ABDE, maintain facing (face 2 of Pursuit of Glory, Empire of the Sun, Barbarossa) ----

#[test]
fn face_2_refills_any_empty_card_slot_maintaining_facing() {
    for game in ["barbarossa-to-berlin", "empire-of-the-sun"] {
        let mut s = dual_deck_with_slot_a_empty(game);
        act(&mut s, "add-card");
        act(&mut s, "add-card");
        act(&mut s, "add-card");
        act(&mut s, "roll");
        act(&mut s, "fate-2");
        // One face-up card (B): one flip more. Turn the deck's top card.
        act(&mut s, "flip-C-0");
        assert_eq!(draw_lowest(&mut s), 17);
        act(&mut s, "describe-8-v1-ordinary");
        act(&mut s, "describe-17-v4-ordinary");
        assert_eq!(playable(&s), vec![8]);
        play(&mut s, 8);
        // A and B are both short: A takes the face-up top as it lies, B the next card, face-down.
        assert_eq!(draw_all(&mut s), vec![18], "{game}");
        assert_eq!(slot(&s, 0, A), vec![(17, true)], "{game}");
        assert_eq!(slot(&s, 0, B), vec![(18, false)], "{game}");
        assert_eq!(top(&s, 0), None, "{game}");
    }
}

// ---- Manoeuvre: a whole slot per roll ----

#[test]
fn manoeuvre_slot_face_refills_an_emptied_slot_and_offers_nothing_new() {
    let mut s = dealt("manoeuvre");
    roll(&mut s, 4);
    assert_eq!(playable(&s), vec![1, 2]);
    play(&mut s, 1);
    assert_eq!(draw_all(&mut s), vec![5], "A was emptied, so it is refilled");
    assert_eq!(slot(&s, 0, A), vec![(5, false)]);
    assert!(playable(&s).is_empty(), "the refill is not one of the slot's cards at the roll; B is another slot");
    assert_eq!(common_ids(&s), vec!["end-turn"]);
}

/// No table action stacks a Manoeuvre slot yet (the sheet's "move one card" rule is not part of the
/// card table), so the whole-slot rule is checked on a hand-built display: the slot faces offer
/// every card of a stacked slot, and a slot with a card left is not short of cards.
#[test]
fn manoeuvre_slot_face_offers_every_card_of_a_stacked_slot_and_refills_only_once_empty() {
    let sheet = playsheet("manoeuvre").expect("shipped");
    let mut display = CardDisplay { target: [1, 1, 0, 1, 1], ..Default::default() };
    let put = |d: &mut CardDisplay, slot: SlotName, card: u16, face_up: bool| {
        d.slot_mut(slot).push(Placed { card: CardId(card), face_up });
    };
    put(&mut display, A, 1, true);
    put(&mut display, A, 2, true);
    put(&mut display, A, 3, true);
    put(&mut display, B, 4, true);
    put(&mut display, D, 5, false);
    put(&mut display, E, 6, false);
    let facts = |_: CardId| CardFacts::default();
    let offered = eligible_cards(&sheet, 4, &display, None, &facts).expect("no facts needed");
    assert_eq!(offered, vec![CardId(1), CardId(2), CardId(3), CardId(4)]);
    let all = SlotSet::parse("ABDE").expect("letters");
    display.take(CardId(1));
    display.take(CardId(2));
    assert_eq!(display.short_slots(all).count(), 0, "a card is left in A: no refill");
    display.take(CardId(3));
    assert_eq!(display.short_slots(all).collect::<Vec<_>>(), vec![(A, 1)], "A is empty: refill one card");
}
