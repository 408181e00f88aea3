//! The Fate Die chart: what each face turns face-up and which cards it then offers for play.

mod common;

use common::*;
use engine::Game;

/// A C&C table (Single Deck) where side 0 has discarded its two face-up cards, so A and B hold the
/// face-down cards 11 and 12.
fn single_deck_all_face_down() -> Table {
    let mut s = dealt("cc-napoleonics");
    act(&mut s, "discard-1");
    assert_eq!(draw_all(&mut s), vec![11]);
    act(&mut s, "discard-2");
    assert_eq!(draw_all(&mut s), vec![12]);
    assert!(slots(&s, 0).iter().all(|stack| stack.iter().all(|(_, up)| !up)));
    s
}

/// The answers about an unknown card on a C&C sheet: a Tactic card (no order count) or an order card's count.
fn values(card: u16) -> Vec<String> {
    let mut ids = vec![format!("describe-{card}-special")];
    ids.extend((0..=9).map(|v| format!("describe-{card}-v{v}-ordinary")));
    ids
}

/// The order counts asked about a card already known to be an order card.
fn counts(card: u16) -> Vec<String> {
    (0..=9).map(|v| format!("describe-{card}-v{v}")).collect()
}

// ---- Face 1: "C or lowest" ----

#[test]
fn face_1_flips_c_and_asks_the_value_of_every_other_face_up_card() {
    let mut s = dealt("cc-napoleonics");
    roll(&mut s, 1);
    assert_eq!(slot(&s, 0, C), vec![(3, true)]);
    assert_eq!(slot(&s, 0, D), vec![(4, false)], "face 1 turns nothing but C");
    assert_eq!(slot(&s, 0, E), vec![(5, false)]);
    assert_eq!(describe_ids(&s), values(1), "an order count is asked before anything is offered");
    assert!(playable(&s).is_empty());
    act(&mut s, "describe-1-v2-ordinary");
    assert_eq!(describe_ids(&s), values(2));
    act(&mut s, "describe-2-v3-ordinary");
    assert_eq!(playable(&s), vec![1, 3], "C, or the lowest face-up card (A at 2, not B at 3)");
    assert!(!offers(&s, "pass"), "the C&C sheets do not end a turn without a play");
}

#[test]
fn face_1_offers_every_card_tied_for_lowest() {
    let mut s = dealt("cc-medieval");
    roll(&mut s, 1);
    act(&mut s, "describe-1-v2-ordinary");
    act(&mut s, "describe-2-v2-ordinary");
    assert_eq!(playable(&s), vec![1, 2, 3]);
}

#[test]
fn face_1_with_nothing_else_face_up_offers_only_c() {
    let mut s = single_deck_all_face_down();
    roll(&mut s, 1);
    assert!(describe_ids(&s).is_empty(), "no face-up card to measure");
    assert_eq!(playable(&s), vec![3]);
}

#[test]
fn face_1_dual_deck_turns_the_top_card_and_refill_keeps_face_up() {
    let mut s = dealt("pursuit-of-glory");
    act(&mut s, "roll");
    act(&mut s, "fate-1");
    assert_eq!(drawable(&s).len(), 56, "turning the deck's top card is a draw from the whole deck");
    act(&mut s, "draw-5");
    assert_eq!(top(&s, 0), Some(5));
    assert!(slot(&s, 0, C).is_empty(), "the card stays on the deck, which is slot C");
    act(&mut s, "describe-1-v2");
    act(&mut s, "describe-2-v3");
    assert_eq!(playable(&s), vec![1, 5]);
    play(&mut s, 1);
    // The emptied slot takes the deck's top card, still face-up.
    assert_eq!(slot(&s, 0, A), vec![(5, true)]);
    assert_eq!(top(&s, 0), None);
    assert!(drawable(&s).is_empty());
    assert!(offers(&s, "end-turn"));
}

#[test]
fn a_turned_deck_top_stays_face_up_until_it_leaves_the_deck() {
    let mut s = dealt("empire-of-the-sun");
    roll_and_pass(&mut s, 1);
    roll_and_pass(&mut s, 6);
    assert_eq!(top(&s, 0), Some(5), "still face-up a turn later");
    act(&mut s, "roll");
    act(&mut s, "fate-3");
    assert!(drawable(&s).is_empty(), "a face-up top is not turned again");
    assert_eq!(playable(&s), vec![1, 2, 5]);
}

#[test]
fn manoeuvre_face_1_offers_c_or_any_face_up_unit_card() {
    let mut s = dealt("manoeuvre");
    roll(&mut s, 1);
    assert_eq!(top(&s, 0), Some(5));
    // No number is asked: only whether the card is an HQ card (the sheet's special type).
    assert_eq!(describe_ids(&s), vec!["describe-1-special", "describe-1-ordinary"]);
    act(&mut s, "describe-1-special");
    act(&mut s, "describe-2-ordinary");
    assert_eq!(playable(&s), vec![2, 5], "the HQ card in A is not a unit card");
}

#[test]
fn manoeuvre_face_1_offers_every_face_up_unit_card_not_only_one_lowest() {
    let mut s = dealt("manoeuvre");
    roll(&mut s, 1);
    act(&mut s, "describe-1-ordinary");
    act(&mut s, "describe-2-ordinary");
    assert_eq!(playable(&s), vec![1, 2, 5]);
}

// ---- Face 2: "face-up special card or lowest" ----

#[test]
fn face_2_flips_cards_of_the_players_choice_until_two_are_face_up() {
    let mut s = single_deck_all_face_down();
    act(&mut s, "roll");
    act(&mut s, "fate-2");
    assert_eq!(ids(&s), vec!["flip-A-0", "flip-B-0", "flip-C-0", "flip-D-0", "flip-E-0"]);
    act(&mut s, "flip-D-0");
    assert_eq!(ids(&s), vec!["flip-A-0", "flip-B-0", "flip-C-0", "flip-E-0"], "one more to turn");
    act(&mut s, "flip-A-0");
    assert!(ids(&s).iter().all(|id| !id.starts_with("flip-")), "two are face-up: no more flips");
    assert_eq!(
        slots(&s, 0),
        vec![vec![(11, true)], vec![(12, false)], vec![(3, false)], vec![(4, true)], vec![(5, false)]]
    );
}

#[test]
fn face_2_with_two_cards_already_face_up_flips_nothing() {
    let mut s = dealt("cc-napoleonics");
    roll(&mut s, 2);
    assert!(ids(&s).iter().all(|id| !id.starts_with("flip-")));
    for name in [C, D, E] {
        assert!(!slot(&s, 0, name)[0].1, "{name} stays face-down");
    }
    // Both the count and the card type are asked together; an order count may be 0 (nothing to
    // order); a Tactic card has none.
    assert_eq!(describe_ids(&s), values(1));
}

#[test]
fn printed_ops_are_asked_from_1_to_5() {
    let mut s = dealt("wilderness-war");
    roll(&mut s, 1);
    let asked = describe_ids(&s);
    assert_eq!(asked, (1..=5).map(|v| format!("describe-1-v{v}")).collect::<Vec<_>>());
}

#[test]
fn face_2_dual_deck_may_turn_the_deck_top_as_one_of_its_flips() {
    let mut s = dealt("pursuit-of-glory");
    act(&mut s, "discard-1");
    draw_all(&mut s);
    act(&mut s, "discard-2");
    draw_all(&mut s);
    act(&mut s, "roll");
    act(&mut s, "fate-2");
    assert_eq!(ids(&s), vec!["flip-A-0", "flip-B-0", "flip-D-0", "flip-E-0", "flip-C-0"]);
    act(&mut s, "flip-C-0");
    assert_eq!(draw_lowest(&mut s), 7, "turning slot C draws the deck's top card");
    assert_eq!(top(&s, 0), Some(7));
    assert_eq!(ids(&s), vec!["flip-A-0", "flip-B-0", "flip-D-0", "flip-E-0"]);
    act(&mut s, "flip-E-0");
    assert!(!describe_ids(&s).is_empty());
}

#[test]
fn face_2_offers_every_face_up_special_card_and_the_lowest_valued_card() {
    // (A's answer, B's answer, cards offered)
    let cases: [(&str, &str, Vec<u16>); 4] = [
        ("v4-special", "v3-ordinary", vec![1, 2]),
        ("v2-special", "v3-ordinary", vec![1]),
        ("v4-ordinary", "v4-ordinary", vec![1, 2]),
        ("v5-ordinary", "v3-ordinary", vec![2]),
    ];
    // (The C&C sheets, where a Tactic card has no order count, have their own test below.)
    for game in ["pursuit-of-glory", "wilderness-war", "1960"] {
        for (a, b, offered) in &cases {
            let mut s = dealt(game);
            roll(&mut s, 2);
            act(&mut s, &format!("describe-1-{a}"));
            act(&mut s, &format!("describe-2-{b}"));
            assert_eq!(&playable(&s), offered, "{game}: A {a}, B {b}");
        }
    }
}

#[test]
fn face_up_event_card_or_lowest_ops_card_plays_a_higher_event_card_for_its_event_only() {
    // A is an Event card worth 4, B an Event card worth 3: B is the lowest (any purpose), A is
    // allowed as an Event card, so for its event.
    for (game, event, other) in [
        ("pursuit-of-glory", "event", "operations"),
        ("wilderness-war", "event", "operations"),
        ("empire-of-the-sun", "event", "operations"),
        ("1960", "event", "campaign-points"),
    ] {
        let mut s = dealt(game);
        roll(&mut s, 2);
        act(&mut s, "describe-1-v4-special");
        act(&mut s, "describe-2-v3-special");
        assert!(offers(&s, &format!("play-1-{event}")), "{game}: {:?}", ids(&s));
        assert!(!offers(&s, &format!("play-1-{other}")), "{game}: the higher Event card only for its event");
        assert!(offers(&s, &format!("play-2-{other}")) && offers(&s, &format!("play-2-{event}")), "{game}");
    }
    // Tactic and HQ sheets name a kind of card, not a way to play it: every purpose stays open.
    // (A Tactic card has no order count to give.)
    let mut s = dealt("cc-epic-ancients");
    roll(&mut s, 2);
    act(&mut s, "describe-1-special");
    act(&mut s, "describe-2-v3-ordinary");
    assert!(offers(&s, "play-1-army-command") && offers(&s, "play-1-field-command"), "{:?}", ids(&s));
}

#[test]
fn face_2_special_type_is_named_by_each_sheet() {
    for (game, kind) in
        [("manoeuvre", "HQ"), ("cc-medieval", "Tactic"), ("pursuit-of-glory", "Event"), ("1960", "Event")]
    {
        let mut s = dealt(game);
        roll(&mut s, 2);
        let state = s.state();
        let question = state.legal().into_iter().find(|a| state.action_id(a).ends_with("-special")).expect("asked");
        let label = state.action_label(&question);
        assert!(label.contains(&format!("{kind} card")), "{game}: '{label}'");
    }
}

#[test]
fn manoeuvre_face_2_offers_any_face_up_hq_or_unit_card() {
    for (a, b) in [("special", "ordinary"), ("ordinary", "ordinary"), ("special", "special")] {
        let mut s = dealt("manoeuvre");
        roll(&mut s, 2);
        act(&mut s, &format!("describe-1-{a}"));
        act(&mut s, &format!("describe-2-{b}"));
        assert_eq!(playable(&s), vec![1, 2], "A {a}, B {b}");
    }
}

// ---- Faces 3 to 6: named slots ----

#[test]
fn face_3_flips_a_b_and_c() {
    let mut s = single_deck_all_face_down();
    roll(&mut s, 3);
    assert_eq!(
        slots(&s, 0),
        vec![vec![(11, true)], vec![(12, true)], vec![(3, true)], vec![(4, false)], vec![(5, false)]]
    );
    assert!(describe_ids(&s).is_empty(), "a slot face needs no values");
    assert_eq!(playable(&s), vec![3, 11, 12]);
}

#[test]
fn face_4_flips_a_and_b() {
    let mut s = single_deck_all_face_down();
    roll(&mut s, 4);
    assert_eq!(
        slots(&s, 0),
        vec![vec![(11, true)], vec![(12, true)], vec![(3, false)], vec![(4, false)], vec![(5, false)]]
    );
    assert_eq!(playable(&s), vec![11, 12]);
}

#[test]
fn face_5_flips_c_d_and_e() {
    let mut s = single_deck_all_face_down();
    roll(&mut s, 5);
    assert_eq!(
        slots(&s, 0),
        vec![vec![(11, false)], vec![(12, false)], vec![(3, true)], vec![(4, true)], vec![(5, true)]]
    );
    assert_eq!(playable(&s), vec![3, 4, 5]);
}

#[test]
fn face_6_flips_d_and_e() {
    let mut s = single_deck_all_face_down();
    roll(&mut s, 6);
    assert_eq!(
        slots(&s, 0),
        vec![vec![(11, false)], vec![(12, false)], vec![(3, false)], vec![(4, true)], vec![(5, true)]]
    );
    assert_eq!(playable(&s), vec![4, 5]);
}

#[test]
fn slot_faces_on_a_dual_deck_treat_the_deck_top_as_slot_c() {
    // (face, deck top turned?, cards offered)
    let cases: [(u8, bool, Vec<u16>); 4] =
        [(3, true, vec![1, 2, 5]), (4, false, vec![1, 2]), (5, true, vec![3, 4, 5]), (6, false, vec![3, 4])];
    for game in DUAL_DECK {
        for (face, turned, offered) in &cases {
            let mut s = dealt(game);
            roll(&mut s, *face);
            assert_eq!(top(&s, 0).is_some(), *turned, "{game} face {face}");
            assert_eq!(&playable(&s), offered, "{game} face {face}");
            let face_up_d = slot(&s, 0, D)[0].1;
            assert_eq!(face_up_d, *face >= 5, "{game} face {face}: D turned only by 5 and 6");
        }
    }
}

#[test]
fn a_slot_face_offers_every_card_of_a_stacked_slot() {
    // Side 0 holds a second, face-down card in A and D (hand sizes 6 against 4).
    let mut s = dealt_with(setup("cc-napoleonics", Some([6, 4]), None));
    assert_eq!(slot(&s, 0, A), vec![(1, true), (2, false)]);
    roll(&mut s, 4);
    assert_eq!(slot(&s, 0, A), vec![(1, true), (2, true)], "the whole stack is turned");
    assert_eq!(playable(&s), vec![1, 2, 3]);
    let mut s = dealt_with(setup("cc-napoleonics", Some([6, 4]), None));
    roll(&mut s, 6);
    assert_eq!(slot(&s, 0, D), vec![(5, true), (6, true)]);
    assert_eq!(playable(&s), vec![5, 6, 7]);
}

// ---- What the table remembers about values ----

#[test]
fn order_counts_are_asked_afresh_every_turn() {
    let mut s = dealt("cc-napoleonics");
    roll(&mut s, 1);
    act(&mut s, "describe-1-v2-ordinary");
    assert_eq!(s.state().observe(0).facts.get(&1).and_then(|f| f.value), Some(2), "the view shows the answer");
    act(&mut s, "describe-2-v3-ordinary");
    play(&mut s, 3);
    draw_all(&mut s);
    act(&mut s, "end-turn");
    roll_and_pass(&mut s, 6);
    assert_eq!(s.state().observe(0).facts.get(&1).and_then(|f| f.value), None, "the board has changed since");
    roll(&mut s, 1);
    assert_eq!(describe_ids(&s), counts(1), "the order count depends on the board, so it is asked again");
}

#[test]
fn printed_ops_values_are_remembered_between_turns() {
    let mut s = dealt("empire-of-the-sun");
    roll(&mut s, 1);
    act(&mut s, "describe-1-v2");
    act(&mut s, "describe-2-v3");
    play(&mut s, 5);
    act(&mut s, "end-turn");
    roll_and_pass(&mut s, 6);
    roll(&mut s, 1);
    assert_eq!(top(&s, 0), Some(6));
    assert!(describe_ids(&s).is_empty(), "a printed value does not change");
    assert_eq!(playable(&s), vec![1, 6]);
}

// ---- C&C sheets, "Lowest Order-Count" ----

#[test]
fn cc_lowest_order_count_face_1_leaves_tactic_cards_out() {
    for game in ["cc-epic-ancients", "cc-medieval", "cc-napoleonics", "cc-napoleonics-epic"] {
        let mut s = dealt(game);
        roll(&mut s, 1);
        assert!(describe_ids(&s).contains(&"describe-1-special".to_string()), "{game}: 'not an order card' offered");
        // A is a Tactic card: B, with an order count of 3, is the lowest even though nothing is lower.
        act(&mut s, "describe-1-special");
        act(&mut s, "describe-2-v3-ordinary");
        assert_eq!(playable(&s), vec![2, 3], "{game}: C or B, never the Tactic card in A");
    }
}

#[test]
fn cc_lowest_order_count_face_2_offers_tactic_cards_and_the_lowest_order_card() {
    // (A's answer, B's answer, cards offered)
    let cases: [(&str, &str, Vec<u16>); 4] = [
        ("special", "v3-ordinary", vec![1, 2]),
        ("special", "special", vec![1, 2]),
        ("v4-ordinary", "v4-ordinary", vec![1, 2]),
        ("v5-ordinary", "v3-ordinary", vec![2]),
    ];
    for (a, b, offered) in &cases {
        let mut s = dealt("cc-epic-ancients");
        roll(&mut s, 2);
        act(&mut s, &format!("describe-1-{a}"));
        act(&mut s, &format!("describe-2-{b}"));
        assert_eq!(&playable(&s), offered, "A {a}, B {b}");
    }
}

#[test]
fn cc_lowest_order_count_answer_names_a_tactic_card_as_not_an_order_card() {
    let mut s = dealt("cc-napoleonics");
    roll(&mut s, 1);
    let state = s.state();
    let question = state.legal().into_iter().find(|a| state.action_id(a) == "describe-1-special").expect("asked");
    let label = state.action_label(&question);
    assert!(label.contains("Tactic card") && label.contains("not an order card"), "'{label}'");
}

/// The die panel says what `!!` does in the game at hand, in the sheet's own words: nothing in
/// Commands & Colors: Napoleonics, a block on a response in Wilderness War, momentum in 1960.
#[test]
fn the_view_says_what_the_bang_does_in_this_game() {
    for (game, words) in
        [("cc-napoleonics", "No effect in this game."), ("wilderness-war", "Response"), ("1960", "momentum")]
    {
        let view = dealt(game).state().observe(0);
        assert!(view.bang_words.contains(words), "{game}: {}", view.bang_words);
    }
}
