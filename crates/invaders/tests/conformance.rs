//! The conformance kit on Invaders: random games from the example deck, with and without starting
//! hands, each side first.
//!
//! A random player that may declare a winner at any decision ends most games within a few steps,
//! before a zone fills or a cancel meets a cancel. The second check plays the same game with that
//! one tool left out (`NoDeclaring`), so that games run to an empty draw pile; the tool itself is
//! covered by the first check and by the rule tests.

use engine::conformance::{Plan, check_random_play};
use engine::{ActionError, Game, Outcome, SetupError, ToMove};
use invaders::{Action, Invaders, InvadersSetup, InvadersView, Side};
use rand_core::RngCore;

#[derive(Clone, Debug, PartialEq)]
struct NoDeclaring(Invaders);

impl Game for NoDeclaring {
    type Setup = InvadersSetup;
    type Action = Action;
    type Observation = InvadersView;
    fn new(setup: &InvadersSetup) -> Result<Self, SetupError> {
        Invaders::new(setup).map(NoDeclaring)
    }
    fn num_players(&self) -> u8 {
        self.0.num_players()
    }
    fn player_name(&self, player: u8) -> String {
        self.0.player_name(player)
    }
    fn to_move(&self) -> ToMove {
        self.0.to_move()
    }
    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.0.legal_actions(out);
        out.retain(|a| !matches!(a, Action::DeclareWinner(_)));
    }
    fn apply(&mut self, action: &Action) -> Result<(), ActionError> {
        self.0.apply(action)
    }
    fn action_id(&self, action: &Action) -> String {
        self.0.action_id(action)
    }
    fn action_label(&self, action: &Action) -> String {
        self.0.action_label(action)
    }
    fn reveals(&self, action: &Action) -> bool {
        self.0.reveals(action)
    }
    fn observe(&self, player: u8) -> InvadersView {
        self.0.observe(player)
    }
    fn resample(&self, player: u8, rng: &mut dyn RngCore) -> Self {
        NoDeclaring(self.0.resample(player, rng))
    }
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }
    fn check_invariants(&self) -> Result<(), String> {
        self.0.check_invariants()
    }
}

fn setups() -> [InvadersSetup; 2] {
    [InvadersSetup::default(), InvadersSetup { first: Side::Invader, starting_hand: 5, ..InvadersSetup::default() }]
}

#[test]
fn random_play_keeps_the_contract() {
    for setup in setups() {
        let plan = Plan { seeds: 0..40, step_cap: 5_000, observe_every: 1 };
        let report = check_random_play::<Invaders>(&setup, &plan).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(report.finished, report.games, "every random game reaches its end");
        assert!(report.resamples_that_changed > 0, "the hidden cards were redrawn");
    }
}

#[test]
fn random_games_played_to_an_empty_draw_pile_keep_the_contract() {
    for setup in setups() {
        let plan = Plan { seeds: 0..12, step_cap: 20_000, observe_every: 1 };
        let report = check_random_play::<NoDeclaring>(&setup, &plan).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(report.finished, report.games, "every random game reaches its end");
        // Games last until a draw pile runs out: many steps each.
        assert!(report.steps > 40 * report.games, "{report:?}");
    }
}

#[test]
fn random_games_with_card_displays_keep_the_contract() {
    let display =
        |display, first, starting_hand| InvadersSetup { display, first, starting_hand, ..InvadersSetup::default() };
    let setups = [
        display(invaders::DisplaySides::Invader, Side::Mankind, 5),
        display(invaders::DisplaySides::Mankind, Side::Invader, 0),
        display(invaders::DisplaySides::Both, Side::Mankind, 5),
    ];
    for setup in setups {
        let plan = Plan { seeds: 0..12, step_cap: 20_000, observe_every: 1 };
        let report = check_random_play::<NoDeclaring>(&setup, &plan).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(report.finished, report.games, "every random game reaches its end");
        assert!(report.steps > 20 * report.games, "{report:?}");
    }
}
