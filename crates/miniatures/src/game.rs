//! The aid behind the engine's [`Game`] contract. Nothing is hidden (a solo player sees both
//! sides), every die is a chance outcome, and the sequence never ends by itself: the battle ends
//! when the player says so by its own victory conditions.

use engine::{ActionError, Game, Outcome, SetupError, ToMove};
use rand_core::RngCore;
use serde::Serialize;

use crate::action::Action;
use crate::roster::Officer;
use crate::state::{Miniatures, MiniaturesSetup, Said, Step, Unit};

/// Everything on the table (a solo player sees both sides).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MiniaturesView {
    pub title: Option<String>,
    pub turn: u32,
    pub phasing: u8,
    pub step: Step,
    /// The step in words.
    pub step_words: String,
    pub sides: Vec<SideView>,
    pub units: Vec<Unit>,
    pub initiative: [Option<u8>; 2],
    pub said: Option<Said>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SideView {
    pub name: String,
    pub co: Officer,
    pub wings: Vec<WingView>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WingView {
    pub name: String,
    pub fo: Option<Officer>,
}

impl Miniatures {
    pub fn view(&self) -> MiniaturesView {
        MiniaturesView {
            title: self.roster.title.clone(),
            turn: self.turn,
            phasing: self.phasing,
            step: self.step.clone(),
            step_words: crate::labels::step_words(self),
            sides: self
                .roster
                .sides
                .iter()
                .map(|s| SideView {
                    name: s.name.clone(),
                    co: s.co.clone(),
                    wings: s.wings.iter().map(|w| WingView { name: w.name.clone(), fo: w.fo.clone() }).collect(),
                })
                .collect(),
            units: self.units.clone(),
            initiative: self.initiative,
            said: self.said.clone(),
        }
    }
}

impl Game for Miniatures {
    type Setup = MiniaturesSetup;
    type Action = Action;
    type Observation = MiniaturesView;

    fn new(setup: &MiniaturesSetup) -> Result<Self, SetupError> {
        Miniatures::start(setup).map_err(|e| SetupError(e.to_string()))
    }

    fn num_players(&self) -> u8 {
        2
    }

    fn player_name(&self, player: u8) -> String {
        self.side_name(player).to_string()
    }

    fn to_move(&self) -> ToMove {
        if self.rolling() { ToMove::Chance } else { ToMove::Player(self.phasing) }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.legal_into(out);
    }

    fn apply(&mut self, action: &Action) -> Result<(), ActionError> {
        if !self.legal().contains(action) {
            return Err(ActionError::Illegal {
                action: action.id(),
                reason: format!("the sequence is at {}", crate::labels::step_words(self)),
            });
        }
        self.apply_unchecked(*action);
        Ok(())
    }

    fn apply_legal(&mut self, action: &Action) {
        self.apply_unchecked(*action);
    }

    fn action_id(&self, action: &Action) -> String {
        action.id()
    }

    fn action_label(&self, action: &Action) -> String {
        crate::labels::label(self, action)
    }

    fn reveals(&self, _action: &Action) -> bool {
        false
    }

    fn observe(&self, _player: u8) -> MiniaturesView {
        self.view()
    }

    fn resample(&self, _player: u8, _rng: &mut dyn RngCore) -> Self {
        self.clone()
    }

    fn outcome(&self) -> Option<Outcome> {
        None
    }

    fn events(&self, before: &Self, action: &Action) -> Vec<String> {
        let mut out = Vec::new();
        if self.said != before.said
            && let Some(s) = &self.said
        {
            out.push(format!("{}: {}", s.roll, s.meaning));
        }
        if let Action::MarkDestroyed(u) | Action::RemoveForCommand(u) = action
            && let Some(unit) = before.units.get(usize::from(*u))
        {
            out.push(format!("Put a casualty marker in place of a piece of {}.", unit.name));
        }
        if self.turn != before.turn {
            out.push(format!("Turn {} ends; turn {} begins with the initiative.", before.turn, self.turn));
        } else if self.phasing != before.phasing && matches!(self.step, Step::Reposition) {
            out.push(format!("{}'s phase begins.", self.side_name(self.phasing)));
        }
        out
    }

    fn is_tool(&self, action: &Action) -> bool {
        action.is_tool()
    }

    fn game_turn(&self) -> Option<(u32, u8)> {
        Some((self.turn, self.phasing))
    }

    fn check_invariants(&self) -> Result<(), String> {
        for u in &self.units {
            if u.disrupted > u.pieces {
                return Err(format!("{} has {} disrupted pieces of {}", u.name, u.disrupted, u.pieces));
            }
        }
        Ok(())
    }
}
