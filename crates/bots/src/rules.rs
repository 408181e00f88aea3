//! The rule-based Manoeuvre player as a bot, and as a playout policy for the search.

use engine::Game;
use manoeuvre::{Manoeuvre, Weights, rules_choice_with, rules_win_estimate_with};
use rand_chacha::ChaCha8Rng;

use crate::{Bot, Playout, Seat};

/// Plays Manoeuvre by the rules of thumb of `manoeuvre::rules_choice`, deciding in a position
/// drawn from its seat (so it could not read a hidden card even if it tried). By default it judges
/// by the weights self-play found ([`Weights::SELF_PLAY`]).
#[derive(Clone, Copy, Debug)]
pub struct RulesBot {
    /// The weights it judges by.
    pub weights: Weights,
}

impl Default for RulesBot {
    fn default() -> Self {
        RulesBot { weights: Weights::SELF_PLAY }
    }
}

impl RulesBot {
    /// The rule-based player as first set by hand (`rules:hand-set`), kept for comparisons.
    pub fn hand_set() -> Self {
        RulesBot { weights: Weights::HAND_SET }
    }
}

impl Bot<Manoeuvre> for RulesBot {
    fn name(&self) -> String {
        if self.weights == Weights::SELF_PLAY {
            "rules".into()
        } else if self.weights == Weights::HAND_SET {
            "rules:hand-set".into()
        } else {
            "rules:custom".into()
        }
    }

    fn choose(&mut self, seat: &Seat<'_, Manoeuvre>, rng: &mut ChaCha8Rng) -> Option<<Manoeuvre as Game>::Action> {
        let mut legal = seat.legal();
        match legal.len() {
            0 => None,
            1 => legal.pop(),
            _ => {
                let position = seat.determinize(rng);
                let i = rules_choice_with(&position, &legal, rng, &self.weights);
                Some(legal.swap_remove(i.min(legal.len() - 1)))
            }
        }
    }
}

/// Playouts that follow the rule-based player for a number of decisions, then read the position's
/// value off its judgement instead of playing to the end.
#[derive(Clone, Copy, Debug)]
pub struct RulesPlayout {
    /// Player decisions a playout makes before it is cut short and judged.
    pub depth: u32,
    /// The weights its moves and its judgement are made with.
    pub weights: Weights,
}

impl RulesPlayout {
    /// Playouts cut short after `depth` decisions, with the default weights.
    pub fn new(depth: u32) -> Self {
        RulesPlayout { depth, weights: Weights::default() }
    }
}

impl Default for RulesPlayout {
    fn default() -> Self {
        RulesPlayout::new(40)
    }
}

impl Playout<Manoeuvre> for RulesPlayout {
    fn name(&self) -> &'static str {
        "rules"
    }

    fn pick(&self, state: &Manoeuvre, legal: &[<Manoeuvre as Game>::Action], rng: &mut ChaCha8Rng) -> usize {
        rules_choice_with(state, legal, rng, &self.weights)
    }

    fn depth(&self) -> Option<u32> {
        Some(self.depth)
    }

    fn estimate(&self, state: &Manoeuvre, player: u8) -> f64 {
        rules_win_estimate_with(state, player, &self.weights)
    }
}
