//! Bots decide only from what their seat may see: two states that differ only in what the bot's
//! player cannot see give the same decision for the same bot stream, for every bot.

use bots::{Bot, Mcts, RandomBot, RulesBot, RulesPlayout, Seat, Widening};
use engine::{Game, ToMove, below};
use manoeuvre::{HandMode, Manoeuvre, ManoeuvreSetup};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

fn setup(modes: [HandMode; 2], seed: u64) -> ManoeuvreSetup {
    let armies = [["FR", "BR"], ["RU", "AU"], ["PR", "SP"], ["OT", "US"]][(seed % 4) as usize];
    ManoeuvreSetup {
        armies: Some(armies.map(String::from)),
        hand_modes: Some(modes),
        quick_start: true,
        ..ManoeuvreSetup::default()
    }
}

/// Positions from random play where a player is to move, `every` steps apart.
fn positions(setup: &ManoeuvreSetup, seed: u64, every: usize, count: usize) -> Vec<Manoeuvre> {
    let mut state = Manoeuvre::new(setup).expect("the setup is valid");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::new();
    let mut step = 0;
    while out.len() < count && state.to_move() != ToMove::Terminal {
        let legal = state.legal();
        if step % every == 0 && matches!(state.to_move(), ToMove::Player(_)) && legal.len() > 1 {
            out.push(state);
        }
        state.apply_legal(&legal[below(&mut rng, legal.len())]);
        step += 1;
    }
    out
}

fn decide(bot: &mut dyn Bot<Manoeuvre>, state: &Manoeuvre, player: u8, seed: u64) -> Option<String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let seat = Seat::new(state, player);
    bot.choose(&seat, &mut rng).map(|a| state.action_id(&a))
}

#[test]
fn every_bot_decides_alike_in_states_its_player_cannot_tell_apart() {
    let mut checked = 0;
    let mut differed = 0;
    for modes in [[HandMode::Hand; 2], [HandMode::Display; 2]] {
        for seed in 0..4 {
            for state in positions(&setup(modes, seed), seed, 37, 6) {
                let ToMove::Player(p) = state.to_move() else { continue };
                let other = state.resample(p, &mut ChaCha8Rng::seed_from_u64(seed + 100));
                assert_eq!(state.observe(p), other.observe(p), "resample keeps the player's view");
                differed += usize::from(other != state);
                let mut parallel = Mcts::new(12);
                parallel.threads = 2;
                let mut guided = Mcts::with_playout(12, RulesPlayout::new(12));
                let mut widened = Mcts::with_playout(16, RulesPlayout::new(6));
                widened.widening = Some(Widening { width: 1.0, growth: 0.5 });
                let bots: [&mut dyn Bot<Manoeuvre>; 6] = [
                    &mut RandomBot,
                    &mut RulesBot::default(),
                    &mut Mcts::new(24),
                    &mut parallel,
                    &mut guided,
                    &mut widened,
                ];
                for bot in bots {
                    let name = bot.name();
                    let here = decide(bot, &state, p, seed);
                    let there = decide(bot, &other, p, seed);
                    assert_eq!(here, there, "{name} read something its seat cannot see");
                    assert!(here.is_some());
                }
                checked += 1;
            }
        }
    }
    assert!(checked >= 30, "{checked} positions");
    assert!(differed * 2 >= checked, "most pairs differ in hidden cards: {differed} of {checked}");
}

#[test]
fn a_kept_tree_carries_nothing_its_seat_cannot_see_into_the_next_decision() {
    let (mut checked, mut went_on) = (0, 0);
    // The easy level's search, run in full so that a search that went on from a kept tree shows.
    let level = || {
        let mut search = bots::LEVELS[0].search();
        search.stop_when_decided = false;
        search
    };
    for seed in 0..6 {
        for state in positions(&setup([HandMode::Hand; 2], seed), seed, 23, 8) {
            let ToMove::Player(p) = state.to_move() else { continue };
            let other = state.resample(p, &mut ChaCha8Rng::seed_from_u64(seed + 200));
            // The same bot history in both: a decision, the move it took, and the next decision.
            let (mut here_bot, mut there_bot) = (level(), level());
            let first = decide(&mut here_bot, &state, p, seed);
            assert_eq!(first, decide(&mut there_bot, &other, p, seed));
            let (mut here, mut there) = (state, other);
            let id = first.expect("a move");
            let action = here.legal().into_iter().find(|a| here.action_id(a) == id).expect("legal");
            if here.reveals(&action) {
                continue;
            }
            here.apply(&action).expect("legal here");
            there.apply(&action).expect("legal there");
            if here.to_move() != ToMove::Player(p) || here.legal().len() < 2 {
                continue;
            }
            let next = decide(&mut here_bot, &here, p, seed + 1);
            assert_eq!(next, decide(&mut there_bot, &there, p, seed + 1), "a kept tree read a hidden card");
            let weighed: u32 = here_bot.candidates().iter().map(|c| c.visits).sum();
            went_on += usize::from(weighed > bots::LEVELS[0].iterations);
            checked += 1;
        }
    }
    assert!(
        checked >= 10 && went_on * 2 >= checked,
        "{went_on} of {checked} follow-on decisions went on from a kept tree"
    );
}
