//! The seat a bot sits in: what one player may know of a game, and nothing more.

use engine::{Game, ToMove};
use rand_core::RngCore;

/// One player's view of a game. It lends the state only as a fresh determinization, so a bot cannot
/// read a hidden card even by mistake.
pub struct Seat<'a, G: Game> {
    state: &'a G,
    player: u8,
}

impl<'a, G: Game> Seat<'a, G> {
    /// The seat of `player` at `state`.
    pub fn new(state: &'a G, player: u8) -> Self {
        Seat { state, player }
    }

    pub fn player(&self) -> u8 {
        self.player
    }

    /// Whether this seat is the one to decide now.
    pub fn to_move(&self) -> bool {
        self.state.to_move() == ToMove::Player(self.player)
    }

    /// What the player observes.
    pub fn observe(&self) -> G::Observation {
        self.state.observe(self.player)
    }

    /// The player's legal actions when it is to move (the contract makes them depend only on what
    /// the player observes), otherwise none.
    pub fn legal(&self) -> Vec<G::Action> {
        if self.to_move() { self.state.legal() } else { Vec::new() }
    }

    /// The words for one of the player's actions.
    pub fn label(&self, action: &G::Action) -> String {
        self.state.action_label(action)
    }

    /// The stable id of one of the player's actions.
    pub fn id(&self, action: &G::Action) -> String {
        self.state.action_id(action)
    }

    /// A full state the player cannot tell apart from the real one, everything hidden from it
    /// redrawn at random.
    pub fn determinize(&self, rng: &mut dyn RngCore) -> G {
        self.state.resample(self.player, rng)
    }
}
