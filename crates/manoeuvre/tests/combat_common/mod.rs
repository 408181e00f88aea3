//! Shared helpers for the combat rule tests (rules 6 and 9): positions written as scenarios with
//! every unit and card placed by the test, sessions in manual chance mode so that every die is
//! forced by id, and small lookups into the shipped card data.
//!
//! Conventions: player 0 is the first player and holds the North edge (ranks 7-8); player 1 holds
//! the South edge (ranks 1-2). Unless a test says otherwise player 1 is the active player, so its
//! attacks go north and the defender retreats north. Units a test does not place are parked on
//! their owner's back rank (rank 8 for North, rank 1 for South), far from the fighting.

#![allow(dead_code)] // each test file uses its own part of these helpers

use engine::{ChanceMode, Game, Session, ToMove};
use manoeuvre::board::{name, parse};
use manoeuvre::data::model::{Army, CardDef, CardKind, Dice, HqKind, LeaderCard, Terrain, UnitCard};
use manoeuvre::scenario::{MapScenario, NameOrIndex, PlayerScenario, UnitScenario};
use manoeuvre::state::{Phase, Unit};
use manoeuvre::tables::Compiled;
use manoeuvre::{HandMode, Manoeuvre, ManoeuvreSetup, Scenario, ScenarioPhase};

pub type S = Session<Manoeuvre>;

/// The first player, on the North edge.
pub const NORTH: u8 = 0;
/// The second player, on the South edge; the attacker unless a test says otherwise.
pub const SOUTH: u8 = 1;

// ---- Data lookups ----

pub fn data() -> &'static Compiled {
    Compiled::embedded().expect("the shipped data loads")
}

pub fn army(code: &str) -> &'static Army {
    data().rules.armies.iter().find(|a| a.code == code).unwrap_or_else(|| panic!("no army {code}"))
}

/// The index (0..8) of a unit within its army.
pub fn unit_index(code: &str, unit: &str) -> u8 {
    let a = army(code);
    a.units.iter().position(|u| u.name == unit).unwrap_or_else(|| panic!("{code} has no unit {unit}")) as u8
}

/// The unit id used in action ids (`side * 8 + index`).
pub fn uid(player: u8, code: &str, unit: &str) -> u8 {
    player * 8 + unit_index(code, unit)
}

pub fn dice(text: &str) -> Dice {
    let (count, sides) = text.split_once('d').expect("dice like 2d6");
    Dice { count: count.parse().expect("count"), sides: sides.parse().expect("sides") }
}

/// Numbers (0..60) of an army's cards that match.
pub fn cards_where(code: &str, f: impl Fn(&CardDef) -> bool) -> Vec<u8> {
    army(code).cards.iter().enumerate().filter(|(_, c)| f(c)).map(|(i, _)| i as u8).collect()
}

/// Unit cards of one unit that match.
pub fn unit_cards(code: &str, unit: &str, f: impl Fn(&UnitCard) -> bool) -> Vec<u8> {
    let index = unit_index(code, unit);
    cards_where(code, |c| matches!(&c.kind, CardKind::Unit(u) if u.unit == index && f(u)))
}

/// Unit cards of one unit with exactly this Assault value.
pub fn attack_cards(code: &str, unit: &str, attack: &str) -> Vec<u8> {
    let d = dice(attack);
    unit_cards(code, unit, |u| u.attack == Some(d))
}

/// The first unit card of one unit with this Assault value.
pub fn attack_card(code: &str, unit: &str, attack: &str) -> u8 {
    *attack_cards(code, unit, attack).first().unwrap_or_else(|| panic!("{code} {unit}: no {attack} card"))
}

/// The artillery card (a Bombard value, no Assault value) of one unit.
pub fn artillery_card(code: &str, unit: &str) -> u8 {
    *unit_cards(code, unit, |u| u.bombard.is_some() && u.attack.is_none())
        .first()
        .unwrap_or_else(|| panic!("{code} {unit}: no artillery card"))
}

/// The first card of a unit with a Volley value.
pub fn volley_card(code: &str, unit: &str) -> u8 {
    *unit_cards(code, unit, |u| u.volley.is_some()).first().unwrap_or_else(|| panic!("{code} {unit}: no volley card"))
}

pub fn hq_cards(code: &str, kind: HqKind) -> Vec<u8> {
    cards_where(code, |c| c.kind == CardKind::Hq(kind))
}

pub fn hq_card(code: &str, kind: HqKind) -> u8 {
    *hq_cards(code, kind).first().unwrap_or_else(|| panic!("{code}: no {kind:?} card"))
}

pub fn leader_card(code: &str, leader: &str) -> u8 {
    *cards_where(code, |c| c.name == leader && matches!(c.kind, CardKind::Leader(_)))
        .first()
        .unwrap_or_else(|| panic!("{code}: no leader {leader}"))
}

pub fn unit_card_def(code: &str, card: u8) -> &'static UnitCard {
    match &army(code).cards[card as usize].kind {
        CardKind::Unit(u) => u,
        other => panic!("{code} card {card} is not a unit card: {other:?}"),
    }
}

pub fn leader_def(code: &str, card: u8) -> &'static LeaderCard {
    match &army(code).cards[card as usize].kind {
        CardKind::Leader(l) => l,
        other => panic!("{code} card {card} is not a leader: {other:?}"),
    }
}

pub fn strength(code: &str, unit: &str, reduced: bool) -> u16 {
    let u = &army(code).units[unit_index(code, unit) as usize];
    u16::from(if reduced { u.reduced } else { u.full })
}

/// The terrain of a scenario letter.
pub fn terrain_of(letter: char) -> Terrain {
    Terrain::from_letter(letter).unwrap_or_else(|| panic!("no terrain letter {letter}"))
}

/// The defence benefit of a terrain as the shipped (provisional) terrain table gives it.
pub fn defense_bonus(letter: char) -> u16 {
    data().effects(terrain_of(letter)).defense.into()
}

/// The attack benefit of a terrain as the shipped (provisional) terrain table gives it.
pub fn attack_bonus(letter: char) -> u16 {
    data().effects(terrain_of(letter)).attack.into()
}

pub fn sq(text: &str) -> u8 {
    parse(text).unwrap_or_else(|| panic!("bad square {text}"))
}

// ---- Positions ----

struct Placed {
    unit: u8,
    square: Option<String>,
    reduced: bool,
}

/// A combat-phase position built up by a test and turned into a scenario.
pub struct Pos {
    armies: [&'static str; 2],
    /// Terrain letters, `rows[rank - 1][file]`.
    rows: [[char; 8]; 8],
    placed: [Vec<Placed>; 2],
    hands: [Vec<u8>; 2],
    discards: [Vec<u8>; 2],
    redoubts: Vec<String>,
    active: u8,
}

impl Pos {
    /// Player 0 (North) plays `north`, player 1 (South) plays `south`; the battlefield is all Clear
    /// and it is player 1's Combat phase in game turn 7.
    pub fn new(north: &'static str, south: &'static str) -> Pos {
        Pos {
            armies: [north, south],
            rows: [['C'; 8]; 8],
            placed: [Vec::new(), Vec::new()],
            hands: [Vec::new(), Vec::new()],
            discards: [Vec::new(), Vec::new()],
            redoubts: Vec::new(),
            active: SOUTH,
        }
    }

    pub fn active(mut self, player: u8) -> Pos {
        self.active = player;
        self
    }

    /// Sets the terrain letter of a square (C, H, T, W, M, F, L).
    pub fn terrain(mut self, square: &str, letter: char) -> Pos {
        let s = sq(square);
        self.rows[(s / 8) as usize][(s % 8) as usize] = letter;
        self
    }

    fn place(mut self, player: u8, unit: &str, square: Option<&str>, reduced: bool) -> Pos {
        let index = unit_index(self.armies[player as usize], unit);
        let list = &mut self.placed[player as usize];
        assert!(list.iter().all(|p| p.unit != index), "{unit} placed twice");
        list.push(Placed { unit: index, square: square.map(str::to_string), reduced });
        self
    }

    pub fn unit(self, player: u8, unit: &str, square: &str) -> Pos {
        self.place(player, unit, Some(square), false)
    }

    pub fn reduced(self, player: u8, unit: &str, square: &str) -> Pos {
        self.place(player, unit, Some(square), true)
    }

    /// The unit has been eliminated earlier in the game (it counts as a loss).
    pub fn eliminated(self, player: u8, unit: &str) -> Pos {
        self.place(player, unit, None, true)
    }

    pub fn hand(mut self, player: u8, cards: &[u8]) -> Pos {
        self.hands[player as usize] = cards.to_vec();
        self
    }

    pub fn discard(mut self, player: u8, cards: &[u8]) -> Pos {
        self.discards[player as usize] = cards.to_vec();
        self
    }

    pub fn redoubt(mut self, square: &str) -> Pos {
        self.redoubts.push(square.to_string());
        self
    }

    pub fn scenario(&self) -> Scenario {
        let mut taken: Vec<String> = self.placed.iter().flatten().filter_map(|p| p.square.clone()).collect();
        let players = [0u8, 1].map(|p| {
            let code = self.armies[p as usize];
            let mut units: Vec<UnitScenario> = self.placed[p as usize]
                .iter()
                .map(|pl| UnitScenario {
                    unit: NameOrIndex::Index(pl.unit.into()),
                    square: pl.square.clone(),
                    reduced: pl.reduced,
                    eliminated: pl.square.is_none(),
                })
                .collect();
            // Park every other unit on its owner's back rank, then the rank in front of it.
            let ranks: [u8; 2] = if p == NORTH { [7, 6] } else { [0, 1] };
            let mut parking = ranks
                .iter()
                .flat_map(|&r| (0..8u8).map(move |c| r * 8 + c))
                .filter(|&s| self.rows[(s / 8) as usize][(s % 8) as usize] != 'L');
            for index in 0..8u8 {
                if self.placed[p as usize].iter().any(|pl| pl.unit == index) {
                    continue;
                }
                let square = loop {
                    let s = name(parking.next().unwrap_or_else(|| panic!("{code}: no parking square left")));
                    if !taken.contains(&s) {
                        break s;
                    }
                };
                taken.push(square.clone());
                units.push(UnitScenario {
                    unit: NameOrIndex::Index(index.into()),
                    square: Some(square),
                    reduced: false,
                    eliminated: false,
                });
            }
            PlayerScenario {
                army: code.to_string(),
                mode: HandMode::Hand,
                units,
                hand: self.hands[p as usize].iter().map(|&c| NameOrIndex::Index(c.into())).collect(),
                revealed: Vec::new(),
                display: None,
                discard: self.discards[p as usize].iter().map(|&c| NameOrIndex::Index(c.into())).collect(),
                deck: None,
                first_deck_done: false,
            }
        });
        let terrain = (0..8).rev().map(|r| self.rows[r].iter().collect::<String>()).collect();
        Scenario {
            title: Some("rule test".into()),
            description: None,
            first_player: 0,
            active: Some(self.active),
            turn: 7,
            phase: ScenarioPhase::Combat,
            card_played: false,
            restoration_attempted: false,
            redoubt_built: false,
            redoubts: self.redoubts.clone(),
            map: MapScenario { terrain: Some(terrain), ..MapScenario::default() },
            fate: None,
            movement: None,
            players,
        }
    }

    /// A session on this position with every die and draw left to the test.
    pub fn start(&self) -> S {
        let setup = ManoeuvreSetup { scenario: Some(self.scenario()), ..ManoeuvreSetup::default() };
        let s: S = Session::new(setup, 7, ChanceMode::Manual).unwrap_or_else(|e| panic!("position refused: {e}"));
        assert_eq!(s.state().phase(), Phase::Combat);
        s
    }
}

// ---- Driving a session ----

/// The ids of the legal actions.
pub fn ids(s: &S) -> Vec<String> {
    let g = s.state();
    g.legal().iter().map(|a| g.action_id(a)).collect()
}

pub fn can(s: &S, id: &str) -> bool {
    ids(s).iter().any(|i| i == id)
}

/// Legal ids starting with this prefix.
pub fn ids_with(s: &S, prefix: &str) -> Vec<String> {
    ids(s).into_iter().filter(|i| i.starts_with(prefix)).collect()
}

/// The answers by which a side lets the other side's card or combat stand.
pub const NO_ANSWER: [&str; 3] = ["let-it-stand", "stand", "done-defending"];

/// Answer windows open whatever the answering hand holds (so that they tell nothing about it). When
/// a test names a decision beyond such a window and the window offers nothing but its "no answer",
/// the side lets it stand first, as a front end takes a forced single answer.
pub fn pass_lone_answers(s: &mut S, id: &str) {
    loop {
        let legal = ids(s);
        if legal.iter().any(|i| i == id) || legal.len() != 1 || !NO_ANSWER.contains(&legal[0].as_str()) {
            return;
        }
        s.apply_id(&legal[0]).unwrap_or_else(|e| panic!("{}: {e}", legal[0]));
    }
}

/// Lets every window that offers only its "no answer" pass, up to the next real choice.
pub fn pass_windows(s: &mut S) {
    pass_lone_answers(s, "");
}

/// Applies the legal action with this id (after any lone "no answer", see [`pass_lone_answers`]),
/// or fails the test listing what was legal.
pub fn play(s: &mut S, id: &str) {
    pass_lone_answers(s, id);
    if !can(s, id) {
        panic!("'{id}' is not legal at {:?}; legal: {:?}", s.state().phase(), ids(s));
    }
    s.apply_id(id).unwrap_or_else(|e| panic!("{id}: {e}"));
}

/// Ends the defender's card window if it is still open (it closes by itself once the defender has
/// nothing left to play).
pub fn finish_defence(s: &mut S) {
    if phase(s) == Phase::DefenderCards {
        play(s, "done-defending");
    }
}

/// Forces the next dice, one by one.
pub fn roll(s: &mut S, faces: &[u8]) {
    for &f in faces {
        assert_eq!(s.state().to_move(), ToMove::Chance, "a die to roll before die-{f}; legal: {:?}", ids(s));
        play(s, &format!("die-{f}"));
    }
}

/// How many faces the die waiting to be rolled has (0 when no die is waiting).
pub fn die_faces(s: &S) -> usize {
    if s.state().to_move() != ToMove::Chance {
        return 0;
    }
    ids(s).iter().filter(|i| i.starts_with("die-")).count()
}

/// Rolls the dice still owed, checking each one's kind, e.g. `&[(6, 3), (10, 7)]`.
pub fn roll_checked(s: &mut S, dice: &[(usize, u8)]) {
    for &(faces, value) in dice {
        assert_eq!(die_faces(s), faces, "expected a d{faces} before rolling {value}; legal: {:?}", ids(s));
        roll(s, &[value]);
    }
}

pub fn to_move(s: &S) -> ToMove {
    s.state().to_move()
}

pub fn phase(s: &S) -> Phase {
    s.state().phase()
}

pub fn unit(s: &S, id: u8) -> Unit {
    *s.state().unit(id)
}

/// The square a unit stands on, by name.
pub fn square_of(s: &S, id: u8) -> Option<String> {
    let u = unit(s, id);
    (!u.eliminated && u.square != manoeuvre::state::NONE).then(|| name(u.square))
}

pub fn at(s: &S, square: &str) -> Option<u8> {
    s.state().unit_at(sq(square))
}

pub fn lost(s: &S, player: u8) -> u8 {
    s.state().side(player).lost
}

pub fn in_hand(s: &S, player: u8, card: u8) -> bool {
    s.state().side(player).hand & (1u64 << card) != 0
}

pub fn in_discard(s: &S, player: u8, card: u8) -> bool {
    s.state().side(player).discard & (1u64 << card) != 0
}

pub fn redoubts(s: &S) -> Vec<String> {
    s.state().observe(0).redoubts
}

pub fn attack_total(s: &S) -> u16 {
    s.state().attack_total()
}

pub fn defense_total(s: &S) -> u16 {
    s.state().defense_total()
}

/// The supporting units of the combat in progress.
pub fn supporters(s: &S) -> Vec<u8> {
    s.state().observe(0).combat.map(|c| c.supporters).unwrap_or_default()
}

/// Whether a combat is in progress (the observation shows one).
pub fn in_combat(s: &S) -> bool {
    s.state().observe(0).combat.is_some()
}

pub fn assault(unit: u8, target: &str, card: u8) -> String {
    format!("assault-{unit}-{target}-{card}")
}

pub fn ambush(card: u8, target: &str) -> String {
    format!("ambush-{card}-{target}")
}

pub fn bombard(unit: u8, target: &str, card: u8) -> String {
    format!("bombard-{unit}-{target}-{card}")
}

pub fn volley(unit: u8, target: &str, card: u8) -> String {
    format!("volley-{unit}-{target}-{card}")
}

pub fn rockets(card: u8, unit: u8, target: &str) -> String {
    format!("rockets-{card}-{unit}-{target}")
}

pub fn grand_battery(card: u8, unit: u8, target: &str) -> String {
    format!("grand-battery-{card}-{unit}-{target}")
}

/// Whether any combat of any kind could be declared (an assault, ambush, fire or sacrifice).
pub fn any_combat_offered(s: &S) -> bool {
    ids(s).iter().any(|i| {
        ["assault-", "ambush-", "bombard-", "volley-", "rockets-", "grand-battery-", "death-with-honour-"]
            .iter()
            .any(|p| i.starts_with(p))
    })
}

/// Checks that the combat is over and the turn has moved on to the Restoration phase.
pub fn assert_combat_over(s: &S) {
    assert_eq!(phase(s), Phase::Restoration, "legal: {:?}", ids(s));
    assert!(!in_combat(s));
    assert!(!any_combat_offered(s), "no second combat: {:?}", ids(s));
}
