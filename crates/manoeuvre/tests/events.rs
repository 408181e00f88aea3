//! The events of a game of Manoeuvre: what each step did on the battlefield, in words both players
//! may read (the combat's totals and result, hits, eliminations, moves, the turn passing).
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod rules_common;

use engine::Game;
use rules_common::*;

#[test]
fn an_assault_reports_its_totals_its_result_and_the_eliminated_defender() {
    // The Imperial Guard (strength 8, d4) rolls 2d8 at their highest against the reduced
    // Dutch-Belgians on d3: 8 + 16 against a defence well under a quarter of that.
    let pos = Pos::new("FR", "BR")
        .turn(6)
        .phase("combat")
        .at(0, "Imperial Guard", "d4")
        .at(1, "Dutch-Belgians", "d3")
        .reduced(1, "Dutch-Belgians")
        .hand(0, &["Imperial Guard"]);
    let mut s = pos.session();
    let card = in_hand(&s, 0, "Imperial Guard");
    let ig = uid(&s, 0, "Imperial Guard");
    let before = s.log().len();
    play_all(&mut s, &[&format!("assault-{ig}-d3-{card}"), "done-attacking"]);
    roll_all(&mut s, true);
    let told = s.events_since(before);
    assert!(
        told.contains(&"Assault: Imperial Guard (France) against Dutch-Belgians (Great Britain) at d3".to_string()),
        "{told:#?}"
    );
    let result = told.iter().find(|e| e.starts_with("Assault: attack")).expect("the combat's result is told");
    let attack = s.state().observe(0).units.iter().find(|u| u.name == "Imperial Guard").map(|u| u.strength).unwrap();
    assert!(
        result.starts_with(&format!("Assault: attack {} (dice 16) against defence", u16::from(attack) + 16)),
        "{result}"
    );
    assert!(result.ends_with("four times the defence or more: the defender is eliminated"), "{result}");
    assert!(
        told.contains(
            &"Dutch-Belgians (Great Britain) is eliminated (attacked at four times its defence or more): take it off \
              the board"
                .to_string()
        ),
        "{told:#?}"
    );
}

#[test]
fn a_move_is_told_and_the_movement_phase_counts_the_moves_left() {
    let pos =
        Pos::new("FR", "BR").turn(6).phase("movement").at(0, "Imperial Guard", "d4").at(1, "Dutch-Belgians", "a3");
    let mut s = pos.session();
    assert_eq!(s.state().moves_left(), Some(1));
    assert_eq!(s.state().observe(0).phase, "Movement phase");
    let ig = uid(&s, 0, "Imperial Guard");
    let before = s.log().len();
    play(&mut s, &format!("move-{ig}-d5"));
    assert_eq!(s.events_since(before), ["Imperial Guard (France) moves from d4 to d5"]);
    assert_eq!(s.state().moves_left(), Some(0));
}
