//! Hidden cards and the physical deck: redrawing what a player cannot see (for honest samples), and,
//! when the player draws real cards, asking which card turned up and swapping the table's guess for
//! it.

use super::*;

impl CardTable {
    /// Shuffles the hidden cards of the given sides' displays and decks among their places (for
    /// [`Game::resample`]). A shared deck belongs to both sides, so it is included once. With a
    /// physical deck a face-up card the player has not named yet is hidden too: the table's card in
    /// its place is only a stand-in, and the real one may be any card of the deck not named yet.
    pub(super) fn redraw_hidden(&mut self, rng: &mut dyn RngCore, sides: &[usize]) {
        let decks: Vec<usize> = match self.sheet.deck {
            DeckMode::Single => vec![0],
            DeckMode::Dual => sides.to_vec(),
        };
        let naming = self.physical && self.has_named_cards();
        let confirmed = self.confirmed.clone();
        let hidden_card = |c: CardId| naming && !confirmed.get(c.0 as usize).copied().unwrap_or(false);
        let hidden_placed = |p: &Placed| !p.face_up || hidden_card(p.card);
        let mut hidden: Vec<CardId> = Vec::new();
        for &side in sides {
            hidden.extend(self.displays[side].cards().filter(|(_, _, p)| hidden_placed(p)).map(|(_, _, p)| p.card));
            if let Some(other) = &self.other_pair {
                hidden
                    .extend(other.displays[side].cards().filter(|(_, _, p)| hidden_placed(p)).map(|(_, _, p)| p.card));
            }
        }
        let digging = match self.phase {
            Phase::Digging { revealed: Some(c) } if hidden_card(c) && decks.contains(&self.deck_index(self.active)) => {
                Some(c)
            }
            _ => None,
        };
        hidden.extend(digging);
        for &d in &decks {
            hidden.extend(self.decks[d].pool.iter().copied());
            hidden.extend(self.decks[d].top.filter(|&c| hidden_card(c)));
            // Cards discarded face-down (1960) are out of sight too.
            hidden.extend(self.decks[d].discard.iter().filter(|x| !x.face_up).map(|x| x.card));
        }
        // A face-up card not named yet shows as a stand-in; a card the player has named and that went
        // back out of sight (into the deck) would show by its name there. So the stand-ins' places
        // take cards not named yet, and every other hidden place takes what is left.
        let stand_ins = sides
            .iter()
            .flat_map(|&side| {
                std::iter::once(&self.displays[side]).chain(self.other_pair.as_ref().map(|o| &o.displays[side]))
            })
            .flat_map(|d| d.cards())
            .filter(|(_, _, p)| p.face_up && hidden_card(p.card))
            .count()
            + usize::from(digging.is_some())
            + decks.iter().filter(|&&d| self.decks[d].top.is_some_and(hidden_card)).count();
        let (mut unnamed, named): (Vec<CardId>, Vec<CardId>) =
            hidden.into_iter().partition(|c| !confirmed.get(c.0 as usize).copied().unwrap_or(false));
        engine::shuffle(rng, &mut unnamed);
        let mut rest = unnamed.split_off(stand_ins.min(unnamed.len()));
        rest.extend(named);
        engine::shuffle(rng, &mut rest);
        let (mut for_stand_ins, mut for_others) = (unnamed.into_iter(), rest.into_iter());
        let mut put = |c: &mut CardId, stand_in: bool| {
            let next = if stand_in { for_stand_ins.next().or_else(|| for_others.next()) } else { for_others.next() };
            if let Some(n) = next {
                *c = n;
            }
        };
        for &side in sides {
            let other = self.other_pair.as_mut().map(|o| &mut o.displays[side]);
            for display in std::iter::once(&mut self.displays[side]).chain(other) {
                for stack in &mut display.slots {
                    stack.iter_mut().filter(|p| hidden_placed(p)).for_each(|p| put(&mut p.card, p.face_up));
                }
            }
        }
        if digging.is_some()
            && let Phase::Digging { revealed: Some(c) } = &mut self.phase
        {
            put(c, true);
        }
        for &d in &decks {
            self.decks[d].pool.iter_mut().for_each(|c| put(c, false));
            if let Some(top) = self.decks[d].top.as_mut().filter(|c| hidden_card(**c)) {
                put(top, true);
            }
            self.decks[d].discard.iter_mut().filter(|x| !x.face_up).for_each(|x| put(&mut x.card, false));
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

    /// Whether the table knows what this card is: always, except with a physical deck, where a card
    /// is only the table's stand-in until the player names it. Whatever a player reads (the view,
    /// reminders, labels) shows only cards known this way.
    /// (A card beside a display or kept aside by a rule is confirmed as it settles there:
    /// [`Self::remember_cards_placed_by_name`].)
    pub(crate) fn is_known(&self, card: CardId) -> bool {
        !self.physical || !self.has_named_cards() || self.is_confirmed(card)
    }

    /// A side's face-up display cards the table knows ([`Self::is_known`]): what the games' rules
    /// read, so that no rule or reminder acts on a physical deck's stand-in.
    pub(crate) fn known_face_up(&self, side: u8) -> impl Iterator<Item = (SlotName, CardId)> + '_ {
        self.display(side).face_up().filter(move |(_, c)| self.is_known(*c))
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

    /// Physical deck mode: a card beside a display or kept aside by a rule got there by its name
    /// (a setup that searches the deck for it, a face-up card named before), so it stays named
    /// wherever a rule moves it next (Pursuit of Glory's Russo-British Assault into the display).
    pub(super) fn remember_cards_placed_by_name(&mut self) {
        if !self.physical || !self.has_named_cards() {
            return;
        }
        // Runs at every settle: borrowed field by field, no list built.
        let confirmed = &mut self.confirmed;
        let waiting = self.other_pair.iter().flat_map(|p| p.displays.iter());
        let beside = self.displays.iter().chain(waiting).flat_map(|d| d.beside.iter().copied());
        for c in beside.chain(self.held.iter().map(|h| h.card)) {
            let at = c.0 as usize;
            if confirmed.len() <= at {
                confirmed.resize(at + 1, false);
            }
            confirmed[at] = true;
        }
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
        let by_kind = !self.kinds.is_empty();
        for c in hidden {
            if let Some(k) = self.confirmed.get_mut(c.0 as usize) {
                *k = false;
            }
            // A card named by its kind is any card again once it is back among the hidden ones.
            if by_kind {
                if let Some(name) = Arc::make_mut(&mut self.names).get_mut(c.0 as usize) {
                    *name = None;
                }
                if let Some(f) = self.facts.get_mut(c.0 as usize) {
                    *f = CardFacts::default();
                }
            }
        }
    }
}

impl CardTable {
    /// Where a card lies, in the words the events use ("the card in slot A of French's display",
    /// "the face-down card in slot C of ..."): how a physical table names a card the player has not
    /// named, since the table's number for it is printed on no real card.
    ///
    /// Only a card in sight has a place to name: where a hidden card lies is hidden too, so it is
    /// `None` for a face-down or undrawn card.
    pub(crate) fn place_words(&self, card: CardId) -> Option<String> {
        use crate::table_events::possessive;
        let pair_names = self.other_pair.as_ref().map(|o| o.names);
        let displays = self.displays.iter().enumerate().map(|(s, d)| (s, pair_names.map(|n| n[0]), d)).chain(
            self.other_pair
                .iter()
                .flat_map(|o| o.displays.iter().enumerate().map(move |(s, d)| (s, Some(o.names[1]), d))),
        );
        for (side, pair, display) in displays {
            let whose = possessive(&self.sheet.sides[side.min(1)]);
            let name = match pair {
                Some(pair) => format!("{whose} {pair} display"),
                None => format!("{whose} display"),
            };
            if let Some((slot, _, placed)) = display.cards().find(|(_, _, p)| p.card == card) {
                let stack = display.slot(slot).len();
                let which = if stack > 1 {
                    let index = display.slot(slot).iter().position(|p| p.card == card).unwrap_or(0);
                    let nth = match index + 1 {
                        1 => "1st".to_string(),
                        2 => "2nd".to_string(),
                        3 => "3rd".to_string(),
                        n => format!("{n}th"),
                    };
                    format!(" ({nth} of the {stack} cards there, from the bottom)")
                } else {
                    String::new()
                };
                return placed.face_up.then(|| format!("the card in slot {slot} of {name}{which}"));
            }
            if display.beside.contains(&card) {
                return Some(format!("the card beside {name}"));
            }
        }
        for (d, deck) in self.decks.iter().enumerate() {
            let whose = if self.decks.len() == 1 {
                "the deck".to_string()
            } else {
                format!("{} deck", possessive(&self.sheet.sides[d]))
            };
            if deck.top == Some(card) {
                return Some(format!("the face-up top card of {whose}"));
            }
            if let Some(x) = deck.discard.iter().find(|x| x.card == card) {
                let top = deck.discard.last().is_some_and(|x| x.card == card);
                return x.face_up.then(|| {
                    if top {
                        format!("the top card of the discard pile of {whose}")
                    } else {
                        format!("a card in the discard pile of {whose}")
                    }
                });
            }
        }
        if let Phase::Digging { revealed: Some(c) } = self.phase
            && c == card
        {
            return Some("the card turned up from the deck".into());
        }
        if let Some(held) = self.held.iter().find(|h| h.card == card) {
            let whose = &self.sheet.sides[usize::from(held.side & 1)];
            return Some(format!("the card {whose} keeps aside ({})", held.place));
        }
        None
    }
}

impl CardTable {
    /// The player says face-up `card` is a card of catalogue kind `kind`: it takes the kind's name
    /// and facts while it stays in sight.
    pub(super) fn name_kind(&mut self, card: CardId, kind: u16) {
        let Some(k) = self.kinds.get(usize::from(kind)).cloned() else { return };
        let at = card.0 as usize;
        let names = Arc::make_mut(&mut self.names);
        if names.len() <= at {
            names.resize(at + 1, None);
        }
        names[at] = Some(k.name);
        if self.facts.len() <= at {
            self.facts.resize(at + 1, CardFacts::default());
        }
        self.facts[at] = k.facts;
        if self.confirmed.len() <= at {
            self.confirmed.resize(at + 1, false);
        }
        self.confirmed[at] = true;
    }

    /// The order counts a card may have now: up to the units its kind prints, or to its side's
    /// command; any count the sheet allows for a card of unknown kind.
    pub(crate) fn order_counts(&self, card: CardId) -> Vec<u8> {
        use crate::manifest::Units;
        let all: Vec<u8> = self.sheet.lowest.values().collect();
        let most = match self.kind_of(card).and_then(|k| k.units) {
            Some(Units::Printed(n)) => n,
            Some(Units::EqualToCommand) => self.max_hand_size(self.active),
            None => return all,
        };
        all.into_iter().filter(|v| *v <= most).collect()
    }
}
