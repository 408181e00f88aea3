//! The deal and the refills: setting up a table from its playsheet and manifest, the later parts of a
//! deck, the second pair of displays, dealing and refilling the slots (the draws owed to them), and
//! the reshuffles. Everything here runs between decisions, as the table settles.

use super::*;

/// A catalogue's kinds, then the Section cards it leaves out (by flank and number of units, or
/// units equal to command) and a Tactic and a Leadership card not on it: a card of the real deck
/// that the catalogue misses can still be named by what the table needs to know of it.
fn with_kinds_not_listed(mut kinds: Vec<crate::manifest::CardKind>) -> Vec<crate::manifest::CardKind> {
    use crate::manifest::{CardKind, Flank, Units};
    if kinds.is_empty() {
        return kinds;
    }
    let kind = |name: String, special: bool, flank: Option<Flank>, units: Option<Units>| CardKind {
        name: CardName { number: None, name, joins: None, flags: Default::default() },
        facts: CardFacts { value: None, special: Some(special) },
        flank,
        units,
    };
    let mut added = Vec::new();
    for (flank, words) in [(Flank::Left, "left"), (Flank::Center, "center"), (Flank::Right, "right")] {
        let choices = (1..=4u8).map(Units::Printed).chain([Units::EqualToCommand]);
        for units in choices {
            if kinds.iter().any(|k| k.flank == Some(flank) && k.units == Some(units)) {
                continue;
            }
            let orders = match units {
                Units::Printed(1) => "1 unit".to_string(),
                Units::Printed(n) => format!("{n} units"),
                Units::EqualToCommand => "units equal to command".to_string(),
            };
            // No comma in the name: lists of kinds are written comma-separated.
            added.push(kind(
                format!("another {words} Section card ordering {orders}"),
                false,
                Some(flank),
                Some(units),
            ));
        }
    }
    added.push(kind("another Tactic card".into(), true, None, None));
    added.push(kind("another Leadership card".into(), false, None, None));
    kinds.extend(added);
    kinds
}

impl CardTable {
    pub(super) fn new_table(setup: &TableSetup) -> Result<Self, SetupError> {
        let sheet = playsheet(&setup.game).map_err(|e| SetupError(e.to_string()))?;
        let decks_needed = if sheet.deck == DeckMode::Dual { 2 } else { 1 };
        let listed: [Vec<(CardName, CardFacts)>; 2] = match &setup.manifest {
            None => Default::default(),
            Some(manifest) => {
                if manifest.game != sheet.id {
                    return Err(SetupError(format!(
                        "the manifest is for '{}', but the table is set up for '{}'",
                        manifest.game, sheet.id
                    )));
                }
                manifest.validate().map_err(|e| SetupError(e.to_string()))?;
                manifest.deck_cards(&sheet)
            }
        };
        let sizes = match (&setup.deck_size, &setup.manifest) {
            (Some(sizes), _) => *sizes,
            (None, Some(manifest)) => match manifest.deck_sizes() {
                Some(sizes) => sizes,
                None if manifest.complete => {
                    let count = |d: &Vec<(CardName, CardFacts)>| u16::try_from(d.len()).unwrap_or(u16::MAX);
                    [count(&listed[0]), count(&listed[1])]
                }
                None => sheet.deck_size,
            },
            (None, None) => sheet.deck_size,
        };
        for (d, &size) in sizes[..decks_needed].iter().enumerate() {
            if listed[d].len() > usize::from(size) {
                let whose = if decks_needed == 1 { "the shared deck".to_string() } else { sheet.sides[d].clone() };
                return Err(SetupError(format!(
                    "deck_size {size} is smaller than the {} cards the manifest lists for {whose}",
                    listed[d].len()
                )));
            }
        }
        for &size in &sizes[..decks_needed] {
            if !(8..=999).contains(&size) {
                return Err(SetupError(format!("deck_size {size} is out of range (8 to 999 cards)")));
            }
        }
        let default_hand = if sheet.default_hand_size > 0 { sheet.default_hand_size } else { 7 };
        let hand = setup.hand_size.unwrap_or([default_hand; 2]);
        if hand.iter().any(|h| !(1..=MAX_MARKER).contains(h)) {
            return Err(SetupError(format!(
                "hand_size {} and {} is out of range (1 to {MAX_MARKER})",
                hand[0], hand[1]
            )));
        }
        let mut decks = vec![Deck::default(); decks_needed];
        let mut next = 1u16;
        let mut facts = vec![CardFacts::default()];
        let mut names: Vec<Option<CardName>> = vec![None];
        for ((deck, &size), known) in decks.iter_mut().zip(&sizes).zip(&listed) {
            deck.pool = (next..next + size).map(CardId).collect();
            next += size;
            // The manifest's cards first, in the order of the file, then anonymous ones.
            for k in 0..usize::from(size) {
                let (name, fact) = match known.get(k) {
                    Some((name, fact)) => (Some(name.clone()), *fact),
                    None => (None, CardFacts::default()),
                };
                names.push(name);
                facts.push(fact);
            }
        }
        if setup.manifest.is_none() {
            names.clear();
        }
        let mut table = CardTable {
            displays: Default::default(),
            decks,
            facts,
            names: Arc::new(names),
            kinds: Arc::new(match &setup.manifest {
                Some(manifest) => with_kinds_not_listed(manifest.card_kinds(&sheet)),
                None => Vec::new(),
            }),
            max_hand_size: hand,
            cards_remaining: if sheet.cards_remaining { hand } else { [0; 2] },
            active: 0,
            turn: 1,
            phase: Phase::Start,
            pending: VecDeque::new(),
            owed: Vec::new(),
            last_roll: None,
            last_selected: None,
            last_inactive: None,
            markers: Vec::new(),
            held: Vec::new(),
            deck_sizes: sizes,
            physical: setup.physical,
            nations: setup.nations.max(1),
            confirmed: Vec::new(),
            tags: Vec::new(),
            last_played_slot: None,
            other_pair: None,
            waiting_slots: [0; 2],
            next_card: next,
            sheet,
        };
        table.hold_back_later_parts();
        for side in 0..2 {
            table.set_targets(side);
            table.deal(side);
        }
        table.rules().setup(&mut table);
        table.settle();
        Ok(table)
    }

    /// Cards a manifest assigns to a later part of the deck wait outside it (held at
    /// [`WAITING_TO_JOIN`]) until a game rule adds their part.
    pub(super) fn hold_back_later_parts(&mut self) {
        for d in 0..self.decks.len() {
            let side = u8::try_from(d).unwrap_or(0);
            let later: Vec<CardId> =
                self.decks[d].pool.iter().copied().filter(|c| self.part_of(*c).is_some()).collect();
            self.decks[d].pool.retain(|c| !later.contains(c));
            self.held.extend(later.into_iter().map(|card| Held { card, side, place: WAITING_TO_JOIN }));
        }
    }

    /// The cards of `side`'s deck still waiting to join it with the part `part`.
    pub(crate) fn waiting(&self, side: u8, part: &str) -> Vec<CardId> {
        let d = self.deck_index(side);
        self.held
            .iter()
            .filter(|h| {
                h.place == WAITING_TO_JOIN && self.deck_index(h.side) == d && self.part_of(h.card) == Some(part)
            })
            .map(|h| h.card)
            .collect()
    }

    /// Every later part of `side`'s deck the manifest names, in the order of its cards; the list
    /// never changes during a game, so a part's place in it is a stable way to name it.
    pub(crate) fn later_parts(&self, side: u8) -> Vec<String> {
        let d = self.deck_index(side);
        let start: u16 = 1 + self.deck_sizes.iter().take(d).sum::<u16>();
        let end: u16 = start + self.deck_sizes.get(d).copied().unwrap_or(0);
        let mut parts: Vec<String> = Vec::new();
        for id in start..end {
            if let Some(part) = self.part_of(CardId(id))
                && !parts.iter().any(|p| p == part)
            {
                parts.push(part.to_string());
            }
        }
        parts
    }

    /// Puts the waiting cards of `part` into `side`'s undrawn deck (the caller reshuffles as its
    /// rule says).
    pub(crate) fn join_part(&mut self, side: u8, part: &str) {
        let cards = self.waiting(side, part);
        self.held.retain(|h| !cards.contains(&h.card));
        let d = self.deck_index(side);
        self.decks[d].pool.extend(cards);
    }

    /// Opens a second, empty pair of displays, waiting behind the current one.
    pub(crate) fn open_second_pair(&mut self, front: &'static str, waiting: &'static str) {
        self.other_pair = Some(Box::new(OtherPair {
            displays: Default::default(),
            max_hand_size: self.max_hand_size,
            names: [front, waiting],
        }));
    }

    /// Brings the waiting pair of displays to the front (with its Max Hand Size markers).
    pub(crate) fn swap_pairs(&mut self) {
        if let Some(other) = self.other_pair.as_mut() {
            std::mem::swap(&mut self.displays, &mut other.displays);
            std::mem::swap(&mut self.max_hand_size, &mut other.max_hand_size);
            other.names.swap(0, 1);
        }
    }

    /// Sets the card slots of both front displays from their Max Hand Sizes and deals them.
    pub(crate) fn deal_front_pair(&mut self) {
        for side in 0..2 {
            self.set_targets(side);
            self.deal(side);
        }
    }

    /// A new anonymous card joins `side`'s undrawn deck (a card the manifest does not list).
    pub(crate) fn add_anonymous_card(&mut self, side: u8) -> CardId {
        let card = CardId(self.next_card);
        self.next_card += 1;
        self.facts.push(CardFacts::default());
        let d = self.deck_index(side);
        self.decks[d].pool.push(card);
        card
    }

    /// One card per card slot, plus the Variable Hand Size extras for the side with the larger hand.
    /// Re-applies the Variable Hand Size table after a Max Hand Size changed: the side with the larger
    /// hand gets its extra slots (filled face-down at once); a side that lost them keeps its cards
    /// until they are played.
    pub(crate) fn reconcile_hand_sizes(&mut self) {
        for side in 0..2 {
            self.set_targets(side);
            self.fill_short_slots(side, self.sheet.card_slots(), Facing::FaceDown);
        }
    }

    pub(super) fn set_targets(&mut self, side: u8) {
        let slots = self.sheet.card_slots();
        let mut target = [0u8; 5];
        for s in slots.iter() {
            target[s.index()] = 1;
        }
        if let Some(vhs) = &self.sheet.variable_hand_size
            && self.sheet.max_hand_size == MaxHandSize::Command
        {
            let [mine, theirs] = [self.max_hand_size[side as usize], self.max_hand_size[1 - side as usize]];
            for s in vhs.slots_for(mine.saturating_sub(theirs)).iter() {
                target[s.index()] = 2;
            }
        }
        self.displays[side as usize].target = target;
    }

    /// Queues the setup deal of one side: the first card of each slot faces as the sheet says, any
    /// extra card goes face-down.
    pub(super) fn deal(&mut self, side: u8) {
        let display = &self.displays[side as usize];
        let mut queue = Vec::new();
        for (slot, missing) in display.short_slots(self.sheet.card_slots()) {
            for k in 0..missing {
                let first = display.slot(slot).len() + k == 0;
                let facing =
                    if first && self.sheet.setup_face_up.contains(slot) { Facing::FaceUp } else { Facing::FaceDown };
                queue.push(Pending::Fill { side, slot, facing, only_if_short: false });
            }
        }
        self.pending.extend(queue);
    }

    /// Queues fills for every short slot of a display.
    pub(super) fn fill_short_slots(&mut self, side: u8, slots: SlotSet, facing: Facing) {
        let waiting = self.waiting_slots[usize::from(side & 1)];
        let fills: Vec<Pending> = self.displays[side as usize]
            .short_slots(slots)
            .filter(|(slot, _)| waiting & (1 << slot.index()) == 0)
            .flat_map(|(slot, missing)| {
                std::iter::repeat_n(Pending::Fill { side, slot, facing, only_if_short: true }, missing)
            })
            .collect();
        self.pending.extend(fills);
    }

    /// The sides whose displays a reshuffle of `side`'s deck touches.
    pub(super) fn reshuffle_sides(&self, side: u8) -> Vec<u8> {
        match (self.sheet.deck, self.sheet.reshuffle_scope) {
            (DeckMode::Single, ReshuffleScope::Both) => vec![0, 1],
            _ => vec![side],
        }
    }

    /// Carries out a reshuffle of `side`'s deck.
    pub(crate) fn reshuffle(&mut self, side: u8, kind: ReshuffleKind) {
        let d = self.deck_index(side);
        let sides = self.reshuffle_sides(side);
        match kind {
            ReshuffleKind::KeepDisplay => self.decks[d].shuffle_in_discards(),
            ReshuffleKind::DiscardFaceDown => {
                for &s in &sides {
                    let display = &mut self.displays[s as usize];
                    for stack in &mut display.slots {
                        let (down, up): (Vec<Placed>, Vec<Placed>) = stack.drain(..).partition(|p| !p.face_up);
                        *stack = up;
                        for p in down {
                            self.decks[d].discard(p.card);
                        }
                    }
                }
                self.decks[d].shuffle_in_discards();
                let slots = self.sheet.card_slots();
                for &s in &sides {
                    self.fill_short_slots(s, slots, Facing::FaceDown);
                }
            }
            ReshuffleKind::Redeal => {
                for &s in &sides {
                    let cards: Vec<CardId> = self.displays[s as usize]
                        .slots
                        .iter_mut()
                        .flat_map(|stack| stack.drain(..))
                        .map(|p| p.card)
                        .collect();
                    for c in cards {
                        self.decks[d].discard(c);
                    }
                }
                if let Some(top) = self.decks[d].top.take() {
                    self.decks[d].pool.push(top);
                }
                self.decks[d].shuffle_in_discards();
                self.owed.retain(|_| false);
                for &s in &sides {
                    self.deal(s);
                }
            }
        }
    }

    /// Called when a draw finds `side`'s deck empty. Returns whether cards can now be drawn.
    pub(super) fn exhausted(&mut self, side: u8) -> bool {
        let d = self.deck_index(side);
        if self.decks[d].discard.is_empty() {
            return false;
        }
        self.reshuffle(side, self.sheet.exhaustion);
        !self.decks[d].is_empty()
    }

    /// Places a card drawn for a pending fill.
    pub(super) fn place(&mut self, side: u8, slot: SlotName, card: CardId, face_up: bool) {
        self.displays[side as usize].slot_mut(slot).push(Placed { card, face_up });
    }

    /// Runs every step that needs no decision: fills that the face-up top of a deck satisfies,
    /// reshuffles on exhaustion, phase changes. Stops at the first chance node or decision.
    pub(crate) fn settle(&mut self) {
        self.settle_steps();
        if self.pending.is_empty() && self.rules().settled(self) {
            self.settle_steps();
        }
        self.remember_cards_placed_by_name();
        self.forget_hidden();
    }

    pub(super) fn settle_steps(&mut self) {
        loop {
            if self.dual() && self.sheet.exhaustion == ReshuffleKind::KeepDisplay {
                // A Dual Deck whose slot C runs empty takes its discards back at once.
                for d in 0..2 {
                    if self.decks[d].is_empty() && !self.decks[d].discard.is_empty() {
                        self.decks[d].shuffle_in_discards();
                    }
                }
            }
            if let Some(&pending) = self.pending.front() {
                let side = pending.side();
                let d = self.deck_index(side);
                match pending {
                    Pending::Fill { slot, only_if_short: true, .. }
                        if self.displays[side as usize].slot(slot).len()
                            >= self.displays[side as usize].target[slot.index()] as usize =>
                    {
                        self.pending.pop_front();
                        continue;
                    }
                    Pending::RevealTop { .. } if self.decks[d].top.is_some() => {
                        self.pending.pop_front();
                        continue;
                    }
                    Pending::Fill { slot, facing, .. }
                        if self.held.iter().any(|h| h.side == side && h.place == NEXT_REFILL) =>
                    {
                        // A card a game rule set aside for it fills the slot instead of the deck.
                        if let Some(i) = self.held.iter().position(|h| h.side == side && h.place == NEXT_REFILL) {
                            let card = self.held.remove(i).card;
                            self.place(side, slot, card, facing != Facing::FaceDown);
                        }
                        self.pending.pop_front();
                        continue;
                    }
                    Pending::Fill { slot, facing, .. }
                        if self.rules().surplus_refills() && self.surplus_card(side, slot).is_some() =>
                    {
                        // The extra card of a slot that no longer takes two fills the empty slot.
                        if let Some((from, index)) = self.surplus_card(side, slot) {
                            let p = self.displays[side as usize].slot_mut(from).remove(index);
                            // A card the player has seen stays face-up.
                            self.place(side, slot, p.card, p.face_up || facing != Facing::FaceDown);
                        }
                        self.pending.pop_front();
                        continue;
                    }
                    Pending::Fill { slot, facing, .. } if self.decks[d].top.is_some() => {
                        if let Some(top) = self.decks[d].top.take() {
                            self.place(side, slot, top, facing != Facing::FaceDown);
                        }
                        self.pending.pop_front();
                        continue;
                    }
                    Pending::ToHeld { place, .. } if self.decks[d].top.is_some() => {
                        if let Some(top) = self.decks[d].top.take() {
                            self.held.push(Held { card: top, side, place });
                        }
                        self.pending.pop_front();
                        continue;
                    }
                    Pending::DigDraw { .. } if self.decks[d].top.is_some() => {
                        self.phase = Phase::Digging { revealed: self.decks[d].top.take() };
                        self.pending.pop_front();
                        continue;
                    }
                    _ => {}
                }
                if self.decks[d].pool.is_empty() {
                    if !self.exhausted(side) {
                        // Nothing left to draw anywhere: the slot stays short.
                        self.pending.pop_front();
                        if matches!(pending, Pending::DigDraw { .. }) {
                            self.phase = Phase::Digging { revealed: None };
                        }
                    }
                    continue;
                }
                return; // a chance node: which card comes off the deck
            }
            match &self.phase {
                Phase::FlipChoice { face } => {
                    let display = self.display(self.active);
                    let up = display.face_up_count() + usize::from(self.visible_top(self.active).is_some());
                    let down = display.face_down_count() + usize::from(self.face_down_top(self.active));
                    if fate_die::face_two_flips_needed(up, down) == 0 {
                        self.phase = Phase::Choose { face: *face, played: 0, slot_rest: None };
                        continue;
                    }
                    return;
                }
                Phase::Selecting { target, slot, .. } => {
                    let (target, slot) = (*target, *slot);
                    match self.selection_candidates(target, slot).len() {
                        0 => self.finish_selection(None),
                        1 => self.choose_candidate(target, slot, 0),
                        _ => return,
                    }
                    continue;
                }
                _ => return,
            }
        }
    }

    /// The last card of the first slot of `side` (other than `to`) holding more cards than its
    /// target, as (slot, index).
    pub(super) fn surplus_card(&self, side: u8, to: SlotName) -> Option<(SlotName, usize)> {
        let display = self.display(side);
        SlotName::ALL
            .into_iter()
            .filter(|&s| s != to && display.slot(s).len() > usize::from(display.target[s.index()]))
            .map(|s| (s, display.slot(s).len() - 1))
            .next()
    }
}
