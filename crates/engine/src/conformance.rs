//! The conformance kit: checks that every game runs in its own tests, whatever its rules.
//!
//! [`check_random_play`] plays many seeded games with uniformly random decisions and verifies, at
//! every step:
//! - a legal action exists exactly when the game is not over (no dead ends, and a finished game
//!   offers nothing);
//! - every listed action applies without error, and the game's own invariants hold;
//! - for each player, a state resampled from that player's observation shows the same observation
//!   and offers the same actions with the same labels (so neither observations nor labels carry
//!   hidden information);
//! - the pair of the true state and such a resampled state stays indistinguishable one step on:
//!   the decision about to be taken, applied to both (where the resampled state allows it and the
//!   decision reveals nothing), leaves that player with equal observations, the same player to
//!   move, and, if it is that player's turn, the same actions and labels. This catches a window
//!   that opens only when a hidden hand holds an answer: the state itself records the open window,
//!   so only the step into it shows the difference.
//!
//! At the end of each game the action log is replayed and must rebuild the live state exactly.
//! Failures come back as values naming the seed and step, so a failing test says where to look.

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use crate::{ChanceMode, Game, Session, ToMove, below};

/// What the kit measured over all games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    pub games: u64,
    pub finished: u64,
    pub steps: u64,
    /// How many resampled states differed from the true one: proof that hidden information existed
    /// and was actually redrawn, so the observation checks were not vacuous.
    pub resamples_that_changed: u64,
}

/// Settings of a [`check_random_play`] run.
#[derive(Clone, Debug)]
pub struct Plan {
    pub seeds: std::ops::Range<u64>,
    /// Decisions per game before the kit stops it (for games that do not end by themselves).
    pub step_cap: u64,
    /// Check observations and resampling every this many steps (1 = every step).
    pub observe_every: u64,
}

impl Default for Plan {
    fn default() -> Self {
        Self { seeds: 0..20, step_cap: 2_000, observe_every: 1 }
    }
}

/// Plays `plan.seeds.len()` random games from `setup` and checks the contract along the way.
pub fn check_random_play<G: Game>(setup: &G::Setup, plan: &Plan) -> Result<Report, String> {
    check_random_play_from(plan, |seed| {
        Session::<G>::new(setup.clone(), seed, ChanceMode::Auto).map_err(|e| format!("setup failed: {e}"))
    })
}

/// Like [`check_random_play`], from sessions `start` makes for each seed (automatic chance), such as
/// a setup followed by a scenario's recorded decisions.
pub fn check_random_play_from<G: Game>(
    plan: &Plan,
    start: impl Fn(u64) -> Result<Session<G>, String>,
) -> Result<Report, String> {
    let mut report = Report::default();
    for seed in plan.seeds.clone() {
        let mut session = start(seed).map_err(|e| format!("seed {seed}: {e}"))?;
        let mut chooser = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_cafe);
        let mut actions = Vec::new();
        let mut step = 0;
        loop {
            let state = session.state();
            let at = |what: String| format!("seed {seed}, step {step}: {what}");
            state.check_invariants().map_err(|e| at(format!("invariant broken: {e}")))?;
            if step % plan.observe_every.max(1) == 0 {
                report.resamples_that_changed += check_observations(state, &mut chooser).map_err(&at)?;
            }
            let player = match state.to_move() {
                ToMove::Terminal => {
                    if state.outcome().is_none() {
                        return Err(at("terminal state without an outcome".into()));
                    }
                    state.legal_actions(&mut actions);
                    if let Some(first) = actions.first() {
                        return Err(at(format!(
                            "the game is over but {} legal action(s) are still listed, such as '{}'",
                            actions.len(),
                            state.action_id(first)
                        )));
                    }
                    report.finished += 1;
                    break;
                }
                ToMove::Chance => return Err(at("an automatic session stopped at a chance node".into())),
                ToMove::Player(p) => p,
            };
            if step >= plan.step_cap {
                break;
            }
            state.legal_actions(&mut actions);
            if actions.is_empty() {
                return Err(at(format!("dead end: player {player} to move with no legal action")));
            }
            let action = actions[below(&mut chooser, actions.len())].clone();
            let id = state.action_id(&action);
            if step % plan.observe_every.max(1) == 0 {
                check_step_pairs(state, &action, &mut chooser).map_err(&at)?;
            }
            session.apply(&action).map_err(|e| at(format!("legal action '{id}' was refused: {e}")))?;
            step += 1;
        }
        report.games += 1;
        report.steps += step;
        check_replay(&session).map_err(|e| format!("seed {seed}: {e}"))?;
    }
    Ok(report)
}

/// Replaying the session's record must rebuild exactly the live state.
pub fn check_replay<G: Game>(session: &Session<G>) -> Result<(), String> {
    let rebuilt = Session::<G>::from_record(session.record()).map_err(|e| format!("replay failed: {e}"))?;
    if rebuilt.state() != session.state() {
        return Err("replaying the log gave a different state from the live one".into());
    }
    if rebuilt.log() != session.log() {
        return Err("replaying the log gave a different log".into());
    }
    Ok(())
}

/// For each player: a resampled state keeps the observation and, when that player is to move, the
/// legal actions and their labels. Returns how many resamples changed the state.
pub fn check_observations<G: Game>(state: &G, rng: &mut ChaCha8Rng) -> Result<u64, String> {
    let mut changed = 0;
    for player in 0..state.num_players() {
        let seen = state.observe(player);
        let other = state.resample(player, rng);
        if other != *state {
            changed += 1;
        }
        other.check_invariants().map_err(|e| format!("resampled state for player {player} is broken: {e}"))?;
        let redrawn = other.observe(player);
        if redrawn != seen {
            return Err(format!(
                "player {player}'s observation changed when only hidden information was redrawn (in {})",
                differing_fields(&seen, &redrawn)
            ));
        }
        if other.to_move() != state.to_move() {
            return Err(format!("resampling for player {player} changed who is to move"));
        }
        if state.to_move() == ToMove::Player(player) {
            let describe = |g: &G| -> Vec<(String, String)> {
                g.legal().iter().map(|a| (g.action_id(a), g.action_label(a))).collect()
            };
            let (real, resampled) = (describe(state), describe(&other));
            if real != resampled {
                let only_real: Vec<_> = real.iter().filter(|a| !resampled.contains(a)).take(3).collect();
                let only_resampled: Vec<_> = resampled.iter().filter(|a| !real.contains(a)).take(3).collect();
                return Err(format!(
                    "player {player}'s legal actions or labels depend on hidden information: \
                     {only_real:?} in the real state, {only_resampled:?} in a resampled one"
                ));
            }
        }
    }
    Ok(changed)
}

/// For each player: resamples what that player cannot see, applies `action` to both the true and
/// the resampled state, and checks that the player still cannot tell them apart (observation, who
/// is to move, and, on that player's turn, the actions and their labels). Pairs in which the
/// resampled state does not allow `action` (it depends on a hand that was redrawn) or in which
/// `action` reveals something are skipped: there the difference may rightly show.
pub fn check_step_pairs<G: Game>(state: &G, action: &G::Action, rng: &mut ChaCha8Rng) -> Result<(), String> {
    if state.reveals(action) {
        return Ok(());
    }
    let id = state.action_id(action);
    for player in 0..state.num_players() {
        let mut other = state.resample(player, rng);
        if !other.legal().contains(action) {
            continue;
        }
        let mut real = state.clone();
        real.apply(action).map_err(|e| format!("legal action '{id}' was refused: {e}"))?;
        other.apply(action).map_err(|e| format!("'{id}' was refused in a resampled state that lists it: {e}"))?;
        let tell = |what: &str| {
            format!(
                "after '{id}', player {player} can tell apart two states that differed only in hidden \
                 information: {what}"
            )
        };
        if real.to_move() != other.to_move() {
            return Err(tell(&format!("{:?} is to move in one, {:?} in the other", real.to_move(), other.to_move())));
        }
        let (seen, redrawn) = (real.observe(player), other.observe(player));
        if seen != redrawn {
            return Err(tell(&format!("the observations differ (in {})", differing_fields(&seen, &redrawn))));
        }
        if real.to_move() == ToMove::Player(player) {
            let describe = |g: &G| -> Vec<(String, String)> {
                g.legal().iter().map(|a| (g.action_id(a), g.action_label(a))).collect()
            };
            if describe(&real) != describe(&other) {
                return Err(tell("the legal actions or their labels differ"));
            }
        }
    }
    Ok(())
}

/// The top-level fields in which two observations differ, so a failure says where to look.
fn differing_fields<T: serde::Serialize>(a: &T, b: &T) -> String {
    let (a, b) = (serde_json::to_value(a).unwrap_or_default(), serde_json::to_value(b).unwrap_or_default());
    match (a.as_object(), b.as_object()) {
        (Some(a), Some(b)) => {
            let mut keys: Vec<&String> = a.keys().chain(b.keys()).collect();
            keys.sort();
            keys.dedup();
            let differ: Vec<String> = keys
                .into_iter()
                .filter(|k| a.get(*k) != b.get(*k))
                .map(|k| format!("{k}: {} vs {}", short(a.get(k)), short(b.get(k))))
                .collect();
            differ.join("; ")
        }
        _ => "the whole observation".into(),
    }
}

fn short(value: Option<&serde_json::Value>) -> String {
    let text = value.map_or("absent".to_string(), ToString::to_string);
    if text.chars().count() > 200 { format!("{}…", text.chars().take(200).collect::<String>()) } else { text }
}
