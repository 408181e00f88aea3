//! The table tools: what the board game does to the cards now and then (a discard, a card set
//! aside, a marker moved by hand, a reshuffle, a card added, a random discard), which front ends keep
//! behind one entry instead of listing every turn.

use super::*;

impl CardTable {
    /// Whether `action` is a table tool (see [`Tool`]): something the board game does to the cards
    /// now and then, which a front end keeps behind one entry instead of listing it every turn.
    pub fn is_table_tool(&self, action: &TableAction) -> bool {
        match action {
            // Manoeuvre's Discard phase is a step of its turn.
            TableAction::Discard(_) => !self.sheet().discard_refill_at_roll,
            TableAction::SetAside(_)
            | TableAction::Marker(_)
            | TableAction::Reshuffle(_)
            | TableAction::AddCard
            | TableAction::RandomDiscard => true,
            TableAction::Special(special) => self.rules().is_tool(self, *special),
            _ => false,
        }
    }

    /// Carries out one of the table tools for the active side.
    pub(super) fn apply_tool(&mut self, side: u8, action: &TableAction) {
        match *action {
            TableAction::Discard(card) => {
                if self.sheet.discard_refill_at_roll {
                    if let Some(slot) = self.discard_card(side, card, None)
                        && self.sheet.card_slots().contains(slot)
                    {
                        self.owed.push(slot);
                    }
                } else {
                    self.discard_card(side, card, Some(self.sheet.discard_refill));
                }
            }
            TableAction::SetAside(card) => {
                if let Some((slot, _)) = self.displays[side as usize].take(card) {
                    self.displays[side as usize].beside.push(card);
                    self.fill_short_slots(side, SlotSet::of(&[slot]), self.sheet.discard_refill);
                } else if self.visible_top(side) == Some(card) {
                    self.decks[side as usize].top = None;
                    self.displays[side as usize].beside.push(card);
                }
            }
            TableAction::Marker(op) => {
                let s = side as usize;
                match op {
                    MarkerOp::CardsRemainingUp => {
                        self.cards_remaining[s] = (self.cards_remaining[s] + 1).min(MAX_MARKER)
                    }
                    MarkerOp::CardsRemainingDown => self.cards_remaining[s] = self.cards_remaining[s].saturating_sub(1),
                    MarkerOp::HandSizeUp => self.max_hand_size[s] = (self.max_hand_size[s] + 1).min(MAX_MARKER),
                    MarkerOp::HandSizeDown => self.max_hand_size[s] = self.max_hand_size[s].saturating_sub(1).max(1),
                    MarkerOp::ResetCardsRemaining => self.cards_remaining[s] = self.max_hand_size[s],
                }
                // Where the Max Hand Size is the Command level, the Variable Hand Size table follows
                // it at once (the extra cards come face-down).
                if matches!(op, MarkerOp::HandSizeUp | MarkerOp::HandSizeDown)
                    && self.sheet.max_hand_size == MaxHandSize::Command
                    && self.sheet.variable_hand_size.is_some()
                {
                    self.reconcile_hand_sizes();
                }
            }
            TableAction::Reshuffle(kind) => self.reshuffle(side, kind),
            TableAction::AddCard => {
                self.add_anonymous_card(side);
            }
            TableAction::RandomDiscard => {
                self.last_selected = None;
                let back = Box::new(self.phase.clone());
                self.phase = Phase::Selecting { target: 1 - side, slot: None, first_die: None, purpose: None, back };
            }
            _ => {}
        }
    }
}
