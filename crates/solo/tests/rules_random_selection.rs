//! The Random Card Selection Chart, used through the random-discard action: the active side
//! discards a random face-up card of the other side's display.

mod common;

use common::*;
use engine::ToMove;

fn d6_offered(s: &Table) -> bool {
    (1..=6).all(|d| offers(s, &format!("d6-{d}")))
}

fn last_selected(s: &Table) -> Option<u16> {
    use engine::Game;
    s.state().observe(0).last_random_selection.map(|c| c.0)
}

/// C&C, side 0 to act, side 1 showing the face-up slots `face` leaves after side 1 played `card`
/// in its own turn (its slot refilled face-down). Side 1 holds A6 B7 C8 D9 E10.
fn side_1_after(face: u8, card: u16) -> Table {
    let mut s = dealt("cc-napoleonics");
    roll_and_pass(&mut s, 6);
    roll(&mut s, face);
    describe_all(&mut s);
    play(&mut s, card);
    draw_all(&mut s);
    act(&mut s, "end-turn");
    assert_eq!(to_move(&s), ToMove::Player(0));
    s
}

/// Applies the dice in order after asking for a random discard, returning the card discarded.
fn select(mut s: Table, dice: &[u8]) -> (Table, u16) {
    act(&mut s, "random-discard");
    for d in dice {
        assert!(d6_offered(&s), "a d6 is needed before {d}");
        act(&mut s, &format!("d6-{d}"));
    }
    assert!(!d6_offered(&s), "no further roll after {dice:?}");
    let card = last_selected(&s).expect("a card was selected");
    (s, card)
}

#[test]
fn random_discard_reads_two_face_up_cards_as_1_to_3_and_4_to_6() {
    let s = dealt("cc-medieval");
    for (d, card) in [(1, 6), (3, 6), (4, 7), (6, 7)] {
        let (s, got) = select(s.clone(), &[d]);
        assert_eq!(got, card, "d6 {d}");
        assert_eq!(discards(&s, 1), vec![card]);
    }
}

#[test]
fn random_discard_reads_three_face_up_cards_in_pairs() {
    // Side 1 turned D and E with face 6 and played E: A6, B7, D9 face-up.
    let s = side_1_after(6, 10);
    for (d, card) in [(1, 6), (2, 6), (3, 7), (4, 7), (5, 9), (6, 9)] {
        assert_eq!(select(s.clone(), &[d]).1, card, "d6 {d}");
    }
}

#[test]
fn random_discard_rerolls_5_and_6_with_four_face_up_cards() {
    // Side 1 turned C, D, E with face 5 and played C: A6, B7, D9, E10 face-up.
    let s = side_1_after(5, 8);
    for (d, card) in [(1, 6), (2, 7), (3, 9), (4, 10)] {
        assert_eq!(select(s.clone(), &[d]).1, card, "d6 {d}");
    }
    assert_eq!(select(s.clone(), &[5, 6, 5, 4]).1, 10, "5 and 6 are rolled again");
}

#[test]
fn random_discard_rerolls_6_with_five_face_up_cards() {
    // Epic Ancients: side 1 turns C, D and E with face 5 and plays C alone; its vacancy is filled
    // at the turn's end and, after a single play, turned up: A6, B7, C12, D9, E10 face-up.
    let mut s = dealt("cc-epic-ancients");
    roll_and_pass(&mut s, 6);
    roll(&mut s, 5);
    play(&mut s, 8);
    act(&mut s, "end-turn");
    draw_all(&mut s);
    act(&mut s, "single-play-turn-up-C-0");
    assert_eq!(to_move(&s), ToMove::Player(0));
    for (d, card) in [(1, 6), (2, 7), (3, 12), (4, 9), (5, 10)] {
        assert_eq!(select(s.clone(), &[d]).1, card, "d6 {d}");
    }
    assert_eq!(select(s, &[6, 6, 2]).1, 7, "6 is rolled again");
}

#[test]
fn a_lone_face_up_card_is_discarded_without_a_roll() {
    let s = dealt("cc-epic-ancients");
    let (mut s, first) = select(s, &[2]);
    assert_eq!(first, 6);
    assert_eq!(draw_all(&mut s), vec![11], "the discarded card is replaced at once, face-down");
    assert_eq!(slot(&s, 1, A), vec![(11, false)]);
    // Only B7 is face-up now.
    act(&mut s, "random-discard");
    assert!(!d6_offered(&s), "one candidate: no roll");
    assert_eq!(last_selected(&s), Some(7));
    assert_eq!(discards(&s, 1), vec![6, 7]);
}

#[test]
fn a_display_without_face_up_cards_offers_no_random_discard() {
    let s = dealt("cc-epic-ancients");
    let (mut s, _) = select(s, &[1]);
    draw_all(&mut s);
    act(&mut s, "random-discard");
    draw_all(&mut s);
    assert!(!offers(&s, "random-discard"), "nothing face-up is left to pick");
}

#[test]
fn a_second_roll_picks_within_a_slot_holding_several_face_up_cards() {
    // Side 1 has the larger hand: A = [6, 7], B 8; it turns A and B with face 4 and plays B.
    let mut s = dealt_with(setup("cc-napoleonics", Some([4, 6]), None));
    roll_and_pass(&mut s, 6);
    roll(&mut s, 4);
    play(&mut s, 8);
    draw_all(&mut s);
    act(&mut s, "end-turn");
    assert_eq!(slot(&s, 1, A), vec![(6, true), (7, true)]);
    // One slot with face-up cards (A): no roll for the slot; two cards in A: 5 picks the second.
    let (mut picked, card) = select(s.clone(), &[5]);
    assert_eq!(card, 7);
    let refill = draw_all(&mut picked);
    assert_eq!(refill.len(), 1);
    assert_eq!(slot(&picked, 1, A), vec![(6, true), (refill[0], false)], "the slot is refilled to two cards");
    assert_eq!(select(s, &[1]).1, 6);
}

#[test]
fn the_face_up_deck_top_counts_as_slot_c_for_random_selection() {
    let mut s = dealt("empire-of-the-sun");
    roll_and_pass(&mut s, 6);
    roll_and_pass(&mut s, 1);
    assert_eq!(top(&s, 1), Some(65));
    // Side 1 shows A61, B62 and the top of its deck: three candidates.
    for (d, card) in [(1, 61), (4, 62), (6, 65)] {
        assert_eq!(select(s.clone(), &[d]).1, card, "d6 {d}");
    }
    let (s, _) = select(s, &[5]);
    assert_eq!(top(&s, 1), None);
    assert!(drawable(&s).is_empty(), "taking the top of the deck empties no slot");
    assert_eq!(discards(&s, 1), vec![65]);
}
