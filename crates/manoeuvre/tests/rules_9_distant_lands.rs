//! The Distant Lands cards (rules 1.4, 6.3, 8 and 9): Indian leaders bound to their nationality and
//! the Maharaja that frees them, Japanese leaders that serve a single unit and Tokugawa who serves
//! all, the secondary effects of Indian unit cards (Guerrillas, a nationality Redoubt, Committed
//! Attack) that work only while the card's unit is on the board, Rockets, Banzai Charge and Death
//! With Honour. The armies are the provisional ones in `data/distant_lands_*.csv`.

#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

mod cards_common;

use cards_common::*;
use engine::Game;
use manoeuvre::ScenarioPhase;
use manoeuvre::data::model::Secondary;
use manoeuvre::scenario::{PlayerScenario, UnitScenario};
use manoeuvre::state::{Ending, Phase};

const IN: &str = "IN";
const TO: &str = "TO";
const BR: &str = "BR";

fn ind(name: &str) -> u8 {
    unit_no(IN, name)
}

fn tok(name: &str) -> u8 {
    unit_no(TO, name)
}

fn india(units: Vec<UnitScenario>, hand: &[u8]) -> PlayerScenario {
    hand_player("India", units, hand)
}

fn tokugawa(units: Vec<UnitScenario>, hand: &[u8]) -> PlayerScenario {
    hand_player("Tokugawa Shogunate", units, hand)
}

fn britain(units: Vec<UnitScenario>, hand: &[u8]) -> PlayerScenario {
    hand_player("Great Britain", units, hand)
}

/// A unit card of `unit` with an Attack value and no secondary effect.
fn plain(army: &str, unit: &str) -> u8 {
    unit_card_where(army, unit, |u| u.attack.is_some() && u.secondary.is_none() && !u.not_required_to_advance)
}

/// An Indian unit card of `unit` with this secondary effect.
fn secondary(unit: &str, effect: Secondary) -> u8 {
    unit_card_where(IN, unit, |u| u.secondary == Some(effect))
}

fn maharaja() -> u8 {
    card_named(IN, "Maharaja")
}

fn br_attack(unit: &str) -> u8 {
    unit_card_where(BR, unit, |u| u.attack.is_some() && !u.not_required_to_advance)
}

/// An Indian unit (on d5) assaults the 32nd Regiment of Foot (strength 6) on d4 with a plain card.
fn indian_assault(attacker: &str, others: Vec<UnitScenario>, hand: &[u8], br_hand: &[u8]) -> Game0 {
    let a = plain(IN, attacker);
    let unit = ind(attacker);
    let mut units = vec![at(unit, "d5")];
    units.extend(others);
    let mut full = vec![a];
    full.extend_from_slice(hand);
    let mut g = start(position(ScenarioPhase::Combat, 0, india(units, &full), britain(vec![at(2, "d4")], br_hand)));
    go(&mut g, &format!("assault-{unit}-d4-{a}"));
    g
}

/// The 32nd Regiment of Foot (d4) assaults an Indian unit on d5; India holds `hand`.
fn british_assault_on(defender: &str, hand: &[u8]) -> Game0 {
    let a = br_attack("32nd Regiment of Foot");
    let mut g = start(position(
        ScenarioPhase::Combat,
        1,
        india(vec![at(ind(defender), "d5")], hand),
        britain(vec![at(2, "d4")], &[a]),
    ));
    go(&mut g, &format!("assault-10-d5-{a}"));
    g
}

// ---- Indian leaders ----

#[test]
fn rule_9_1_indian_leader_adds_combat_only_to_units_of_its_own_nationality() {
    let (tipu, ranjit) = (card_named(IN, "Tipu Sultan"), card_named(IN, "Ranjit Singh"));
    let mut g = indian_assault("Mysore Infantry", vec![], &[tipu, ranjit], &[]);
    pass_windows(&mut g);
    assert!(can(&g, &format!("leader-combat-{tipu}")), "Tipu Sultan leads Mysore units");
    assert!(!can(&g, &format!("leader-combat-{ranjit}")), "Ranjit Singh does not: {:?}", ids(&g));
    let mut g = indian_assault("Punjab Infantry", vec![], &[tipu, ranjit], &[]);
    pass_windows(&mut g);
    assert!(can(&g, &format!("leader-combat-{ranjit}")));
    assert!(!can(&g, &format!("leader-combat-{tipu}")));
}

#[test]
fn rule_9_1_indian_leader_defends_only_units_of_its_own_nationality() {
    let (tipu, ranjit) = (card_named(IN, "Tipu Sultan"), card_named(IN, "Ranjit Singh"));
    let mut g = british_assault_on("Punjab Infantry", &[tipu, ranjit]);
    pass_windows(&mut g);
    assert_eq!(phase(&g), Phase::DefenderCards);
    assert!(can(&g, &format!("defend-leader-{ranjit}")));
    assert!(!can(&g, &format!("defend-leader-{tipu}")), "{:?}", ids(&g));
}

#[test]
fn rule_9_1_indian_leader_commands_only_units_of_its_own_nationality() {
    let (tipu, ranjit) = (card_named(IN, "Tipu Sultan"), card_named(IN, "Ranjit Singh"));
    let (mc, pi) = (ind("Mysore Cavalry"), ind("Punjab Infantry"));
    let mut g = indian_assault("Mysore Infantry", vec![at(mc, "c4"), at(pi, "e4")], &[tipu, ranjit], &[]);
    assert!(!can(&g, &format!("leader-command-{ranjit}")), "Ranjit Singh cannot lead a Mysore attack");
    go(&mut g, &format!("leader-command-{tipu}"));
    assert_eq!(with_prefix(&g, "support-"), vec![format!("support-{mc}")], "the Punjab Infantry cannot join");
}

#[test]
fn rule_9_1_indian_leader_rallies_only_units_of_its_own_nationality() {
    let tipu = card_named(IN, "Tipu Sultan");
    let (mi, pi) = (ind("Mysore Infantry"), ind("Punjab Infantry"));
    let g = start(position(
        ScenarioPhase::Restoration,
        0,
        india(vec![reduced_at(mi, "d7"), reduced_at(pi, "c7")], &[tipu]),
        britain(vec![at(0, "d2")], &[]),
    ));
    assert!(can(&g, &format!("rally-{tipu}-{mi}")));
    assert!(!can(&g, &format!("rally-{tipu}-{pi}")));
}

#[test]
fn rule_9_1_maharaja_frees_an_indian_leader_to_add_combat_to_any_unit() {
    let tipu = card_named(IN, "Tipu Sultan");
    let m = maharaja();
    let mut g = indian_assault("Punjab Infantry", vec![], &[tipu, m], &[]);
    assert!(!can(&g, &format!("leader-combat-{tipu}")));
    go(&mut g, &format!("attack-maharaja-{m}"));
    go(&mut g, &format!("leader-combat-{tipu}"));
    go(&mut g, "done-attacking");
    roll(&mut g, &[1]);
    // Punjab Infantry 6 + 1 + Tipu's 4.
    assert_eq!(totals(&g).0, 6 + 1 + 4);
}

#[test]
fn rule_9_1_maharaja_gives_the_leader_command_four_over_every_nationality() {
    let nizam = card_named(IN, "Nizam Ali Khan");
    let m = maharaja();
    let (mi, mar, hi) = (ind("Mysore Infantry"), ind("Maratha Infantry"), ind("Hyderabad Infantry"));
    let mut g = indian_assault("Punjab Infantry", vec![at(mi, "c4"), at(mar, "e4"), at(hi, "d3")], &[nizam, m], &[]);
    assert!(!can(&g, &format!("leader-command-{nizam}")), "Nizam Ali Khan cannot lead the Punjab Infantry");
    go(&mut g, &format!("attack-maharaja-{m}"));
    go(&mut g, &format!("leader-command-{nizam}"));
    // Nizam's printed Command is 2; with the Maharaja it is 4: three supporting units.
    for u in [mi, mar, hi] {
        go(&mut g, &format!("support-{u}"));
    }
    assert_eq!(ids(&g), vec!["done-support".to_string()]);
    go(&mut g, "done-support");
    assert_eq!(g.state().observe(0).combat.unwrap().supporters.len(), 3);
}

#[test]
fn rule_9_1_maharaja_frees_an_indian_leader_in_defence() {
    let tipu = card_named(IN, "Tipu Sultan");
    let m = maharaja();
    let mut g = british_assault_on("Punjab Infantry", &[tipu, m]);
    assert!(!can(&g, &format!("defend-leader-{tipu}")));
    go(&mut g, &format!("defend-maharaja-{m}"));
    go(&mut g, &format!("defend-leader-{tipu}"));
    assert_eq!(totals(&g).1, 6 + 4, "Punjab Infantry 6 plus Tipu's 4");
}

#[test]
fn rule_9_1_maharaja_frees_an_indian_leader_to_rally_any_unit() {
    let tipu = card_named(IN, "Tipu Sultan");
    let m = maharaja();
    let pi = ind("Punjab Infantry");
    let mut g = start(position(
        ScenarioPhase::Restoration,
        0,
        india(vec![reduced_at(pi, "c7")], &[tipu, m]),
        britain(vec![at(0, "d2")], &[]),
    ));
    go(&mut g, &format!("rally-{tipu}-{pi}"));
    roll(&mut g, &[1]);
    assert!(!is_reduced(&g, pi));
    let side = g.state().side(0);
    assert_eq!(side.hand, 0, "the Maharaja is played with the leader");
    assert_eq!(side.discard, bit(tipu) | bit(m));
}

// ---- Japanese leaders ----

#[test]
fn rule_9_1_japanese_leader_starts_its_own_units_assault_with_1d6() {
    let naomasa = card_named(TO, "Ii Naomasa");
    let (ii, date) = (tok("Ii Han"), tok("Date Han"));
    let own = plain(TO, "Ii Han");
    let mut g = start(position(
        ScenarioPhase::Combat,
        0,
        tokugawa(vec![at(ii, "d5"), at(date, "c5")], &[naomasa, own]),
        britain(vec![at(2, "d4"), at(3, "c4")], &[]),
    ));
    assert!(can(&g, &format!("assault-{ii}-d4-{naomasa}")));
    assert!(!can(&g, &format!("assault-{date}-c4-{naomasa}")), "he serves the Ii Han only");
    go(&mut g, &format!("assault-{ii}-d4-{naomasa}"));
    pass_windows(&mut g);
    assert!(can(&g, &format!("attack-card-{own}")), "the unit's own cards may still be added");
    go(&mut g, "done-attacking");
    // His Combat value (3) is not added: the Ii Han's strength, then one d6.
    assert_eq!(totals(&g), (7, 6));
    assert_eq!(die_faces(&g), 6);
    roll(&mut g, &[4]);
    // 11 against 6: the defender chooses.
    assert_eq!(phase(&g), Phase::HitOrRetreat { chooser: 1, then_advance: true });
}

#[test]
fn rule_9_1_japanese_leader_joins_its_own_units_assault_with_1d6() {
    let naomasa = card_named(TO, "Ii Naomasa");
    let ii = tok("Ii Han");
    let a = plain(TO, "Ii Han");
    let d = unit_card(TO, a).attack.unwrap();
    let mut g = start(position(
        ScenarioPhase::Combat,
        0,
        tokugawa(vec![at(ii, "d5")], &[a, naomasa]),
        britain(vec![at(2, "d4")], &[]),
    ));
    go(&mut g, &format!("assault-{ii}-d4-{a}"));
    assert!(!can(&g, &format!("leader-combat-{naomasa}")), "not by his Combat value");
    go(&mut g, &format!("attack-card-{naomasa}"));
    go(&mut g, "done-attacking");
    assert_eq!(die_faces(&g), 6, "the leader's d6");
    roll(&mut g, &[2]);
    assert_eq!(totals(&g).0, 7 + 2);
    assert_eq!(die_faces(&g), d.sides as usize, "then the card's dice");
}

#[test]
fn rule_9_1_japanese_leader_serves_no_other_unit_in_attack() {
    let naomasa = card_named(TO, "Ii Naomasa");
    let (ii, date) = (tok("Ii Han"), tok("Date Han"));
    let a = plain(TO, "Date Han");
    let mut g = start(position(
        ScenarioPhase::Combat,
        0,
        tokugawa(vec![at(date, "d5"), at(ii, "c4")], &[a, naomasa]),
        britain(vec![at(2, "d4")], &[]),
    ));
    go(&mut g, &format!("assault-{date}-d4-{a}"));
    for id in
        [format!("attack-card-{naomasa}"), format!("leader-combat-{naomasa}"), format!("leader-command-{naomasa}")]
    {
        assert!(!can(&g, &id), "{id} for the Date Han's attack");
    }
}

#[test]
fn rule_9_1_japanese_leader_counts_as_the_combats_one_leader() {
    let naomasa = card_named(TO, "Ii Naomasa");
    let ieyasu = card_named(TO, "Tokugawa Ieyasu");
    let skirmish = card_named(TO, "Skirmish");
    let ii = tok("Ii Han");
    let a = plain(TO, "Ii Han");
    let units = || vec![at(ii, "d5"), at(tok("Date Han"), "c4")];
    // Joining the attack.
    let mut g = start(position(
        ScenarioPhase::Combat,
        0,
        tokugawa(units(), &[a, naomasa, ieyasu]),
        britain(vec![at(2, "d4")], &[]),
    ));
    go(&mut g, &format!("assault-{ii}-d4-{a}"));
    go(&mut g, &format!("attack-card-{naomasa}"));
    assert!(with_prefix(&g, "leader-").is_empty(), "{:?}", ids(&g));
    // Starting it.
    let mut g = start(position(
        ScenarioPhase::Combat,
        0,
        tokugawa(units(), &[naomasa, ieyasu, skirmish]),
        britain(vec![at(2, "d4")], &[]),
    ));
    go(&mut g, &format!("assault-{ii}-d4-{naomasa}"));
    assert!(with_prefix(&g, "leader-").is_empty(), "{:?}", ids(&g));
    assert!(!can(&g, &format!("skirmish-{skirmish}")), "a Skirmish never goes with a leader");
}

#[test]
fn rule_9_1_japanese_leader_rallies_only_its_own_unit() {
    let naomasa = card_named(TO, "Ii Naomasa");
    let (ii, date) = (tok("Ii Han"), tok("Date Han"));
    let mut g = start(position(
        ScenarioPhase::Restoration,
        0,
        tokugawa(vec![reduced_at(ii, "d7"), reduced_at(date, "c7")], &[naomasa]),
        britain(vec![at(0, "d2")], &[]),
    ));
    assert!(!can(&g, &format!("rally-{naomasa}-{date}")));
    go(&mut g, &format!("rally-{naomasa}-{ii}"));
    roll(&mut g, &[5]);
    assert!(!is_reduced(&g, ii), "Ii Naomasa rallies on 1-5");
}

#[test]
fn rule_9_1_japanese_leader_defends_only_its_own_unit() {
    let naomasa = card_named(TO, "Ii Naomasa");
    let (ii, date) = (tok("Ii Han"), tok("Date Han"));
    let a = br_attack("32nd Regiment of Foot");
    let game = |defender: u8| {
        let other = if defender == ii { date } else { ii };
        let mut g = start(position(
            ScenarioPhase::Combat,
            1,
            tokugawa(vec![at(defender, "d5"), at(other, "a7")], &[naomasa]),
            britain(vec![at(2, "d4")], &[a]),
        ));
        go(&mut g, &format!("assault-10-d5-{a}"));
        g
    };
    let g = game(date);
    assert!(!can(&g, &format!("defend-leader-{naomasa}")));
    let mut g = game(ii);
    go(&mut g, &format!("defend-leader-{naomasa}"));
    assert_eq!(totals(&g).1, 7 + 3, "Ii Han 7 plus Ii Naomasa's Combat 3");
}

#[test]
fn rule_9_1_tokugawa_leads_every_unit_like_a_base_game_leader() {
    let ieyasu = card_named(TO, "Tokugawa Ieyasu");
    let (date, ii, honda, maeda) = (tok("Date Han"), tok("Ii Han"), tok("Honda Han"), tok("Maeda Han"));
    let a = plain(TO, "Date Han");
    let mut g = start(position(
        ScenarioPhase::Combat,
        0,
        tokugawa(vec![at(date, "d5"), at(ii, "c4"), at(honda, "e4"), at(maeda, "d3")], &[a, ieyasu]),
        britain(vec![at(2, "d4")], &[]),
    ));
    go(&mut g, &format!("assault-{date}-d4-{a}"));
    pass_windows(&mut g);
    assert!(can(&g, &format!("leader-combat-{ieyasu}")));
    go(&mut g, &format!("leader-command-{ieyasu}"));
    for u in [ii, honda, maeda] {
        go(&mut g, &format!("support-{u}"));
    }
    assert_eq!(ids(&g), vec!["done-support".to_string()], "Command 4: three supporting units");
    // And he rallies any unit.
    let g = start(position(
        ScenarioPhase::Restoration,
        0,
        tokugawa(vec![reduced_at(date, "d7"), reduced_at(ii, "c7")], &[ieyasu]),
        britain(vec![at(0, "d2")], &[]),
    ));
    assert!(can(&g, &format!("rally-{ieyasu}-{date}")) && can(&g, &format!("rally-{ieyasu}-{ii}")));
}

// ---- Indian secondary effects: Guerrillas ----

/// Britain to move with a Supply in hand; India holds `india_hand`.
fn british_supply(india_units: Vec<UnitScenario>, india_hand: &[u8]) -> (Game0, u8) {
    let supply = card_named(BR, "Supply");
    let g = start(position(
        ScenarioPhase::Movement,
        1,
        india(india_units, india_hand),
        britain(vec![at(2, "c2"), at(3, "d2")], &[supply]),
    ));
    (g, supply)
}

#[test]
fn rule_1_4_indian_guerrillas_card_cancels_a_supply_like_a_guerrilla_card() {
    let gc = secondary("Mysore Cavalry", Secondary::Guerrillas);
    let (mut g, supply) = british_supply(vec![at(ind("Mysore Cavalry"), "c7")], &[gc]);
    go(&mut g, &format!("supply-{supply}"));
    assert!(matches!(phase(&g), Phase::Guerrilla { .. }));
    assert!(can(&g, &format!("guerrilla-{gc}")));
    go(&mut g, &format!("guerrilla-{gc}"));
    assert_eq!(g.state().side(0).discard, bit(gc), "the card is spent");
    go(&mut g, "move-10-c3");
    assert!(with_prefix(&g, "move-").is_empty(), "the Supply's extra move is cancelled: {:?}", ids(&g));
}

#[test]
fn rule_1_4_indian_guerrillas_card_needs_its_unit_on_the_board() {
    let gc = secondary("Mysore Cavalry", Secondary::Guerrillas);
    let (mut g, supply) = british_supply(vec![gone(ind("Mysore Cavalry"))], &[gc]);
    go(&mut g, &format!("supply-{supply}"));
    // India's hand is secret, so the window opens anyway, offering only to let the Supply stand.
    assert!(matches!(phase(&g), Phase::Guerrilla { .. }), "{:?}", phase(&g));
    assert_eq!(ids(&g), vec!["let-it-stand"], "no Guerrilla answer is possible");
    go(&mut g, "let-it-stand");
    assert_eq!(phase(&g), Phase::Movement);
    go(&mut g, "move-10-c3");
    assert!(can(&g, "move-11-d3"), "the Supply moves a second unit");
}

#[test]
fn rule_1_4_indian_guerrillas_card_cancels_a_reinforcement() {
    let gc = secondary("Punjab Cavalry", Secondary::Guerrillas);
    let card = br_attack("32nd Regiment of Foot");
    let mut g = start(position(
        ScenarioPhase::Restoration,
        1,
        india(vec![at(ind("Punjab Cavalry"), "c7")], &[gc]),
        britain(vec![reduced_at(2, "c2")], &[card]),
    ));
    go(&mut g, &format!("restore-{card}-10"));
    go(&mut g, &format!("guerrilla-{gc}"));
    assert!(is_reduced(&g, 10), "the Reinforcement is cancelled");
    assert_eq!(g.state().side(1).hand, 0, "the cancelled card is still spent");
}

// ---- Indian secondary effects: Redoubt ----

#[test]
fn rule_1_4_indian_redoubt_card_serves_the_units_of_its_nationality() {
    let r = secondary("Mysore Infantry", Secondary::Redoubt);
    let hq = card_named(IN, "Redoubt");
    let supply = card_named(IN, "Supply");
    let (mi, mc, pi) = (ind("Mysore Infantry"), ind("Mysore Cavalry"), ind("Punjab Infantry"));
    let mut g = start(position(
        ScenarioPhase::Restoration,
        0,
        india(vec![at(mi, "d7"), at(mc, "c7"), reduced_at(pi, "e7")], &[r, hq, supply]),
        britain(vec![at(0, "d2")], &[]),
    ));
    assert!(can(&g, &format!("redoubt-{r}-{mi}")) && can(&g, &format!("redoubt-{r}-{mc}")));
    assert!(!can(&g, &format!("redoubt-{r}-{pi}")), "a Mysore Redoubt is not for Punjab units");
    go(&mut g, &format!("redoubt-{r}-{mc}"));
    assert_eq!(g.state().observe(0).redoubts, vec!["c7".to_string()]);
    assert!(with_prefix(&g, "redoubt-").is_empty(), "it was the turn's one Redoubt");
    assert!(with_prefix(&g, "restore-").is_empty(), "no restoration after the Redoubt");
}

#[test]
fn rule_1_4_indian_redoubt_card_needs_its_own_unit_on_the_board() {
    let r = secondary("Mysore Infantry", Secondary::Redoubt);
    let (mi, mc) = (ind("Mysore Infantry"), ind("Mysore Cavalry"));
    let g = start(position(
        ScenarioPhase::Restoration,
        0,
        india(vec![gone(mi), at(mc, "c7")], &[r]),
        britain(vec![at(0, "d2")], &[]),
    ));
    assert!(!can(&g, &format!("redoubt-{r}-{mc}")), "the Mysore Infantry is gone: {:?}", ids(&g));
}

// ---- Indian secondary effects: Committed Attack ----

#[test]
fn rule_1_4_indian_committed_attack_adds_2d6_and_a_hit_on_the_cards_own_unit() {
    let c = secondary("Mysore Infantry", Secondary::CommittedAttack);
    let mi = ind("Mysore Infantry");
    let mut g = start(position(
        ScenarioPhase::Combat,
        0,
        india(vec![at(mi, "d5"), at(ind("Punjab Infantry"), "c5")], &[c]),
        britain(vec![at(2, "d4")], &[]),
    ));
    go(&mut g, &format!("assault-{mi}-d4-{c}"));
    pass_windows(&mut g);
    assert_eq!(with_prefix(&g, "committed-"), vec![format!("committed-{c}-{mi}")]);
    go(&mut g, &format!("committed-{c}-{mi}"));
    assert!(with_prefix(&g, "committed-").is_empty(), "one Committed Attack per unit");
    go(&mut g, "done-attacking");
    // Two d6 for the Committed Attack, then the card's own 1d10.
    let own = unit_card(IN, c).attack.unwrap();
    assert_eq!((own.count, own.sides), (1, 10));
    assert_eq!(die_faces(&g), 6);
    roll(&mut g, &[6]);
    assert_eq!(die_faces(&g), 6);
    roll(&mut g, &[6]);
    assert_eq!(die_faces(&g), 10);
    roll(&mut g, &[10]);
    // 6 + 22 = 28 against 6: eliminated.
    assert!(is_eliminated(&g, 10));
    go(&mut g, &format!("advance-{mi}"));
    assert!(is_reduced(&g, mi), "the Committed Attack's hit, after the combat");
    assert_eq!(phase(&g), Phase::Restoration);
}

#[test]
fn rule_1_4_indian_committed_attack_needs_the_card_played_for_its_own_unit() {
    let c = secondary("Mysore Infantry", Secondary::CommittedAttack);
    let other = secondary("Punjab Infantry", Secondary::CommittedAttack);
    let mi = ind("Mysore Infantry");
    let mut g = indian_assault("Mysore Infantry", vec![at(ind("Punjab Infantry"), "a7")], &[c, other], &[]);
    assert!(with_prefix(&g, "committed-").is_empty(), "a card still in hand commits nothing: {:?}", ids(&g));
    go(&mut g, &format!("attack-card-{c}"));
    assert_eq!(with_prefix(&g, "committed-"), vec![format!("committed-{c}-{mi}")]);
}

#[test]
fn rule_9_2_committed_attack_hit_falls_after_the_combats_own_losses() {
    let c = secondary("Mysore Infantry", Secondary::CommittedAttack);
    let mi = ind("Mysore Infantry");
    let guards = unit_card_where(BR, "1st Foot Guards", |u| u.defense >= 6);
    let mut g = start(position(
        ScenarioPhase::Combat,
        0,
        india(vec![at(mi, "d5")], &[c]),
        britain(vec![at(0, "d4")], &[guards]),
    ));
    go(&mut g, &format!("assault-{mi}-d4-{c}"));
    go(&mut g, &format!("defend-{guards}"));
    go(&mut g, &format!("committed-{c}-{mi}"));
    go(&mut g, "done-attacking");
    roll(&mut g, &[1, 1, 1]);
    // 6 + 3 against 8 + 6: the attack fails (a hit), then the Committed Attack's hit eliminates.
    assert!(is_eliminated(&g, mi));
    assert_eq!(g.state().side(0).lost, 1);
}

#[test]
fn rule_2_1_fifth_loss_from_an_indian_committed_attack_sacks_the_commander() {
    let c = secondary("Mysore Infantry", Secondary::CommittedAttack);
    let mi = ind("Mysore Infantry");
    let india_units = vec![reduced_at(mi, "d5"), gone(1), gone(2), gone(3), gone(4)];
    let br_units = vec![reduced_at(2, "d4"), gone(3), gone(4), gone(5), gone(6)];
    let mut g = start(position(ScenarioPhase::Combat, 0, india(india_units, &[c]), britain(br_units, &[])));
    go(&mut g, &format!("assault-{mi}-d4-{c}"));
    go(&mut g, &format!("committed-{c}-{mi}"));
    go(&mut g, "done-attacking");
    roll(&mut g, &[6, 6, 10]);
    // Britain's fifth loss: the 32nd is eliminated.
    assert!(is_eliminated(&g, 10));
    go(&mut g, &format!("advance-{mi}"));
    // The Committed Attack's hit is India's fifth loss: Britain wins all the same.
    assert_eq!(g.state().ending(), Some(Ending::Attrition { winner: 1, sacked: true }));
}

// ---- Rockets ----

fn rockets() -> u8 {
    card_named(IN, "Rockets")
}

fn rocket_position(india_units: Vec<UnitScenario>, br_units: Vec<UnitScenario>, br_hand: &[u8]) -> Game0 {
    start(position(ScenarioPhase::Combat, 0, india(india_units, &[rockets()]), britain(br_units, br_hand)))
}

#[test]
fn rule_6_3_rockets_fire_from_any_unit_two_squares_along_an_open_path() {
    let r = rockets();
    let mc = ind("Mysore Cavalry");
    let g = rocket_position(vec![at(mc, "d6")], vec![at(2, "d4"), at(3, "c5"), at(4, "d3")], &[]);
    assert!(can(&g, &format!("rockets-{r}-{mc}-d4")), "a cavalry unit fires too");
    assert!(can(&g, &format!("rockets-{r}-{mc}-c5")), "a diagonal through an open corner");
    assert!(!can(&g, &format!("rockets-{r}-{mc}-d3")), "three squares from open ground is too far");
    let pi = ind("Punjab Infantry");
    let g = rocket_position(vec![at(mc, "d6"), at(pi, "d5")], vec![at(2, "d4")], &[]);
    assert!(!can(&g, &format!("rockets-{r}-{mc}-d4")), "a unit in between blocks the path");
    assert!(can(&g, &format!("rockets-{r}-{pi}-d4")));
}

#[test]
fn rule_6_3_rockets_reach_three_squares_from_hills_at_a_square_without_hills() {
    let r = rockets();
    let mc = ind("Mysore Cavalry");
    let build = |target_terrain: char| {
        let mut sc =
            position(ScenarioPhase::Combat, 0, india(vec![at(mc, "d7")], &[r]), britain(vec![at(2, "d4")], &[]));
        sc.map = terrain_with(&[("d7", 'H'), ("d4", target_terrain)]);
        start(sc)
    };
    assert!(can(&build('C'), &format!("rockets-{r}-{mc}-d4")));
    assert!(can(&build('W'), &format!("rockets-{r}-{mc}-d4")), "Woods is not Hills");
    assert!(!can(&build('H'), &format!("rockets-{r}-{mc}-d4")), "not at another Hills square");
}

fn rocket_at_d4(br_hand: &[u8]) -> Game0 {
    let r = rockets();
    let mc = ind("Mysore Cavalry");
    let mut g = rocket_position(vec![at(mc, "d6")], vec![at(2, "d4")], br_hand);
    go(&mut g, &format!("rockets-{r}-{mc}-d4"));
    g
}

#[test]
fn rule_6_3_rockets_roll_a_d10_and_1_to_4_does_nothing() {
    let mut g = rocket_at_d4(&[]);
    assert_eq!(die_faces(&g), 10);
    roll(&mut g, &[4]);
    assert_eq!(square_of(&g, 10).as_deref(), Some("d4"));
    assert!(!is_reduced(&g, 10));
    assert_eq!(phase(&g), Phase::Restoration, "it was the turn's combat");
    assert_eq!(g.state().side(0).discard, bit(rockets()));
}

#[test]
fn rule_6_3_rockets_5_to_8_make_the_target_retreat() {
    for face in [5, 8] {
        let mut g = rocket_at_d4(&[]);
        roll(&mut g, &[face]);
        assert_eq!(square_of(&g, 10).as_deref(), Some("d3"), "roll {face}");
        assert!(!is_reduced(&g, 10), "roll {face}");
        assert_eq!(square_of(&g, ind("Mysore Cavalry")).as_deref(), Some("d6"), "no advance after Rockets");
    }
}

#[test]
fn rule_6_3_rockets_9_or_10_retreat_and_a_loss() {
    for face in [9, 10] {
        let mut g = rocket_at_d4(&[]);
        roll(&mut g, &[face]);
        assert_eq!(square_of(&g, 10).as_deref(), Some("d3"), "roll {face}");
        assert!(is_reduced(&g, 10), "roll {face}");
    }
}

#[test]
fn rule_6_3_rockets_cannot_be_avoided_with_a_withdraw() {
    let w = card_named(BR, "Withdraw");
    let g = rocket_at_d4(&[w]);
    assert_eq!(phase(&g), Phase::RocketRoll);
    assert!(with_prefix(&g, "withdraw-").is_empty());
}

#[test]
fn rule_6_3_rocket_retreat_with_no_square_to_go_to_eliminates() {
    let r = rockets();
    let mc = ind("Mysore Cavalry");
    // The 32nd on d1 hemmed in by its own units on c1 and e1 and by the firing cavalry on d2.
    let mut g = rocket_position(vec![at(mc, "d2")], vec![at(2, "d1"), at(0, "c1"), at(1, "e1")], &[]);
    go(&mut g, &format!("rockets-{r}-{mc}-d1"));
    roll(&mut g, &[6]);
    assert!(is_eliminated(&g, 10));
}

// ---- Banzai Charge ----

fn banzai() -> u8 {
    card_named(TO, "Banzai Charge")
}

fn banzai_position(turn: u16, hand: &[u8], changes: &[(&str, char)]) -> Game0 {
    let (th, ii, date) = (tok("Tokugawa Han"), tok("Ii Han"), tok("Date Han"));
    let mut sc = position(
        ScenarioPhase::Movement,
        0,
        tokugawa(vec![at(th, "d7"), at(ii, "c7"), at(date, "e7")], hand),
        britain(vec![at(0, "d2")], &[]),
    );
    sc.turn = turn;
    sc.map = terrain_with(changes);
    start(sc)
}

#[test]
fn rule_9_2_banzai_charge_moves_two_units_up_to_two_squares_each() {
    let b = banzai();
    let (th, ii) = (tok("Tokugawa Han"), tok("Ii Han"));
    let mut g = banzai_position(5, &[b], &[]);
    assert!(!can(&g, &format!("move-{th}-d5")), "infantry moves one square");
    go(&mut g, &format!("banzai-{b}"));
    go(&mut g, &format!("move-{th}-d5"));
    go(&mut g, &format!("move-{ii}-c5"));
    assert!(with_prefix(&g, "move-").is_empty(), "two units only: {:?}", ids(&g));
    assert_eq!(square_of(&g, th).as_deref(), Some("d5"));
    assert_eq!(square_of(&g, ii).as_deref(), Some("c5"));
}

#[test]
fn rule_9_2_banzai_charge_replaces_advance_to_contact() {
    let b = banzai();
    let (th, ii, date) = (tok("Tokugawa Han"), tok("Ii Han"), tok("Date Han"));
    let mut g = banzai_position(1, &[b], &[]);
    go(&mut g, &format!("banzai-{b}"));
    go(&mut g, &format!("move-{th}-d5"));
    go(&mut g, &format!("move-{ii}-c5"));
    assert!(!can(&g, &format!("move-{date}-e6")), "two units, not the three of game turn 1");
}

#[test]
fn rule_9_2_banzai_charge_with_a_supply_moves_a_third_unit() {
    let b = banzai();
    let supply = card_named(TO, "Supply");
    let (th, ii, date) = (tok("Tokugawa Han"), tok("Ii Han"), tok("Date Han"));
    for supply_first in [false, true] {
        let mut g = banzai_position(5, &[b, supply], &[]);
        if supply_first {
            go(&mut g, &format!("supply-{supply}"));
            go(&mut g, &format!("banzai-{b}"));
        } else {
            go(&mut g, &format!("banzai-{b}"));
            go(&mut g, &format!("supply-{supply}"));
        }
        play(&mut g, &[&format!("move-{th}-d5"), &format!("move-{ii}-c5"), &format!("move-{date}-e5")]);
        assert_eq!(square_of(&g, date).as_deref(), Some("e5"));
        assert!(with_prefix(&g, "move-").is_empty(), "supply first: {supply_first}");
    }
}

#[test]
fn rule_9_2_banzai_charge_keeps_the_terrain_limits_of_a_cavalry_move() {
    let b = banzai();
    let (th, ii) = (tok("Tokugawa Han"), tok("Ii Han"));
    // Marsh on d6 stops a move; Field on c5 takes only a one-square move.
    let mut g = banzai_position(5, &[b], &[("d6", 'M'), ("c5", 'F')]);
    go(&mut g, &format!("banzai-{b}"));
    assert!(can(&g, &format!("move-{th}-d6")));
    assert!(!can(&g, &format!("move-{th}-d5")), "not through a Marsh");
    assert!(can(&g, &format!("move-{ii}-c6")));
    assert!(!can(&g, &format!("move-{ii}-c5")), "not two squares into a Field");
}

#[test]
fn rule_9_2_banzai_charge_is_offered_only_before_the_first_move() {
    let b = banzai();
    let th = tok("Tokugawa Han");
    let mut g = banzai_position(5, &[b], &[]);
    assert!(can(&g, &format!("banzai-{b}")));
    go(&mut g, &format!("move-{th}-d6"));
    assert!(!can(&g, &format!("banzai-{b}")));
}

#[test]
fn rule_9_2_banzai_charge_allows_a_forced_march() {
    let b = banzai();
    let fm = card_named(TO, "Forced March");
    let th = tok("Tokugawa Han");
    let mut g = banzai_position(5, &[b, fm], &[]);
    go(&mut g, &format!("banzai-{b}"));
    go(&mut g, &format!("move-{th}-d5"));
    go(&mut g, &format!("forced-march-{fm}-d4"));
    assert_eq!(square_of(&g, th).as_deref(), Some("d4"));
}

// ---- Death With Honour ----

fn dwh() -> u8 {
    card_named(TO, "Death With Honour")
}

#[test]
fn rule_9_2_death_with_honour_removes_the_unit_and_hits_every_adjacent_enemy() {
    let card = dwh();
    let th = tok("Tokugawa Han");
    let a = plain(TO, "Ii Han");
    let mut g = start(position(
        ScenarioPhase::Combat,
        0,
        tokugawa(vec![at(th, "d5"), at(tok("Ii Han"), "b5")], &[card, a]),
        britain(vec![at(0, "d4"), reduced_at(1, "c5"), at(2, "e5"), at(3, "e4"), at(4, "b4")], &[]),
    ));
    go(&mut g, &format!("death-with-honour-{card}-{th}"));
    assert!(is_eliminated(&g, th));
    assert!(is_reduced(&g, 8) && !is_eliminated(&g, 8), "d4 flips");
    assert!(is_eliminated(&g, 9), "c5 was reduced: eliminated");
    assert!(is_reduced(&g, 10), "e5 flips");
    assert!(!is_reduced(&g, 11), "e4 is only diagonal");
    assert!(!is_reduced(&g, 12), "b4 is not next to the removed unit");
    assert_eq!(g.state().side(0).lost, 1, "the removed unit counts as lost");
    assert_eq!(g.state().side(1).lost, 1);
    assert_eq!(phase(&g), Phase::Restoration, "it was the turn's combat");
}

#[test]
fn rule_9_2_death_with_honour_wins_when_both_sides_reach_five_losses_together() {
    let card = dwh();
    let th = tok("Tokugawa Han");
    let tok_units = vec![at(th, "d5"), gone(1), gone(2), gone(3), gone(4)];
    let br_units = vec![reduced_at(0, "d4"), gone(3), gone(4), gone(5), gone(6)];
    let mut g = start(position(ScenarioPhase::Combat, 0, tokugawa(tok_units, &[card]), britain(br_units, &[])));
    go(&mut g, &format!("death-with-honour-{card}-{th}"));
    assert_eq!(g.state().side(0).lost, 5);
    assert_eq!(g.state().side(1).lost, 5);
    assert_eq!(g.state().ending(), Some(Ending::Attrition { winner: 0, sacked: false }));
}
