//! Invaders behind the engine's [`Game`] contract: Mankind is player 0, the Invader player 1;
//! draws and drains are chance outcomes, uniform over the cards of the draw pile.

use engine::{ActionError, Game, Outcome, SetupError, ToMove};
use rand_core::RngCore;

use crate::action::Action;
use crate::side::{SLOTS, Side};
use crate::state::{Ending, Invaders, InvadersSetup, Phase};
use crate::view::InvadersView;

impl Game for Invaders {
    type Setup = InvadersSetup;
    type Action = Action;
    type Observation = InvadersView;

    fn new(setup: &InvadersSetup) -> Result<Self, SetupError> {
        let mut game = Invaders::start(setup).map_err(|e| SetupError(e.to_string()))?;
        for side in Side::BOTH {
            let deck = game.side(side).deck.len();
            if usize::from(setup.starting_hand) >= deck {
                return Err(SetupError(format!(
                    "starting_hand: {} cards would leave {side}'s deck of {deck} with nothing to draw",
                    setup.starting_hand
                )));
            }
        }
        game.settle();
        Ok(game)
    }

    fn num_players(&self) -> u8 {
        2
    }

    fn player_name(&self, player: u8) -> String {
        Side::of(player).to_string()
    }

    fn to_move(&self) -> ToMove {
        if self.phase != Phase::Over && !self.reveals.is_empty() {
            return ToMove::Chance;
        }
        match self.phase {
            Phase::Over => ToMove::Terminal,
            Phase::Deal { .. } | Phase::Draw { .. } | Phase::Fate | Phase::FateCancel { .. } => ToMove::Chance,
            Phase::Paying => match self.payment {
                Some(p) if p.discard_left > 0 => ToMove::Player(p.payer.index() as u8),
                _ => ToMove::Chance,
            },
            Phase::Main | Phase::MoveCard => ToMove::Player(self.active.index() as u8),
            Phase::Window { by } => ToMove::Player(by.index() as u8),
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.legal_into(out);
    }

    fn apply(&mut self, action: &Action) -> Result<(), ActionError> {
        if self.ending.is_some() {
            return Err(ActionError::GameOver);
        }
        let legal = self.legal();
        if !legal.contains(action) && !legal.contains(&self.first_copy_of(action)) {
            return Err(ActionError::Illegal { action: action.id(), reason: crate::rules_text::why_not(self, action) });
        }
        self.apply_unchecked(*action);
        Ok(())
    }

    fn apply_legal(&mut self, action: &Action) {
        self.apply_unchecked(*action);
    }

    fn action_id(&self, action: &Action) -> String {
        action.id()
    }

    fn action_label(&self, action: &Action) -> String {
        crate::labels::label(self, action)
    }

    fn reveals(&self, action: &Action) -> bool {
        // Playing, paying a Discard cost and cancelling show cards of the hand.
        matches!(action, Action::Play { .. } | Action::PayDiscard(_) | Action::Cancel(_))
    }

    fn observe(&self, player: u8) -> InvadersView {
        self.view(Side::of(player))
    }

    fn resample(&self, player: u8, rng: &mut dyn RngCore) -> Self {
        // The viewer knows its own draw pile as a set (every card of its deck not seen elsewhere);
        // the other side's hand and draw pile are one pool of unseen cards, redealt.
        let mut other = self.clone();
        let them = Side::of(player).other();
        // A Card Display hides no card anyone could know: its face-down cards are not settled
        // until they are turned, so there is nothing of it to redraw. And a game with a display
        // is one person's, who sees the hand of a side holding one from either seat.
        if other.displayed(them) || other.one_person() {
            return other;
        }
        let s = other.side_mut(them);
        let mut pool: Vec<_> = s.hand.iter().chain(s.deck.iter()).copied().collect();
        pool.sort_unstable();
        engine::shuffle(rng, &mut pool);
        let hand_size = s.hand.len();
        let mut hand = pool[..hand_size].to_vec();
        let mut deck = pool[hand_size..].to_vec();
        hand.sort_unstable();
        deck.sort_unstable();
        s.hand = hand;
        s.deck = deck;
        other
    }

    fn outcome(&self) -> Option<Outcome> {
        Some(match self.ending? {
            Ending::EmptyDeck { loser } => Outcome {
                winner: Some(loser.other().index() as u8),
                reason: format!("{} had to draw from an empty draw pile", loser.subject()),
            },
            Ending::Declared { winner } => Outcome {
                winner: Some(winner.index() as u8),
                reason: format!("the players declared {} the winner", winner.name()),
            },
        })
    }

    fn events(&self, before: &Self, action: &Action) -> Vec<String> {
        crate::labels::events(self, before, action)
    }

    fn is_tool(&self, action: &Action) -> bool {
        action.is_tool()
    }

    fn hands_hidden(&self) -> bool {
        // With a Card Display one person runs both sides; its face-down cards are hidden from
        // every seat by the game itself.
        self.display_sides() == crate::DisplaySides::None
    }

    fn game_turn(&self) -> Option<(u32, u8)> {
        Some((self.turn, self.active.index() as u8))
    }

    fn check_invariants(&self) -> Result<(), String> {
        let mut seen = vec![0u8; self.cards.len()];
        for side in Side::BOTH {
            let s = self.side(side);
            let in_zones = s.zones.iter().flatten().map(|p| p.card);
            for c in s.deck.iter().chain(s.hand.iter()).chain(s.discard.iter()).copied().chain(in_zones) {
                if self.card(c).side != side {
                    return Err(format!("{} is among {side}'s cards but belongs to the other side", self.card(c).name));
                }
                seen[usize::from(c)] += 1;
            }
            if s.zones.iter().any(|z| z.len() > SLOTS) {
                return Err(format!("{side} has more than {SLOTS} cards in a zone"));
            }
            if !s.hand.is_sorted() || !s.deck.is_sorted() {
                return Err(format!("{side}'s hand or draw pile lost its canonical order"));
            }
            if let Some(slots) = &s.display {
                if crate::display::face_up(slots) != s.hand {
                    return Err(format!("{side}'s face-up display cards and its known hand differ"));
                }
                if crate::display::face_down(slots) > s.deck.len() {
                    return Err(format!("{side} has more face-down cards than unseen cards"));
                }
            }
        }
        for c in self.chain.iter().map(|&(c, _)| c).chain(self.payment.map(|p| p.card)) {
            seen[usize::from(c)] += 1;
        }
        match seen.iter().position(|&n| n != 1) {
            Some(c) => Err(format!("card {c} ({}) is in {} places", self.cards[c].name, seen[c])),
            None => Ok(()),
        }
    }
}
