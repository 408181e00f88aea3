//! Rule 3, setting up a game: who rolls, who lays out the battlefield, who offers and who picks the
//! nations, who chooses the starting edge, the opening hands (dealt or picked in tournament play),
//! deployment, and quick start. Each game runs from `ManoeuvreSetup` through an `engine::Session`
//! in manual chance mode, so every die and card is forced by id.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod rules_common;

use engine::{Game, ToMove};
use manoeuvre::data::model::Terrain;
use manoeuvre::state::Phase;
use manoeuvre::{ManoeuvreSetup, MapChoice, MapSetup};
use rules_common::*;

fn plain() -> Sess {
    setup_session(ManoeuvreSetup::default())
}

fn fixed_map() -> MapSetup {
    MapSetup { sections: [1, 2, 3, 4], turns: [0; 4], second_player_edge: "bottom".into() }
}

/// Rolls the initiative: `a` for player 0, `b` for player 1.
fn roll(s: &mut Sess, a: u8, b: u8) {
    play_all(s, &[&format!("die-{a}"), &format!("die-{b}")]);
}

fn first_player(s: &Sess) -> u8 {
    s.state().observe(0).first_player
}

/// Lays out sections in the four positions with these quarter turns.
fn lay_out(s: &mut Sess, sections: [u8; 4], turns: [u8; 4]) {
    for (section, turn) in sections.into_iter().zip(turns) {
        play_all(s, &[&format!("section-{section}"), &format!("orient-{turn}")]);
    }
}

/// The second player offers `a` then `b`; the first player takes the offer numbered `pick`.
fn nations(s: &mut Sess, a: &str, b: &str, pick: u8) {
    play_all(s, &[&format!("nation-{}", nation(a)), &format!("nation-{}", nation(b)), &format!("pick-{pick}")]);
}

/// Takes the first legal chance outcome until a player has to decide.
fn deal(s: &mut Sess) -> usize {
    let mut n = 0;
    while to_move(s) == ToMove::Chance {
        let first = ids(s).into_iter().next().unwrap();
        play(s, &first);
        n += 1;
    }
    n
}

/// The 8x8 layout as the first player builds it (row 0 at the top), computed here from the map
/// section data: a quarter turn clockwise takes the square at (r, c) of a section to (c, 3 - r).
fn layout(sections: [u8; 4], turns: [u8; 4]) -> [[char; 8]; 8] {
    let mut out = [['?'; 8]; 8];
    for (i, (number, turn)) in sections.into_iter().zip(turns).enumerate() {
        let section = data().rules.sections.iter().find(|s| s.number == number).unwrap();
        let mut grid: [[char; 4]; 4] =
            std::array::from_fn(|r| std::array::from_fn(|c| section.squares[r * 4 + c].letter()));
        for _ in 0..turn {
            let mut turned = [[' '; 4]; 4];
            for r in 0..4 {
                for c in 0..4 {
                    turned[c][3 - r] = grid[r][c];
                }
            }
            grid = turned;
        }
        let (r0, c0) = ((i / 2) * 4, (i % 2) * 4);
        for r in 0..4 {
            for c in 0..4 {
                out[r0 + r][c0 + c] = grid[r][c];
            }
        }
    }
    out
}

/// The layout turned so that the second player's edge is at the bottom (rank 1), as the
/// observation shows it (rank 8 first).
fn seen_from(edge: &str, l: [[char; 8]; 8]) -> Vec<String> {
    let cell = |i: usize, j: usize| match edge {
        "bottom" => l[i][j],
        "top" => l[7 - i][7 - j],
        // The left edge comes to the bottom by turning the picture a quarter counter-clockwise.
        "left" => l[j][7 - i],
        "right" => l[7 - j][i],
        _ => unreachable!(),
    };
    (0..8).map(|i| (0..8).map(|j| cell(i, j)).collect()).collect()
}

// ---- The first player ----

#[test]
fn rule_3_the_high_d10_roll_makes_the_first_player() {
    let mut s = plain();
    assert_eq!(to_move(&s), ToMove::Chance);
    assert_eq!(ids(&s), (1..=10).map(|v| format!("die-{v}")).collect::<Vec<_>>(), "a d10");
    roll(&mut s, 3, 7);
    assert_eq!(first_player(&s), 1);
    assert_eq!(to_move(&s), ToMove::Player(1), "the first player starts laying out the map");
    let mut s = plain();
    roll(&mut s, 9, 2);
    assert_eq!(first_player(&s), 0);
    assert_eq!(to_move(&s), ToMove::Player(0));
}

#[test]
fn rule_3_ties_on_the_initiative_roll_are_rerolled() {
    let mut s = plain();
    roll(&mut s, 5, 5);
    assert_eq!(s.state().phase(), Phase::InitiativeRoll { player: 0 }, "both roll again");
    assert_eq!(to_move(&s), ToMove::Chance);
    roll(&mut s, 10, 10);
    assert_eq!(to_move(&s), ToMove::Chance);
    roll(&mut s, 2, 8);
    assert_eq!(first_player(&s), 1);
    assert_eq!(to_move(&s), ToMove::Player(1));
}

// ---- The battlefield ----

#[test]
fn rule_3_the_first_player_places_and_turns_four_map_sections() {
    let mut s = plain();
    roll(&mut s, 1, 6);
    let all = data().rules.sections.len();
    for position in 0..4 {
        assert_eq!(to_move(&s), ToMove::Player(1), "the first player places section {position}");
        let offered = with_prefix(&s, "section-");
        assert_eq!(offered.len(), all - position, "a section is used once");
        let section = 10 + position as u8;
        play(&mut s, &format!("section-{section}"));
        assert_eq!(to_move(&s), ToMove::Player(1), "and turns it");
        assert_eq!(ids(&s), vec!["orient-0", "orient-1", "orient-2", "orient-3"]);
        play(&mut s, "orient-1");
        assert!(!has(&s, &format!("section-{section}")));
    }
    assert_eq!(to_move(&s), ToMove::Player(0), "the second player now offers the nations");
    assert!(!with_prefix(&s, "nation-").is_empty());
}

#[test]
fn rule_3_the_battlefield_is_laid_out_from_the_chosen_sections_and_turns() {
    let sections = [5, 9, 13, 17];
    let turns = [0, 1, 2, 3];
    for edge in ["bottom", "top", "left", "right"] {
        let mut s = plain();
        roll(&mut s, 8, 4);
        lay_out(&mut s, sections, turns);
        nations(&mut s, "FR", "BR", 0);
        play(&mut s, &format!("edge-{edge}"));
        assert_eq!(s.state().observe(0).terrain, seen_from(edge, layout(sections, turns)), "edge {edge}");
    }
}

// ---- Nations and edges ----

#[test]
fn rule_3_the_second_player_offers_two_nations_and_the_first_player_picks() {
    let mut s = setup_session(ManoeuvreSetup { map: Some(MapChoice::Fixed(fixed_map())), ..ManoeuvreSetup::default() });
    roll(&mut s, 9, 1);
    assert_eq!(to_move(&s), ToMove::Player(1), "the second player chooses the nations");
    assert_eq!(with_prefix(&s, "nation-").len(), data().rules.armies.len());
    play(&mut s, &format!("nation-{}", nation("FR")));
    assert_eq!(to_move(&s), ToMove::Player(1));
    assert!(!has(&s, &format!("nation-{}", nation("FR"))), "two different nations");
    play(&mut s, &format!("nation-{}", nation("BR")));
    assert_eq!(to_move(&s), ToMove::Player(0), "the first player picks one of them");
    assert_eq!(ids(&s), vec!["pick-0", "pick-1"]);
    play(&mut s, "pick-1");
    assert_eq!(s.state().player_name(0), "Great Britain");
    assert_eq!(s.state().player_name(1), "France");
}

#[test]
fn rule_3_the_second_player_chooses_its_starting_edge() {
    let mut s = plain();
    roll(&mut s, 1, 9);
    lay_out(&mut s, [1, 2, 3, 4], [0; 4]);
    nations(&mut s, "FR", "BR", 0);
    assert_eq!(s.state().player_name(1), "France", "the first player took the first offer");
    assert_eq!(to_move(&s), ToMove::Player(0), "the second player chooses the edge");
    assert_eq!(ids(&s), vec!["edge-top", "edge-right", "edge-bottom", "edge-left"]);
    play(&mut s, "edge-left");
    let view = s.state().observe(0);
    assert_eq!(view.sides[0].edge, "south", "the second player's edge is rank 1");
    assert_eq!(view.sides[1].edge, "north", "the first player takes the opposite edge");
}

#[test]
fn rule_3_fixed_armies_and_map_skip_those_choices() {
    let setup = ManoeuvreSetup {
        armies: Some(["FR".into(), "BR".into()]),
        map: Some(MapChoice::Fixed(fixed_map())),
        ..ManoeuvreSetup::default()
    };
    let mut s = setup_session(setup);
    roll(&mut s, 2, 7);
    assert_eq!(s.state().phase(), Phase::DealHands, "straight to the opening hands");
    assert_eq!(s.state().player_name(0), "France");
    assert_eq!(s.state().observe(0).sides[1].edge, "north", "player 1 won the roll");
    assert_eq!(s.state().observe(0).terrain, seen_from("bottom", layout([1, 2, 3, 4], [0; 4])));
}

// ---- Opening hands ----

fn ready_to_deal(tournament: bool, a: u8, b: u8) -> Sess {
    let setup = ManoeuvreSetup {
        armies: Some(["FR".into(), "BR".into()]),
        map: Some(MapChoice::Fixed(fixed_map())),
        tournament,
        ..ManoeuvreSetup::default()
    };
    let mut s = setup_session(setup);
    roll(&mut s, a, b);
    s
}

#[test]
fn rule_3_each_player_draws_five_cards_before_deploying() {
    let mut s = ready_to_deal(false, 4, 6);
    assert_eq!(to_move(&s), ToMove::Chance, "the opening hands are random");
    assert_eq!(with_prefix(&s, "draw-").len(), 60, "from a full deck");
    assert_eq!(deal(&mut s), 10);
    for p in 0..2 {
        assert_eq!(hand_size(&s, p), 5);
        assert_eq!(s.state().side(p).deck.count_ones(), 55);
    }
    assert!(matches!(s.state().phase(), Phase::Deploy { player: 1 }), "hands are known before deployment");
}

#[test]
fn rule_3_tournament_players_choose_their_five_cards() {
    let mut s = ready_to_deal(true, 6, 4);
    for p in [0u8, 1] {
        assert_eq!(to_move(&s), ToMove::Player(p), "player {p} picks (the first player first)");
        assert_eq!(with_prefix(&s, "keep-").len(), 60);
        let picks = [59u8, 10, 33, 0, 47];
        for (i, c) in picks.iter().enumerate() {
            play(&mut s, &format!("keep-{c}"));
            assert!(i == 4 || !has(&s, &format!("keep-{c}")), "a card is kept once");
        }
        let expected: u64 = picks.iter().map(|&c| 1u64 << c).sum();
        assert_eq!(s.state().side(p).hand, expected);
        assert_eq!(s.state().side(p).deck.count_ones(), 55);
    }
    assert!(matches!(s.state().phase(), Phase::Deploy { player: 0 }));
}

// ---- Deployment ----

fn home_rows(s: &Sess, player: u8) -> Vec<String> {
    let view = s.state().observe(0);
    let ranks: [usize; 2] = if view.sides[player as usize].edge == "north" { [7, 8] } else { [1, 2] };
    let mut out = Vec::new();
    for rank in ranks {
        for file in 0..8u8 {
            // The observation lists rank 8 first.
            if view.terrain[8 - rank].as_bytes()[file as usize] != b'L' {
                out.push(format!("deploy-{}{rank}", (b'a' + file) as char));
            }
        }
    }
    out.sort();
    out
}

fn deploy_ids(s: &Sess) -> Vec<String> {
    let mut v = with_prefix(s, "deploy-");
    v.sort();
    v
}

#[test]
fn rule_3_the_first_player_deploys_every_unit_first_in_its_two_home_rows() {
    let mut s = ready_to_deal(false, 9, 3);
    deal(&mut s);
    assert_eq!(deploy_ids(&s), home_rows(&s, 0));
    assert_eq!(deploy_ids(&s).len(), 16, "no Lake in the home rows of sections 1-2");
    for (i, square) in ["a8", "b7", "c8", "d7", "e8", "f7", "g8", "h7"].into_iter().enumerate() {
        assert_eq!(to_move(&s), ToMove::Player(0), "the first player deploys all eight units");
        play(&mut s, &format!("deploy-{square}"));
        // Units come out in army order.
        assert_eq!(square_of(&s, i as u8).as_deref(), Some(square));
        assert!(!has(&s, &format!("deploy-{square}")), "one unit per square");
    }
    assert_eq!(to_move(&s), ToMove::Player(1), "then the second player");
    assert_eq!(deploy_ids(&s), home_rows(&s, 1));
    for square in ["a1", "b2", "c1", "d2", "e1", "f2", "g1", "h2"] {
        play(&mut s, &format!("deploy-{square}"));
    }
    assert_eq!(s.state().turn(), 1);
    assert_eq!(s.state().phase(), Phase::Discard);
    assert_eq!(to_move(&s), ToMove::Player(0), "game turn 1 opens with the first player's turn");
    assert!((0..16).all(|u| !s.state().unit(u).reduced), "every unit sets up at full strength");
}

#[test]
fn rule_3_deployment_never_uses_a_lake_square() {
    // A section with a Lake in its top two rows, laid out at the top-left: the first player's home
    // rows then hold that Lake.
    let lake = data()
        .rules
        .sections
        .iter()
        .find(|sec| sec.squares[..8].contains(&Terrain::Lake))
        .map(|sec| sec.number)
        .expect("the shipped sections include a Lake");
    let others: Vec<u8> = data().rules.sections.iter().map(|s| s.number).filter(|&n| n != lake).take(3).collect();
    let setup = ManoeuvreSetup {
        armies: Some(["FR".into(), "BR".into()]),
        map: Some(MapChoice::Fixed(MapSetup {
            sections: [lake, others[0], others[1], others[2]],
            turns: [0; 4],
            second_player_edge: "bottom".into(),
        })),
        ..ManoeuvreSetup::default()
    };
    let mut s = setup_session(setup);
    roll(&mut s, 9, 3);
    deal(&mut s);
    assert_eq!(deploy_ids(&s), home_rows(&s, 0));
    assert!(deploy_ids(&s).len() < 16, "the Lake square is not offered");
}

// ---- Quick start ----

#[test]
fn rule_3_quick_start_makes_every_setup_choice_at_random() {
    let mut s = setup_session(ManoeuvreSetup { quick_start: true, ..ManoeuvreSetup::default() });
    let mut steps = 0;
    let mut seen = std::collections::BTreeSet::new();
    while s.state().turn() == 0 {
        assert_eq!(to_move(&s), ToMove::Chance, "no player decides anything during a quick start");
        seen.insert(format!("{:?}", s.state().phase()).split([' ', '{']).next().unwrap().to_string());
        // Vary the pick so that the initiative dice do not tie for ever.
        let options = ids(&s);
        let pick = options[steps % options.len()].clone();
        play(&mut s, &pick);
        steps += 1;
    }
    for step in
        ["InitiativeRoll", "PlaceSection", "OrientSection", "ChooseNations", "PickNation", "ChooseEdge", "Deploy"]
    {
        assert!(seen.contains(step), "{step} was not made at random: {seen:?}");
    }
    assert!(steps >= 2 + 8 + 3 + 1 + 10 + 16, "{steps} steps");
    assert_eq!(s.state().phase(), Phase::Discard);
    assert!(matches!(to_move(&s), ToMove::Player(_)), "the game itself is played by the players");
}

// ---- The state stays consistent during setup ----

#[test]
fn rule_3_every_setup_decision_passes_the_state_consistency_checks() {
    // The engine's conformance kit checks the invariants at every decision; a setup made by the
    // players (not quick start) passes through states where the armies are known but the decks are
    // not dealt yet.
    let mut broken = Vec::new();
    for armies in [None, Some(["FR".to_string(), "BR".to_string()])] {
        let mut s = setup_session(ManoeuvreSetup { armies: armies.clone(), ..ManoeuvreSetup::default() });
        let mut step = 0;
        while s.state().turn() == 0 {
            if let Err(e) = s.state().check_invariants() {
                broken.push(format!("armies {armies:?}, step {step} ({:?}): {e}", s.state().phase()));
            }
            let options = ids(&s);
            let pick = options[step % options.len()].clone();
            play(&mut s, &pick);
            step += 1;
        }
    }
    assert!(broken.is_empty(), "{} inconsistent setup states:\n{}", broken.len(), broken.join("\n"));
}

#[test]
fn rule_3_a_random_map_leaves_the_other_setup_choices_to_the_players() {
    use engine::{ChanceMode, Game, Session, ToMove};
    let setup: manoeuvre::ManoeuvreSetup = serde_json::from_value(serde_json::json!({"map": "random"})).unwrap();
    let s = Session::<manoeuvre::Manoeuvre>::new(setup, 5, ChanceMode::Auto).unwrap();
    // The initiative roll and the whole map were drawn; the nations are the second player's choice.
    let state = s.state();
    assert!(matches!(state.phase(), manoeuvre::state::Phase::ChooseNations { chosen: 0 }), "{:?}", state.phase());
    assert!(matches!(state.to_move(), ToMove::Player(_)));
    let map_steps = s.log().iter().filter(|e| e.id.starts_with("section-") || e.id.starts_with("orient-")).count();
    assert_eq!(map_steps, 8, "four sections, each placed and turned at random");
    let bad: Result<manoeuvre::ManoeuvreSetup, _> = serde_json::from_value(serde_json::json!({"map": "randomly"}));
    assert!(bad.is_err());
}
