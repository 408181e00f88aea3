//! Rule 7, the Restoration phase: one attempt to bring a reduced unit back to full strength, by a
//! Supply or Regroup card (any reduced unit) or a matching unit card (Reinforcement), either of which
//! a Guerrilla can cancel, or by a Leader's rally roll; then, whether or not an attempt was made, one
//! Redoubt may be built under one of the player's units.

use crate::action::Action;
use crate::board::bit;
use crate::data::model::{HqKind, Rally};
use crate::state::{Manoeuvre, Negatable, Phase};
use crate::tables::{card_bit, cards, hq_index};

impl Manoeuvre {
    pub(crate) fn restoration_legal(&self, out: &mut Vec<Action>) {
        let p = self.active;
        let t = self.tables(p);
        let usable = self.usable(p);
        // Most Restoration phases find no reduced unit.
        let reduced = self.unit_mask(p, |_, unit| unit.reduced);
        if !self.restoration_tried && reduced != 0 {
            let restorers = usable & (t.hq[hq_index(HqKind::Supply)] | t.hq[hq_index(HqKind::Regroup)]);
            for unit in crate::bitset::members(reduced).map(|i| p * 8 + i) {
                for card in cards(restorers | (usable & t.unit_cards[(unit % 8) as usize])) {
                    out.push(Action::Restore { card, unit });
                }
                let maharaja = usable & t.hq[hq_index(HqKind::Maharaja)] != 0;
                for card in cards(usable & t.leaders) {
                    // A Maharaja played alongside frees an Indian leader to rally any unit.
                    if self.leader_serves(p, card, unit, false) || (maharaja && self.leader_serves(p, card, unit, true))
                    {
                        out.push(Action::Rally { card, unit });
                    }
                }
            }
        }
        let hq = usable & t.hq[hq_index(HqKind::Redoubt)];
        if !self.redoubt_built && (hq | (usable & t.secondary_redoubt)) != 0 {
            for unit in self.units_on_board(p) {
                let sq = self.units[unit as usize].square;
                if self.redoubts & bit(sq) != 0 {
                    continue;
                }
                for card in cards(hq) {
                    out.push(Action::Redoubt { card, unit });
                }
                for card in cards(usable & t.secondary_redoubt) {
                    if self.secondary_redoubt_fits(card, unit) {
                        out.push(Action::Redoubt { card, unit });
                    }
                }
            }
        }
        out.extend(cards(self.spy_cards()).map(Action::Spy));
        out.push(Action::EndRestoration);
    }

    /// An Indian unit card's Redoubt: for a unit of the card's nationality, while the card's own
    /// unit is on the board.
    fn secondary_redoubt_fits(&self, card: u8, unit: u8) -> bool {
        let p = self.active;
        let Some(u) = self.unit_card(p, card) else { return false };
        let owner = p * 8 + u.unit;
        if !self.on_board(owner) {
            return false;
        }
        let nationality = &self.unit_def(owner).nationality;
        nationality.is_some() && self.unit_def(unit).nationality == *nationality
    }

    pub(crate) fn restoration_apply(&mut self, action: Action) {
        let p = self.active;
        match action {
            Action::Restore { card, unit } => {
                self.restoration_tried = true;
                let reinforcement = self.tables(p).all_unit_cards & card_bit(card) != 0;
                self.play_card(p, card);
                let against =
                    if reinforcement { Negatable::Reinforcement { unit } } else { Negatable::Regroup { unit } };
                self.offer_guerrilla(against);
            }
            Action::Rally { card, unit } => {
                self.restoration_tried = true;
                let rally = self.leader(p, card).map_or(Rally::UpTo(0), |l| l.rally);
                if !self.leader_serves(p, card, unit, false)
                    && let Some(m) = cards(self.usable(p) & self.tables(p).hq[hq_index(HqKind::Maharaja)]).next()
                {
                    self.play_card(p, m);
                }
                self.play_card(p, card);
                match rally {
                    Rally::Automatic => {
                        self.units[unit as usize].reduced = false;
                        self.phase = Phase::Restoration;
                    }
                    Rally::UpTo(max) => self.phase = Phase::RallyRoll { unit, rally_max: max },
                }
            }
            Action::Redoubt { card, unit } => {
                self.play_card(p, card);
                self.redoubt_built = true;
                // The Redoubt comes after the restoration attempt, so none may follow it.
                self.restoration_tried = true;
                self.redoubts |= bit(self.units[unit as usize].square);
            }
            Action::Spy(card) => {
                self.play_card(p, card);
                crate::display_mode::scout(self);
            }
            _ => self.end_player_turn(),
        }
    }

    pub(crate) fn rally_die(&mut self, unit: u8, rally_max: u8, roll: u8) {
        if roll <= rally_max {
            self.units[unit as usize].reduced = false;
        }
        self.phase = Phase::Restoration;
    }
}
