//! Rule 3, setting up: the d10 for first player (rerolled on ties), the first player's four map
//! sections and their orientations, the second player's two nations and the first player's pick,
//! the second player's starting edge, the opening hands (dealt, or picked in tournament play), and
//! the deployment of all sixteen units, first player first. With quick start every choice is made at
//! random, as a chance outcome.

use engine::SetupError;
use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::board::{self, Edge, LayoutEdge, Placement, SQUARES, bit};
use crate::data::model::Terrain;
use crate::state::{HandMode, Manoeuvre, MovementState, NONE, Phase, Side, Unit};
use crate::tables::{Compiled, card_bit};

/// How to start a game of Manoeuvre (the `options` of `new` in the protocol). Its `Deserialize` is
/// written by hand (crate::setup_options) so that a wrong value names its option.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ManoeuvreSetup {
    /// The nations of player 0 and player 1 (codes like "FR" or names); chosen during setup when
    /// absent.
    pub armies: Option<[String; 2]>,
    /// The battlefield: fixed sections, or `"random"` (sections, turns and edge drawn at random);
    /// chosen during setup by the players when absent.
    pub map: Option<MapChoice>,
    /// How each player holds cards: "hand" (default) or "display" (the CDG Solo System playsheet).
    pub hand_modes: Option<[HandMode; 2]>,
    /// Make every setup choice at random.
    pub quick_start: bool,
    /// Tournament hands: each player picks its five starting cards.
    pub tournament: bool,
    /// Start from this position instead of setting up (then the options above stay unset).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scenario: Option<crate::scenario::Scenario>,
    /// A directory holding a corrected copy of the data files (see docs/manoeuvre-data.md); the
    /// built-in data when absent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub data_dir: Option<String>,
}

/// The `map` option: a fixed battlefield, or one drawn at random. Read by hand like
/// [`ManoeuvreSetup`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum MapChoice {
    Random(RandomWord),
    Fixed(MapSetup),
}

/// The word `"random"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RandomWord {
    Random,
}

/// A fixed battlefield: the sections at top-left, top-right, bottom-left and bottom-right of the
/// first player's layout, their clockwise quarter turns, and which layout edge is the second
/// player's starting edge ("top", "right", "bottom" or "left").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapSetup {
    pub sections: [u8; 4],
    #[serde(default)]
    pub turns: [u8; 4],
    #[serde(default = "default_edge")]
    pub second_player_edge: String,
}

fn default_edge() -> String {
    "bottom".into()
}

fn parse_edge(text: &str) -> Option<LayoutEdge> {
    LayoutEdge::ALL.into_iter().find(|e| e.word() == text)
}

/// Derived masks of the assembled battlefield, so the rules never look terrain up square by square.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TerrainMasks {
    pub enterable: u64,
    pub ends_move: u64,
    pub slows_cavalry: u64,
    pub blocks_fire: u64,
    pub no_assault: u64,
    pub no_forced_march: u64,
    pub hills: u64,
}

impl TerrainMasks {
    pub fn of(data: &Compiled, terrain: &[Terrain; SQUARES]) -> Self {
        // The squares of each terrain first, then each mask from the seven terrains' effects: a
        // random map's terrain would make a test per square a guess the processor often loses.
        let mut of_kind = [0u64; Terrain::ALL.len()];
        for (sq, t) in terrain.iter().enumerate() {
            of_kind[*t as usize] |= 1u64 << sq;
        }
        let mut m = TerrainMasks::default();
        for t in Terrain::ALL {
            let fx = data.effects(t);
            let b = of_kind[t as usize];
            let when = |holds: bool| if holds { b } else { 0 };
            m.enterable |= when(fx.enter);
            m.ends_move |= when(fx.ends_move);
            m.slows_cavalry |= when(fx.cavalry_max_move < 2);
            m.blocks_fire |= when(fx.blocks_bombard);
            m.no_assault |= when(!fx.assault_from);
            m.no_forced_march |= when(!fx.forced_march_from);
            m.hills |= when(fx.rocket_high_ground);
        }
        m
    }
}

/// The numbers of the loaded map sections, runs written as ranges: "1 to 24", "1 to 3, 7".
fn section_numbers(data: &Compiled) -> String {
    let mut runs: Vec<(u8, u8)> = Vec::new();
    for n in data.rules.sections.iter().map(|s| s.number) {
        match runs.last_mut() {
            Some((_, last)) if last.checked_add(1) == Some(n) => *last = n,
            _ => runs.push((n, n)),
        }
    }
    let words: Vec<String> =
        runs.iter().map(|&(a, b)| if a == b { a.to_string() } else { format!("{a} to {b}") }).collect();
    words.join(", ")
}

/// Finds a nation by code or name.
pub fn find_army(data: &Compiled, text: &str) -> Option<u8> {
    data.rules
        .armies
        .iter()
        .position(|a| a.code.eq_ignore_ascii_case(text) || a.name.eq_ignore_ascii_case(text))
        .map(|i| i as u8)
}

impl Manoeuvre {
    /// A new game in its first setup step.
    pub fn start(data: &'static Compiled, setup: &ManoeuvreSetup) -> Result<Self, SetupError> {
        let modes = setup.hand_modes.unwrap_or([HandMode::Hand; 2]);
        let mut game = Manoeuvre {
            data: crate::state::DataRef(data),
            terrain: [Terrain::Clear; SQUARES],
            masks: TerrainMasks::default(),
            board: [NONE; SQUARES],
            occ: [0; 2],
            present: [0; 2],
            redoubts: 0,
            units: [Unit { square: NONE, reduced: false, eliminated: false }; 16],
            sides: [Side::new(Edge::South, modes[0]), Side::new(Edge::South, modes[1])],
            first_player: 0,
            active: 0,
            turn: 0,
            phase: Phase::InitiativeRoll { player: 0 },
            placements: [Placement { section: 0, quarter_turns: 0 }; 4],
            nations_offered: [NONE; 2],
            movement: MovementState { last: NONE, last_from: NONE, ..MovementState::default() },
            combat: None,
            combat_done: false,
            redoubt_built: false,
            restoration_tried: false,
            quick_start: setup.quick_start,
            random_map: false,
            tournament: setup.tournament,
            fixed_map: false,
            fixed_edge: LayoutEdge::Bottom,
            fixed_armies: false,
            ending: None,
            card_played: false,
            fate: crate::display_mode::FateState::default(),
            reveal_pending: NONE,
            scout_back: None,
            draw_confirmed: false,
            due: crate::state::Due::Over,
        };
        if let Some([a, b]) = &setup.armies {
            let ia = find_army(data, a).ok_or_else(|| SetupError(format!("armies: no nation called '{a}'")))?;
            let ib = find_army(data, b).ok_or_else(|| SetupError(format!("armies: no nation called '{b}'")))?;
            if ia == ib {
                return Err(SetupError(format!("armies: both players chose '{a}'; the nations must differ")));
            }
            game.sides[0].army = ia;
            game.sides[1].army = ib;
            game.fixed_armies = true;
            game.fill_decks();
        }
        if let Some(MapChoice::Random(_)) = &setup.map {
            game.random_map = true;
        }
        if let Some(MapChoice::Fixed(map)) = &setup.map {
            for (i, &s) in map.sections.iter().enumerate() {
                if !data.rules.sections.iter().any(|x| x.number == s) {
                    return Err(SetupError(format!(
                        "map.sections[{i}]: there is no map section {s} (the map has sections {})",
                        section_numbers(data)
                    )));
                }
                if map.sections[..i].contains(&s) {
                    return Err(SetupError(format!("map.sections: section {s} is used twice")));
                }
                let turns = map.turns[i];
                if turns > 3 {
                    return Err(SetupError(format!("map.turns[{i}]: {turns} is not 0 to 3 quarter turns")));
                }
                game.placements[i] = Placement { section: s, quarter_turns: turns };
            }
            game.fixed_edge = parse_edge(&map.second_player_edge).ok_or_else(|| {
                SetupError(format!(
                    "map.second_player_edge: '{}' is not top, right, bottom or left",
                    map.second_player_edge
                ))
            })?;
            game.fixed_map = true;
        }
        Ok(game)
    }

    /// Who decides the current setup step.
    pub(crate) fn setup_decider(&self) -> Option<u8> {
        let first = self.first_player;
        match self.phase {
            Phase::PlaceSection { .. } | Phase::OrientSection { .. } | Phase::PickNation => Some(first),
            Phase::ChooseNations { .. } | Phase::ChooseEdge => Some(1 - first),
            Phase::TournamentPick { player } | Phase::Deploy { player } => Some(player),
            _ => None,
        }
    }

    pub(crate) fn setup_legal(&self, out: &mut Vec<Action>) {
        match self.phase {
            Phase::PlaceSection { .. } => {
                for s in &self.data.rules.sections {
                    if !self.placements.iter().any(|p| p.section == s.number) {
                        out.push(Action::Section(s.number));
                    }
                }
            }
            Phase::OrientSection { .. } => out.extend((0..4).map(Action::Orient)),
            Phase::ChooseNations { chosen } => {
                for n in 0..self.data.rules.armies.len() as u8 {
                    if chosen == 0 || self.nations_offered[0] != n {
                        out.push(Action::Nation(n));
                    }
                }
            }
            Phase::PickNation => out.extend([Action::Pick(0), Action::Pick(1)]),
            Phase::ChooseEdge => out.extend(LayoutEdge::ALL.map(Action::Edge)),
            // A whole deck is listed: written eight cards at a time, as the Draw phase's draws are.
            Phase::TournamentPick { player } => {
                crate::bitset::extend_members::<8, _>(out, self.sides[player as usize].deck, Action::Keep);
            }
            Phase::Deploy { player } => {
                let free = self.sides[player as usize].edge.home_rows() & !self.occupied() & self.masks.enterable;
                crate::bitset::extend_members::<8, _>(out, free, Action::Deploy);
            }
            // The initiative roll and the opening deal are chance outcomes that the legal list
            // writes from what is due (a d10, a draw), before it looks at the phase.
            _ => {}
        }
    }

    /// The player whose opening cards are being dealt.
    pub(crate) fn dealing_to(&self) -> u8 {
        let first = self.first_player;
        let short = self.opening_cards(first) < crate::display_mode::opening_size(self, first);
        if short && self.sides[first as usize].deck != 0 { first } else { 1 - first }
    }

    fn opening_cards(&self, player: u8) -> u32 {
        let side = &self.sides[player as usize];
        match side.mode {
            HandMode::Hand => side.hand.count_ones(),
            HandMode::Display => crate::display_mode::opening_cards(self, player),
        }
    }

    pub(crate) fn setup_apply(&mut self, action: Action) {
        match (self.phase, action) {
            (Phase::InitiativeRoll { player: 0 }, Action::Die(v)) => {
                self.sides[0].initiative_roll = v;
                self.phase = Phase::InitiativeRoll { player: 1 };
            }
            (Phase::InitiativeRoll { .. }, Action::Die(v)) => {
                self.sides[1].initiative_roll = v;
                let [a, b] = [self.sides[0].initiative_roll, v];
                if a == b {
                    self.phase = Phase::InitiativeRoll { player: 0 };
                } else {
                    self.first_player = if a > b { 0 } else { 1 };
                    if self.fixed_map {
                        self.after_map();
                    } else {
                        self.phase = Phase::PlaceSection { position: 0 };
                    }
                }
            }
            (Phase::PlaceSection { position }, Action::Section(s)) => {
                self.placements[position as usize].section = s;
                self.phase = Phase::OrientSection { position };
            }
            (Phase::OrientSection { position }, Action::Orient(t)) => {
                self.placements[position as usize].quarter_turns = t;
                if position < 3 {
                    self.phase = Phase::PlaceSection { position: position + 1 };
                } else {
                    self.after_map();
                }
            }
            (Phase::ChooseNations { chosen }, Action::Nation(n)) => {
                self.nations_offered[chosen as usize] = n;
                self.phase = if chosen == 0 { Phase::ChooseNations { chosen: 1 } } else { Phase::PickNation };
            }
            (Phase::PickNation, Action::Pick(i)) => {
                let first = self.first_player as usize;
                self.sides[first].army = self.nations_offered[i as usize & 1];
                self.sides[1 - first].army = self.nations_offered[1 - (i as usize & 1)];
                self.fill_decks();
                self.after_nations();
            }
            (Phase::ChooseEdge, Action::Edge(e)) => {
                self.fixed_edge = e;
                self.build_battlefield();
            }
            (Phase::TournamentPick { player }, Action::Keep(c)) => {
                let side = &mut self.sides[player as usize];
                side.deck &= !card_bit(c);
                match side.mode {
                    HandMode::Hand => side.hand |= card_bit(c),
                    HandMode::Display => crate::display_mode::deal_opening(self, player, c),
                }
                if self.opening_cards(player) >= crate::display_mode::opening_size(self, player) {
                    self.phase = if player == self.first_player {
                        Phase::TournamentPick { player: 1 - player }
                    } else {
                        Phase::Deploy { player: self.first_player }
                    };
                }
            }
            (Phase::DealHands, Action::Draw(c)) => {
                let player = self.dealing_to();
                let side = &mut self.sides[player as usize];
                side.deck &= !card_bit(c);
                match side.mode {
                    HandMode::Hand => side.hand |= card_bit(c),
                    HandMode::Display => crate::display_mode::deal_opening(self, player, c),
                }
                let done = |g: &Self, p: u8| {
                    g.opening_cards(p) >= crate::display_mode::opening_size(g, p) || g.sides[p as usize].deck == 0
                };
                if done(self, 0) && done(self, 1) {
                    self.phase = Phase::Deploy { player: self.first_player };
                }
            }
            (Phase::Deploy { player }, Action::Deploy(sq)) => {
                let next = (player * 8..player * 8 + 8).find(|&u| !self.on_board(u));
                if let Some(unit) = next {
                    self.place(unit, sq);
                }
                if self.units_on_board(player).count() == 8 {
                    if player == self.first_player {
                        self.phase = Phase::Deploy { player: 1 - player };
                    } else {
                        self.begin_game();
                    }
                }
            }
            _ => {}
        }
    }

    fn after_map(&mut self) {
        if self.fixed_armies {
            self.after_nations();
        } else {
            self.phase = Phase::ChooseNations { chosen: 0 };
        }
    }

    /// With a fixed map the starting edge is already known; otherwise the second player picks it.
    fn after_nations(&mut self) {
        if self.fixed_map {
            self.build_battlefield();
        } else {
            self.phase = Phase::ChooseEdge;
        }
    }

    /// Assembles the battlefield once the starting edge is known, then moves on to the hands.
    fn build_battlefield(&mut self) {
        let terrain = board::assemble(&self.data.rules.sections, self.placements, self.fixed_edge);
        self.terrain = terrain.unwrap_or([Terrain::Clear; SQUARES]);
        self.masks = TerrainMasks::of(self.data.0, &self.terrain);
        let second = 1 - self.first_player;
        self.sides[second as usize].edge = Edge::South;
        self.sides[self.first_player as usize].edge = Edge::North;
        for side in &mut self.sides {
            side.deck = self.data.tables(side.army).all;
        }
        self.phase =
            if self.tournament { Phase::TournamentPick { player: self.first_player } } else { Phase::DealHands };
    }

    /// Once a side has its nation, its whole Action Deck is in its deck, waiting for the deal.
    fn fill_decks(&mut self) {
        for side in &mut self.sides {
            side.deck = self.data.0.tables(side.army).all;
        }
    }

    /// Game turn 1 begins with the first player's Discard phase.
    fn begin_game(&mut self) {
        self.turn = 1;
        self.active = self.first_player;
        self.begin_player_turn();
    }

    /// Whether a deployment square is one of the player's two home rows.
    pub fn is_home_row(&self, player: u8, sq: u8) -> bool {
        self.sides[player as usize].edge.home_rows() & bit(sq) != 0
    }
}
