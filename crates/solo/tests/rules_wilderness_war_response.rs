//! Wilderness War, "Battle Response Cards" (issue 47, item 6): the cards a Battle Response turns
//! face-up and does not play go face-down again once the battle is over, with the player's own
//! shuffled cards too (where the table's card ids are only stand-ins until the player names each
//! card), told by their places; and once `!!` has blocked the inactive side's Response to a battle,
//! that side gets no other try in the same battle (the next battle rolls again).
//!
//! Dealt lowest card first, the deck cdgsolo shuffles gives the French A1 B2 C3 D4 E5 and the
//! British A6 B7 C8 D9 E10, A and B face-up (with the player's own cards the numbers change as the
//! player names each card); the French are active, so the British answer battles.

mod common;

use common::*;
use engine::Game;

const BRITISH: u8 = 1;

/// A Wilderness War table with the player's own shuffled cards and the shipped card list: every
/// card that turns face-up is named by the player.
fn own_cards() -> Table {
    let manifest = solo::manifest("wilderness-war").expect("the card list ships").as_ref().clone();
    let mut s = dealt_with(TableSetup { physical: true, ..TableSetup::with_manifest(manifest) });
    name_every_card(&mut s);
    s
}

/// Answers "which card turned up" with the first card offered (the real card is, as far as the
/// table knows, any card not named yet), until no face-up card is left unnamed.
fn name_every_card(s: &mut Table) {
    while let Some(id) = ids(s).into_iter().find(|id| id.starts_with("identify-")) {
        act(s, &id);
    }
}

/// "card 12": how the table writes its own number for a card, printed on no real card.
fn table_number_in(text: &str) -> bool {
    text.match_indices("card ").any(|(i, _)| {
        let word_start = i == 0 || !text.as_bytes()[i - 1].is_ascii_alphabetic();
        word_start && text[i + 5..].starts_with(|c: char| c.is_ascii_digit())
    })
}

/// Which slots of a side's display lie face-up (one card a slot on this sheet).
fn face_up_slots(s: &Table, side: u8) -> Vec<bool> {
    slots(s, side).iter().map(|stack| stack.iter().any(|(_, up)| *up)).collect()
}

#[test]
fn ww_battle_response_cards_turned_up_with_the_players_own_cards_go_face_down_after_the_battle() {
    let mut s = own_cards();
    act(&mut s, "battle-response");
    act(&mut s, "fate-5"); // C, D and E of the British display turn up
    name_every_card(&mut s);
    assert_eq!(face_up_slots(&s, BRITISH), [true, true, true, true, true]);
    // The British play the card in D as their Response; its slot refills face-down.
    let d = slot(&s, BRITISH, D)[0].0;
    act(&mut s, &format!("battle-response-play-{d}"));
    draw_all(&mut s);
    let step = s.log().len();
    act(&mut s, "end-battle");
    assert_eq!(
        face_up_slots(&s, BRITISH),
        [true, true, false, false, false],
        "C and E, turned up and not played, lie face-down again; A and B were face-up before the battle"
    );
    let told = s.events_since(step);
    // Told by place: the table's numbers are printed on no real card, and the place is where the
    // player finds the card to turn.
    assert_eq!(
        told,
        [
            "Turn the card in slot C of British's display face-down",
            "Turn the card in slot E of British's display face-down"
        ]
    );
    assert!(!told.iter().any(|t| table_number_in(t)));
}

#[test]
fn ww_battle_response_cards_face_two_with_the_players_own_cards_turns_the_chosen_card_back_down() {
    let mut s = own_cards();
    // The French name the British card in A for a forced discard: A refills face-down, so the
    // British show one face-up card (B).
    act(&mut s, "roll");
    act(&mut s, "fate-4");
    act(&mut s, "forced-discard");
    let a = slot(&s, BRITISH, A)[0].0;
    act(&mut s, &format!("forced-discard-{a}"));
    draw_all(&mut s);
    assert_eq!(face_up_slots(&s, BRITISH), [false, true, false, false, false]);
    act(&mut s, "battle-response");
    act(&mut s, "fate-2");
    act(&mut s, "battle-response-turn-e");
    name_every_card(&mut s);
    assert_eq!(face_up_slots(&s, BRITISH), [false, true, false, false, true]);
    let step = s.log().len();
    act(&mut s, "end-battle");
    assert_eq!(face_up_slots(&s, BRITISH), [false, true, false, false, false], "E is turned back");
    assert_eq!(s.events_since(step), ["Turn the card in slot E of British's display face-down"]);
}

#[test]
fn ww_battle_response_cards_the_way_back_over_the_end_of_a_battle_turns_the_same_cards_up_again() {
    let mut s = own_cards();
    act(&mut s, "battle-response");
    act(&mut s, "fate-6"); // D and E turn up
    name_every_card(&mut s);
    let during = slots(&s, BRITISH);
    act(&mut s, "end-battle");
    assert_eq!(face_up_slots(&s, BRITISH), [true, true, false, false, false]);
    let back = s.undo_told().unwrap_or_else(|e| panic!("turning cards face-down hides them; it undoes: {e}"));
    assert_eq!(slots(&s, BRITISH), during, "the same cards, face-up in the same slots");
    assert_eq!(back.len(), 2, "{back:?}");
    for (text, place) in back.iter().zip(["slot D of British's display", "slot E of British's display"]) {
        assert!(text.contains(place) && text.ends_with("face-up"), "{back:?}");
        assert!(!table_number_in(text), "'{text}' names a card by the table's number");
    }
    assert!(offers(&s, "end-battle"), "the battle is open again");
}

#[test]
fn ww_battle_response_cards_once_fate_blocks_a_response_the_side_does_not_try_again_in_that_battle() {
    let mut s = dealt("wilderness-war");
    act(&mut s, "roll");
    act(&mut s, "fate-4");
    act(&mut s, "battle-response");
    act(&mut s, "fate-1");
    // The battle goes on without a British Response: only its end is left to say.
    assert_eq!(ids(&s), ["end-battle"]);
    let label = s.state().legal().first().map(|a| s.state().action_label(a)).unwrap_or_default();
    assert!(label.contains("blocked"), "{label}");
    assert!(s.state().observe(0).reminders.iter().any(|r| r.contains("blocked")), "a reminder says why");
    act(&mut s, "end-battle");
    assert_eq!(slots(&s, BRITISH)[2..], [vec![(8, false)], vec![(9, false)], vec![(10, false)]], "nothing turned");
    // The next battle gets its own roll, and may be answered.
    act(&mut s, "battle-response");
    act(&mut s, "fate-6");
    assert!(offers(&s, "battle-response-play-9"), "{:?}", ids(&s));
}

#[test]
fn ww_battle_response_cards_a_blocked_response_before_the_roll_holds_for_that_battle_only() {
    // A battle before the active side's roll (the table's Start), blocked: the French turn goes on
    // once the battle is over, and a later battle rolls again.
    let mut s = dealt("wilderness-war");
    act(&mut s, "battle-response");
    act(&mut s, "fate-1");
    assert!(!offers(&s, "battle-response") && !offers(&s, "roll"), "{:?}", ids(&s));
    act(&mut s, "end-battle");
    assert!(offers(&s, "roll") && offers(&s, "battle-response"), "{:?}", ids(&s));
}
