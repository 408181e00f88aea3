//! Scenario setups on the card table: a game's special rules name the scenarios they know (Empire of
//! the Sun's card setups, the Commands & Colors scenarios' rules), each as the list of its setup
//! decisions, and [`apply_scenario`] makes those decisions at the start of turn one through the
//! session, so they are recorded, replayed and undone like any other decision. A step that leaves the
//! player a choice (which card becomes Burma's Future Offensive, which side plays a scenario's role)
//! is left on the list of actions instead of being made for them.

use engine::{Game, Session};
use thiserror::Error;

use crate::games::rules_for;
use crate::table::CardTable;
use crate::table_action::TableAction;

/// More forced follow-ups than any setup step has; a bound, so a rule that kept offering one lone
/// decision could not hold the start of a table forever.
const MAX_FORCED: usize = 8;

/// A scenario whose card setup a game's special rules carry out.
#[derive(Clone, Copy, Debug)]
pub struct Scenario {
    /// The name given to `--scenario` and the protocol's `scenario` option.
    pub id: &'static str,
    /// What the setup does, for the player.
    pub summary: &'static str,
    /// The game's own decisions, made in this order.
    pub steps: &'static [crate::games::Decision],
}

/// Why a scenario could not be set up.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum ScenarioError {
    #[error("{game} has no scenario setups in cdgsolo")]
    NoScenarios { game: String },
    #[error("unknown scenario '{name}' for {game}; scenarios are: {known}")]
    Unknown { game: String, name: String, known: String },
    #[error(
        "scenario '{name}' is set up at the start of turn one, once the deal is done and before the first Fate Die roll"
    )]
    TooLate { name: String },
    #[error(
        "scenario '{name}' cannot place its cards on this table: the cards it names are unknown (start with a deck manifest naming them, e.g. --manifest builtin)"
    )]
    CardsUnknown { name: String },
    #[error("scenario '{name}': {reason}")]
    Refused { name: String, reason: String },
}

/// What setting up a scenario did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct ScenarioReport {
    /// The labels of the decisions made.
    pub made: Vec<String>,
    /// The labels of the choices left to the player.
    pub to_choose: Vec<String>,
}

impl Scenario {
    /// The scenario's title: its summary's words before the first colon ("Plan Orange").
    pub fn title(&self) -> &'static str {
        self.summary.split_once(':').map_or(self.id, |(title, _)| title.trim())
    }
}

/// The scenarios whose setup cdgsolo carries out for a game.
pub fn scenarios(game: &str) -> &'static [Scenario] {
    rules_for(game).scenarios()
}

/// Makes the setup decisions of scenario `name` on a table at the start of turn one.
pub fn apply_scenario(session: &mut Session<CardTable>, name: &str) -> Result<ScenarioReport, ScenarioError> {
    let game = session.state().sheet().id.clone();
    let list = scenarios(&game);
    if list.is_empty() {
        return Err(ScenarioError::NoScenarios { game });
    }
    let Some(scenario) = list.iter().find(|s| s.id == name) else {
        let known = list.iter().map(|s| s.id).collect::<Vec<_>>().join(", ");
        return Err(ScenarioError::Unknown { game, name: name.into(), known });
    };
    if !session.state().at_first_decision() {
        return Err(ScenarioError::TooLate { name: name.into() });
    }
    let mut report = ScenarioReport::default();
    for &step in scenario.steps {
        let offered: Vec<TableAction> = session
            .state()
            .legal()
            .into_iter()
            .filter(|a| matches!(a, TableAction::Special(s) if s.decision == step))
            .collect();
        match offered.as_slice() {
            [] => return Err(ScenarioError::CardsUnknown { name: name.into() }),
            [only] => {
                make(session, name, only, &mut report)?;
                // A step may leave one forced follow-up (a single decision the rules then ask
                // for); it belongs to the setup too.
                for _ in 0..MAX_FORCED {
                    let [TableAction::Special(forced)] = session.state().legal()[..] else { break };
                    make(session, name, &TableAction::Special(forced), &mut report)?;
                }
                // A step may open a question of its own (which card): the player answers it.
                let state = session.state();
                let next = state.legal();
                if next.len() > 1 && next.iter().all(|a| matches!(a, TableAction::Special(s) if s.decision == step)) {
                    report.to_choose.extend(next.iter().map(|a| state.action_label(a)));
                }
            }
            several => report.to_choose.extend(several.iter().map(|a| session.state().action_label(a))),
        }
    }
    Ok(report)
}

fn make(
    session: &mut Session<CardTable>,
    name: &str,
    action: &TableAction,
    report: &mut ScenarioReport,
) -> Result<(), ScenarioError> {
    let label = session.state().action_label(action);
    session.apply(action).map_err(|e| ScenarioError::Refused { name: name.into(), reason: e.to_string() })?;
    report.made.push(label);
    Ok(())
}
