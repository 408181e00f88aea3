//! One test per step of the game play sequence, named after it. The example roster: Blue (CO LV 2)
//! with 1st Foot (QV 4, CV 2), 2nd Foot (QV 3, CV 2) and Light Horse (QV 4, CV 1); Red (CO LV 1)
//! with Grenadiers (QV 5), Fusiliers (QV 3) and Guns (QV 4).

use engine::conformance::{Plan, check_random_play};
use engine::{Game, ToMove};
use miniatures::{Action, Miniatures, MiniaturesSetup, Step};

fn fresh() -> Miniatures {
    Miniatures::new(&MiniaturesSetup::default()).expect("the example roster")
}

fn go(g: &mut Miniatures, a: Action) {
    let legal = g.legal();
    assert!(legal.contains(&a), "{a:?} is not legal at {:?}; legal: {legal:?}", g.step());
    g.apply(&a).expect("legal");
}

fn roll(g: &mut Miniatures, v: u8) {
    assert_eq!(g.to_move(), ToMove::Chance, "a die is due at {:?}", g.step());
    go(g, Action::Die(v));
}

fn said(g: &Miniatures) -> String {
    g.said().map(|s| format!("{} | {}", s.roll, s.meaning)).unwrap_or_default()
}

/// Blue wins the initiative (3 + 2 against 1 + 1) and reaches its activation step.
fn blue_to_activation(g: &mut Miniatures) {
    roll(g, 3);
    roll(g, 1);
    go(g, Action::GoOn);
    go(g, Action::GoOn);
    go(g, Action::GoOn);
    assert_eq!(g.step(), &Step::Activation);
}

/// From Blue's activation step: Blue ends its phase, Red passes through its own, and the next turn's
/// initiative (6 + 2 against 1 + 1) gives Blue the first phase again, past its repositioning.
fn to_blues_next_pre_activation(g: &mut Miniatures) {
    go(g, Action::EndPhase);
    for _ in 0..3 {
        go(g, Action::GoOn);
    }
    go(g, Action::EndPhase);
    roll(g, 6);
    roll(g, 1);
    go(g, Action::GoOn);
}

#[test]
fn initiative_is_each_sides_co_lv_plus_a_d6_and_the_winner_starts() {
    let mut g = fresh();
    roll(&mut g, 1);
    roll(&mut g, 2);
    // 1 + 2 = 3 against 2 + 1 = 3: a tie, rolled again (our choice).
    assert!(said(&g).contains("tie"), "{}", said(&g));
    assert_eq!(g.step(), &Step::Initiative);
    roll(&mut g, 1);
    roll(&mut g, 5);
    assert!(said(&g).contains("Red wins"), "{}", said(&g));
    assert_eq!((g.phasing(), g.step()), (1, &Step::Reposition));
}

#[test]
fn a_unit_whose_disrupted_pieces_reach_its_casualty_value_checks_morale_minus_one_per_piece_over() {
    let mut g = fresh();
    blue_to_activation(&mut g);
    // Disrupt three pieces of 1st Foot (CV 2): one over.
    for _ in 0..3 {
        go(&mut g, Action::MarkDisrupted(0));
    }
    to_blues_next_pre_activation(&mut g);
    assert_eq!(g.step(), &Step::Morale { unit: 0, lead: None });
    go(&mut g, Action::Lead(1));
    // d6 4 + leadership 1 - 1 over = 4: reaches QV 4.
    roll(&mut g, 4);
    assert!(said(&g).contains("stands"), "{}", said(&g));
    assert!(!g.unit(0).removed);
}

#[test]
fn a_failed_morale_check_removes_the_unit() {
    let mut g = fresh();
    blue_to_activation(&mut g);
    go(&mut g, Action::MarkDisrupted(2));
    to_blues_next_pre_activation(&mut g);
    assert_eq!(g.step(), &Step::Morale { unit: 2, lead: None }, "Light Horse: one disrupted piece, CV 1");
    go(&mut g, Action::Lead(0));
    roll(&mut g, 3);
    assert!(g.unit(2).removed && said(&g).contains("unit casualty marker"), "{}", said(&g));
}

#[test]
fn disruption_is_rolled_per_piece_against_its_qv_and_a_one_removes_the_piece() {
    let mut g = fresh();
    blue_to_activation(&mut g);
    go(&mut g, Action::MarkDisrupted(1));
    to_blues_next_pre_activation(&mut g);
    // 2nd Foot (QV 3, CV 2) has one disrupted piece: no morale check, one disruption roll.
    assert_eq!(g.step(), &Step::Disruption { unit: 1, lead: None, left: 1 });
    go(&mut g, Action::Lead(0));
    roll(&mut g, 1);
    assert_eq!((g.unit(1).pieces, g.unit(1).disrupted, g.unit(1).casualties), (3, 0, 1));
    assert!(said(&g).contains("casualty marker"), "{}", said(&g));
}

#[test]
fn disengaging_from_a_corner_lock_needs_the_pieces_qv_on_a_d6() {
    let mut g = fresh();
    roll(&mut g, 3);
    roll(&mut g, 1);
    go(&mut g, Action::GoOn);
    assert_eq!(g.step(), &Step::Disengage);
    go(&mut g, Action::Disengage(0));
    go(&mut g, Action::Lead(0));
    roll(&mut g, 3);
    assert!(said(&g).contains("stays locked"), "{}", said(&g));
    go(&mut g, Action::Disengage(0));
    go(&mut g, Action::Lead(1));
    roll(&mut g, 3);
    assert!(said(&g).contains("back one piece length"), "{}", said(&g));
}

#[test]
fn activation_rolls_one_to_three_dice_against_the_units_qv_and_reads_the_rosters_table() {
    let mut g = fresh();
    blue_to_activation(&mut g);
    go(&mut g, Action::Unit(0));
    assert_eq!(g.legal(), vec![Action::Dice(1), Action::Dice(2), Action::Dice(3)]);
    go(&mut g, Action::Dice(2));
    go(&mut g, Action::Lead(0));
    roll(&mut g, 4);
    roll(&mut g, 2);
    assert!(said(&g).contains("1 success") && said(&g).contains("One action"), "{}", said(&g));
    assert_eq!(g.step(), &Step::Execute { unit: 0, fails: false });
}

#[test]
fn a_failed_activation_ends_the_phase_and_the_other_side_goes() {
    let mut g = fresh();
    blue_to_activation(&mut g);
    go(&mut g, Action::Unit(1));
    go(&mut g, Action::Dice(1));
    go(&mut g, Action::Lead(0));
    roll(&mut g, 2);
    assert_eq!(g.step(), &Step::Execute { unit: 1, fails: true });
    go(&mut g, Action::UnitDone);
    assert_eq!((g.phasing(), g.step()), (1, &Step::Reposition), "Red's phase");
    // Red's phase ends: the turn ends and the next begins with the initiative.
    for _ in 0..3 {
        go(&mut g, Action::GoOn);
    }
    go(&mut g, Action::EndPhase);
    assert_eq!((g.turn(), g.step()), (2, &Step::Initiative));
}

#[test]
fn fire_rolls_a_d6_for_the_firer_and_the_target_and_close_combat_one_per_piece_in_contact() {
    let mut g = fresh();
    blue_to_activation(&mut g);
    go(&mut g, Action::Unit(0));
    go(&mut g, Action::Dice(1));
    go(&mut g, Action::Lead(0));
    roll(&mut g, 6);
    go(&mut g, Action::Fire);
    go(&mut g, Action::Delta(-1));
    roll(&mut g, 5);
    roll(&mut g, 2);
    assert!(said(&g).contains("firer d6 5 -1 = 4; target d6 2"), "{}", said(&g));
    go(&mut g, Action::CloseCombat);
    go(&mut g, Action::Pieces(2));
    go(&mut g, Action::Pieces(1));
    go(&mut g, Action::Delta(1));
    go(&mut g, Action::Delta(0));
    for v in [3, 4, 6] {
        roll(&mut g, v);
    }
    assert!(said(&g).contains("its pieces 4, 5 (ΔC +1); the enemy's 6 (ΔC +0)"), "{}", said(&g));
}

#[test]
fn the_fos_special_move_is_one_two_or_three_moves_by_the_die() {
    for (v, moves) in
        [(1, "1 move."), (2, "1 move."), (3, "2 moves."), (4, "2 moves."), (5, "3 moves."), (6, "3 moves.")]
    {
        let mut g = fresh();
        blue_to_activation(&mut g);
        go(&mut g, Action::Unit(0));
        go(&mut g, Action::Dice(1));
        go(&mut g, Action::Lead(0));
        roll(&mut g, 6);
        go(&mut g, Action::FoMove);
        roll(&mut g, v);
        assert_eq!(g.said().map(|s| s.meaning.as_str()), Some(moves));
        assert!(!g.legal().contains(&Action::FoMove), "one special move a phase");
    }
}

#[test]
fn situations_not_covered_let_a_die_decide_and_the_sequence_resumes() {
    let mut g = fresh();
    blue_to_activation(&mut g);
    go(&mut g, Action::Decide);
    roll(&mut g, 5);
    assert!(said(&g).contains("the second"), "{}", said(&g));
    assert_eq!(g.step(), &Step::Activation);
}

#[test]
fn random_play_keeps_the_contract() {
    let plan = Plan { seeds: 0..10, step_cap: 1_500, observe_every: 3 };
    let report = check_random_play::<Miniatures>(&MiniaturesSetup::default(), &plan).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.games, 10);
    assert!(report.steps >= 10 * 1_500, "the sequence never ends by itself: {report:?}");
}
