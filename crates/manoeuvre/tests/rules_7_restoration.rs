//! Rule 7, the Restoration phase, with the restoring and Redoubt cards of rules 8 and 9 (Supply,
//! Regroup, Reinforcement, Guerrilla, Leader rallies, Palafox, Redoubt), as docs/manoeuvre-rules.md
//! reads them.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod rules_common;

use engine::{Game, ToMove};
use manoeuvre::data::model::{CardKind, Rally, Secondary};
use manoeuvre::state::Phase;
use rules_common::*;

/// France (player 0) in its Restoration phase of game turn 5 against Great Britain, which has no
/// Guerrilla card; the Imperial Guard (d4) and the 2nd Regiment Legere (c4) are reduced.
fn france_restoring(hand: &[&str]) -> Pos {
    Pos::new("FR", "BR")
        .turn(5)
        .phase("restoration")
        .at(0, "Imperial Guard", "d4")
        .reduced(0, "Imperial Guard")
        .at(0, "2nd Regiment Legere", "c4")
        .reduced(0, "2nd Regiment Legere")
        .hand(0, hand)
}

fn reduced(s: &Sess, unit: u8) -> bool {
    s.state().unit(unit).reduced
}

fn restorations(s: &Sess) -> Vec<String> {
    ids(s).into_iter().filter(|i| i.starts_with("restore-") || i.starts_with("rally-")).collect()
}

// ---- Supply, Regroup, Reinforcement ----

#[test]
fn rule_7_supply_restores_any_one_reduced_unit() {
    let mut s = france_restoring(&["Supply"]).session();
    let supply = in_hand(&s, 0, "Supply");
    let (ig, legere) = (uid(&s, 0, "Imperial Guard"), uid(&s, 0, "2nd Regiment Legere"));
    // Offered for each reduced unit and for no full-strength one.
    assert_eq!(
        with_prefix(&s, "restore-"),
        vec![format!("restore-{supply}-{legere}"), format!("restore-{supply}-{ig}")]
    );
    play(&mut s, &format!("restore-{supply}-{ig}"));
    assert_eq!(to_move(&s), ToMove::Player(0), "Britain's army has no Guerrilla card: nothing to ask");
    assert!(!reduced(&s, ig), "restored at once, no roll");
    assert!(reduced(&s, legere));
    assert!(in_discard(&s, 0, supply));
}

#[test]
fn rule_7_regroup_restores_any_one_reduced_unit() {
    let mut s = Pos::new("OT", "BR")
        .phase("restoration")
        .reduced(0, "1st Janissaries")
        .reduced(0, "Arab Cavalry")
        .hand(0, &["Regroup"])
        .session();
    let regroup = in_hand(&s, 0, "Regroup");
    let (jan, arab) = (uid(&s, 0, "1st Janissaries"), uid(&s, 0, "Arab Cavalry"));
    let offered = with_prefix(&s, "restore-");
    assert_eq!(offered.len(), 2, "{offered:?}");
    assert!(has(&s, &format!("restore-{regroup}-{jan}")));
    play(&mut s, &format!("restore-{regroup}-{arab}"));
    assert!(!reduced(&s, arab));
    assert!(reduced(&s, jan));
    assert!(in_discard(&s, 0, regroup));
}

#[test]
fn rule_7_reinforcement_needs_a_unit_card_of_that_very_unit() {
    let mut s = france_restoring(&["Imperial Guard"]).session();
    let card = in_hand(&s, 0, "Imperial Guard");
    let (ig, legere) = (uid(&s, 0, "Imperial Guard"), uid(&s, 0, "2nd Regiment Legere"));
    assert_eq!(with_prefix(&s, "restore-"), vec![format!("restore-{card}-{ig}")]);
    assert!(!has(&s, &format!("restore-{card}-{legere}")));
    play(&mut s, &format!("restore-{card}-{ig}"));
    assert!(!reduced(&s, ig));
    assert!(in_discard(&s, 0, card));
}

#[test]
fn rule_7_any_unit_card_of_the_unit_reinforces_it_even_one_without_an_assault_value() {
    let ig_index = unit_index("FR", "Imperial Guard");
    let artillery = army_card(
        "FR",
        "an Imperial Guard card with no Assault value",
        |c| matches!(&c.kind, CardKind::Unit(u) if u.unit == ig_index && u.attack.is_none()),
    );
    let number = artillery.to_string();
    let mut s = france_restoring(&[number.as_str()]).session();
    let ig = uid(&s, 0, "Imperial Guard");
    play(&mut s, &format!("restore-{artillery}-{ig}"));
    assert!(!reduced(&s, ig));
}

#[test]
fn rule_7_only_one_restoration_attempt_per_turn() {
    let mut s = france_restoring(&["Supply", "Imperial Guard", "Michel Ney"]).session();
    let supply = in_hand(&s, 0, "Supply");
    let (ig, legere) = (uid(&s, 0, "Imperial Guard"), uid(&s, 0, "2nd Regiment Legere"));
    assert!(has(&s, &format!("rally-{}-{ig}", in_hand(&s, 0, "Michel Ney"))));
    play(&mut s, &format!("restore-{supply}-{legere}"));
    assert!(reduced(&s, ig));
    assert!(restorations(&s).is_empty(), "a second attempt: {:?}", restorations(&s));
    assert!(has(&s, "end-restoration"));
}

#[test]
fn rule_7_restoration_is_never_compulsory() {
    let mut s = france_restoring(&["Supply"]).session();
    let ig = uid(&s, 0, "Imperial Guard");
    play(&mut s, "end-restoration");
    assert!(reduced(&s, ig));
    assert_eq!(s.state().active(), 1, "Britain's player turn begins");
    assert_eq!(hand_size(&s, 0), 1);
}

#[test]
fn rule_7_an_eliminated_unit_never_returns() {
    let s = Pos::new("FR", "BR")
        .phase("restoration")
        .eliminated(0, "Imperial Guard")
        .hand(0, &["Imperial Guard", "Supply", "Michel Ney"])
        .session();
    assert_eq!(ids(&s), vec!["end-restoration".to_string()]);
}

// ---- Guerrilla against restoration ----

fn france_restoring_against_spain(hand: &[&str]) -> Pos {
    Pos::new("FR", "SP")
        .turn(5)
        .phase("restoration")
        .at(0, "Imperial Guard", "d4")
        .reduced(0, "Imperial Guard")
        .hand(0, hand)
        .hand(1, &["Guerrillas"])
}

#[test]
fn rule_7_guerrilla_cancels_a_supply_restoration() {
    let mut s = france_restoring_against_spain(&["Supply", "Imperial Guard"]).session();
    let supply = in_hand(&s, 0, "Supply");
    let guerrilla = in_hand(&s, 1, "Guerrillas");
    let ig = uid(&s, 0, "Imperial Guard");
    play(&mut s, &format!("restore-{supply}-{ig}"));
    assert_eq!(to_move(&s), ToMove::Player(1));
    play(&mut s, &format!("guerrilla-{guerrilla}"));
    assert!(reduced(&s, ig), "the restoration was cancelled");
    assert!(in_discard(&s, 0, supply) && in_discard(&s, 1, guerrilla), "both cards are spent");
    assert_eq!(s.state().phase(), Phase::Restoration);
    assert!(restorations(&s).is_empty(), "the attempt has been made: {:?}", restorations(&s));
}

#[test]
fn rule_7_a_redoubt_may_follow_a_cancelled_or_failed_attempt() {
    let mut s = france_restoring_against_spain(&["Supply", "Redoubt"]).session();
    let (supply, redoubt) = (in_hand(&s, 0, "Supply"), in_hand(&s, 0, "Redoubt"));
    let guerrilla = in_hand(&s, 1, "Guerrillas");
    let ig = uid(&s, 0, "Imperial Guard");
    play_all(&mut s, &[&format!("restore-{supply}-{ig}"), &format!("guerrilla-{guerrilla}")]);
    assert!(has(&s, &format!("redoubt-{redoubt}-{ig}")), "after a cancelled attempt");
    let max = rally_max("FR", "Michel Ney");
    let mut s = france_restoring(&["Michel Ney", "Redoubt"]).session();
    let (ney, redoubt) = (in_hand(&s, 0, "Michel Ney"), in_hand(&s, 0, "Redoubt"));
    play_all(&mut s, &[&format!("rally-{ney}-{ig}"), &format!("die-{}", max + 1)]);
    assert!(has(&s, &format!("redoubt-{redoubt}-{ig}")), "after a failed rally");
}

#[test]
fn rule_7_a_regroup_waits_for_spain_whatever_its_hand_holds() {
    // Spain's army has Guerrillas, so its answer is asked for even when the hand holds none: the
    // only answer then lets the Regroup stand.
    let mut s = Pos::new("FR", "SP")
        .turn(5)
        .phase("restoration")
        .at(0, "Imperial Guard", "d4")
        .reduced(0, "Imperial Guard")
        .hand(0, &["Supply"])
        .hand(1, &["Supply"])
        .session();
    let supply = in_hand(&s, 0, "Supply");
    let ig = uid(&s, 0, "Imperial Guard");
    play(&mut s, &format!("restore-{supply}-{ig}"));
    assert_eq!(to_move(&s), ToMove::Player(1));
    assert_eq!(ids(&s), vec!["let-it-stand"]);
    assert!(reduced(&s, ig), "nothing is restored before Spain answers");
    play(&mut s, "let-it-stand");
    assert!(!reduced(&s, ig));
    assert_eq!(to_move(&s), ToMove::Player(0));
}

#[test]
fn rule_7_guerrilla_cancels_a_reinforcement() {
    let mut s = france_restoring_against_spain(&["Imperial Guard"]).session();
    let card = in_hand(&s, 0, "Imperial Guard");
    let guerrilla = in_hand(&s, 1, "Guerrillas");
    let ig = uid(&s, 0, "Imperial Guard");
    play(&mut s, &format!("restore-{card}-{ig}"));
    assert_eq!(ids(&s), vec![format!("guerrilla-{guerrilla}"), "let-it-stand".to_string()]);
    play(&mut s, &format!("guerrilla-{guerrilla}"));
    assert!(reduced(&s, ig));
    assert!(in_discard(&s, 0, card));
}

#[test]
fn rule_7_guerrilla_cancels_a_regroup_restoration() {
    let mut s = Pos::new("OT", "SP")
        .phase("restoration")
        .reduced(0, "Arab Cavalry")
        .hand(0, &["Regroup"])
        .hand(1, &["Guerrillas"])
        .session();
    let regroup = in_hand(&s, 0, "Regroup");
    let arab = uid(&s, 0, "Arab Cavalry");
    play(&mut s, &format!("restore-{regroup}-{arab}"));
    assert_eq!(to_move(&s), ToMove::Player(1));
    let guerrilla = in_hand(&s, 1, "Guerrillas");
    play(&mut s, &format!("guerrilla-{guerrilla}"));
    assert!(reduced(&s, arab));
}

#[test]
fn rule_7_a_restoration_let_stand_succeeds() {
    let mut s = france_restoring_against_spain(&["Supply"]).session();
    let supply = in_hand(&s, 0, "Supply");
    let ig = uid(&s, 0, "Imperial Guard");
    play(&mut s, &format!("restore-{supply}-{ig}"));
    play(&mut s, "let-it-stand");
    assert!(!reduced(&s, ig));
    assert_eq!(hand_size(&s, 1), 1);
}

#[test]
fn rule_7_guerrilla_cannot_cancel_a_leader_rally() {
    let mut s = france_restoring_against_spain(&["Michel Ney"]).session();
    let ney = in_hand(&s, 0, "Michel Ney");
    let ig = uid(&s, 0, "Imperial Guard");
    play(&mut s, &format!("rally-{ney}-{ig}"));
    assert_eq!(to_move(&s), ToMove::Chance, "straight to the rally roll, no Guerrilla window");
    assert!(with_prefix(&s, "guerrilla-").is_empty());
}

// ---- Leaders ----

fn rally_max(army: &str, leader: &str) -> u8 {
    let c = army_card(army, leader, |c| c.name == leader);
    match &data().army(nation(army)).cards[c as usize].kind {
        CardKind::Leader(l) => match l.rally {
            Rally::UpTo(n) => n,
            Rally::Automatic => panic!("{leader} rallies automatically"),
        },
        _ => panic!("{leader} is not a leader"),
    }
}

#[test]
fn rule_7_leader_rally_succeeds_on_a_d6_within_the_rally_range() {
    let max = rally_max("FR", "Michel Ney");
    assert!((1..6).contains(&max), "the test needs a failing face");
    let mut s = france_restoring(&["Michel Ney"]).session();
    let ney = in_hand(&s, 0, "Michel Ney");
    let ig = uid(&s, 0, "Imperial Guard");
    play(&mut s, &format!("rally-{ney}-{ig}"));
    assert_eq!(to_move(&s), ToMove::Chance);
    assert_eq!(ids(&s), (1..=6).map(|v| format!("die-{v}")).collect::<Vec<_>>(), "a d6");
    play(&mut s, &format!("die-{max}"));
    assert!(!reduced(&s, ig));
    assert!(in_discard(&s, 0, ney));
    assert_eq!(to_move(&s), ToMove::Player(0));
}

#[test]
fn rule_7_leader_rally_fails_above_the_range_with_no_other_effect() {
    let max = rally_max("FR", "Michel Ney");
    let mut s = france_restoring(&["Michel Ney", "Supply"]).session();
    let ney = in_hand(&s, 0, "Michel Ney");
    let ig = uid(&s, 0, "Imperial Guard");
    let units_before: Vec<_> = (0..16).map(|u| *s.state().unit(u)).collect();
    play(&mut s, &format!("rally-{ney}-{ig}"));
    play(&mut s, &format!("die-{}", max + 1));
    let units_after: Vec<_> = (0..16).map(|u| *s.state().unit(u)).collect();
    assert_eq!(units_before, units_after, "the failed rally changes nothing on the board");
    assert!(in_discard(&s, 0, ney), "the leader is spent");
    assert_eq!(hand_size(&s, 0), 1, "the Supply stays in hand");
    assert!(restorations(&s).is_empty(), "no second attempt");
    assert_eq!(s.state().phase(), Phase::Restoration);
}

#[test]
fn rule_7_palafox_rallies_without_a_roll() {
    let mut s = Pos::new("SP", "FR")
        .phase("restoration")
        .reduced(0, "Walloon Guards")
        .hand(0, &["Jose de Palafox y Melzi"])
        .session();
    let palafox = in_hand(&s, 0, "Jose de Palafox y Melzi");
    let walloons = uid(&s, 0, "Walloon Guards");
    play(&mut s, &format!("rally-{palafox}-{walloons}"));
    assert_eq!(to_move(&s), ToMove::Player(0), "no die is rolled");
    assert!(!reduced(&s, walloons));
    assert!(in_discard(&s, 0, palafox));
}

#[test]
fn rule_7_an_indian_leader_rallies_only_his_nationality_unless_a_maharaja_joins_him() {
    let base = Pos::new("IN", "FR").phase("restoration").reduced(0, "Mysore Infantry").reduced(0, "Punjab Infantry");
    let s = base.clone().hand(0, &["Tipu Sultan"]).session();
    let tipu = in_hand(&s, 0, "Tipu Sultan");
    let (mysore, punjab) = (uid(&s, 0, "Mysore Infantry"), uid(&s, 0, "Punjab Infantry"));
    assert!(has(&s, &format!("rally-{tipu}-{mysore}")));
    assert!(!has(&s, &format!("rally-{tipu}-{punjab}")), "Tipu Sultan leads Mysore units only");
    // With a Maharaja at hand he rallies a Mysore unit without spending it...
    let mut s = base.clone().hand(0, &["Tipu Sultan", "Maharaja"]).session();
    let maharaja = in_hand(&s, 0, "Maharaja");
    play(&mut s, &format!("rally-{tipu}-{mysore}"));
    assert!(!in_discard(&s, 0, maharaja), "the Maharaja was not needed");
    assert_eq!(hand_size(&s, 0), 1);
    // ...and, played with him, the Maharaja lets him rally a Punjab unit.
    let mut s = base.hand(0, &["Tipu Sultan", "Maharaja"]).session();
    play(&mut s, &format!("rally-{tipu}-{punjab}"));
    assert!(in_discard(&s, 0, maharaja), "the Maharaja is played with him");
    play(&mut s, "die-1");
    assert!(!reduced(&s, punjab));
}

#[test]
fn rule_7_a_japanese_single_unit_leader_rallies_only_his_unit() {
    let s = Pos::new("TO", "FR")
        .phase("restoration")
        .reduced(0, "Ii Han")
        .reduced(0, "Date Han")
        .hand(0, &["Ii Naomasa", "Tokugawa Ieyasu"])
        .session();
    let ii = in_hand(&s, 0, "Ii Naomasa");
    let ieyasu = in_hand(&s, 0, "Tokugawa Ieyasu");
    let (ii_han, date) = (uid(&s, 0, "Ii Han"), uid(&s, 0, "Date Han"));
    assert!(has(&s, &format!("rally-{ii}-{ii_han}")));
    assert!(!has(&s, &format!("rally-{ii}-{date}")));
    assert!(has(&s, &format!("rally-{ieyasu}-{date}")), "Tokugawa leads every unit");
}

// ---- Redoubt ----

#[test]
fn rule_7_a_redoubt_may_be_built_after_the_attempt() {
    let mut s = france_restoring(&["Supply", "Redoubt"]).session();
    let (supply, redoubt) = (in_hand(&s, 0, "Supply"), in_hand(&s, 0, "Redoubt"));
    let ig = uid(&s, 0, "Imperial Guard");
    play(&mut s, &format!("restore-{supply}-{ig}"));
    // Under any one of the eight French units.
    assert_eq!(with_prefix(&s, "redoubt-").len(), 8, "{:?}", with_prefix(&s, "redoubt-"));
    play(&mut s, &format!("redoubt-{redoubt}-{ig}"));
    assert_eq!(redoubts(&s), vec!["d4".to_string()]);
    assert!(in_discard(&s, 0, redoubt));
}

#[test]
fn rule_7_building_the_redoubt_closes_the_restoration_attempt() {
    let mut s = france_restoring(&["Supply", "Redoubt"]).session();
    let redoubt = in_hand(&s, 0, "Redoubt");
    let legere = uid(&s, 0, "2nd Regiment Legere");
    play(&mut s, &format!("redoubt-{redoubt}-{legere}"));
    assert_eq!(redoubts(&s), vec!["c4".to_string()]);
    assert!(restorations(&s).is_empty(), "no attempt after the Redoubt: {:?}", restorations(&s));
}

#[test]
fn rule_7_only_one_redoubt_per_player_turn() {
    let mut s = Pos::new("SP", "FR").phase("restoration").hand(0, &["Redoubt", "Redoubt"]).session();
    let walloons = uid(&s, 0, "Walloon Guards");
    let redoubt = in_hand(&s, 0, "Redoubt");
    play(&mut s, &format!("redoubt-{redoubt}-{walloons}"));
    assert!(with_prefix(&s, "redoubt-").is_empty(), "{:?}", with_prefix(&s, "redoubt-"));
    assert_eq!(hand_size(&s, 0), 1);
}

#[test]
fn rule_7_only_one_redoubt_in_a_square() {
    let s = Pos::new("FR", "BR")
        .phase("restoration")
        .at(0, "Imperial Guard", "d4")
        .redoubt("d4")
        .hand(0, &["Redoubt"])
        .session();
    let ig = uid(&s, 0, "Imperial Guard");
    let redoubt = in_hand(&s, 0, "Redoubt");
    assert!(!has(&s, &format!("redoubt-{redoubt}-{ig}")));
    assert_eq!(with_prefix(&s, "redoubt-").len(), 7, "the other units may still get one");
}

#[test]
fn rule_7_an_indian_redoubt_card_serves_its_nationality_while_its_unit_is_on_the_board() {
    let card = secondary_card("IN", "Mysore Infantry", Secondary::Redoubt);
    let number = card.to_string();
    let s = Pos::new("IN", "FR").phase("restoration").hand(0, &[number.as_str()]).session();
    let expected = vec![
        format!("redoubt-{card}-{}", uid(&s, 0, "Mysore Infantry")),
        format!("redoubt-{card}-{}", uid(&s, 0, "Mysore Cavalry")),
    ];
    assert_eq!(with_prefix(&s, "redoubt-"), expected);
    let s = Pos::new("IN", "FR")
        .phase("restoration")
        .eliminated(0, "Mysore Infantry")
        .hand(0, &[number.as_str()])
        .session();
    assert!(with_prefix(&s, "redoubt-").is_empty(), "{:?}", with_prefix(&s, "redoubt-"));
}

/// Britain (player 1, active) in its Combat phase: the 1st Foot Guards on d4 next to the French
/// Imperial Guard on d5; France holds no card.
fn british_assault(redoubt: bool, terrain: char) -> Sess {
    let mut pos = Pos::new("FR", "BR")
        .active(1)
        .phase("combat")
        .terrain("d5", terrain)
        .at(0, "Imperial Guard", "d5")
        .at(1, "1st Foot Guards", "d4")
        .hand(1, &["1st Foot Guards"]);
    if redoubt {
        pos = pos.redoubt("d5");
    }
    let mut s = pos.session();
    let card = in_hand(&s, 1, "1st Foot Guards");
    let guards = uid(&s, 1, "1st Foot Guards");
    play(&mut s, &format!("assault-{guards}-d5-{card}"));
    play(&mut s, "done-attacking");
    s
}

fn defence(s: &Sess) -> u16 {
    s.state().observe(0).combat.expect("a combat is under way").defense_total
}

#[test]
fn rule_7_a_redoubt_adds_three_to_the_terrain_benefit() {
    for terrain in ['C', 'W', 'T'] {
        let without = defence(&british_assault(false, terrain));
        let with = defence(&british_assault(true, terrain));
        assert_eq!(with, without + 3, "terrain {terrain}");
    }
    assert_eq!(defence(&british_assault(true, 'C')), 8 + 3, "Imperial Guard 8, Clear 0, Redoubt 3");
}

#[test]
fn rule_7_a_redoubt_is_removed_when_its_unit_moves_away() {
    let mut s = Pos::new("FR", "BR").at(0, "Imperial Guard", "d4").redoubt("d4").hand(0, &["Forced March"]).session();
    let ig = uid(&s, 0, "Imperial Guard");
    let fm = in_hand(&s, 0, "Forced March");
    play(&mut s, &format!("move-{ig}-d5"));
    assert!(redoubts(&s).is_empty());
    // Coming back does not bring it back.
    play(&mut s, &format!("forced-march-{fm}-d4"));
    assert!(redoubts(&s).is_empty());
}

#[test]
fn rule_7_a_redoubt_is_removed_when_its_unit_retreats() {
    let mut s = british_assault(true, 'C');
    // 8 + 8 + 8 = 24 against 8 + 3 = 11: at least twice the defence, so Britain chooses.
    play_all(&mut s, &["die-8", "die-8"]);
    assert_eq!(to_move(&s), ToMove::Player(1));
    play(&mut s, "retreat");
    let ig = uid(&s, 0, "Imperial Guard");
    assert_eq!(square_of(&s, ig).as_deref(), Some("d6"));
    assert!(redoubts(&s).is_empty(), "the Redoubt went with its unit: {:?}", redoubts(&s));
    let guards = uid(&s, 1, "1st Foot Guards");
    play(&mut s, &format!("advance-{guards}"));
    assert!(redoubts(&s).is_empty(), "the attacker does not inherit it");
}

#[test]
fn rule_7_a_redoubt_is_removed_when_its_unit_advances_out_of_it() {
    // Britain's Guards attack from a Redoubt on d4 and advance into the square the defender left.
    let mut s = Pos::new("FR", "BR")
        .active(1)
        .phase("combat")
        .redoubt("d4")
        .at(0, "4th Regiment Suisse", "d5")
        .reduced(0, "4th Regiment Suisse")
        .at(1, "1st Foot Guards", "d4")
        .hand(1, &["1st Foot Guards"])
        .session();
    let card = in_hand(&s, 1, "1st Foot Guards");
    let guards = uid(&s, 1, "1st Foot Guards");
    play_all(&mut s, &[&format!("assault-{guards}-d5-{card}"), "done-attacking"]);
    // 8 + 16 against 3: the Suisse is eliminated and d5 is empty.
    roll_all(&mut s, true);
    assert_eq!(redoubts(&s), vec!["d4".to_string()], "still held");
    play(&mut s, &format!("advance-{guards}"));
    assert_eq!(square_of(&s, guards).as_deref(), Some("d5"));
    assert!(redoubts(&s).is_empty(), "{:?}", redoubts(&s));
}
