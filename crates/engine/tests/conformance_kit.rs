//! The conformance kit on the toy game: it passes the honest game and catches each deliberate flaw
//! with a message that says what went wrong and where.

mod toy_game;

use engine::conformance::{Plan, Report, check_observations, check_random_play, check_replay, check_step_pairs};
use engine::{ChanceMode, Game, Session, ToMove};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use toy_game::{Flaw, Peek, Setup};

fn plan(seeds: std::ops::Range<u64>) -> Plan {
    Plan { seeds, ..Plan::default() }
}

/// Runs the kit on a flawed game and returns its complaint.
fn complaint(flaw: Flaw) -> String {
    match check_random_play::<Peek>(&Setup::flawed(flaw), &plan(0..50)) {
        Ok(report) => panic!("{flaw:?} went unnoticed: {report:?}"),
        Err(message) => message,
    }
}

/// Checks that a complaint names the seed and, unless it is about the replay at the end, the step.
fn assert_located(message: &str, with_step: bool) {
    assert!(message.starts_with("seed "), "no seed in: {message}");
    if with_step {
        assert!(message.contains(", step "), "no step in: {message}");
    }
}

#[test]
fn the_honest_game_passes() {
    let report = check_random_play::<Peek>(&Setup::default(), &plan(0..200)).expect("Peek keeps the contract");
    assert_eq!(report.games, 200);
    // No game of six turns comes near the default step cap, so every one finishes.
    assert_eq!(report.finished, 200);
    assert!(report.steps >= 200, "every game takes at least one decision: {report:?}");
    assert!(report.steps <= 200 * 6, "no game takes more than six decisions: {report:?}");
    assert!(report.resamples_that_changed > 0, "hidden cards were never redrawn: {report:?}");
}

#[test]
fn the_honest_game_passes_with_other_setups() {
    // Three cards: the deck runs dry after one redraw. Long games: many redraws and reveals.
    for setup in [
        Setup { cards: 3, turns: 12, flaw: None },
        Setup { cards: 2, turns: 4, flaw: None },
        Setup { cards: 10, turns: 40, flaw: None },
    ] {
        let report = check_random_play::<Peek>(&setup, &Plan { seeds: 0..60, step_cap: 100, observe_every: 2 })
            .unwrap_or_else(|e| panic!("{setup:?}: {e}"));
        assert_eq!((report.games, report.finished), (60, 60), "{setup:?}: {report:?}");
    }
}

#[test]
fn the_report_counts_only_finished_games() {
    // With no decisions allowed, no game can finish.
    let report = check_random_play::<Peek>(&Setup::default(), &Plan { seeds: 0..30, step_cap: 0, observe_every: 1 })
        .expect("stopping early is not a failure");
    assert_eq!(
        report,
        Report { games: 30, finished: 0, steps: 0, resamples_that_changed: report.resamples_that_changed }
    );

    // One decision each: only the games decided by a guess on the first turn finish.
    let report = check_random_play::<Peek>(&Setup::default(), &Plan { seeds: 0..30, step_cap: 1, observe_every: 1 })
        .expect("stopping early is not a failure");
    assert_eq!(report.games, 30);
    assert_eq!(report.steps, 30);
    assert!(0 < report.finished && report.finished < 30, "{report:?}");

    // The same games played to the end all finish, and take more steps in all.
    let full = check_random_play::<Peek>(&Setup::default(), &plan(0..30)).expect("Peek keeps the contract");
    assert_eq!(full.finished, 30);
    assert!(full.steps > report.steps, "{full:?} vs {report:?}");
}

#[test]
fn the_kit_is_deterministic() {
    let a = check_random_play::<Peek>(&Setup::default(), &plan(5..45)).expect("passes");
    let b = check_random_play::<Peek>(&Setup::default(), &plan(5..45)).expect("passes");
    assert_eq!(a, b);
}

#[test]
fn a_leaky_observation_is_caught() {
    let message = complaint(Flaw::LeakyView);
    assert_located(&message, true);
    assert!(message.contains("observation changed when only hidden information was redrawn"), "{message}");
}

#[test]
fn a_leaky_label_is_caught() {
    let message = complaint(Flaw::LeakyLabel);
    assert_located(&message, true);
    assert!(message.contains("legal actions or labels depend on hidden information"), "{message}");
}

#[test]
fn a_dead_end_is_caught() {
    let message = complaint(Flaw::DeadEnd);
    assert_located(&message, true);
    assert!(message.contains("dead end: player 1 to move with no legal action"), "{message}");
}

#[test]
fn a_window_that_depends_on_a_hidden_hand_is_caught() {
    let message = complaint(Flaw::TellingPass);
    assert_located(&message, true);
    assert!(message.contains("after 'pass', player"), "{message}");
    assert!(message.contains("can tell apart two states that differed only in hidden information"), "{message}");
}

#[test]
fn a_finished_game_that_lists_actions_is_caught() {
    let message = complaint(Flaw::ActionsAfterTheEnd);
    assert_located(&message, true);
    assert!(message.contains("the game is over but 1 legal action(s) are still listed, such as 'pass'"), "{message}");
}

#[test]
fn check_step_pairs_skips_actions_that_reveal() {
    // A telling pass on the last turn is flagged as a reveal (the showdown shows both cards), so
    // only passes before it can give the flaw away; an honest pass passes either way.
    let session = Session::<Peek>::new(Setup::default(), 4, ChanceMode::Auto).expect("valid setup");
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for _ in 0..20 {
        assert_eq!(check_step_pairs(session.state(), &toy_game::Move::Pass, &mut rng), Ok(()));
        assert_eq!(check_step_pairs(session.state(), &toy_game::Move::Guess(3), &mut rng), Ok(()));
    }
    let mut last = Session::<Peek>::new(Setup { turns: 1, ..Setup::flawed(Flaw::TellingPass) }, 4, ChanceMode::Auto)
        .expect("valid setup");
    assert!(last.state().reveals(&toy_game::Move::Pass));
    assert_eq!(check_step_pairs(last.state(), &toy_game::Move::Pass, &mut rng), Ok(()));
    last.apply_id("pass").expect("legal");
    assert_eq!(last.state().to_move(), ToMove::Terminal);
}

#[test]
fn a_broken_invariant_is_caught() {
    let message = complaint(Flaw::DoubleDeal);
    assert_located(&message, true);
    assert!(message.contains("invariant broken: card"), "{message}");
    assert!(message.contains("in two places at once"), "{message}");
}

#[test]
fn a_replay_that_drifts_is_caught() {
    let message = complaint(Flaw::ReplayDrift);
    assert_located(&message, false);
    assert!(message.contains("replaying the log gave a different state"), "{message}");
}

#[test]
fn a_terminal_state_without_an_outcome_is_caught() {
    let message = complaint(Flaw::NoOutcome);
    assert_located(&message, true);
    assert!(message.contains("terminal state without an outcome"), "{message}");
}

#[test]
fn a_refused_legal_action_is_caught() {
    let message = complaint(Flaw::RefuseRedraw);
    assert_located(&message, true);
    assert!(message.contains("legal action 'redraw' was refused"), "{message}");
    assert!(message.contains("redraw is broken"), "the game's own reason is kept: {message}");
}

#[test]
fn check_observations_counts_real_changes() {
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let session = Session::<Peek>::new(Setup::default(), 3, ChanceMode::Auto).expect("valid setup");
    // Both cards are face down: each player's resample redraws the other's card, and a resample can
    // only keep the true card by luck (one chance in five).
    let changed: u64 = (0..40).map(|_| check_observations(session.state(), &mut rng).expect("honest")).sum();
    assert!(changed > 40, "only {changed} of 80 resamples changed the state");

    // Once the game is over nothing is hidden, so nothing can change.
    let mut done = session.clone();
    let bobs = done.state().hands[1].expect("dealt");
    done.apply_id(&format!("guess-{bobs}")).expect("a legal guess");
    assert_eq!(done.state().to_move(), ToMove::Terminal);
    assert_eq!(check_observations(done.state(), &mut rng), Ok(0));
}

#[test]
fn check_observations_names_the_leaking_player() {
    let session = Session::<Peek>::new(Setup::flawed(Flaw::LeakyView), 3, ChanceMode::Auto).expect("valid setup");
    let mut state = session.state().clone();
    // With Bob's card face up, Ann has nothing hidden from her; only Bob's resample redraws a card
    // (Ann's), and his flawed view shows it.
    state.shown = [false, true];
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let message =
        (0..20).find_map(|_| check_observations(&state, &mut rng).err()).expect("the leak shows within twenty tries");
    assert!(
        message.starts_with("player 1's observation changed when only hidden information was redrawn"),
        "{message}"
    );
    // The field that leaked is named, with both values.
    assert!(message.contains("(in their_card: "), "{message}");
}

#[test]
fn check_replay_compares_state_and_log() {
    let mut honest = Session::<Peek>::new(Setup::default(), 8, ChanceMode::Auto).expect("valid setup");
    honest.apply_id("redraw").expect("legal");
    assert_eq!(check_replay(&honest), Ok(()));

    let mut drifting = Session::<Peek>::new(Setup::flawed(Flaw::ReplayDrift), 8, ChanceMode::Auto).expect("valid");
    drifting.apply_id("pass").expect("legal");
    let message = check_replay(&drifting).expect_err("the stamps differ on replay");
    assert!(message.contains("different state"), "{message}");
    // The hidden stamp is the only difference.
    let rebuilt = Session::<Peek>::from_record(drifting.record()).expect("the log itself is fine");
    let mut live = drifting.state().clone();
    live.stamp = rebuilt.state().stamp;
    assert_eq!(&live, rebuilt.state());
}

#[test]
fn the_honest_game_keeps_its_invariants_through_resampling() {
    // A direct check of the toy game itself, so that a flaw-free failure above would point at the
    // engine rather than at the test game.
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    for seed in 0..40 {
        let mut s = Session::<Peek>::new(Setup::default(), seed, ChanceMode::Auto).expect("valid setup");
        s.apply_id("redraw").expect("legal");
        for p in 0..2 {
            let other = s.state().resample(p, &mut rng);
            assert_eq!(other.check_invariants(), Ok(()));
            assert_eq!(other.observe(p), s.state().observe(p));
            assert_eq!(other.hands[p as usize], s.state().hands[p as usize], "a player's own card is known");
            assert_ne!(other.hands[1 - p as usize], Some(s.state().discards[0]), "a discard is never in a hand");
        }
    }
}
