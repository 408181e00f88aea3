//! Shared helpers of the card rule tests (rules 8 and 9, Scout/Spy and the CDG Solo playsheet):
//! small scenario builders on an open battlefield, a manual-chance session, and lookups of card
//! numbers by name so that no test depends on the order of the rows in the data files.

#![allow(dead_code)] // each test file uses a different part of this module
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use engine::{ChanceMode, Game, Session, ToMove};
use manoeuvre::data::model::{CardDef, CardKind, UnitCard};
use manoeuvre::scenario::{
    DisplayScenario, FateScenario, MapScenario, MovementScenario, NameOrIndex, PlayerScenario, SlotScenario,
    UnitScenario,
};
use manoeuvre::state::{Display, NONE, Phase};
use manoeuvre::{HandMode, Manoeuvre, ManoeuvreSetup, Scenario, ScenarioPhase};

pub type Game0 = Session<Manoeuvre>;

/// Eight ranks of open ground.
pub const OPEN: [&str; 8] = ["CCCCCCCC"; 8];

/// A battlefield from eight rows of terrain letters, rank 8 first.
pub fn terrain(rows: [&str; 8]) -> MapScenario {
    MapScenario { terrain: Some(rows.iter().map(|r| r.to_string()).collect()), ..MapScenario::default() }
}

/// A unit (by its number in the army) on a square.
pub fn at(unit: u8, square: &str) -> UnitScenario {
    UnitScenario { unit: NameOrIndex::from(unit), square: Some(square.into()), reduced: false, eliminated: false }
}

/// A reduced unit on a square.
pub fn reduced_at(unit: u8, square: &str) -> UnitScenario {
    UnitScenario { reduced: true, ..at(unit, square) }
}

/// A unit already eliminated.
pub fn gone(unit: u8) -> UnitScenario {
    UnitScenario { unit: NameOrIndex::from(unit), square: None, reduced: true, eliminated: true }
}

/// Squares on the far east of each side's half where the units a test does not mention wait.
const RESERVE: [[&str; 8]; 2] =
    [["h8", "g8", "h7", "g7", "f8", "h6", "g6", "f7"], ["h1", "g1", "h2", "g2", "f1", "h3", "g3", "f2"]];

/// Puts every unit the test did not mention on a reserve square, so that no side starts with
/// losses it did not ask for.
fn fill_reserve(ps: &mut PlayerScenario, p: usize, taken: &[String]) {
    let listed: Vec<u8> = ps
        .units
        .iter()
        .map(|u| match u.unit {
            NameOrIndex::Index(i) => i as u8,
            NameOrIndex::Name(_) => panic!("the helpers list units by number"),
        })
        .collect();
    let mut free = RESERVE[p].iter().filter(|s| !taken.iter().any(|t| t == *s));
    for unit in 0..8u8 {
        if !listed.contains(&unit) {
            let square = free.next().expect("a reserve square");
            ps.units.push(at(unit, square));
        }
    }
}

/// Card numbers as scenario entries.
pub fn ix(list: &[u8]) -> Vec<NameOrIndex> {
    list.iter().map(|&c| NameOrIndex::from(c)).collect()
}

/// A player holding a hand.
pub fn hand_player(army: &str, units: Vec<UnitScenario>, hand: &[u8]) -> PlayerScenario {
    PlayerScenario {
        army: army.into(),
        mode: HandMode::Hand,
        units,
        hand: ix(hand),
        revealed: Vec::new(),
        display: None,
        discard: Vec::new(),
        deck: None,
        first_deck_done: false,
    }
}

/// A display slot: face-up cards, then face-down ones.
pub fn slot(up: &[u8], down: &[u8]) -> SlotScenario {
    SlotScenario { up: ix(up), down: ix(down) }
}

/// A CDG Solo display: slots A, B, D, E and the face-up deck top (if any).
pub fn display(a: SlotScenario, b: SlotScenario, d: SlotScenario, e: SlotScenario, top: Option<u8>) -> DisplayScenario {
    DisplayScenario { a, b, d, e, deck_top: top.map(NameOrIndex::from) }
}

/// A player holding the CDG Solo display.
pub fn display_player(army: &str, units: Vec<UnitScenario>, d: DisplayScenario) -> PlayerScenario {
    PlayerScenario { mode: HandMode::Display, display: Some(d), ..hand_player(army, units, &[]) }
}

/// A position on open ground, game turn 5 (one move a turn), player 0 first (North edge, ranks
/// 7-8), player 1 on the South edge. Units not listed stand in reserve on the east edge (files f-h
/// of each side's home ranks); list a unit with [`gone`] to have it eliminated.
pub fn position(phase: ScenarioPhase, active: u8, mut p0: PlayerScenario, mut p1: PlayerScenario) -> Scenario {
    let taken: Vec<String> = p0.units.iter().chain(&p1.units).filter_map(|u| u.square.clone()).collect();
    fill_reserve(&mut p0, 0, &taken);
    fill_reserve(&mut p1, 1, &taken);
    Scenario {
        title: None,
        description: None,
        first_player: 0,
        active: Some(active),
        turn: 5,
        phase,
        card_played: false,
        restoration_attempted: false,
        redoubt_built: false,
        redoubts: Vec::new(),
        map: terrain(OPEN),
        fate: None,
        movement: None,
        players: [p0, p1],
    }
}

/// The Fate Die already rolled this turn.
pub fn fate(die: u8) -> Option<FateScenario> {
    Some(FateScenario { die, played: false, rest: Vec::new() })
}

/// A Movement record in which the given units (by number) have moved.
pub fn moved(units: &[u8]) -> Option<MovementScenario> {
    Some(MovementScenario {
        moved: units.iter().map(|&u| NameOrIndex::from(u)).collect(),
        ..MovementScenario::default()
    })
}

/// A session over the scenario in which every roll and draw is chosen by the test.
pub fn start(sc: Scenario) -> Game0 {
    let setup = ManoeuvreSetup { scenario: Some(sc), ..ManoeuvreSetup::default() };
    Session::new(setup, 7, ChanceMode::Manual).unwrap_or_else(|e| panic!("the scenario does not start: {e}"))
}

/// The ids of the legal actions.
pub fn ids(g: &Game0) -> Vec<String> {
    let s = g.state();
    s.legal().iter().map(|a| s.action_id(a)).collect()
}

/// Whether an action with this id is legal now.
pub fn can(g: &Game0, id: &str) -> bool {
    ids(g).iter().any(|x| x == id)
}

/// Legal ids that start with a prefix.
pub fn with_prefix(g: &Game0, prefix: &str) -> Vec<String> {
    ids(g).into_iter().filter(|x| x.starts_with(prefix)).collect()
}

/// Applies the action with this id, failing the test (with the legal ids) when it is not legal.
/// The answers by which a side lets the other side's card or combat stand.
pub const NO_ANSWER: [&str; 3] = ["let-it-stand", "stand", "done-defending"];

/// Answer windows open whatever the answering hand holds (so that they tell nothing about it). When
/// a test names a decision beyond such a window and the window offers nothing but its "no answer",
/// the side lets it stand first, as a front end takes a forced single answer.
pub fn pass_lone_answers(g: &mut Game0, id: &str) {
    loop {
        let legal = ids(g);
        if legal.iter().any(|i| i == id) || legal.len() != 1 || !NO_ANSWER.contains(&legal[0].as_str()) {
            return;
        }
        g.apply_id(&legal[0]).unwrap_or_else(|e| panic!("{}: {e}", legal[0]));
    }
}

/// Lets every window that offers only its "no answer" pass, up to the next real choice.
pub fn pass_windows(s: &mut Game0) {
    pass_lone_answers(s, "");
}

pub fn go(g: &mut Game0, id: &str) {
    pass_lone_answers(g, id);
    if !can(g, id) {
        panic!("'{id}' is not legal in {:?}; legal: {:?}", g.state().phase(), ids(g));
    }
    g.apply_id(id).unwrap();
}

/// Applies a series of actions.
pub fn play(g: &mut Game0, list: &[&str]) {
    for id in list {
        go(g, id);
    }
}

/// The number of faces of the die now being rolled (the count of `die-N` choices).
pub fn die_faces(g: &Game0) -> usize {
    assert_eq!(g.state().to_move(), ToMove::Chance, "no chance event in {:?}", g.state().phase());
    let faces = with_prefix(g, "die-").len();
    assert!(faces > 0, "no die is being rolled in {:?}: {:?}", g.state().phase(), ids(g));
    faces
}

/// Rolls the dice in turn.
pub fn roll(g: &mut Game0, faces: &[u8]) {
    for f in faces {
        go(g, &format!("die-{f}"));
    }
}

/// The phase of the game.
pub fn phase(g: &Game0) -> Phase {
    g.state().phase()
}

/// Attack and defence totals of the combat in progress, as player 0 sees them.
pub fn totals(g: &Game0) -> (u16, u16) {
    let c = g.state().observe(0).combat.expect("a combat in progress");
    (c.attack_total, c.defense_total)
}

/// A square's index from its name.
pub fn sq(name: &str) -> u8 {
    manoeuvre::board::parse(name).unwrap()
}

/// The square of a unit id (`side * 8 + index`), `None` when off the board.
pub fn square_of(g: &Game0, unit: u8) -> Option<String> {
    let s = g.state().unit(unit).square;
    (s != NONE).then(|| manoeuvre::board::name(s))
}

pub fn is_reduced(g: &Game0, unit: u8) -> bool {
    g.state().unit(unit).reduced
}

pub fn is_eliminated(g: &Game0, unit: u8) -> bool {
    g.state().unit(unit).eliminated
}

/// A player's display.
pub fn disp(g: &Game0, player: u8) -> Display {
    g.state().side(player).display
}

pub fn bit(card: u8) -> u64 {
    1u64 << card
}

/// Whether the card lies in this display slot (0 A, 1 B, 3 D, 4 E).
pub fn in_slot(g: &Game0, player: u8, slot: usize, card: u8) -> bool {
    disp(g, player).slots[slot] & bit(card) != 0
}

pub fn face_up(g: &Game0, player: u8, card: u8) -> bool {
    disp(g, player).face_up & bit(card) != 0
}

/// The cards of an army's deck, by code or name, in the order the game numbers them.
pub fn army_cards(army: &str) -> &'static [CardDef] {
    let rules = manoeuvre::data::embedded().unwrap();
    let a = rules
        .armies
        .iter()
        .find(|a| a.code.eq_ignore_ascii_case(army) || a.name.eq_ignore_ascii_case(army))
        .unwrap_or_else(|| panic!("no army {army}"));
    &a.cards
}

/// The number of an army's unit by name.
pub fn unit_no(army: &str, name: &str) -> u8 {
    let rules = manoeuvre::data::embedded().unwrap();
    let a = rules.armies.iter().find(|a| a.code.eq_ignore_ascii_case(army)).unwrap();
    a.units.iter().position(|u| u.name == name).unwrap_or_else(|| panic!("no unit {name} in {army}")) as u8
}

/// Every card of that name (in the game's numbering).
pub fn cards_named(army: &str, name: &str) -> Vec<u8> {
    army_cards(army).iter().enumerate().filter(|(_, c)| c.name == name).map(|(i, _)| i as u8).collect()
}

/// The first card of that name.
pub fn card_named(army: &str, name: &str) -> u8 {
    *cards_named(army, name).first().unwrap_or_else(|| panic!("no card {name} in {army}"))
}

/// The unit cards of a unit (by unit name) that pass a test, in the game's numbering.
pub fn unit_cards_where(army: &str, name: &str, test: impl Fn(&UnitCard) -> bool) -> Vec<u8> {
    army_cards(army)
        .iter()
        .enumerate()
        .filter(|(_, c)| c.name == name && matches!(&c.kind, CardKind::Unit(u) if test(u)))
        .map(|(i, _)| i as u8)
        .collect()
}

/// The first unit card of a unit that passes a test.
pub fn unit_card_where(army: &str, name: &str, test: impl Fn(&UnitCard) -> bool) -> u8 {
    *unit_cards_where(army, name, test).first().unwrap_or_else(|| panic!("no such card of {name} in {army}"))
}

/// A card's unit-card values.
pub fn unit_card(army: &str, card: u8) -> UnitCard {
    match &army_cards(army)[card as usize].kind {
        CardKind::Unit(u) => u.clone(),
        other => panic!("card {card} of {army} is not a unit card: {other:?}"),
    }
}

/// Card numbers shown in a view's hand list.
pub fn hand_seen(g: &Game0, viewer: u8, owner: usize) -> Vec<u8> {
    g.state().observe(viewer).sides[owner].hand.iter().map(|c| c.card).collect()
}

/// What the viewer sees in each display slot A, B, D, E of `owner`: card numbers, `None` face-down.
pub fn slots_seen(g: &Game0, viewer: u8, owner: usize) -> Vec<Vec<Option<u8>>> {
    let view = g.state().observe(viewer);
    let d = view.sides[owner].display.clone().expect("a display");
    d.iter().map(|s| s.iter().map(|c| c.as_ref().map(|c| c.card)).collect()).collect()
}

/// Open ground with some squares changed, like `[("d5", 'W')]`.
pub fn terrain_with(changes: &[(&str, char)]) -> MapScenario {
    let mut rows: Vec<Vec<char>> = OPEN.iter().map(|r| r.chars().collect()).collect();
    for (square, letter) in changes {
        let s = sq(square);
        let (rank, file) = (s / 8, s % 8);
        rows[7 - rank as usize][file as usize] = *letter;
    }
    MapScenario { terrain: Some(rows.into_iter().map(|r| r.into_iter().collect()).collect()), ..MapScenario::default() }
}
