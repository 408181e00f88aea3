//! What one player may know of a game of Manoeuvre: the battlefield, every unit, its own hand (and
//! any enemy cards a Scout/Spy showed it), both displays' face-up cards, card counts, the top card of
//! each discard pile, the combat in progress and its totals, and how the game ended. Never the other
//! hand, a deck's contents, a face-down card or the buried part of a discard pile.

use serde::Serialize;

use crate::board::name;
use crate::display_mode::CARD_SLOTS;
use crate::state::{Ending, HandMode, Manoeuvre, NONE, Phase};
use crate::tables::{Cards, cards};

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ManoeuvreView {
    pub player: u8,
    pub turn: u16,
    pub active: u8,
    pub first_player: u8,
    /// The phase, in words.
    pub phase: String,
    /// In the Movement phase, how many more units the active player may move.
    pub moves_left: Option<u8>,
    /// Rank 8 first, files a-h: one letter per square (C clear, H hills, T town, W woods, M marsh,
    /// F field, L lake); empty during setup.
    pub terrain: Vec<String>,
    pub redoubts: Vec<String>,
    pub units: Vec<UnitView>,
    pub sides: Vec<SideView>,
    pub combat: Option<CombatView>,
    pub fate_die: Option<u8>,
    /// What the active side's Fate Die roll allows this turn (CDG Solo display only).
    pub fate: Option<FateView>,
    pub result: Option<String>,
    /// Once the game is over: who won, how, and the counts that decided it.
    pub victory: Option<VictoryView>,
}

/// How a finished game was won, for the end screen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VictoryView {
    pub winner: u8,
    pub winner_name: String,
    /// "attrition" (five units eliminated) or "nightfall" (the last turn played out).
    pub kind: &'static str,
    /// The rule that ended the game, in words.
    pub reason: String,
    /// Whether the loser's own Committed Attack cost it its fifth unit.
    pub sacked: bool,
    /// Enemy units each side eliminated.
    pub units_eliminated: [u8; 2],
    /// Each side's own units at reduced strength on the board.
    pub reduced_units: [u8; 2],
    /// Squares of the enemy's half each side controls (as counted at nightfall; at the end of the
    /// game for a victory by attrition).
    pub control: [u8; 2],
    /// The tie-break that decided equal control, in words; `None` when control decided.
    pub tiebreak: Option<&'static str>,
    /// The game turn the game ended in.
    pub turns: u16,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UnitView {
    pub id: u8,
    pub side: u8,
    pub name: String,
    pub cavalry: bool,
    pub square: Option<String>,
    pub strength: u8,
    pub reduced: bool,
    pub eliminated: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CardView {
    pub card: u8,
    pub label: String,
    #[serde(flatten)]
    pub facts: crate::labels::CardFacts,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SideView {
    pub nation: Option<String>,
    pub provisional: bool,
    pub mode: HandMode,
    pub edge: &'static str,
    /// The cards this player can see in that hand (all of its own; revealed ones of the enemy's).
    pub hand: Vec<CardView>,
    pub hand_count: u32,
    /// Display mode: each slot A, B, D, E as its cards, `null` for a face-down one.
    pub display: Option<Vec<Vec<Option<CardView>>>>,
    pub deck_top: Option<CardView>,
    pub deck_count: u32,
    /// The deck's cards, shown only to a player picking its tournament hand from it.
    pub deck_cards: Option<Vec<CardView>>,
    pub discard_count: u32,
    pub discard_top: Option<CardView>,
    pub units_lost: u8,
    pub first_deck_done: bool,
}

/// The Fate Die of a side holding its cards in a CDG Solo display: the face, what it means, and the
/// face-up cards it lets the side play now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FateView {
    pub face: u8,
    pub meaning: &'static str,
    pub allowed: Vec<u8>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CombatView {
    pub kind: String,
    pub attacker: Option<u8>,
    pub defender: u8,
    pub supporters: Vec<u8>,
    pub attack_cards: Vec<CardView>,
    pub defense_cards: Vec<CardView>,
    pub dice_total: u16,
    pub attack_total: u16,
    pub defense_total: u16,
}

/// The one-letter code of a terrain in observations (C clear, H hills, T town, W woods, M marsh,
/// F field, L lake).
pub fn terrain_letter(t: crate::data::model::Terrain) -> char {
    use crate::data::model::Terrain::*;
    match t {
        Clear => 'C',
        Hills => 'H',
        Town => 'T',
        Woods => 'W',
        Marsh => 'M',
        Field => 'F',
        Lake => 'L',
    }
}

impl ManoeuvreView {
    pub fn of(g: &Manoeuvre, player: u8) -> Self {
        let built =
            g.turn > 0 || matches!(g.phase, Phase::TournamentPick { .. } | Phase::DealHands | Phase::Deploy { .. });
        let terrain = if built {
            (0..8u8)
                .rev()
                .map(|r| (0..8u8).map(|c| terrain_letter(g.terrain[(r * 8 + c) as usize])).collect())
                .collect()
        } else {
            Vec::new()
        };
        let units = (0..16u8)
            .filter(|&u| g.sides[(u / 8) as usize].army != NONE)
            .map(|u| {
                let state = g.units[u as usize];
                let def = g.unit_def(u);
                UnitView {
                    id: u,
                    side: u / 8,
                    name: def.name.clone(),
                    cavalry: g.is_cavalry(u),
                    square: (state.square != NONE).then(|| name(state.square)),
                    strength: g.strength(u),
                    reduced: state.reduced,
                    eliminated: state.eliminated,
                }
            })
            .collect();
        let sides = (0..2u8).map(|p| side_view(g, p, player)).collect();
        let combat = g.combat.map(|c| {
            let card_list = |owner: u8, set: Cards| cards(set).map(|x| card_view(g, owner, x)).collect();
            CombatView {
                kind: c.kind.name().to_string(),
                attacker: (c.attacker != NONE).then_some(c.attacker),
                defender: c.defender,
                supporters: (0..8u8).filter(|i| c.supporters & (1 << i) != 0).map(|i| g.active * 8 + i).collect(),
                attack_cards: card_list(g.active, c.attack_cards),
                defense_cards: card_list(1 - g.active, c.defense_cards),
                dice_total: c.dice_total,
                attack_total: g.attack_total(),
                defense_total: g.defense_total(),
            }
        });
        ManoeuvreView {
            player,
            turn: g.turn,
            active: g.active,
            first_player: g.first_player,
            phase: g.phase.name().to_string(),
            moves_left: g.moves_left(),
            terrain,
            redoubts: crate::board::squares(g.redoubts).map(name).collect(),
            units,
            sides,
            combat,
            fate_die: (g.fate.face != 0).then_some(g.fate.face),
            fate: (g.fate.face != 0 && g.sides[g.active as usize].mode == HandMode::Display).then(|| FateView {
                face: g.fate.face,
                meaning: crate::display_mode::face_meaning(g.fate.face),
                allowed: cards(crate::display_mode::usable(g, g.active)).collect(),
            }),
            result: engine::Game::outcome(g).map(|o| o.reason),
            victory: victory(g),
        }
    }
}

fn victory(g: &Manoeuvre) -> Option<VictoryView> {
    let ending = g.ending()?;
    let outcome = engine::Game::outcome(g)?;
    let lost = |p: usize| g.side(p as u8).lost;
    let (winner, kind, sacked, control, tiebreak) = match ending {
        Ending::Attrition { winner, sacked } => (winner, "attrition", sacked, [g.control(0), g.control(1)], 0),
        Ending::Nightfall { winner, control, tiebreak } => (winner, "nightfall", false, control, tiebreak),
    };
    Some(VictoryView {
        winner,
        winner_name: engine::Game::player_name(g, winner),
        kind,
        reason: outcome.reason,
        sacked,
        units_eliminated: [lost(1), lost(0)],
        reduced_units: [g.reduced_units(0), g.reduced_units(1)],
        control,
        tiebreak: match tiebreak {
            1 => Some("equal control: more enemy units eliminated"),
            2 => Some("equal control and eliminations: fewer reduced units"),
            3 => Some("equal in everything else: the nation list"),
            _ => None,
        },
        turns: g.turn,
    })
}

pub(crate) fn card_view(g: &Manoeuvre, owner: u8, card: u8) -> CardView {
    CardView { card, label: g.card_label(owner, card), facts: g.card_facts(owner, card) }
}

fn side_view(g: &Manoeuvre, p: u8, viewer: u8) -> SideView {
    let side = &g.sides[p as usize];
    let army = (side.army != NONE).then(|| g.data.0.army(side.army));
    let known = if p == viewer { side.hand } else { side.hand & side.revealed };
    let show = |c: u8| (side.army != NONE).then(|| card_view(g, p, c));
    let display = (side.mode == HandMode::Display && side.army != NONE).then(|| {
        CARD_SLOTS
            .iter()
            .map(|&s| {
                cards(side.display.slots[s as usize])
                    .map(|c| (side.display.face_up & (1 << c) != 0).then(|| card_view(g, p, c)))
                    .collect::<Vec<_>>()
            })
            .map(|mut v| {
                // Face-down cards carry no order a player could see.
                v.sort_by_key(|c| c.is_none());
                v
            })
            .collect()
    });
    SideView {
        nation: army.map(|a| a.name.clone()),
        provisional: army.is_some_and(|a| a.provisional),
        mode: side.mode,
        edge: match side.edge {
            crate::board::Edge::South => "south",
            crate::board::Edge::North => "north",
        },
        hand: if side.army == NONE { Vec::new() } else { cards(known).map(|c| card_view(g, p, c)).collect() },
        hand_count: side.hand.count_ones(),
        display,
        deck_top: (side.display.top != NONE).then(|| show(side.display.top)).flatten(),
        deck_count: side.deck.count_ones(),
        deck_cards: (p == viewer && g.phase == (Phase::TournamentPick { player: p }))
            .then(|| cards(side.deck).map(|c| card_view(g, p, c)).collect()),
        discard_count: side.discard.count_ones(),
        discard_top: (side.discard_top != NONE).then(|| show(side.discard_top)).flatten(),
        units_lost: side.lost,
        first_deck_done: side.first_deck_done,
    }
}
