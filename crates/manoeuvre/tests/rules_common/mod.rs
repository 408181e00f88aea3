//! Shared helpers of the rule tests (`rules_*.rs`): a small builder that writes a scenario file for
//! any position, a session in manual chance mode so that every die and every draw is chosen by id,
//! and lookups of units, cards and legal action ids.
//!
//! Each rule test file includes this module, and none of them uses every helper.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeSet;

use engine::{ChanceMode, Game, Session, ToMove};
use manoeuvre::board::{name, parse};
use manoeuvre::data::model::{CardKind, Secondary};
use manoeuvre::setup::find_army;
use manoeuvre::tables::{Compiled, cards};
use manoeuvre::{Manoeuvre, ManoeuvreSetup, Scenario};

pub type Sess = Session<Manoeuvre>;

pub fn data() -> &'static Compiled {
    Compiled::embedded().expect("the shipped data loads")
}

/// The index of a nation in the data (what `nation-N` names).
pub fn nation(code: &str) -> u8 {
    find_army(data(), code).unwrap_or_else(|| panic!("no nation {code}"))
}

/// The index (0..8) of a unit within its army.
pub fn unit_index(army: &str, unit: &str) -> u8 {
    let a = data().army(nation(army));
    a.units.iter().position(|u| u.name == unit).unwrap_or_else(|| panic!("{army} has no unit {unit}")) as u8
}

/// The number (0..60) of the first card of an army that fits `pick`.
pub fn army_card(army: &str, what: &str, pick: impl Fn(&manoeuvre::data::model::CardDef) -> bool) -> u8 {
    let a = data().army(nation(army));
    a.cards.iter().position(pick).unwrap_or_else(|| panic!("{army} has no card that is {what}")) as u8
}

/// The number of an Indian (or any) unit card of `unit` carrying a secondary effect.
pub fn secondary_card(army: &str, unit: &str, effect: Secondary) -> u8 {
    let index = unit_index(army, unit);
    army_card(
        army,
        &format!("a {unit} card with {effect:?}"),
        |c| matches!(&c.kind, CardKind::Unit(u) if u.unit == index && u.secondary == Some(effect)),
    )
}

pub fn sq(text: &str) -> u8 {
    parse(text).unwrap_or_else(|| panic!("{text} is not a square"))
}

// ---------------------------------------------------------------------------------------------
// A position, written out as a scenario file.

#[derive(Clone, Debug)]
pub struct Player {
    pub army: String,
    /// Per unit index: `None` = eliminated, `Some((square, reduced))`; a square of "" takes the
    /// default home square.
    pub units: [Option<(String, bool)>; 8],
    pub hand: Vec<String>,
    pub discard: Vec<String>,
    pub deck: Option<Vec<String>>,
    pub first_deck_done: bool,
}

#[derive(Clone, Debug)]
pub struct Pos {
    pub first_player: u8,
    pub active: u8,
    pub turn: u16,
    pub phase: String,
    /// Rank 8 first.
    pub terrain: [[char; 8]; 8],
    pub redoubts: Vec<String>,
    pub players: [Player; 2],
}

/// A card reference as TOML: a number stays a number, a name is quoted.
fn card_literal(c: &str) -> String {
    if !c.is_empty() && c.chars().all(|ch| ch.is_ascii_digit()) { c.to_string() } else { format!("{c:?}") }
}

fn list(items: &[String]) -> String {
    let v: Vec<String> = items.iter().map(|c| card_literal(c)).collect();
    format!("[{}]", v.join(", "))
}

impl Pos {
    /// Game turn 3, Movement phase of player 0, who is the first player (North edge); every square
    /// Clear; every unit at full strength on its own back rank (North: rank 8, South: rank 1) in
    /// army order from file a; no cards in hand.
    pub fn new(army0: &str, army1: &str) -> Pos {
        let player = |army: &str| Player {
            army: army.to_string(),
            units: std::array::from_fn(|_| Some((String::new(), false))),
            hand: Vec::new(),
            discard: Vec::new(),
            deck: None,
            first_deck_done: false,
        };
        Pos {
            first_player: 0,
            active: 0,
            turn: 3,
            phase: "movement".into(),
            terrain: [['C'; 8]; 8],
            redoubts: Vec::new(),
            players: [player(army0), player(army1)],
        }
    }

    pub fn first(mut self, p: u8) -> Self {
        self.first_player = p;
        self
    }
    pub fn active(mut self, p: u8) -> Self {
        self.active = p;
        self
    }
    pub fn turn(mut self, t: u16) -> Self {
        self.turn = t;
        self
    }
    pub fn phase(mut self, phase: &str) -> Self {
        self.phase = phase.into();
        self
    }
    /// Sets the terrain letter of one square.
    pub fn terrain(mut self, square: &str, letter: char) -> Self {
        let s = sq(square);
        self.terrain[7 - (s / 8) as usize][(s % 8) as usize] = letter;
        self
    }
    pub fn redoubt(mut self, square: &str) -> Self {
        self.redoubts.push(square.into());
        self
    }
    fn index(&self, p: u8, unit: &str) -> usize {
        unit_index(&self.players[p as usize].army, unit) as usize
    }
    /// Puts a unit on a square.
    pub fn at(mut self, p: u8, unit: &str, square: &str) -> Self {
        let i = self.index(p, unit);
        let reduced = self.players[p as usize].units[i].as_ref().is_some_and(|u| u.1);
        self.players[p as usize].units[i] = Some((square.into(), reduced));
        self
    }
    /// Puts the unit with this index (0..8 in its army) on a square.
    pub fn at_index(mut self, p: u8, index: u8, square: &str) -> Self {
        let reduced = self.players[p as usize].units[index as usize].as_ref().is_some_and(|u| u.1);
        self.players[p as usize].units[index as usize] = Some((square.into(), reduced));
        self
    }
    /// Turns a unit to its reduced side.
    pub fn reduced(mut self, p: u8, unit: &str) -> Self {
        let i = self.index(p, unit);
        let u = self.players[p as usize].units[i].as_mut().expect("the unit is on the board");
        u.1 = true;
        self
    }
    /// Takes a unit off the board for good.
    pub fn eliminated(mut self, p: u8, unit: &str) -> Self {
        let i = self.index(p, unit);
        self.players[p as usize].units[i] = None;
        self
    }
    pub fn hand(mut self, p: u8, cards: &[&str]) -> Self {
        self.players[p as usize].hand = cards.iter().map(|c| c.to_string()).collect();
        self
    }
    /// Places every card of a player by number: this hand, this deck, and every other card of the
    /// army in the discard pile (the last one on top).
    pub fn cards_by_number(mut self, p: u8, hand: &[u8], deck: &[u8]) -> Self {
        let army = &self.players[p as usize].army;
        let count = data().army(nation(army)).cards.len() as u8;
        let pl = &mut self.players[p as usize];
        pl.hand = hand.iter().map(u8::to_string).collect();
        pl.deck = Some(deck.iter().map(u8::to_string).collect());
        pl.discard = (0..count).filter(|c| !hand.contains(c) && !deck.contains(c)).map(|c| c.to_string()).collect();
        self
    }
    pub fn first_deck_done(mut self, p: u8) -> Self {
        self.players[p as usize].first_deck_done = true;
        self
    }

    pub fn toml(&self) -> String {
        let mut out = String::new();
        out.push_str(&format!(
            "first_player = {}\nactive = {}\nturn = {}\nphase = {:?}\n",
            self.first_player, self.active, self.turn, self.phase
        ));
        if !self.redoubts.is_empty() {
            out.push_str(&format!("redoubts = {:?}\n", self.redoubts));
        }
        out.push_str("\n[map]\nterrain = [\n");
        for row in &self.terrain {
            out.push_str(&format!("    \"{}\",\n", row.iter().collect::<String>()));
        }
        out.push_str("]\n");
        for (p, pl) in self.players.iter().enumerate() {
            let north = p as u8 == self.first_player;
            out.push_str(&format!("\n[[players]]\narmy = {:?}\n", pl.army));
            out.push_str(&format!("hand = {}\n", list(&pl.hand)));
            if !pl.discard.is_empty() {
                out.push_str(&format!("discard = {}\n", list(&pl.discard)));
            }
            if let Some(deck) = &pl.deck {
                out.push_str(&format!("deck = {}\n", list(deck)));
            }
            if pl.first_deck_done {
                out.push_str("first_deck_done = true\n");
            }
            out.push_str("units = [\n");
            for (i, u) in pl.units.iter().enumerate() {
                let Some((square, reduced)) = u else { continue };
                let square = if square.is_empty() {
                    let rank = if north { 8 } else { 1 };
                    format!("{}{rank}", (b'a' + i as u8) as char)
                } else {
                    square.clone()
                };
                out.push_str(&format!("    {{ unit = {i}, square = {square:?}, reduced = {reduced} }},\n"));
            }
            out.push_str("]\n");
        }
        out
    }

    pub fn scenario(&self) -> Scenario {
        let text = self.toml();
        Scenario::from_toml(&text).unwrap_or_else(|e| panic!("{e}\n{text}"))
    }

    /// A session in manual chance mode starting from this position.
    pub fn session(&self) -> Sess {
        let setup = ManoeuvreSetup { scenario: Some(self.scenario()), ..ManoeuvreSetup::default() };
        Session::new(setup, 1, ChanceMode::Manual).unwrap_or_else(|e| panic!("{e}\n{}", self.toml()))
    }
}

/// A session in manual chance mode from a normal setup.
pub fn setup_session(setup: ManoeuvreSetup) -> Sess {
    Session::new(setup, 1, ChanceMode::Manual).expect("the setup is accepted")
}

// ---------------------------------------------------------------------------------------------
// Legal actions by id.

pub fn ids(s: &Sess) -> Vec<String> {
    let g = s.state();
    g.legal().iter().map(|a| g.action_id(a)).collect()
}

pub fn has(s: &Sess, id: &str) -> bool {
    ids(s).iter().any(|i| i == id)
}

/// Legal ids that start with `prefix`.
pub fn with_prefix(s: &Sess, prefix: &str) -> Vec<String> {
    ids(s).into_iter().filter(|i| i.starts_with(prefix)).collect()
}

/// The answers by which a side lets the other side's card or combat stand.
pub const NO_ANSWER: [&str; 3] = ["let-it-stand", "stand", "done-defending"];

/// Answer windows open whatever the answering hand holds (so that they tell nothing about it). When
/// a test names a decision beyond such a window and the window offers nothing but its "no answer",
/// the side lets it stand first, as a front end takes a forced single answer.
pub fn pass_lone_answers(s: &mut Sess, id: &str) {
    loop {
        let legal = ids(s);
        if legal.iter().any(|i| i == id) || legal.len() != 1 || !NO_ANSWER.contains(&legal[0].as_str()) {
            return;
        }
        s.apply_id(&legal[0]).unwrap_or_else(|e| panic!("{}: {e}", legal[0]));
    }
}

/// Lets every window that offers only its "no answer" pass, up to the next real choice.
pub fn pass_windows(s: &mut Sess) {
    pass_lone_answers(s, "");
}

/// Applies the legal action with this id (after any lone "no answer", see [`pass_lone_answers`]), or fails the test listing what was legal. Once the game
/// proper has begun, the state's own consistency checks must hold after every step (setup states
/// are checked by a test of their own in rules_3_setup.rs).
pub fn play(s: &mut Sess, id: &str) {
    pass_lone_answers(s, id);
    if let Err(e) = s.apply_id(id) {
        panic!("'{id}' refused ({e}); legal: {:?}", ids(s));
    }
    if s.state().turn() > 0 {
        s.state().check_invariants().unwrap_or_else(|e| panic!("after '{id}': {e}"));
    }
}

pub fn play_all(s: &mut Sess, list: &[&str]) {
    for id in list {
        play(s, id);
    }
}

/// Rolls every die now owed at its highest (`high`) or lowest face, until a decision or a draw.
pub fn roll_all(s: &mut Sess, high: bool) -> usize {
    let mut rolled = 0;
    while to_move(s) == ToMove::Chance {
        let faces: Vec<String> = ids(s).into_iter().filter(|i| i.starts_with("die-")).collect();
        let pick = if high { faces.last() } else { faces.first() };
        let Some(face) = pick.cloned() else { break };
        play(s, &face);
        rolled += 1;
    }
    rolled
}

pub fn to_move(s: &Sess) -> ToMove {
    s.state().to_move()
}

/// The squares a unit may reach with a basic move now (from the `move-U-SQ` ids).
pub fn move_targets(s: &Sess, unit: u8) -> BTreeSet<String> {
    let prefix = format!("move-{unit}-");
    ids(s).into_iter().filter_map(|i| i.strip_prefix(&prefix).map(str::to_string)).collect()
}

/// The squares a Forced March card may take the last unit to.
pub fn forced_march_targets(s: &Sess, card: u8) -> BTreeSet<String> {
    let prefix = format!("forced-march-{card}-");
    ids(s).into_iter().filter_map(|i| i.strip_prefix(&prefix).map(str::to_string)).collect()
}

pub fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// Unit id (`side * 8 + index`) of a player's unit by name.
pub fn uid(s: &Sess, p: u8, unit: &str) -> u8 {
    let g = s.state();
    let army = &data().army(g.side(p).army).code;
    p * 8 + unit_index(army, unit)
}

/// Where a unit stands, as a square name.
pub fn square_of(s: &Sess, unit: u8) -> Option<String> {
    let u = s.state().unit(unit);
    (u.square != manoeuvre::state::NONE).then(|| name(u.square))
}

/// The lowest-numbered card with this printed name in a player's hand.
pub fn in_hand(s: &Sess, p: u8, card_name: &str) -> u8 {
    let g = s.state();
    cards(g.side(p).hand)
        .find(|&c| g.card(p, c).name == card_name)
        .unwrap_or_else(|| panic!("player {p} holds no '{card_name}'"))
}

/// Every card of a player's hand with this printed name.
pub fn all_in_hand(s: &Sess, p: u8, card_name: &str) -> Vec<u8> {
    let g = s.state();
    cards(g.side(p).hand).filter(|&c| g.card(p, c).name == card_name).collect()
}

pub fn hand_size(s: &Sess, p: u8) -> u32 {
    s.state().side(p).hand.count_ones()
}

pub fn in_discard(s: &Sess, p: u8, card: u8) -> bool {
    s.state().side(p).discard & (1u64 << card) != 0
}

pub fn redoubts(s: &Sess) -> Vec<String> {
    s.state().observe(0).redoubts
}

/// Passes the rest of the active player's turn from its Combat or Restoration phase.
pub fn finish_turn(s: &mut Sess) {
    use manoeuvre::state::Phase;
    if s.state().phase() == Phase::Combat {
        play(s, "no-combat");
    }
    play(s, "end-restoration");
}
