//! The turn as the operation manual's pages run it: the Draw phase (two cards; an empty draw pile
//! loses), the Main phase (play cards paying both costs, Mankind's sacrifice, the table tools), the
//! cancel windows, and the end of the turn (Mankind's Heroes of the Resistance turned upright).

use crate::action::Action;
use crate::side::{SLOTS, Side, Zone};
use crate::state::{CardId, Ending, InPlay, Invaders, Payment, Phase};

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
        match self.phase {
            Phase::Over => {}
            Phase::Deal { .. } | Phase::Draw { .. } => {
                if let Some(side) = self.drawing_side() {
                    out.extend(self.side(side).deck.iter().map(|&c| Action::Draw(c)));
                }
            }
            Phase::Paying => {
                let Some(p) = self.payment else { return };
                if p.discard_left > 0 {
                    out.extend(self.side(p.payer).hand.iter().map(|&c| Action::PayDiscard(c)));
                } else {
                    out.extend(self.side(p.payer).deck.iter().map(|&c| Action::Drain(c)));
                }
            }
            Phase::Window { by } => {
                for &c in &self.side(by).hand {
                    if self.card(c).cancels && self.can_pay(by, c) {
                        out.push(Action::Cancel(c));
                    }
                }
                out.push(Action::LetStand);
            }
            Phase::Main => self.main_legal(out),
        }
    }

    fn main_legal(&self, out: &mut Vec<Action>) {
        let me = self.active;
        for &c in &self.side(me).hand {
            let card = self.card(c);
            // A cancel card is played only against a card being played.
            if card.cancels || !self.can_pay(me, c) {
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
        out.push(Action::EndTurn);
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
            Action::Play { card, zone } => {
                let me = self.active;
                take(&mut self.side_mut(me).hand, card);
                let c = self.card(card);
                self.payment = Some(Payment { card, payer: me, zone, discard_left: c.discard, drain_left: c.drain });
                self.phase = Phase::Paying;
            }
            Action::PayDiscard(c) => {
                if let Some(p) = self.payment.as_mut() {
                    p.discard_left = p.discard_left.saturating_sub(1);
                    let payer = p.payer;
                    let s = self.side_mut(payer);
                    take(&mut s.hand, c);
                    s.discard.push(c);
                }
            }
            Action::Sacrifice(c) | Action::Destroy(c) => self.discard_from_play(c),
            Action::EndTurn => self.end_turn(),
            Action::Cancel(c) => {
                if let Phase::Window { by } = self.phase {
                    take(&mut self.side_mut(by).hand, c);
                    let card = self.card(c);
                    self.payment = Some(Payment {
                        card: c,
                        payer: by,
                        zone: None,
                        discard_left: card.discard,
                        drain_left: card.drain,
                    });
                    self.phase = Phase::Paying;
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
                Phase::Draw { left: 0 } => self.phase = Phase::Main,
                Phase::Deal { side, .. } if self.side(side).deck.is_empty() => {
                    self.ending = Some(Ending::EmptyDeck { loser: side });
                }
                Phase::Draw { .. } if self.side(self.active).deck.is_empty() => {
                    self.ending = Some(Ending::EmptyDeck { loser: self.active });
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
                    self.phase = Phase::Window { by: p.payer.other() };
                }
                _ => return,
            }
        }
    }
}
