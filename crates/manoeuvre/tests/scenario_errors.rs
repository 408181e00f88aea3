//! Every way a scenario can be wrong gives a message naming the field and the value at fault.

#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use manoeuvre::scenario::{DisplayScenario, FateScenario, MovementScenario, NameOrIndex, SlotScenario};
use manoeuvre::{HandMode, Scenario, ScenarioError, ScenarioPhase};

/// A small, valid position: France (north, first player) against Great Britain.
const BASE: &str = r#"
first_player = 0
turn = 4

[map]
terrain = [
    "CCCCCCCC",
    "CCCCCCCC",
    "CCCCCCCC",
    "CCLCCCCC",
    "CCCCCCCC",
    "CCCCCCCC",
    "CCCCCCCC",
    "CCCCCCCC",
]

[[players]]
army = "FR"
hand = ["Supply", "Napoleon Bonaparte"]
units = [
    { unit = "1st Cuirassiers", square = "a7" },
    { unit = "2nd Regiment Legere", square = "b7" },
    { unit = "4th Regiment Suisse", square = "c7" },
    { unit = "8th Regiment Legere", square = "d7" },
    { unit = "19th Regiment Legere", square = "e7" },
    { unit = "45th Regiment Legere", square = "f7" },
    { unit = "Guard Cavalry", square = "g7" },
    { unit = "Imperial Guard", square = "d8" },
]

[[players]]
army = "Great Britain"
hand = ["Supply", "Lord Wellington", "Spy"]
units = [
    { unit = "1st Foot Guards", square = "d2" },
    { unit = "4th Regiment of Foot", square = "c2" },
    { unit = "32nd Regiment of Foot", square = "b2" },
    { unit = "42nd Regiment of Foot", square = "e2" },
    { unit = "52nd Regiment of Foot", square = "f2" },
]
"#;

fn base() -> Scenario {
    Scenario::from_toml(BASE).unwrap()
}

fn names(list: &[&str]) -> Vec<NameOrIndex> {
    list.iter().map(|&n| n.into()).collect()
}

/// The message building `scenario` fails with.
fn error(scenario: &Scenario) -> String {
    match scenario.build() {
        Ok(_) => panic!("the scenario was accepted"),
        Err(e) => e.to_string(),
    }
}

fn assert_error(scenario: &Scenario, expected: &str) {
    assert_eq!(error(scenario), expected);
}

#[test]
fn the_base_scenario_is_valid() {
    let game = base().build().unwrap();
    assert_eq!(game.side(1).lost, 3, "the three British units not listed are eliminated");
    assert!(game.unit(15).eliminated);
}

#[test]
fn a_card_of_another_army() {
    let mut s = base();
    s.players[1].hand.push("Iron Duke".into());
    assert_error(&s, "players[1].hand[3]: Iron Duke is not a card of Great Britain");
}

#[test]
fn a_card_number_outside_the_deck() {
    let mut s = base();
    s.players[0].discard = vec![NameOrIndex::Index(60)];
    assert_error(&s, "players[0].discard[0]: 60 is not a card of France (its cards are numbered 0 to 59)");
}

#[test]
fn a_unique_card_used_twice() {
    let mut s = base();
    s.players[0].discard = names(&["Napoleon Bonaparte"]);
    assert_error(&s, "players[0].discard[0]: card 'Napoleon Bonaparte' is used twice, but France has only one");
}

#[test]
fn more_copies_than_the_deck_holds() {
    let mut s = base();
    s.players[0].discard = names(&["Supply", "supply", "Supply", "Supply"]);
    assert_error(&s, "players[0].discard[3]: card 'Supply' is used 5 times, but France has only 4");
}

#[test]
fn a_card_both_in_hand_and_deck() {
    let mut s = base();
    s.players[0].hand = vec![NameOrIndex::Index(52)];
    s.players[0].deck = Some(vec![NameOrIndex::Index(52)]);
    assert_error(&s, "players[0].deck[0]: card 52 (Supply) is used twice (also players[0].hand[0])");
}

#[test]
fn a_name_takes_a_copy_no_number_claims() {
    // Card 52 is France's first Supply; the named Supply in the hand takes the next copy.
    let mut s = base();
    s.players[0].discard = vec![NameOrIndex::Index(52)];
    let game = s.build().unwrap();
    assert_eq!(game.side(0).discard_top, 52);
    assert_eq!(game.side(0).hand & (1 << 53), 1 << 53);
}

#[test]
fn an_explicit_deck_must_hold_the_rest() {
    let mut s = base();
    s.players[0].deck = Some(names(&["Supply"]));
    let message = error(&s);
    assert!(
        message.starts_with("players[0].deck: cards 0 (19th Regiment Legere), 1 (19th Regiment Legere),"),
        "{message}"
    );
    assert!(message.contains("are nowhere"), "{message}");
}

#[test]
fn two_units_on_one_square() {
    let mut s = base();
    s.players[1].units[0].square = Some("d8".into());
    assert_error(&s, "units: two units on d8 (players[0].units[7] and players[1].units[0])");
}

#[test]
fn a_unit_on_a_lake() {
    let mut s = base();
    s.players[0].units[0].square = Some("c5".into());
    assert_error(&s, "players[0].units[0].square: a unit on a lake square (c5): units cannot enter it");
}

#[test]
fn a_unit_outside_the_board() {
    let mut s = base();
    s.players[0].units[2].square = Some("i9".into());
    assert_error(&s, "players[0].units[2].square: 'i9' is not a square of the board (a1 to h8)");
}

#[test]
fn unit_mistakes() {
    let mut s = base();
    s.players[0].units[1].unit = "Old Guard".into();
    assert_error(&s, "players[0].units[1].unit: Old Guard is not a unit of France");

    let mut s = base();
    s.players[0].units[1].unit = "imperial guard".into();
    assert_error(&s, "players[0].units[7].unit: Imperial Guard is listed twice (also players[0].units[1])");

    let mut s = base();
    s.players[0].units[1].unit = NameOrIndex::Index(8);
    assert_error(&s, "players[0].units[1].unit: 8 is not a unit of France (its units are numbered 0 to 7)");

    let mut s = base();
    s.players[0].units[1].square = None;
    assert_error(&s, "players[0].units[1].square: missing: a unit on the board needs a square (or eliminated = true)");

    let mut s = base();
    s.players[0].units[1].eliminated = true;
    assert_error(&s, "players[0].units[1].square: an eliminated unit has no square");

    // Four losses are allowed: the game goes on.
    let mut s = base();
    s.players[1].units.pop();
    assert_eq!(s.build().unwrap().side(1).lost, 4);
}

#[test]
fn five_losses_end_the_game() {
    let mut s = base();
    s.players[1].units.truncate(3);
    assert_error(
        &s,
        "players[1].units: only 3 units on the board: 5 eliminated units would already have ended the game (rule 2.1)",
    );
}

#[test]
fn redoubts_need_a_unit() {
    let mut s = base();
    s.redoubts = vec!["d4".into()];
    assert_error(&s, "redoubts[0]: no unit on d4: a Redoubt stays only while a unit holds it (rule 9.2)");
    s.redoubts = vec!["d2".into(), "D2".into()];
    assert_error(&s, "redoubts[1]: d2 is listed twice");
}

#[test]
fn armies_and_players() {
    let mut s = base();
    s.players[0].army = "Atlantis".into();
    assert_error(&s, "players[0].army: no nation called 'Atlantis'");
    let mut s = base();
    s.players[1].army = "france".into();
    assert_error(&s, "players[1].army: France is player 0's nation too; the nations must differ");
    let mut s = base();
    s.first_player = 2;
    assert_error(&s, "first_player: 2 is not a player (0 or 1)");
    let mut s = base();
    s.active = Some(3);
    assert_error(&s, "active: 3 is not a player (0 or 1)");
}

#[test]
fn hands_and_displays() {
    let mut s = base();
    s.players[0].hand = names(&["Supply", "Supply", "Supply", "Supply", "Skirmish", "Redoubt"]);
    assert_error(&s, "players[0].hand: 6 cards; a hand holds at most 5");

    let mut s = base();
    s.players[0].display = Some(DisplayScenario::default());
    assert_error(&s, "players[0].display: player 0 holds a hand (mode = \"hand\"); a display needs mode = \"display\"");

    let mut s = base();
    s.players[0].mode = HandMode::Display;
    assert_error(
        &s,
        "players[0].hand: player 0 holds a display (mode = \"display\"); its cards go in the display slots",
    );

    let mut s = base();
    s.players[1].revealed = names(&["Redoubt"]);
    assert_error(&s, "players[1].revealed[0]: no card 'Redoubt' is in the hand");

    let mut s = base();
    s.players[0].mode = HandMode::Display;
    s.players[0].hand.clear();
    s.players[0].display = Some(DisplayScenario {
        a: SlotScenario { up: names(&["Supply"]), down: vec![] },
        d: SlotScenario { up: vec![], down: names(&["Fishing Boat"]) },
        ..DisplayScenario::default()
    });
    assert_error(&s, "players[0].display.d.down[0]: Fishing Boat is not a card of France");
}

#[test]
fn decks_and_the_first_deck() {
    let mut s = base();
    s.players[0].deck = Some(vec![]);
    s.players[0].discard = (0..60u8).filter(|&c| c != 52 && c != 44).map(NameOrIndex::from).collect();
    s.players[0].hand = vec![NameOrIndex::Index(52), "Napoleon Bonaparte".into()];
    assert_error(
        &s,
        "players[0].first_deck_done: the deck is empty, which happens only once the last card of the first deck \
         is gone: write first_deck_done = true",
    );
    s.players[0].first_deck_done = true;
    let game = s.build().unwrap();
    assert_eq!(game.side(0).deck, 0);
    assert_eq!(game.side(0).discard_top, 59, "the last card listed tops the pile");
}

#[test]
fn phase_mistakes() {
    let mut s = base();
    s.fate = Some(FateScenario { die: 3, played: false, rest: vec![] });
    assert_error(&s, "fate: the Fate Die is rolled before Movement, so a discard phase has no roll yet");

    s.phase = ScenarioPhase::Movement;
    assert_error(&s, "fate: player 0 holds a hand; only a display rolls the Fate Die");

    let mut s = base();
    s.movement = Some(MovementScenario::default());
    assert_error(&s, "movement: a discard phase comes before Movement");

    let mut s = base();
    s.restoration_attempted = true;
    assert_error(&s, "restoration_attempted: only in the restoration phase, not discard");

    let mut s = base();
    s.phase = ScenarioPhase::Movement;
    s.movement = Some(MovementScenario { moved: names(&["Imperial Guard", "Guard Cavalry"]), ..Default::default() });
    assert_error(&s, "movement.moves_allowed: 1 is fewer than the 2 units listed in movement.moved");

    s.movement = Some(MovementScenario { moved: names(&["Imperial Guard"]), ..Default::default() });
    s.active = Some(1);
    assert_error(&s, "movement.moved[0]: Imperial Guard is not a unit of Great Britain");

    s.movement = Some(MovementScenario { moved: names(&["Dutch-Belgians"]), ..Default::default() });
    assert_error(&s, "movement.moved[0]: Dutch-Belgians is not on the board, so it cannot have moved this phase");

    s.movement = Some(MovementScenario {
        moved: names(&["1st Foot Guards"]),
        last: Some("1st Foot Guards".into()),
        ..Default::default()
    });
    assert_error(&s, "movement.last_from: missing: the square movement.last started its move from");

    let mut s = base();
    s.turn = 0;
    assert_error(&s, "turn: 0 is not a game turn; they count from 1");
}

#[test]
fn a_display_needs_its_fate_roll_after_movement() {
    let mut s = base();
    s.players[0].mode = HandMode::Display;
    s.players[0].hand.clear();
    s.players[0].display = Some(DisplayScenario {
        a: SlotScenario { up: names(&["Supply"]), down: vec![] },
        ..DisplayScenario::default()
    });
    s.phase = ScenarioPhase::Combat;
    assert_error(&s, "fate: player 0 holds a display, so its Fate Die was rolled before Movement: give fate.die");
    s.fate = Some(FateScenario { die: 7, played: false, rest: vec![] });
    assert_error(&s, "fate.die: 7 is not a face of the Fate Die (1 to 6)");
    s.fate = Some(FateScenario { die: 4, played: false, rest: vec![] });
    s.movement = Some(MovementScenario { supply_played: true, ..Default::default() });
    assert_error(
        &s,
        "fate.played: movement.supply_played means a card was played under the Fate Die this turn: write \
         fate.played = true",
    );
    s.fate = Some(FateScenario { die: 4, played: true, rest: vec![] });
    let game = s.build().unwrap();
    assert_eq!(game.phase(), manoeuvre::state::Phase::Combat);
}

#[test]
fn map_mistakes() {
    let mut s = base();
    s.map.sections = Some([1, 2, 3, 4]);
    assert_error(&s, "map: give either sections or terrain, not both");

    let mut s = base();
    s.map.terrain = None;
    s.map.sections = Some([1, 2, 3, 99]);
    assert_error(&s, "map.sections[3]: there is no map section 99");
    s.map.sections = Some([1, 2, 3, 1]);
    assert_error(&s, "map.sections[3]: section 1 is used twice");
    s.map.sections = Some([1, 2, 3, 4]);
    s.map.turns = Some([0, 4, 0, 0]);
    assert_error(&s, "map.turns[1]: 4 is not 0 to 3 quarter turns");
    s.map.turns = None;
    s.map.second_player_edge = Some("up".into());
    assert_error(&s, "map.second_player_edge: 'up' is not top, right, bottom or left");

    let mut s = base();
    if let Some(rows) = s.map.terrain.as_mut() {
        rows[2] = "CCCCXCCC".into();
    }
    assert_error(&s, "map.terrain[2]: 'X' in 'CCCCXCCC' is not a terrain letter (C H T W M F L)");
    if let Some(rows) = s.map.terrain.as_mut() {
        rows[2] = "CCCC".into();
    }
    assert_error(&s, "map.terrain[2]: 'CCCC' has 4 squares; a rank has 8");
    if let Some(rows) = s.map.terrain.as_mut() {
        rows.pop();
    }
    assert_error(&s, "map.terrain: 7 rows; the battlefield has 8, rank 8 first");
}

#[test]
fn text_that_does_not_parse() {
    let err = Scenario::from_toml(&BASE.replace("first_player = 0", "first_player = 0\nfirst_playr = 1")).unwrap_err();
    assert!(matches!(err, ScenarioError::Parse { format: "TOML", .. }));
    assert!(err.to_string().contains("first_playr"), "{err}");

    let err =
        Scenario::from_toml(&BASE.replace("hand = [\"Supply\", \"Napoleon", "hand = [-1, \"Napoleon")).unwrap_err();
    assert!(err.to_string().contains("-1 is negative"), "{err}");

    let err = Scenario::from_json("{\"players\": []}").unwrap_err();
    assert!(matches!(err, ScenarioError::Parse { format: "JSON", .. }), "{err}");
}

/// The shipped display example: Great Britain (player 1, second player) on the display at game turn
/// 3, after a Fate Die roll of 4; slot B holds 1st Foot Guards and Lord Wellington face-up.
fn display_example() -> Scenario {
    Scenario::from_toml(include_str!("../scenarios/display.toml")).unwrap()
}

fn rest_after(die: u8, rest: &[&str]) -> Scenario {
    let mut s = display_example();
    s.fate = Some(FateScenario { die, played: true, rest: names(rest) });
    s
}

#[track_caller]
fn assert_error_part(scenario: &Scenario, field: &str, part: &str) {
    let message = error(scenario);
    assert!(message.starts_with(&format!("{field}: ")), "{message}");
    assert!(message.contains(part), "'{message}' should contain '{part}'");
}

#[test]
fn fate_leftovers_are_the_rest_of_one_rolled_slot() {
    // The rest of slot B after a roll of 4: accepted, and written back the same.
    let s = rest_after(4, &["Lord Wellington"]);
    let game = s.build().unwrap();
    let written = Scenario::from_state(&game).unwrap();
    assert_eq!(written.fate.map(|f| f.rest), Some(names(&["Lord Wellington"])));

    assert_error_part(
        &rest_after(4, &["Redoubt"]),
        "fate.rest[0]",
        "card 48 (Redoubt) lies in slot E, but a roll of 4 leaves playable only cards of slot A or B",
    );
    assert_error_part(
        &rest_after(5, &["Lord Wellington"]),
        "fate.rest[0]",
        "(Lord Wellington) lies in slot B, but a roll of 5 leaves playable only cards of slot D or E",
    );
    assert_error_part(
        &rest_after(4, &["Lord Wellington", "Supply"]),
        "fate.rest[1]",
        "card 53 (Supply) lies in slot A, but fate.rest[0] lies in slot B: the cards left playable are the rest of \
         the one slot the first card was played from",
    );
    // The deck's face-up top card is slot C: playing it leaves nothing to play.
    assert_error_part(
        &rest_after(3, &["King's Dragoons Guards"]),
        "fate.rest[0]",
        "lies in slot C, but a roll of 3 leaves playable only cards of slot A or B (a card played from the deck's \
         top leaves nothing playable)",
    );
    // Faces 1 and 2 allow a single card.
    assert_error_part(
        &rest_after(2, &["Supply"]),
        "fate.rest[0]",
        "card 53 (Supply): a roll of 2 allows one card, so no card stays playable after it; leave fate.rest empty",
    );
}

#[test]
fn fate_leftovers_lie_face_up_in_the_display() {
    assert_eq!(
        error(&rest_after(4, &["Withdraw"])),
        "fate.rest[0]: no card 'Withdraw' is face-up in player 1's display"
    );
    // Spy lies face-down in slot D: a roll turns its slots face-up, so a card left playable shows.
    assert_eq!(error(&rest_after(6, &["Spy"])), "fate.rest[0]: no card 'Spy' is face-up in player 1's display");
    // By number: the second Redoubt (49) lies face-down in slot E.
    let mut s = display_example();
    s.fate = Some(FateScenario { die: 6, played: true, rest: vec![NameOrIndex::Index(49)] });
    assert!(
        error(&s).starts_with("fate.rest[0]: card 49 (Redoubt) is not face-up in player 1's display"),
        "{}",
        error(&s)
    );
    assert_eq!(
        error(&rest_after(4, &["Lord Wellington", "Lord Wellington"])),
        "fate.rest[1]: every card 'Lord Wellington' face-up in player 1's display is listed already (each card is \
         listed once)"
    );
}

#[test]
fn a_display_slot_holds_at_most_one_card_more_than_its_player_has_begun_turns() {
    // Game turn 3, Britain's own turn: it has begun three turns, so a slot holds at most 4 cards.
    let mut s = display_example();
    let display = s.players[1].display.as_mut().unwrap();
    display.b.up.extend(names(&["Supply", "Supply"]));
    let game = s.build().unwrap();
    assert_eq!(game.side(1).display.slots[1].count_ones(), 4, "four cards fit");

    let mut five = s.clone();
    five.players[1].display.as_mut().unwrap().b.up.push("Withdraw".into());
    assert_eq!(
        error(&five),
        "players[1].display.b.up[4]: Withdraw would be card 5 of slot B, but at game turn 3 a slot of player 1's \
         display holds at most 4: one from the deal, and one more for each turn player 1 has begun at most (a card \
         moved there when nothing was played, or given back by a Skirmish)"
    );
    // Face-down cards count too, after the face-up ones.
    let mut five = s.clone();
    five.players[1].display.as_mut().unwrap().b.down.push("Withdraw".into());
    assert_error_part(&five, "players[1].display.b.down[0]", "Withdraw would be card 5 of slot B");

    // On France's turn of game turn 3, Britain (the second player) has begun only two turns.
    let mut france = s.clone();
    france.active = Some(0);
    france.fate = None;
    assert_error_part(
        &france,
        "players[1].display.b.up[3]",
        "at game turn 3 a slot of player 1's display holds at most 3",
    );
    // And in the first game turn, before its first turn, every slot holds the one card it was dealt.
    france.turn = 1;
    assert_error_part(&france, "players[1].display.b.up[1]", "Lord Wellington would be card 2 of slot B");
}
