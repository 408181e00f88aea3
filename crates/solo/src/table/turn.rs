//! The turn and the Fate Die: what the roll allows, playing and discarding cards, the inactive side's
//! plays, the end of a turn, and carrying out each decision of the common system.

use super::*;

impl CardTable {
    /// The cards the current roll lets the active side play, or the fact still needed to know.
    pub(crate) fn eligible(&self) -> Result<Vec<CardId>, NeededFact> {
        let Phase::Choose { face, played, slot_rest } = &self.phase else { return Ok(Vec::new()) };
        if *played > 0 {
            return Ok(match (self.sheet.plays_per_turn, slot_rest) {
                (PlaysPerTurn::WholeSlot, Some(rest)) => {
                    let display = self.display(self.active);
                    rest.iter().copied().filter(|c| display.face_up().any(|(_, x)| x == *c)).collect()
                }
                _ => Vec::new(),
            });
        }
        let facts = |c: CardId| self.facts(c);
        fate_die::eligible_cards(&self.sheet, *face, self.display(self.active), self.visible_top(self.active), &facts)
    }

    /// Whether face 2 of an Event sheet lets `card` be played for its event only: it is allowed as
    /// an Event card but is not among the lowest-valued face-up cards (those may be played for any
    /// purpose). Every card of these games carries an event, so reading the face as "an Event card, for
    /// any purpose" would allow any card for anything (docs/playsheet-rules.md).
    pub(crate) fn face_two_event_only(&self, card: CardId) -> bool {
        let Phase::Choose { face: 2, played: 0, .. } = &self.phase else { return false };
        if !self.sheet.face_two_type.eq_ignore_ascii_case("event") || !self.sheet.lowest.is_numeric() {
            return false;
        }
        let facts = |c: CardId| self.facts(c);
        match fate_die::face_two_lowest(&self.sheet, self.display(self.active), self.visible_top(self.active), &facts) {
            Ok(lowest) => !lowest.contains(&card),
            Err(_) => false,
        }
    }

    /// True when the unplayable-results dig is allowed: every display card is face-up and there
    /// are five of them.
    pub(crate) fn can_dig(&self) -> bool {
        let display = self.display(self.active);
        let cards = display.cards().count() + usize::from(self.visible_top(self.active).is_some());
        self.sheet.unplayable_rule
            && display.face_down_count() == 0
            && cards >= 5
            && !display.slot(SlotName::A).is_empty()
    }

    /// Whether `side`'s deck has a face-down top card that could be turned over (Dual Deck).
    pub(crate) fn face_down_top(&self, side: u8) -> bool {
        self.dual() && self.decks[side as usize].top.is_none() && !self.decks[side as usize].pool.is_empty()
    }

    /// Removes a card from `side`'s display (or the face-up top of its deck) to the discard pile,
    /// and queues the replacement the caller asks for.
    pub(crate) fn discard_card(&mut self, side: u8, card: CardId, refill: Option<Facing>) -> Option<SlotName> {
        let d = self.deck_index(side);
        let slot = if self.decks[d].top == Some(card) && self.dual() {
            self.decks[d].top = None;
            SlotName::C
        } else {
            self.displays[side as usize].take(card)?.0
        };
        self.decks[d].discard(card);
        if let Some(facing) = refill
            && self.sheet.card_slots().contains(slot)
        {
            self.fill_short_slots(side, SlotSet::of(&[slot]), facing);
        }
        Some(slot)
    }

    /// Plays a card from the active side's display for a purpose, and queues the refill of the
    /// face that allowed it.
    pub(super) fn play(&mut self, card: CardId, face: u8) {
        let side = self.active;
        let Some(slot) = self.discard_card(side, card, None) else { return };
        self.last_played_slot = Some(slot);
        if self.sheet.cards_remaining {
            self.cards_remaining[side as usize] = self.cards_remaining[side as usize].saturating_sub(1);
        }
        if face == 0 {
            return;
        }
        let rule = &self.sheet.face(face).refill;
        let slots = match rule.which {
            RefillWhich::PlayedSlot => SlotSet::of(&[slot]),
            RefillWhich::AnyEmpty => self.sheet.card_slots(),
            RefillWhich::Listed => rule.slots,
        };
        let allowed = SlotSet::of(&slots.iter().filter(|s| self.sheet.card_slots().contains(*s)).collect::<Vec<_>>());
        self.fill_short_slots(side, allowed, rule.facing);
    }

    pub(crate) fn end_turn(&mut self) {
        self.rules().end_of_turn(self);
        if self.sheet.lowest.depends_on_board() {
            for f in &mut self.facts {
                f.value = None;
            }
        }
        self.active = 1 - self.active;
        self.turn += 1;
        self.phase = Phase::Start;
        self.last_roll = None;
        // What the inactive side tried belongs to the turn that ended.
        self.last_inactive = None;
        self.tags.retain(|(_, m)| *m != BLOCKED_THIS_TURN);
    }

    /// Manoeuvre's Draw phase: each card the active side discarded this turn is replaced from its
    /// deck, even into a slot that is not empty. It comes before the side's card play, whether that
    /// follows a roll or is a set-aside card played instead.
    pub(super) fn draw_phase(&mut self) {
        let side = self.active;
        let facing = self.sheet.discard_refill;
        for slot in std::mem::take(&mut self.owed) {
            self.pending.push_back(Pending::Fill { side, slot, facing, only_if_short: false });
        }
    }

    /// Whether the inactive side must roll before playing this card: on sheets where `!!` blocks the
    /// inactive side, every card but one known to be ordinary (Manoeuvre's unit cards).
    pub(super) fn inactive_play_needs_roll(&self, card: CardId) -> bool {
        self.inactive_play_roll_label(card)
    }

    /// The inactive side's play of a card whose kind is known: a Fate Die roll first where the
    /// sheet asks for one, otherwise the play itself.
    pub(super) fn begin_inactive_play(&mut self, card: CardId, purpose: u8) {
        if self.inactive_play_needs_roll(card) {
            let back = Box::new(self.phase.clone());
            self.phase = Phase::InactiveRoll { card, purpose, back };
        } else {
            self.inactive_play(card, purpose, true);
        }
    }

    /// The inactive side plays one of its face-up cards, unless `!!` blocked it: the card goes to
    /// its discards, Cards Remaining drops, and the slot refills as the sheet says for discards.
    pub(super) fn inactive_play(&mut self, card: CardId, _purpose: u8, allowed: bool) {
        let side = 1 - self.active;
        self.last_inactive = Some((card, allowed));
        if !allowed {
            self.tags.push((card, BLOCKED_THIS_TURN));
            return;
        }
        self.discard_card(side, card, Some(self.sheet.discard_refill));
        if self.sheet.cards_remaining {
            self.cards_remaining[side as usize] = self.cards_remaining[side as usize].saturating_sub(1);
        }
    }

    /// The face-up cards the inactive side could play now: on sheets where `!!` gates its cards,
    /// during the active side's turn, and (where Cards Remaining is kept) while it has some left.
    pub(crate) fn inactive_playable(&self) -> Vec<CardId> {
        use crate::playsheet::BangKind;
        let side = 1 - self.active;
        if self.sheet.bang != BangKind::BlocksInactiveCard
            || (self.sheet.cards_remaining && self.cards_remaining[side as usize] == 0)
        {
            return Vec::new();
        }
        let mut cards: Vec<CardId> = self.display(side).face_up().map(|(_, c)| c).collect();
        cards.extend(self.visible_top(side));
        // A card Fate blocked is not tried again in the same turn.
        cards.retain(|c| !self.tags.iter().any(|(t, m)| t == c && *m == BLOCKED_THIS_TURN));
        cards
    }

    /// What to do after the Fate Die shows `face`.
    pub(super) fn fate(&mut self, face: u8) {
        self.last_roll = Some(face);
        let side = self.active;
        if face == 2 {
            self.phase = Phase::FlipChoice { face };
            return;
        }
        let slots = fate_die::flip_slots(face);
        self.displays[side as usize].flip_slots(slots);
        if self.dual() && slots.contains(SlotName::C) {
            self.pending.push_back(Pending::RevealTop { side });
        }
        self.phase = Phase::Choose { face, played: 0, slot_rest: None };
        self.rules().after_roll(self, face);
    }

    /// Asks for a Fate Die roll on behalf of a game rule; the result comes back through
    /// `SpecialRules::after_game_roll`, and the turn then goes on where it was.
    pub(crate) fn ask_game_roll(&mut self, special: crate::games::Special) {
        let back = Box::new(self.phase.clone());
        self.phase = Phase::GameRoll { special, back };
    }

    /// Asks for one card drawn at random from `cards` on behalf of a game rule (a shuffle of cards
    /// every player knows, taken one at a time); the card comes back through
    /// `SpecialRules::after_game_pick`. A single card needs no draw and is handed back at once.
    pub(crate) fn ask_game_pick(&mut self, special: crate::games::Special, cards: Vec<CardId>) {
        match cards.as_slice() {
            [] => {}
            [only] => {
                let only = *only;
                self.rules().after_game_pick(self, special, only);
            }
            _ => {
                let back = Box::new(self.phase.clone());
                self.phase = Phase::GamePick { special, cards, back };
            }
        }
    }

    pub(super) fn apply_action(&mut self, action: &TableAction) {
        let side = self.active;
        match *action {
            TableAction::Draw(card) => {
                let Some(pending) = self.pending.pop_front() else { return };
                let p_side = pending.side();
                let d = self.deck_index(p_side);
                self.decks[d].draw(card);
                match pending {
                    Pending::Fill { slot, facing, .. } => self.place(p_side, slot, card, facing == Facing::FaceUp),
                    Pending::RevealTop { .. } => self.decks[d].top = Some(card),
                    Pending::DigDraw { .. } => self.phase = Phase::Digging { revealed: Some(card) },
                    Pending::ToHeld { place, .. } => self.held.push(Held { card, side: p_side, place }),
                }
            }
            TableAction::Fate(face) => match self.phase.clone() {
                Phase::InactiveRoll { card, purpose, back } => {
                    self.phase = *back;
                    self.inactive_play(card, purpose, face != 1);
                }
                Phase::GameRoll { special, back } => {
                    self.phase = *back;
                    self.rules().after_game_roll(self, special, face);
                }
                _ => self.fate(face),
            },
            TableAction::Pick(card) => {
                let Phase::GamePick { special, back, .. } = std::mem::replace(&mut self.phase, Phase::Start) else {
                    return;
                };
                self.phase = *back;
                self.rules().after_game_pick(self, special, card);
            }
            TableAction::InactivePlay { card, purpose } => {
                if self.sheet.lowest == crate::playsheet::LowestMeasure::AnyOrdinaryCard
                    && self.facts(card).special.is_none()
                {
                    let back = Box::new(self.phase.clone());
                    self.phase = Phase::InactiveKind { card, purpose, back };
                } else {
                    self.begin_inactive_play(card, purpose);
                }
            }
            TableAction::Special(special) => crate::games::rules_for(&self.sheet.id).apply(self, special),
            TableAction::Identify { card, real } => self.identify(card, real),
            TableAction::NameKind { card, kind } => self.name_kind(card, kind),
            TableAction::Die(roll) => {
                let Phase::Selecting { target, slot, first_die, .. } = self.phase.clone() else { return };
                let n = self.selection_candidates(target, slot).len();
                if random_selection::dice_per_reading(n) == 2 && first_die.is_none() {
                    if let Phase::Selecting { first_die, .. } = &mut self.phase {
                        *first_die = Some(roll);
                    }
                    return;
                }
                let dice: Vec<u8> = first_die.into_iter().chain([roll]).collect();
                match random_selection::read_chart(n, &dice) {
                    ChartResult::Pick(i) => self.choose_candidate(target, slot, i),
                    ChartResult::Reroll => {
                        if let Phase::Selecting { first_die, .. } = &mut self.phase {
                            *first_die = None;
                        }
                    }
                }
            }
            TableAction::Roll => {
                self.draw_phase();
                self.phase = Phase::Rolling;
            }
            TableAction::Reroll => self.phase = Phase::Rolling,
            TableAction::Flip { slot, index } => {
                if self.dual() && slot == SlotName::C {
                    self.pending.push_back(Pending::RevealTop { side });
                } else if let Some(p) = self.displays[side as usize].slot_mut(slot).get_mut(index as usize) {
                    p.face_up = true;
                }
            }
            TableAction::Describe { card, value, special } => {
                if let Some(f) = self.facts.get_mut(card.0 as usize) {
                    if value.is_some() {
                        f.value = value;
                    }
                    if special.is_some() {
                        f.special = special;
                    }
                }
                // The kind of an inactive side's card was asked for its play: the play goes on.
                if let Phase::InactiveKind { purpose, back, .. } = self.phase.clone() {
                    self.phase = *back;
                    self.begin_inactive_play(card, purpose);
                }
            }
            TableAction::Play { card, .. } => {
                let Phase::Choose { face, played, .. } = self.phase.clone() else { return };
                let slot = self.display(side).find(card).map(|(s, _)| s);
                let rest = match (self.sheet.plays_per_turn, slot) {
                    (PlaysPerTurn::WholeSlot, Some(s)) if played == 0 && face >= 3 => {
                        Some(self.display(side).slot(s).iter().map(|p| p.card).filter(|c| *c != card).collect())
                    }
                    (PlaysPerTurn::WholeSlot, _) if played > 0 => match &self.phase {
                        Phase::Choose { slot_rest, .. } => slot_rest.clone(),
                        _ => None,
                    },
                    _ => None,
                };
                self.play(card, face);
                self.phase = Phase::Choose { face, played: played + 1, slot_rest: rest };
                if let TableAction::Play { purpose, .. } = *action {
                    self.remove_if_spent(card, purpose);
                    self.rules().after_play(self, card, purpose);
                }
            }
            TableAction::PlayBeside { card, .. } => {
                // Playing a set-aside card replaces the roll, not the Draw phase before it.
                self.draw_phase();
                let beside = &mut self.displays[side as usize].beside;
                beside.retain(|c| *c != card);
                let d = self.deck_index(side);
                self.decks[d].discard(card);
                if let TableAction::PlayBeside { purpose, .. } = *action {
                    self.remove_if_spent(card, purpose);
                }
                if self.sheet.cards_remaining {
                    self.cards_remaining[side as usize] = self.cards_remaining[side as usize].saturating_sub(1);
                }
                self.phase = Phase::Choose { face: 0, played: 1, slot_rest: None };
            }
            TableAction::Pass
                if self.sheet.move_card_without_play && matches!(self.phase, Phase::Choose { played: 0, .. }) =>
            {
                self.phase = Phase::MovingCard;
            }
            TableAction::Pass | TableAction::EndTurn => self.end_turn(),
            TableAction::MoveCard { from, index, to } => {
                if self.dual() && from == SlotName::C {
                    // The deck's top card keeps its facing: face-up if it was turned, else unseen.
                    self.pending.push_back(Pending::Fill {
                        side,
                        slot: to,
                        facing: Facing::MaintainFacing,
                        only_if_short: false,
                    });
                } else {
                    let stack = self.displays[side as usize].slot_mut(from);
                    if (index as usize) < stack.len() {
                        let card = stack.remove(index as usize);
                        self.displays[side as usize].slot_mut(to).push(card);
                    }
                }
                self.fill_short_slots(side, self.sheet.card_slots(), Facing::MaintainFacing);
                self.end_turn();
            }
            TableAction::Discard(_)
            | TableAction::SetAside(_)
            | TableAction::Marker(_)
            | TableAction::Reshuffle(_)
            | TableAction::AddCard
            | TableAction::RandomDiscard => self.apply_tool(side, action),
            TableAction::Dig => {
                if let Some(card) = self.display(side).slot(SlotName::A).last().map(|p| p.card) {
                    self.discard_card(side, card, None);
                }
                self.pending.push_back(Pending::DigDraw { side });
            }
            TableAction::DigNext => {
                if let Phase::Digging { revealed: Some(card) } = self.phase {
                    let d = self.deck_index(side);
                    self.decks[d].discard(card);
                    // The card is in the discard pile now, no longer the one turned up.
                    self.phase = Phase::Digging { revealed: None };
                }
                self.pending.push_back(Pending::DigDraw { side });
            }
            TableAction::DigPlay { card, purpose } => {
                let d = self.deck_index(side);
                self.decks[d].discard(card);
                if self.sheet.cards_remaining {
                    self.cards_remaining[side as usize] = self.cards_remaining[side as usize].saturating_sub(1);
                }
                self.fill_short_slots(side, SlotSet::of(&[SlotName::A]), Facing::FaceDown);
                self.phase = Phase::Choose { face: 0, played: 1, slot_rest: None };
                // The dig emptied slot A, the slot its refill goes to: a played card like any other.
                self.last_played_slot = Some(SlotName::A);
                self.remove_if_spent(card, purpose);
                self.rules().after_play(self, card, purpose);
            }
            TableAction::DigGiveUp => {
                self.fill_short_slots(side, SlotSet::of(&[SlotName::A]), Facing::FaceDown);
                self.phase = Phase::Choose { face: 0, played: 1, slot_rest: None };
            }
        }
    }
}
