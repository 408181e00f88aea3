//! Table operations before the roll: discards and their replacement, cards set aside and played
//! instead of rolling, the Cards Remaining and Max Hand Size markers, and adding cards to a deck.

mod common;

use common::*;
use engine::{Game, ToMove};

// ---- Discards ----

#[test]
fn only_face_up_cards_can_be_discarded_or_set_aside() {
    let s = dealt("empire-of-the-sun");
    let offered: Vec<String> =
        ids(&s).into_iter().filter(|id| id.starts_with("discard-") || id.starts_with("set-aside-")).collect();
    let face_up: Vec<String> =
        slots(&s, 0).iter().flatten().filter(|(_, up)| *up).map(|(c, _)| c.to_string()).collect();
    assert!(!face_up.is_empty());
    let expected: Vec<String> =
        ["discard-", "set-aside-"].iter().flat_map(|tool| face_up.iter().map(move |c| format!("{tool}{c}"))).collect();
    let mut offered_sorted = offered.clone();
    offered_sorted.sort();
    let mut expected_sorted = expected;
    expected_sorted.sort();
    assert_eq!(offered_sorted, expected_sorted);
}

/// A table offers only the tools its sheet has: the Commands & Colors sheets, Wilderness War and
/// 1960 set no card aside to play instead of rolling, so a side can never skip the Fate Die that way
/// (the discard tool stays).
#[test]
fn a_sheet_without_a_set_aside_offers_none() {
    for game in ["cc-napoleonics", "cc-napoleonics-epic", "cc-medieval", "cc-epic-ancients", "wilderness-war", "1960"] {
        let s = dealt(game);
        let offered: Vec<String> = ids(&s).into_iter().filter(|id| id.starts_with("set-aside-")).collect();
        assert!(offered.is_empty(), "{game}: {offered:?}");
        assert!(ids(&s).iter().any(|id| id.starts_with("discard-")), "{game} keeps its discard tool");
    }
}

#[test]
fn a_face_up_deck_top_can_be_discarded_and_nothing_is_refilled() {
    let mut s = dealt("empire-of-the-sun");
    roll_and_pass(&mut s, 1);
    roll_and_pass(&mut s, 6);
    assert_eq!(top(&s, 0), Some(5));
    act(&mut s, "discard-5");
    assert_eq!(top(&s, 0), None);
    assert_eq!(discards(&s, 0), vec![5]);
    assert!(drawable(&s).is_empty(), "the deck itself is slot C");
    assert_eq!(pool_len(&s, 0), 55);
}

#[test]
fn manoeuvre_replaces_discards_at_the_roll_not_at_once() {
    let mut s = dealt("manoeuvre");
    act(&mut s, "discard-1");
    act(&mut s, "discard-2");
    assert!(drawable(&s).is_empty(), "the Discard phase draws nothing");
    assert_eq!(slot(&s, 0, A), vec![]);
    assert_eq!(slot(&s, 0, B), vec![]);
    assert_eq!(discards(&s, 0), vec![1, 2]);
    act(&mut s, "roll");
    // The Draw phase comes before the Fate Die: one card per discard, facing kept from the deck.
    assert_eq!(draw_all(&mut s), vec![5, 6]);
    assert_eq!(slot(&s, 0, A), vec![(5, false)]);
    assert_eq!(slot(&s, 0, B), vec![(6, false)]);
    assert!(offers(&s, "fate-1"), "then the Fate Die rolls");
}

#[test]
fn manoeuvre_discard_replacement_keeps_a_face_up_deck_top_face_up() {
    let mut s = dealt("manoeuvre");
    roll_and_pass(&mut s, 1);
    roll_and_pass(&mut s, 6);
    assert_eq!(top(&s, 0), Some(5));
    act(&mut s, "discard-1");
    act(&mut s, "roll");
    assert!(drawable(&s).is_empty(), "the face-up top fills A without a draw");
    assert_eq!(slot(&s, 0, A), vec![(5, true)]);
}

#[test]
fn other_sheets_replace_a_discard_at_once_with_the_sheets_facing() {
    // (game, first card of the deck, facing of the replacement)
    for (game, next, face_up) in [
        ("cc-epic-ancients", 11, false),
        ("wilderness-war", 11, false),
        ("1960", 11, false),
        ("pursuit-of-glory", 5, false),
        ("empire-of-the-sun", 5, false),
        ("barbarossa-to-berlin", 5, false),
    ] {
        let mut s = dealt(game);
        act(&mut s, "discard-1");
        assert_eq!(draw_all(&mut s), vec![next], "{game}");
        assert_eq!(slot(&s, 0, A), vec![(next, face_up)], "{game}");
        assert_eq!(discards(&s, 0), vec![1], "{game}");
    }
}

#[test]
fn barbarossa_discard_replacement_maintains_a_face_up_top() {
    let mut s = dealt("barbarossa-to-berlin");
    roll_and_pass(&mut s, 1);
    roll_and_pass(&mut s, 6);
    act(&mut s, "discard-2");
    assert!(drawable(&s).is_empty());
    assert_eq!(slot(&s, 0, B), vec![(5, true)]);
}

// ---- Cards set aside ----

#[test]
fn set_aside_moves_a_face_up_card_beside_the_display_and_refills_its_slot() {
    let mut s = dealt("pursuit-of-glory");
    act(&mut s, "set-aside-1");
    assert_eq!(draw_all(&mut s), vec![5]);
    assert_eq!(beside(&s, 0), vec![1]);
    assert_eq!(slot(&s, 0, A), vec![(5, false)]);
    assert!(discards(&s, 0).is_empty(), "a set-aside card is not discarded");
    assert_eq!(s.state().observe(1).sides[0].beside, vec![solo::CardId(1)], "both sides see it");
}

#[test]
fn a_set_aside_card_is_played_instead_of_rolling() {
    // Every purpose but Reaction, which is the inactive side's answer, never the active side's play.
    let mut s = dealt("empire-of-the-sun");
    act(&mut s, "set-aside-1");
    draw_all(&mut s);
    let beside_plays: Vec<String> = ids(&s).into_iter().filter(|id| id.starts_with("play-beside-")).collect();
    assert_eq!(beside_plays, vec!["play-beside-1-operations", "play-beside-1-event", "play-beside-1-future-offensive"]);
    act(&mut s, "play-beside-1-event");
    assert_eq!(beside(&s, 0), Vec::<u16>::new());
    assert_eq!(discards(&s, 0), vec![1]);
    assert_eq!(s.state().cards_remaining(0), 6, "it counts as the turn's card play");
    assert_eq!(s.state().last_roll(), None, "no Fate Die was rolled");
    assert!(drawable(&s).is_empty(), "no slot was emptied");
    assert_eq!(common_ids(&s), vec!["end-turn"]);
}

#[test]
fn the_face_up_deck_top_can_be_set_aside_without_a_refill() {
    let mut s = dealt("empire-of-the-sun");
    roll_and_pass(&mut s, 1);
    roll_and_pass(&mut s, 6);
    act(&mut s, "set-aside-5");
    assert_eq!(beside(&s, 0), vec![5]);
    assert_eq!(top(&s, 0), None);
    assert!(drawable(&s).is_empty());
}

// ---- Markers ----

#[test]
fn playing_a_card_lowers_cards_remaining_where_the_sheet_uses_it() {
    for game in ["pursuit-of-glory", "empire-of-the-sun", "wilderness-war", "barbarossa-to-berlin"] {
        let mut s = dealt(game);
        roll(&mut s, 4);
        play(&mut s, 1);
        draw_all(&mut s);
        assert_eq!(s.state().cards_remaining(0), 6, "{game}");
        assert_eq!(s.state().cards_remaining(1), 7, "{game}: only the side that played");
    }
    for game in ["manoeuvre", "cc-napoleonics", "1960"] {
        let mut s = dealt(game);
        roll(&mut s, 4);
        play(&mut s, 1);
        draw_all(&mut s);
        assert_eq!(s.state().observe(0).sides[0].cards_remaining, None, "{game}: the marker is not used");
    }
}

#[test]
fn the_marker_actions_offered_follow_the_sheet() {
    let marker = |s: &Table| -> Vec<String> {
        ids(s).into_iter().filter(|id| id.contains("cards-remaining") || id.contains("max-hand-size")).collect()
    };
    for game in ["manoeuvre", "1960"] {
        assert!(marker(&dealt(game)).is_empty(), "{game}");
    }
    // Empire of the Sun's hands hold at most seven cards: a full one cannot go up.
    assert_eq!(marker(&dealt("empire-of-the-sun")), vec!["cards-remaining-down"]);
    for game in COMMANDS_AND_COLORS {
        assert_eq!(marker(&dealt(game)), vec!["max-hand-size-up", "max-hand-size-down"], "{game}");
    }
    for game in ["pursuit-of-glory", "barbarossa-to-berlin"] {
        assert_eq!(
            marker(&dealt(game)),
            vec!["cards-remaining-up", "cards-remaining-down", "max-hand-size-up", "max-hand-size-down"],
            "{game}: no reset while the markers agree"
        );
    }
    // Wilderness War's hand sizes (7 to 9) move by its own actions, for either side.
    assert_eq!(marker(&dealt("wilderness-war")), vec!["cards-remaining-up", "cards-remaining-down"]);
    assert!(ids(&dealt("wilderness-war")).contains(&"hand-size-up-french".to_string()));
}

#[test]
fn marker_actions_move_the_active_sides_markers() {
    let mut s = dealt("pursuit-of-glory");
    act(&mut s, "cards-remaining-down");
    assert_eq!(s.state().cards_remaining(0), 6);
    assert!(offers(&s, "reset-cards-remaining"));
    act(&mut s, "max-hand-size-up");
    assert_eq!(s.state().max_hand_size(0), 8);
    act(&mut s, "reset-cards-remaining");
    assert_eq!(s.state().cards_remaining(0), 8, "reset to the Max Hand Size");
    assert!(!offers(&s, "reset-cards-remaining"));
    act(&mut s, "cards-remaining-up");
    assert_eq!(s.state().cards_remaining(0), 9);
    assert_eq!((s.state().cards_remaining(1), s.state().max_hand_size(1)), (7, 7), "the other side's are untouched");
    let view = s.state().observe(1);
    assert_eq!((view.sides[0].cards_remaining, view.sides[0].max_hand_size), (Some(9), Some(8)));
}

#[test]
fn markers_stop_at_the_ends_of_their_tracks() {
    let mut s = dealt("cc-napoleonics");
    for _ in 0..4 {
        act(&mut s, "max-hand-size-down");
        // The other side's hand is now the larger: its extra cards come at once.
        draw_all(&mut s);
    }
    assert_eq!(s.state().max_hand_size(0), 1);
    assert_eq!(slot(&s, 1, A).len(), 2, "a difference of 4: the other side has an extra card in A");
    assert!(!offers(&s, "max-hand-size-down"), "a hand is at least one card");
    let mut s = dealt("pursuit-of-glory");
    for _ in 0..5 {
        act(&mut s, "cards-remaining-up");
    }
    assert_eq!(s.state().cards_remaining(0), 12);
    assert!(!offers(&s, "cards-remaining-up"), "the track ends at 12");
    for _ in 0..12 {
        act(&mut s, "cards-remaining-down");
    }
    assert_eq!(s.state().cards_remaining(0), 0);
    assert!(!offers(&s, "cards-remaining-down"));
}

// ---- Adding cards ----

#[test]
fn add_card_puts_a_new_card_into_the_active_sides_deck() {
    let mut s = dealt("empire-of-the-sun");
    act(&mut s, "add-card");
    assert_eq!(s.state().all_cards().count(), 121);
    assert!(s.state().deck_of(0).pool.iter().any(|c| c.0 == 121));
    assert_eq!(pool_len(&s, 0), 57);
    assert_eq!(pool_len(&s, 1), 56);
    roll_and_pass(&mut s, 6);
    act(&mut s, "add-card");
    assert!(s.state().deck_of(1).pool.iter().any(|c| c.0 == 122), "side 1 adds to its own deck");
    let mut s = dealt("wilderness-war");
    act(&mut s, "add-card");
    assert_eq!(pool_len(&s, 0), 51, "a shared deck grows for both");
    assert_eq!(to_move(&s), ToMove::Player(0));
    s.state().check_invariants().expect("the new card is in exactly one place");
}

#[test]
fn manoeuvre_a_side_that_plays_no_card_may_move_one_card_to_another_slot() {
    let mut s = dealt("manoeuvre");
    roll(&mut s, 4);
    // The moves come once the side chose to play no card, so the play screen stays short.
    assert!(!offers(&s, "move-card-A-0-to-D"), "{:?}", ids(&s));
    act(&mut s, "pass");
    assert!(offers(&s, "end-turn"), "moving no card ends the turn: {:?}", ids(&s));
    assert!(offers(&s, "move-card-A-0-to-D"), "{:?}", ids(&s));
    assert!(!offers(&s, "move-card-A-0-to-A"), "a card moves to another slot");
    assert!(!offers(&s, "move-card-A-0-to-C"), "the deck is not a destination");
    act(&mut s, "move-card-A-0-to-D");
    // Slot A is empty now and is filled from the deck, keeping the top card's facing (face-down).
    assert_eq!(draw_all(&mut s), vec![5]);
    assert_eq!(slot(&s, 0, A), vec![(5, false)]);
    assert_eq!(slot(&s, 0, D), vec![(3, false), (1, true)], "the moved card keeps its facing");
    assert_eq!(s.state().active(), 1, "moving the card ends the turn");
}

#[test]
fn manoeuvre_the_deck_top_can_be_the_card_moved() {
    let mut s = dealt("manoeuvre");
    roll(&mut s, 4);
    act(&mut s, "pass");
    act(&mut s, "move-card-C-0-to-E");
    // The top card was face-down, so it arrives face-down.
    assert_eq!(draw_all(&mut s), vec![5]);
    assert_eq!(slot(&s, 0, E), vec![(4, false), (5, false)]);
    assert_eq!(s.state().active(), 1);
}

#[test]
fn moving_a_card_is_offered_only_in_manoeuvre_and_only_before_a_play() {
    let mut s = dealt("pursuit-of-glory");
    roll(&mut s, 4);
    assert!(!ids(&s).iter().any(|id| id.starts_with("move-card")));
    let mut s = dealt("manoeuvre");
    roll(&mut s, 4);
    act(&mut s, "pass");
    assert!(ids(&s).iter().any(|id| id.starts_with("move-card")), "no card played: a move");
    let mut s = dealt("manoeuvre");
    roll(&mut s, 4);
    play(&mut s, 1);
    assert!(!ids(&s).iter().any(|id| id.starts_with("move-card")), "a card was played this turn");
}

#[test]
fn manoeuvre_a_stacked_slot_lets_every_card_in_it_be_played_and_refills_once_empty() {
    let mut s = dealt("manoeuvre");
    roll(&mut s, 4);
    act(&mut s, "pass");
    act(&mut s, "move-card-B-0-to-D");
    draw_all(&mut s);
    // Side 1 plays no card and moves none.
    roll(&mut s, 4);
    act(&mut s, "pass");
    act(&mut s, "end-turn");
    // Side 0 rolls D or E: D holds card 3 (face-down) and card 2 (face-up); both turn face-up.
    roll(&mut s, 6);
    assert_eq!(slot(&s, 0, D), vec![(3, true), (2, true)]);
    play(&mut s, 3);
    assert_eq!(slot(&s, 0, D), vec![(2, true)], "a slot that still holds a card is not refilled");
    assert_eq!(playable(&s), vec![2], "the rest of the chosen slot stays playable, nothing else");
    play(&mut s, 2);
    // Empty now: filled from the deck, maintaining facing (face-down).
    let drawn = draw_all(&mut s);
    assert_eq!(drawn.len(), 1);
    assert_eq!(slot(&s, 0, D), vec![(drawn[0], false)]);
}

#[test]
fn a_front_end_can_tell_which_actions_shuffle_or_pick_at_random() {
    let s = dealt("cc-napoleonics");
    let state = s.state();
    let find = |id: &str| state.legal().into_iter().find(|a| state.action_id(a) == id).expect("offered");
    assert!(!state.shuffles_or_picks(&find("roll")), "a roll is neither");
    assert!(state.shuffles_or_picks(&find("reshuffle-discard-face-down")));
    assert!(state.shuffles_or_picks(&find("form-square-0")), "a random card goes to the square track");
    assert!(state.shuffles_or_picks(&find("random-discard")));
}

#[test]
fn an_end_of_turn_owing_more_cards_than_the_deck_holds_will_shuffle() {
    // Epic Ancients with a 12-card deck: 10 dealt, 2 left; three Field Commands leave three
    // vacancies, filled when the turn ends, so the discards come back.
    let mut s = dealt_with(setup("cc-epic-ancients", None, Some([12, 0])));
    roll(&mut s, 3);
    for card in [1, 2, 3] {
        act(&mut s, &format!("play-{card}-field-command"));
    }
    let state = s.state();
    let end = state.legal().into_iter().find(|a| state.action_id(a) == "end-turn").expect("offered");
    assert!(state.shuffles_or_picks(&end));
}

// ---- Manoeuvre, "Inactive Side HQ Cards" and "Scout/Spy Cards" ----

#[test]
fn manoeuvre_inactive_side_hq_cards_only_an_hq_card_rolls_the_fate_die() {
    let mut s = dealt("manoeuvre");
    // The table does not know what the second player's face-up cards are: it asks unit or HQ once
    // the player chooses to play one, not before.
    assert!(!offers(&s, "describe-61-special"), "no question before the play: {:?}", ids(&s));
    act(&mut s, "inactive-play-61-combat");
    assert_eq!(ids(&s), ["describe-61-special", "describe-61-ordinary"]);
    act(&mut s, "describe-61-ordinary");
    assert!(!ids(&s).iter().any(|id| id.starts_with("fate-")), "a unit card needs no Fate Die roll");
    assert_eq!(discards(&s, 1), vec![61]);
    draw_all(&mut s);
    act(&mut s, "inactive-play-62-combat");
    act(&mut s, "describe-62-special");
    assert_eq!(ids(&s), (1..=6).map(|f| format!("fate-{f}")).collect::<Vec<_>>(), "an HQ card rolls");
}

#[test]
fn manoeuvre_scout_spy_cards_discard_a_random_card_of_the_inactive_display_right_after_the_play() {
    let mut s = dealt("manoeuvre");
    roll(&mut s, 4);
    play(&mut s, 1);
    draw_all(&mut s);
    // Anonymous cards: the player says the card was a Scout/Spy, straight after playing it.
    assert!(offers(&s, "scout-spy-discard-1"), "{:?}", ids(&s));
    act(&mut s, "scout-spy-discard-1");
    // The second player's display holds two face-up cards (A61, B62): 1-3 picks A.
    assert_eq!(ids(&s), (1..=6).map(|d| format!("d6-{d}")).collect::<Vec<_>>());
    act(&mut s, "d6-2");
    draw_all(&mut s);
    assert_eq!(discards(&s, 1), vec![61], "the inactive side's card is discarded");
    assert!(discards(&s, 0).contains(&1));
    assert!(!offers(&s, "scout-spy-discard-1"), "once per card");
}

#[test]
fn manoeuvre_scout_spy_second_roll_counts_the_face_down_cards_of_the_chosen_slot() {
    let mut s = dealt("manoeuvre");
    roll_and_pass(&mut s, 4);
    // The second side plays nothing and moves its face-down D card onto A: A holds 61 face-up and
    // 63 face-down; D is refilled face-down.
    roll(&mut s, 4);
    act(&mut s, "pass");
    act(&mut s, "move-card-D-0-to-A");
    draw_all(&mut s);
    assert_eq!(slot(&s, 1, A), vec![(61, true), (63, false)]);
    roll(&mut s, 4);
    play(&mut s, 1);
    draw_all(&mut s);
    act(&mut s, "scout-spy-discard-1");
    // The slot is chosen among those showing a card (A, B): 1-3 is A.
    act(&mut s, "d6-2");
    // A holds two cards, so a second roll picks between them, the face-down one included.
    assert_eq!(ids(&s), (1..=6).map(|d| format!("d6-{d}")).collect::<Vec<_>>(), "a second roll");
    act(&mut s, "d6-5");
    draw_all(&mut s);
    assert_eq!(discards(&s, 1), vec![63], "4-6 takes the second card, the face-down one");
    assert_eq!(slot(&s, 1, A), vec![(61, true)], "a slot that still holds a card is not refilled");
}

#[test]
fn manoeuvre_a_known_unit_card_is_never_a_scout_spy() {
    let mut s = dealt("manoeuvre");
    roll(&mut s, 1);
    act(&mut s, "describe-1-ordinary");
    act(&mut s, "describe-2-ordinary");
    play(&mut s, 1);
    draw_all(&mut s);
    assert!(!ids(&s).iter().any(|id| id.starts_with("scout-spy-discard-")));
}
