//! Scenario files: a position of Manoeuvre written down by hand (TOML or JSON), so that a game can
//! begin anywhere, after deployment, in the middle of an assault turn, with a half-hidden display.
//! A [`Scenario`] names the two armies, the battlefield, where every unit stands, where every card
//! lies, and how far the active player's turn has got. [`Manoeuvre::from_scenario`] checks it and
//! builds the state the rules continue from; [`Scenario::from_state`] writes a position back out.
//! `docs/scenarios.md` describes the format for writers.
//!
//! Cards are written by name (the first copy of that name not placed elsewhere) or by number (0..60
//! within the army, the number observations show). Names are matched after every number has been
//! placed, so a number never collides with a name that could have taken a different copy.

use serde::{Deserialize, Serialize};

use crate::board::{self, Edge, LayoutEdge, Placement, SQUARES, bit};
use crate::data::model::{Army, Terrain};
use crate::display_mode::{A, B, C, CARD_SLOTS, D, E, FateState};
use crate::setup::{ManoeuvreSetup, TerrainMasks, find_army};
use crate::state::{HandMode, Manoeuvre, MovementState, NONE, Phase};
use crate::tables::{Cards, Compiled, card_bit, cards};
use crate::turn::{HAND_SIZE, advance_to_contact};

/// Why a scenario could not be read, built or written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScenarioError {
    /// The text is not valid TOML/JSON, or does not have the shape of a scenario.
    #[error("the scenario does not read as {format}: {message}")]
    Parse { format: &'static str, message: String },
    /// A field holds a value the position cannot have; `field` is its path, like `players[1].hand[2]`.
    #[error("{field}: {problem}")]
    Invalid { field: String, problem: String },
    /// A scenario could not be turned into text (not expected with the types here).
    #[error("the scenario cannot be written as {format}: {message}")]
    Write { format: &'static str, message: String },
    /// The state built from the scenario fails the game's own structural checks.
    #[error("the position breaks the game's invariants: {0}")]
    Broken(String),
    /// [`Scenario::from_state`]: the position is somewhere a scenario cannot start from.
    #[error("this position cannot be written as a scenario: {0}")]
    NotExpressible(String),
}

fn invalid(field: impl Into<String>, problem: impl Into<String>) -> ScenarioError {
    ScenarioError::Invalid { field: field.into(), problem: problem.into() }
}

/// A card or a unit, written by its name or by its number within the army.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(untagged)]
pub enum NameOrIndex {
    Index(u64),
    Name(String),
}

impl From<&str> for NameOrIndex {
    fn from(name: &str) -> Self {
        NameOrIndex::Name(name.to_string())
    }
}

impl From<u8> for NameOrIndex {
    fn from(index: u8) -> Self {
        NameOrIndex::Index(index.into())
    }
}

impl<'de> Deserialize<'de> for NameOrIndex {
    fn deserialize<Dr: serde::Deserializer<'de>>(deserializer: Dr) -> Result<Self, Dr::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = NameOrIndex;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a name (a string) or a number counted from 0")
            }
            fn visit_u64<Er: serde::de::Error>(self, v: u64) -> Result<NameOrIndex, Er> {
                Ok(NameOrIndex::Index(v))
            }
            fn visit_i64<Er: serde::de::Error>(self, v: i64) -> Result<NameOrIndex, Er> {
                u64::try_from(v)
                    .map(NameOrIndex::Index)
                    .map_err(|_| Er::custom(format!("{v} is negative; numbers count from 0")))
            }
            fn visit_str<Er: serde::de::Error>(self, v: &str) -> Result<NameOrIndex, Er> {
                Ok(NameOrIndex::Name(v.to_string()))
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

impl std::fmt::Display for NameOrIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NameOrIndex::Index(i) => write!(f, "{i}"),
            NameOrIndex::Name(n) => f.write_str(n),
        }
    }
}

/// Where the active player's turn stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ScenarioPhase {
    /// The start of the turn: the active player may discard.
    #[default]
    Discard,
    /// Discards are done: the active player draws back up to five (hand mode).
    Draw,
    /// Cards are drawn: units move (a display first rolls the Fate Die unless `fate` says what it
    /// showed).
    Movement,
    /// Movement is over: the active player may declare one combat.
    Combat,
    /// The combat (if any) is over: one restoration attempt and one Redoubt.
    Restoration,
}

impl ScenarioPhase {
    fn word(self) -> &'static str {
        match self {
            ScenarioPhase::Discard => "discard",
            ScenarioPhase::Draw => "draw",
            ScenarioPhase::Movement => "movement",
            ScenarioPhase::Combat => "combat",
            ScenarioPhase::Restoration => "restoration",
        }
    }
}

/// The battlefield: either four map sections as in [`crate::MapSetup`], or eight rows of terrain
/// letters, rank 8 first (C clear, H hills, T town, W woods, M marsh, F field, L lake).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapScenario {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sections: Option<[u8; 4]>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turns: Option<[u8; 4]>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub second_player_edge: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terrain: Option<Vec<String>>,
}

/// A unit: on the board (with its square), or eliminated.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitScenario {
    pub unit: NameOrIndex,
    /// Its square, like "d4"; none for an eliminated unit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub square: Option<String>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub reduced: bool,
    /// Eliminated (units not listed at all are eliminated too, on their full-strength side).
    #[serde(default, skip_serializing_if = "is_false")]
    pub eliminated: bool,
}

/// One display slot: its face-up and face-down cards.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SlotScenario {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub up: Vec<NameOrIndex>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub down: Vec<NameOrIndex>,
}

impl SlotScenario {
    fn is_empty(&self) -> bool {
        self.up.is_empty() && self.down.is_empty()
    }
}

/// A CDG Solo display: slots A, B, D and E, and the deck's top card if it lies face-up (slot C).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DisplayScenario {
    #[serde(default, skip_serializing_if = "SlotScenario::is_empty")]
    pub a: SlotScenario,
    #[serde(default, skip_serializing_if = "SlotScenario::is_empty")]
    pub b: SlotScenario,
    #[serde(default, skip_serializing_if = "SlotScenario::is_empty")]
    pub d: SlotScenario,
    #[serde(default, skip_serializing_if = "SlotScenario::is_empty")]
    pub e: SlotScenario,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck_top: Option<NameOrIndex>,
}

/// One player's army, units and cards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerScenario {
    /// Nation code or name ("FR", "France").
    pub army: String,
    #[serde(default = "hand_mode")]
    pub mode: HandMode,
    /// Units on the board; every unit not listed has been eliminated.
    pub units: Vec<UnitScenario>,
    /// Hand mode: the hand (at most five cards).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hand: Vec<NameOrIndex>,
    /// Hand mode: cards of the hand the opponent has seen with a Scout/Spy.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub revealed: Vec<NameOrIndex>,
    /// Display mode: the slots.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub display: Option<DisplayScenario>,
    /// The discard pile; the last card listed is its top card.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub discard: Vec<NameOrIndex>,
    /// The deck; when absent, every card not placed elsewhere.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<Vec<NameOrIndex>>,
    /// The last card of the first Action Deck has been drawn (rule 2.3).
    #[serde(default, skip_serializing_if = "is_false")]
    pub first_deck_done: bool,
}

/// The active display's Fate Die roll this turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FateScenario {
    /// The face rolled, 1 to 6.
    pub die: u8,
    /// A card the roll allowed has been played.
    #[serde(default, skip_serializing_if = "is_false")]
    pub played: bool,
    /// After a played card: the cards still playable under the roll (the rest of its slot).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rest: Vec<NameOrIndex>,
}

/// The active player's Movement phase so far (in later phases: a record of it).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MovementScenario {
    /// Units (of the active player) that have made their move.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moved: Vec<NameOrIndex>,
    /// The unit that moved last, which a Forced March may take one square further.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last: Option<NameOrIndex>,
    /// The square that unit started its move from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_from: Option<String>,
    /// Units whose move has already had its Forced March (or lost it to a Guerrilla).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forced_marched: Vec<NameOrIndex>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub supply_played: bool,
    /// The Supply was cancelled by a Guerrilla, so it allows no extra unit.
    #[serde(default, skip_serializing_if = "is_false")]
    pub supply_cancelled: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub banzai: bool,
    /// Units the phase allows to move; by default Advance to Contact for the turn, plus one for a
    /// Supply that worked (a Banzai Charge: two, plus one for such a Supply).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves_allowed: Option<u8>,
}

/// A position of Manoeuvre, as a scenario file holds it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// The player who moves first each game turn; it starts from the North edge (ranks 7-8).
    #[serde(default)]
    pub first_player: u8,
    /// Whose player turn it is; the first player when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub active: Option<u8>,
    /// The game turn, from 1.
    #[serde(default = "first_turn")]
    pub turn: u16,
    #[serde(default)]
    pub phase: ScenarioPhase,
    /// The active player has played a card this turn (in display mode, a side that played nothing
    /// may move one card at the end of its turn). Implied by any play the scenario records.
    #[serde(default, skip_serializing_if = "is_false")]
    pub card_played: bool,
    /// Restoration phase: this turn's restoration attempt has been made.
    #[serde(default, skip_serializing_if = "is_false")]
    pub restoration_attempted: bool,
    /// Restoration phase: this turn's Redoubt has been built.
    #[serde(default, skip_serializing_if = "is_false")]
    pub redoubt_built: bool,
    /// Squares with a Redoubt (each under a unit).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub redoubts: Vec<String>,
    pub map: MapScenario,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fate: Option<FateScenario>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub movement: Option<MovementScenario>,
    /// Player 0, then player 1.
    pub players: [PlayerScenario; 2],
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn hand_mode() -> HandMode {
    HandMode::Hand
}

fn first_turn() -> u16 {
    1
}

const SLOT_NAMES: [(u8, &str); 4] = [(A, "a"), (B, "b"), (D, "d"), (E, "e")];

impl Scenario {
    /// Reads a scenario file.
    pub fn from_toml(text: &str) -> Result<Scenario, ScenarioError> {
        toml::from_str(text).map_err(|e| ScenarioError::Parse { format: "TOML", message: e.to_string() })
    }

    /// Reads a scenario from JSON (the protocol's `new` takes the same object as `options.scenario`).
    pub fn from_json(text: &str) -> Result<Scenario, ScenarioError> {
        serde_json::from_str(text).map_err(|e| ScenarioError::Parse { format: "JSON", message: e.to_string() })
    }

    pub fn to_toml(&self) -> Result<String, ScenarioError> {
        toml::to_string_pretty(self).map_err(|e| ScenarioError::Write { format: "TOML", message: e.to_string() })
    }

    pub fn to_json(&self) -> Result<String, ScenarioError> {
        serde_json::to_string_pretty(self).map_err(|e| ScenarioError::Write { format: "JSON", message: e.to_string() })
    }

    /// Builds the state this scenario describes, with the embedded data.
    pub fn build(&self) -> Result<Manoeuvre, ScenarioError> {
        let data = Compiled::embedded().map_err(|e| ScenarioError::Broken(format!("the data does not load: {e}")))?;
        Manoeuvre::from_scenario(data, self)
    }
}

// ---------------------------------------------------------------------------------------------
// Building a state from a scenario.

impl Manoeuvre {
    /// The position a scenario describes, checked field by field, ready for the rules to continue.
    pub fn from_scenario(data: &'static Compiled, sc: &Scenario) -> Result<Manoeuvre, ScenarioError> {
        if sc.first_player > 1 {
            return Err(invalid("first_player", format!("{} is not a player (0 or 1)", sc.first_player)));
        }
        let active = sc.active.unwrap_or(sc.first_player);
        if active > 1 {
            return Err(invalid("active", format!("{active} is not a player (0 or 1)")));
        }
        if sc.turn == 0 {
            return Err(invalid("turn", "0 is not a game turn; they count from 1"));
        }
        let mut armies = [0u8; 2];
        for (p, ps) in sc.players.iter().enumerate() {
            armies[p] = find_army(data, ps.army.trim())
                .ok_or_else(|| invalid(format!("players[{p}].army"), format!("no nation called '{}'", ps.army)))?;
        }
        if armies[0] == armies[1] {
            return Err(invalid(
                "players[1].army",
                format!("{} is player 0's nation too; the nations must differ", data.army(armies[1]).name),
            ));
        }
        let modes = [sc.players[0].mode, sc.players[1].mode];
        let setup = ManoeuvreSetup { hand_modes: Some(modes), ..ManoeuvreSetup::default() };
        let mut g = Manoeuvre::start(data, &setup).map_err(|e| ScenarioError::Broken(e.0))?;
        g.terrain = build_terrain(data, &sc.map)?;
        g.masks = TerrainMasks::of(data, &g.terrain);
        g.fixed_armies = true;
        g.first_player = sc.first_player;
        g.active = active;
        g.turn = sc.turn;
        for p in 0..2u8 {
            let side = &mut g.sides[p as usize];
            side.army = armies[p as usize];
            side.edge = if p == sc.first_player { Edge::North } else { Edge::South };
        }
        place_units(&mut g, sc)?;
        place_redoubts(&mut g, sc)?;
        for p in 0..2u8 {
            deal_cards(&mut g, sc, p)?;
        }
        set_turn(&mut g, sc)?;
        g.settle();
        crate::invariants::check(&g).map_err(ScenarioError::Broken)?;
        Ok(g)
    }
}

fn build_terrain(data: &Compiled, map: &MapScenario) -> Result<[Terrain; SQUARES], ScenarioError> {
    match (&map.sections, &map.terrain) {
        (Some(_), Some(_)) => Err(invalid("map", "give either sections or terrain, not both")),
        (None, None) => {
            Err(invalid("map", "needs either sections (with turns and second_player_edge) or terrain rows"))
        }
        (None, Some(rows)) => {
            if map.turns.is_some() {
                return Err(invalid("map.turns", "only goes with map.sections"));
            }
            if map.second_player_edge.is_some() {
                return Err(invalid("map.second_player_edge", "only goes with map.sections"));
            }
            if rows.len() != 8 {
                return Err(invalid(
                    "map.terrain",
                    format!("{} rows; the battlefield has 8, rank 8 first", rows.len()),
                ));
            }
            let mut out = [Terrain::Clear; SQUARES];
            for (i, row) in rows.iter().enumerate() {
                let field = format!("map.terrain[{i}]");
                let letters: Vec<char> = row.chars().filter(|c| !c.is_whitespace()).collect();
                if letters.len() != 8 {
                    return Err(invalid(field, format!("'{row}' has {} squares; a rank has 8", letters.len())));
                }
                for (col, &ch) in letters.iter().enumerate() {
                    let t = Terrain::from_letter(ch).ok_or_else(|| {
                        invalid(&field, format!("'{ch}' in '{row}' is not a terrain letter (C H T W M F L)"))
                    })?;
                    out[(7 - i) * 8 + col] = t;
                }
            }
            Ok(out)
        }
        (Some(sections), None) => {
            let turns = map.turns.unwrap_or([0; 4]);
            let mut placements = [Placement { section: 0, quarter_turns: 0 }; 4];
            for (i, &s) in sections.iter().enumerate() {
                if !data.rules.sections.iter().any(|x| x.number == s) {
                    return Err(invalid(format!("map.sections[{i}]"), format!("there is no map section {s}")));
                }
                if sections[..i].contains(&s) {
                    return Err(invalid(format!("map.sections[{i}]"), format!("section {s} is used twice")));
                }
                if turns[i] > 3 {
                    return Err(invalid(
                        format!("map.turns[{i}]"),
                        format!("{} is not 0 to 3 quarter turns", turns[i]),
                    ));
                }
                placements[i] = Placement { section: s, quarter_turns: turns[i] };
            }
            let word = map.second_player_edge.as_deref().unwrap_or("bottom");
            let edge = LayoutEdge::ALL.into_iter().find(|e| e.word() == word.trim()).ok_or_else(|| {
                invalid("map.second_player_edge", format!("'{word}' is not top, right, bottom or left"))
            })?;
            board::assemble(&data.rules.sections, placements, edge)
                .ok_or_else(|| invalid("map.sections", "a section is missing from the data"))
        }
    }
}

fn parse_square(field: &str, text: &str) -> Result<u8, ScenarioError> {
    board::parse(text.trim()).ok_or_else(|| invalid(field, format!("'{text}' is not a square of the board (a1 to h8)")))
}

/// A unit of `army` by name or number (0..8).
fn resolve_unit(army: &Army, field: &str, r: &NameOrIndex) -> Result<u8, ScenarioError> {
    let count = army.units.len().min(8);
    match r {
        NameOrIndex::Index(i) => usize::try_from(*i).ok().filter(|&i| i < count).map(|i| i as u8).ok_or_else(|| {
            invalid(
                field,
                format!("{i} is not a unit of {} (its units are numbered 0 to {})", army.name, count.saturating_sub(1)),
            )
        }),
        NameOrIndex::Name(n) => army.units[..count]
            .iter()
            .position(|u| u.name.eq_ignore_ascii_case(n.trim()))
            .map(|i| i as u8)
            .ok_or_else(|| invalid(field, format!("{n} is not a unit of {}", army.name))),
    }
}

fn place_units(g: &mut Manoeuvre, sc: &Scenario) -> Result<(), ScenarioError> {
    let mut holder: Vec<Option<String>> = vec![None; SQUARES];
    for p in 0..2u8 {
        let army = g.data.0.army(g.sides[p as usize].army);
        let mut listed: [Option<usize>; 8] = [None; 8];
        for (i, u) in sc.players[p as usize].units.iter().enumerate() {
            let field = format!("players[{p}].units[{i}]");
            let index = resolve_unit(army, &format!("{field}.unit"), &u.unit)?;
            if let Some(j) = listed[index as usize] {
                return Err(invalid(
                    format!("{field}.unit"),
                    format!("{} is listed twice (also players[{p}].units[{j}])", army.units[index as usize].name),
                ));
            }
            listed[index as usize] = Some(i);
            let unit = p * 8 + index;
            g.units[unit as usize].reduced = u.reduced;
            let square = match (&u.square, u.eliminated) {
                (Some(_), true) => {
                    return Err(invalid(format!("{field}.square"), "an eliminated unit has no square"));
                }
                (None, true) => {
                    g.units[unit as usize].eliminated = true;
                    g.sides[p as usize].lost += 1;
                    continue;
                }
                (None, false) => {
                    return Err(invalid(
                        format!("{field}.square"),
                        "missing: a unit on the board needs a square (or eliminated = true)",
                    ));
                }
                (Some(square), false) => square,
            };
            let sq = parse_square(&format!("{field}.square"), square)?;
            let terrain = g.terrain[sq as usize];
            if !g.data.0.effects(terrain).enter {
                return Err(invalid(
                    format!("{field}.square"),
                    format!("a unit on a {} square ({}): units cannot enter it", terrain.word(), board::name(sq)),
                ));
            }
            if let Some(other) = &holder[sq as usize] {
                return Err(invalid("units", format!("two units on {} ({other} and {field})", board::name(sq))));
            }
            holder[sq as usize] = Some(field);
            g.place(unit, sq);
        }
        for index in 0..8u8 {
            if listed[index as usize].is_none() {
                g.units[(p * 8 + index) as usize].eliminated = true;
                g.sides[p as usize].lost += 1;
            }
        }
        let lost = g.sides[p as usize].lost;
        if lost >= 5 {
            return Err(invalid(
                format!("players[{p}].units"),
                format!(
                    "only {} units on the board: {lost} eliminated units would already have ended the game (rule 2.1)",
                    8 - lost
                ),
            ));
        }
    }
    Ok(())
}

fn place_redoubts(g: &mut Manoeuvre, sc: &Scenario) -> Result<(), ScenarioError> {
    for (i, text) in sc.redoubts.iter().enumerate() {
        let field = format!("redoubts[{i}]");
        let sq = parse_square(&field, text)?;
        if g.redoubts & bit(sq) != 0 {
            return Err(invalid(field, format!("{} is listed twice", board::name(sq))));
        }
        if g.board[sq as usize] == NONE {
            return Err(invalid(
                field,
                format!("no unit on {}: a Redoubt stays only while a unit holds it (rule 9.2)", board::name(sq)),
            ));
        }
        g.redoubts |= bit(sq);
    }
    Ok(())
}

/// Where a listed card goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    Hand,
    Slot { slot: u8, up: bool },
    Top,
    Discard,
    Deck,
}

struct Entry<'a> {
    field: String,
    place: Place,
    card: &'a NameOrIndex,
}

/// The cards of one player in the order names are matched: hand, slots A, B, D, E (face-up, then
/// face-down), the deck's top card, the discard pile, the deck.
fn entries(ps: &PlayerScenario, p: u8) -> Vec<Entry<'_>> {
    let base = format!("players[{p}]");
    let mut out = Vec::new();
    for (i, r) in ps.hand.iter().enumerate() {
        out.push(Entry { field: format!("{base}.hand[{i}]"), place: Place::Hand, card: r });
    }
    if let Some(d) = &ps.display {
        for (slot, letter) in SLOT_NAMES {
            let s = match slot {
                A => &d.a,
                B => &d.b,
                D => &d.d,
                _ => &d.e,
            };
            for (i, r) in s.up.iter().enumerate() {
                out.push(Entry {
                    field: format!("{base}.display.{letter}.up[{i}]"),
                    place: Place::Slot { slot, up: true },
                    card: r,
                });
            }
            for (i, r) in s.down.iter().enumerate() {
                out.push(Entry {
                    field: format!("{base}.display.{letter}.down[{i}]"),
                    place: Place::Slot { slot, up: false },
                    card: r,
                });
            }
        }
        if let Some(r) = &d.deck_top {
            out.push(Entry { field: format!("{base}.display.deck_top"), place: Place::Top, card: r });
        }
    }
    for (i, r) in ps.discard.iter().enumerate() {
        out.push(Entry { field: format!("{base}.discard[{i}]"), place: Place::Discard, card: r });
    }
    if let Some(deck) = &ps.deck {
        for (i, r) in deck.iter().enumerate() {
            out.push(Entry { field: format!("{base}.deck[{i}]"), place: Place::Deck, card: r });
        }
    }
    out
}

fn card_count(army: &Army) -> usize {
    army.cards.len().min(64)
}

/// A card by number, checked against the army.
fn card_index(army: &Army, field: &str, index: u64) -> Result<u8, ScenarioError> {
    let count = card_count(army);
    usize::try_from(index).ok().filter(|&c| c < count).map(|c| c as u8).ok_or_else(|| {
        invalid(
            field,
            format!("{index} is not a card of {} (its cards are numbered 0 to {})", army.name, count.saturating_sub(1)),
        )
    })
}

/// Every copy of a card name in the army, lowest number first.
fn copies_of(army: &Army, name: &str) -> Vec<u8> {
    let name = name.trim();
    (0..card_count(army)).filter(|&c| army.cards[c].name.eq_ignore_ascii_case(name)).map(|c| c as u8).collect()
}

fn card_desc(army: &Army, card: u8) -> String {
    format!("{card} ({})", army.cards[card as usize].name)
}

fn card_list(army: &Army, set: Cards) -> String {
    let all: Vec<String> = cards(set).map(|c| card_desc(army, c)).collect();
    if all.len() > 6 { format!("{} and {} more", all[..6].join(", "), all.len() - 6) } else { all.join(", ") }
}

/// Resolves every listed card: numbers first, then names, each name taking the lowest-numbered copy
/// not yet placed.
fn resolve_cards(army: &Army, list: &[Entry<'_>]) -> Result<Vec<u8>, ScenarioError> {
    let mut out = vec![NONE; list.len()];
    let mut used_by: Vec<Option<usize>> = vec![None; card_count(army)];
    for (i, e) in list.iter().enumerate() {
        if let NameOrIndex::Index(x) = e.card {
            let c = card_index(army, &e.field, *x)?;
            if let Some(j) = used_by[c as usize] {
                return Err(invalid(
                    &e.field,
                    format!("card {} is used twice (also {})", card_desc(army, c), list[j].field),
                ));
            }
            used_by[c as usize] = Some(i);
            out[i] = c;
        }
    }
    for (i, e) in list.iter().enumerate() {
        if let NameOrIndex::Name(name) = e.card {
            let copies = copies_of(army, name);
            let Some(&first) = copies.first() else {
                return Err(invalid(&e.field, format!("{name} is not a card of {}", army.name)));
            };
            let Some(&c) = copies.iter().find(|&&c| used_by[c as usize].is_none()) else {
                let printed = &army.cards[first as usize].name;
                let problem = if copies.len() == 1 {
                    format!("card '{printed}' is used twice, but {} has only one", army.name)
                } else {
                    format!(
                        "card '{printed}' is used {} times, but {} has only {}",
                        copies.len() + 1,
                        army.name,
                        copies.len()
                    )
                };
                return Err(invalid(&e.field, problem));
            };
            used_by[c as usize] = Some(i);
            out[i] = c;
        }
    }
    Ok(out)
}

/// A list of cards picked among `candidates` (a name takes the lowest-numbered candidate of that
/// name not listed yet).
fn resolve_subset(
    army: &Army,
    field: &str,
    refs: &[NameOrIndex],
    candidates: Cards,
    among: &str,
) -> Result<Cards, ScenarioError> {
    Ok(resolve_in_order(army, field, refs, candidates, among)?.into_iter().fold(0, |set, c| set | card_bit(c)))
}

/// The cards of a subset list in the order they are listed, each checked as [`resolve_subset`] says.
fn resolve_in_order(
    army: &Army,
    field: &str,
    refs: &[NameOrIndex],
    candidates: Cards,
    among: &str,
) -> Result<Vec<u8>, ScenarioError> {
    let mut set: Cards = 0;
    let mut listed = Vec::with_capacity(refs.len());
    for (i, r) in refs.iter().enumerate() {
        let f = format!("{field}[{i}]");
        let c = match r {
            NameOrIndex::Index(x) => {
                let c = card_index(army, &f, *x)?;
                if candidates & card_bit(c) == 0 {
                    return Err(invalid(f, format!("card {} is not {among}", card_desc(army, c))));
                }
                c
            }
            NameOrIndex::Name(n) => {
                let copies = copies_of(army, n);
                if copies.is_empty() {
                    return Err(invalid(f, format!("{n} is not a card of {}", army.name)));
                }
                if copies.iter().all(|&c| candidates & card_bit(c) == 0) {
                    return Err(invalid(f, format!("no card '{n}' is {among}")));
                }
                copies.into_iter().find(|&c| candidates & !set & card_bit(c) != 0).ok_or_else(|| {
                    invalid(&f, format!("every card '{n}' {among} is listed already (each card is listed once)"))
                })?
            }
        };
        if set & card_bit(c) != 0 {
            return Err(invalid(f, format!("card {} is listed twice", card_desc(army, c))));
        }
        set |= card_bit(c);
        listed.push(c);
    }
    Ok(listed)
}

/// The most cards one slot of player `p`'s display can hold at the scenario's point of the game.
/// A slot is dealt one card, and refills only bring an empty slot back to one; it grows beyond that
/// only by a card moved into it at the end of a turn in which nothing was played, or by a card a
/// Skirmish gives back after the slot was refilled, and a turn can have one of the two at most. So a
/// slot holds at most one card more than the turns its player has begun.
pub fn slot_limit(sc: &Scenario, p: u8) -> u32 {
    let active = sc.active.unwrap_or(sc.first_player);
    let turn = u32::from(sc.turn.max(1));
    // The second player has not begun the current game turn while the first player is active.
    let begun = if p != sc.first_player && active == sc.first_player { turn - 1 } else { turn };
    1 + begun
}

fn check_slot_sizes(sc: &Scenario, p: u8, d: &DisplayScenario) -> Result<(), ScenarioError> {
    let limit = slot_limit(sc, p);
    for (letter, slot) in [("a", &d.a), ("b", &d.b), ("d", &d.d), ("e", &d.e)] {
        let listed = slot.up.iter().map(|c| ("up", c)).chain(slot.down.iter().map(|c| ("down", c)));
        let Some((i, (facing, card))) = listed.enumerate().nth(limit as usize) else { continue };
        let index = if facing == "up" { i } else { i - slot.up.len() };
        let shown = match card {
            NameOrIndex::Name(n) => n.clone(),
            NameOrIndex::Index(x) => format!("card {x}"),
        };
        return Err(invalid(
            format!("players[{p}].display.{letter}.{facing}[{index}]"),
            format!(
                "{shown} would be card {} of slot {}, but at game turn {} a slot of player {p}'s display holds at \
                 most {limit}: one from the deal, and one more for each turn player {p} has begun at most (a card \
                 moved there when nothing was played, or given back by a Skirmish)",
                i + 1,
                letter.to_ascii_uppercase(),
                sc.turn
            ),
        ));
    }
    Ok(())
}

fn deal_cards(g: &mut Manoeuvre, sc: &Scenario, p: u8) -> Result<(), ScenarioError> {
    let ps = &sc.players[p as usize];
    let base = format!("players[{p}]");
    let army_index = g.sides[p as usize].army;
    let army = g.data.0.army(army_index);
    let all = g.data.0.tables(army_index).all;
    match ps.mode {
        HandMode::Hand => {
            if ps.display.is_some() {
                return Err(invalid(
                    format!("{base}.display"),
                    format!("player {p} holds a hand (mode = \"hand\"); a display needs mode = \"display\""),
                ));
            }
            if ps.hand.len() > HAND_SIZE as usize {
                return Err(invalid(
                    format!("{base}.hand"),
                    format!("{} cards; a hand holds at most {HAND_SIZE}", ps.hand.len()),
                ));
            }
        }
        HandMode::Display => {
            if !ps.hand.is_empty() {
                return Err(invalid(
                    format!("{base}.hand"),
                    format!("player {p} holds a display (mode = \"display\"); its cards go in the display slots"),
                ));
            }
            if !ps.revealed.is_empty() {
                return Err(invalid(format!("{base}.revealed"), "only a hand has revealed cards"));
            }
            if let Some(d) = &ps.display {
                check_slot_sizes(sc, p, d)?;
            }
        }
    }
    let list = entries(ps, p);
    let resolved = resolve_cards(army, &list)?;
    let side = &mut g.sides[p as usize];
    let mut placed: Cards = 0;
    for (e, &c) in list.iter().zip(&resolved) {
        let b = card_bit(c);
        placed |= b;
        match e.place {
            Place::Hand => side.hand |= b,
            Place::Slot { slot, up } => {
                side.display.slots[slot as usize] |= b;
                if up {
                    side.display.face_up |= b;
                }
            }
            Place::Top => side.display.top = c,
            Place::Discard => {
                side.discard |= b;
                side.discard_top = c;
            }
            Place::Deck => side.deck |= b,
        }
    }
    let nowhere = all & !placed;
    if ps.deck.is_none() {
        side.deck = nowhere;
    } else if nowhere != 0 {
        return Err(invalid(
            format!("{base}.deck"),
            format!(
                "cards {} are nowhere: list them in the deck, or leave the deck out to put every card not \
                 placed elsewhere there",
                card_list(army, nowhere)
            ),
        ));
    }
    side.revealed = resolve_subset(army, &format!("{base}.revealed"), &ps.revealed, side.hand, "in the hand")?;
    side.first_deck_done = ps.first_deck_done;
    let slot_c_empty = side.deck == 0 && side.display.top == NONE;
    if ps.mode == HandMode::Display && slot_c_empty && side.discard != 0 {
        return Err(invalid(
            format!("{base}.deck"),
            "slot C (the deck) is empty while the discard pile holds cards; the playsheet shuffles the discards \
             into slot C at once, so list them in the deck",
        ));
    }
    // A hand's first deck is done when its last card is drawn; a display's when slot C empties, its
    // face-up top card included.
    let done = match ps.mode {
        HandMode::Hand => side.deck == 0,
        HandMode::Display => slot_c_empty,
    };
    if done && !side.first_deck_done {
        return Err(invalid(
            format!("{base}.first_deck_done"),
            "the deck is empty, which happens only once the last card of the first deck is gone: write \
             first_deck_done = true",
        ));
    }
    Ok(())
}

/// Puts the active player's turn where the scenario says, through the same steps the rules take.
fn set_turn(g: &mut Manoeuvre, sc: &Scenario) -> Result<(), ScenarioError> {
    use ScenarioPhase as S;
    let active = g.active;
    let mode = g.sides[active as usize].mode;
    let phase = sc.phase;
    let after_draw = matches!(phase, S::Movement | S::Combat | S::Restoration);
    if !after_draw {
        if sc.fate.is_some() {
            return Err(invalid(
                "fate",
                format!("the Fate Die is rolled before Movement, so a {} phase has no roll yet", phase.word()),
            ));
        }
        if sc.movement.is_some() {
            return Err(invalid("movement", format!("a {} phase comes before Movement", phase.word())));
        }
    }
    if phase != S::Restoration {
        if sc.restoration_attempted {
            return Err(invalid(
                "restoration_attempted",
                format!("only in the restoration phase, not {}", phase.word()),
            ));
        }
        if sc.redoubt_built {
            return Err(invalid("redoubt_built", format!("only in the restoration phase, not {}", phase.word())));
        }
    }
    g.begin_player_turn();
    let mut implied = false;
    if phase == S::Draw {
        g.phase = Phase::Draw;
    }
    if after_draw {
        g.after_draw();
        let mut fate_played = false;
        match (mode, &sc.fate) {
            (HandMode::Hand, Some(_)) => {
                return Err(invalid(
                    "fate",
                    format!("player {active} holds a hand; only a display rolls the Fate Die"),
                ));
            }
            (HandMode::Display, None) if phase != S::Movement => {
                return Err(invalid(
                    "fate",
                    format!(
                        "player {active} holds a display, so its Fate Die was rolled before Movement: give fate.die"
                    ),
                ));
            }
            (_, None) => {}
            (HandMode::Display, Some(f)) => {
                if !(1..=6).contains(&f.die) {
                    return Err(invalid("fate.die", format!("{} is not a face of the Fate Die (1 to 6)", f.die)));
                }
                if !f.played && !f.rest.is_empty() {
                    return Err(invalid(
                        "fate.rest",
                        "cards stay playable under the roll only after one was played: write fate.played = true",
                    ));
                }
                let army = g.data.0.army(g.sides[active as usize].army);
                let display = &g.sides[active as usize].display;
                let among = format!("face-up in player {active}'s display");
                let listed = resolve_in_order(army, "fate.rest", &f.rest, face_up_held(display), &among)?;
                check_rest(army, display, f.die, &listed)?;
                let rest = listed.iter().fold(0, |set, &c| set | card_bit(c));
                g.fate = FateState { face: f.die, played: f.played, rest };
                fate_played = f.played;
            }
        }
        g.phase = match phase {
            S::Movement if mode == HandMode::Display && sc.fate.is_none() => Phase::FateRoll,
            S::Movement => Phase::Movement,
            S::Combat => Phase::Combat,
            _ => Phase::Restoration,
        };
        if let Some(m) = &sc.movement {
            if g.phase == Phase::FateRoll && *m != MovementScenario::default() {
                return Err(invalid(
                    "movement",
                    "the Fate Die is rolled before any unit moves: give fate.die, or leave movement out",
                ));
            }
            apply_movement(g, m, phase)?;
        }
        if phase == S::Restoration {
            g.combat_done = true;
            // Building the Redoubt closes the restoration attempt too.
            g.restoration_tried = sc.restoration_attempted || sc.redoubt_built;
            g.redoubt_built = sc.redoubt_built;
        }
        let m = g.movement;
        let plays = [
            (m.supply_played, "movement.supply_played"),
            (m.banzai, "movement.banzai"),
            (m.forced != 0, "movement.forced_marched"),
            (sc.restoration_attempted, "restoration_attempted"),
            (sc.redoubt_built, "redoubt_built"),
        ];
        if let Some((_, what)) = plays.iter().find(|(played, _)| *played) {
            // A display plays every card of its turn under the Fate Die.
            if mode == HandMode::Display && !fate_played {
                return Err(invalid(
                    "fate.played",
                    format!("{what} means a card was played under the Fate Die this turn: write fate.played = true"),
                ));
            }
            implied = true;
        }
        implied |= fate_played;
    }
    g.card_played = sc.card_played || implied;
    Ok(())
}

/// The face-up cards of a display, its face-up deck top (slot C) included.
fn face_up_held(d: &crate::state::Display) -> Cards {
    let slots = CARD_SLOTS.iter().fold(0, |all, &s| all | d.slots[s as usize]) & d.face_up;
    if d.top == NONE { slots } else { slots | card_bit(d.top) }
}

/// The slot a card of the display lies in (C for the face-up deck top).
fn slot_holding(d: &crate::state::Display, card: u8) -> u8 {
    if d.top == card {
        return C;
    }
    CARD_SLOTS.into_iter().find(|&s| d.slots[s as usize] & card_bit(card) != 0).unwrap_or(NONE)
}

fn slot_letter(slot: u8) -> char {
    ['A', 'B', 'C', 'D', 'E'].get(usize::from(slot)).copied().unwrap_or('?')
}

/// The cards still playable under a roll are what is left of the slot the first card came from, so
/// they lie face-up in that one slot, which the face allows: A or B after a 3 or a 4, D or E after a 5
/// or a 6. A card played from the deck's top (slot C) leaves nothing, and so do faces 1 and 2, which
/// allow one card. (A Skirmish gives its initiating card back to the slot it came from, which is
/// then that same slot.)
fn check_rest(army: &Army, d: &crate::state::Display, face: u8, rest: &[u8]) -> Result<(), ScenarioError> {
    let slots: &[u8] = match face {
        3 | 4 => &[A, B],
        5 | 6 => &[D, E],
        _ => &[],
    };
    let mut first: Option<(usize, u8)> = None;
    for (i, &card) in rest.iter().enumerate() {
        let field = format!("fate.rest[{i}]");
        let slot = slot_holding(d, card);
        let name = card_desc(army, card);
        if slots.is_empty() {
            return Err(invalid(
                field,
                format!(
                    "card {name}: a roll of {face} allows one card, so no card stays playable after it; leave \
                     fate.rest empty"
                ),
            ));
        }
        if !slots.contains(&slot) {
            let allowed: Vec<String> = slots.iter().map(|&s| slot_letter(s).to_string()).collect();
            let after_top = if slot == C { " (a card played from the deck's top leaves nothing playable)" } else { "" };
            return Err(invalid(
                field,
                format!(
                    "card {name} lies in slot {}, but a roll of {face} leaves playable only cards of slot {}{after_top}",
                    slot_letter(slot),
                    allowed.join(" or ")
                ),
            ));
        }
        match first {
            None => first = Some((i, slot)),
            Some((j, other)) if other != slot => {
                return Err(invalid(
                    field,
                    format!(
                        "card {name} lies in slot {}, but fate.rest[{j}] lies in slot {}: the cards left playable \
                         are the rest of the one slot the first card was played from",
                        slot_letter(slot),
                        slot_letter(other)
                    ),
                ));
            }
            Some(_) => {}
        }
    }
    Ok(())
}

fn apply_movement(g: &mut Manoeuvre, m: &MovementScenario, phase: ScenarioPhase) -> Result<(), ScenarioError> {
    let p = g.active;
    let army = g.data.0.army(g.sides[p as usize].army);
    let mut moved = 0u8;
    for (i, r) in m.moved.iter().enumerate() {
        let field = format!("movement.moved[{i}]");
        let u = resolve_unit(army, &field, r)?;
        let name = &army.units[u as usize].name;
        if moved & (1 << u) != 0 {
            return Err(invalid(field, format!("{name} is listed twice")));
        }
        if phase == ScenarioPhase::Movement && !g.on_board(p * 8 + u) {
            return Err(invalid(field, format!("{name} is not on the board, so it cannot have moved this phase")));
        }
        moved |= 1 << u;
    }
    let mut forced = 0u8;
    for (i, r) in m.forced_marched.iter().enumerate() {
        let field = format!("movement.forced_marched[{i}]");
        let u = resolve_unit(army, &field, r)?;
        let name = &army.units[u as usize].name;
        if moved & (1 << u) == 0 {
            return Err(invalid(field, format!("{name} has not moved (list it in movement.moved)")));
        }
        forced |= 1 << u;
    }
    let (last, last_from) = match (&m.last, &m.last_from) {
        (None, None) => (NONE, NONE),
        (None, Some(_)) => return Err(invalid("movement.last_from", "goes with movement.last")),
        (Some(_), None) => {
            return Err(invalid("movement.last_from", "missing: the square movement.last started its move from"));
        }
        (Some(r), Some(from)) => {
            let u = resolve_unit(army, "movement.last", r)?;
            if moved & (1 << u) == 0 {
                return Err(invalid(
                    "movement.last",
                    format!("{} has not moved (list it in movement.moved)", army.units[u as usize].name),
                ));
            }
            (p * 8 + u, parse_square("movement.last_from", from)?)
        }
    };
    if m.supply_cancelled && !m.supply_played {
        return Err(invalid("movement.supply_cancelled", "goes with movement.supply_played = true"));
    }
    let worked = m.supply_played && !m.supply_cancelled;
    let basic = if m.banzai { 2 } else { advance_to_contact(g.turn) };
    let allowed = m.moves_allowed.unwrap_or(basic + u8::from(worked));
    if !(1..=8).contains(&allowed) {
        return Err(invalid("movement.moves_allowed", format!("{allowed} is not 1 to 8 units")));
    }
    if moved.count_ones() > u32::from(allowed) {
        return Err(invalid(
            "movement.moves_allowed",
            format!("{allowed} is fewer than the {} units listed in movement.moved", moved.count_ones()),
        ));
    }
    g.movement = MovementState {
        moved,
        forced,
        moves_allowed: allowed,
        supply_played: m.supply_played,
        supply_worked: worked,
        banzai: m.banzai,
        last,
        last_from,
    };
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Writing a state out as a scenario.

/// Writes cards by name when the scenario's name matching would pick exactly that card (every
/// lower-numbered copy already written), otherwise by number.
struct CardWriter<'a> {
    army: &'a Army,
    written: Cards,
}

impl CardWriter<'_> {
    fn write(&mut self, card: u8) -> NameOrIndex {
        let first = self.first_copy(card, !self.written);
        self.written |= card_bit(card);
        self.as_ref(card, first)
    }

    /// The lowest-numbered card of the same name within `among`.
    fn first_copy(&self, card: u8, among: Cards) -> Option<u8> {
        let name = &self.army.cards[card as usize].name;
        copies_of(self.army, name).into_iter().find(|&c| among & card_bit(c) != 0)
    }

    fn as_ref(&self, card: u8, first: Option<u8>) -> NameOrIndex {
        if first == Some(card) {
            NameOrIndex::Name(self.army.cards[card as usize].name.clone())
        } else {
            NameOrIndex::Index(card.into())
        }
    }

    /// A subset list (revealed cards, the Fate Die's rest), picked among `candidates`.
    fn subset(&self, set: Cards, candidates: Cards) -> Vec<NameOrIndex> {
        let mut listed: Cards = 0;
        cards(set)
            .map(|c| {
                let first = self.first_copy(c, candidates & !listed);
                listed |= card_bit(c);
                self.as_ref(c, first)
            })
            .collect()
    }
}

fn player_of(g: &Manoeuvre, p: u8) -> PlayerScenario {
    let side = &g.sides[p as usize];
    let army = g.data.0.army(side.army);
    let mut w = CardWriter { army, written: 0 };
    let hand: Vec<NameOrIndex> = cards(side.hand).map(|c| w.write(c)).collect();
    let display = (side.mode == HandMode::Display).then(|| {
        let d = &side.display;
        let mut slot = |s: u8| SlotScenario {
            up: cards(d.slots[s as usize] & d.face_up).map(|c| w.write(c)).collect(),
            down: cards(d.slots[s as usize] & !d.face_up).map(|c| w.write(c)).collect(),
        };
        let (a, b, dd, e) = (slot(A), slot(B), slot(D), slot(E));
        let deck_top = (d.top != NONE).then(|| w.write(d.top));
        DisplayScenario { a, b, d: dd, e, deck_top }
    });
    let top = side.discard_top;
    let mut pile: Vec<u8> = cards(side.discard).filter(|&c| c != top).collect();
    if top != NONE {
        pile.push(top);
    }
    let discard = pile.into_iter().map(|c| w.write(c)).collect();
    let units = (0..8u8)
        .filter_map(|i| {
            let u = g.units[(p * 8 + i) as usize];
            let unit = NameOrIndex::Name(army.units.get(i as usize)?.name.clone());
            if u.square != NONE {
                Some(UnitScenario { unit, square: Some(board::name(u.square)), reduced: u.reduced, eliminated: false })
            } else {
                Some(UnitScenario { unit, square: None, reduced: u.reduced, eliminated: true })
            }
        })
        .collect();
    PlayerScenario {
        army: army.name.clone(),
        mode: side.mode,
        units,
        hand,
        revealed: w.subset(side.revealed, side.hand),
        display,
        discard,
        deck: None,
        first_deck_done: side.first_deck_done,
    }
}

fn movement_of(g: &Manoeuvre) -> Option<MovementScenario> {
    let m = g.movement;
    // What the Draw phase leaves: no unit moved yet, Advance to Contact allowed.
    let fresh =
        MovementState { last: NONE, last_from: NONE, moves_allowed: advance_to_contact(g.turn), ..Default::default() };
    if m == fresh {
        return None;
    }
    let army = g.data.0.army(g.sides[g.active as usize].army);
    let name = |i: u8| NameOrIndex::Name(army.units.get(i as usize).map_or(String::new(), |u| u.name.clone()));
    let names = |mask: u8| (0..8u8).filter(|i| mask & (1 << i) != 0).map(name).collect();
    let basic = if m.banzai { 2 } else { advance_to_contact(g.turn) };
    Some(MovementScenario {
        moved: names(m.moved),
        last: (m.last != NONE).then(|| name(m.last % 8)),
        last_from: (m.last != NONE && m.last_from != NONE).then(|| board::name(m.last_from)),
        forced_marched: names(m.forced),
        supply_played: m.supply_played,
        supply_cancelled: m.supply_played && !m.supply_worked,
        banzai: m.banzai,
        moves_allowed: (m.moves_allowed != basic + u8::from(m.supply_worked)).then_some(m.moves_allowed),
    })
}

/// Two states hold the same position: equal once the setup history (initiative dice, how the map
/// and nations were chosen), which no rule looks at after deployment, is set aside.
fn same_position(rebuilt: &Manoeuvre, g: &Manoeuvre) -> bool {
    let mut r = *rebuilt;
    r.placements = g.placements;
    r.nations_offered = g.nations_offered;
    r.fixed_map = g.fixed_map;
    r.fixed_edge = g.fixed_edge;
    r.fixed_armies = g.fixed_armies;
    r.quick_start = g.quick_start;
    r.tournament = g.tournament;
    for p in 0..2 {
        r.sides[p].initiative_roll = g.sides[p].initiative_roll;
    }
    r == *g
}

impl Scenario {
    /// The scenario of a position, to save it and start from it later. Works at the decisions a
    /// scenario can start from (Discard, Movement or its Fate Die roll, Combat, Restoration) with
    /// no combat under way and no card draw pending; the result rebuilds the same position.
    pub fn from_state(g: &Manoeuvre) -> Result<Scenario, ScenarioError> {
        let not = |why: String| Err(ScenarioError::NotExpressible(why));
        if g.ending.is_some() || g.phase == Phase::Over {
            return not("the game is over".into());
        }
        if g.turn == 0 || g.sides.iter().any(|s| s.army == NONE) {
            return not("the game is still being set up".into());
        }
        if g.combat.is_some() {
            return not("a combat is under way".into());
        }
        let owed = g.sides.iter().any(|s| s.display.owed != [0; 5] || s.display.fill_face_up != 0);
        if owed || g.reveal_pending != NONE || g.phase == Phase::Draw {
            return not("a card draw is pending".into());
        }
        let phase = match g.phase {
            Phase::Discard => ScenarioPhase::Discard,
            Phase::Movement | Phase::FateRoll => ScenarioPhase::Movement,
            Phase::Combat => ScenarioPhase::Combat,
            Phase::Restoration => ScenarioPhase::Restoration,
            other => {
                return not(format!(
                    "the game waits at a step of its own ({}); a scenario starts at a Discard, Movement, Combat or Restoration \
                     decision",
                    other.name()
                ));
            }
        };
        let terrain =
            (0..8u8).rev().map(|r| (0..8u8).map(|c| g.terrain[(r * 8 + c) as usize].letter()).collect()).collect();
        let active = g.active;
        let side = &g.sides[active as usize];
        let fate = (side.mode == HandMode::Display && g.fate.face != 0).then(|| {
            let army = g.data.0.army(side.army);
            let w = CardWriter { army, written: 0 };
            FateScenario {
                die: g.fate.face,
                played: g.fate.played,
                rest: w.subset(g.fate.rest, face_up_held(&side.display)),
            }
        });
        let later = phase != ScenarioPhase::Discard;
        let sc = Scenario {
            title: None,
            description: None,
            first_player: g.first_player,
            active: Some(active),
            turn: g.turn,
            phase,
            card_played: g.card_played,
            restoration_attempted: phase == ScenarioPhase::Restoration && g.restoration_tried,
            redoubt_built: phase == ScenarioPhase::Restoration && g.redoubt_built,
            redoubts: board::squares(g.redoubts).map(board::name).collect(),
            map: MapScenario { terrain: Some(terrain), ..MapScenario::default() },
            fate,
            movement: if later { movement_of(g) } else { None },
            players: [player_of(g, 0), player_of(g, 1)],
        };
        let rebuilt = Manoeuvre::from_scenario(g.data.0, &sc)
            .map_err(|e| ScenarioError::NotExpressible(format!("it does not rebuild: {e}")))?;
        if !same_position(&rebuilt, g) {
            return not("rebuilding it from the scenario gives a different state".into());
        }
        Ok(sc)
    }
}
