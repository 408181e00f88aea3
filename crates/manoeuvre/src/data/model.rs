//! The facts of Manoeuvre as the program holds them after loading: nations, their units and their 60
//! cards, the 24 map sections, and the terrain table. Everything here is immutable once loaded; the
//! game state refers to it by index.

use serde::{Deserialize, Serialize};

/// Infantry moves one square, cavalry two.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum UnitKind {
    Infantry,
    Cavalry,
}

/// A unit counter: its name, kind and the strengths printed on its two sides.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitDef {
    pub name: String,
    pub kind: UnitKind,
    pub full: u8,
    pub reduced: u8,
    /// Indian units belong to a nationality (Mysore, Punjab, ...) that binds leaders and redoubts.
    pub nationality: Option<String>,
}

/// Dice as printed on cards: `2d8` is two eight-sided dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Dice {
    pub count: u8,
    pub sides: u8,
}

/// The secondary effects printed on some Indian unit cards; usable only while the card's unit is on
/// the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Secondary {
    Guerrillas,
    Redoubt,
    CommittedAttack,
}

/// A unit card: the values printed on it (rule 8).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitCard {
    /// Index of the unit (0..8) in its army.
    pub unit: u8,
    /// Assault dice; `None` on artillery cards.
    pub attack: Option<Dice>,
    pub defense: u8,
    pub bombard: Option<Dice>,
    /// Bombardment or Volley range (2 or 1); 0 when the card has neither.
    pub range: u8,
    pub volley: Option<Dice>,
    /// Cavalry: a pursuit hit on a d6 of 1..=pursuit_max (0: no pursuit value).
    pub pursuit_max: u8,
    /// United States: a Withdraw attempt succeeds on a d6 of 1..=withdraw_max (0: none).
    pub withdraw_max: u8,
    pub not_required_to_advance: bool,
    pub secondary: Option<Secondary>,
}

/// A leader's rally range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Rally {
    /// Restores on a d6 of 1..=N.
    UpTo(u8),
    /// Restores without a roll (Palafox).
    Automatic,
}

/// A Leader HQ card (rule 9.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeaderCard {
    pub command: u8,
    pub combat_attack: u8,
    pub combat_defense: u8,
    pub rally: Rally,
    /// Added to every pursuit roll of a combat the leader took part in (printed as e.g. -1).
    pub pursuit_mod: i8,
    /// Napoleon's Grand Battery.
    pub grand_battery: bool,
    /// Indian leaders affect only units of this nationality unless a Maharaja is played with them.
    pub nationality: Option<String>,
    /// Japanese leaders that command only this unit (index in the army); Tokugawa has none.
    pub only_unit: Option<u8>,
}

/// The HQ card types other than Leader (rule 9.2), including the Distant Lands ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HqKind {
    Ambush,
    BanzaiCharge,
    CommittedAttack,
    DeathWithHonour,
    ForcedMarch,
    Guerrilla,
    Maharaja,
    Redoubt,
    Regroup,
    Rockets,
    Sappers,
    ScoutSpy,
    Skirmish,
    Supply,
    Withdraw,
}

/// What a card is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CardKind {
    Unit(UnitCard),
    Leader(LeaderCard),
    Hq(HqKind),
}

/// One of the 60 physical cards of an army's Action Deck.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardDef {
    /// The unit's name on unit cards, the leader's name, or the HQ card's printed name.
    pub name: String,
    pub kind: CardKind,
    /// For an Ambush card: its attack dice (1d10 in the base game).
    pub ambush_dice: Option<Dice>,
}

/// A nation: its 8 units and 60 cards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Army {
    /// Short code ("FR", "IN").
    pub code: String,
    pub name: String,
    /// True for the Distant Lands armies, whose printed values are not available: every screen that
    /// shows them says so.
    pub provisional: bool,
    /// Position in rule 2.2's last tie-breaker list (0 wins against everyone).
    pub tiebreak: u8,
    pub units: Vec<UnitDef>,
    pub cards: Vec<CardDef>,
}

/// The terrain types of the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Terrain {
    Clear,
    Hills,
    Town,
    Woods,
    Marsh,
    Field,
    Lake,
}

impl Terrain {
    pub const ALL: [Terrain; 7] =
        [Terrain::Clear, Terrain::Hills, Terrain::Town, Terrain::Woods, Terrain::Marsh, Terrain::Field, Terrain::Lake];

    /// The letter scenario files and observations write for this terrain.
    pub fn letter(self) -> char {
        match self {
            Terrain::Clear => 'C',
            Terrain::Hills => 'H',
            Terrain::Town => 'T',
            Terrain::Woods => 'W',
            Terrain::Marsh => 'M',
            Terrain::Field => 'F',
            Terrain::Lake => 'L',
        }
    }

    /// The terrain's name in lower case, as a sentence uses it.
    pub fn word(self) -> &'static str {
        match self {
            Terrain::Clear => "clear",
            Terrain::Hills => "hills",
            Terrain::Town => "town",
            Terrain::Woods => "woods",
            Terrain::Marsh => "marsh",
            Terrain::Field => "field",
            Terrain::Lake => "lake",
        }
    }

    /// The terrain a letter stands for, in either case.
    pub fn from_letter(letter: char) -> Option<Terrain> {
        Terrain::ALL.into_iter().find(|t| t.letter().eq_ignore_ascii_case(&letter))
    }
}

/// One map section: 4x4 squares, row 0 at the top of the printed section.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MapSection {
    pub number: u8,
    /// Row-major, `squares[row * 4 + col]`.
    pub squares: [Terrain; 16],
}

/// How one terrain type affects play. Values the rulebook states are marked so in the data file;
/// the rest are provisional defaults a user may correct.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainEffects {
    /// Units may enter (Lake: no).
    pub enter: bool,
    /// Entering ends the unit's move, so cavalry cannot pass through.
    pub ends_move: bool,
    /// Most squares cavalry may move in a basic move that enters this terrain.
    pub cavalry_max_move: u8,
    /// Added to the defence total of a unit here.
    pub defense: u8,
    /// Added to the attack total of an attacking or supporting unit here.
    pub attack: u8,
    /// The attack benefit applies only against a square of different terrain (Hills against lower
    /// ground).
    pub attack_only_against_other_terrain: bool,
    /// Blocks a Bombardment passing through (the firer's and target's squares never block).
    pub blocks_bombard: bool,
    /// An Assault may be started from here (Marsh: no).
    pub assault_from: bool,
    /// A Forced March may extend a move that begins here (Field, Marsh: no).
    pub forced_march_from: bool,
    /// Rockets fired from here reach 3 squares at non-hill targets.
    pub rocket_high_ground: bool,
    /// Names of the fields above whose values are provisional.
    #[serde(default)]
    pub provisional: Vec<String>,
}

/// The terrain table, one entry per terrain type.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TerrainTable {
    pub effects: Vec<(Terrain, TerrainEffects)>,
}

impl TerrainTable {
    pub fn get(&self, terrain: Terrain) -> &TerrainEffects {
        // The loader guarantees one entry per terrain type.
        &self.effects[self.effects.iter().position(|(t, _)| *t == terrain).unwrap_or(0)].1
    }
}

/// Everything loaded: the twelve nations, the map sections and the terrain table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ruleset {
    pub armies: Vec<Army>,
    pub sections: Vec<MapSection>,
    pub terrain: TerrainTable,
}
