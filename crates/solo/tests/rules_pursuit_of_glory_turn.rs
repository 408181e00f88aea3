//! Pursuit of Glory's turn as its sheet orders it: seven cards but six action rounds a side, so once
//! both sides have played six, the Draw Strategy Card phase comes next, never a seventh roll.

use engine::{ChanceMode, Game, Session};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use solo::{CardTable, TableSetup};

#[test]
fn after_six_action_rounds_a_side_the_draw_phase_comes_next_not_a_seventh_roll() {
    let mut due = 0;
    for seed in 0..6u64 {
        let mut session =
            Session::<CardTable>::new(TableSetup::new("pursuit-of-glory"), seed, ChanceMode::Auto).expect("deals");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..1500 {
            let state = session.state().clone();
            let legal = state.legal();
            if legal.is_empty() {
                break;
            }
            let ids: Vec<String> = legal.iter().map(|a| state.action_id(a)).collect();
            let labels: Vec<String> = legal.iter().map(|a| state.action_label(a)).collect();
            let draw_phase = labels.iter().position(|l| l.contains("both sides have played six action rounds"));
            if let Some(at) = draw_phase {
                due += 1;
                assert!(!ids.iter().any(|id| id == "roll"), "seed {seed}: a seventh roll is offered: {ids:?}");
                // The phase that follows is taken, and the next turn starts.
                session.apply(&legal[at]).expect("the draw phase begins");
                continue;
            }
            // Played at random, never cutting a turn short by hand.
            let choices: Vec<usize> =
                (0..legal.len()).filter(|&i| !labels[i].contains("Draw Strategy Card phase")).collect();
            let pick = if choices.is_empty() { 0 } else { choices[engine::below(&mut rng, choices.len())] };
            session.apply(&legal[pick]).expect("a legal action applies");
        }
    }
    assert!(due >= 3, "the six rounds were played through only {due} times");
}
