//! Rule 4, the sequence of play: Discard (any or all cards), Draw (back to five, reshuffling an
//! exhausted deck as rule 2.3 says), Movement, Combat, Restoration, in that order and never back;
//! the first player's turn and then the second's make a game turn. Also the reading's end-of-Draw
//! pause, where a Scout/Spy may be played and replaced.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod rules_common;

use engine::{Game, ToMove};
use manoeuvre::state::Phase;
use manoeuvre::tables::cards;
use rules_common::*;

const HAND: [&str; 5] = ["Imperial Guard", "Supply", "Forced March", "Michel Ney", "Withdraw"];

/// France (player 0, first player) at the start of its turn 3 with five cards; its Imperial Guard
/// on d4 faces the British 1st Foot Guards on d3.
fn france_turn() -> Pos {
    Pos::new("FR", "BR").phase("discard").at(0, "Imperial Guard", "d4").at(1, "1st Foot Guards", "d3").hand(0, &HAND)
}

fn draws(s: &Sess) -> Vec<u8> {
    ids(s).iter().filter_map(|i| i.strip_prefix("draw-")).map(|c| c.parse().unwrap()).collect()
}

/// Takes the first card offered until no draw is due.
fn draw_all(s: &mut Sess) -> usize {
    let mut n = 0;
    while to_move(s) == ToMove::Chance {
        let c = draws(s)[0];
        play(s, &format!("draw-{c}"));
        n += 1;
    }
    n
}

// ---- Discard and Draw ----

#[test]
fn rule_4_the_active_player_may_discard_any_of_its_cards() {
    let mut s = france_turn().session();
    let hand: Vec<u8> = cards(s.state().side(0).hand).collect();
    for c in &hand {
        assert!(has(&s, &format!("discard-{c}")));
    }
    assert!(has(&s, "end-discard"), "discarding nothing is allowed too");
    play(&mut s, &format!("discard-{}", hand[3]));
    play(&mut s, &format!("discard-{}", hand[1]));
    assert_eq!(hand_size(&s, 0), 3);
    // Only the top card of the pile is shown, to both players.
    for viewer in 0..2 {
        let view = s.state().observe(viewer);
        assert_eq!(view.sides[0].discard_top.as_ref().map(|c| c.card), Some(hand[1]));
        assert_eq!(view.sides[0].discard_count, 2);
    }
    play(&mut s, "end-discard");
    assert_eq!(s.state().phase(), Phase::Draw);
    let offered = draws(&s);
    assert_eq!(offered.len(), 55, "the discards are not drawn again");
    assert!(!offered.contains(&hand[1]) && !offered.contains(&hand[3]));
    assert_eq!(draw_all(&mut s), 2, "back up to five");
    assert_eq!(hand_size(&s, 0), 5);
}

#[test]
fn rule_4_nobody_sees_into_the_discard_pile_below_its_top_card() {
    let mut s = france_turn().session();
    let (ney, withdraw) = (in_hand(&s, 0, "Michel Ney"), in_hand(&s, 0, "Withdraw"));
    play_all(&mut s, &[&format!("discard-{ney}"), &format!("discard-{withdraw}")]);
    for viewer in 0..2 {
        let seen = serde_json::to_string(&s.state().observe(viewer)).unwrap();
        assert!(seen.contains("Withdraw"), "the top card is shown");
        assert!(!seen.contains("Michel Ney"), "player {viewer} sees a buried discard: {seen}");
    }
}

#[test]
fn rule_4_the_whole_hand_may_be_discarded_and_five_new_cards_drawn() {
    let mut s = france_turn().session();
    for c in cards(s.state().side(0).hand).collect::<Vec<_>>() {
        play(&mut s, &format!("discard-{c}"));
    }
    assert_eq!(hand_size(&s, 0), 0);
    assert!(with_prefix(&s, "discard-").is_empty());
    play(&mut s, "end-discard");
    assert_eq!(draw_all(&mut s), 5);
    assert_eq!(hand_size(&s, 0), 5);
}

#[test]
fn rule_4_the_draw_phase_fills_the_hand_back_to_five() {
    let mut s = Pos::new("FR", "BR").phase("discard").hand(0, &["Supply", "Withdraw"]).session();
    play(&mut s, "end-discard");
    assert_eq!(draw_all(&mut s), 3);
    assert_eq!(hand_size(&s, 0), 5);
    // A full hand draws nothing.
    let mut s = france_turn().session();
    play(&mut s, "end-discard");
    assert_eq!(draw_all(&mut s), 0);
    assert_eq!(hand_size(&s, 0), 5);
    assert_eq!(s.state().side(0).deck.count_ones(), 55);
}

#[test]
fn rule_4_an_exhausted_deck_is_rebuilt_from_the_discards() {
    // France holds three cards; one card is left in its deck, the other 56 are discarded.
    let mut s = Pos::new("FR", "BR").phase("discard").cards_by_number(0, &[0, 1, 2], &[3]).session();
    play(&mut s, "end-discard");
    assert_eq!(draws(&s), vec![3]);
    play(&mut s, "draw-3");
    assert!(s.state().side(0).first_deck_done);
    let offered = draws(&s);
    assert_eq!(offered.len(), 56, "every discarded card is shuffled into the new deck");
    assert_eq!(s.state().side(0).discard, 0, "the discard pile is empty");
    assert!(s.state().observe(1).sides[0].discard_top.is_none());
    play(&mut s, &format!("draw-{}", offered[10]));
    assert_eq!(hand_size(&s, 0), 5);
    assert_eq!(s.state().side(0).deck.count_ones(), 55);
}

// ---- Phases in strict order ----

fn assert_none(s: &Sess, prefixes: &[&str]) {
    for p in prefixes {
        assert!(with_prefix(s, p).is_empty(), "{:?}: {p} offered: {:?}", s.state().phase(), with_prefix(s, p));
    }
}

#[test]
fn rule_4_the_phases_run_in_strict_order_and_never_go_back() {
    let mut s = france_turn().hand(0, &["Imperial Guard", "Supply", "Forced March", "Michel Ney"]).session();
    assert_eq!(s.state().phase(), Phase::Discard);
    assert_none(&s, &["move-", "assault-", "restore-", "rally-"]);
    play(&mut s, "end-discard");
    assert_eq!(s.state().phase(), Phase::Draw);
    draw_all(&mut s);
    assert_none(&s, &["discard-", "move-", "assault-"]);
    play(&mut s, "end-draw");
    assert_eq!(s.state().phase(), Phase::Movement);
    assert_none(&s, &["discard-", "draw-", "assault-", "restore-", "rally-"]);
    // The Imperial Guard stays next to the British Guards so that an Assault is possible.
    let cuirassiers = s.state().unit_at(sq("a8")).unwrap();
    play_all(&mut s, &[&format!("move-{cuirassiers}-a7"), "end-movement"]);
    assert_eq!(s.state().phase(), Phase::Combat);
    assert_none(&s, &["discard-", "move-", "supply-", "forced-march-", "restore-", "rally-"]);
    assert!(!with_prefix(&s, "assault-").is_empty());
    play(&mut s, "no-combat");
    assert_eq!(s.state().phase(), Phase::Restoration);
    assert_none(&s, &["discard-", "move-", "supply-", "forced-march-", "assault-", "volley-", "bombard-"]);
    play(&mut s, "end-restoration");
    assert_eq!((s.state().active(), s.state().phase()), (1, Phase::Discard), "the other player's turn");
}

#[test]
fn rule_4_a_game_turn_is_the_first_players_turn_then_the_seconds() {
    for first in [0u8, 1] {
        let second = 1 - first;
        let mut s = Pos::new("FR", "BR").first(first).active(first).phase("restoration").session();
        play(&mut s, "end-restoration");
        assert_eq!((s.state().turn(), s.state().active()), (3, second), "first player {first}");
        // The second player's whole turn.
        play(&mut s, "end-discard");
        draw_all(&mut s);
        play(&mut s, "end-draw");
        let m = with_prefix(&s, "move-")[0].clone();
        play_all(&mut s, &[&m, "end-movement", "no-combat", "end-restoration"]);
        assert_eq!((s.state().turn(), s.state().active()), (4, first), "a new game turn, first player {first}");
        assert_eq!(s.state().phase(), Phase::Discard);
        assert_eq!(to_move(&s), ToMove::Player(first));
    }
}

// ---- The end-of-Draw pause and Scout/Spy ----

#[test]
fn rule_4_a_scout_drawn_may_be_played_at_the_end_of_the_draw_and_replaced() {
    // Britain (player 1, active) has four cards and draws its Spy.
    let spy = army_card("BR", "a Spy", |c| c.name == "Spy");
    let mut s = Pos::new("FR", "BR")
        .active(1)
        .phase("discard")
        .hand(0, &HAND)
        .hand(1, &["Supply", "Withdraw", "Redoubt", "Lord Wellington"])
        .session();
    play(&mut s, "end-discard");
    play(&mut s, &format!("draw-{spy}"));
    assert_eq!(to_move(&s), ToMove::Player(1), "a pause at the end of the Draw phase");
    assert_eq!(ids(&s), vec![format!("spy-{spy}"), "end-draw".to_string()]);
    assert!(s.state().observe(1).sides[0].hand.is_empty(), "France's hand is hidden");
    play(&mut s, &format!("spy-{spy}"));
    assert_eq!(s.state().observe(1).sides[0].hand.len(), 5, "the Spy shows France's hand");
    assert_eq!(to_move(&s), ToMove::Chance, "the Spy is replaced from the deck");
    assert_eq!(draw_all(&mut s), 1);
    assert_eq!(hand_size(&s, 1), 5);
    assert_eq!(s.state().phase(), Phase::Draw);
    assert!(has(&s, "end-draw"));
}

#[test]
fn rule_4_the_end_of_draw_pause_happens_whatever_the_hand_holds() {
    // No Scout/Spy in hand: the pause is still there, with only the way on.
    let mut s = france_turn().session();
    play(&mut s, "end-discard");
    assert_eq!(to_move(&s), ToMove::Player(0));
    assert_eq!(ids(&s), vec!["end-draw".to_string()]);
    play(&mut s, "end-draw");
    assert_eq!(s.state().phase(), Phase::Movement);
}

#[test]
fn rule_4_a_scout_is_played_only_by_the_active_player() {
    // Britain holds a Spy while France attacks it: its defence window offers no Spy.
    let mut s = Pos::new("FR", "BR")
        .phase("combat")
        .at(0, "Imperial Guard", "d4")
        .at(1, "1st Foot Guards", "d3")
        .hand(0, &["Imperial Guard"])
        .hand(1, &["Spy", "1st Foot Guards"])
        .session();
    let card = in_hand(&s, 0, "Imperial Guard");
    let ig = uid(&s, 0, "Imperial Guard");
    play(&mut s, &format!("assault-{ig}-d3-{card}"));
    pass_windows(&mut s);
    assert_eq!(to_move(&s), ToMove::Player(1));
    assert!(with_prefix(&s, "spy-").is_empty(), "{:?}", ids(&s));
    assert!(!with_prefix(&s, "defend-").is_empty());
}
