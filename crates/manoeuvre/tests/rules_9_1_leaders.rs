//! Rule 9.1 with the base-game leaders: a Leader card gives its Combat value to an attack or a
//! defence, or its Command value to bring supporting units into an attack (never both), its Rally
//! range to a restoration roll, and its Pursuit modifier to the pursuit rolls of an attack it took
//! part in. Napoleon's Grand Battery and Palafox's automatic rally are covered too.

#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

mod cards_common;

use cards_common::*;
use engine::Game;
use manoeuvre::ScenarioPhase;
use manoeuvre::scenario::{PlayerScenario, UnitScenario};
use manoeuvre::state::Phase;

const FR: &str = "FR";
const BR: &str = "BR";
const US: &str = "US";

fn fr(name: &str) -> u8 {
    unit_no(FR, name)
}

fn france(units: Vec<UnitScenario>, hand: &[u8]) -> PlayerScenario {
    hand_player("France", units, hand)
}

fn britain(units: Vec<UnitScenario>, hand: &[u8]) -> PlayerScenario {
    hand_player("Great Britain", units, hand)
}

fn attack_card(army: &str, unit: &str) -> u8 {
    unit_card_where(army, unit, |u| u.attack.is_some() && !u.not_required_to_advance)
}

/// The 19th Regiment Legere (strength 7) on d5 assaults the British unit on d4 (listed first in
/// `br_units`); France holds `hand` besides the Legere's card.
fn legere_assault(extra_fr: Vec<UnitScenario>, hand: &[u8], br_units: Vec<UnitScenario>, br_hand: &[u8]) -> Game0 {
    let leg = fr("19th Regiment Legere");
    let a = attack_card(FR, "19th Regiment Legere");
    let mut units = vec![at(leg, "d5")];
    units.extend(extra_fr);
    let mut full_hand = vec![a];
    full_hand.extend_from_slice(hand);
    let mut g = start(position(ScenarioPhase::Combat, 0, france(units, &full_hand), britain(br_units, br_hand)));
    go(&mut g, &format!("assault-{leg}-d4-{a}"));
    g
}

// ---- Combat value ----

#[test]
fn rule_9_1_leader_combat_value_is_added_to_the_attack_total() {
    let ney = card_named(FR, "Michel Ney");
    let mut g = legere_assault(vec![], &[ney], vec![at(2, "d4")], &[]);
    go(&mut g, &format!("leader-combat-{ney}"));
    go(&mut g, "done-attacking");
    roll(&mut g, &[1]);
    // 7 (Legere) + 1 + Ney's Combat 4, against 6.
    assert_eq!(totals(&g), (7 + 1 + 4, 6));
}

#[test]
fn rule_9_1_leader_combat_value_is_added_to_the_defence_total() {
    let wellington = card_named(BR, "Lord Wellington");
    let mut g = legere_assault(vec![], &[], vec![at(2, "d4")], &[wellington]);
    pass_windows(&mut g);
    assert_eq!(phase(&g), Phase::DefenderCards);
    go(&mut g, &format!("defend-leader-{wellington}"));
    assert_eq!(totals(&g).1, 6 + 5, "the 32nd's 6 plus Wellington's Combat 5");
}

#[test]
fn rule_9_1_combat_value_may_differ_in_attack_and_defence() {
    // Palafox: Combat 1 in attack, 5 in defence; he defends Spain's Walloon Guards.
    let sp = "SP";
    let palafox = card_named(sp, "Jose de Palafox y Melzi");
    let guards = unit_no(sp, "Walloon Guards");
    let leg = fr("19th Regiment Legere");
    let a = attack_card(FR, "19th Regiment Legere");
    let mut g = start(position(
        ScenarioPhase::Combat,
        0,
        france(vec![at(leg, "d5")], &[a]),
        hand_player("Spain", vec![at(guards, "d4")], &[palafox]),
    ));
    go(&mut g, &format!("assault-{leg}-d4-{a}"));
    go(&mut g, &format!("defend-leader-{palafox}"));
    assert_eq!(totals(&g).1, 8 + 5);
    // And in attack he adds 1.
    let a_sp = attack_card(sp, "Walloon Guards");
    let mut g = start(position(
        ScenarioPhase::Combat,
        1,
        france(vec![at(leg, "d5")], &[]),
        hand_player("Spain", vec![at(guards, "d4")], &[a_sp, palafox]),
    ));
    go(&mut g, &format!("assault-{}-d5-{a_sp}", 8 + guards));
    go(&mut g, &format!("leader-combat-{palafox}"));
    go(&mut g, "done-attacking");
    roll(&mut g, &[1]);
    assert_eq!(totals(&g).0, 8 + 1 + 1);
}

#[test]
fn rule_9_1_each_side_plays_at_most_one_leader_in_a_combat() {
    let (ney, soult) = (card_named(FR, "Michel Ney"), card_named(FR, "Nicolas Soult"));
    let (wellington, moore) = (card_named(BR, "Lord Wellington"), card_named(BR, "Sir John Moore"));
    let own = attack_card(BR, "32nd Regiment of Foot");
    let mut g = legere_assault(
        vec![at(fr("2nd Regiment Legere"), "c4")],
        &[ney, soult],
        vec![at(2, "d4")],
        &[wellington, moore, own],
    );
    pass_windows(&mut g);
    assert!(can(&g, &format!("defend-leader-{moore}")));
    go(&mut g, &format!("defend-leader-{wellington}"));
    assert_eq!(phase(&g), Phase::DefenderCards, "the unit card can still be added");
    assert!(with_prefix(&g, "defend-leader-").is_empty(), "a second defending leader: {:?}", ids(&g));
    go(&mut g, "done-defending");
    assert!(can(&g, &format!("leader-combat-{soult}")) && can(&g, &format!("leader-command-{soult}")));
    go(&mut g, &format!("leader-combat-{ney}"));
    assert!(with_prefix(&g, "leader-").is_empty(), "a second attacking leader: {:?}", ids(&g));
}

// ---- Command value ----

#[test]
fn rule_9_1_command_value_brings_in_one_supporting_unit_fewer_than_its_value() {
    let soult = card_named(FR, "Nicolas Soult");
    let (l2, l8, l45) = (fr("2nd Regiment Legere"), fr("8th Regiment Legere"), fr("45th Regiment Legere"));
    let mut g = legere_assault(vec![at(l2, "c4"), at(l8, "e4"), at(l45, "d3")], &[soult], vec![at(2, "d4")], &[]);
    go(&mut g, &format!("leader-command-{soult}"));
    assert_eq!(phase(&g), Phase::ChooseSupport);
    let mut offered = with_prefix(&g, "support-");
    offered.sort();
    let mut expected = vec![format!("support-{l2}"), format!("support-{l8}"), format!("support-{l45}")];
    expected.sort();
    assert_eq!(offered, expected);
    go(&mut g, &format!("support-{l2}"));
    go(&mut g, &format!("support-{l8}"));
    // Soult's Command 3: the attacking unit and two more.
    assert_eq!(ids(&g), vec!["done-support".to_string()]);
}

#[test]
fn rule_9_1_command_four_brings_in_three_supporting_units() {
    let davout = card_named(FR, "Louis Nicolas Davout");
    let (l2, l8, l45) = (fr("2nd Regiment Legere"), fr("8th Regiment Legere"), fr("45th Regiment Legere"));
    let mut g = legere_assault(vec![at(l2, "c4"), at(l8, "e4"), at(l45, "d3")], &[davout], vec![at(2, "d4")], &[]);
    go(&mut g, &format!("leader-command-{davout}"));
    play(&mut g, &[&format!("support-{l2}"), &format!("support-{l8}"), &format!("support-{l45}"), "done-support"]);
    let c = g.state().observe(0).combat.unwrap();
    assert_eq!(c.supporters.len(), 3);
}

#[test]
fn rule_9_1_command_adds_the_supporting_units_strength_instead_of_the_combat_value() {
    let soult = card_named(FR, "Nicolas Soult");
    let l2 = fr("2nd Regiment Legere");
    let mut g = legere_assault(vec![at(l2, "c4")], &[soult], vec![at(2, "d4")], &[]);
    play(&mut g, &[&format!("leader-command-{soult}"), &format!("support-{l2}"), "done-support", "done-attacking"]);
    roll(&mut g, &[1]);
    // 7 (attacker) + 6 (2nd Legere) + 1, and not Soult's Combat 3.
    assert_eq!(totals(&g).0, 7 + 6 + 1);
}

#[test]
fn rule_9_1_supporting_units_must_be_adjacent_to_the_defender_and_able_to_assault() {
    let soult = card_named(FR, "Nicolas Soult");
    let (l2, l8, l45) = (fr("2nd Regiment Legere"), fr("8th Regiment Legere"), fr("45th Regiment Legere"));
    let leg = fr("19th Regiment Legere");
    let a = attack_card(FR, "19th Regiment Legere");
    // 2nd Legere diagonal to the defender, 8th Legere in a Marsh next to it, 45th two squares off.
    let mut sc = position(
        ScenarioPhase::Combat,
        0,
        france(vec![at(leg, "d5"), at(l2, "c5"), at(l8, "e4"), at(l45, "b4")], &[a, soult]),
        britain(vec![at(2, "d4")], &[]),
    );
    sc.map = terrain_with(&[("e4", 'M')]);
    let mut g = start(sc);
    go(&mut g, &format!("assault-{leg}-d4-{a}"));
    assert!(!can(&g, &format!("leader-command-{soult}")), "no unit could support: {:?}", ids(&g));
    pass_windows(&mut g);
    assert!(can(&g, &format!("leader-combat-{soult}")));
}

#[test]
fn rule_9_1_supporting_units_may_add_their_own_unit_cards_dice() {
    let soult = card_named(FR, "Nicolas Soult");
    let l2 = fr("2nd Regiment Legere");
    let c2 = attack_card(FR, "2nd Regiment Legere");
    let d = unit_card(FR, c2).attack.unwrap();
    let mut g = legere_assault(vec![at(l2, "c4")], &[soult, c2], vec![at(2, "d4")], &[]);
    assert!(!can(&g, &format!("attack-card-{c2}")), "not before the unit supports");
    play(&mut g, &[&format!("leader-command-{soult}"), &format!("support-{l2}"), "done-support"]);
    go(&mut g, &format!("attack-card-{c2}"));
    go(&mut g, "done-attacking");
    let mut count = 0;
    while phase(&g) == Phase::CombatDice {
        roll(&mut g, &[1]);
        count += 1;
    }
    let own = unit_card(FR, attack_card(FR, "19th Regiment Legere")).attack.unwrap();
    assert_eq!(count, own.count + d.count, "the supporter's card adds its dice");
}

#[test]
fn rule_9_1_every_attacking_and_supporting_unit_takes_a_hit_when_the_attack_falls_short() {
    let soult = card_named(FR, "Nicolas Soult");
    let (leg, l2) = (fr("19th Regiment Legere"), fr("2nd Regiment Legere"));
    let wellington = card_named(BR, "Lord Wellington");
    let guards = unit_cards_where(BR, "1st Foot Guards", |u| u.defense >= 6);
    let mut g = legere_assault(vec![at(l2, "c4")], &[soult], vec![at(0, "d4")], &[wellington, guards[0], guards[1]]);
    play(
        &mut g,
        &[&format!("defend-leader-{wellington}"), &format!("defend-{}", guards[0]), &format!("defend-{}", guards[1])],
    );
    play(&mut g, &[&format!("leader-command-{soult}"), &format!("support-{l2}"), "done-support", "done-attacking"]);
    // The Legere's card throws two dice; after the first, 7 + 6 + 1 stands against 8 + 5 + both cards.
    let dice = unit_card(FR, attack_card(FR, "19th Regiment Legere")).attack.unwrap();
    assert_eq!(dice.count, 2);
    roll(&mut g, &[1]);
    let (att, def) = totals(&g);
    assert_eq!(att, 7 + 6 + 1);
    assert!(def >= 8 + 5 + 12 && att + 1 < def);
    roll(&mut g, &[1]);
    assert!(is_reduced(&g, leg) && is_reduced(&g, l2), "both French units are hit");
    assert!(!is_reduced(&g, 8), "the defender is untouched");
}

#[test]
fn rule_9_1_a_leader_with_command_one_can_only_use_its_combat_value() {
    let scott = card_named(US, "Winfield Scott");
    let first = unit_no(US, "1st Infantry Regiment");
    let second = unit_no(US, "2nd Infantry Regiment");
    let a = attack_card(US, "1st Infantry Regiment");
    let mut g = start(position(
        ScenarioPhase::Combat,
        1,
        france(vec![at(fr("19th Regiment Legere"), "d5")], &[]),
        hand_player("United States", vec![at(first, "d4"), at(second, "c5")], &[a, scott]),
    ));
    go(&mut g, &format!("assault-{}-d5-{a}", 8 + first));
    pass_windows(&mut g);
    assert!(can(&g, &format!("leader-combat-{scott}")));
    assert!(!can(&g, &format!("leader-command-{scott}")), "Command 1 leads only the attacking unit");
}

// ---- Rally ----

fn rally_position(hand: &[u8]) -> Game0 {
    start(position(
        ScenarioPhase::Restoration,
        0,
        france(vec![reduced_at(fr("19th Regiment Legere"), "d7"), at(fr("2nd Regiment Legere"), "c7")], hand),
        britain(vec![at(0, "d2")], &[]),
    ))
}

#[test]
fn rule_9_1_rally_restores_on_a_d6_within_the_rally_range() {
    let soult = card_named(FR, "Nicolas Soult");
    let leg = fr("19th Regiment Legere");
    let mut g = rally_position(&[soult]);
    assert!(!can(&g, &format!("rally-{soult}-{}", fr("2nd Regiment Legere"))), "only a reduced unit");
    go(&mut g, &format!("rally-{soult}-{leg}"));
    assert_eq!(die_faces(&g), 6);
    roll(&mut g, &[3]);
    assert!(!is_reduced(&g, leg), "Soult rallies on 1-3");
    assert_eq!(g.state().side(0).hand, 0, "the leader is spent");
}

#[test]
fn rule_9_1_rally_above_the_range_fails_and_no_second_attempt_follows() {
    let soult = card_named(FR, "Nicolas Soult");
    let ney = card_named(FR, "Michel Ney");
    let leg = fr("19th Regiment Legere");
    let mut g = rally_position(&[soult, ney]);
    go(&mut g, &format!("rally-{soult}-{leg}"));
    roll(&mut g, &[4]);
    assert!(is_reduced(&g, leg));
    assert!(with_prefix(&g, "rally-").is_empty(), "one restoration attempt a turn: {:?}", ids(&g));
    assert_eq!(g.state().side(0).hand, 1u64 << ney);
}

#[test]
fn rule_9_1_palafox_rallies_without_a_roll() {
    let sp = "SP";
    let palafox = card_named(sp, "Jose de Palafox y Melzi");
    let guards = unit_no(sp, "Walloon Guards");
    let mut g = start(position(
        ScenarioPhase::Restoration,
        1,
        france(vec![at(fr("19th Regiment Legere"), "d7")], &[]),
        hand_player("Spain", vec![reduced_at(guards, "d2")], &[palafox]),
    ));
    go(&mut g, &format!("rally-{palafox}-{}", 8 + guards));
    assert_eq!(phase(&g), Phase::Restoration, "no die to roll");
    assert!(!is_reduced(&g, 8 + guards));
}

// ---- Pursuit modifier ----

fn murat_charge(with_murat: bool) -> Game0 {
    let gc = fr("Guard Cavalry");
    let c = unit_cards_where(FR, "Guard Cavalry", |u| u.pursuit_max == 4)[0];
    let murat = card_named(FR, "Joachim Murat");
    let mut g = start(position(
        ScenarioPhase::Combat,
        0,
        france(vec![at(gc, "d5")], &[c, murat]),
        britain(vec![at(2, "d4")], &[]),
    ));
    go(&mut g, &format!("assault-{gc}-d4-{c}"));
    if with_murat {
        go(&mut g, &format!("leader-combat-{murat}"));
    }
    go(&mut g, "done-attacking");
    // 8 + 2 (+3) against 6: more than 6, less than 12 only without Murat; both may retreat.
    roll(&mut g, &[1, 1]);
    let chooser = if with_murat { 0 } else { 1 };
    assert_eq!(phase(&g), Phase::HitOrRetreat { chooser, then_advance: true });
    go(&mut g, "retreat");
    go(&mut g, &format!("advance-{gc}"));
    assert_eq!(phase(&g), Phase::PursuitRoll);
    g
}

#[test]
fn rule_9_1_attacking_leaders_pursuit_modifier_is_added_to_each_pursuit_roll() {
    let mut g = murat_charge(true);
    // Pursuit 1-4; a 5 with Murat's -1 is a 4.
    roll(&mut g, &[5]);
    assert!(is_reduced(&g, 10));
}

#[test]
fn rule_9_1_without_the_leader_the_same_pursuit_roll_misses() {
    let mut g = murat_charge(false);
    roll(&mut g, &[5]);
    assert!(!is_reduced(&g, 10));
}

// ---- Command in an Ambush ----

#[test]
fn rule_9_2_in_an_ambush_the_ambush_card_is_the_first_unit_under_command() {
    let ambush = card_named(US, "Ambush");
    let macomb = card_named(US, "Alexander Macomb");
    let skirmish = card_named(US, "Skirmish");
    let (u1, u2, u3) = (unit_no(US, "1st Infantry Regiment"), unit_no(US, "2nd Infantry Regiment"), {
        unit_no(US, "3rd Infantry Regiment")
    });
    let target = fr("19th Regiment Legere");
    let mut sc = position(
        ScenarioPhase::Combat,
        1,
        france(vec![at(target, "d5")], &[]),
        hand_player("United States", vec![at(u1, "d4"), at(u2, "c5"), at(u3, "e5")], &[ambush, macomb, skirmish]),
    );
    sc.map = terrain_with(&[("c5", 'H')]);
    let mut g = start(sc);
    go(&mut g, &format!("ambush-{ambush}-d5"));
    assert!(!can(&g, &format!("skirmish-{skirmish}")), "no Skirmish in an Ambush");
    go(&mut g, &format!("leader-command-{macomb}"));
    go(&mut g, &format!("support-{}", 8 + u1));
    go(&mut g, &format!("support-{}", 8 + u2));
    assert_eq!(ids(&g), vec!["done-support".to_string()], "Command 3: the Ambush card and two units");
    go(&mut g, "done-support");
    go(&mut g, "done-attacking");
    assert_eq!(die_faces(&g), 10, "the Ambush card's 1d10");
    // No attacking unit; supporters 8 + 7, and no Hills benefit for the one on c5 in an Ambush.
    assert_eq!(totals(&g), (8 + 7, 7));
    roll(&mut g, &[1]);
    // 16 against 7: the attacker sends the Legere back; nobody advances after an Ambush.
    assert_eq!(phase(&g), Phase::HitOrRetreat { chooser: 1, then_advance: true });
    go(&mut g, "retreat");
    assert_eq!(square_of(&g, target).as_deref(), Some("d6"));
    assert_eq!(phase(&g), Phase::Restoration, "no advance after an Ambush");
    assert_eq!(square_of(&g, 8 + u1).as_deref(), Some("d4"));
}

// ---- Grand Battery ----

#[test]
fn rule_9_1_grand_battery_bombards_from_any_french_unit_at_two_squares_with_2d10() {
    let napoleon = card_named(FR, "Napoleon Bonaparte");
    let cav = fr("1st Cuirassiers");
    let mut g = start(position(
        ScenarioPhase::Combat,
        0,
        france(vec![at(cav, "d6")], &[napoleon]),
        britain(vec![at(2, "d4"), at(1, "d3")], &[]),
    ));
    assert!(can(&g, &format!("grand-battery-{napoleon}-{cav}-d4")));
    assert!(!can(&g, &format!("grand-battery-{napoleon}-{cav}-d3")), "three squares is too far");
    go(&mut g, &format!("grand-battery-{napoleon}-{cav}-d4"));
    assert_eq!(die_faces(&g), 10);
    roll(&mut g, &[4]);
    assert_eq!(die_faces(&g), 10);
    roll(&mut g, &[3]);
    assert!(is_reduced(&g, 10), "7 is more than the 32nd's 6");
    assert_eq!(square_of(&g, cav).as_deref(), Some("d6"));
}
