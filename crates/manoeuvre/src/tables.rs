//! Lookup tables compiled once from the loaded data, so the rules never search by name: for each
//! army, the cards as 64-bit masks by what they can do (cards of a unit, cards with an Assault value,
//! HQ cards of each type, ...), and the terrain effects by terrain type.

use std::sync::OnceLock;

use crate::data::model::{Army, CardKind, Dice, HqKind, Ruleset, Terrain, TerrainEffects, UnitKind};

/// A set of an army's cards, bit `i` being card `i` of its 60.
pub type Cards = u64;

pub fn card_bit(card: u8) -> Cards {
    1u64 << card
}

/// Iterates the cards of a set in increasing order.
pub fn cards(set: Cards) -> impl Iterator<Item = u8> {
    crate::bitset::members(set)
}

/// Masks of one army's cards.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ArmyTables {
    /// Cards naming each unit.
    pub unit_cards: [Cards; 8],
    pub all_unit_cards: Cards,
    pub leaders: Cards,
    pub hq: [Cards; HQ_KINDS],
    /// Unit cards with an Assault value.
    pub attack: Cards,
    pub bombard: Cards,
    pub volley: Cards,
    /// United States unit cards with a Withdraw value.
    pub withdraw_attempt: Cards,
    /// Unit cards with a secondary effect usable as Guerrillas / Redoubt / Committed Attack.
    pub secondary_guerrillas: Cards,
    pub secondary_redoubt: Cards,
    pub secondary_committed: Cards,
    pub cavalry: u8,
    pub all: Cards,
    /// Japanese leaders that command only this unit (they start or join its Assault with 1d6).
    pub single_unit_leaders: [Cards; 8],
    /// Leaders with a Grand Battery (Napoleon).
    pub grand_battery: Cards,
    /// Each card's printed Defense value (0 for cards that are not unit cards).
    pub card_defense: Vec<u8>,
    /// For each unit, the dice of its strongest Assault card (most pips, the first listed on a
    /// tie): the rule-based player's typical attack by that unit.
    pub typical_attack: [Option<Dice>; 8],
}

pub const HQ_KINDS: usize = 15;

pub fn hq_index(kind: HqKind) -> usize {
    kind as usize
}

/// The data plus its tables.
#[derive(Debug)]
pub struct Compiled {
    pub rules: Ruleset,
    pub armies: Vec<ArmyTables>,
    pub terrain: [TerrainEffects; 7],
}

impl Compiled {
    pub fn new(rules: Ruleset) -> Self {
        let armies = rules.armies.iter().map(army_tables).collect();
        let terrain = Terrain::ALL.map(|t| rules.terrain.get(t).clone());
        Self { rules, armies, terrain }
    }

    pub fn army(&self, index: u8) -> &Army {
        &self.rules.armies[index as usize]
    }

    pub fn tables(&self, index: u8) -> &ArmyTables {
        &self.armies[index as usize]
    }

    pub fn effects(&self, terrain: Terrain) -> &TerrainEffects {
        &self.terrain[terrain as usize]
    }

    /// The tables of the shipped data, built once.
    pub fn embedded() -> Result<&'static Compiled, crate::data::DataError> {
        static COMPILED: OnceLock<Result<Compiled, crate::data::DataError>> = OnceLock::new();
        let built = COMPILED.get_or_init(|| crate::data::embedded().map(|r| Compiled::new(r.clone())));
        built.as_ref().map_err(Clone::clone)
    }

    /// Tables for the data files in a user's directory, loaded once per directory and kept for the
    /// life of the program (a state refers to its tables for as long as it lives).
    pub fn from_dir(dir: &std::path::Path) -> Result<&'static Compiled, crate::data::DataError> {
        static LOADED: OnceLock<std::sync::Mutex<Vec<(std::path::PathBuf, &'static Compiled)>>> = OnceLock::new();
        let cache = LOADED.get_or_init(Default::default);
        let mut cache = cache.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some((_, data)) = cache.iter().find(|(d, _)| d == dir) {
            return Ok(data);
        }
        let data: &'static Compiled = Box::leak(Box::new(Compiled::new(crate::data::load_dir(dir)?)));
        cache.push((dir.to_path_buf(), data));
        Ok(data)
    }
}

fn army_tables(army: &Army) -> ArmyTables {
    let mut t = ArmyTables { card_defense: vec![0; 64], ..ArmyTables::default() };
    for (i, card) in army.cards.iter().enumerate().take(64) {
        let bit = card_bit(i as u8);
        t.all |= bit;
        match &card.kind {
            CardKind::Unit(u) => {
                t.all_unit_cards |= bit;
                t.card_defense[i] = u.defense;
                if let (Some(d), Some(best)) = (u.attack, t.typical_attack.get_mut(u.unit as usize)) {
                    let pips = |x: Dice| u16::from(x.count) * u16::from(x.sides);
                    if best.is_none_or(|b| pips(d) > pips(b)) {
                        *best = Some(d);
                    }
                }
                if let Some(slot) = t.unit_cards.get_mut(u.unit as usize) {
                    *slot |= bit;
                }
                if u.attack.is_some() {
                    t.attack |= bit;
                }
                if u.bombard.is_some() {
                    t.bombard |= bit;
                }
                if u.volley.is_some() {
                    t.volley |= bit;
                }
                if u.withdraw_max > 0 {
                    t.withdraw_attempt |= bit;
                }
                match u.secondary {
                    Some(crate::data::model::Secondary::Guerrillas) => t.secondary_guerrillas |= bit,
                    Some(crate::data::model::Secondary::Redoubt) => t.secondary_redoubt |= bit,
                    Some(crate::data::model::Secondary::CommittedAttack) => t.secondary_committed |= bit,
                    None => {}
                }
            }
            CardKind::Leader(l) => {
                t.leaders |= bit;
                if l.grand_battery {
                    t.grand_battery |= bit;
                }
                if let Some(only) = l.only_unit
                    && let Some(slot) = t.single_unit_leaders.get_mut(only as usize)
                {
                    *slot |= bit;
                }
            }
            CardKind::Hq(kind) => t.hq[hq_index(*kind)] |= bit,
        }
    }
    for (i, unit) in army.units.iter().enumerate().take(8) {
        if unit.kind == UnitKind::Cavalry {
            t.cavalry |= 1 << i;
        }
    }
    t
}
