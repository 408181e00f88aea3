//! One test per step of the game play sequence, named after it. The example roster: Blue (CO LV 2)
//! with 1st Foot (QV 4, CV 2), 2nd Foot (QV 3, CV 2) and Light Horse (QV 4, CV 1); Red (CO LV 1)
//! with Grenadiers (QV 5), Fusiliers (QV 3) and Guns (QV 4).

use engine::conformance::{Plan, check_random_play};
use engine::{Game, ToMove};
use miniatures::{Action, DieShown, Miniatures, MiniaturesSetup, Roster, Step, Tone};

fn fresh() -> Miniatures {
    Miniatures::new(&MiniaturesSetup::default()).expect("the example roster")
}

fn go(g: &mut Miniatures, a: Action) {
    let legal = g.legal();
    assert!(legal.contains(&a), "{a:?} is not legal at {:?}; legal: {legal:?}", g.step());
    g.apply(&a).expect("legal");
}

/// Picks unit `unit` to activate with `dice` dice, led by the leader at `lead`: the three
/// choices before the activation roll.
fn choose_activation(g: &mut Miniatures, unit: u8, dice: u8, lead: u8) {
    go(g, Action::Unit(unit));
    go(g, Action::Dice(dice));
    go(g, Action::Lead(lead));
}

fn roll(g: &mut Miniatures, v: u8) {
    assert_eq!(g.to_move(), ToMove::Chance, "a die is due at {:?}", g.step());
    go(g, Action::Die(v));
}

fn said(g: &Miniatures) -> String {
    g.said().map(|s| format!("{} | {}", s.roll, s.meaning)).unwrap_or_default()
}

/// The dice the table shows: each one's face, what is added ("+1 = 5"), and its verdict.
fn dice(g: &Miniatures) -> Vec<(u8, Option<String>, Option<String>)> {
    let shown: &[DieShown] = g.said().map_or(&[], |s| s.dice.as_slice());
    shown.iter().map(|d| (d.face, d.sum.clone(), d.verdict.clone())).collect()
}

fn some(s: &str) -> Option<String> {
    Some(s.to_string())
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
    assert_eq!(g.step(), &Step::Disruption { unit: 1, lead: None, left: 1, faces: vec![] });
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
    assert_eq!(g.step(), &Step::Execute { unit: 0, fails: false, actions: 1 });
}

#[test]
fn a_failed_activation_ends_the_phase_and_the_other_side_goes() {
    let mut g = fresh();
    blue_to_activation(&mut g);
    choose_activation(&mut g, 1, 1, 0);
    roll(&mut g, 2);
    assert_eq!(g.step(), &Step::Execute { unit: 1, fails: true, actions: 0 });
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
    choose_activation(&mut g, 0, 1, 0);
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
    assert!(said(&g).contains("its pieces d6 3 +1 = 4, d6 4 +1 = 5; the enemy's d6 6"), "{}", said(&g));
}

#[test]
fn the_fos_special_move_is_one_two_or_three_moves_by_the_die() {
    for (v, moves) in
        [(1, "1 move."), (2, "1 move."), (3, "2 moves."), (4, "2 moves."), (5, "3 moves."), (6, "3 moves.")]
    {
        let mut g = fresh();
        blue_to_activation(&mut g);
        choose_activation(&mut g, 0, 1, 0);
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

/// Blue's next pre-activation with every piece of Light Horse (3 pieces, QV 4, CV 1) disrupted:
/// its morale holds (d6 6, leadership +3, -2 for the two pieces over its Casualty Value: 7), and
/// its disruption waits for the leadership.
fn light_horse_all_disrupted(g: &mut Miniatures) {
    blue_to_activation(g);
    for _ in 0..3 {
        go(g, Action::MarkDisrupted(2));
    }
    to_blues_next_pre_activation(g);
    assert!(matches!(g.step(), Step::Morale { unit: 2, lead: None }), "{:?}", g.step());
    go(g, Action::Lead(3));
    roll(g, 6);
    assert!(!g.unit(2).removed, "{}", said(g));
    assert!(matches!(g.step(), Step::Disruption { unit: 2, lead: None, left: 3, .. }), "{:?}", g.step());
}

fn pieces(g: &Miniatures, unit: u8) -> (u8, u8, u8) {
    let u = g.unit(unit);
    (u.pieces, u.disrupted, u.casualties)
}

#[test]
fn a_disruption_roll_of_one_removes_that_piece_and_leaves_the_others_disruption_as_it_was() {
    let mut g = fresh();
    light_horse_all_disrupted(&mut g);
    go(&mut g, Action::Lead(0));
    roll(&mut g, 1);
    assert_eq!(pieces(&g, 2), (2, 2, 1), "the piece rolled for is gone; the other two are still disrupted");
    roll(&mut g, 5);
    assert_eq!(pieces(&g, 2), (2, 1, 1), "a 5 reaches QV 4: one piece recovers");
    roll(&mut g, 2);
    assert_eq!(pieces(&g, 2), (2, 1, 1), "a 2 is short: the last piece stays disrupted");
    assert_eq!(g.step(), &Step::Disengage);
}

#[test]
fn after_an_activation_that_gives_no_action_the_unit_is_offered_no_fire_close_combat_or_move() {
    let mut g = fresh();
    blue_to_activation(&mut g);
    // 1st Foot (QV 4), of the Left wing and its FO: one die, a 2, no success: "No action".
    choose_activation(&mut g, 0, 1, 0);
    roll(&mut g, 2);
    assert!(said(&g).contains("No action"), "{}", said(&g));
    let legal = g.legal();
    for offered in [Action::Fire, Action::CloseCombat, Action::FoMove] {
        assert!(!legal.contains(&offered), "{offered:?} offered after no action: {legal:?}");
    }
    assert!(legal.contains(&Action::UnitDone), "{legal:?}");
    go(&mut g, Action::UnitDone);
    assert_eq!((g.phasing(), g.step()), (1, &Step::Reposition), "the activation failed: Red's phase");
    // A unit with an action is offered them all, the FO's move included.
    let mut g = fresh();
    blue_to_activation(&mut g);
    choose_activation(&mut g, 0, 1, 0);
    roll(&mut g, 4);
    let legal = g.legal();
    for offered in [Action::Fire, Action::CloseCombat, Action::FoMove, Action::UnitDone] {
        assert!(legal.contains(&offered), "{offered:?} not offered after one action: {legal:?}");
    }
}

#[test]
fn an_outcome_the_roster_marks_as_giving_no_action_offers_no_fire_close_combat_or_move() {
    let text = miniatures::roster::EXAMPLE.replacen(
        "{ successes = 1, says = \"One action\" }",
        "{ successes = 1, says = \"Rally in place\", actions = 0 }",
        1,
    );
    assert_ne!(text, miniatures::roster::EXAMPLE, "the test edits the one-die row");
    let roster = Roster::parse(&text).expect("the edited roster reads");
    let mut g = Miniatures::new(&MiniaturesSetup { roster: Some(roster) }).expect("a roster");
    blue_to_activation(&mut g);
    choose_activation(&mut g, 0, 1, 0);
    roll(&mut g, 5);
    assert!(said(&g).contains("1 success") && said(&g).contains("takes no action"), "{}", said(&g));
    let legal = g.legal();
    assert!(legal.contains(&Action::UnitDone) && !legal.contains(&Action::Fire) && !legal.contains(&Action::FoMove));
    go(&mut g, Action::UnitDone);
    assert_eq!((g.phasing(), g.step()), (0, &Step::Activation), "no action, but the activation did not fail");
}

#[test]
fn every_disruption_die_is_shown_with_its_verdict() {
    let mut g = fresh();
    light_horse_all_disrupted(&mut g);
    go(&mut g, Action::Lead(0));
    roll(&mut g, 1);
    roll(&mut g, 5);
    roll(&mut g, 2);
    // Once the unit is done, what is shown still holds each of its dice, not the last alone.
    assert!(said(&g).contains("1 removed, 5 no longer disrupted, 2 still disrupted"), "{}", said(&g));
    assert!(said(&g).contains("casualty marker"), "the first die's removal is still told: {}", said(&g));
    assert_eq!(
        dice(&g),
        [(1, None, some("removed")), (5, None, some("no longer disrupted")), (2, None, some("still disrupted"))]
    );
    let tones: Vec<Tone> = g.said().map(|s| s.dice.iter().map(|d| d.tone).collect()).unwrap_or_default();
    assert_eq!(tones, [Tone::Bad, Tone::Good, Tone::Plain]);
}

#[test]
fn every_activation_die_is_shown_with_its_verdict() {
    let mut g = fresh();
    blue_to_activation(&mut g);
    choose_activation(&mut g, 0, 3, 1);
    for v in [3, 2, 6] {
        roll(&mut g, v);
    }
    // QV 4 with leadership +1: 3 and 6 reach it, 2 does not.
    assert!(said(&g).contains("d6 3 +1 = 4 (success), d6 2 +1 = 3 (miss), d6 6 +1 = 7 (success)"), "{}", said(&g));
    assert!(said(&g).contains("2 successes"), "{}", said(&g));
    assert_eq!(
        dice(&g),
        [(3, some("+1 = 4"), some("success")), (2, some("+1 = 3"), some("miss")), (6, some("+1 = 7"), some("success"))]
    );
}

#[test]
fn every_close_combat_die_is_shown_with_its_total() {
    let mut g = fresh();
    blue_to_activation(&mut g);
    choose_activation(&mut g, 0, 1, 0);
    roll(&mut g, 6);
    go(&mut g, Action::CloseCombat);
    go(&mut g, Action::Pieces(2));
    go(&mut g, Action::Pieces(1));
    go(&mut g, Action::Delta(1));
    go(&mut g, Action::Delta(-2));
    for v in [3, 4, 6] {
        roll(&mut g, v);
    }
    assert!(said(&g).contains("its pieces d6 3 +1 = 4, d6 4 +1 = 5; the enemy's d6 6 -2 = 4"), "{}", said(&g));
    // The totals are for the game's close combat chart: no verdict of the aid's own.
    assert_eq!(dice(&g), [(3, some("+1 = 4"), None), (4, some("+1 = 5"), None), (6, some("-2 = 4"), None)]);
    let totals: Vec<i16> = g.said().map(|s| s.dice.iter().map(|d| d.total).collect()).unwrap_or_default();
    assert_eq!(totals, [4, 5, 4]);
}
