//! The turn as the operation manual's pages run it: the Draw phase (two cards; an empty draw pile
//! loses), the Main phase (play cards paying both costs, Mankind's sacrifice, the table tools), the
//! cancel windows, and the end of the turn (Mankind's Heroes of the Resistance turned upright).

use crate::action::Action;
use crate::display::{BANG, DISPLAY_SLOTS, Fate, Held, Reveal, named_slots, slot_for_draw, slot_of};
use crate::side::{SLOTS, Side, Zone};
use crate::state::{CardId, Ending, InPlay, Invaders, Payment, Phase};

/// Why a side gets no chance to cancel (see [`Invaders::cannot_cancel`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NoCancel {
    /// Its Card Display shows no face-up cancel it could pay for.
    NoneFaceUp,
    /// One person plays both sides and sees that its hand holds no cancel it could pay for.
    NoneHeld,
    /// Its hand is empty.
    EmptyHand,
    /// None of its cards not yet seen is a cancel it could pay for with the cards it holds and
    /// its draw pile.
    NoneUnseen,
}

/// A chain settled without a chance to cancel: the side not asked, why, and the chain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Unanswered {
    pub by: Side,
    pub why: NoCancel,
    pub chain: Vec<(CardId, Option<Zone>)>,
}

/// The most tokens a card may carry (a bound for the tools, far above any real card's needs).
pub const MAX_TOKENS: u8 = 99;

fn take(list: &mut Vec<CardId>, card: CardId) -> bool {
    match list.iter().position(|&c| c == card) {
        Some(i) => {
            list.remove(i);
            true
        }
        None => false,
    }
}

fn insert_sorted(list: &mut Vec<CardId>, card: CardId) {
    let at = list.partition_point(|&c| c < card);
    list.insert(at, card);
}

impl Invaders {
    /// The side a pending chance draw comes from, or the side deciding, as the step stands.
    pub(crate) fn drawing_side(&self) -> Option<Side> {
        match self.phase {
            Phase::Deal { side, .. } => Some(side),
            Phase::Draw { .. } => Some(self.active),
            _ => None,
        }
    }

    /// The legal actions of whoever is to move.
    pub(crate) fn legal_into(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.phase == Phase::Over {
            return;
        }
        if let Some(r) = self.reveals.first() {
            out.extend(self.side(r.side).deck.iter().map(|&c| Action::Reveal(c)));
            return;
        }
        match self.phase {
            Phase::Over => {}
            Phase::Fate | Phase::FateCancel { .. } => out.extend((1..=6).map(Action::Fate)),
            Phase::Deal { .. } | Phase::Draw { .. } => {
                if let Some(side) = self.drawing_side() {
                    out.extend(self.side(side).deck.iter().map(|&c| Action::Draw(c)));
                }
            }
            Phase::Paying => {
                let Some(p) = self.payment else { return };
                if p.discard_left > 0 {
                    let payer = p.payer;
                    let hand = &self.side(payer).hand;
                    out.extend(hand.iter().filter(|&&c| self.first_copy(payer, c)).map(|&c| Action::PayDiscard(c)));
                    if let Some(slots) = self.display_slots(p.payer) {
                        for (i, slot) in slots.iter().enumerate() {
                            if slot.contains(&Held::FaceDown) {
                                out.push(Action::PayFaceDown(i as u8));
                            }
                        }
                    }
                } else {
                    out.extend(self.side(p.payer).deck.iter().map(|&c| Action::Drain(c)));
                }
            }
            Phase::Window { by } => {
                out.extend(self.cancels_offered(by).map(Action::Cancel));
                out.push(Action::LetStand);
            }
            Phase::Main => self.main_legal(out),
            Phase::MoveCard => self.move_card_legal(out),
        }
    }

    /// The cancels `by` may answer the last card of the chain with: cards of its hand (face-up
    /// cards, for a display) that cancel, that it can pay for and that the Fate Die has not
    /// stopped this turn; one of identical copies.
    fn cancels_offered(&self, by: Side) -> impl Iterator<Item = CardId> + '_ {
        self.side(by).hand.iter().copied().filter(move |&c| {
            self.card(c).cancels && self.can_pay(by, c) && self.first_copy(by, c) && !self.blocked.contains(&c)
        })
    }

    /// Why `by` gets no chance to cancel the card just paid for, judged on what the side that
    /// paid can see, or `None` when it gets one. A display's cancels are its face-up cards, on
    /// the table for all; in a game one person plays, that person sees the hand too. A hand
    /// hidden from the other side is judged by what the other side can know of it: how many
    /// cards it holds, how many its draw pile has, and which of its cards are not yet seen (its
    /// hand and draw pile together). Only when none of those could be a cancel it could pay for
    /// is it passed over, so that being asked, or not, tells nothing about the hand.
    pub(crate) fn cannot_cancel(&self, by: Side) -> Option<NoCancel> {
        if self.displayed(by) {
            return self.cancels_offered(by).next().is_none().then_some(NoCancel::NoneFaceUp);
        }
        if self.one_person() {
            return self.cancels_offered(by).next().is_none().then_some(NoCancel::NoneHeld);
        }
        let s = self.side(by);
        let held = s.hand.len();
        if held == 0 {
            return Some(NoCancel::EmptyHand);
        }
        let pile = self.draw_pile(by);
        let could = s.hand.iter().chain(&s.deck).any(|&c| {
            let card = self.card(c);
            card.cancels && held > usize::from(card.discard) && pile >= usize::from(card.drain)
        });
        (!could).then_some(NoCancel::NoneUnseen)
    }

    /// The card just paid for (or the cancel whose Fate Die stopped it) waits for `by`'s answer,
    /// unless `by` cannot cancel: then the chain settles as if `by` had let it stand.
    fn open_window(&mut self, by: Side) {
        if let Some(why) = self.cannot_cancel(by) {
            self.unanswered = Some(Unanswered { by, why, chain: self.chain.clone() });
            self.settle_chain();
        } else {
            self.phase = Phase::Window { by };
        }
    }

    /// The side whose card or die a pending chance step turns up: the side drawing, draining,
    /// rolling or turning a face-down card. `None` when a player is to decide.
    pub(crate) fn chance_side(&self) -> Option<Side> {
        if self.phase == Phase::Over {
            return None;
        }
        if let Some(r) = self.reveals.first() {
            return Some(r.side);
        }
        match self.phase {
            Phase::Deal { side, .. } => Some(side),
            Phase::Draw { .. } | Phase::Fate => Some(self.active),
            Phase::FateCancel { by, .. } => Some(by),
            Phase::Paying => self.payment.filter(|p| p.discard_left == 0).map(|p| p.payer),
            _ => None,
        }
    }

    fn main_legal(&self, out: &mut Vec<Action>) {
        let me = self.active;
        if let Some(slots) = self.display_slots(me)
            && self.fate.as_ref().is_some_and(|f| f.flips_left > 0)
        {
            for (i, slot) in slots.iter().enumerate() {
                if slot.contains(&Held::FaceDown) {
                    out.push(Action::Flip(i as u8));
                }
            }
            return;
        }
        for &c in &self.side(me).hand {
            let card = self.card(c);
            // A cancel card is played only against a card being played.
            if card.cancels || !self.can_pay(me, c) || !self.fate_allows(c) || !self.first_copy(me, c) {
                continue;
            }
            if card.enters_play() {
                for zone in Zone::ALL {
                    if self.has_room(me, zone) {
                        out.push(Action::Play { card: c, zone: Some(zone) });
                    }
                }
            } else {
                out.push(Action::Play { card: c, zone: None });
            }
        }
        if me == Side::Mankind {
            for zone in Zone::ALL {
                let column = &self.side(me).zones[zone.index()];
                if column.len() == SLOTS {
                    out.extend(column.iter().map(|p| Action::Sacrifice(p.card)));
                }
            }
        }
        // A display side that has played nothing says so, and may then move a card: its turn
        // ends either way, so that is its only way to end the turn.
        let may_move = self.displayed(me) && !self.played_this_turn;
        out.push(if may_move { Action::PlayNoCard } else { Action::EndTurn });
        // The table tools.
        for zone in Zone::ALL {
            for p in &self.side(me).zones[zone.index()] {
                if !(self.card(p.card).heroes && p.turned) {
                    out.push(Action::Use(p.card));
                }
                if p.tokens < MAX_TOKENS {
                    out.push(Action::AddToken(p.card));
                }
                if p.tokens > 0 {
                    out.push(Action::RemoveToken(p.card));
                }
                for to in Zone::ALL {
                    if to != zone && self.has_room(me, to) {
                        out.push(Action::MoveTo { card: p.card, zone: to });
                    }
                }
            }
        }
        for side in Side::BOTH {
            for zone in Zone::ALL {
                out.extend(self.side(side).zones[zone.index()].iter().map(|p| Action::Destroy(p.card)));
            }
        }
        out.push(Action::DrawByText);
        out.push(Action::DormantStrategy);
        if me == Side::Invader {
            out.push(Action::InvasionPlot);
        }
        out.extend(Side::BOTH.map(Action::DeclareWinner));
    }

    /// Applies a legal action, then every step that needs no decision.
    pub(crate) fn apply_unchecked(&mut self, action: Action) {
        self.unanswered = None;
        match action {
            Action::Draw(c) => {
                if let Some(side) = self.drawing_side() {
                    let s = self.side_mut(side);
                    take(&mut s.deck, c);
                    insert_sorted(&mut s.hand, c);
                }
                self.phase = match self.phase {
                    Phase::Deal { side, left } => Phase::Deal { side, left: left.saturating_sub(1) },
                    Phase::Draw { left } => Phase::Draw { left: left.saturating_sub(1) },
                    other => other,
                };
            }
            Action::Drain(c) => {
                if let Some(p) = self.payment.as_mut() {
                    p.drain_left = p.drain_left.saturating_sub(1);
                    let payer = p.payer;
                    let s = self.side_mut(payer);
                    take(&mut s.deck, c);
                    s.discard.push(c);
                }
            }
            Action::Fate(face) => self.fate_rolled(face),
            Action::Reveal(c) => self.revealed(c),
            Action::PayFaceDown(slot) => {
                if let Some(p) = self.payment.as_mut() {
                    p.discard_left = p.discard_left.saturating_sub(1);
                    let side = p.payer;
                    self.reveals.push(Reveal { side, slot, to_discard: true });
                }
            }
            Action::Flip(slot) => {
                if let Some(f) = self.fate.as_mut() {
                    f.flips_left = f.flips_left.saturating_sub(1);
                }
                self.reveals.push(Reveal { side: self.active, slot, to_discard: false });
            }
            Action::PlayNoCard => self.phase = Phase::MoveCard,
            Action::PickUp { card, from } => self.lifted = Some((card, from)),
            Action::PutDown(to) => {
                if let Some((card, from)) = self.lifted
                    && let Some(slots) = self.side_mut(self.active).display.as_mut()
                {
                    let held = card.map_or(Held::FaceDown, Held::FaceUp);
                    let stack = &mut slots[usize::from(from)];
                    if let Some(i) = stack.iter().position(|h| *h == held) {
                        stack.remove(i);
                        slots[usize::from(to)].push(held);
                    }
                }
                self.end_turn();
            }
            Action::Play { card, zone } => {
                let me = self.active;
                self.played_this_turn = true;
                self.note_display_play(card);
                self.take_held(me, card);
                let c = self.card(card);
                self.payment = Some(Payment { card, payer: me, zone, discard_left: c.discard, drain_left: c.drain });
                self.phase = Phase::Paying;
            }
            Action::PayDiscard(c) => {
                if let Some(p) = self.payment.as_mut() {
                    p.discard_left = p.discard_left.saturating_sub(1);
                    let payer = p.payer;
                    self.take_held(payer, c);
                    self.side_mut(payer).discard.push(c);
                }
            }
            Action::Sacrifice(c) | Action::Destroy(c) => self.discard_from_play(c),
            Action::EndTurn => self.end_turn(),
            Action::Cancel(c) => {
                if let Phase::Window { by } = self.phase {
                    if self.displayed(by) {
                        self.phase = Phase::FateCancel { by, card: c };
                    } else {
                        self.begin_cancel(by, c);
                    }
                }
            }
            Action::LetStand => self.settle_chain(),
            Action::Use(c) => {
                if self.card(c).heroes
                    && let Some(p) = self.in_play_mut(c)
                {
                    p.turned = true;
                }
            }
            Action::AddToken(c) => {
                if let Some(p) = self.in_play_mut(c) {
                    p.tokens = (p.tokens + 1).min(MAX_TOKENS);
                }
            }
            Action::RemoveToken(c) => {
                if let Some(p) = self.in_play_mut(c) {
                    p.tokens = p.tokens.saturating_sub(1);
                }
            }
            Action::MoveTo { card, zone } => {
                if let Some((side, from, i)) = self.in_play(card) {
                    let s = self.side_mut(side);
                    let p = s.zones[from.index()].remove(i);
                    s.zones[zone.index()].push(p);
                }
            }
            Action::DrawByText => self.phase = Phase::Draw { left: 1 },
            // The players resolve these; the log keeps that they were used.
            Action::DormantStrategy | Action::InvasionPlot => {}
            Action::DeclareWinner(winner) => self.ending = Some(Ending::Declared { winner }),
        }
        self.settle();
    }

    /// After "play no card": which card to move (or none, ending the turn), then where to.
    fn move_card_legal(&self, out: &mut Vec<Action>) {
        let Some(slots) = self.display_slots(self.active) else { return };
        match self.lifted {
            Some((_, from)) => {
                out.extend((0..DISPLAY_SLOTS as u8).filter(|&t| t != from).map(Action::PutDown));
            }
            None => {
                for (from, slot) in slots.iter().enumerate() {
                    let mut movers: Vec<Option<CardId>> = Vec::new();
                    for h in slot {
                        let card = match *h {
                            Held::FaceUp(c) => Some(c),
                            Held::FaceDown => None,
                        };
                        // Face-down cards of a slot are alike to everyone; identical face-up
                        // copies too.
                        let alike = movers.iter().any(|&m| match (m, card) {
                            (Some(a), Some(b)) => self.card(a) == self.card(b),
                            (None, None) => true,
                            _ => false,
                        });
                        if !alike {
                            movers.push(card);
                        }
                    }
                    out.extend(movers.into_iter().map(|card| Action::PickUp { card, from: from as u8 }));
                }
                out.push(Action::EndTurn);
            }
        }
    }

    /// Whether `card` is the first of its identical copies that `side` holds (in the same slot, for
    /// a display): playing or discarding one copy or another decides nothing, so only one is
    /// offered.
    pub(crate) fn first_copy(&self, side: Side, card: CardId) -> bool {
        !self.side(side).hand.iter().any(|&c| c < card && self.alike(side, c, card))
    }

    /// Whether two cards `side` holds are the same choice: identical, in the same slot of a
    /// display, and both stopped by the Fate Die this turn or neither.
    fn alike(&self, side: Side, a: CardId, b: CardId) -> bool {
        let slot = |c: CardId| self.display_slots(side).and_then(|s| slot_of(s, c));
        self.card(a) == self.card(b) && self.blocked.contains(&a) == self.blocked.contains(&b) && slot(a) == slot(b)
    }

    /// `action` with its card replaced by the first identical copy the deciding side holds: the
    /// action offered for the same decision.
    pub(crate) fn first_copy_of(&self, action: &Action) -> Action {
        let side = match self.phase {
            Phase::Paying => self.payment.map_or(self.active, |p| p.payer),
            Phase::Window { by } => by,
            _ => self.active,
        };
        // The hand is sorted: the first alike card found is the lowest, the one offered.
        let first =
            |card: CardId| self.side(side).hand.iter().copied().find(|&c| self.alike(side, c, card)).unwrap_or(card);
        match *action {
            Action::Play { card, zone } => Action::Play { card: first(card), zone },
            Action::PayDiscard(c) => Action::PayDiscard(first(c)),
            Action::Cancel(c) => Action::Cancel(first(c)),
            other => other,
        }
    }

    /// `by` pays for its cancel `c`, taken from its hand or display.
    fn begin_cancel(&mut self, by: Side, c: CardId) {
        if by == self.active {
            self.played_this_turn = true;
        }
        self.take_held(by, c);
        let card = self.card(c);
        self.payment =
            Some(Payment { card: c, payer: by, zone: None, discard_left: card.discard, drain_left: card.drain });
        self.phase = Phase::Paying;
    }

    /// A card leaves `side`'s hand, and its display if one runs the side.
    fn take_held(&mut self, side: Side, card: CardId) {
        let s = self.side_mut(side);
        take(&mut s.hand, card);
        if let Some(slots) = s.display.as_mut() {
            for stack in slots.iter_mut() {
                if let Some(i) = stack.iter().position(|h| *h == Held::FaceUp(card)) {
                    stack.remove(i);
                    return;
                }
            }
        }
    }

    /// Whether the turn's Fate Die lets the active side play `card` (always, for a side holding a
    /// hand).
    pub(crate) fn fate_allows(&self, card: CardId) -> bool {
        let Some(slots) = self.display_slots(self.active) else { return true };
        let Some(fate) = self.fate.as_ref() else { return false };
        let Some(slot) = slot_of(slots, card) else { return false };
        match &fate.kept {
            Some(kept) => kept.contains(&card),
            None if fate.face <= 2 => true,
            None => named_slots(fate.face).contains(&slot),
        }
    }

    /// A display side's play narrows what its roll still allows: nothing more after a face 1 or
    /// 2; after a face 3 to 6, the other cards the played card's slot holds now.
    fn note_display_play(&mut self, card: CardId) {
        let me = self.active;
        let Some(slot) = self.display_slots(me).and_then(|s| slot_of(s, card)) else { return };
        let others: Vec<CardId> = self.display_slots(me).map_or(Vec::new(), |s| {
            s[usize::from(slot)]
                .iter()
                .filter_map(|h| match *h {
                    Held::FaceUp(c) if c != card => Some(c),
                    _ => None,
                })
                .collect()
        });
        if let Some(f) = self.fate.as_mut() {
            f.kept = Some(match f.kept.take() {
                Some(mut kept) => {
                    kept.retain(|&c| c != card);
                    kept
                }
                None if f.face <= 2 => Vec::new(),
                None => others,
            });
        }
    }

    /// The Fate Die is rolled: for the turn (the named slots turn face-up) or before a display
    /// side's cancel (`!!` stops it for the rest of the turn).
    fn fate_rolled(&mut self, face: u8) {
        match self.phase {
            Phase::Fate => {
                let me = self.active;
                let (up, down) = self.display_slots(me).map_or((0, 0), |s| {
                    let down = crate::display::face_down(s);
                    (s.iter().map(Vec::len).sum::<usize>() - down, down)
                });
                let flips_left = if face == 2 { 2usize.saturating_sub(up).min(down) as u8 } else { 0 };
                self.fate = Some(Fate { face, flips_left, kept: None });
                if let Some(slots) = self.display_slots(me) {
                    let mut turn = Vec::new();
                    for &slot in named_slots(face) {
                        let n = slots[usize::from(slot)].iter().filter(|h| **h == Held::FaceDown).count();
                        turn.extend(std::iter::repeat_n(Reveal { side: me, slot, to_discard: false }, n));
                    }
                    self.reveals.extend(turn);
                }
                self.phase = Phase::Main;
            }
            Phase::FateCancel { by, card } => {
                if face == BANG {
                    self.blocked.push(card);
                    self.open_window(by);
                } else {
                    self.begin_cancel(by, card);
                }
            }
            _ => {}
        }
    }

    /// The first face-down card waiting is `card`: it turns face-up where it lies, or goes to the
    /// discard pile toward a Discard cost.
    fn revealed(&mut self, card: CardId) {
        if self.reveals.is_empty() {
            return;
        }
        let r = self.reveals.remove(0);
        let s = self.side_mut(r.side);
        take(&mut s.deck, card);
        let Some(slots) = s.display.as_mut() else { return };
        let stack = &mut slots[usize::from(r.slot)];
        let Some(i) = stack.iter().position(|h| *h == Held::FaceDown) else { return };
        if r.to_discard {
            stack.remove(i);
            s.discard.push(card);
        } else {
            stack[i] = Held::FaceUp(card);
            insert_sorted(&mut s.hand, card);
        }
    }

    /// A display side's draw: a face-down card into the slot [`slot_for_draw`] picks; at the deal,
    /// slots A and B are dealt face-up, as the system's standard setup deals them.
    fn draw_face_down(&mut self, side: Side, dealing: bool) {
        let Some(slots) = self.side_mut(side).display.as_mut() else { return };
        let slot = slot_for_draw(slots);
        slots[usize::from(slot)].push(Held::FaceDown);
        if dealing && slot < 2 {
            self.reveals.push(Reveal { side, slot, to_discard: false });
        }
    }

    fn in_play_mut(&mut self, card: CardId) -> Option<&mut InPlay> {
        let (side, zone, i) = self.in_play(card)?;
        self.side_mut(side).zones[zone.index()].get_mut(i)
    }

    /// A card in play goes face-up onto its owner's discard pile.
    fn discard_from_play(&mut self, card: CardId) {
        if let Some((side, zone, i)) = self.in_play(card) {
            let s = self.side_mut(side);
            s.zones[zone.index()].remove(i);
            s.discard.push(card);
        }
    }

    /// The end of a turn: the other side's turn begins with its Draw phase; at the start of
    /// Mankind's turn its Heroes of the Resistance card is turned upright.
    fn end_turn(&mut self) {
        self.fate = None;
        self.blocked.clear();
        self.played_this_turn = false;
        self.lifted = None;
        self.active = self.active.other();
        if self.active == self.setup.first {
            self.turn += 1;
        }
        if self.active == Side::Mankind {
            let cards = self.cards.clone();
            for column in &mut self.sides[Side::Mankind.index()].zones {
                for p in column.iter_mut() {
                    if cards[usize::from(p.card)].heroes {
                        p.turned = false;
                    }
                }
            }
        }
        self.phase = Phase::Draw { left: 2 };
    }

    /// Nobody cancels the last card of the chain: an odd number of cancels stops the card played,
    /// an even number (a cancel cancelled) lets it through. Every cancel goes to its owner's
    /// discard pile; the card played enters its zone, or, a one-shot card, is resolved by the
    /// players and discarded.
    fn settle_chain(&mut self) {
        let chain = std::mem::take(&mut self.chain);
        let Some(&(played, zone)) = chain.first() else {
            self.phase = Phase::Main;
            return;
        };
        let cancelled = (chain.len() - 1) % 2 == 1;
        let owner = self.card(played).side;
        if cancelled {
            self.side_mut(owner).discard.push(played);
        }
        for &(c, _) in &chain[1..] {
            let side = self.card(c).side;
            self.side_mut(side).discard.push(c);
        }
        if !cancelled {
            let tokens = self.card(played).tokens;
            match zone {
                Some(z) => self.side_mut(owner).zones[z.index()].push(InPlay { card: played, tokens, turned: false }),
                None => self.side_mut(owner).discard.push(played),
            }
        }
        self.phase = Phase::Main;
    }

    /// Runs the steps that need no decision: the end of a draw or deal, an empty draw pile, a
    /// payment complete (the card is revealed and the other side may cancel it).
    pub(crate) fn settle(&mut self) {
        loop {
            if self.ending.is_some() {
                self.phase = Phase::Over;
                self.reveals.clear();
                return;
            }
            if !self.reveals.is_empty() {
                return;
            }
            match self.phase {
                Phase::Deal { side, left: 0 } => {
                    self.phase = if side == self.setup.first {
                        Phase::Deal { side: side.other(), left: self.setup.starting_hand }
                    } else {
                        Phase::Draw { left: 2 }
                    };
                }
                Phase::Draw { left: 0 } => {
                    // A display side rolls once a turn, after its Draw phase; a draw by a card's
                    // text later in the turn goes back to the Main phase.
                    let roll = self.displayed(self.active) && self.fate.is_none();
                    self.phase = if roll { Phase::Fate } else { Phase::Main };
                }
                Phase::Deal { side, .. } if self.draw_pile(side) == 0 => {
                    self.ending = Some(Ending::EmptyDeck { loser: side });
                }
                Phase::Draw { .. } if self.draw_pile(self.active) == 0 => {
                    self.ending = Some(Ending::EmptyDeck { loser: self.active });
                }
                Phase::Deal { side, left } if self.displayed(side) => {
                    self.draw_face_down(side, true);
                    self.phase = Phase::Deal { side, left: left - 1 };
                }
                Phase::Draw { left } if self.displayed(self.active) => {
                    self.draw_face_down(self.active, false);
                    self.phase = Phase::Draw { left: left - 1 };
                }
                Phase::Paying => {
                    let Some(p) = self.payment else {
                        self.phase = Phase::Main;
                        continue;
                    };
                    if p.discard_left > 0 || p.drain_left > 0 {
                        return;
                    }
                    self.payment = None;
                    self.chain.push((p.card, p.zone));
                    self.open_window(p.payer.other());
                }
                _ => return,
            }
        }
    }
}
