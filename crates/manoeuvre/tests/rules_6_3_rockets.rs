//! Rule 6.3 (and the Rockets card of 9.2): a Rockets card fires from any unit, two squares along a
//! Bombardment's open paths, three from Hills at a square that is not Hills; a d10 decides alone:
//! 1-4 nothing, 5-8 the target retreats, 9-10 it retreats and takes a hit. No Withdraw, no advance.
//!
//! The Qing Dynasty (South, player 1) fires at Russia (North, player 0).

mod combat_common;

use combat_common::*;
use engine::ToMove;
use manoeuvre::data::model::HqKind;
use manoeuvre::state::Phase;

const QI: &str = "QI";
const RU: &str = "RU";

fn rocket_card() -> u8 {
    hq_card(QI, HqKind::Rockets)
}

fn banner() -> u8 {
    uid(SOUTH, QI, "Plain Yellow Banner")
}

fn koursk() -> u8 {
    uid(NORTH, RU, "Koursk Regiment")
}

/// The Plain Yellow Banner on d3 with a Rockets card.
fn launcher() -> Pos {
    Pos::new(RU, QI).unit(SOUTH, "Plain Yellow Banner", "d3").hand(SOUTH, &[rocket_card()])
}

/// Squares the Plain Yellow Banner may fire its rockets at.
fn rocket_targets(s: &S) -> Vec<String> {
    let prefix = format!("rockets-{}-{}-", rocket_card(), banner());
    let mut out: Vec<String> = ids_with(s, &prefix).into_iter().map(|id| id[prefix.len()..].to_string()).collect();
    out.sort();
    out
}

/// Fires at the Koursk Regiment on d5 and rolls the d10.
fn fire_at_d5(pos: Pos, face: u8) -> S {
    let mut s = pos.unit(NORTH, "Koursk Regiment", "d5").start();
    play(&mut s, &rockets(rocket_card(), banner(), "d5"));
    assert_eq!(to_move(&s), ToMove::Chance);
    assert_eq!(die_faces(&s), 10, "the Rockets die is a d10");
    roll(&mut s, &[face]);
    s
}

#[test]
fn rule_6_3_rockets_may_be_fired_by_any_unit() {
    let s = launcher()
        .unit(SOUTH, "Mongol Bannermen", "f5")
        .unit(SOUTH, "Tuanlian Militia", "c4")
        .unit(NORTH, "Koursk Regiment", "d5")
        .start();
    let card = rocket_card();
    for unit in ["Plain Yellow Banner", "Mongol Bannermen", "Tuanlian Militia"] {
        assert!(can(&s, &rockets(card, uid(SOUTH, QI, unit), "d5")), "{unit}: {:?}", ids(&s));
    }
    // No unit card is needed, and the rockets do not start an Assault.
    assert!(ids_with(&s, "assault-").is_empty());
}

#[test]
fn rule_6_3_range_is_two_squares_along_open_paths() {
    for (target, reached) in [("d4", true), ("d5", true), ("e4", true), ("f3", true), ("d6", false), ("e5", false)] {
        let s = launcher().unit(NORTH, "Koursk Regiment", target).start();
        assert_eq!(rocket_targets(&s) == vec![target.to_string()], reached, "target {target}: {:?}", ids(&s));
    }
    // The paths are a Bombardment's: Woods or a unit in between block.
    let s = launcher().terrain("d4", 'W').unit(NORTH, "Koursk Regiment", "d5").start();
    assert!(rocket_targets(&s).is_empty());
    let s = launcher().unit(SOUTH, "Han Bannermen", "d4").unit(NORTH, "Koursk Regiment", "d5").start();
    assert!(rocket_targets(&s).is_empty());
    let s = launcher().terrain("d4", 'T').terrain("e3", 'H').unit(NORTH, "Koursk Regiment", "e4").start();
    assert!(rocket_targets(&s).is_empty(), "a diagonal target needs one open corner");
}

#[test]
fn rule_6_3_range_is_three_from_hills_at_a_square_that_is_not_hills() {
    let hill = || launcher().terrain("d3", 'H');
    for (target, letter, reached) in [
        ("d6", 'C', true),
        ("d6", 'W', true),
        ("d6", 'H', false),
        ("e5", 'C', true),
        ("g3", 'T', true),
        ("d7", 'C', false),
        ("d5", 'H', true), // two squares: Hills are a fine target
    ] {
        let s = hill().terrain(target, letter).unit(NORTH, "Koursk Regiment", target).start();
        assert_eq!(
            rocket_targets(&s) == vec![target.to_string()],
            reached,
            "from Hills to {target} ({letter}): {:?}",
            ids(&s)
        );
    }
    // Off the Hills, three squares is out of range.
    let s = launcher().unit(NORTH, "Koursk Regiment", "d6").start();
    assert!(rocket_targets(&s).is_empty());
    // The longer range still needs open squares in between.
    let s = hill().terrain("d5", 'W').unit(NORTH, "Koursk Regiment", "d6").start();
    assert!(rocket_targets(&s).is_empty(), "Woods on the path");
    let s = hill().terrain("d4", 'H').unit(NORTH, "Koursk Regiment", "d6").start();
    assert!(rocket_targets(&s).is_empty(), "Hills on the path");
}

#[test]
fn rule_6_3_a_roll_of_1_to_4_does_nothing() {
    for face in [1, 2, 3, 4] {
        let s = fire_at_d5(launcher(), face);
        assert_eq!(square_of(&s, koursk()).as_deref(), Some("d5"), "roll {face}");
        assert!(!unit(&s, koursk()).reduced, "roll {face}");
        assert_combat_over(&s);
        assert!(in_discard(&s, SOUTH, rocket_card()));
    }
}

#[test]
fn rule_6_3_a_roll_of_5_to_8_makes_the_target_retreat() {
    for face in [5, 6, 7, 8] {
        let s = fire_at_d5(launcher(), face);
        assert_eq!(square_of(&s, koursk()).as_deref(), Some("d6"), "roll {face}: toward the North edge");
        assert!(!unit(&s, koursk()).reduced, "roll {face}");
        assert_eq!(square_of(&s, banner()).as_deref(), Some("d3"), "no advance after rockets");
        assert_combat_over(&s);
    }
}

#[test]
fn rule_6_3_a_roll_of_9_or_10_retreats_and_hits() {
    for face in [9, 10] {
        let s = fire_at_d5(launcher(), face);
        assert_eq!(square_of(&s, koursk()).as_deref(), Some("d6"), "roll {face}");
        assert!(unit(&s, koursk()).reduced, "roll {face}");
        assert_eq!(lost(&s, NORTH), 0);
        assert_combat_over(&s);
    }
    // A reduced target retreats and is then eliminated by the hit.
    let mut s = launcher().reduced(NORTH, "Koursk Regiment", "d5").start();
    play(&mut s, &rockets(rocket_card(), banner(), "d5"));
    roll(&mut s, &[9]);
    assert!(unit(&s, koursk()).eliminated);
    assert_eq!(lost(&s, NORTH), 1);
    assert_eq!(at(&s, "d5"), None);
    assert_eq!(at(&s, "d6"), None);
}

#[test]
fn rule_6_3_the_rocket_retreat_follows_the_retreat_rules() {
    // Home square blocked, both flanks open: the owner picks the flank, then the hit lands.
    let mut s = fire_at_d5(launcher().unit(NORTH, "Leib Grenadiers", "d6"), 10);
    assert_eq!(to_move(&s), ToMove::Player(NORTH), "the retreating unit's owner chooses");
    let mut options = ids(&s);
    options.sort();
    assert_eq!(options, vec!["retreat-to-c5".to_string(), "retreat-to-e5".to_string()]);
    play(&mut s, "retreat-to-e5");
    assert_eq!(square_of(&s, koursk()).as_deref(), Some("e5"));
    assert!(unit(&s, koursk()).reduced);
    assert_combat_over(&s);
    // Nowhere to go: eliminated, and the hit that follows costs nothing more.
    // The firer stands on d4, so the Koursk Regiment cannot retreat toward the enemy either.
    let han = uid(SOUTH, QI, "Han Bannermen");
    let mut s = launcher()
        .unit(NORTH, "Koursk Regiment", "d5")
        .unit(NORTH, "Leib Grenadiers", "d6")
        .unit(NORTH, "Moscow Regiment", "c5")
        .unit(NORTH, "Orlov Regiment", "e5")
        .unit(SOUTH, "Han Bannermen", "d4")
        .start();
    play(&mut s, &rockets(rocket_card(), han, "d5"));
    roll(&mut s, &[9]);
    assert!(unit(&s, koursk()).eliminated);
    assert_eq!(lost(&s, NORTH), 1);
    assert_combat_over(&s);
}

#[test]
fn rule_6_3_no_withdraw_against_rockets() {
    let withdraw = hq_card(RU, HqKind::Withdraw);
    let koursk_card = attack_cards(RU, "Koursk Regiment", "1d10")[0];
    let mut s = launcher().unit(NORTH, "Koursk Regiment", "d5").hand(NORTH, &[withdraw, koursk_card]).start();
    play(&mut s, &rockets(rocket_card(), banner(), "d5"));
    assert_eq!(phase(&s), Phase::RocketRoll);
    assert_eq!(to_move(&s), ToMove::Chance);
    roll(&mut s, &[6]);
    assert!(in_hand(&s, NORTH, withdraw) && in_hand(&s, NORTH, koursk_card));
}

#[test]
fn rule_6_3_rockets_may_be_fired_from_a_marsh() {
    let s = launcher().terrain("d3", 'M').unit(NORTH, "Koursk Regiment", "d4").start();
    assert_eq!(rocket_targets(&s), vec!["d4".to_string()]);
}
