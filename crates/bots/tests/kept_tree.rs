//! A level keeps the part of its tree below the move it took, and starts its next decision from
//! it only when that decision follows straight on (nothing drawn, rolled or decided by the other
//! side between), so the iterations spent there count twice and nothing hidden leaks in.

use bots::{Bot, LEVELS, Mcts, RulesBot, RulesPlayout, Seat};
use engine::{Game, ToMove, below};
use manoeuvre::{HandMode, Manoeuvre, ManoeuvreSetup};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

const BUDGET: u32 = 120;

fn setup(game: u64) -> ManoeuvreSetup {
    let armies = [["FR", "RU"], ["BR", "AU"], ["PR", "OT"], ["SP", "US"]][(game % 4) as usize];
    ManoeuvreSetup {
        armies: Some(armies.map(String::from)),
        hand_modes: Some([HandMode::Hand; 2]),
        quick_start: true,
        ..ManoeuvreSetup::default()
    }
}

/// The level's search with a small budget run in full, so that a fresh search's root holds
/// exactly `BUDGET` visits.
fn level_search() -> Mcts<RulesPlayout> {
    let mut search = LEVELS[1].search_with(BUDGET);
    search.stop_when_decided = false;
    search
}

/// What one of the searching bot's decisions saw: the visits its root weighed, whether the step
/// before it was the bot's own decision, and the visits of the move it took.
struct Decision {
    weighed: u32,
    follows_own: bool,
    taken_visits: u32,
}

/// Plays game `game` to its end, `bot` as player 0 against the rule-based player.
fn decisions(bot: &mut Mcts<RulesPlayout>, game: u64) -> Vec<Decision> {
    let mut state = Manoeuvre::new(&setup(game)).expect("a valid setup");
    let mut chance = ChaCha8Rng::seed_from_u64(game);
    let mut streams = [ChaCha8Rng::seed_from_u64(game ^ 1), ChaCha8Rng::seed_from_u64(game ^ 2)];
    let mut other = RulesBot::default();
    let mut out = Vec::new();
    let mut last_own = false;
    loop {
        match state.to_move() {
            ToMove::Terminal => return out,
            ToMove::Chance => {
                let legal = state.legal();
                state.apply_legal(&legal[below(&mut chance, legal.len())]);
                last_own = false;
            }
            ToMove::Player(p) => {
                let action = if p == 0 {
                    let action = bot.choose(&Seat::new(&state, 0), &mut streams[0]).expect("a move");
                    let weighed = bot.candidates();
                    if !weighed.is_empty() {
                        let id = state.action_id(&action);
                        out.push(Decision {
                            weighed: weighed.iter().map(|c| c.visits).sum(),
                            follows_own: last_own,
                            taken_visits: weighed.iter().find(|c| c.id == id).map_or(0, |c| c.visits),
                        });
                    }
                    action
                } else {
                    other.choose(&Seat::new(&state, 1), &mut streams[1]).expect("a move")
                };
                last_own = p == 0 && !state.reveals(&action);
                state.apply(&action).expect("a legal move");
            }
        }
    }
}

#[test]
fn a_level_starts_a_decision_that_follows_its_own_move_from_the_tree_below_that_move() {
    let mut bot = level_search();
    assert!(bot.keep_tree, "the levels keep their tree");
    let (mut reused, mut fresh) = (0, 0);
    for game in 0..3 {
        let seen = decisions(&mut bot, game);
        for pair in seen.windows(2) {
            let (before, now) = (&pair[0], &pair[1]);
            if now.weighed > BUDGET {
                // Only what lay below the move taken can have come along.
                assert!(now.follows_own, "game {game}: a tree was kept across someone else's step");
                assert!(
                    now.weighed <= BUDGET + before.taken_visits,
                    "game {game}: {} visits weighed, more than {BUDGET} and the {} below the move taken",
                    now.weighed,
                    before.taken_visits
                );
                reused += 1;
            } else {
                assert_eq!(now.weighed, BUDGET, "game {game}: a fresh search weighs its budget");
                fresh += 1;
            }
        }
        assert!(seen.iter().all(|d| d.follows_own || d.weighed == BUDGET), "game {game}: a stale tree was used");
    }
    assert!(reused >= 20 && fresh >= 20, "{reused} decisions went on from a kept tree, {fresh} started afresh");
}

#[test]
fn a_search_that_does_not_keep_its_tree_and_a_copy_of_one_that_does_start_afresh() {
    let mut forgetful = level_search();
    forgetful.keep_tree = false;
    assert!(decisions(&mut forgetful, 1).iter().all(|d| d.weighed == BUDGET));
    // A copy taken just after a decision that kept a tree does not carry the tree.
    let mut bot = level_search();
    let mut state = Manoeuvre::new(&setup(2)).expect("a valid setup");
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut copies_checked = 0;
    for _ in 0..2_000 {
        match state.to_move() {
            ToMove::Terminal => break,
            ToMove::Player(p) => {
                let action = bot.choose(&Seat::new(&state, p), &mut rng).expect("a move");
                state.apply(&action).expect("a legal move");
                if state.to_move() == ToMove::Player(p) && state.legal().len() > 1 {
                    let mut copy = bot.clone();
                    copy.choose(&Seat::new(&state, p), &mut rng.clone()).expect("a move");
                    assert_eq!(copy.candidates().iter().map(|c| c.visits).sum::<u32>(), BUDGET);
                    copies_checked += 1;
                }
            }
            ToMove::Chance => {
                let legal = state.legal();
                state.apply_legal(&legal[below(&mut rng, legal.len())]);
            }
        }
    }
    assert!(copies_checked >= 5, "{copies_checked} copies checked");
}
