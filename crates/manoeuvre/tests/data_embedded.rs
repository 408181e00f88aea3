//! The shipped data: it loads, every army has the structure of rule 1.3/1.4, and hand-picked facts
//! match the published cards, counters and maps.

#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use manoeuvre::data::{
    self, Army, CardDef, CardKind, DataFiles, Dice, HqKind, LeaderCard, Rally, Ruleset, Terrain, UnitCard, UnitKind,
};

fn rules() -> &'static Ruleset {
    match data::embedded() {
        Ok(rules) => rules,
        Err(e) => panic!("the embedded data does not load: {e}"),
    }
}

fn army(code: &str) -> &'static Army {
    rules().army(code).unwrap_or_else(|| panic!("no army {code}"))
}

fn d(count: u8, sides: u8) -> Option<Dice> {
    Some(Dice { count, sides })
}

fn leader<'a>(army: &'a Army, name: &str) -> &'a LeaderCard {
    match army.card(name).map(|c| &c.kind) {
        Some(CardKind::Leader(l)) => l,
        other => panic!("{name} is not a leader of {}: {other:?}", army.name),
    }
}

fn unit_cards<'a>(army: &'a Army, unit: &str) -> Vec<&'a UnitCard> {
    let index = army.unit_index(unit).unwrap_or_else(|| panic!("no unit {unit}"));
    army.cards
        .iter()
        .filter_map(|c| match &c.kind {
            CardKind::Unit(u) if u.unit == index => Some(u),
            _ => None,
        })
        .collect()
}

fn hq_count(army: &Army, kind: HqKind) -> usize {
    army.cards.iter().filter(|c| c.kind == CardKind::Hq(kind)).count()
}

#[test]
fn embedded_data_loads_and_is_cached() {
    let first = rules();
    let second = rules();
    assert!(std::ptr::eq(first, second), "embedded() parses once");
    assert_eq!(data::load_texts(&DataFiles::embedded()).as_ref(), Ok(first));
}

#[test]
fn rule_1_3_and_1_4_every_army_has_8_units_and_60_cards() {
    for army in &rules().armies {
        assert_eq!(army.units.len(), 8, "{}", army.name);
        assert_eq!(army.cards.len(), 60, "{}", army.name);
        let unit_cards = army.cards.iter().filter(|c| matches!(c.kind, CardKind::Unit(_))).count();
        assert_eq!(unit_cards, 40, "{}", army.name);
        for unit in &army.units {
            assert_eq!(unit_cards_of(army, &unit.name), 5, "{} {}", army.name, unit.name);
        }
        let hq = army.cards.iter().filter(|c| !matches!(c.kind, CardKind::Unit(_))).count();
        assert_eq!(hq, 20, "{}", army.name);
        let leaders = army.cards.iter().filter(|c| matches!(c.kind, CardKind::Leader(_))).count();
        assert!(leaders >= 1, "{}", army.name);
        let kinds: std::collections::HashSet<HqKind> =
            army.cards.iter().filter_map(|c| if let CardKind::Hq(k) = c.kind { Some(k) } else { None }).collect();
        assert!((3..=8).contains(&kinds.len()), "{} has {} HQ types", army.name, kinds.len());
    }
}

fn unit_cards_of(army: &Army, unit: &str) -> usize {
    unit_cards(army, unit).len()
}

#[test]
fn base_game_totals() {
    let base: Vec<&Army> = rules().armies.iter().filter(|a| !a.provisional).collect();
    assert_eq!(base.len(), 8);
    assert_eq!(base.iter().map(|a| a.cards.len()).sum::<usize>(), 480);
    assert_eq!(base.iter().map(|a| a.units.len()).sum::<usize>(), 64);
}

#[test]
fn rule_2_2_all_twelve_nations_in_tiebreak_order() {
    let mut by_tiebreak: Vec<&Army> = rules().armies.iter().collect();
    by_tiebreak.sort_by_key(|a| a.tiebreak);
    let names: Vec<&str> = by_tiebreak.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "India",
            "Qing Dynasty",
            "United States",
            "Tokugawa Shogunate",
            "Spain",
            "Austria",
            "Sweden",
            "Ottoman Empire",
            "Prussia",
            "Russia",
            "Great Britain",
            "France"
        ]
    );
    let tiebreaks: Vec<u8> = by_tiebreak.iter().map(|a| a.tiebreak).collect();
    assert_eq!(tiebreaks, (0..12).collect::<Vec<u8>>());
    let codes: Vec<&str> = by_tiebreak.iter().map(|a| a.code.as_str()).collect();
    assert_eq!(codes, ["IN", "QI", "US", "TO", "SP", "AU", "SW", "OT", "PR", "RU", "BR", "FR"]);
}

#[test]
fn provisional_flag_is_set_on_exactly_the_distant_lands_armies() {
    let mut provisional: Vec<&str> = rules().armies.iter().filter(|a| a.provisional).map(|a| a.code.as_str()).collect();
    provisional.sort_unstable();
    assert_eq!(provisional, ["IN", "QI", "SW", "TO"]);
}

#[test]
fn distant_lands_files_say_they_are_provisional() {
    let files = DataFiles::embedded();
    for text in [files.distant_lands_units, files.distant_lands_cards] {
        let header: String = text.lines().take_while(|l| l.starts_with('#')).collect::<Vec<_>>().join("\n");
        assert!(header.contains("PROVISIONAL"), "{header}");
        assert!(header.contains("--data"), "{header}");
    }
}

#[test]
fn napoleon_has_the_grand_battery() {
    let napoleon = leader(army("FR"), "Napoleon Bonaparte");
    assert!(napoleon.grand_battery);
    assert_eq!((napoleon.command, napoleon.combat_attack, napoleon.rally), (4, 5, Rally::UpTo(5)));
    let others = rules()
        .armies
        .iter()
        .flat_map(|a| &a.cards)
        .filter(|c| matches!(&c.kind, CardKind::Leader(l) if l.grand_battery))
        .count();
    assert_eq!(others, 1, "only Napoleon has the Grand Battery");
}

#[test]
fn palafox_rallies_automatically_and_fights_1_attacking_5_defending() {
    let palafox = leader(army("SP"), "Jose de Palafox y Melzi");
    assert_eq!(palafox.rally, Rally::Automatic);
    assert_eq!((palafox.combat_attack, palafox.combat_defense, palafox.command), (1, 5, 1));
}

#[test]
fn leaders_with_a_pursuit_modifier() {
    assert_eq!(leader(army("BR"), "Earl of Uxbridge").pursuit_mod, -1);
    assert_eq!(leader(army("FR"), "Joachim Murat").pursuit_mod, -1);
    assert_eq!(leader(army("OT"), "Muhammad Ali").pursuit_mod, -1);
    assert_eq!(leader(army("BR"), "Lord Wellington").pursuit_mod, 0);
    let wellington = leader(army("BR"), "Lord Wellington");
    assert_eq!((wellington.command, wellington.combat_attack, wellington.combat_defense), (4, 5, 5));
}

#[test]
fn unit_strengths() {
    let guard = army("RU").unit("Russian Guard").unwrap();
    assert_eq!((guard.kind, guard.full, guard.reduced), (UnitKind::Infantry, 8, 6));
    let imperial = army("SP").unit("Infanteria Imperial").unwrap();
    assert_eq!((imperial.kind, imperial.full, imperial.reduced), (UnitKind::Infantry, 6, 4));
    let cuirassiers = army("FR").unit("1st Cuirassiers").unwrap();
    assert_eq!((cuirassiers.kind, cuirassiers.full, cuirassiers.reduced), (UnitKind::Cavalry, 7, 4));
    assert!(rules().armies.iter().filter(|a| !a.provisional).flat_map(|a| &a.units).all(|u| u.nationality.is_none()));
}

#[test]
fn russian_guard_cards() {
    let cards = unit_cards(army("RU"), "Russian Guard");
    let assault = cards.iter().filter(|c| c.attack == d(2, 8) && c.defense == 5 && c.range == 0).count();
    assert_eq!(assault, 3);
    assert!(cards.iter().any(|c| c.attack == d(2, 6) && c.range == 1 && c.volley == d(2, 8)));
    assert!(cards.iter().any(|c| c.attack.is_none() && c.defense == 7 && c.range == 2 && c.bombard == d(2, 8)));
}

#[test]
fn moscow_and_albanian_corrections_are_kept() {
    let moscow = unit_cards(army("RU"), "Moscow Regiment");
    assert_eq!(moscow.iter().filter(|c| c.attack == d(1, 10) && c.defense == 5 && c.volley.is_none()).count(), 3);
    assert_eq!(moscow.iter().filter(|c| c.attack == d(2, 6) && c.volley == d(2, 8)).count(), 1);
    let albanian = unit_cards(army("OT"), "Albanian Feudal Corps");
    assert_eq!(albanian.iter().filter(|c| c.attack == d(1, 10) && c.defense == 3).count(), 4);
}

#[test]
fn imperial_guard_is_not_required_to_advance() {
    let cards = unit_cards(army("FR"), "Imperial Guard");
    assert_eq!(cards.iter().filter(|c| c.not_required_to_advance && c.attack == d(2, 8) && c.defense == 7).count(), 4);
    assert!(cards.iter().any(|c| c.bombard == d(2, 6) && c.defense == 8 && !c.not_required_to_advance));
}

#[test]
fn cavalry_pursuit_and_us_withdraw_values() {
    let cuirassiers = unit_cards(army("FR"), "1st Cuirassiers");
    assert_eq!(cuirassiers.iter().filter(|c| c.attack == d(2, 10) && c.pursuit_max == 4).count(), 2);
    let militia = unit_cards(army("US"), "13th Militia");
    assert_eq!(militia.iter().filter(|c| c.withdraw_max == 3).count(), 4);
    // Only cavalry has pursuit values (rule 6.7); only the United States has withdraw values.
    for army in &rules().armies {
        for card in &army.cards {
            let CardKind::Unit(u) = &card.kind else { continue };
            let unit = &army.units[usize::from(u.unit)];
            assert!(u.pursuit_max == 0 || unit.kind == UnitKind::Cavalry, "{} {}", army.name, card.name);
            assert!(u.withdraw_max == 0 || army.code == "US", "{} {}", army.name, card.name);
        }
    }
}

#[test]
fn ambush_cards_carry_their_dice() {
    let us = army("US");
    assert_eq!(hq_count(us, HqKind::Ambush), 4);
    for card in us.cards.iter().filter(|c| c.kind == CardKind::Hq(HqKind::Ambush)) {
        assert_eq!(card.ambush_dice, d(1, 10));
    }
    let non_ambush: Vec<&CardDef> = rules()
        .armies
        .iter()
        .flat_map(|a| &a.cards)
        .filter(|c| c.kind != CardKind::Hq(HqKind::Ambush) && c.ambush_dice.is_some())
        .collect();
    assert!(non_ambush.is_empty(), "{non_ambush:?}");
}

#[test]
fn hq_type_spellings_are_mapped() {
    assert_eq!(army("BR").card("Royal Engineers").map(|c| &c.kind), Some(&CardKind::Hq(HqKind::Sappers)));
    assert_eq!(army("FR").card("French Sappers").map(|c| &c.kind), Some(&CardKind::Hq(HqKind::Sappers)));
    assert_eq!(army("US").card("Scout").map(|c| &c.kind), Some(&CardKind::Hq(HqKind::ScoutSpy)));
    assert_eq!(army("BR").card("Spy").map(|c| &c.kind), Some(&CardKind::Hq(HqKind::ScoutSpy)));
    assert_eq!(hq_count(army("SP"), HqKind::Guerrilla), 5);
    assert_eq!(hq_count(army("RU"), HqKind::Guerrilla), 2);
    assert_eq!(hq_count(army("OT"), HqKind::Supply), 0, "the Ottomans have no Supply");
    assert_eq!(hq_count(army("OT"), HqKind::Regroup), 7);
}

#[test]
fn map_sections() {
    let rules = rules();
    let numbers: Vec<u8> = rules.sections.iter().map(|s| s.number).collect();
    assert_eq!(numbers, (1..=24).collect::<Vec<u8>>());
    let s1 = rules.section(1).unwrap();
    assert_eq!(&s1.squares[..4], &[Terrain::Woods, Terrain::Clear, Terrain::Clear, Terrain::Clear]);
    assert_eq!(s1.squares[15], Terrain::Hills);
    assert_eq!(rules.section(17).unwrap().squares[3 * 4 + 1], Terrain::Clear, "corrected from Hills");
    assert_eq!(rules.section(18).unwrap().squares[3 * 4 + 3], Terrain::Marsh);
    let s21 = &rules.section(21).unwrap().squares;
    assert_eq!((s21[4 + 1], s21[3 * 4 + 1]), (Terrain::Lake, Terrain::Lake));
    assert_eq!(rules.section(6).unwrap().squares[2 * 4 + 2], Terrain::Field);
}

#[test]
fn terrain_table_covers_every_terrain_once() {
    let terrain = &rules().terrain;
    let kinds: Vec<Terrain> = terrain.effects.iter().map(|(t, _)| *t).collect();
    assert_eq!(kinds, Terrain::ALL);
}

#[test]
fn terrain_rulebook_facts() {
    let t = &rules().terrain;
    assert!(!t.get(Terrain::Lake).enter, "rule 2.2 note: no unit enters a Lake");
    assert!(!t.get(Terrain::Marsh).assault_from, "6.1 step 1");
    assert!(!t.get(Terrain::Marsh).forced_march_from && !t.get(Terrain::Field).forced_march_from, "9.2");
    for terrain in Terrain::ALL {
        let blocks = matches!(terrain, Terrain::Hills | Terrain::Town | Terrain::Woods);
        assert_eq!(t.get(terrain).blocks_bombard, blocks, "6.2 step 2: {terrain:?}");
        assert_eq!(t.get(terrain).rocket_high_ground, terrain == Terrain::Hills, "6.3: {terrain:?}");
        if !matches!(terrain, Terrain::Marsh | Terrain::Lake) {
            assert!(t.get(terrain).assault_from, "{terrain:?}");
        }
        if terrain != Terrain::Lake {
            assert!(t.get(terrain).enter, "{terrain:?}");
        }
    }
}

#[test]
fn terrain_provisional_defaults_are_listed_as_provisional() {
    let t = &rules().terrain;
    assert_eq!((t.get(Terrain::Town).defense, t.get(Terrain::Woods).defense), (3, 2));
    assert_eq!((t.get(Terrain::Hills).defense, t.get(Terrain::Marsh).defense), (2, 1));
    let hills = t.get(Terrain::Hills);
    assert!(hills.attack == 2 && hills.attack_only_against_other_terrain);
    for terrain in [Terrain::Field, Terrain::Marsh] {
        assert!(t.get(terrain).ends_move && t.get(terrain).cavalry_max_move == 1, "{terrain:?}");
    }
    assert!(t.get(Terrain::Clear).provisional.is_empty());
    for terrain in [Terrain::Hills, Terrain::Town, Terrain::Woods, Terrain::Marsh, Terrain::Field] {
        let provisional = &t.get(terrain).provisional;
        for field in ["defense", "attack", "cavalry_max_move", "ends_move"] {
            assert!(provisional.iter().any(|p| p == field), "{terrain:?} {field}");
        }
        for rulebook in ["enter", "blocks_bombard", "assault_from", "forced_march_from", "rocket_high_ground"] {
            assert!(!provisional.iter().any(|p| p == rulebook), "{terrain:?} {rulebook}");
        }
    }
}

#[test]
fn ruleset_serializes_to_json_and_back() {
    let rules = rules();
    let json = serde_json::to_string(rules).unwrap();
    let back: Ruleset = serde_json::from_str(&json).unwrap();
    assert_eq!(&back, rules);
}
