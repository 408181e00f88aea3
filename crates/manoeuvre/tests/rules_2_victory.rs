//! Rule 2, how the game is won: attrition (five units eliminated, with the Committed Attack
//! exception), the end of the day (both first Action Decks drawn), and control of the enemy half with
//! its tie-breakers, as docs/manoeuvre-rules.md reads them.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod rules_common;

use engine::{Game, Outcome, ToMove};
use manoeuvre::state::Phase;
use rules_common::*;

fn outcome(s: &Sess) -> Option<Outcome> {
    s.state().outcome()
}

fn winner(s: &Sess) -> Option<u8> {
    assert_eq!(to_move(s), ToMove::Terminal, "the game should be over");
    outcome(s).expect("a finished game has an outcome").winner
}

/// Four British units already eliminated.
fn britain_down_to_four(pos: Pos) -> Pos {
    pos.eliminated(1, "4th Regiment of Foot")
        .eliminated(1, "32nd Regiment of Foot")
        .eliminated(1, "42nd Regiment of Foot")
        .eliminated(1, "52nd Regiment of Foot")
}

/// Four French units (of player `p`) already eliminated.
fn france_down_to_four_as(pos: Pos, p: u8) -> Pos {
    pos.eliminated(p, "2nd Regiment Legere")
        .eliminated(p, "8th Regiment Legere")
        .eliminated(p, "19th Regiment Legere")
        .eliminated(p, "45th Regiment Legere")
}

fn france_down_to_four(pos: Pos) -> Pos {
    france_down_to_four_as(pos, 0)
}

// ---- 2.1 Attrition ----

#[test]
fn rule_2_1_the_fifth_enemy_unit_eliminated_wins_at_once() {
    // France's Imperial Guard (d4) assaults the reduced Dutch-Belgians (d3), Britain's last four.
    let pos = Pos::new("FR", "BR")
        .turn(6)
        .phase("combat")
        .at(0, "Imperial Guard", "d4")
        .at(1, "Dutch-Belgians", "d3")
        .reduced(1, "Dutch-Belgians")
        .hand(0, &["Imperial Guard"]);
    let mut s = britain_down_to_four(pos).session();
    let card = in_hand(&s, 0, "Imperial Guard");
    let ig = uid(&s, 0, "Imperial Guard");
    play_all(&mut s, &[&format!("assault-{ig}-d3-{card}"), "done-attacking"]);
    roll_all(&mut s, true);
    // The combat still finishes (the attacker's advance), then the game is over: no Restoration.
    if matches!(s.state().phase(), Phase::Advance { .. }) {
        play(&mut s, "stay-put");
    }
    assert_eq!(s.state().side(1).lost, 5);
    assert_eq!(winner(&s), Some(0));
    assert!(outcome(&s).unwrap().reason.contains("eliminated five"), "{:?}", outcome(&s));
    // The end screen's block, the same from either seat.
    let v = s.state().observe(1).victory.expect("a finished game has its victory block");
    assert_eq!(s.state().observe(0).victory.as_ref(), Some(&v));
    assert_eq!((v.winner, v.winner_name.as_str(), v.kind, v.sacked), (0, "France", "attrition", false));
    assert_eq!(v.units_eliminated, [5, 0], "France eliminated five British units");
    assert_eq!(v.reason, outcome(&s).unwrap().reason);
    assert_eq!((v.tiebreak, v.turns), (None, 6));
}

#[test]
fn rule_2_1_losing_a_fifth_unit_in_ones_own_failed_attack_loses_at_once() {
    let pos = Pos::new("FR", "BR")
        .turn(6)
        .phase("combat")
        .at(0, "Imperial Guard", "d4")
        .reduced(0, "Imperial Guard")
        .at(1, "1st Foot Guards", "d3")
        .hand(0, &["Imperial Guard"]);
    let mut s = france_down_to_four(pos).session();
    let card = in_hand(&s, 0, "Imperial Guard");
    let ig = uid(&s, 0, "Imperial Guard");
    play_all(&mut s, &[&format!("assault-{ig}-d3-{card}"), "done-attacking"]);
    // 5 + 1 + 1 = 7 against 8: the attack fails and the reduced Guard is eliminated.
    roll_all(&mut s, false);
    assert_eq!(s.state().side(0).lost, 5);
    assert_eq!(winner(&s), Some(1));
}

/// Britain (player 1, active) with four units lost assaults with a Committed Attack on its 1st Foot
/// Guards (d4) against the reduced 4th Regiment Suisse (d5), France's last four.
fn committed_attack(attacker_reduced: bool) -> Sess {
    let mut pos = Pos::new("FR", "BR")
        .turn(6)
        .active(1)
        .phase("combat")
        .at(0, "4th Regiment Suisse", "d5")
        .reduced(0, "4th Regiment Suisse")
        .at(1, "1st Foot Guards", "d4")
        .hand(1, &["1st Foot Guards", "Committed Attack"]);
    if attacker_reduced {
        pos = pos.reduced(1, "1st Foot Guards");
    }
    let mut s = france_down_to_four(britain_down_to_four(pos)).session();
    let card = in_hand(&s, 1, "1st Foot Guards");
    let committed = in_hand(&s, 1, "Committed Attack");
    let guards = uid(&s, 1, "1st Foot Guards");
    play_all(
        &mut s,
        &[&format!("assault-{guards}-d5-{card}"), &format!("committed-{committed}-{guards}"), "done-attacking"],
    );
    roll_all(&mut s, true);
    // The Suisse is eliminated (France's fifth loss); Britain decides whether to advance.
    assert_eq!(s.state().side(0).lost, 5);
    assert!(outcome(&s).is_none(), "the battle is not over until the Committed Attack hit is taken");
    play(&mut s, &format!("advance-{guards}"));
    s
}

#[test]
fn rule_2_1_committed_attack_fifth_loss_sacks_the_commander() {
    let s = committed_attack(true);
    assert_eq!(s.state().side(1).lost, 5, "the Committed Attack hit eliminated the reduced Guards");
    assert_eq!(winner(&s), Some(0), "Britain eliminated a fifth unit but lost its own fifth to the Committed Attack");
    assert!(outcome(&s).unwrap().reason.contains("sacked"), "{:?}", outcome(&s));
}

#[test]
fn rule_2_1_committed_attack_hit_that_only_reduces_leaves_the_victory() {
    let s = committed_attack(false);
    assert_eq!(s.state().side(1).lost, 4);
    assert!(s.state().unit(uid(&s, 1, "1st Foot Guards")).reduced);
    assert_eq!(winner(&s), Some(1));
}

fn death_with_honour(french_reduced_neighbour: bool) -> Sess {
    // Tokugawa (player 0) has lost four units and removes the Tokugawa Han on d4.
    let mut pos = Pos::new("TO", "FR")
        .turn(6)
        .phase("combat")
        .eliminated(0, "Ii Han")
        .eliminated(0, "Date Han")
        .eliminated(0, "Maeda Han")
        .eliminated(0, "Honda Han")
        .at(0, "Tokugawa Han", "d4")
        .hand(0, &["Death With Honour"]);
    if french_reduced_neighbour {
        // France (player 1) has lost four too, and its reduced Imperial Guard stands next to d4.
        pos = france_down_to_four_as(pos.at(1, "Imperial Guard", "d3").reduced(1, "Imperial Guard"), 1);
    }
    let mut s = pos.session();
    let card = in_hand(&s, 0, "Death With Honour");
    let han = uid(&s, 0, "Tokugawa Han");
    play(&mut s, &format!("death-with-honour-{card}-{han}"));
    s
}

#[test]
fn rule_2_1_death_with_honour_counts_the_removed_unit_as_a_loss() {
    let s = death_with_honour(false);
    assert_eq!(s.state().side(0).lost, 5);
    assert_eq!(winner(&s), Some(1));
}

#[test]
fn rule_2_1_death_with_honour_both_sides_at_five_the_card_player_wins() {
    let s = death_with_honour(true);
    assert_eq!(s.state().side(1).lost, 5, "the reduced Imperial Guard next to it was eliminated");
    assert_eq!(s.state().side(0).lost, 5);
    assert_eq!(winner(&s), Some(0));
}

// ---- 2.3 When the day ends ----

/// Plays the active player's whole turn from its Discard phase: no discards, every draw taken, the
/// first legal move, no combat, no restoration.
fn pass_turn(s: &mut Sess) {
    assert_eq!(s.state().phase(), Phase::Discard);
    play(s, "end-discard");
    pass_turn_from_draw(s);
}

#[test]
fn rule_2_3_the_day_ends_after_the_game_turn_in_which_both_first_decks_ran_out() {
    // France's first deck ran out earlier; Britain, second to play, holds four cards and one is left.
    let mut s = Pos::new("FR", "BR")
        .turn(9)
        .active(1)
        .phase("discard")
        .first_deck_done(0)
        .cards_by_number(1, &[0, 1, 2, 3], &[4])
        .session();
    play(&mut s, "end-discard");
    assert_eq!(ids(&s), vec!["draw-4".to_string()]);
    play_all(&mut s, &["draw-4", "end-draw"]);
    assert!(s.state().side(1).first_deck_done);
    assert!(outcome(&s).is_none(), "the turn is played out");
    let first_move = with_prefix(&s, "move-").into_iter().next().unwrap();
    play(&mut s, &first_move);
    play_all(&mut s, &["end-movement", "no-combat"]);
    assert!(outcome(&s).is_none());
    play(&mut s, "end-restoration");
    assert_eq!(to_move(&s), ToMove::Terminal);
    assert_eq!(s.state().turn(), 9);
    assert!(outcome(&s).unwrap().reason.starts_with("nightfall"), "{:?}", outcome(&s));
}

#[test]
fn rule_2_3_the_day_ends_at_the_end_of_the_game_turn_not_of_the_player_turn() {
    // Britain's first deck ran out earlier; France, the first player, draws its last card now.
    let mut s = Pos::new("FR", "BR")
        .turn(9)
        .phase("discard")
        .first_deck_done(1)
        .cards_by_number(0, &[0, 1, 2, 3], &[4])
        .session();
    pass_turn(&mut s);
    assert!(s.state().side(0).first_deck_done);
    assert!(outcome(&s).is_none(), "Britain still plays its player turn");
    assert_eq!((s.state().turn(), s.state().active()), (9, 1));
    pass_turn(&mut s);
    assert_eq!(to_move(&s), ToMove::Terminal);
}

#[test]
fn rule_2_3_the_day_ends_after_the_second_players_turn_whoever_is_first() {
    // Player 1 is the first player here: the game turn ends with player 0's turn.
    let mut s = Pos::new("FR", "BR")
        .first(1)
        .active(1)
        .turn(11)
        .phase("restoration")
        .first_deck_done(0)
        .first_deck_done(1)
        .session();
    play(&mut s, "end-restoration");
    assert!(outcome(&s).is_none(), "player 0 has still to play its turn");
    assert_eq!((s.state().turn(), s.state().active()), (11, 0));
    pass_turn(&mut s);
    assert_eq!(to_move(&s), ToMove::Terminal);
    assert_eq!(s.state().turn(), 11);
}

#[test]
fn rule_2_3_one_player_out_of_cards_reshuffles_and_the_game_goes_on() {
    let mut s = Pos::new("FR", "BR").turn(9).phase("discard").cards_by_number(0, &[0, 1, 2, 3], &[4]).session();
    pass_turn(&mut s);
    assert!(s.state().side(0).first_deck_done);
    assert_eq!(s.state().side(0).deck, 0);
    pass_turn(&mut s);
    assert!(outcome(&s).is_none(), "only France has finished its first deck");
    assert_eq!((s.state().turn(), s.state().active()), (10, 0));
    // France's next draw comes from its discards, shuffled into a new deck.
    let discarded = s.state().side(0).discard;
    let card = cards_of(discarded)[0];
    let spare = in_hand_any(&s, 0);
    play(&mut s, &format!("discard-{spare}"));
    play(&mut s, "end-discard");
    assert_eq!(to_move(&s), ToMove::Chance);
    assert!(has(&s, &format!("draw-{card}")), "a discarded card can be drawn again");
    play(&mut s, &format!("draw-{card}"));
    assert!(s.state().side(0).first_deck_done, "the first deck stays finished");
    assert!(outcome(&s).is_none());
}

#[test]
fn rule_2_3_a_player_may_reshuffle_as_often_as_needed() {
    // France has already gone through its first deck once; its second deck is down to one card.
    let mut s = Pos::new("FR", "BR")
        .turn(20)
        .phase("discard")
        .first_deck_done(0)
        .cards_by_number(0, &[0, 1, 2], &[3])
        .session();
    play_all(&mut s, &["end-discard", "draw-3"]);
    assert_eq!(draws_offered(&s), 56, "the discards form a third deck");
    pass_turn_from_draw(&mut s);
    pass_turn(&mut s);
    assert!(outcome(&s).is_none(), "Britain has not finished its first deck");
    assert_eq!(s.state().turn(), 21);
}

fn draws_offered(s: &Sess) -> usize {
    with_prefix(s, "draw-").len()
}

/// Finishes a turn that is in its Draw phase.
fn pass_turn_from_draw(s: &mut Sess) {
    while to_move(s) == ToMove::Chance {
        let draw = ids(s).into_iter().next().unwrap();
        play(s, &draw);
    }
    play(s, "end-draw");
    let first_move = with_prefix(s, "move-").into_iter().next().expect("a unit can move");
    play_all(s, &[&first_move, "end-movement"]);
    finish_turn(s);
}

fn cards_of(set: u64) -> Vec<u8> {
    manoeuvre::tables::cards(set).collect()
}

fn in_hand_any(s: &Sess, p: u8) -> u8 {
    cards_of(s.state().side(p).hand)[0]
}

#[test]
fn rule_2_3_a_deck_is_finished_only_when_its_last_card_is_drawn() {
    let mut s = Pos::new("FR", "BR").phase("discard").cards_by_number(0, &[0, 1, 2], &[3, 4, 5]).session();
    play(&mut s, "end-discard");
    play_all(&mut s, &["draw-3", "draw-4", "end-draw"]);
    assert_eq!(s.state().phase(), Phase::Movement);
    assert!(!s.state().side(0).first_deck_done, "one card is left in the first deck");
}

// ---- 2.2 Control of the enemy half ----

fn control(s: &Sess) -> [u8; 2] {
    [s.state().control(0), s.state().control(1)]
}

#[test]
fn rule_2_2_an_occupied_enemy_square_and_its_free_neighbours_are_controlled() {
    // France (North) on d3 in the British half; Britain's units stand on rank 1, so d2 is next to
    // the British unit on d1 and is contested.
    let s = Pos::new("FR", "BR").at(0, "Imperial Guard", "d3").session();
    assert_eq!(control(&s), [4, 0], "d3 occupied, c3, e3 and d4 by influence");
}

#[test]
fn rule_2_2_an_enemy_unit_next_to_a_square_contests_it_but_not_an_occupied_one() {
    // A British unit on e3, next to the Imperial Guard: d3 still counts (occupied), e3 does not
    // (it is Britain's), d4 counts (e3 is only diagonal to it).
    let s = Pos::new("FR", "BR").at(0, "Imperial Guard", "d3").at(1, "1st Foot Guards", "e3").session();
    assert_eq!(control(&s), [3, 0], "d3, c3 and d4");
}

#[test]
fn rule_2_2_influence_does_not_reach_diagonally() {
    // From d5 (its own half) the Imperial Guard reaches only d4 in the British half.
    let s = Pos::new("FR", "BR").at(0, "Imperial Guard", "d5").session();
    assert_eq!(control(&s), [1, 0]);
}

#[test]
fn rule_2_2_only_the_enemy_half_counts() {
    let s = Pos::new("FR", "BR").at(0, "Imperial Guard", "d6").at(1, "1st Foot Guards", "d2").session();
    assert_eq!(control(&s), [0, 0], "d6 and d2 only touch their own halves");
    let s = Pos::new("FR", "BR").at(1, "1st Foot Guards", "d6").session();
    // Britain on d6: the square itself, c6, e6 and d5; d7 is next to the French unit on d8.
    assert_eq!(control(&s), [0, 4]);
}

#[test]
fn rule_2_2_a_lake_square_counts_through_uncontested_influence() {
    let s = Pos::new("FR", "BR").terrain("d4", 'L').at(0, "Imperial Guard", "d5").session();
    assert_eq!(control(&s), [1, 0], "the Lake on d4");
    // Contested by a British unit next to it, it no longer counts.
    let s =
        Pos::new("FR", "BR").terrain("d4", 'L').at(0, "Imperial Guard", "d5").at(1, "1st Foot Guards", "d3").session();
    assert_eq!(control(&s), [0, 0]);
}

/// The last Restoration phase of the day: Britain (the second player) is about to end its turn and
/// both first decks have run out.
fn nightfall(pos: Pos) -> Sess {
    let mut s = pos.turn(12).active(1).phase("restoration").first_deck_done(0).first_deck_done(1).session();
    play(&mut s, "end-restoration");
    assert_eq!(to_move(&s), ToMove::Terminal);
    s
}

#[test]
fn rule_2_2_at_nightfall_more_controlled_squares_wins() {
    // France controls one square but has lost two units and has a reduced one.
    let pos = Pos::new("FR", "BR")
        .at(0, "Imperial Guard", "d5")
        .reduced(0, "Guard Cavalry")
        .eliminated(0, "2nd Regiment Legere")
        .eliminated(0, "8th Regiment Legere");
    let s = nightfall(pos);
    assert_eq!(winner(&s), Some(0));
    assert_eq!(outcome(&s).unwrap().reason, "nightfall: France controls 1 enemy squares to 0");
    let v = s.state().observe(1).victory.expect("a finished game has its victory block");
    assert_eq!((v.winner, v.winner_name.as_str(), v.kind), (0, "France", "nightfall"));
    assert_eq!((v.control, v.units_eliminated, v.reduced_units), ([1, 0], [0, 2], [1, 0]));
    assert_eq!((v.tiebreak, v.turns), (None, 12));
}

#[test]
fn rule_2_2_control_tie_more_enemy_units_eliminated_wins() {
    // Equal control (none). France eliminated one British unit, Britain none, although France has
    // more reduced units and comes after Britain in the nation list.
    let pos =
        Pos::new("FR", "BR").eliminated(1, "Dutch-Belgians").reduced(0, "Imperial Guard").reduced(0, "Guard Cavalry");
    let s = nightfall(pos);
    assert_eq!(winner(&s), Some(0));
    assert!(outcome(&s).unwrap().reason.contains("eliminated more units"), "{:?}", outcome(&s));
}

#[test]
fn rule_2_2_control_and_elimination_tie_fewer_reduced_units_wins() {
    let pos = Pos::new("FR", "BR")
        .eliminated(1, "Dutch-Belgians")
        .eliminated(0, "2nd Regiment Legere")
        .reduced(1, "1st Foot Guards");
    let s = nightfall(pos);
    assert_eq!(winner(&s), Some(0));
    assert!(outcome(&s).unwrap().reason.contains("fewer reduced units"), "{:?}", outcome(&s));
    let v = s.state().observe(0).victory.expect("a finished game has its victory block");
    assert_eq!((v.control, v.units_eliminated, v.reduced_units), ([0, 0], [1, 1], [0, 1]));
    assert!(v.tiebreak.is_some_and(|t| t.contains("fewer reduced units")), "{v:?}");
}

#[test]
fn rule_2_2_the_last_tie_breaker_is_the_nation_list() {
    // The order printed in rule 2.2: the earlier nation wins a complete tie.
    let list = ["IN", "QI", "US", "TO", "SP", "AU", "SW", "OT", "PR", "RU", "BR", "FR"];
    assert_eq!(list.len(), data().rules.armies.len(), "every nation is in the list");
    for (i, better) in list.iter().enumerate() {
        for worse in &list[i + 1..] {
            for (p0, p1, expected) in [(better, worse, 0), (worse, better, 1)] {
                let s = nightfall(Pos::new(p0, p1));
                assert_eq!(control(&s), [0, 0]);
                assert_eq!(winner(&s), Some(expected), "{p0} (player 0) against {p1}: {:?}", outcome(&s));
                assert!(outcome(&s).unwrap().reason.contains("nation list"), "{:?}", outcome(&s));
            }
        }
    }
}

#[test]
fn rule_2_2_no_nightfall_while_a_first_deck_lasts() {
    for done in [0, 1] {
        let mut s = Pos::new("FR", "BR").turn(12).active(1).phase("restoration").first_deck_done(done).session();
        play(&mut s, "end-restoration");
        assert!(outcome(&s).is_none(), "only player {done} has finished its first deck");
        assert_eq!((s.state().turn(), s.state().active()), (13, 0));
    }
}

#[test]
fn rule_2_2_control_matches_an_independent_count_on_random_positions() {
    use rand_chacha::ChaCha8Rng;
    use rand_core::{RngCore, SeedableRng};
    let name = |sq: u8| format!("{}{}", (b'a' + sq % 8) as char, sq / 8 + 1);
    let next_to = |a: u8, b: u8| {
        let (ra, ca, rb, cb) = (a / 8, a % 8, b / 8, b % 8);
        ra.abs_diff(rb) + ca.abs_diff(cb) == 1
    };
    let mut rng = ChaCha8Rng::seed_from_u64(22);
    for case in 0..200 {
        let first = (rng.next_u32() % 2) as u8;
        let mut pos = Pos::new("FR", "BR").first(first).active(first);
        // A few Lakes, never under a unit.
        let lakes: Vec<u8> = (0..3).map(|_| (rng.next_u32() % 64) as u8).collect();
        for &l in &lakes {
            pos = pos.terrain(&name(l), 'L');
        }
        let mut free: Vec<u8> = (0..64u8).filter(|sq| !lakes.contains(sq)).collect();
        for i in (1..free.len()).rev() {
            free.swap(i, (rng.next_u32() as usize) % (i + 1));
        }
        // Between five and eight units a side on the board.
        let counts = [5 + (rng.next_u32() % 4) as usize, 5 + (rng.next_u32() % 4) as usize];
        let mut squares: [Vec<u8>; 2] = [Vec::new(), Vec::new()];
        let mut next = free.into_iter();
        for p in 0..2u8 {
            for i in 0..8u8 {
                if (i as usize) < counts[p as usize] {
                    let sq = next.next().unwrap();
                    squares[p as usize].push(sq);
                    pos = pos.at_index(p, i, &name(sq));
                } else {
                    let unit = &data().army(nation(["FR", "BR"][p as usize])).units[i as usize].name;
                    pos = pos.eliminated(p, unit);
                }
            }
        }
        let s = pos.session();
        for p in 0..2u8 {
            let (mine, theirs) = (&squares[p as usize], &squares[1 - p as usize]);
            // The enemy half: ranks 1-4 for the first player (North), ranks 5-8 for the other.
            let enemy_half = |sq: u8| if p == first { sq < 32 } else { sq >= 32 };
            let expected = (0..64u8)
                .filter(|&sq| enemy_half(sq))
                .filter(|&sq| {
                    mine.contains(&sq)
                        || (!theirs.contains(&sq)
                            && mine.iter().any(|&m| next_to(m, sq))
                            && !theirs.iter().any(|&t| next_to(t, sq)))
                })
                .count() as u8;
            assert_eq!(s.state().control(p), expected, "case {case}, player {p}, first player {first}");
        }
    }
}
