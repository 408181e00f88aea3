//! A side's Card Display: five slots, each a stack of cards with their facings, the number of cards
//! each slot should hold (one, or two where the Variable Hand Size table added a card), and the cards
//! set aside beside the display.

use serde::{Deserialize, Serialize};

use crate::card::{CardId, Placed};
use crate::slot::{SlotName, SlotSet};

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardDisplay {
    pub slots: [Vec<Placed>; 5],
    /// How many cards each slot holds when full: refills stop there.
    pub target: [u8; 5],
    /// Cards kept face-up beside the display (set aside at setup, passed over by an event, ...).
    pub beside: Vec<CardId>,
}

impl CardDisplay {
    pub fn slot(&self, slot: SlotName) -> &[Placed] {
        &self.slots[slot.index()]
    }

    pub fn slot_mut(&mut self, slot: SlotName) -> &mut Vec<Placed> {
        &mut self.slots[slot.index()]
    }

    /// Every card with its slot and position, A to E, bottom of each stack first.
    pub fn cards(&self) -> impl Iterator<Item = (SlotName, usize, Placed)> + '_ {
        SlotName::ALL
            .into_iter()
            .flat_map(move |s| self.slots[s.index()].iter().enumerate().map(move |(i, p)| (s, i, *p)))
    }

    pub fn face_up(&self) -> impl Iterator<Item = (SlotName, CardId)> + '_ {
        self.cards().filter(|(_, _, p)| p.face_up).map(|(s, _, p)| (s, p.card))
    }

    pub fn face_up_count(&self) -> usize {
        self.cards().filter(|(_, _, p)| p.face_up).count()
    }

    pub fn face_down_count(&self) -> usize {
        self.cards().filter(|(_, _, p)| !p.face_up).count()
    }

    /// Turns every card in the named slots face-up. Returns whether any card was turned.
    pub fn flip_slots(&mut self, slots: SlotSet) -> bool {
        let mut turned = false;
        for s in slots.iter() {
            for p in self.slot_mut(s) {
                turned |= !p.face_up;
                p.face_up = true;
            }
        }
        turned
    }

    pub fn find(&self, card: CardId) -> Option<(SlotName, usize)> {
        self.cards().find(|(_, _, p)| p.card == card).map(|(s, i, _)| (s, i))
    }

    /// Takes a card out of its slot.
    pub fn take(&mut self, card: CardId) -> Option<(SlotName, Placed)> {
        let (slot, index) = self.find(card)?;
        Some((slot, self.slot_mut(slot).remove(index)))
    }

    /// Slots (among `allowed`) holding fewer cards than they should.
    pub fn short_slots(&self, allowed: SlotSet) -> impl Iterator<Item = (SlotName, usize)> + '_ {
        allowed.iter().filter_map(move |s| {
            let missing = (self.target[s.index()] as usize).saturating_sub(self.slot(s).len());
            (missing > 0).then_some((s, missing))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn display() -> CardDisplay {
        let mut d = CardDisplay { target: [1, 1, 1, 1, 1], ..Default::default() };
        d.slot_mut(SlotName::A).push(Placed { card: CardId(1), face_up: true });
        d.slot_mut(SlotName::B).push(Placed { card: CardId(2), face_up: false });
        d.slot_mut(SlotName::B).push(Placed { card: CardId(3), face_up: false });
        d
    }

    #[test]
    fn flipping_a_slot_turns_every_card_in_its_stack() {
        let mut d = display();
        assert!(d.flip_slots(SlotSet::parse("B").expect("slot letters")));
        assert_eq!(d.face_up_count(), 3);
        assert!(!d.flip_slots(SlotSet::parse("AB").expect("slot letters")), "nothing left to turn");
    }

    #[test]
    fn short_slots_compare_with_the_target() {
        let mut d = display();
        d.target[1] = 2;
        let short: Vec<_> = d.short_slots(SlotSet::parse("ABCDE").expect("slot letters")).collect();
        assert_eq!(short, vec![(SlotName::C, 1), (SlotName::D, 1), (SlotName::E, 1)]);
        d.take(CardId(3));
        assert!(d.short_slots(SlotSet::parse("B").expect("slot letters")).any(|(s, n)| s == SlotName::B && n == 1));
    }
}
