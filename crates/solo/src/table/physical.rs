//! Hidden cards and the physical deck: redrawing what a player cannot see (for honest samples), and,
//! when the player draws real cards, asking which card turned up and swapping the table's guess for
//! it.

use super::*;

impl CardTable {
    /// Shuffles the hidden cards of the given sides' displays and decks among their places (for
    /// [`Game::resample`]). A shared deck belongs to both sides, so it is included once.
    pub(super) fn redraw_hidden(&mut self, rng: &mut dyn RngCore, sides: &[usize]) {
        let decks: Vec<usize> = match self.sheet.deck {
            DeckMode::Single => vec![0],
            DeckMode::Dual => sides.to_vec(),
        };
        let mut hidden: Vec<CardId> = Vec::new();
        for &side in sides {
            hidden.extend(self.displays[side].cards().filter(|(_, _, p)| !p.face_up).map(|(_, _, p)| p.card));
            if let Some(other) = &self.other_pair {
                hidden.extend(other.displays[side].cards().filter(|(_, _, p)| !p.face_up).map(|(_, _, p)| p.card));
            }
        }
        for &d in &decks {
            hidden.extend(self.decks[d].pool.iter().copied());
            // Cards discarded face-down (1960) are out of sight too.
            hidden.extend(self.decks[d].discard.iter().filter(|x| !x.face_up).map(|x| x.card));
        }
        engine::shuffle(rng, &mut hidden);
        let mut next = hidden.into_iter();
        for &side in sides {
            let other = self.other_pair.as_mut().map(|o| &mut o.displays[side]);
            for display in std::iter::once(&mut self.displays[side]).chain(other) {
                for stack in &mut display.slots {
                    for p in stack.iter_mut().filter(|p| !p.face_up) {
                        if let Some(c) = next.next() {
                            p.card = c;
                        }
                    }
                }
            }
        }
        for &d in &decks {
            for c in &mut self.decks[d].pool {
                if let Some(n) = next.next() {
                    *c = n;
                }
            }
            for x in self.decks[d].discard.iter_mut().filter(|x| !x.face_up) {
                if let Some(n) = next.next() {
                    x.card = n;
                }
            }
        }
    }

    /// The first card id of a side's own deck (Dual Deck; card ids run deck by deck).
    pub(crate) fn first_card_of(&self, side: u8) -> Option<CardId> {
        if !self.dual() {
            return None;
        }
        Some(if side == 0 { CardId(1) } else { CardId(1 + self.deck_sizes[0]) })
    }

    /// Physical deck mode: the first face-up card whose identity the player has not told the table
    /// yet (the active side's first), with its side.
    pub(crate) fn unconfirmed(&self) -> Option<(u8, CardId)> {
        if !self.physical || !self.has_named_cards() {
            return None;
        }
        let known = |c: CardId| self.confirmed.get(c.0 as usize).copied().unwrap_or(false);
        for side in [self.active, 1 - self.active] {
            let mut face_up: Vec<CardId> = self.display(side).face_up().map(|(_, c)| c).collect();
            face_up.extend(self.visible_top(side));
            if side == self.active
                && let Phase::Digging { revealed: Some(c) } = self.phase
            {
                face_up.push(c);
            }
            if let Some(c) = face_up.into_iter().find(|&c| !known(c)) {
                return Some((side, c));
            }
        }
        None
    }

    /// Physical deck mode: whether the player has said which card this is.
    pub(crate) fn is_confirmed(&self, card: CardId) -> bool {
        self.confirmed.get(card.0 as usize).copied().unwrap_or(false)
    }

    /// The cards an unconfirmed face-up card of `side` may really be: any card of the same deck the
    /// player has not identified yet, wherever the virtual deal put it (undrawn, in a display that
    /// draws from that deck, face-up or not, on the deck's top, or discarded face-down).
    pub(crate) fn identity_candidates(&self, side: u8, card: CardId) -> Vec<CardId> {
        let d = self.deck_index(side);
        let mut cards = vec![card];
        cards.extend(self.decks[d].pool.iter().copied());
        cards.extend(self.decks[d].top);
        // A card discarded face-down is out of sight too: the table cannot tell it from the deck.
        cards.extend(self.decks[d].discard.iter().filter(|x| !x.face_up).map(|x| x.card));
        for s in 0..2u8 {
            if self.deck_index(s) == d {
                cards.extend(self.display(s).cards().map(|(_, _, p)| p.card));
                if let Some(other) = &self.other_pair {
                    cards.extend(other.displays[usize::from(s)].cards().map(|(_, _, p)| p.card));
                }
            }
        }
        if let Phase::Digging { revealed: Some(c) } = self.phase
            && self.deck_index(self.active) == d
        {
            cards.push(c);
        }
        // A card the player has already named is where the player said it is.
        cards.retain(|&c| c == card || !self.is_confirmed(c));
        cards.sort_unstable();
        cards.dedup();
        cards
    }

    /// The player says face-up `card` is really `real`: the two swap places (`real` was out of sight).
    pub(super) fn identify(&mut self, card: CardId, real: CardId) {
        if card != real {
            let swap = |c: &mut CardId| {
                if *c == card {
                    *c = real;
                } else if *c == real {
                    *c = card;
                }
            };
            // The waiting pair of displays (Epic Battles) holds candidates too: swap there as well.
            let waiting = self.other_pair.iter_mut().flat_map(|p| p.displays.iter_mut());
            for display in self.displays.iter_mut().chain(waiting) {
                for stack in &mut display.slots {
                    stack.iter_mut().for_each(|p| swap(&mut p.card));
                }
            }
            for deck in &mut self.decks {
                deck.pool.iter_mut().for_each(swap);
                deck.discard.iter_mut().filter(|x| !x.face_up).for_each(|x| swap(&mut x.card));
                if let Some(top) = deck.top.as_mut() {
                    swap(top);
                }
            }
            if let Phase::Digging { revealed: Some(c) } = &mut self.phase {
                swap(c);
            }
        }
        if self.confirmed.len() < self.next_card as usize {
            self.confirmed.resize(self.next_card as usize, false);
        }
        self.confirmed[real.0 as usize] = true;
    }

    /// Physical deck mode: a card out of sight is no longer confirmed (the real deck is shuffled, and a
    /// face-down card may be any of them).
    pub(super) fn forget_hidden(&mut self) {
        if !self.physical {
            return;
        }
        let mut hidden: Vec<CardId> = Vec::new();
        for deck in &self.decks {
            hidden.extend(deck.pool.iter().copied());
        }
        for display in self.all_displays() {
            hidden.extend(display.cards().filter(|(_, _, p)| !p.face_up).map(|(_, _, p)| p.card));
        }
        for c in hidden {
            if let Some(k) = self.confirmed.get_mut(c.0 as usize) {
                *k = false;
            }
        }
    }
}
