//! Rule 8 (and the unit-card parts of rules 1.4, 6 and 7): what each value printed on a unit card
//! does in play. Attack dice start and feed an Assault, Defense is added by the defender, Bombard
//! and Range fire at up to two squares, Volley at an adjacent enemy, Pursuit rolls after an advance
//! into a vacated square, the United States Withdraw value tries a withdrawal, and "not required to
//! advance" lets the attack stay where it is.

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

/// French unit ids (player 0).
fn fr(name: &str) -> u8 {
    unit_no(FR, name)
}

/// British or American unit ids (player 1).
fn p1(army: &str, name: &str) -> u8 {
    8 + unit_no(army, name)
}

fn france(units: Vec<UnitScenario>, hand: &[u8]) -> PlayerScenario {
    hand_player("France", units, hand)
}

fn britain(units: Vec<UnitScenario>, hand: &[u8]) -> PlayerScenario {
    hand_player("Great Britain", units, hand)
}

/// France to fight: its Combat phase, with the given units and hands.
fn french_combat(fr_units: Vec<UnitScenario>, fr_hand: &[u8], p1: PlayerScenario) -> Game0 {
    start(position(ScenarioPhase::Combat, 0, france(fr_units, fr_hand), p1))
}

fn ig_attack() -> Vec<u8> {
    unit_cards_where(FR, "Imperial Guard", |u| u.attack.is_some())
}

fn ig_bombard() -> u8 {
    unit_card_where(FR, "Imperial Guard", |u| u.bombard.is_some())
}

fn guard_cavalry_pursuit() -> Vec<u8> {
    unit_cards_where(FR, "Guard Cavalry", |u| u.pursuit_max > 0)
}

// ---- Attack ----

#[test]
fn rule_8_only_a_unit_card_with_an_attack_value_starts_an_assault() {
    let ig = fr("Imperial Guard");
    let [a, ..] = ig_attack()[..] else { panic!() };
    let art = ig_bombard();
    assert!(unit_card(FR, art).attack.is_none(), "the artillery card has no Attack value");
    let g = french_combat(
        vec![at(ig, "d5"), at(fr("Guard Cavalry"), "a8")],
        &[a, art],
        britain(vec![at(0, "d4"), at(1, "a1")], &[]),
    );
    assert!(can(&g, &format!("assault-{ig}-d4-{a}")));
    assert!(!can(&g, &format!("assault-{ig}-d4-{art}")), "an artillery card cannot start an Assault");
    // Only the named unit's cards: the Guard Cavalry has no card in hand, the Imperial Guard's card
    // does not serve it.
    let gc = fr("Guard Cavalry");
    assert!(with_prefix(&g, &format!("assault-{gc}-")).is_empty());
}

#[test]
fn rule_8_assault_is_only_against_an_orthogonally_adjacent_unit() {
    let ig = fr("Imperial Guard");
    let a = ig_attack()[0];
    let g = french_combat(vec![at(ig, "d5")], &[a], britain(vec![at(0, "c4"), at(1, "d3"), at(2, "e5")], &[]));
    let assaults = with_prefix(&g, "assault-");
    assert_eq!(assaults, vec![format!("assault-{ig}-e5-{a}")], "diagonal c4 and distant d3 are out of reach");
}

#[test]
fn rule_8_attack_dice_of_the_card_are_rolled_and_added_to_the_units_strength() {
    let ig = fr("Imperial Guard");
    let a = ig_attack()[0];
    let dice = unit_card(FR, a).attack.unwrap();
    assert_eq!((dice.count, dice.sides), (2, 8), "the first Imperial Guard card throws 2d8");
    let mut g = french_combat(vec![at(ig, "d5")], &[a], britain(vec![at(2, "d4"), at(1, "a1")], &[]));
    go(&mut g, &format!("assault-{ig}-d4-{a}"));
    go(&mut g, "done-attacking");
    assert_eq!(die_faces(&g), 8, "the card's dice are eight-sided");
    roll(&mut g, &[3]);
    // Imperial Guard at full strength is 8; the 32nd Regiment of Foot defends with 6.
    assert_eq!(totals(&g), (8 + 3, 6));
    assert_eq!(die_faces(&g), 8, "a second d8 is owed");
    roll(&mut g, &[1]);
    // 12 is twice 6: the attacker chooses hit or retreat.
    assert_eq!(phase(&g), Phase::HitOrRetreat { chooser: 0, then_advance: true });
}

#[test]
fn rule_8_further_attack_cards_of_the_attacking_unit_add_their_dice() {
    let ig = fr("Imperial Guard");
    let cards = ig_attack();
    let (a, b) = (cards[0], cards[1]);
    let other = unit_card_where(FR, "19th Regiment Legere", |u| u.attack.is_some());
    let mut g = french_combat(vec![at(ig, "d5"), at(fr("19th Regiment Legere"), "a7")], &[a, b, other], {
        britain(vec![at(2, "d4"), at(1, "a1")], &[])
    });
    go(&mut g, &format!("assault-{ig}-d4-{a}"));
    pass_windows(&mut g);
    assert!(can(&g, &format!("attack-card-{b}")));
    assert!(!can(&g, &format!("attack-card-{other}")), "a card of a unit outside the attack adds nothing");
    go(&mut g, &format!("attack-card-{b}"));
    go(&mut g, "done-attacking");
    // Four d8 in all.
    for _ in 0..4 {
        assert_eq!(die_faces(&g), 8);
        roll(&mut g, &[1]);
    }
    // 8 + 4 = 12 against 6: exactly twice, so the attacker chooses.
    assert_eq!(phase(&g), Phase::HitOrRetreat { chooser: 0, then_advance: true });
}

// ---- Defense ----

#[test]
fn rule_8_defender_adds_the_defense_value_of_its_units_cards() {
    let ig = fr("Imperial Guard");
    let a = ig_attack()[0];
    let fg = p1(BR, "1st Foot Guards");
    let guards_cards = unit_cards_where(BR, "1st Foot Guards", |u| u.attack.is_some());
    let (d1, d2) = (guards_cards[0], guards_cards[1]);
    let other = unit_card_where(BR, "32nd Regiment of Foot", |u| u.attack.is_some());
    let mut g = french_combat(vec![at(ig, "d5")], &[a], britain(vec![at(fg - 8, "d4")], &[d1, d2, other]));
    go(&mut g, &format!("assault-{ig}-d4-{a}"));
    pass_windows(&mut g);
    assert_eq!(phase(&g), Phase::DefenderCards);
    assert!(can(&g, &format!("defend-{d1}")));
    assert!(!can(&g, &format!("defend-{other}")), "only cards of the defending unit count");
    go(&mut g, &format!("defend-{d1}"));
    go(&mut g, &format!("defend-{d2}"));
    let extra = u16::from(unit_card(BR, d1).defense + unit_card(BR, d2).defense);
    assert_eq!(totals(&g).1, 8 + extra, "strength 8 plus both cards' Defense");
}

// ---- Bombard and Range ----

#[test]
fn rule_8_bombard_fires_at_up_to_two_squares_and_hits_on_a_greater_total() {
    let ig = fr("Imperial Guard");
    let art = ig_bombard();
    let u = unit_card(FR, art);
    assert_eq!(u.range, 2);
    let dice = u.bombard.unwrap();
    assert_eq!((dice.count, dice.sides), (2, 6), "the Imperial Guard's guns throw 2d6");
    let mut g = french_combat(vec![at(ig, "d6")], &[art], britain(vec![at(2, "d4"), at(1, "d2")], &[]));
    assert!(can(&g, &format!("bombard-{ig}-d4-{art}")));
    assert!(!can(&g, &format!("bombard-{ig}-d2-{art}")), "four squares away is out of range");
    go(&mut g, &format!("bombard-{ig}-d4-{art}"));
    assert_eq!(die_faces(&g), 6);
    // The 32nd Regiment of Foot defends with strength 6 on open ground: 7 is greater.
    roll(&mut g, &[6, 1]);
    assert!(is_reduced(&g, 10), "a greater total is one hit");
    assert_eq!(square_of(&g, 10).as_deref(), Some("d4"), "fire never makes a unit retreat");
    assert_eq!(square_of(&g, ig).as_deref(), Some("d6"), "no advance after a Bombardment");
    assert_eq!(phase(&g), Phase::Restoration);
}

#[test]
fn rule_8_bombard_total_equal_to_the_defence_has_no_effect() {
    let ig = fr("Imperial Guard");
    let art = ig_bombard();
    let mut g = french_combat(vec![at(ig, "d6")], &[art], britain(vec![at(2, "d4")], &[]));
    go(&mut g, &format!("bombard-{ig}-d4-{art}"));
    roll(&mut g, &[3, 3]);
    assert!(!is_reduced(&g, 10), "6 against 6 does nothing");
}

#[test]
fn rule_8_bombard_path_is_blocked_by_a_unit_or_by_hills_town_or_woods_in_between() {
    let ig = fr("Imperial Guard");
    let art = ig_bombard();
    let id = format!("bombard-{ig}-d4-{art}");
    // A unit in the square between.
    let g = french_combat(vec![at(ig, "d6"), at(fr("2nd Regiment Legere"), "d5")], &[art], {
        britain(vec![at(2, "d4")], &[])
    });
    assert!(!can(&g, &id), "a friendly unit in between blocks the shot");
    for letter in ['W', 'H', 'T'] {
        let mut sc =
            position(ScenarioPhase::Combat, 0, france(vec![at(ig, "d6")], &[art]), britain(vec![at(2, "d4")], &[]));
        sc.map = terrain_with(&[("d5", letter)]);
        assert!(!can(&start(sc), &id), "terrain {letter} in between blocks the shot");
    }
    // Marsh in between does not block; a target in Woods may still be hit.
    let mut sc =
        position(ScenarioPhase::Combat, 0, france(vec![at(ig, "d6")], &[art]), britain(vec![at(2, "d4")], &[]));
    sc.map = terrain_with(&[("d5", 'M'), ("d4", 'W'), ("d6", 'H')]);
    assert!(can(&start(sc), &id), "a Bombardment may start on Hills and end in Woods");
}

#[test]
fn rule_8_bombard_at_a_diagonal_needs_one_open_corner() {
    let ig = fr("Imperial Guard");
    let art = ig_bombard();
    let id = format!("bombard-{ig}-e5-{art}");
    let build = |corners: &[(&str, char)], p0_extra: Vec<UnitScenario>| {
        let mut units = vec![at(ig, "d6")];
        units.extend(p0_extra);
        let mut sc = position(ScenarioPhase::Combat, 0, france(units, &[art]), britain(vec![at(2, "e5")], &[]));
        sc.map = terrain_with(corners);
        start(sc)
    };
    assert!(can(&build(&[], vec![]), &id), "both corners open");
    assert!(can(&build(&[("d5", 'W')], vec![]), &id), "e6 is still open");
    assert!(!can(&build(&[("d5", 'W'), ("e6", 'T')], vec![]), &id), "both corners closed by terrain");
    assert!(!can(&build(&[("d5", 'H')], vec![at(fr("2nd Regiment Legere"), "e6")]), &id), "one hill, one unit");
}

#[test]
fn rule_8_fire_may_start_from_a_marsh_where_an_assault_may_not() {
    let ig = fr("Imperial Guard");
    let a = ig_attack()[0];
    let art = ig_bombard();
    let mut sc =
        position(ScenarioPhase::Combat, 0, france(vec![at(ig, "d5")], &[a, art]), britain(vec![at(2, "d4")], &[]));
    sc.map = terrain_with(&[("d5", 'M')]);
    let g = start(sc);
    assert!(!can(&g, &format!("assault-{ig}-d4-{a}")), "no Assault from a Marsh");
    assert!(can(&g, &format!("bombard-{ig}-d4-{art}")), "a Bombardment may start there");
}

// ---- Volley ----

#[test]
fn rule_8_volley_fires_only_at_an_adjacent_enemy() {
    let v = unit_card_where(BR, "42nd Regiment of Foot", |u| u.volley.is_some());
    let u = unit_card(BR, v);
    assert_eq!(u.range, 1);
    let v42 = p1(BR, "42nd Regiment of Foot");
    let fr_units = vec![at(fr("2nd Regiment Legere"), "d5"), at(fr("8th Regiment Legere"), "e6")];
    let g = start(position(
        ScenarioPhase::Combat,
        1,
        france(fr_units, &[]),
        britain(vec![at(v42 - 8, "d4"), at(0, "e4")], &[v]),
    ));
    assert!(can(&g, &format!("volley-{v42}-d5-{v}")));
    assert!(!can(&g, &format!("volley-{v42}-d6-{v}")), "no unit there");
    assert!(with_prefix(&g, &format!("volley-{v42}-e6")).is_empty(), "e6 is two squares away");
    assert!(with_prefix(&g, &format!("bombard-{v42}")).is_empty(), "a Volley card is not a Bombard card");
}

#[test]
fn rule_8_volley_dice_beat_strength_for_one_hit_and_no_withdrawal() {
    let v = unit_card_where(BR, "42nd Regiment of Foot", |u| u.volley.is_some());
    let dice = unit_card(BR, v).volley.unwrap();
    let v42 = p1(BR, "42nd Regiment of Foot");
    let leg = fr("2nd Regiment Legere");
    let withdraw = card_named(FR, "Withdraw");
    let mut g = start(position(
        ScenarioPhase::Combat,
        1,
        france(vec![at(leg, "d5")], &[withdraw]),
        britain(vec![at(v42 - 8, "d4")], &[v]),
    ));
    go(&mut g, &format!("volley-{v42}-d5-{v}"));
    assert_eq!(phase(&g), Phase::CombatDice, "a Volley opens no Withdraw window");
    assert_eq!((dice.count, dice.sides), (2, 8));
    assert_eq!(die_faces(&g), 8);
    // 2nd Regiment Legere: strength 6, and 7 is greater.
    roll(&mut g, &[6, 1]);
    assert!(is_reduced(&g, leg));
    assert_eq!(square_of(&g, leg).as_deref(), Some("d5"));
    assert_eq!(g.state().side(0).hand, 1u64 << withdraw, "the Withdraw card stayed in hand");
}

#[test]
fn rule_8_fire_adds_the_firers_terrain_benefit_and_the_targets_defence_benefit() {
    let v = unit_card_where(BR, "42nd Regiment of Foot", |u| u.volley.is_some());
    let v42 = p1(BR, "42nd Regiment of Foot");
    let leg = fr("2nd Regiment Legere");
    let mut sc =
        position(ScenarioPhase::Combat, 1, france(vec![at(leg, "d5")], &[]), britain(vec![at(v42 - 8, "d4")], &[v]));
    // Hills under the firer, Woods under the target (provisional terrain values: +2 and +2).
    sc.map = terrain_with(&[("d4", 'H'), ("d5", 'W')]);
    let mut g = start(sc);
    go(&mut g, &format!("volley-{v42}-d5-{v}"));
    roll(&mut g, &[1]);
    assert_eq!(totals(&g), (1 + 2, 6 + 2));
}

// ---- Pursuit ----

/// Guard Cavalry on d5 against the 32nd Regiment of Foot on d4, two pursuit cards in hand.
fn cavalry_charge() -> (Game0, u8, [u8; 2]) {
    let gc = fr("Guard Cavalry");
    let cards = guard_cavalry_pursuit();
    let pair = [cards[0], cards[1]];
    let mut g = french_combat(vec![at(gc, "d5")], &pair, britain(vec![at(2, "d4"), at(1, "a1")], &[]));
    go(&mut g, &format!("assault-{gc}-d4-{}", pair[0]));
    go(&mut g, &format!("attack-card-{}", pair[1]));
    go(&mut g, "done-attacking");
    // 8 + 4 = 12 against 6: the attacker chooses, and sends the 32nd back to d3.
    roll(&mut g, &[1, 1, 1, 1]);
    go(&mut g, "retreat");
    assert_eq!(square_of(&g, 10).as_deref(), Some("d3"));
    (g, gc, pair)
}

#[test]
fn rule_8_pursuit_rolls_one_d6_per_card_with_a_pursuit_value() {
    let (mut g, gc, pair) = cavalry_charge();
    let max = unit_card(FR, pair[0]).pursuit_max;
    assert_eq!(max, 4);
    go(&mut g, &format!("advance-{gc}"));
    assert_eq!(phase(&g), Phase::PursuitRoll);
    assert_eq!(die_faces(&g), 6);
    roll(&mut g, &[max]);
    assert!(is_reduced(&g, 10), "a roll within the Pursuit range is a hit");
    assert_eq!(phase(&g), Phase::PursuitRoll, "one roll per card");
    roll(&mut g, &[max + 1]);
    assert!(!is_eliminated(&g, 10), "a roll above the range misses");
    assert_eq!(phase(&g), Phase::Restoration);
}

#[test]
fn rule_8_two_pursuit_hits_eliminate_a_full_strength_unit() {
    let (mut g, gc, _) = cavalry_charge();
    assert!(!is_reduced(&g, 10));
    go(&mut g, &format!("advance-{gc}"));
    roll(&mut g, &[1, 2]);
    assert!(is_eliminated(&g, 10));
    assert_eq!(g.state().side(1).lost, 1);
}

#[test]
fn rule_8_no_pursuit_without_an_advance_into_the_vacated_square() {
    let (mut g, gc, _) = cavalry_charge();
    // Guard Cavalry cards are "not required to advance".
    go(&mut g, "stay-put");
    assert_eq!(phase(&g), Phase::Restoration, "no pursuit roll");
    assert_eq!(square_of(&g, gc).as_deref(), Some("d5"));
    assert!(!is_reduced(&g, 10));
}

#[test]
fn rule_8_no_pursuit_when_the_defender_did_not_retreat() {
    let gc = fr("Guard Cavalry");
    let cards = guard_cavalry_pursuit();
    // The 32nd is already reduced (strength 3): a four-fold result eliminates it.
    let mut g = french_combat(vec![at(gc, "d5")], &[cards[0]], britain(vec![reduced_at(2, "d4"), at(1, "a1")], &[]));
    go(&mut g, &format!("assault-{gc}-d4-{}", cards[0]));
    go(&mut g, "done-attacking");
    roll(&mut g, &[8, 8]);
    assert!(is_eliminated(&g, 10));
    go(&mut g, &format!("advance-{gc}"));
    assert_eq!(phase(&g), Phase::Restoration, "an eliminated defender is not pursued");
}

#[test]
fn rule_8_pursuit_counts_only_the_advancing_cavalrys_own_cards() {
    // Infantry attacks, the cavalry supports with its pursuit card; the infantry advances: no roll.
    let leg = fr("19th Regiment Legere");
    let cav = fr("1st Cuirassiers");
    let a = unit_card_where(FR, "19th Regiment Legere", |u| u.attack.is_some());
    let p = unit_card_where(FR, "1st Cuirassiers", |u| u.pursuit_max > 0);
    let lannes = card_named(FR, "Jean Lannes");
    let mut g = french_combat(vec![at(leg, "d5"), at(cav, "c4")], &[a, p, lannes], {
        britain(vec![at(2, "d4"), at(1, "a1")], &[])
    });
    go(&mut g, &format!("assault-{leg}-d4-{a}"));
    go(&mut g, &format!("leader-command-{lannes}"));
    go(&mut g, &format!("support-{cav}"));
    go(&mut g, "done-support");
    go(&mut g, &format!("attack-card-{p}"));
    go(&mut g, "done-attacking");
    // Dice: the Legere's and the Cuirassiers' (all ones). 7 + 7 + 4 = 18 against 6: a hit and a
    // retreat.
    while g.state().phase() == Phase::CombatDice {
        roll(&mut g, &[1]);
    }
    assert_eq!(phase(&g), Phase::Advance { retreated: true });
    assert!(is_reduced(&g, 10));
    go(&mut g, &format!("advance-{leg}"));
    assert_eq!(phase(&g), Phase::Restoration, "the infantry that advanced has no pursuit");
    assert!(!is_eliminated(&g, 10));
}

#[test]
fn rule_8_supporting_cavalry_pursues_only_with_a_card_of_its_own() {
    let leg = fr("19th Regiment Legere");
    let cav = fr("1st Cuirassiers");
    let a = unit_card_where(FR, "19th Regiment Legere", |u| u.attack.is_some());
    let p = unit_card_where(FR, "1st Cuirassiers", |u| u.pursuit_max > 0);
    let lannes = card_named(FR, "Jean Lannes");
    for with_card in [false, true] {
        let mut g = french_combat(vec![at(leg, "d5"), at(cav, "c4")], &[a, p, lannes], {
            britain(vec![at(2, "d4"), at(1, "a1")], &[])
        });
        go(&mut g, &format!("assault-{leg}-d4-{a}"));
        play(&mut g, &[&format!("leader-command-{lannes}"), &format!("support-{cav}"), "done-support"]);
        if with_card {
            go(&mut g, &format!("attack-card-{p}"));
        }
        go(&mut g, "done-attacking");
        while g.state().phase() == Phase::CombatDice {
            roll(&mut g, &[1]);
        }
        if !with_card {
            // 7 + 7 + 2 = 16 against 6: the attacker sends the 32nd back.
            go(&mut g, "retreat");
        }
        go(&mut g, &format!("advance-{cav}"));
        let expected = if with_card { Phase::PursuitRoll } else { Phase::Restoration };
        assert_eq!(phase(&g), expected, "supporting cavalry with its own card: {with_card}");
    }
}

#[test]
fn rule_8_pursuit_follows_a_withdrawal() {
    let gc = fr("Guard Cavalry");
    let c = guard_cavalry_pursuit()[0];
    let w = card_named(BR, "Withdraw");
    let mut g = french_combat(vec![at(gc, "d5")], &[c], britain(vec![at(2, "d4"), at(1, "a1")], &[w]));
    go(&mut g, &format!("assault-{gc}-d4-{c}"));
    assert_eq!(phase(&g), Phase::Withdraw);
    go(&mut g, &format!("withdraw-{w}"));
    assert_eq!(square_of(&g, 10).as_deref(), Some("d3"));
    go(&mut g, &format!("advance-{gc}"));
    assert_eq!(phase(&g), Phase::PursuitRoll);
    roll(&mut g, &[1]);
    assert!(is_reduced(&g, 10));
}

// ---- Withdraw (United States) ----

/// The 19th Regiment Legere (whose card does not free it from advancing) assaults the American
/// 10th Infantry Regiment.
fn us_defends(us_hand: &[u8]) -> (Game0, u8) {
    let leg = fr("19th Regiment Legere");
    let a = unit_card_where(FR, "19th Regiment Legere", |u| u.attack.is_some() && !u.not_required_to_advance);
    let tenth = unit_no(US, "10th Infantry Regiment");
    let mut g = french_combat(
        vec![at(leg, "d5")],
        &[a],
        hand_player("United States", vec![at(tenth, "d4"), at(0, "a1")], us_hand),
    );
    go(&mut g, &format!("assault-{leg}-d4-{a}"));
    (g, 8 + tenth)
}

#[test]
fn rule_8_us_withdraw_value_succeeds_on_a_roll_within_its_range() {
    let w = unit_card_where(US, "10th Infantry Regiment", |u| u.withdraw_max > 0);
    let max = unit_card(US, w).withdraw_max;
    let (mut g, tenth) = us_defends(&[w]);
    assert_eq!(phase(&g), Phase::Withdraw);
    go(&mut g, &format!("withdraw-attempt-{w}"));
    assert_eq!(die_faces(&g), 6);
    roll(&mut g, &[max]);
    assert_eq!(square_of(&g, tenth).as_deref(), Some("d3"), "the unit withdraws as if retreating");
    assert!(!is_reduced(&g, tenth));
    // There is no battle, and the attacker must advance into the vacated square.
    assert_eq!(ids(&g), vec![format!("advance-{}", fr("19th Regiment Legere"))]);
}

#[test]
fn rule_8_failed_us_withdraw_attempt_adds_the_cards_defense() {
    let w = unit_card_where(US, "10th Infantry Regiment", |u| u.withdraw_max > 0);
    let u = unit_card(US, w);
    let (mut g, tenth) = us_defends(&[w]);
    go(&mut g, &format!("withdraw-attempt-{w}"));
    roll(&mut g, &[u.withdraw_max + 1]);
    assert_eq!(square_of(&g, tenth).as_deref(), Some("d4"));
    // 10th Infantry Regiment full strength 6, plus the card's Defense.
    assert_eq!(totals(&g).1, 6 + u16::from(u.defense));
    let c = g.state().observe(0).combat.unwrap();
    assert!(c.defense_cards.iter().any(|x| x.card == w), "the card stays in the defence");
}

#[test]
fn rule_8_after_a_failed_us_withdraw_attempt_no_other_withdrawal_follows() {
    let attempts = unit_cards_where(US, "10th Infantry Regiment", |u| u.withdraw_max > 0);
    let hq = card_named(US, "Withdraw");
    let (mut g, tenth) = us_defends(&[attempts[0], attempts[1], hq]);
    go(&mut g, &format!("withdraw-attempt-{}", attempts[0]));
    roll(&mut g, &[6]);
    assert_eq!(phase(&g), Phase::DefenderCards);
    assert!(with_prefix(&g, "withdraw").is_empty(), "one withdrawal attempt per combat: {:?}", ids(&g));
    assert!(can(&g, &format!("defend-{}", attempts[1])), "the other card may still defend");
    assert_eq!(square_of(&g, tenth).as_deref(), Some("d4"));
}

#[test]
fn rule_8_withdraw_attempt_needs_a_card_of_the_defending_unit_with_a_withdraw_value() {
    let plain = unit_card_where(US, "10th Infantry Regiment", |u| u.withdraw_max == 0);
    let other = unit_card_where(US, "1st Infantry Regiment", |u| u.withdraw_max > 0);
    let (mut g, _) = us_defends(&[plain, other]);
    assert!(with_prefix(&g, "withdraw-attempt-").is_empty(), "{:?}", ids(&g));
    // Without a possible attempt the Withdraw step (open because the hand is secret) offers only
    // to stand and fight; then the defender adds its cards.
    assert_eq!(phase(&g), Phase::Withdraw);
    assert_eq!(ids(&g), vec!["stand"]);
    go(&mut g, "stand");
    assert_eq!(phase(&g), Phase::DefenderCards);
    assert!(can(&g, &format!("defend-{plain}")));
}

// ---- Not required to advance ----

#[test]
fn rule_8_not_required_to_advance_lets_the_attacking_unit_stay() {
    let ig = fr("Imperial Guard");
    let a = ig_attack()[0];
    assert!(unit_card(FR, a).not_required_to_advance);
    let mut g = french_combat(vec![at(ig, "d5")], &[a], britain(vec![at(2, "d4"), at(1, "a1")], &[]));
    go(&mut g, &format!("assault-{ig}-d4-{a}"));
    go(&mut g, "done-attacking");
    roll(&mut g, &[8, 8]);
    // 24 against 6: four times the defence eliminates.
    assert!(is_eliminated(&g, 10));
    assert!(can(&g, "stay-put"));
    go(&mut g, "stay-put");
    assert_eq!(square_of(&g, ig).as_deref(), Some("d5"));
}

#[test]
fn rule_8_without_such_a_card_the_attacker_must_advance() {
    let leg = fr("19th Regiment Legere");
    let a = unit_card_where(FR, "19th Regiment Legere", |u| u.attack.is_some());
    assert!(!unit_card(FR, a).not_required_to_advance);
    let mut g = french_combat(vec![at(leg, "d5")], &[a], britain(vec![reduced_at(2, "d4"), at(1, "a1")], &[]));
    go(&mut g, &format!("assault-{leg}-d4-{a}"));
    go(&mut g, "done-attacking");
    roll(&mut g, &[8, 8]);
    assert!(is_eliminated(&g, 10));
    assert_eq!(ids(&g), vec![format!("advance-{leg}")]);
    go(&mut g, &format!("advance-{leg}"));
    assert_eq!(square_of(&g, leg).as_deref(), Some("d4"));
}

#[test]
fn rule_8_not_required_to_advance_must_cover_every_unit_of_the_attack() {
    let ig = fr("Imperial Guard");
    let leg = fr("19th Regiment Legere");
    let a = ig_attack()[0];
    let lannes = card_named(FR, "Jean Lannes");
    let mut g = french_combat(vec![at(ig, "d5"), at(leg, "c4")], &[a, lannes], {
        britain(vec![reduced_at(2, "d4"), at(1, "a1")], &[])
    });
    go(&mut g, &format!("assault-{ig}-d4-{a}"));
    go(&mut g, &format!("leader-command-{lannes}"));
    go(&mut g, &format!("support-{leg}"));
    go(&mut g, "done-support");
    go(&mut g, "done-attacking");
    roll(&mut g, &[8, 8]);
    assert!(is_eliminated(&g, 10));
    let mut legal = ids(&g);
    legal.sort();
    // The supporting Legere played no such card: someone must advance, and it may be the Legere.
    assert_eq!(legal, vec![format!("advance-{leg}"), format!("advance-{ig}")]);
    go(&mut g, &format!("advance-{leg}"));
    assert_eq!(square_of(&g, leg).as_deref(), Some("d4"));
}

// ---- Reinforcement with a unit card (rules 1.4 and 7) ----

#[test]
fn rule_7_unit_card_restores_only_its_own_reduced_unit() {
    let ig = fr("Imperial Guard");
    let leg = fr("19th Regiment Legere");
    let a = ig_attack()[0];
    let mut g = start(position(
        ScenarioPhase::Restoration,
        0,
        france(vec![reduced_at(ig, "d7"), reduced_at(leg, "e7")], &[a]),
        britain(vec![at(0, "d2")], &[]),
    ));
    assert!(can(&g, &format!("restore-{a}-{ig}")));
    assert!(!can(&g, &format!("restore-{a}-{leg}")));
    go(&mut g, &format!("restore-{a}-{ig}"));
    assert!(!is_reduced(&g, ig));
    assert!(is_reduced(&g, leg));
    assert!(with_prefix(&g, "restore-").is_empty(), "one restoration attempt a turn");
}
