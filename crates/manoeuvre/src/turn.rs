//! Rule 4, the sequence of play, and rule 2, victory: each player turn runs Discard, Draw,
//! Movement, Combat and Restoration in strict order; a game turn is the first player's turn then the
//! second's. Attrition ends the game the moment a side has lost five units; otherwise the day ends
//! after the game turn in which both players drew the last card of their first Action Deck, and
//! control of the enemy half decides.

use crate::action::Action;
use crate::board;
use crate::state::{Ending, HandMode, Manoeuvre, MovementState, NONE, Phase};
use crate::tables::card_bit;

/// The hand a player draws back up to.
pub const HAND_SIZE: u32 = 5;

/// Units a side moves in the Movement phase of each game turn (Advance to Contact: 3, then 2, then 1).
pub fn advance_to_contact(turn: u16) -> u8 {
    match turn {
        1 => 3,
        2 => 2,
        _ => 1,
    }
}

impl Manoeuvre {
    pub(crate) fn begin_player_turn(&mut self) {
        self.movement = MovementState { last: NONE, last_from: NONE, ..MovementState::default() };
        self.combat = None;
        self.combat_done = false;
        self.restoration_tried = false;
        self.redoubt_built = false;
        self.card_played = false;
        self.phase = Phase::Discard;
        crate::display_mode::begin_turn(self);
    }

    /// The active player's Scout/Spy cards it may play right now (rule 9.2: in the middle of any of
    /// its phases).
    pub(crate) fn spy_cards(&self) -> crate::tables::Cards {
        let p = self.active;
        self.usable(p) & self.tables(p).hq[crate::tables::hq_index(crate::data::model::HqKind::ScoutSpy)]
    }

    /// The end of a hand's Draw phase is a decision: play a Scout/Spy now (and draw its
    /// replacement, as rule 9.2 allows) or go on to Movement.
    pub(crate) fn at_end_of_draw(&self) -> bool {
        matches!(self.phase, Phase::Draw)
            && self.sides[self.active as usize].mode == HandMode::Hand
            && !self.draw_confirmed
            && !self.draw_needed_now()
    }

    /// A draw is due and a card is there to be drawn (after any reshuffle).
    fn draw_needed_now(&self) -> bool {
        let side = &self.sides[self.active as usize];
        self.draw_needed() && (side.deck | side.discard) != 0
    }

    /// Discard phase: any or all cards of the hand may go.
    pub(crate) fn discard_legal(&self, out: &mut Vec<Action>) {
        let p = self.active;
        match self.sides[p as usize].mode {
            // Groups of five, the size of a full hand, so that a hand takes a single pass.
            HandMode::Hand => crate::bitset::extend_members::<5, _>(out, self.sides[p as usize].hand, Action::Discard),
            HandMode::Display => crate::display_mode::discard_legal(self, out),
        }
        crate::bitset::extend_members::<4, _>(
            out,
            self.usable(p) & self.tables(p).hq[crate::tables::hq_index(crate::data::model::HqKind::ScoutSpy)],
            Action::Spy,
        );
        out.push(Action::EndDiscard);
    }

    pub(crate) fn discard(&mut self, card: u8) {
        let p = self.active;
        match self.sides[p as usize].mode {
            HandMode::Hand => self.spend(p, card),
            HandMode::Display => crate::display_mode::discard(self, card),
        }
    }

    /// Draw phase: draw back up to five (rule 4), reshuffling an exhausted deck (rule 2.3).
    pub(crate) fn draw_needed(&self) -> bool {
        let side = &self.sides[self.active as usize];
        match side.mode {
            HandMode::Hand => side.hand.count_ones() < HAND_SIZE && (side.deck | side.discard) != 0,
            // A display's replacements are owed fills, drawn before anything else happens.
            HandMode::Display => false,
        }
    }

    /// Whether the active hand draws another card, its deck rebuilt from the discards first if
    /// it ran out.
    #[inline]
    pub(crate) fn another_draw(&mut self) -> bool {
        if !self.draw_needed() {
            return false;
        }
        self.prepare_draw(self.active);
        self.sides[self.active as usize].deck != 0
    }

    /// The cards that may come off the active player's deck now; an empty deck is first rebuilt
    /// from the discards.
    pub(crate) fn prepare_draw(&mut self, player: u8) {
        let side = &mut self.sides[player as usize];
        if side.deck == 0 && side.discard != 0 {
            side.deck = side.discard;
            side.discard = 0;
            side.discard_top = NONE;
        }
    }

    /// A card comes off `player`'s deck. When a hand's deck runs out, that player's first deck is
    /// done; a display's deck is done only when slot C is empty, its last card turned up there
    /// included (see `display_mode`).
    pub(crate) fn drawn(&mut self, player: u8, card: u8) {
        let side = &mut self.sides[player as usize];
        side.deck &= !card_bit(card);
        if side.deck == 0 && side.mode == HandMode::Hand {
            side.first_deck_done = true;
        }
    }

    pub(crate) fn draw(&mut self, card: u8) {
        let p = self.active;
        self.drawn(p, card);
        self.sides[p as usize].hand |= card_bit(card);
    }

    /// Called when nothing is left to draw this phase.
    pub(crate) fn after_draw(&mut self) {
        self.draw_confirmed = false;
        self.movement.moves_allowed = advance_to_contact(self.turn);
        match self.sides[self.active as usize].mode {
            HandMode::Hand => self.phase = Phase::Movement,
            HandMode::Display => crate::display_mode::before_movement(self),
        }
    }

    /// The Restoration phase is over: the next player turn, or the end of the game turn.
    pub(crate) fn end_player_turn(&mut self) {
        if self.ending.is_some() {
            return;
        }
        if self.active == self.first_player {
            self.active = 1 - self.active;
        } else {
            if self.sides[0].first_deck_done && self.sides[1].first_deck_done {
                self.nightfall();
                return;
            }
            // Saturating: a game whose players never draw never reaches nightfall, and must not
            // panic for it.
            self.turn = self.turn.saturating_add(1);
            self.active = self.first_player;
        }
        self.begin_player_turn();
    }

    /// Rule 2.1 outside a combat: five losses end the game at once.
    pub(crate) fn check_attrition(&mut self) {
        if self.ending.is_some() {
            return;
        }
        for p in [self.active, 1 - self.active] {
            if self.sides[(1 - p) as usize].lost >= 5 {
                self.ending = Some(Ending::Attrition { winner: p, sacked: false });
                self.phase = Phase::Over;
                return;
            }
        }
    }

    /// Squares of the opponent's half that `player` controls (rule 2.2).
    pub fn control(&self, player: u8) -> u8 {
        let enemy = 1 - player;
        let half = self.sides[enemy as usize].edge.half();
        let mine = self.occupied_by(player);
        let theirs = self.occupied_by(enemy);
        // Occupied, or next to one of the player's units and neither held by nor next to an enemy.
        let influence = board::next_to(mine) & !theirs & !board::next_to(theirs);
        ((mine | influence) & half).count_ones() as u8
    }

    /// Units of `player` at reduced strength.
    pub fn reduced_units(&self, player: u8) -> u8 {
        self.units_on_board(player).filter(|&u| self.units[u as usize].reduced).count() as u8
    }

    /// Rule 2.2: control, then more enemy units eliminated, then fewer reduced units, then the
    /// nation list.
    pub(crate) fn nightfall(&mut self) {
        let control = [self.control(0), self.control(1)];
        let (winner, tiebreak) = if control[0] != control[1] {
            (if control[0] > control[1] { 0 } else { 1 }, 0)
        } else if self.sides[1].lost != self.sides[0].lost {
            (if self.sides[1].lost > self.sides[0].lost { 0 } else { 1 }, 1)
        } else if self.reduced_units(0) != self.reduced_units(1) {
            (if self.reduced_units(0) < self.reduced_units(1) { 0 } else { 1 }, 2)
        } else {
            let rank = |p: usize| self.data.0.army(self.sides[p].army).tiebreak;
            (if rank(0) < rank(1) { 0 } else { 1 }, 3)
        };
        self.ending = Some(Ending::Nightfall { winner, control, tiebreak });
        self.phase = Phase::Over;
    }
}

#[cfg(test)]
mod tests {
    use engine::{Game, below};
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    use crate::board::{self, bit, neighbours};
    use crate::setup::ManoeuvreSetup;
    use crate::state::Manoeuvre;

    /// Rule 2.2 read square by square: a square of the enemy's half is controlled when the player's
    /// unit stands on it, or when one of its units is next to it and no enemy unit is on or next to it.
    fn control_square_by_square(g: &Manoeuvre, player: u8) -> u8 {
        let half = g.sides[(1 - player) as usize].edge.half();
        let (mine, theirs) = (g.occupied_by(player), g.occupied_by(1 - player));
        board::squares(half)
            .filter(|&sq| {
                mine & bit(sq) != 0
                    || (neighbours(sq) & mine != 0 && theirs & bit(sq) == 0 && neighbours(sq) & theirs == 0)
            })
            .count() as u8
    }

    #[test]
    fn control_counts_the_squares_rule_2_2_names_in_every_position_of_random_games() {
        let mut rng = ChaCha8Rng::seed_from_u64(22);
        for _ in 0..20 {
            let setup = ManoeuvreSetup { quick_start: true, ..ManoeuvreSetup::default() };
            let mut g = Manoeuvre::new(&setup).expect("a quick start");
            while !g.legal().is_empty() {
                for p in 0..2 {
                    assert_eq!(g.control(p), control_square_by_square(&g, p));
                }
                let legal = g.legal();
                g.apply_legal(&legal[below(&mut rng, legal.len())]);
            }
        }
    }
}
