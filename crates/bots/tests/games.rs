//! Every bot plays whole games of Manoeuvre in both hand modes and only ever takes legal actions.

use bots::{Bot, LEVELS, Mcts, RandomBot, RulesBot, RulesPlayout, Seat, Widening, play_out};
use engine::{Game, ToMove, below};
use manoeuvre::{HandMode, Manoeuvre, ManoeuvreSetup, Weights};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// Plays one game, bot `a` as player 0 and `b` as player 1; returns the winner.
fn play(setup: &ManoeuvreSetup, a: &mut dyn Bot<Manoeuvre>, b: &mut dyn Bot<Manoeuvre>, seed: u64) -> Option<u8> {
    let mut state = Manoeuvre::new(setup).expect("the setup is valid");
    let mut chance = ChaCha8Rng::seed_from_u64(seed);
    let mut streams = [ChaCha8Rng::seed_from_u64(seed ^ 1), ChaCha8Rng::seed_from_u64(seed ^ 2)];
    if let Err(e) = play_out(&mut state, [a, b], &mut chance, &mut streams, 100_000) {
        panic!("{e}");
    }
    state.outcome().and_then(|o| o.winner)
}

fn setup(modes: [HandMode; 2], game: u64) -> ManoeuvreSetup {
    let armies = ["FR", "BR", "RU", "AU", "PR", "SP", "OT", "US"];
    let a = armies[(game % 8) as usize];
    let b = armies[((game + 3) % 8) as usize];
    ManoeuvreSetup {
        armies: Some([a.to_string(), b.to_string()]),
        hand_modes: Some(modes),
        quick_start: true,
        ..ManoeuvreSetup::default()
    }
}

/// 100 games in each hand mode (and 20 with one side of each), `bot` alternating seats with the
/// random player; returns how many `bot` won.
fn hundred_games_each_mode(bot: &mut dyn Bot<Manoeuvre>) -> usize {
    let mut won = 0;
    let modes = [[HandMode::Hand; 2], [HandMode::Display; 2], [HandMode::Hand, HandMode::Display]];
    for (m, modes) in modes.into_iter().enumerate() {
        let games = if m < 2 { 100 } else { 20 };
        for game in 0..games {
            let seat = (game % 2) as u8;
            let winner = if seat == 0 {
                play(&setup(modes, game), bot, &mut RandomBot, game)
            } else {
                play(&setup(modes, game), &mut RandomBot, bot, game)
            };
            won += usize::from(winner == Some(seat));
        }
    }
    won
}

#[test]
fn the_random_bot_finishes_100_games_in_each_hand_mode() {
    hundred_games_each_mode(&mut RandomBot);
}

#[test]
fn the_rule_based_bot_finishes_100_games_in_each_hand_mode_and_beats_random_play() {
    let won = hundred_games_each_mode(&mut RulesBot::default());
    assert!(won >= 210, "the rule-based player won only {won} of 220 against random play");
}

#[test]
fn the_rule_based_bot_finishes_games_against_itself_in_each_hand_mode() {
    for modes in [[HandMode::Hand; 2], [HandMode::Display; 2], [HandMode::Display, HandMode::Hand]] {
        for game in 0..30 {
            play(&setup(modes, game), &mut RulesBot::default(), &mut RulesBot::default(), game);
        }
    }
}

#[test]
fn search_bots_finish_100_games_in_each_hand_mode() {
    // Small budgets: what is tested here is that every decision is legal and every game ends.
    hundred_games_each_mode(&mut Mcts::new(2));
    hundred_games_each_mode(&mut Mcts::with_playout(2, RulesPlayout::new(8)));
}

/// Random play of game `game` to a decision with several choices: the position, the player to
/// decide, and the random stream that got there.
fn a_choice_with_options(game: u64, seed: u64) -> (Manoeuvre, u8, ChaCha8Rng) {
    a_choice_among(game, seed, 4)
}

/// Random play of game `game` to a decision with at least `options` choices.
fn a_choice_among(game: u64, seed: u64, options: usize) -> (Manoeuvre, u8, ChaCha8Rng) {
    a_choice_after(game, seed, options, 0)
}

/// Random play of game `game` for `battle_steps` steps past the deployment, then on to a decision
/// with at least `options` choices (a hundred steps in: a position of the battle, where one move
/// often stands out).
fn a_choice_after(game: u64, seed: u64, options: usize, battle_steps: u32) -> (Manoeuvre, u8, ChaCha8Rng) {
    let mut state = Manoeuvre::new(&setup([HandMode::Hand; 2], game)).expect("valid");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut played = 0;
    loop {
        let legal = state.legal();
        if let ToMove::Player(p) = state.to_move()
            && legal.len() >= options
            && played >= battle_steps
        {
            return (state, p, rng);
        }
        if state.game_turn().is_some() {
            played += 1;
        }
        state.apply_legal(&legal[below(&mut rng, legal.len())]);
    }
}

#[test]
fn a_search_explains_its_choice_with_the_moves_it_weighed() {
    let (state, p, mut rng) = a_choice_with_options(1, 5);
    let mut mcts = Mcts::new(200);
    let chosen = mcts.choose(&Seat::new(&state, p), &mut rng).expect("a choice");
    let weighed = mcts.candidates();
    assert_eq!(weighed[0].id, state.action_id(&chosen), "the most visited move is the one taken");
    assert_eq!(weighed.iter().map(|c| c.visits).sum::<u32>(), 200, "every iteration tries one move");
    assert!(weighed.windows(2).all(|w| w[0].visits >= w[1].visits), "most visited first");
    assert!((weighed.iter().map(|c| c.share).sum::<f64>() - 1.0).abs() < 1e-9);
    assert!(weighed.iter().all(|c| (0.0..=1.0).contains(&c.win_rate) && !c.label.is_empty()));
}

#[test]
fn a_search_with_a_time_budget_stops_and_still_explains_its_choice() {
    let (state, p, mut rng) = a_choice_with_options(2, 8);
    // Without the clock this search would run for four billion iterations.
    let mut timed = Mcts::timed(std::time::Duration::from_millis(5), RulesPlayout::default());
    assert_eq!(timed.name(), "mcts-rules:5ms");
    let chosen = timed.choose(&Seat::new(&state, p), &mut rng).expect("a choice");
    assert!(state.legal().contains(&chosen));
    assert!(!timed.explain().is_empty() && timed.explain()[0].id == state.action_id(&chosen));
}

#[test]
fn a_widened_search_weighs_only_as_many_moves_as_its_visits_allow() {
    let (state, p, rng) = a_choice_among(3, 4, 20);
    let legal = state.legal().len();
    // Without widening every move is tried before any is tried twice.
    let mut wide = Mcts::with_playout(100, RulesPlayout::new(4));
    wide.choose(&Seat::new(&state, p), &mut rng.clone()).expect("a choice");
    assert_eq!(wide.candidates().len(), legal.min(100));
    // With a node allowed ceil(sqrt(n)) moves after n visits, 100 iterations weigh 10 at most.
    let mut narrow = Mcts::with_playout(100, RulesPlayout::new(4));
    narrow.widening = Some(Widening { width: 1.0, growth: 0.5 });
    let chosen = narrow.choose(&Seat::new(&state, p), &mut rng.clone()).expect("a choice");
    let weighed = narrow.candidates();
    assert!(weighed.len() <= 10 && weighed.len() >= 2, "{} of {legal} moves weighed", weighed.len());
    assert_eq!(weighed.iter().map(|c| c.visits).sum::<u32>(), 100);
    assert_eq!(weighed[0].id, state.action_id(&chosen));
    // A node that may never grow keeps the policy's favourite alone.
    let mut single = Mcts::with_playout(30, RulesPlayout::new(4));
    single.widening = Some(Widening { width: 1.0, growth: 0.0 });
    single.choose(&Seat::new(&state, p), &mut rng.clone()).expect("a choice");
    assert_eq!(single.candidates().len(), 1);
    assert_eq!(single.candidates()[0].visits, 30);
}

#[test]
fn every_level_is_a_widened_rule_guided_search_going_by_its_name() {
    for level in LEVELS {
        let search = level.search();
        assert_eq!(search.name(), format!("mcts:{}", level.name));
        assert_eq!((search.iterations, search.playout.depth), (level.iterations, level.depth));
        assert!(search.widening.is_some());
        let weights = search.playout.weights;
        assert_eq!(weights.estimate_scale, bots::LEVEL_ESTIMATE_SCALE, "{}: the calibrated estimate", level.name);
        assert!(
            Weights { estimate_scale: Weights::SELF_PLAY.estimate_scale, ..weights } == Weights::SELF_PLAY,
            "{}: playouts by the tuned weights",
            level.name
        );
        assert_eq!(search.threads, 1, "{}: one tree", level.name);
        assert_eq!(search.exploration, level.exploration, "{}: its own exploration", level.name);
    }
    assert!(LEVELS[2].exploration < LEVELS[1].exploration, "the hard level explores less");
    assert!(LEVELS[2].depth > LEVELS[1].depth, "the hard level looks further before it judges");
    assert!(LEVELS.windows(2).all(|w| w[0].iterations < w[1].iterations), "harder levels search more");
    assert!(bots::hint_search().playout.weights == LEVELS[1].weights, "a hint searches as the levels do");
}

#[test]
fn a_search_that_stops_once_decided_chooses_exactly_as_the_whole_budget_would() {
    let (mut stopped_early, mut positions) = (0, 0);
    for game in 0..24 {
        let (state, p, rng) = a_choice_after(game, game + 40, 2, 100);
        let mut whole = LEVELS[1].search();
        whole.stop_when_decided = false;
        let mut early = LEVELS[1].search();
        assert!(early.stop_when_decided, "the levels stop once decided");
        let a = whole.choose(&Seat::new(&state, p), &mut rng.clone()).expect("a choice");
        let b = early.choose(&Seat::new(&state, p), &mut rng.clone()).expect("a choice");
        assert_eq!(state.action_id(&a), state.action_id(&b), "game {game}: the same move");
        let spent = early.candidates().iter().map(|c| c.visits).sum::<u32>();
        let budget = whole.candidates().iter().map(|c| c.visits).sum::<u32>();
        assert_eq!(budget, LEVELS[1].iterations);
        // The move chosen led by more than what was left when the search stopped.
        let lead = early.candidates()[0].visits - early.candidates().get(1).map_or(0, |c| c.visits);
        assert!(spent == budget || lead > budget - spent, "game {game}: stopped while still open");
        stopped_early += usize::from(spent < budget);
        positions += 1;
    }
    assert!(stopped_early > 0, "no search of {positions} stopped before its budget");
}

#[test]
fn a_search_that_explores_less_gives_more_of_its_iterations_to_its_leading_move() {
    // The hard level's exploration against the normal level's, at the same budget from the same
    // positions and seeds: the leading move's share of the root's visits, added up.
    let (mut wide, mut narrow) = (0.0, 0.0);
    for game in 0..6 {
        let (state, p, rng) = a_choice_after(game, game + 70, 4, 100);
        for (exploration, total) in [(LEVELS[1].exploration, &mut wide), (LEVELS[2].exploration, &mut narrow)] {
            let mut search = LEVELS[1].search_with(400);
            search.exploration = exploration;
            search.stop_when_decided = false;
            search.choose(&Seat::new(&state, p), &mut rng.clone()).expect("a choice");
            *total += search.candidates()[0].share;
        }
    }
    assert!(narrow > wide, "leading moves' shares: {narrow:.2} exploring less, {wide:.2} exploring more");
}
