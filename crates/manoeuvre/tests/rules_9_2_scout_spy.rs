//! Rule 9.2 Scout/Spy, and its CDG Solo form. Against a hand, the active player sees the other
//! hand: the observation lists it, and keeps listing only the cards still in that hand. Against a
//! display, a random card of it is discarded: a slot holding a face-up card on the Random Card
//! Selection Chart, then any card of that slot, face-down ones included, rerolling the results the
//! chart leaves open.

#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

mod cards_common;

use cards_common::*;
use engine::{Game, ToMove};
use manoeuvre::ScenarioPhase;
use manoeuvre::scenario::{DisplayScenario, PlayerScenario, UnitScenario};
use manoeuvre::state::{NONE, Phase};

const FR: &str = "FR";
const BR: &str = "BR";

fn spy() -> u8 {
    card_named(BR, "Spy")
}

fn br_attack(unit: &str) -> u8 {
    unit_card_where(BR, unit, |u| u.attack.is_some() && !u.not_required_to_advance)
}

fn fr_units() -> Vec<UnitScenario> {
    vec![at(unit_no(FR, "19th Regiment Legere"), "d5")]
}

fn br_units() -> Vec<UnitScenario> {
    vec![at(2, "d4")]
}

/// France's hand in these tests: the 19th Regiment Legere's five cards.
fn french_hand() -> Vec<u8> {
    cards_named(FR, "19th Regiment Legere")
}

fn sorted(mut v: Vec<u8>) -> Vec<u8> {
    v.sort();
    v
}

/// Britain (player 1) to play, France (player 0) holding a hand.
fn against_hand(phase: ScenarioPhase, br_hand: &[u8]) -> Game0 {
    start(position(
        phase,
        1,
        hand_player("France", fr_units(), &french_hand()),
        hand_player("Great Britain", br_units(), br_hand),
    ))
}

// ---- Against a hand ----

#[test]
fn rule_9_2_spy_shows_the_opponents_hand_in_the_observation() {
    let s = spy();
    let mut g = against_hand(ScenarioPhase::Discard, &[s]);
    assert!(hand_seen(&g, 1, 0).is_empty(), "France's hand is secret");
    assert_eq!(g.state().observe(1).sides[0].hand_count, 5);
    go(&mut g, &format!("spy-{s}"));
    assert_eq!(sorted(hand_seen(&g, 1, 0)), sorted(french_hand()));
    assert!(hand_seen(&g, 0, 1).is_empty(), "Britain's hand stays secret");
    assert_eq!(g.state().side(1).discard_top, s, "the Spy is spent");
}

#[test]
fn rule_9_2_spy_played_in_the_discard_phase_is_replaced_in_the_draw() {
    let s = spy();
    let others = cards_named(BR, "Dutch-Belgians");
    let mut g = against_hand(ScenarioPhase::Discard, &[s, others[0], others[1], others[2], others[3]]);
    go(&mut g, &format!("spy-{s}"));
    assert_eq!(phase(&g), Phase::Discard, "the Discard phase goes on");
    go(&mut g, "end-discard");
    assert_eq!(g.state().to_move(), ToMove::Chance);
    let draw = with_prefix(&g, "draw-")[0].clone();
    go(&mut g, &draw);
    assert_eq!(g.state().side(1).hand.count_ones(), 5);
}

#[test]
fn rule_9_2_spy_may_be_played_before_declaring_the_combat() {
    let s = spy();
    let a = br_attack("32nd Regiment of Foot");
    let mut g = against_hand(ScenarioPhase::Combat, &[s, a]);
    go(&mut g, &format!("spy-{s}"));
    assert_eq!(phase(&g), Phase::Combat);
    assert_eq!(sorted(hand_seen(&g, 1, 0)), sorted(french_hand()));
    assert!(can(&g, &format!("assault-10-d5-{a}")), "the turn's combat is still to come");
}

#[test]
fn rule_9_2_spy_may_be_played_in_the_movement_and_restoration_phases() {
    let s = spy();
    let g = against_hand(ScenarioPhase::Movement, &[s]);
    assert!(can(&g, &format!("spy-{s}")));
    let mut g = against_hand(ScenarioPhase::Restoration, &[s]);
    go(&mut g, &format!("spy-{s}"));
    assert_eq!(phase(&g), Phase::Restoration);
    assert_eq!(sorted(hand_seen(&g, 1, 0)), sorted(french_hand()));
}

#[test]
fn rule_9_2_spy_may_still_be_played_in_movement_once_the_moves_are_made() {
    let s = spy();
    let mut g = against_hand(ScenarioPhase::Movement, &[s]);
    // Game turn 3 and later: one unit moves, then only the end of the phase or the Spy remain.
    go(&mut g, "move-10-d3");
    assert!(can(&g, &format!("spy-{s}")), "the Spy after the move");
    assert!(can(&g, "end-movement"));
    go(&mut g, &format!("spy-{s}"));
    assert_eq!(phase(&g), Phase::Movement);
    assert_eq!(sorted(hand_seen(&g, 1, 0)), sorted(french_hand()));
}

#[test]
fn rule_9_2_spy_drawn_in_the_draw_phase_may_be_played_and_replaced_at_once() {
    let s = spy();
    let others = cards_named(BR, "Dutch-Belgians");
    let mut g = against_hand(ScenarioPhase::Draw, &others[..4]);
    assert_eq!(g.state().to_move(), ToMove::Chance);
    go(&mut g, &format!("draw-{s}"));
    // The end of the Draw phase is a pause for the active player.
    assert_eq!(g.state().to_move(), ToMove::Player(1));
    let mut pause = ids(&g);
    pause.sort();
    assert_eq!(pause, vec!["end-draw".to_string(), format!("spy-{s}")]);
    go(&mut g, &format!("spy-{s}"));
    assert_eq!(sorted(hand_seen(&g, 1, 0)), sorted(french_hand()));
    assert_eq!(g.state().to_move(), ToMove::Chance, "the Spy is replaced by another draw");
    let d = with_prefix(&g, "draw-")[0].clone();
    go(&mut g, &d);
    assert_eq!(g.state().side(1).hand.count_ones(), 5);
    go(&mut g, "end-draw");
    assert_eq!(phase(&g), Phase::Movement);
}

#[test]
fn rule_9_2_end_of_draw_pause_happens_whatever_the_hand_holds() {
    let others = cards_named(BR, "Dutch-Belgians");
    let mut g = against_hand(ScenarioPhase::Draw, &others[..4]);
    let d = with_prefix(&g, "draw-").into_iter().find(|d| d != &format!("draw-{}", spy())).unwrap();
    go(&mut g, &d);
    assert_eq!(ids(&g), vec!["end-draw".to_string()], "the pause shows nothing about the hand");
}

#[test]
fn rule_9_2_spied_cards_stay_visible_only_while_they_stay_in_the_hand() {
    let s = spy();
    let a = br_attack("32nd Regiment of Foot");
    let mut g = against_hand(ScenarioPhase::Combat, &[s, a]);
    go(&mut g, &format!("spy-{s}"));
    go(&mut g, &format!("assault-10-d5-{a}"));
    let hand = french_hand();
    let used = hand[0];
    go(&mut g, &format!("defend-{used}"));
    let seen = hand_seen(&g, 1, 0);
    assert!(!seen.contains(&used), "a card played from the hand is no longer shown as in it");
    assert_eq!(seen.len(), 4);
    // Finish the combat and Britain's turn, then let France discard one card and draw two.
    go(&mut g, "done-defending");
    go(&mut g, "done-attacking");
    while g.state().to_move() == ToMove::Chance {
        roll(&mut g, &[1]);
    }
    while phase(&g) != Phase::Discard {
        let first = ids(&g)[0].clone();
        let id = if can(&g, "end-restoration") { "end-restoration".to_string() } else { first };
        go(&mut g, &id);
    }
    assert_eq!(g.state().active(), 0);
    let gone_now = hand[1];
    go(&mut g, &format!("discard-{gone_now}"));
    go(&mut g, "end-discard");
    while g.state().to_move() == ToMove::Chance {
        let d = with_prefix(&g, "draw-")[0].clone();
        go(&mut g, &d);
    }
    go(&mut g, "end-draw");
    let in_hand: Vec<u8> = (0..60u8).filter(|&c| g.state().side(0).hand & bit(c) != 0).collect();
    assert_eq!(in_hand.len(), 5);
    let seen = sorted(hand_seen(&g, 1, 0));
    assert_eq!(seen, sorted(hand[2..].to_vec()), "only the spied cards still held stay visible");
}

#[test]
fn rule_9_2_only_the_active_player_may_play_a_scout() {
    // Tokugawa (inactive) holds a Scout while Britain assaults it: no window offers it.
    let scout = card_named("TO", "Scout");
    let a = br_attack("32nd Regiment of Foot");
    let unit = unit_card_where("TO", "Tokugawa Han", |u| u.attack.is_some());
    let mut g = start(position(
        ScenarioPhase::Combat,
        1,
        hand_player("Tokugawa Shogunate", vec![at(0, "d5")], &[scout, unit]),
        hand_player("Great Britain", br_units(), &[a]),
    ));
    go(&mut g, &format!("assault-10-d5-{a}"));
    assert_eq!(g.state().to_move(), ToMove::Player(0));
    assert!(with_prefix(&g, "spy-").is_empty(), "{:?}", ids(&g));
}

// ---- Against a display ----

fn france_display(d: DisplayScenario) -> PlayerScenario {
    display_player("France", fr_units(), d)
}

/// Britain, in its Discard phase with a Spy, against France's display.
fn against_display(d: DisplayScenario) -> Game0 {
    start(position(ScenarioPhase::Discard, 1, france_display(d), hand_player("Great Britain", br_units(), &[spy()])))
}

fn spy_now(g: &mut Game0) {
    let s = spy();
    go(g, &format!("spy-{s}"));
}

#[test]
fn playsheet_scout_picks_a_slot_then_a_card_of_it_among_face_up_cards() {
    // Face-up cards in A (one), B (two) and E (one, beside a face-down one); D is face-down.
    let mut g = against_display(display(slot(&[1], &[]), slot(&[2, 3], &[]), slot(&[], &[4]), slot(&[5], &[6]), None));
    spy_now(&mut g);
    assert!(matches!(phase(&g), Phase::ScoutRoll { .. }));
    assert_eq!(die_faces(&g), 6);
    // Three slots: 1-2 A, 3-4 B, 5-6 E.
    roll(&mut g, &[3]);
    assert!(matches!(phase(&g), Phase::ScoutRoll { .. }), "B holds two cards: a second roll");
    // Two cards: 1-3 the first, 4-6 the second.
    roll(&mut g, &[4]);
    assert_eq!(g.state().side(0).discard_top, 3);
    assert!(in_slot(&g, 0, 1, 2) && !in_slot(&g, 0, 1, 3));
    assert_eq!(g.state().observe(1).sides[0].discard_top.as_ref().map(|c| c.card), Some(3));
}

#[test]
fn playsheet_scout_returns_to_the_phase_it_was_played_in_after_two_rolls() {
    // The slot picked by the first roll holds two face-up cards, so a second roll picks the card;
    // then the Discard phase goes on where the Spy was played.
    let mut g = against_display(display(slot(&[1], &[]), slot(&[2, 3], &[]), slot(&[], &[4]), slot(&[5], &[6]), None));
    spy_now(&mut g);
    roll(&mut g, &[3, 1]);
    assert_eq!(g.state().side(0).discard_top, 2);
    assert_eq!(phase(&g), Phase::Discard, "back to Britain's Discard phase, not on to a later phase");
    assert!(can(&g, "end-discard"));
}

#[test]
fn playsheet_scout_first_roll_reads_the_chart_for_three_slots() {
    // A holds one card, B two and E two (one face-down); D, all face-down, is not a candidate.
    for face in 1..=6u8 {
        let mut g =
            against_display(display(slot(&[1], &[]), slot(&[2, 3], &[]), slot(&[], &[4]), slot(&[5], &[6]), None));
        spy_now(&mut g);
        roll(&mut g, &[face]);
        match face {
            1 | 2 => assert_eq!(g.state().side(0).discard_top, 1, "roll {face}: A's lone card"),
            3 | 4 => assert_eq!(phase(&g), Phase::ScoutRoll { slot: 1, first_die: 0 }, "roll {face}"),
            _ => assert_eq!(phase(&g), Phase::ScoutRoll { slot: 4, first_die: 0 }, "roll {face}"),
        }
        assert!(in_slot(&g, 0, 3, 4), "roll {face}: slot D, face-down only, is never chosen");
    }
}

#[test]
fn playsheet_scout_second_roll_counts_the_face_down_cards_of_the_slot() {
    // The first roll picks a slot among those showing a card (A, E); E holds a face-up card and a
    // face-down one, and the second roll counts both: 4-6 takes the face-down card.
    let mut g = against_display(display(slot(&[1], &[]), slot(&[], &[2]), slot(&[], &[3]), slot(&[5], &[6]), None));
    spy_now(&mut g);
    roll(&mut g, &[6]);
    assert_eq!(phase(&g), Phase::ScoutRoll { slot: 4, first_die: 0 }, "E holds two cards: a second roll");
    roll(&mut g, &[4]);
    assert_eq!(g.state().side(0).discard_top, 6, "the face-down card goes");
    assert!(in_slot(&g, 0, 4, 5) && face_up(&g, 0, 5), "the face-up card stays");
    assert_eq!(phase(&g), Phase::Discard);
    // 1-3 takes the face-up one.
    let mut g = against_display(display(slot(&[1], &[]), slot(&[], &[2]), slot(&[], &[3]), slot(&[5], &[6]), None));
    spy_now(&mut g);
    roll(&mut g, &[6, 3]);
    assert_eq!(g.state().side(0).discard_top, 5);
    assert!(in_slot(&g, 0, 4, 6));
}

#[test]
fn playsheet_scout_second_roll_on_several_face_down_cards_draws_one_of_them_evenly() {
    // E: one face-up card and two face-down ones, three candidates (1-2, 3-4, 5-6). A 3 lands on a
    // face-down card: which one is a fair draw between the two, so the die, seen by both sides,
    // says nothing about where a hidden card lies.
    let d = || display(slot(&[], &[1]), slot(&[], &[2]), slot(&[], &[3]), slot(&[5], &[6, 7]), None);
    let mut g = against_display(d());
    spy_now(&mut g);
    assert_eq!(phase(&g), Phase::ScoutRoll { slot: 4, first_die: 0 }, "one slot shows a card: no first roll");
    roll(&mut g, &[3]);
    assert_eq!(phase(&g), Phase::ScoutPick { slot: 4 });
    assert_eq!(g.state().to_move(), ToMove::Chance);
    assert_eq!(ids(&g), vec!["draw-6".to_string(), "draw-7".to_string()]);
    go(&mut g, "draw-7");
    assert_eq!(g.state().side(0).discard_top, 7);
    assert!(in_slot(&g, 0, 4, 5) && in_slot(&g, 0, 4, 6));
    assert_eq!(phase(&g), Phase::Discard, "back to the phase the Spy was played in");
    // A 5 or 6 lands on a face-down card too; 1 or 2 on the face-up one, with no draw.
    let mut g = against_display(d());
    spy_now(&mut g);
    roll(&mut g, &[6]);
    assert_eq!(phase(&g), Phase::ScoutPick { slot: 4 });
    let mut g = against_display(d());
    spy_now(&mut g);
    roll(&mut g, &[2]);
    assert_eq!(g.state().side(0).discard_top, 5);
}

#[test]
fn playsheet_scout_rerolls_5_and_6_with_four_face_up_slots() {
    let mut g = against_display(display(slot(&[1], &[]), slot(&[2], &[]), slot(&[3], &[]), slot(&[4], &[]), None));
    spy_now(&mut g);
    roll(&mut g, &[5]);
    assert!(matches!(phase(&g), Phase::ScoutRoll { .. }), "5 is rerolled");
    roll(&mut g, &[6]);
    assert!(matches!(phase(&g), Phase::ScoutRoll { .. }), "6 is rerolled");
    roll(&mut g, &[4]);
    assert_eq!(g.state().side(0).discard_top, 4, "4 is the fourth slot, E");
}

#[test]
fn playsheet_scout_rerolls_a_6_with_five_face_up_slots_the_deck_top_included() {
    let mut g = against_display(display(slot(&[1], &[]), slot(&[2], &[]), slot(&[3], &[]), slot(&[4], &[]), Some(7)));
    spy_now(&mut g);
    roll(&mut g, &[6]);
    assert!(matches!(phase(&g), Phase::ScoutRoll { .. }));
    // A, B, C (the face-up deck top), D, E: a 3 is slot C.
    roll(&mut g, &[3]);
    assert_eq!(g.state().side(0).discard_top, 7);
    assert_eq!(disp(&g, 0).top, NONE);
}

#[test]
fn playsheet_scout_with_one_face_up_card_needs_no_roll() {
    let mut g = against_display(display(slot(&[], &[1]), slot(&[2], &[]), slot(&[], &[3]), slot(&[], &[]), None));
    spy_now(&mut g);
    assert_eq!(phase(&g), Phase::Discard, "no roll");
    assert_eq!(g.state().side(0).discard_top, 2);
}

#[test]
fn playsheet_scout_takes_nothing_from_a_display_with_no_face_up_card() {
    let mut g = against_display(display(slot(&[], &[1]), slot(&[], &[2]), slot(&[], &[3]), slot(&[], &[4]), None));
    spy_now(&mut g);
    assert_eq!(phase(&g), Phase::Discard);
    assert_eq!(g.state().side(0).discard, 0);
    assert_eq!(g.state().side(1).discard_top, spy(), "the Spy is spent all the same");
}

#[test]
fn playsheet_scout_emptied_slot_is_refilled_from_the_deck_face_down() {
    let mut g = against_display(display(slot(&[1], &[]), slot(&[], &[2]), slot(&[], &[3]), slot(&[], &[4]), None));
    spy_now(&mut g);
    assert_eq!(g.state().side(0).discard_top, 1);
    // France's slot A waits for a card from its deck.
    assert_eq!(g.state().to_move(), ToMove::Chance);
    let d = with_prefix(&g, "draw-");
    assert!(!d.is_empty());
    let card: u8 = d[0].trim_start_matches("draw-").parse().unwrap();
    go(&mut g, &d[0]);
    assert!(in_slot(&g, 0, 0, card));
    assert!(!face_up(&g, 0, card), "the deck is face-down, so is the new card");
    assert_eq!(slots_seen(&g, 1, 0)[0], vec![None]);
    assert_eq!(phase(&g), Phase::Discard);
}

#[test]
fn playsheet_scout_in_the_combat_phase_returns_to_the_combat_decision() {
    let s = spy();
    let a = br_attack("32nd Regiment of Foot");
    let mut g = start(position(
        ScenarioPhase::Combat,
        1,
        france_display(display(slot(&[1], &[]), slot(&[], &[2]), slot(&[], &[3]), slot(&[], &[4]), None)),
        hand_player("Great Britain", br_units(), &[s, a]),
    ));
    go(&mut g, &format!("spy-{s}"));
    while g.state().to_move() == ToMove::Chance {
        let d = with_prefix(&g, "draw-")[0].clone();
        go(&mut g, &d);
    }
    assert_eq!(phase(&g), Phase::Combat);
    assert_eq!(g.state().side(0).discard_top, 1);
    assert!(can(&g, &format!("assault-10-d5-{a}")));
}
