//! The rule-based Manoeuvre player as a bot, and as a playout policy for the search.

use engine::Game;
use manoeuvre::{Manoeuvre, rules_choice, rules_win_estimate};
use rand_chacha::ChaCha8Rng;

use crate::{Bot, Playout, Seat};

/// Plays Manoeuvre by the rules of thumb of `manoeuvre::rules_choice`, deciding in a position
/// drawn from its seat (so it could not read a hidden card even if it tried).
#[derive(Clone, Copy, Debug, Default)]
pub struct RulesBot;

impl Bot<Manoeuvre> for RulesBot {
    fn name(&self) -> String {
        "rules".into()
    }

    fn choose(&mut self, seat: &Seat<'_, Manoeuvre>, rng: &mut ChaCha8Rng) -> Option<<Manoeuvre as Game>::Action> {
        let mut legal = seat.legal();
        match legal.len() {
            0 => None,
            1 => legal.pop(),
            _ => {
                let position = seat.determinize(rng);
                let i = rules_choice(&position, &legal, rng);
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
}

impl Default for RulesPlayout {
    fn default() -> Self {
        RulesPlayout { depth: 40 }
    }
}

impl Playout<Manoeuvre> for RulesPlayout {
    fn name(&self) -> &'static str {
        "rules"
    }

    fn pick(&self, state: &Manoeuvre, legal: &[<Manoeuvre as Game>::Action], rng: &mut ChaCha8Rng) -> usize {
        rules_choice(state, legal, rng)
    }

    fn depth(&self) -> Option<u32> {
        Some(self.depth)
    }

    fn estimate(&self, state: &Manoeuvre, player: u8) -> f64 {
        rules_win_estimate(state, player)
    }
}
