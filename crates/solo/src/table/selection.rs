//! The Random Card Selection Chart: which slots and cards a pick can land on, and the two rolls that
//! choose one, for the common random discard and for the rules of a game that ask for a pick.

use super::*;

impl CardTable {
    /// The slots of `side`'s display that hold at least one face-up card, with those cards; the
    /// face-up top of a Dual Deck counts as slot C.
    pub(crate) fn selection_slots(&self, side: u8) -> Vec<(SlotName, Vec<CardId>)> {
        let display = self.display(side);
        let mut out: Vec<(SlotName, Vec<CardId>)> = Vec::new();
        for slot in SlotName::ALL {
            let mut cards: Vec<CardId> = display.slot(slot).iter().filter(|p| p.face_up).map(|p| p.card).collect();
            if slot == SlotName::C
                && let Some(top) = self.visible_top(side)
            {
                cards.push(top);
            }
            if !cards.is_empty() {
                out.push((slot, cards));
            }
        }
        out
    }

    /// The candidates of the current Random Card Selection step: slots first, then cards in a slot.
    pub(crate) fn selection_candidates(&self, target: u8, slot: Option<SlotName>) -> Vec<(SlotName, Vec<CardId>)> {
        let mut slots = self.selection_slots(target);
        let whole_slot = matches!(
            &self.phase,
            Phase::Selecting { purpose: Some(special), .. } if self.rules().selection_counts_face_down(*special)
        );
        if whole_slot {
            // The slot is chosen among those with a face-up card; the second roll counts all of its cards.
            // A Dual Deck's slot C is its deck, of which only the face-up top card lies on the table.
            for (s, cards) in slots.iter_mut().filter(|(s, _)| !(self.dual() && *s == SlotName::C)) {
                *cards = self.display(target).slot(*s).iter().map(|p| p.card).collect();
            }
        }
        match slot {
            None => slots,
            Some(s) => slots
                .into_iter()
                .filter(|(x, _)| *x == s)
                .flat_map(|(x, cards)| cards.into_iter().map(move |c| (x, vec![c])))
                .collect(),
        }
    }

    /// Takes candidate `index` of the current selection step.
    pub(super) fn choose_candidate(&mut self, target: u8, slot: Option<SlotName>, index: usize) {
        let candidates = self.selection_candidates(target, slot);
        let Some((chosen_slot, cards)) = candidates.get(index).cloned() else {
            self.finish_selection(None);
            return;
        };
        if slot.is_none() && cards.len() > 1 {
            if let Phase::Selecting { slot, first_die, .. } = &mut self.phase {
                *slot = Some(chosen_slot);
                *first_die = None;
            }
            return;
        }
        self.finish_selection(Some(cards[0]));
    }

    /// The Random Card Selection picked `card` (or found nothing): the common use discards it; a
    /// game rule's use is handed to the rule. Then the turn goes back to where it was.
    pub(super) fn finish_selection(&mut self, card: Option<CardId>) {
        let Phase::Selecting { target, purpose, back, .. } = std::mem::replace(&mut self.phase, Phase::Start) else {
            return;
        };
        self.phase = *back;
        self.last_selected = card;
        let Some(card) = card else { return };
        match purpose {
            None => {
                self.discard_card(target, card, Some(self.sheet.discard_refill));
            }
            Some(special) => self.rules().after_selection(self, special, target, card),
        }
    }

    /// Starts a Random Card Selection among `target`'s face-up cards on behalf of a game rule; the
    /// pick comes back through `SpecialRules::after_selection`.
    pub(crate) fn ask_random_selection(&mut self, target: u8, special: crate::games::Special) {
        let back = Box::new(self.phase.clone());
        self.phase = Phase::Selecting { target, slot: None, first_die: None, purpose: Some(special), back };
    }
}
