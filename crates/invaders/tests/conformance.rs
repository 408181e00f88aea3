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

/// Whether a chance to cancel opens after a card is paid for must not depend on cards hidden from
/// the side that paid: otherwise being asked, or not, would tell it what the other hand holds. At
/// every play, cancel and payment of random games, the acting side's view is resampled (the other
/// hand redealt from the cards it cannot see) and the same steps are taken: who is asked next must
/// be the same. (The kit itself skips these steps, since a card played is revealed.)
#[test]
fn who_may_cancel_is_decided_only_on_what_the_side_that_paid_can_see() {
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;
    let display =
        |display, first, starting_hand| InvadersSetup { display, first, starting_hand, ..InvadersSetup::default() };
    let setups = [
        display(invaders::DisplaySides::None, Side::Mankind, 0),
        display(invaders::DisplaySides::None, Side::Invader, 5),
        display(invaders::DisplaySides::Invader, Side::Mankind, 5),
        display(invaders::DisplaySides::Mankind, Side::Invader, 0),
    ];
    let (mut compared, mut asked, mut went_on) = (0u32, 0u32, 0u32);
    for setup in setups {
        for seed in 0..12u64 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut g = Invaders::new(&setup).expect("a game");
            for _ in 0..3_000 {
                let legal = g.legal();
                let choices: Vec<Action> =
                    legal.into_iter().filter(|a| !matches!(a, Action::DeclareWinner(_))).collect();
                let Some(&action) = choices.get(rng.next_u32() as usize % choices.len().max(1)) else { break };
                let paying = matches!(
                    action,
                    Action::Play { .. } | Action::Cancel(_) | Action::PayDiscard(_) | Action::PayFaceDown(_)
                );
                if let (true, ToMove::Player(p)) = (paying, g.to_move()) {
                    for _ in 0..3 {
                        let other = g.resample(p, &mut rng);
                        if !other.legal().contains(&action) {
                            continue;
                        }
                        let (mut real, mut seen) = (g.clone(), other);
                        real.apply(&action).expect("legal");
                        seen.apply(&action).expect("legal in the resample");
                        // The same chance outcomes where both allow them (the payer's own draw
                        // pile, which was not redealt).
                        while real.to_move() == ToMove::Chance {
                            let outcome = real.legal()[0];
                            if seen.to_move() != ToMove::Chance || !seen.legal().contains(&outcome) {
                                break;
                            }
                            real.apply(&outcome).expect("legal outcome");
                            seen.apply(&outcome).expect("the same outcome");
                        }
                        if real.to_move() == ToMove::Chance {
                            continue;
                        }
                        assert_eq!(
                            (real.phase(), real.to_move()),
                            (seen.phase(), seen.to_move()),
                            "seed {seed}, {setup:?}: after '{}' by player {p}, a hand it cannot see decided who is asked",
                            action.id()
                        );
                        compared += 1;
                        match real.phase() {
                            invaders::Phase::Window { .. } => asked += 1,
                            invaders::Phase::Main => went_on += 1,
                            _ => {}
                        }
                    }
                }
                g.apply(&action).expect("a legal action");
                while g.to_move() == ToMove::Chance {
                    let outcomes = g.legal();
                    let pick = outcomes[rng.next_u32() as usize % outcomes.len()];
                    g.apply(&pick).expect("a legal outcome");
                }
                if g.to_move() == ToMove::Terminal {
                    break;
                }
            }
        }
    }
    assert!(compared > 1_000 && asked > 100 && went_on > 100, "{compared} compared, {asked} asked, {went_on} went on");
}
