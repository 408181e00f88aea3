//! Bots by name, as the command line and the web page write them: `random`, `rules`, a search with
//! random or rule-guided playouts and a budget in iterations or milliseconds, or a level.

use manoeuvre::{Manoeuvre, Weights};

use crate::{Bot, Mcts, RandomBot, RandomPlayout, RulesBot, RulesPlayout, Widening};

/// A bot name that names no bot, with the names that exist.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct SpecError(String);

/// The search budget of `mcts-rules` without a number.
const DEFAULT_ITERATIONS: u32 = 1000;

/// A difficulty level of `mcts:LEVEL`: a rule-guided search with a budget in iterations (the same
/// view of the game and the same dice at every level).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Level {
    pub name: &'static str,
    pub iterations: u32,
    /// Player decisions a playout makes before the rule-based player judges the position.
    pub depth: u32,
    /// The UCB exploration constant.
    pub exploration: f64,
    /// How fast a node of the search lets in more of its moves (`None`: every move at once).
    pub widening: Option<Widening>,
    /// The rule-based player's weights, by which the playouts move and the positions are judged.
    pub weights: Weights,
}

impl Level {
    /// The search this level runs, going by the level's name.
    pub fn search(&self) -> Mcts<RulesPlayout> {
        self.search_with(self.iterations).called(format!("mcts:{}", self.name))
    }

    /// This level's kind of search (playouts, exploration, widening) with another budget.
    pub fn search_with(&self, iterations: u32) -> Mcts<RulesPlayout> {
        let playout = RulesPlayout { depth: self.depth, weights: self.weights };
        let mut search = Mcts::with_playout(iterations, playout);
        search.widening = self.widening;
        search.exploration = self.exploration;
        search.stop_when_decided = true;
        search.keep_tree = true;
        search
    }
}

/// The widening of every level: a node visited n times weighs at most 1.5 * sqrt(n) of its moves,
/// the rule-based player's favourites first.
const LEVEL_WIDENING: Option<Widening> = Some(Widening { width: 1.5, growth: 0.5 });

/// How wide the levels' win estimate spreads the rule-based player's judgement of a cut-short
/// playout: the scale under which that judgement best predicted who won, over 20,000 games of the
/// rule-based player against itself (`cdgsolo sim calibrate`, seed 1: 3.6, where the weights' own
/// 1.5 made it surer than the results bore out). The rule-based player's moves never read it.
pub const LEVEL_ESTIMATE_SCALE: f64 = 3.6;

/// A level's search, but for its budget, exploration and playout depth: the self-play weights,
/// with the calibrated estimate scale.
const fn level(name: &'static str, iterations: u32, exploration: f64, depth: u32) -> Level {
    let weights = Weights { estimate_scale: LEVEL_ESTIMATE_SCALE, ..Weights::SELF_PLAY };
    Level { name, iterations, depth, exploration, widening: LEVEL_WIDENING, weights }
}

/// The difficulty levels, easiest first, each a search on one core. The easy and normal levels
/// explore with 0.4, the constant that did best at the normal level's 200 iterations, and judge
/// their playouts after 20 decisions, which bought the most iterations for their short waits. With
/// its thousands the hard level does better spending more of them on its leading moves (0.25 beat
/// 0.4 against the old hard level over the same setups) and looking further before it judges: 30
/// decisions at 3,200 iterations take about the wait of 20 at 4,800 and won more of the same setups
/// (docs/bots.md, "The hard level explores less" and "The hard level looks further").
pub const LEVELS: [Level; 3] =
    [level("easy", 50, 0.4, 20), level("normal", 200, 0.4, 20), level("hard", 3200, 0.25, 30)];

/// Iterations of the search behind a hint (the terminal's `h`, the page's hint).
pub const HINT_ITERATIONS: u32 = 400;

/// The search behind a hint, run from the player's own seat: the levels' search (their playouts,
/// widening and exploration) with [`HINT_ITERATIONS`].
pub fn hint_search() -> Mcts<RulesPlayout> {
    LEVELS[1].search_with(HINT_ITERATIONS)
}

/// Level `index` of [`LEVELS`] (the hardest for an index past the end, which `parse` never makes).
fn level_entry(index: usize) -> &'static Level {
    &LEVELS[index.min(LEVELS.len() - 1)]
}

/// How a search bot finishes its iterations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Playouts {
    /// Uniformly random moves to the end of the game.
    Random,
    /// The rule-based player's moves for a few turns, then its judgement of the position.
    Rules,
}

/// A bot as the command line names it: `random`, `rules`, or a search: `mcts` or `mcts-rules`
/// (rule-guided playouts) with an optional `:ITERATIONS`, or `mcts:LEVEL`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotSpec {
    Random,
    /// The rule-based player by the weights self-play found.
    Rules,
    /// The rule-based player by its hand-set weights (`rules:hand-set`), as it played before
    /// tuning: kept so that old runs can be played again.
    RulesHandSet,
    Mcts {
        iterations: u32,
        playouts: Playouts,
    },
    /// A search with a budget in milliseconds (`mcts:250ms`): not reproducible, since how far it
    /// gets depends on the machine.
    MctsTimed {
        millis: u32,
        playouts: Playouts,
    },
    /// A difficulty level (`mcts:easy`, `mcts:normal`, `mcts:hard`), by its index in [`LEVELS`]:
    /// named by its level wherever it plays, whatever search the level runs today.
    Level(usize),
}

impl BotSpec {
    pub fn parse(text: &str) -> Result<Self, SpecError> {
        let unknown = || {
            SpecError(format!(
                "no bot is called '{text}' (bots: random, rules, rules:hand-set, mcts, mcts:easy, mcts:normal, mcts:hard, \
                 mcts:ITERATIONS, mcts-rules:ITERATIONS, mcts:MSms)"
            ))
        };
        let (head, tail) = match text.split_once(':') {
            Some((h, t)) => (h, Some(t)),
            None => (text, None),
        };
        let playouts = match head {
            "random" if tail.is_none() => return Ok(BotSpec::Random),
            "rules" if tail.is_none() => return Ok(BotSpec::Rules),
            "rules" if tail == Some("hand-set") => return Ok(BotSpec::RulesHandSet),
            "mcts" => Playouts::Random,
            "mcts-rules" => Playouts::Rules,
            _ => return Err(unknown()),
        };
        // Plain `mcts` is the normal level; plain `mcts-rules` the default budget.
        let tail = match (tail, playouts) {
            (Some(t), _) => t,
            (None, Playouts::Random) => "normal",
            (None, Playouts::Rules) => return Ok(BotSpec::Mcts { iterations: DEFAULT_ITERATIONS, playouts }),
        };
        if let Some(level) = LEVELS.iter().position(|l| l.name == tail) {
            // A level names its own playouts: `mcts:hard`, never `mcts-rules:hard`.
            if playouts != Playouts::Random {
                return Err(unknown());
            }
            return Ok(BotSpec::Level(level));
        }
        if let Some(ms) = tail.strip_suffix("ms") {
            let millis: u32 = ms
                .parse()
                .ok()
                .filter(|n| *n > 0)
                .ok_or_else(|| SpecError(format!("'{tail}' is not a number of milliseconds")))?;
            return Ok(BotSpec::MctsTimed { millis, playouts });
        }
        let iterations: u32 = tail.parse().ok().filter(|n| *n > 0).ok_or_else(|| {
            SpecError(format!("'{tail}' is not a number of iterations (or of milliseconds, as 250ms)"))
        })?;
        Ok(BotSpec::Mcts { iterations, playouts })
    }

    pub fn name(&self) -> String {
        match self {
            BotSpec::Random => "random".into(),
            BotSpec::Rules => "rules".into(),
            BotSpec::RulesHandSet => "rules:hand-set".into(),
            BotSpec::Mcts { iterations, playouts: Playouts::Random } => format!("mcts:{iterations}"),
            BotSpec::Mcts { iterations, playouts: Playouts::Rules } => format!("mcts-rules:{iterations}"),
            BotSpec::MctsTimed { millis, playouts: Playouts::Random } => format!("mcts:{millis}ms"),
            BotSpec::MctsTimed { millis, playouts: Playouts::Rules } => format!("mcts-rules:{millis}ms"),
            BotSpec::Level(level) => format!("mcts:{}", level_entry(*level).name),
        }
    }

    /// The level this bot plays at (`None` for a bot that is not a level).
    pub fn level(&self) -> Option<&'static Level> {
        let BotSpec::Level(level) = self else { return None };
        Some(level_entry(*level))
    }

    pub fn build(&self) -> Box<dyn Bot<Manoeuvre> + Send> {
        match self {
            BotSpec::Random => Box::new(RandomBot),
            BotSpec::Rules => Box::new(RulesBot::default()),
            BotSpec::RulesHandSet => Box::new(RulesBot::hand_set()),
            BotSpec::Mcts { iterations, playouts: Playouts::Random } => Box::new(Mcts::new(*iterations)),
            BotSpec::Mcts { iterations, playouts: Playouts::Rules } => {
                Box::new(Mcts::with_playout(*iterations, RulesPlayout::default()))
            }
            BotSpec::MctsTimed { millis, playouts } => {
                let limit = std::time::Duration::from_millis(u64::from(*millis));
                match playouts {
                    Playouts::Random => Box::new(Mcts::timed(limit, RandomPlayout)),
                    Playouts::Rules => Box::new(Mcts::timed(limit, RulesPlayout::default())),
                }
            }
            BotSpec::Level(level) => Box::new(level_entry(*level).search()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bot_names_parse_and_bad_ones_say_what_exists() {
        assert_eq!(BotSpec::parse("random").ok(), Some(BotSpec::Random));
        assert_eq!(BotSpec::parse("rules").ok(), Some(BotSpec::Rules));
        // The rule-based player as first set by hand stays nameable, and each goes by its name.
        assert_eq!(BotSpec::parse("rules:hand-set").ok(), Some(BotSpec::RulesHandSet));
        for name in ["rules", "rules:hand-set"] {
            let spec = BotSpec::parse(name).expect("a rule-based bot");
            assert_eq!((spec.name(), spec.build().name()), (name.to_string(), name.to_string()));
        }
        let random = Playouts::Random;
        assert_eq!(BotSpec::parse("mcts").ok(), BotSpec::parse("mcts:normal").ok());
        assert_eq!(
            BotSpec::parse("mcts-rules").ok(),
            Some(BotSpec::Mcts { iterations: DEFAULT_ITERATIONS, playouts: Playouts::Rules })
        );
        assert_eq!(BotSpec::parse("mcts:64").ok(), Some(BotSpec::Mcts { iterations: 64, playouts: random }));
        assert_eq!(
            BotSpec::parse("mcts-rules:64").ok(),
            Some(BotSpec::Mcts { iterations: 64, playouts: Playouts::Rules })
        );
        assert_eq!(BotSpec::parse("mcts:hard").ok(), Some(BotSpec::Level(2)));
        assert_eq!(BotSpec::parse("mcts:hard").ok().and_then(|b| b.level()), Some(&LEVELS[2]));
        // A level is named by its level, in the simulator's reports and on the page alike.
        for level in ["easy", "normal", "hard"] {
            let spec = BotSpec::parse(&format!("mcts:{level}")).expect("a level");
            assert_eq!(spec.name(), format!("mcts:{level}"));
            assert_eq!(spec.build().name(), format!("mcts:{level}"));
        }
        assert_eq!(BotSpec::parse("mcts-rules:800").map(|b| b.build().name()).ok().as_deref(), Some("mcts-rules:800"));
        assert!(BotSpec::parse("rules:5").is_err() && BotSpec::parse("mcts-rules:hard").is_err());
        assert_eq!(
            BotSpec::parse("mcts-rules:250ms").ok(),
            Some(BotSpec::MctsTimed { millis: 250, playouts: Playouts::Rules })
        );
        assert_eq!(BotSpec::parse("mcts:20ms").map(|b| b.name()).ok().as_deref(), Some("mcts:20ms"));
        assert!(BotSpec::parse("mcts:0ms").is_err() && BotSpec::parse("mcts:fastms").is_err());
        let err = BotSpec::parse("alphazero").map(|_| ()).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(err.contains("random, rules, rules:hand-set, mcts"), "{err}");
        assert!(BotSpec::parse("mcts:0").is_err() && BotSpec::parse("mcts:x").is_err());
    }
}
