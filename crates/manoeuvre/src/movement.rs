//! Rule 5, the Movement phase: the active player must move one unit (three on game turn 1 and two on
//! turn 2, Advance to Contact); infantry moves one square and cavalry two, never diagonally, through
//! or onto other units, off the map or into a Lake; terrain can stop cavalry after one square. A
//! Supply card moves one more unit (one per phase); a Forced March takes a unit that has just moved
//! one square further (not from Field or Marsh); the opponent may cancel either with a Guerrilla.
//! A phase that ends with no unit moved is Digging In (the whole hand discarded), even when no unit
//! could have moved. Banzai Charge replaces the phase's basic movement with two units moving two
//! squares.

use crate::action::Action;
use crate::bitset::extend_few_members;
use crate::board::{self, Square, bit, neighbours};
use crate::data::model::HqKind;
use crate::state::{HandMode, Manoeuvre, NONE, Negatable, Phase, Resume};
use crate::tables::{Cards, cards, hq_index};

impl Manoeuvre {
    /// Squares a unit can reach with a basic move (or a Banzai Charge's two squares). A two-square
    /// move may not pass through a square whose terrain ends a move, nor end in terrain that holds
    /// cavalry to one square (the terrain table's `cavalry_max_move`).
    pub(crate) fn destinations(&self, unit: u8) -> u64 {
        let from = self.units[unit as usize].square;
        if from == NONE {
            return 0;
        }
        let two_squares = self.movement.banzai || self.is_cavalry(unit);
        self.reach(from, two_squares, self.masks.enterable & !self.occupied())
    }

    /// [`Self::destinations`] from a square, given whether the unit goes two squares and which
    /// squares are open: the Movement list asks it for every unit with the same open squares.
    #[inline]
    fn reach(&self, from: Square, two_squares: bool, open: u64) -> u64 {
        let first = neighbours(from) & open;
        if !two_squares {
            return first;
        }
        // One spread of the whole set: the union of each square's neighbours, without a loop.
        let second = board::next_to(first & !self.masks.ends_move) & open;
        (first | (second & !self.masks.slows_cavalry)) & !bit(from)
    }

    fn moves_made(&self) -> u8 {
        self.movement.moved.count_ones() as u8
    }

    fn can_move_more(&self) -> bool {
        self.moves_made() < self.movement.moves_allowed
    }

    /// The Guerrilla cards a player could answer with: HQ Guerrillas, and Indian unit cards with a
    /// Guerrillas effect whose unit is still on the board.
    pub(crate) fn guerrillas(&self, player: u8) -> u64 {
        self.guerrillas_among(player, self.usable(player))
    }

    /// The Guerrilla cards among `usable` that could answer now.
    fn guerrillas_among(&self, player: u8, usable: Cards) -> Cards {
        let t = self.tables(player);
        let mut set = usable & t.hq[hq_index(HqKind::Guerrilla)];
        for c in cards(usable & t.secondary_guerrillas) {
            if let Some(u) = self.unit_card(player, c)
                && self.on_board(player * 8 + u.unit)
            {
                set |= crate::tables::card_bit(c);
            }
        }
        set
    }

    pub(crate) fn movement_legal(&self, out: &mut Vec<Action>) {
        let p = self.active;
        let usable = self.usable(p);
        let t = self.tables(p);
        let made = self.moves_made();
        // Most phases end this way: the moves are made and no card that acts in Movement is in
        // hand (Forced March, Supply, Scout/Spy), so ending the phase is all that is left.
        let movement_cards =
            t.hq[hq_index(HqKind::ForcedMarch)] | t.hq[hq_index(HqKind::Supply)] | t.hq[hq_index(HqKind::ScoutSpy)];
        if made >= 1 && !self.can_move_more() && usable & movement_cards == 0 {
            out.push(Action::EndMovement);
            return;
        }
        let mut any_move = false;
        if self.can_move_more() {
            let open = self.masks.enterable & !self.occupied();
            // Movement comes after setup, so the army and its cavalry mask are known.
            let two_squares = if self.movement.banzai { 0xFF } else { t.cavalry };
            let still_to_move = self.units_present(p) & !u64::from(self.movement.moved);
            for i in crate::bitset::members(still_to_move) {
                let u = p * 8 + i;
                let from = self.units[u as usize].square;
                let two = two_squares & (1 << i) != 0;
                let reach = self.reach(from, two, open);
                any_move |= reach != 0;
                // A unit that goes one square has at most four moves, one that goes two twelve:
                // one group each, whatever the number.
                if two {
                    extend_few_members::<12, _>(out, reach, |to| Action::Move { unit: u, to });
                } else {
                    extend_few_members::<4, _>(out, reach, |to| Action::Move { unit: u, to });
                }
            }
        }
        let last = self.movement.last;
        if last != NONE && self.movement.forced & (1 << (last % 8)) == 0 && self.on_board(last) {
            let here = self.units[last as usize].square;
            // Only where the move began matters (rule 9.2: not from Field or Marsh).
            let blocked = self.masks.no_forced_march & bit(self.movement.last_from) != 0;
            if !blocked {
                let open = neighbours(here) & self.masks.enterable & !self.occupied();
                for card in cards(usable & t.hq[hq_index(HqKind::ForcedMarch)]) {
                    for to in board::squares(open) {
                        out.push(Action::ForcedMarch { card, to });
                    }
                }
            }
        }
        if !self.movement.supply_played {
            out.extend(cards(usable & t.hq[hq_index(HqKind::Supply)]).map(Action::Supply));
        }
        out.extend(cards(self.spy_cards()).map(Action::Spy));
        if made == 0 && !self.movement.banzai && any_move {
            out.extend(cards(usable & t.hq[hq_index(HqKind::BanzaiCharge)]).map(Action::BanzaiCharge));
        }
        // Rule 5 knows no exception: a phase that ends with no unit moved is Digging In, whether the
        // player chose to stay put or nothing could move (a charge that found no way forward too).
        if made == 0 && (!self.movement.banzai || !any_move) {
            out.push(Action::DigIn);
        }
        let required = if self.movement.banzai {
            1
        } else {
            self.movement.moves_allowed.min(crate::turn::advance_to_contact(self.turn))
        };
        // After a first move, a player with nothing left that can move may stop short of Advance to
        // Contact's count.
        if made >= 1 && (made >= required || !any_move) {
            out.push(Action::EndMovement);
        }
    }

    pub(crate) fn movement_apply(&mut self, action: Action) {
        let p = self.active;
        match action {
            Action::Move { unit, to } => self.move_unit(unit, to),
            Action::Supply(card) => {
                self.play_card(p, card);
                self.movement.supply_played = true;
                self.offer_guerrilla(Negatable::Supply);
            }
            Action::ForcedMarch { card, to } => {
                self.play_card(p, card);
                let unit = self.movement.last;
                self.movement.forced |= 1 << (unit % 8);
                self.offer_guerrilla(Negatable::ForcedMarch { unit, to });
            }
            Action::BanzaiCharge(card) => {
                self.play_card(p, card);
                self.movement.banzai = true;
                // Two units instead of the basic move, whatever Advance to Contact allowed.
                self.movement.moves_allowed = 2 + u8::from(self.movement.supply_worked);
            }
            Action::DigIn => {
                self.dig_in();
                self.phase = Phase::Combat;
            }
            Action::EndMovement => self.phase = Phase::Combat,
            Action::Spy(card) => {
                self.play_card(p, card);
                crate::display_mode::scout(self);
            }
            _ => {}
        }
    }

    /// A basic move (or a Banzai Charge's): the unit is noted as moved, and as the one a Forced
    /// March could take further from where it started.
    #[inline]
    pub(crate) fn move_unit(&mut self, unit: u8, to: u8) {
        self.movement.last_from = self.units[unit as usize].square;
        self.relocate(unit, to);
        self.movement.moved |= 1 << (unit % 8);
        self.movement.last = unit;
    }

    /// Digging In: no unit moves and the whole hand is lost (for a display, every card in it).
    fn dig_in(&mut self) {
        let p = self.active;
        match self.sides[p as usize].mode {
            HandMode::Hand => {
                for c in cards(self.sides[p as usize].hand) {
                    self.spend(p, c);
                }
            }
            HandMode::Display => crate::display_mode::dig_in(self),
        }
    }

    /// Plays a card of the active player's at once (HQ cards that resolve immediately).
    pub(crate) fn play_card(&mut self, player: u8, card: u8) {
        self.spend(player, card);
    }

    /// Lets the inactive player answer with a Guerrilla. The window opens when its army could
    /// answer at all (see `answer_pool`), whether or not the hand holds one; otherwise the card
    /// works at once.
    pub(crate) fn offer_guerrilla(&mut self, against: Negatable) {
        let them = 1 - self.active;
        if self.guerrillas_among(them, self.answer_pool(them)) != 0 {
            self.phase = Phase::Guerrilla { against };
        } else {
            self.resolve_negatable(against, false);
        }
    }

    pub(crate) fn guerrilla_legal(&self, out: &mut Vec<Action>) {
        out.extend(cards(self.guerrillas(1 - self.active)).map(Action::Guerrilla));
        out.push(Action::LetItStand);
    }

    pub(crate) fn guerrilla_apply(&mut self, action: Action) {
        let Phase::Guerrilla { against } = self.phase else { return };
        match action {
            Action::Guerrilla(card) => self.inactive_hq(card, Resume::Guerrilla(against)),
            _ => self.resolve_negatable(against, false),
        }
    }

    /// Carries out (or cancels) what the Guerrilla window was about.
    pub(crate) fn resolve_negatable(&mut self, against: Negatable, negated: bool) {
        match against {
            Negatable::Supply => {
                if !negated {
                    self.movement.moves_allowed += 1;
                    self.movement.supply_worked = true;
                }
                self.phase = Phase::Movement;
            }
            Negatable::ForcedMarch { unit, to } => {
                if !negated && self.on_board(unit) && self.board[to as usize] == NONE {
                    self.relocate(unit, to);
                }
                self.phase = Phase::Movement;
            }
            Negatable::Regroup { unit } | Negatable::Reinforcement { unit } => {
                if !negated {
                    self.units[unit as usize].reduced = false;
                }
                self.phase = Phase::Restoration;
            }
        }
    }

    /// A square is free to enter.
    pub(crate) fn free(&self, sq: Square) -> bool {
        self.board[sq as usize] == NONE && self.masks.enterable & bit(sq) != 0
    }
}
