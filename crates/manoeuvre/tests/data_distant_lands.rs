//! Every Distant Lands rule has cards in the (provisional) Distant Lands armies that exercise it, and
//! each provisional army has the character the design gives it. One test per rule, named after the
//! rulebook section.

#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use std::collections::BTreeMap;

use manoeuvre::data::{self, Army, CardDef, CardKind, DataFiles, HqKind, LeaderCard, Ruleset, Secondary, UnitKind};

fn rules() -> &'static Ruleset {
    match data::embedded() {
        Ok(rules) => rules,
        Err(e) => panic!("the embedded data does not load: {e}"),
    }
}

fn army(code: &str) -> &'static Army {
    rules().army(code).unwrap_or_else(|| panic!("no army {code}"))
}

fn hq_cards(kind: HqKind) -> Vec<(&'static str, &'static CardDef)> {
    rules()
        .armies
        .iter()
        .flat_map(|a| a.cards.iter().map(move |c| (a.code.as_str(), c)))
        .filter(|(_, c)| c.kind == CardKind::Hq(kind))
        .collect()
}

fn armies_with(kind: HqKind) -> Vec<&'static str> {
    let mut codes: Vec<&str> = hq_cards(kind).into_iter().map(|(code, _)| code).collect();
    codes.dedup();
    codes.sort_unstable();
    codes
}

fn leaders(army: &Army) -> Vec<(&str, &LeaderCard)> {
    army.cards
        .iter()
        .filter_map(|c| match &c.kind {
            CardKind::Leader(l) => Some((c.name.as_str(), l)),
            _ => None,
        })
        .collect()
}

fn secondary_cards(army: &Army, effect: Secondary) -> Vec<&CardDef> {
    army.cards.iter().filter(|c| matches!(&c.kind, CardKind::Unit(u) if u.secondary == Some(effect))).collect()
}

fn total_full_strength(army: &Army) -> u32 {
    army.units.iter().map(|u| u32::from(u.full)).sum()
}

fn cavalry(army: &Army) -> usize {
    army.units.iter().filter(|u| u.kind == UnitKind::Cavalry).count()
}

#[test]
fn rule_6_3_rockets_are_in_the_indian_and_qing_decks() {
    assert_eq!(armies_with(HqKind::Rockets), ["IN", "QI"]);
    for (_, card) in hq_cards(HqKind::Rockets) {
        assert_eq!(card.ambush_dice, None, "a Rockets card rolls its own d10, it carries no dice");
    }
}

#[test]
fn rule_9_2_banzai_charge_is_in_the_japanese_deck() {
    assert_eq!(armies_with(HqKind::BanzaiCharge), ["TO"]);
    assert!(hq_cards(HqKind::BanzaiCharge).len() >= 2);
}

#[test]
fn rule_9_2_death_with_honour_only_the_japanese() {
    assert_eq!(armies_with(HqKind::DeathWithHonour), ["TO"]);
}

#[test]
fn rule_9_1_maharaja_only_the_indians() {
    assert_eq!(armies_with(HqKind::Maharaja), ["IN"]);
}

#[test]
fn rule_9_1_indian_leaders_are_bound_to_a_nationality() {
    let india = army("IN");
    let nationalities: Vec<&str> = india.units.iter().filter_map(|u| u.nationality.as_deref()).collect();
    let leaders = leaders(india);
    assert!(!leaders.is_empty());
    for (name, leader) in &leaders {
        let nationality = leader.nationality.as_deref().unwrap_or_else(|| panic!("{name} has no nationality"));
        assert!(nationalities.contains(&nationality), "{name}: {nationality}");
        assert_eq!(leader.only_unit, None);
    }
    let tipu = leaders.iter().find(|(name, _)| *name == "Tipu Sultan").map(|(_, l)| l).expect("Tipu Sultan");
    assert_eq!(tipu.nationality.as_deref(), Some("Mysore"));
    // Only Indian leaders are bound to a nationality.
    for other in rules().armies.iter().filter(|a| a.code != "IN") {
        assert!(leaders_of(other).all(|l| l.nationality.is_none()), "{}", other.name);
    }
}

fn leaders_of(army: &Army) -> impl Iterator<Item = &LeaderCard> {
    army.cards.iter().filter_map(|c| if let CardKind::Leader(l) = &c.kind { Some(l) } else { None })
}

#[test]
fn rule_9_1_every_indian_nationality_has_an_infantry_a_cavalry_unit_and_a_leader() {
    let india = army("IN");
    let mut by_nationality: BTreeMap<&str, Vec<UnitKind>> = BTreeMap::new();
    for unit in &india.units {
        let nationality = unit.nationality.as_deref().unwrap_or_else(|| panic!("{} has no nationality", unit.name));
        by_nationality.entry(nationality).or_default().push(unit.kind);
    }
    assert_eq!(by_nationality.keys().copied().collect::<Vec<_>>(), ["Hyderabad", "Maratha", "Mysore", "Punjab"]);
    for (nationality, kinds) in &by_nationality {
        assert_eq!(kinds.len(), 2, "{nationality}");
        assert!(kinds.contains(&UnitKind::Infantry) && kinds.contains(&UnitKind::Cavalry), "{nationality}");
        assert!(leaders_of(india).any(|l| l.nationality.as_deref() == Some(nationality)), "{nationality}");
    }
}

#[test]
fn rule_9_1_japanese_leaders_command_a_single_unit_except_tokugawa() {
    let tokugawa = army("TO");
    let leaders = leaders(tokugawa);
    let single: Vec<&(&str, &LeaderCard)> = leaders.iter().filter(|(_, l)| l.only_unit.is_some()).collect();
    assert!(single.len() >= 2, "most Japanese leaders command one unit");
    for (name, leader) in &single {
        assert_eq!(leader.command, 1, "{name}");
        let card = tokugawa.card(name).unwrap();
        assert!(tokugawa.unit_of(card).is_some(), "{name}");
    }
    let date = tokugawa.card("Date Masamune").unwrap();
    assert_eq!(tokugawa.unit_of(date).map(|u| u.name.as_str()), Some("Date Han"));
    let (_, ieyasu) = leaders.iter().find(|(name, _)| *name == "Tokugawa Ieyasu").expect("Tokugawa Ieyasu");
    assert_eq!(ieyasu.only_unit, None, "Tokugawa leads like a base-game leader");
    assert!(ieyasu.command >= 2);
    // Only Japanese leaders are tied to one unit.
    for other in rules().armies.iter().filter(|a| a.code != "TO") {
        assert!(leaders_of(other).all(|l| l.only_unit.is_none()), "{}", other.name);
    }
}

#[test]
fn rule_8_indian_guerrillas_secondary_effect() {
    assert!(!secondary_cards(army("IN"), Secondary::Guerrillas).is_empty());
}

#[test]
fn rule_8_indian_committed_attack_secondary_effect() {
    assert!(!secondary_cards(army("IN"), Secondary::CommittedAttack).is_empty());
}

#[test]
fn rule_8_indian_redoubt_secondary_effect_carries_its_nationality() {
    let india = army("IN");
    let redoubts = secondary_cards(india, Secondary::Redoubt);
    assert!(!redoubts.is_empty());
    let mut nationalities: Vec<&str> =
        redoubts.iter().filter_map(|c| india.unit_of(c).and_then(|u| u.nationality.as_deref())).collect();
    assert_eq!(nationalities.len(), redoubts.len());
    nationalities.sort_unstable();
    assert_eq!(nationalities, ["Hyderabad", "Maratha", "Mysore", "Punjab"]);
    // The file states the nationality on each Redoubt card row, matching the unit's.
    let file = DataFiles::embedded().distant_lands_cards;
    let rows: Vec<&str> = file.lines().filter(|l| l.contains(",redoubt,")).collect();
    assert_eq!(rows.len(), redoubts.len());
    for row in rows {
        let nationality = row.split(',').nth(21).unwrap_or("");
        assert!(!nationality.is_empty() && row.contains(&format!("{nationality} ")), "{row}");
    }
}

#[test]
fn rule_8_secondary_effects_are_indian_only() {
    for other in rules().armies.iter().filter(|a| a.code != "IN") {
        for effect in Secondary::ALL {
            assert!(secondary_cards(other, effect).is_empty(), "{} {effect:?}", other.name);
        }
    }
}

#[test]
fn rule_8_united_states_withdraw_values() {
    let with_withdraw: Vec<&str> = rules()
        .armies
        .iter()
        .filter(|a| a.cards.iter().any(|c| matches!(&c.kind, CardKind::Unit(u) if u.withdraw_max > 0)))
        .map(|a| a.code.as_str())
        .collect();
    assert_eq!(with_withdraw, ["US"]);
}

#[test]
fn rule_9_2_committed_attack_cards_exist() {
    assert!(!hq_cards(HqKind::CommittedAttack).is_empty());
    assert!(armies_with(HqKind::CommittedAttack).contains(&"SW"));
}

#[test]
fn tokugawa_has_no_cavalry_and_many_volley_only_cards() {
    let tokugawa = army("TO");
    assert_eq!(cavalry(tokugawa), 0);
    let volley_only = tokugawa
        .cards
        .iter()
        .filter(|c| matches!(&c.kind, CardKind::Unit(u) if u.attack.is_none() && u.volley.is_some()))
        .count();
    assert!(volley_only >= 12, "{volley_only} volley-only cards");
    let mean_full = f64::from(total_full_strength(tokugawa)) / 8.0;
    assert!(mean_full >= 6.5, "strong infantry: mean full strength {mean_full}");
}

#[test]
fn india_has_lower_full_strengths_but_milder_reductions() {
    let india = army("IN");
    for unit in &india.units {
        assert!(unit.full <= 6 && unit.full - unit.reduced == 1, "{} {}/{}", unit.name, unit.full, unit.reduced);
    }
    assert_eq!(cavalry(india), 4);
}

#[test]
fn qing_is_the_weakest_and_has_one_more_cavalry_than_france() {
    let qing = army("QI");
    assert_eq!(cavalry(qing), cavalry(army("FR")) + 1);
    for other in rules().armies.iter().filter(|a| a.code != "QI") {
        assert!(total_full_strength(qing) < total_full_strength(other), "{}", other.name);
    }
}

#[test]
fn sweden_has_the_strongest_units() {
    let sweden = army("SW");
    for other in rules().armies.iter().filter(|a| a.code != "SW") {
        assert!(total_full_strength(sweden) > total_full_strength(other), "{}", other.name);
    }
}
