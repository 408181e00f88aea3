//! "Peek", a tiny two-player card game with real hidden information and chance, used by the engine's
//! integration tests.
//!
//! Rules. The deck holds the cards `0..cards`. Chance deals Ann (player 0) and then Bob (player 1) one
//! secret card each. The players then take turns, Ann first, for at most `turns` decisions in all. On
//! a turn a player may:
//! - `pass`;
//! - `reveal` their own card (it stays face up for the rest of the game);
//! - `redraw`: discard their card face up and take a fresh one from the deck (a chance node follows);
//! - `guess-N`: name the opponent's card; right wins at once, wrong loses at once.
//!
//! When the last turn has been played without a guess, the higher card wins the showdown.
//!
//! Cards are dealt from the deck without replacement and discards are public, so for a player every
//! card that player cannot see is equally likely to be the opponent's: `resample` draws from exactly
//! those cards.
//!
//! [`Setup::flaw`] switches on one deliberate contract violation, so that the conformance kit can be
//! shown to catch it without a second copy of the game.

#![allow(dead_code)] // each test crate uses a different part of this module

use std::sync::atomic::{AtomicU64, Ordering};

use engine::{ActionError, Game, Outcome, SetupError, ToMove, below};
use rand_core::RngCore;
use serde::{Deserialize, Serialize};

/// A deliberate bug, for testing the conformance kit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Flaw {
    /// Every observation shows the opponent's card, face down or not.
    LeakyView,
    /// The label of the right guess gives it away.
    LeakyLabel,
    /// Bob never has a legal action, although the game is not over.
    DeadEnd,
    /// Chance may deal a card that is already in a hand, breaking the card-count invariant.
    DoubleDeal,
    /// Every `apply` stamps the state with a process-wide counter, so replaying a log rebuilds a
    /// state with different stamps.
    ReplayDrift,
    /// The game ends without saying how.
    NoOutcome,
    /// `redraw` is listed as legal but `apply` refuses it.
    RefuseRedraw,
    /// A pass ends the game in a draw when the opponent holds card 0: whether the game goes on
    /// tells the passer what the opponent holds, although every state, once reached, looks honest.
    TellingPass,
    /// A finished game still lists `pass`.
    ActionsAfterTheEnd,
}

/// What a game of Peek starts from. Serializable so that sessions can save and replay it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub cards: u8,
    pub turns: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flaw: Option<Flaw>,
}

impl Default for Setup {
    fn default() -> Self {
        Self { cards: 6, turns: 6, flaw: None }
    }
}

impl Setup {
    pub fn flawed(flaw: Flaw) -> Self {
        Self { flaw: Some(flaw), ..Self::default() }
    }
}

/// A decision of a player, or an outcome of chance (`Card`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// Chance deals this card to the first player whose hand is empty.
    Card(u8),
    Pass,
    Reveal,
    Redraw,
    Guess(u8),
}

/// The full state of a game of Peek. Fields are public so that tests can look at the hidden cards.
#[derive(Clone, Debug, PartialEq)]
pub struct Peek {
    pub setup: Setup,
    /// Each player's card; `None` while waiting for chance to deal one.
    pub hands: [Option<u8>; 2],
    /// Whether each player's card is face up.
    pub shown: [bool; 2],
    /// Cards discarded by `redraw`, face up, in order.
    pub discards: Vec<u8>,
    /// Player decisions taken so far.
    pub turn: u8,
    /// The ids of the players' decisions, which everybody saw.
    pub moves: Vec<String>,
    pub result: Option<Outcome>,
    /// Only written under [`Flaw::ReplayDrift`].
    pub stamp: u64,
}

/// What one player knows.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    pub me: u8,
    pub my_card: Option<u8>,
    /// The opponent's card when it is face up (or the game is over).
    pub their_card: Option<u8>,
    pub shown: [bool; 2],
    pub discards: Vec<u8>,
    pub turn: u8,
    pub to_move: ToMove,
    pub moves: Vec<String>,
    pub result: Option<Outcome>,
}

static STAMPS: AtomicU64 = AtomicU64::new(1);

pub const NAMES: [&str; 2] = ["Ann", "Bob"];

impl Peek {
    fn flaw(&self, flaw: Flaw) -> bool {
        self.setup.flaw == Some(flaw)
    }

    /// The player chance is dealing to, if any.
    fn receiver(&self) -> Option<usize> {
        self.hands.iter().position(Option::is_none)
    }

    /// Cards neither in a hand nor discarded.
    pub fn deck(&self) -> Vec<u8> {
        (0..self.setup.cards).filter(|c| !self.hands.contains(&Some(*c)) && !self.discards.contains(c)).collect()
    }

    /// Whether `viewer` can see `owner`'s card.
    fn sees(&self, viewer: u8, owner: u8) -> bool {
        viewer == owner || self.shown[owner as usize] || self.result.is_some()
    }

    fn finish_if_due(&mut self) {
        if self.result.is_some() || self.receiver().is_some() || self.turn < self.setup.turns {
            return;
        }
        let [a, b] = self.hands.map(|h| h.unwrap_or_default());
        let winner = if a > b { 0 } else { 1 };
        self.result = Some(Outcome { winner: Some(winner), reason: "showdown: the higher card wins".into() });
    }
}

impl Game for Peek {
    type Setup = Setup;
    type Action = Move;
    type Observation = View;

    fn new(setup: &Setup) -> Result<Self, SetupError> {
        if setup.cards < 2 {
            return Err(SetupError(format!("Peek needs at least 2 cards, not {}", setup.cards)));
        }
        if setup.turns == 0 {
            return Err(SetupError("Peek needs at least one turn".into()));
        }
        Ok(Self {
            setup: setup.clone(),
            hands: [None, None],
            shown: [false, false],
            discards: Vec::new(),
            turn: 0,
            moves: Vec::new(),
            result: None,
            stamp: 0,
        })
    }

    fn num_players(&self) -> u8 {
        2
    }

    fn player_name(&self, player: u8) -> String {
        NAMES[player as usize].to_string()
    }

    fn to_move(&self) -> ToMove {
        if self.result.is_some() {
            ToMove::Terminal
        } else if self.receiver().is_some() {
            ToMove::Chance
        } else {
            ToMove::Player(self.turn % 2)
        }
    }

    fn legal_actions(&self, out: &mut Vec<Move>) {
        out.clear();
        match self.to_move() {
            ToMove::Terminal => {
                if self.flaw(Flaw::ActionsAfterTheEnd) {
                    out.push(Move::Pass);
                }
            }
            ToMove::Chance => {
                let cards: Vec<u8> =
                    if self.flaw(Flaw::DoubleDeal) { (0..self.setup.cards).collect() } else { self.deck() };
                out.extend(cards.into_iter().map(Move::Card));
            }
            ToMove::Player(p) => {
                if p == 1 && self.flaw(Flaw::DeadEnd) {
                    return;
                }
                out.push(Move::Pass);
                if !self.shown[p as usize] {
                    out.push(Move::Reveal);
                    if !self.deck().is_empty() {
                        out.push(Move::Redraw);
                    }
                }
                let mine = self.hands[p as usize];
                out.extend((0..self.setup.cards).filter(|c| Some(*c) != mine).map(Move::Guess));
            }
        }
    }

    fn apply(&mut self, action: &Move) -> Result<(), ActionError> {
        let mover = match self.to_move() {
            ToMove::Terminal => return Err(ActionError::GameOver),
            ToMove::Chance => None,
            ToMove::Player(p) => Some(p as usize),
        };
        if !self.legal().contains(action) {
            let reason = match (mover, action) {
                (None, _) => "chance is dealing a card".to_string(),
                (Some(_), Move::Card(_)) => "only chance deals cards".to_string(),
                (Some(p), Move::Reveal | Move::Redraw) if self.shown[p] => "your card is already face up".to_string(),
                (Some(_), Move::Redraw) => "the deck is empty".to_string(),
                _ => "that is not one of the choices".to_string(),
            };
            return Err(ActionError::Illegal { action: self.action_id(action), reason });
        }
        if *action == Move::Redraw && self.flaw(Flaw::RefuseRedraw) {
            return Err(ActionError::Illegal { action: "redraw".into(), reason: "redraw is broken".into() });
        }
        match (mover, *action) {
            (None, Move::Card(c)) => {
                if let Some(r) = self.receiver() {
                    self.hands[r] = Some(c);
                }
            }
            (Some(p), m) => {
                self.turn += 1;
                self.moves.push(self.action_id(action));
                match m {
                    Move::Pass if self.flaw(Flaw::TellingPass) && self.hands[1 - p] == Some(0) => {
                        self.result = Some(Outcome { winner: None, reason: "a telling pass".into() });
                    }
                    Move::Pass | Move::Card(_) => {}
                    Move::Reveal => self.shown[p] = true,
                    Move::Redraw => {
                        if let Some(old) = self.hands[p].take() {
                            self.discards.push(old);
                        }
                    }
                    Move::Guess(c) => {
                        let right = self.hands[1 - p] == Some(c);
                        let (winner, reason) =
                            if right { (p, "guessed the hidden card") } else { (1 - p, "the opponent guessed wrong") };
                        self.result = Some(Outcome { winner: Some(winner as u8), reason: reason.into() });
                    }
                }
            }
            (None, _) => unreachable!("chance only has Card outcomes"),
        }
        if self.flaw(Flaw::ReplayDrift) {
            self.stamp = STAMPS.fetch_add(1, Ordering::Relaxed);
        }
        self.finish_if_due();
        Ok(())
    }

    fn action_id(&self, action: &Move) -> String {
        match action {
            Move::Card(c) => format!("card-{c}"),
            Move::Pass => "pass".into(),
            Move::Reveal => "reveal".into(),
            Move::Redraw => "redraw".into(),
            Move::Guess(c) => format!("guess-{c}"),
        }
    }

    fn action_label(&self, action: &Move) -> String {
        match action {
            Move::Card(c) => {
                let to = self.receiver().map_or("nobody", |r| NAMES[r]);
                format!("deal card {c} to {to}")
            }
            Move::Pass => "pass".into(),
            Move::Reveal => "turn your card face up".into(),
            Move::Redraw => "discard your card and draw another".into(),
            Move::Guess(c) => {
                let mut label = format!("guess that the other card is {c}");
                if let ToMove::Player(p) = self.to_move()
                    && self.flaw(Flaw::LeakyLabel)
                    && self.hands[1 - p as usize] == Some(*c)
                {
                    label.push_str(" (right!)");
                }
                label
            }
        }
    }

    fn reveals(&self, action: &Move) -> bool {
        match action {
            // Chance outcomes are barriers anyway.
            Move::Card(_) => false,
            // The discard lands face up; the guess and the final pass end the game and show both cards.
            Move::Reveal | Move::Redraw | Move::Guess(_) => true,
            Move::Pass => self.turn + 1 >= self.setup.turns,
        }
    }

    fn observe(&self, player: u8) -> View {
        let other = 1 - player;
        let their_card =
            if self.sees(player, other) || self.flaw(Flaw::LeakyView) { self.hands[other as usize] } else { None };
        View {
            me: player,
            my_card: self.hands[player as usize],
            their_card,
            shown: self.shown,
            discards: self.discards.clone(),
            turn: self.turn,
            to_move: self.to_move(),
            moves: self.moves.clone(),
            result: self.result.clone(),
        }
    }

    fn resample(&self, player: u8, rng: &mut dyn RngCore) -> Self {
        let mut other = self.clone();
        let hidden = 1 - player;
        if self.sees(player, hidden) || self.hands[hidden as usize].is_none() {
            return other;
        }
        // Every card the player cannot see: the opponent's card and the rest of the deck.
        let mine = self.hands[player as usize];
        let pool: Vec<u8> = (0..self.setup.cards).filter(|c| Some(*c) != mine && !self.discards.contains(c)).collect();
        other.hands[hidden as usize] = Some(pool[below(rng, pool.len())]);
        other
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.flaw(Flaw::NoOutcome) { None } else { self.result.clone() }
    }

    fn check_invariants(&self) -> Result<(), String> {
        let mut placed = vec![0u8; self.setup.cards as usize];
        for &c in self.hands.iter().flatten().chain(&self.discards) {
            let slot = placed
                .get_mut(c as usize)
                .ok_or_else(|| format!("card {c} is not in a deck of {}", self.setup.cards))?;
            *slot += 1;
            if *slot > 1 {
                return Err(format!("card {c} is in two places at once"));
            }
        }
        if self.moves.len() != self.turn as usize {
            return Err(format!("{} moves recorded for {} turns", self.moves.len(), self.turn));
        }
        if self.turn > self.setup.turns {
            return Err(format!("turn {} is past the last turn {}", self.turn, self.setup.turns));
        }
        Ok(())
    }
}

/// The legal action ids for whoever is to move.
pub fn legal_ids(game: &Peek) -> Vec<String> {
    game.legal().iter().map(|a| game.action_id(a)).collect()
}
