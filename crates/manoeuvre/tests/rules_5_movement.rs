//! Rule 5, the Movement phase, and the movement HQ cards of rule 9.2 (Supply, Forced March,
//! Guerrilla, Banzai Charge), as docs/manoeuvre-rules.md reads them. Every position is built from a
//! scenario and driven through an `engine::Session` in manual chance mode.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod rules_common;

use engine::{Game, ToMove};
use manoeuvre::data::model::{Secondary, Terrain};
use manoeuvre::state::Phase;
use rules_common::*;

/// France (player 0, first player, North) against Great Britain, game turn 3, France to move.
/// Britain holds no Guerrilla card in its whole deck, so nothing France plays can be cancelled.
fn france_vs_britain() -> Pos {
    Pos::new("FR", "BR")
}

fn moves(s: &Sess) -> Vec<String> {
    with_prefix(s, "move-")
}

// ---- Basic moves: distance, diagonals, units, edges, Lake ----

#[test]
fn rule_5_infantry_moves_one_square_not_diagonally() {
    let s = france_vs_britain().at(0, "Imperial Guard", "d4").session();
    let ig = uid(&s, 0, "Imperial Guard");
    assert_eq!(move_targets(&s, ig), set(&["c4", "d3", "d5", "e4"]));
}

#[test]
fn rule_5_cavalry_moves_two_squares_not_diagonally() {
    let mut s = france_vs_britain().at(0, "Guard Cavalry", "d4").session();
    let gc = uid(&s, 0, "Guard Cavalry");
    // Everything two orthogonal steps away, including the squares "around the corner", and
    // nothing at distance three.
    let expected = set(&["d2", "d3", "d5", "d6", "b4", "c4", "e4", "f4", "c3", "c5", "e3", "e5"]);
    assert_eq!(move_targets(&s, gc), expected);
    play(&mut s, &format!("move-{gc}-c5"));
    assert_eq!(square_of(&s, gc).as_deref(), Some("c5"));
}

#[test]
fn rule_5_cavalry_may_not_end_where_it_started() {
    // Only d5 is open next to the cavalry: it could go out and come back in two steps, but a move
    // must end elsewhere.
    let s = france_vs_britain()
        .at(0, "Guard Cavalry", "d4")
        .at(0, "Imperial Guard", "c4")
        .at(0, "2nd Regiment Legere", "e4")
        .at(0, "4th Regiment Suisse", "d3")
        .session();
    let gc = uid(&s, 0, "Guard Cavalry");
    let targets = move_targets(&s, gc);
    assert!(!targets.contains("d4"), "{targets:?}");
    assert_eq!(targets, set(&["d5", "d6", "c5", "e5"]));
}

#[test]
fn rule_5_units_may_not_move_onto_or_through_other_units() {
    let s = france_vs_britain()
        .at(0, "Guard Cavalry", "d4")
        .at(0, "Imperial Guard", "d5")
        .at(1, "1st Foot Guards", "e4")
        .at(1, "Dutch-Belgians", "e5")
        .session();
    let gc = uid(&s, 0, "Guard Cavalry");
    let ig = uid(&s, 0, "Imperial Guard");
    // d6 lies behind a friend and f4 behind an enemy; e5 is reachable only through them.
    assert_eq!(move_targets(&s, gc), set(&["c4", "d3", "b4", "c3", "c5", "d2", "e3"]));
    // The infantry may step neither onto the cavalry (friend) nor onto e5 (enemy).
    assert_eq!(move_targets(&s, ig), set(&["c5", "d6"]));
}

#[test]
fn rule_5_units_may_not_move_off_the_battlefield() {
    let s = france_vs_britain().at(0, "Imperial Guard", "a4").at(0, "Guard Cavalry", "h5").session();
    assert_eq!(move_targets(&s, uid(&s, 0, "Imperial Guard")), set(&["a3", "a5", "b4"]));
    assert_eq!(move_targets(&s, uid(&s, 0, "Guard Cavalry")), set(&["h3", "h4", "h6", "h7", "g4", "g5", "g6", "f5"]));
}

#[test]
fn rule_5_units_may_not_enter_a_lake() {
    let s = france_vs_britain()
        .terrain("d5", 'L')
        .terrain("e5", 'L')
        .at(0, "Imperial Guard", "d4")
        .at(0, "Guard Cavalry", "f5")
        .session();
    assert_eq!(move_targets(&s, uid(&s, 0, "Imperial Guard")), set(&["c4", "d3", "e4"]));
    let cav = move_targets(&s, uid(&s, 0, "Guard Cavalry"));
    // Neither into the Lake nor across it (d5 lies only beyond e5); around it is fine.
    assert!(!cav.contains("e5") && !cav.contains("d5"), "{cav:?}");
    assert!(cav.contains("e4") && cav.contains("e6"), "{cav:?}");
}

// ---- Terrain (crates/manoeuvre/data/terrain.toml) ----

#[test]
fn rule_5_terrain_stops_and_slows_cavalry_as_the_terrain_table_says() {
    for t in Terrain::ALL {
        let fx = data().effects(t);
        let letter = match t {
            Terrain::Clear => 'C',
            Terrain::Hills => 'H',
            Terrain::Town => 'T',
            Terrain::Woods => 'W',
            Terrain::Marsh => 'M',
            Terrain::Field => 'F',
            Terrain::Lake => 'L',
        };
        // Cavalry on d3: d4 is one step into the terrain, d5 lies only beyond it, and f3 is two
        // steps away through open e3.
        let s = france_vs_britain()
            .terrain("d4", letter)
            .terrain("f3", letter)
            .at(0, "Guard Cavalry", "d3")
            .at(0, "Imperial Guard", "c4")
            .session();
        let cav = move_targets(&s, uid(&s, 0, "Guard Cavalry"));
        let inf = move_targets(&s, uid(&s, 0, "Imperial Guard"));
        assert_eq!(cav.contains("d4"), fx.enter, "{t:?}: cavalry one square into it");
        assert_eq!(inf.contains("d4"), fx.enter, "{t:?}: infantry into it");
        assert_eq!(cav.contains("d5"), fx.enter && !fx.ends_move, "{t:?}: cavalry through it");
        assert_eq!(cav.contains("f3"), fx.enter && fx.cavalry_max_move >= 2, "{t:?}: cavalry two squares into it");
    }
}

#[test]
fn rule_5_marsh_and_field_end_a_cavalry_move_after_one_square() {
    // The shipped (provisional) table: Marsh and Field end a move; Woods, Hills and Town do not.
    let s = france_vs_britain()
        .terrain("d5", 'M')
        .terrain("c4", 'F')
        .terrain("e3", 'F')
        .terrain("d3", 'W')
        .at(0, "Guard Cavalry", "d4")
        .session();
    let cav = move_targets(&s, uid(&s, 0, "Guard Cavalry"));
    assert!(cav.contains("d5") && cav.contains("c4"), "one square into Marsh/Field: {cav:?}");
    for beyond in ["d6", "b4"] {
        assert!(!cav.contains(beyond), "{beyond} lies beyond Marsh/Field: {cav:?}");
    }
    assert!(!cav.contains("e3"), "a Field two squares away holds cavalry to one square: {cav:?}");
    assert!(cav.contains("d2"), "Woods do not stop cavalry: {cav:?}");
}

#[test]
fn rule_5_leaving_marsh_or_field_is_not_limited() {
    for letter in ['M', 'F'] {
        let s = france_vs_britain().terrain("d4", letter).at(0, "Guard Cavalry", "d4").session();
        let cav = move_targets(&s, uid(&s, 0, "Guard Cavalry"));
        assert!(cav.contains("d6") && cav.contains("b4"), "{letter}: {cav:?}");
    }
}

#[test]
fn rule_5_infantry_may_enter_marsh_and_field() {
    let s = france_vs_britain().terrain("d5", 'M').terrain("e4", 'F').at(0, "Imperial Guard", "d4").session();
    assert_eq!(move_targets(&s, uid(&s, 0, "Imperial Guard")), set(&["c4", "d3", "d5", "e4"]));
}

// ---- How many units move ----

#[test]
fn rule_5_one_unit_must_move_from_game_turn_three() {
    let mut s = france_vs_britain().at(0, "Imperial Guard", "d4").session();
    assert!(!has(&s, "end-movement"), "a unit must move first");
    let ig = uid(&s, 0, "Imperial Guard");
    play(&mut s, &format!("move-{ig}-d5"));
    assert!(moves(&s).is_empty(), "only one unit moves: {:?}", moves(&s));
    play(&mut s, "end-movement");
    assert_eq!(s.state().phase(), Phase::Combat);
}

/// Moves the first `count` units of the back rank (files a, b, ...) one square forward.
fn move_units(s: &mut Sess, count: usize) {
    for file in ['a', 'b', 'c', 'd', 'e', 'f'].into_iter().take(count) {
        move_units_from(s, file);
    }
}

#[test]
fn rule_5_advance_to_contact_moves_three_units_on_game_turn_one() {
    // For the first player and for the second alike.
    for active in [0, 1] {
        let mut s = france_vs_britain().turn(1).active(active).session();
        for (moved, file) in ['a', 'b', 'c'].into_iter().enumerate() {
            assert!(!has(&s, "end-movement"), "player {active}: after {moved} moves the phase may not end yet");
            move_units_from(&mut s, file);
        }
        assert!(moves(&s).is_empty(), "player {active}: no fourth unit: {:?}", moves(&s));
        assert!(has(&s, "end-movement"));
    }
}

#[test]
fn rule_5_advance_to_contact_moves_two_units_on_game_turn_two() {
    for active in [0, 1] {
        let mut s = france_vs_britain().turn(2).active(active).session();
        move_units(&mut s, 1);
        assert!(!has(&s, "end-movement"), "player {active}: a second unit must move on turn 2");
        move_units_from(&mut s, 'b');
        assert!(moves(&s).is_empty(), "player {active}: no third unit: {:?}", moves(&s));
        assert!(has(&s, "end-movement"));
    }
}

#[test]
fn rule_5_advance_to_contact_asks_only_for_units_that_can_move() {
    // On game turn 1 France has a single unit free to move (the Imperial Guard on d4); the rest
    // are boxed in on the back rank. Having moved it, France may end the phase.
    let mut pos = boxed_in("FR").turn(1).at(0, "Imperial Guard", "d4");
    pos = pos.at(1, "9th Queen's Royal Lancers", "h8");
    let mut s = pos.session();
    let ig = uid(&s, 0, "Imperial Guard");
    assert_eq!(moves(&s).iter().filter(|m| !m.starts_with(&format!("move-{ig}-"))).count(), 0);
    assert!(!has(&s, "end-movement"), "the one unit that can move must move");
    play(&mut s, &format!("move-{ig}-d5"));
    assert!(has(&s, "end-movement"));
}

#[test]
fn rule_5_each_unit_moves_only_once_in_a_phase() {
    let mut s = france_vs_britain().turn(1).at(0, "Imperial Guard", "d4").session();
    let ig = uid(&s, 0, "Imperial Guard");
    play(&mut s, &format!("move-{ig}-d5"));
    assert!(move_targets(&s, ig).is_empty(), "the Imperial Guard has had its move");
    assert!(!moves(&s).is_empty(), "other units still move on turn 1");
}

// ---- Supply ----

#[test]
fn rule_5_supply_moves_one_more_unit() {
    let mut s = france_vs_britain().hand(0, &["Supply"]).session();
    let supply = in_hand(&s, 0, "Supply");
    play(&mut s, &format!("supply-{supply}"));
    // Britain's army has no Guerrilla card at all (public knowledge): the Supply works at once.
    assert_eq!(to_move(&s), ToMove::Player(0));
    assert!(in_discard(&s, 0, supply));
    move_units(&mut s, 1);
    assert!(!moves(&s).is_empty(), "the Supply allows a second unit");
    assert!(has(&s, "end-movement"), "the extra move is not compulsory");
    move_units_from(&mut s, 'b');
    assert!(moves(&s).is_empty(), "no third unit: {:?}", moves(&s));
}

#[test]
fn rule_5_supply_may_be_played_after_the_basic_move() {
    let mut s = france_vs_britain().hand(0, &["Supply"]).session();
    let supply = in_hand(&s, 0, "Supply");
    move_units(&mut s, 1);
    assert!(moves(&s).is_empty(), "the basic move is made");
    assert_eq!(with_prefix(&s, "supply-"), vec![format!("supply-{supply}")], "the Supply is still playable");
    play(&mut s, &format!("supply-{supply}"));
    assert!(!moves(&s).is_empty(), "the Supply allows a second unit after the first has moved");
}

#[test]
fn rule_5_only_one_supply_per_movement_phase() {
    let mut s = france_vs_britain().hand(0, &["Supply", "Supply"]).session();
    assert_eq!(with_prefix(&s, "supply-").len(), 2);
    let supply = in_hand(&s, 0, "Supply");
    play(&mut s, &format!("supply-{supply}"));
    assert!(with_prefix(&s, "supply-").is_empty(), "a second Supply: {:?}", with_prefix(&s, "supply-"));
}

#[test]
fn rule_5_supply_adds_a_unit_to_advance_to_contact() {
    let mut s = france_vs_britain().turn(1).hand(0, &["Supply"]).session();
    let supply = in_hand(&s, 0, "Supply");
    play(&mut s, &format!("supply-{supply}"));
    move_units(&mut s, 3);
    assert!(!moves(&s).is_empty(), "a fourth unit may move on turn 1 with a Supply");
    move_units_from(&mut s, 'd');
    assert!(moves(&s).is_empty(), "no fifth unit");
}

/// Moves the active player's unit on its back rank (rank 8 for the first player, rank 1 for the
/// other) of this file one square forward.
fn move_units_from(s: &mut Sess, file: char) {
    let g = s.state();
    let north = g.observe(0).first_player == g.active();
    let (back, front) = if north { (8, 7) } else { (1, 2) };
    let unit = g.unit_at(sq(&format!("{file}{back}"))).expect("a unit on its back rank");
    play(s, &format!("move-{unit}-{file}{front}"));
}
// ---- Forced March ----

#[test]
fn rule_5_forced_march_takes_the_unit_just_moved_one_square_further() {
    let mut s = france_vs_britain().at(0, "Imperial Guard", "d4").hand(0, &["Forced March"]).session();
    let fm = in_hand(&s, 0, "Forced March");
    assert!(with_prefix(&s, "forced-march-").is_empty(), "no unit has moved yet");
    let ig = uid(&s, 0, "Imperial Guard");
    play(&mut s, &format!("move-{ig}-d5"));
    assert_eq!(forced_march_targets(&s, fm), set(&["c5", "d4", "d6", "e5"]));
    play(&mut s, &format!("forced-march-{fm}-d6"));
    assert_eq!(square_of(&s, ig).as_deref(), Some("d6"));
    assert!(in_discard(&s, 0, fm));
}

#[test]
fn rule_5_forced_march_may_return_a_unit_to_its_starting_square() {
    let mut s = france_vs_britain().at(0, "Guard Cavalry", "d4").hand(0, &["Forced March"]).session();
    let fm = in_hand(&s, 0, "Forced March");
    let gc = uid(&s, 0, "Guard Cavalry");
    play(&mut s, &format!("move-{gc}-d5"));
    play(&mut s, &format!("forced-march-{fm}-d4"));
    assert_eq!(square_of(&s, gc).as_deref(), Some("d4"));
}

#[test]
fn rule_5_forced_march_adds_a_square_to_a_two_square_cavalry_move() {
    let mut s = france_vs_britain().at(0, "Guard Cavalry", "d4").hand(0, &["Forced March"]).session();
    let fm = in_hand(&s, 0, "Forced March");
    let gc = uid(&s, 0, "Guard Cavalry");
    play(&mut s, &format!("move-{gc}-d6"));
    play(&mut s, &format!("forced-march-{fm}-d7"));
    assert_eq!(square_of(&s, gc).as_deref(), Some("d7"));
}

#[test]
fn rule_5_only_one_forced_march_per_unit() {
    let mut s = france_vs_britain()
        .turn(1)
        .at(0, "Imperial Guard", "d4")
        .at(0, "2nd Regiment Legere", "f4")
        .hand(0, &["Forced March", "Forced March"])
        .session();
    let fms = all_in_hand(&s, 0, "Forced March");
    let ig = uid(&s, 0, "Imperial Guard");
    play(&mut s, &format!("move-{ig}-d5"));
    play(&mut s, &format!("forced-march-{}-d6", fms[0]));
    assert!(with_prefix(&s, "forced-march-").is_empty(), "a second Forced March on the same unit");
    // The next unit to move may have its own.
    let legere = uid(&s, 0, "2nd Regiment Legere");
    play(&mut s, &format!("move-{legere}-f5"));
    assert_eq!(forced_march_targets(&s, fms[1]), set(&["e5", "f4", "f6", "g5"]));
}

#[test]
fn rule_5_forced_march_applies_to_the_last_unit_that_moved() {
    let mut s = france_vs_britain()
        .turn(2)
        .at(0, "Imperial Guard", "d4")
        .at(0, "2nd Regiment Legere", "f4")
        .hand(0, &["Forced March"])
        .session();
    let fm = in_hand(&s, 0, "Forced March");
    let (ig, legere) = (uid(&s, 0, "Imperial Guard"), uid(&s, 0, "2nd Regiment Legere"));
    play(&mut s, &format!("move-{ig}-d5"));
    play(&mut s, &format!("move-{legere}-f5"));
    assert_eq!(forced_march_targets(&s, fm), set(&["e5", "f4", "f6", "g5"]));
    play(&mut s, &format!("forced-march-{fm}-f6"));
    assert_eq!(square_of(&s, legere).as_deref(), Some("f6"));
    assert_eq!(square_of(&s, ig).as_deref(), Some("d5"));
}

#[test]
fn rule_5_forced_march_may_not_enter_an_occupied_or_lake_square() {
    let mut s = france_vs_britain()
        .terrain("d6", 'L')
        .at(0, "Imperial Guard", "d4")
        .at(0, "2nd Regiment Legere", "c5")
        .hand(0, &["Forced March"])
        .session();
    let fm = in_hand(&s, 0, "Forced March");
    let ig = uid(&s, 0, "Imperial Guard");
    play(&mut s, &format!("move-{ig}-d5"));
    assert_eq!(forced_march_targets(&s, fm), set(&["d4", "e5"]));
}

#[test]
fn rule_5_no_forced_march_after_a_move_that_began_in_field_or_marsh() {
    for letter in ['F', 'M'] {
        let mut s = france_vs_britain()
            .terrain("d4", letter)
            .at(0, "Imperial Guard", "d4")
            .hand(0, &["Forced March"])
            .session();
        let ig = uid(&s, 0, "Imperial Guard");
        play(&mut s, &format!("move-{ig}-d5"));
        assert!(with_prefix(&s, "forced-march-").is_empty(), "{letter}: {:?}", with_prefix(&s, "forced-march-"));
    }
}

#[test]
fn rule_5_forced_march_allowed_after_a_move_that_ended_in_field_or_marsh() {
    // Only the square where the move began matters.
    for letter in ['F', 'M'] {
        let mut s = france_vs_britain()
            .terrain("d5", letter)
            .at(0, "Imperial Guard", "d4")
            .hand(0, &["Forced March"])
            .session();
        let fm = in_hand(&s, 0, "Forced March");
        let ig = uid(&s, 0, "Imperial Guard");
        play(&mut s, &format!("move-{ig}-d5"));
        assert!(forced_march_targets(&s, fm).contains("d6"), "{letter}");
    }
}

// ---- Guerrilla ----

/// France against Spain, which holds a Guerrilla card.
fn france_vs_spanish_guerrillas() -> Pos {
    Pos::new("FR", "SP").hand(1, &["Guerrillas"])
}

#[test]
fn rule_5_guerrilla_cancels_a_supply_and_both_cards_are_spent() {
    let mut s = france_vs_spanish_guerrillas().hand(0, &["Supply", "Supply"]).session();
    let supply = in_hand(&s, 0, "Supply");
    let guerrilla = in_hand(&s, 1, "Guerrillas");
    play(&mut s, &format!("supply-{supply}"));
    assert_eq!(to_move(&s), ToMove::Player(1), "Spain may answer");
    assert_eq!(ids(&s), vec![format!("guerrilla-{guerrilla}"), "let-it-stand".to_string()]);
    play(&mut s, &format!("guerrilla-{guerrilla}"));
    assert_eq!(to_move(&s), ToMove::Player(0));
    assert!(in_discard(&s, 0, supply), "the cancelled Supply is spent");
    assert!(in_discard(&s, 1, guerrilla), "the Guerrilla is spent");
    assert_eq!(hand_size(&s, 1), 0);
    assert!(with_prefix(&s, "supply-").is_empty(), "the second Supply may not replace the cancelled one");
    move_units(&mut s, 1);
    assert!(moves(&s).is_empty(), "the cancelled Supply gave no extra unit: {:?}", moves(&s));
}

#[test]
fn rule_5_the_guerrilla_answer_belongs_to_the_inactive_player_in_either_seat() {
    // Spain as player 0 (first player) with France, player 1, moving.
    let mut s = Pos::new("SP", "FR").active(1).hand(0, &["Guerrillas"]).hand(1, &["Supply"]).session();
    let supply = in_hand(&s, 1, "Supply");
    play(&mut s, &format!("supply-{supply}"));
    assert_eq!(to_move(&s), ToMove::Player(0));
    let guerrilla = in_hand(&s, 0, "Guerrillas");
    play(&mut s, &format!("guerrilla-{guerrilla}"));
    assert_eq!(to_move(&s), ToMove::Player(1));
    move_units(&mut s, 1);
    assert!(moves(&s).is_empty());
}

#[test]
fn rule_5_a_supply_let_stand_moves_one_more_unit() {
    let mut s = france_vs_spanish_guerrillas().hand(0, &["Supply"]).session();
    let supply = in_hand(&s, 0, "Supply");
    play(&mut s, &format!("supply-{supply}"));
    play(&mut s, "let-it-stand");
    assert_eq!(hand_size(&s, 1), 1, "Spain keeps its Guerrilla");
    move_units(&mut s, 1);
    assert!(!moves(&s).is_empty());
}

#[test]
fn rule_5_guerrilla_cancels_a_forced_march_and_the_card_is_spent() {
    let mut s = france_vs_spanish_guerrillas()
        .at(0, "Imperial Guard", "d4")
        .hand(0, &["Forced March", "Forced March"])
        .session();
    let fm = in_hand(&s, 0, "Forced March");
    let guerrilla = in_hand(&s, 1, "Guerrillas");
    let ig = uid(&s, 0, "Imperial Guard");
    play(&mut s, &format!("move-{ig}-d5"));
    play(&mut s, &format!("forced-march-{fm}-d6"));
    assert_eq!(to_move(&s), ToMove::Player(1));
    play(&mut s, &format!("guerrilla-{guerrilla}"));
    assert_eq!(square_of(&s, ig).as_deref(), Some("d5"), "the Forced March did not happen");
    assert!(in_discard(&s, 0, fm) && in_discard(&s, 1, guerrilla));
    assert!(with_prefix(&s, "forced-march-").is_empty(), "no second Forced March for the same unit");
}

#[test]
fn rule_5_a_forced_march_let_stand_moves_the_unit() {
    let mut s = france_vs_spanish_guerrillas().at(0, "Imperial Guard", "d4").hand(0, &["Forced March"]).session();
    let fm = in_hand(&s, 0, "Forced March");
    let ig = uid(&s, 0, "Imperial Guard");
    play(&mut s, &format!("move-{ig}-d5"));
    play(&mut s, &format!("forced-march-{fm}-d6"));
    play(&mut s, "let-it-stand");
    assert_eq!(square_of(&s, ig).as_deref(), Some("d6"));
}

#[test]
fn rule_5_the_guerrilla_window_opens_whatever_the_inactive_hand_holds() {
    // Spain's army has Guerrillas, so France cannot tell from the table whether its hand holds one:
    // the window opens either way, and without one Spain's only answer is to let the Supply stand.
    let with = Pos::new("FR", "SP").hand(0, &["Supply"]).hand(1, &["Guerrillas"]).session();
    let without = Pos::new("FR", "SP").hand(0, &["Supply"]).hand(1, &["Supply"]).session();
    let mut after = Vec::new();
    for mut s in [with, without] {
        let supply = in_hand(&s, 0, "Supply");
        play(&mut s, &format!("supply-{supply}"));
        assert_eq!(to_move(&s), ToMove::Player(1), "Spain is asked, whatever it holds");
        after.push(s);
    }
    assert_eq!(with_prefix(&after[0], "guerrilla-").len(), 1);
    assert_eq!(ids(&after[1]), vec!["let-it-stand"]);
    assert_eq!(after[0].state().observe(0), after[1].state().observe(0), "France sees the same table in both");
    play(&mut after[1], "let-it-stand");
    move_units(&mut after[1], 1);
    assert!(!moves(&after[1]).is_empty(), "the Supply let stand moves a second unit");
}

#[test]
fn rule_5_a_forced_march_waits_for_an_answer_even_from_a_hand_without_guerrillas() {
    let mut s = Pos::new("FR", "SP").at(0, "Imperial Guard", "d4").hand(0, &["Forced March"]).session();
    let fm = in_hand(&s, 0, "Forced March");
    let ig = uid(&s, 0, "Imperial Guard");
    play(&mut s, &format!("move-{ig}-d5"));
    play(&mut s, &format!("forced-march-{fm}-d6"));
    assert_eq!(to_move(&s), ToMove::Player(1));
    assert_eq!(ids(&s), vec!["let-it-stand"]);
    assert_eq!(square_of(&s, ig).as_deref(), Some("d5"), "nothing moves before Spain answers");
    play(&mut s, "let-it-stand");
    assert_eq!(square_of(&s, ig).as_deref(), Some("d6"));
}

#[test]
fn rule_5_guerrilla_is_played_only_in_the_opponents_turn() {
    // Spain, active, holds Guerrillas and a Supply; France has nothing to cancel with.
    let mut s = Pos::new("FR", "SP").active(1).hand(1, &["Guerrillas", "Supply"]).session();
    assert!(with_prefix(&s, "guerrilla-").is_empty());
    let supply = in_hand(&s, 1, "Supply");
    play(&mut s, &format!("supply-{supply}"));
    assert_eq!(to_move(&s), ToMove::Player(1), "no window for France, and none for Spain itself");
    assert!(with_prefix(&s, "guerrilla-").is_empty());
}

#[test]
fn rule_5_an_indian_guerrillas_card_works_only_while_its_unit_is_on_the_board() {
    let card = secondary_card("IN", "Mysore Cavalry", Secondary::Guerrillas);
    let number = card.to_string();
    // With the Mysore Cavalry on the board, India may answer France's Supply with the card.
    let mut s = Pos::new("FR", "IN").hand(0, &["Supply"]).hand(1, &[number.as_str()]).session();
    let supply = in_hand(&s, 0, "Supply");
    play(&mut s, &format!("supply-{supply}"));
    assert_eq!(to_move(&s), ToMove::Player(1));
    assert!(has(&s, &format!("guerrilla-{card}")));
    play(&mut s, &format!("guerrilla-{card}"));
    move_units(&mut s, 1);
    assert!(moves(&s).is_empty(), "the Supply was cancelled");
    // Without it, the card cannot be used that way: the window still opens (India's hand is
    // secret), but the only answer is to let the Supply stand, and then it works.
    let mut s =
        Pos::new("FR", "IN").eliminated(1, "Mysore Cavalry").hand(0, &["Supply"]).hand(1, &[number.as_str()]).session();
    play(&mut s, &format!("supply-{supply}"));
    assert_eq!(to_move(&s), ToMove::Player(1));
    assert_eq!(ids(&s), vec!["let-it-stand"]);
    play(&mut s, "let-it-stand");
    assert_eq!(to_move(&s), ToMove::Player(0));
    move_units(&mut s, 1);
    assert!(!moves(&s).is_empty(), "the Supply worked");
}

// ---- Digging In and players who cannot move ----

#[test]
fn rule_5_digging_in_moves_nothing_and_discards_the_whole_hand() {
    let hand = ["Supply", "Forced March", "Imperial Guard", "Withdraw", "Redoubt"];
    let mut s = france_vs_britain().hand(0, &hand).session();
    let before: Vec<Option<String>> = (0..8).map(|u| square_of(&s, u)).collect();
    let held = s.state().side(0).hand;
    play(&mut s, "dig-in");
    assert_eq!(s.state().phase(), Phase::Combat);
    assert_eq!(hand_size(&s, 0), 0);
    assert_eq!(s.state().side(0).discard & held, held, "all five cards are discarded");
    let after: Vec<Option<String>> = (0..8).map(|u| square_of(&s, u)).collect();
    assert_eq!(before, after, "no unit moved");
}

#[test]
fn rule_5_digging_in_is_not_possible_after_a_unit_has_moved() {
    let mut s = france_vs_britain().turn(1).session();
    assert!(has(&s, "dig-in"));
    move_units(&mut s, 1);
    assert!(!has(&s, "dig-in"));
}

/// France boxed in on its back rank by eight British units on rank 7.
fn boxed_in(army0: &str) -> Pos {
    let mut pos = Pos::new(army0, "BR");
    let british = [
        "1st Foot Guards",
        "4th Regiment of Foot",
        "32nd Regiment of Foot",
        "42nd Regiment of Foot",
        "52nd Regiment of Foot",
        "Dutch-Belgians",
        "King's Dragoons Guards",
        "9th Queen's Royal Lancers",
    ];
    for (i, unit) in british.iter().enumerate() {
        pos = pos.at(1, unit, &format!("{}7", (b'a' + i as u8) as char));
    }
    pos
}

#[test]
fn rule_5_digging_in_a_player_who_cannot_move_still_discards_the_whole_hand() {
    // The rule has no exception for a player with no move open: standing still is Digging In.
    let hand = ["Supply", "Imperial Guard", "Withdraw"];
    let mut s = boxed_in("FR").hand(0, &hand).session();
    let held = s.state().side(0).hand;
    assert!(moves(&s).is_empty());
    assert!(!has(&s, "end-movement"), "no unit moved: the phase ends only by Digging In");
    assert!(has(&s, "dig-in"));
    play(&mut s, "dig-in");
    assert_eq!(s.state().phase(), Phase::Combat);
    assert_eq!(hand_size(&s, 0), 0, "the whole hand is lost");
    assert_eq!(s.state().side(0).discard & held, held);
}

#[test]
fn rule_5_digging_in_a_card_played_is_not_a_unit_moved() {
    // A Supply played while nothing can move moves no unit: the rest of the hand goes all the same.
    let mut s = boxed_in("FR").hand(0, &["Supply", "Imperial Guard", "Withdraw"]).session();
    let supply = in_hand(&s, 0, "Supply");
    play(&mut s, &format!("supply-{supply}"));
    assert_eq!(to_move(&s), ToMove::Player(0));
    assert!(moves(&s).is_empty());
    assert!(!has(&s, "end-movement"));
    play(&mut s, "dig-in");
    assert_eq!(hand_size(&s, 0), 0);
}

// ---- Banzai Charge ----

fn tokugawa() -> Pos {
    Pos::new("TO", "FR")
}

#[test]
fn rule_5_banzai_charge_moves_two_units_two_squares() {
    let mut s = tokugawa().at(0, "Tokugawa Han", "d4").at(0, "Ii Han", "f4").hand(0, &["Banzai Charge"]).session();
    let banzai = in_hand(&s, 0, "Banzai Charge");
    let (han, ii) = (uid(&s, 0, "Tokugawa Han"), uid(&s, 0, "Ii Han"));
    assert_eq!(move_targets(&s, han).len(), 4, "infantry moves one square without the card");
    play(&mut s, &format!("banzai-{banzai}"));
    assert!(in_discard(&s, 0, banzai));
    assert!(move_targets(&s, han).contains("d6"), "two squares under the Banzai Charge");
    assert!(!move_targets(&s, han).contains("d4"), "and not back to its own square");
    play(&mut s, &format!("move-{han}-d6"));
    play(&mut s, &format!("move-{ii}-f2"));
    assert_eq!(square_of(&s, ii).as_deref(), Some("f2"));
    assert!(moves(&s).is_empty(), "only two units charge: {:?}", moves(&s));
    assert!(has(&s, "end-movement"));
}

#[test]
fn rule_5_banzai_charge_replaces_advance_to_contact() {
    let mut s = tokugawa().turn(1).hand(0, &["Banzai Charge"]).session();
    let banzai = in_hand(&s, 0, "Banzai Charge");
    play(&mut s, &format!("banzai-{banzai}"));
    move_units(&mut s, 2);
    assert!(moves(&s).is_empty(), "two units, not the three of game turn 1: {:?}", moves(&s));
}

#[test]
fn rule_5_banzai_charge_with_a_supply_moves_a_third_unit() {
    for supply_first in [true, false] {
        let mut s = tokugawa().hand(0, &["Banzai Charge", "Supply"]).session();
        let banzai = in_hand(&s, 0, "Banzai Charge");
        let supply = in_hand(&s, 0, "Supply");
        let order = if supply_first {
            [format!("supply-{supply}"), format!("banzai-{banzai}")]
        } else {
            [format!("banzai-{banzai}"), format!("supply-{supply}")]
        };
        for id in &order {
            play(&mut s, id);
        }
        move_units(&mut s, 2);
        assert!(!moves(&s).is_empty(), "supply first: {supply_first}: a third unit");
        move_units_from(&mut s, 'c');
        assert!(moves(&s).is_empty(), "supply first: {supply_first}: no fourth unit");
    }
}

#[test]
fn rule_5_a_cancelled_supply_adds_nothing_to_a_banzai_charge() {
    let mut s = Pos::new("TO", "SP").hand(0, &["Banzai Charge", "Supply"]).hand(1, &["Guerrillas"]).session();
    let banzai = in_hand(&s, 0, "Banzai Charge");
    let supply = in_hand(&s, 0, "Supply");
    let guerrilla = in_hand(&s, 1, "Guerrillas");
    play_all(&mut s, &[&format!("supply-{supply}"), &format!("guerrilla-{guerrilla}"), &format!("banzai-{banzai}")]);
    move_units(&mut s, 2);
    assert!(moves(&s).is_empty(), "two units only: {:?}", moves(&s));
}

#[test]
fn rule_5_banzai_charge_with_a_forced_march() {
    let mut s = tokugawa().at(0, "Tokugawa Han", "d4").hand(0, &["Banzai Charge", "Forced March"]).session();
    let banzai = in_hand(&s, 0, "Banzai Charge");
    let fm = in_hand(&s, 0, "Forced March");
    let han = uid(&s, 0, "Tokugawa Han");
    play(&mut s, &format!("banzai-{banzai}"));
    play(&mut s, &format!("move-{han}-d6"));
    play(&mut s, &format!("forced-march-{fm}-d7"));
    assert_eq!(square_of(&s, han).as_deref(), Some("d7"));
}

#[test]
fn rule_5_banzai_charge_only_in_place_of_the_basic_move() {
    let mut s = tokugawa().at(0, "Tokugawa Han", "d4").hand(0, &["Banzai Charge"]).session();
    assert!(!with_prefix(&s, "banzai-").is_empty());
    let han = uid(&s, 0, "Tokugawa Han");
    play(&mut s, &format!("move-{han}-d5"));
    assert!(with_prefix(&s, "banzai-").is_empty(), "a unit has already made the basic move");
}

#[test]
fn rule_5_banzai_charge_needs_a_unit_able_to_move() {
    let s = boxed_in("TO").hand(0, &["Banzai Charge"]).session();
    assert!(with_prefix(&s, "banzai-").is_empty());
    assert_eq!(ids(&s), vec!["dig-in"], "with no unit able to move, only Digging In is left");
}

#[test]
fn rule_5_banzai_charge_keeps_the_cavalry_terrain_limits() {
    let mut s = tokugawa()
        .terrain("d5", 'M')
        .terrain("f4", 'F')
        .at(0, "Tokugawa Han", "d4")
        .hand(0, &["Banzai Charge"])
        .session();
    let banzai = in_hand(&s, 0, "Banzai Charge");
    let han = uid(&s, 0, "Tokugawa Han");
    play(&mut s, &format!("banzai-{banzai}"));
    let targets = move_targets(&s, han);
    assert!(targets.contains("d5"), "{targets:?}");
    assert!(!targets.contains("d6"), "not through Marsh: {targets:?}");
    assert!(!targets.contains("f4"), "not two squares into Field: {targets:?}");
    assert!(targets.contains("b4") && targets.contains("d2"), "{targets:?}");
}

#[test]
fn rule_5_banzai_charge_cannot_be_cancelled_by_guerrilla() {
    let mut s = Pos::new("TO", "SP").hand(0, &["Banzai Charge"]).hand(1, &["Guerrillas"]).session();
    let banzai = in_hand(&s, 0, "Banzai Charge");
    play(&mut s, &format!("banzai-{banzai}"));
    assert_eq!(to_move(&s), ToMove::Player(0), "Guerrilla answers only Supply, Forced March, Regroup, Reinforcement");
    assert_eq!(s.state().phase(), Phase::Movement);
    assert_eq!(hand_size(&s, 1), 1);
}

// ---- An independent reading of the basic move, on random positions ----

fn square_name(sq: u8) -> String {
    format!("{}{}", (b'a' + sq % 8) as char, sq / 8 + 1)
}

fn orthogonal(sq: u8) -> Vec<u8> {
    let (r, c) = (sq / 8, sq % 8);
    let mut out = Vec::new();
    if r > 0 {
        out.push(sq - 8);
    }
    if r < 7 {
        out.push(sq + 8);
    }
    if c > 0 {
        out.push(sq - 1);
    }
    if c < 7 {
        out.push(sq + 1);
    }
    out
}

#[test]
fn rule_5_basic_moves_match_an_independent_reading_on_random_positions() {
    use rand_chacha::ChaCha8Rng;
    use rand_core::{RngCore, SeedableRng};
    let letters = ['C', 'C', 'C', 'C', 'C', 'H', 'T', 'W', 'M', 'F', 'L', 'L'];
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed);
    let french = &data().army(nation("FR")).units;
    for case in 0..150 {
        let mut pos = france_vs_britain();
        let mut terrain = ['C'; 64];
        for (sq, t) in terrain.iter_mut().enumerate() {
            *t = letters[(rng.next_u32() as usize) % letters.len()];
            pos = pos.terrain(&square_name(sq as u8), *t);
        }
        // Sixteen different squares off the Lakes, in random order.
        let mut free: Vec<u8> = (0..64u8).filter(|&sq| terrain[sq as usize] != 'L').collect();
        for i in (1..free.len()).rev() {
            free.swap(i, (rng.next_u32() as usize) % (i + 1));
        }
        let spots = &free[..16];
        for (k, &sq) in spots.iter().enumerate() {
            pos = pos.at_index((k / 8) as u8, (k % 8) as u8, &square_name(sq));
        }
        let s = pos.session();
        let occupied = |sq: u8| spots.contains(&sq);
        let fx = |sq: u8| data().effects(Terrain::from_letter(terrain[sq as usize]).unwrap_or(Terrain::Lake));
        let open = |sq: u8| fx(sq).enter && !occupied(sq);
        for (i, &from) in spots[..8].iter().enumerate() {
            let cavalry = french[i].kind == manoeuvre::data::model::UnitKind::Cavalry;
            let mut expected = std::collections::BTreeSet::new();
            for a in orthogonal(from).into_iter().filter(|&a| open(a)) {
                expected.insert(square_name(a));
                if cavalry && !fx(a).ends_move {
                    for b in orthogonal(a) {
                        if b != from && open(b) && fx(b).cavalry_max_move >= 2 {
                            expected.insert(square_name(b));
                        }
                    }
                }
            }
            assert_eq!(
                move_targets(&s, i as u8),
                expected,
                "case {case}, {} from {}",
                french[i].name,
                square_name(from)
            );
        }
    }
}
