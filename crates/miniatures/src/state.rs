//! The state of the aid: the roster as the battle has left it (pieces, disrupted pieces, units
//! removed), the turn, the side in its phase, and the step of the game play sequence.

use serde::{Deserialize, Serialize};

use crate::roster::{Officer, Roster};

/// A unit by its place in [`Miniatures::units`].
pub type UnitId = u8;

/// How the aid starts: a roster (the example when left out).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MiniaturesSetup {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roster: Option<Roster>,
}

/// A unit as the battle stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Unit {
    pub side: u8,
    pub wing: u8,
    pub name: String,
    pub qv: u8,
    pub casualty_value: u8,
    /// Pieces still in play.
    pub pieces: u8,
    /// Of those, disrupted.
    pub disrupted: u8,
    /// Pieces removed as casualties.
    pub casualties: u8,
    /// Removed after failing its morale check (a unit casualty marker in its place).
    pub removed: bool,
    /// Activated in this phase already.
    pub activated: bool,
}

impl Unit {
    pub fn in_play(&self) -> bool {
        !self.removed && self.pieces > 0
    }

    /// Its disrupted pieces have reached its Casualty Value: its morale must be checked.
    pub fn morale_due(&self) -> bool {
        self.in_play() && self.disrupted >= self.casualty_value
    }
}

/// The step of the game play sequence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "step")]
pub enum Step {
    /// 1. Initiative: each side's d6 (added to its CO's LV), first side then second.
    Initiative,
    /// 2a. The phasing side may reposition its FOs and CO.
    Reposition,
    /// 2b. A unit's morale check: leadership first, then the die.
    Morale {
        unit: UnitId,
        lead: Option<u8>,
    },
    /// 2c. A unit's disrupted pieces, one die each after the leadership is chosen.
    Disruption {
        unit: UnitId,
        lead: Option<u8>,
        left: u8,
    },
    /// 2d. Attempts to disengage pieces from a single corner lock.
    Disengage,
    DisengageRoll {
        unit: UnitId,
        lead: Option<u8>,
    },
    /// 2e. Repositioning for command: pieces that cannot be kept in command are removed.
    LineCommand,
    /// 3. A unit to activate (its wing with it), or the end of the phase.
    Activation,
    ChooseDice {
        unit: UnitId,
    },
    ActivationLead {
        unit: UnitId,
        dice: u8,
    },
    ActivationRoll {
        unit: UnitId,
        dice: u8,
        lead: u8,
        rolled: u8,
        successes: u8,
    },
    /// 4. The activated unit's actions; `fails`: the phase ends when it is done.
    Execute {
        unit: UnitId,
        fails: bool,
    },
    /// 4b. Fire: the modifier, then the firer's and the target's dice.
    Fire {
        unit: UnitId,
        fails: bool,
        delta: Option<i8>,
        firer: Option<u8>,
    },
    /// 4c. Close combat: pieces in contact on each side, each side's modifier, then a die per piece.
    Close {
        unit: UnitId,
        fails: bool,
        contact: CloseContact,
    },
    /// 5. The FO's special move: a d6 for how many moves.
    FoMove {
        unit: UnitId,
        fails: bool,
    },
    /// "Situations not covered": a die between two outcomes the player has in mind.
    Decide,
}

/// A close combat being set up and rolled.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct CloseContact {
    pub own: Option<u8>,
    pub enemy: Option<u8>,
    pub own_delta: Option<i8>,
    pub enemy_delta: Option<i8>,
    pub own_rolls: Vec<u8>,
    pub enemy_rolls: Vec<u8>,
}

/// What the last roll meant, for the table to show.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Said {
    pub roll: String,
    pub meaning: String,
}

/// The whole aid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Miniatures {
    pub(crate) roster: Roster,
    pub(crate) units: Vec<Unit>,
    pub(crate) turn: u32,
    /// The side whose phase it is (the winner of the initiative first).
    pub(crate) phasing: u8,
    /// Phases finished this turn (0, 1; at 2 the turn ends).
    pub(crate) phases_done: u8,
    pub(crate) initiative: [Option<u8>; 2],
    pub(crate) step: Step,
    /// Where "situations not covered" returns to.
    pub(crate) resume: Option<Box<Step>>,
    /// Units still to check in this step of the pre-activation, in roster order.
    pub(crate) queue: Vec<UnitId>,
    /// Wings (side, wing) whose FO has made its special move this phase.
    pub(crate) fo_moved: Vec<(u8, u8)>,
    pub(crate) said: Option<Said>,
}

impl Miniatures {
    pub fn start(setup: &MiniaturesSetup) -> Result<Self, crate::roster::RosterError> {
        let roster = match &setup.roster {
            Some(r) => {
                r.check()?;
                r.clone()
            }
            None => Roster::example()?,
        };
        let mut units = Vec::new();
        for (s, side) in roster.sides.iter().enumerate() {
            for (w, wing) in side.wings.iter().enumerate() {
                for u in &wing.units {
                    units.push(Unit {
                        side: s as u8,
                        wing: w as u8,
                        name: u.name.clone(),
                        qv: u.qv,
                        casualty_value: u.casualty_value,
                        pieces: u.pieces,
                        disrupted: 0,
                        casualties: 0,
                        removed: false,
                        activated: false,
                    });
                }
            }
        }
        Ok(Miniatures {
            roster,
            units,
            turn: 1,
            phasing: 0,
            phases_done: 0,
            initiative: [None, None],
            step: Step::Initiative,
            resume: None,
            queue: Vec::new(),
            fo_moved: Vec::new(),
            said: None,
        })
    }

    pub fn roster(&self) -> &Roster {
        &self.roster
    }

    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    pub fn unit(&self, id: UnitId) -> &Unit {
        &self.units[usize::from(id)]
    }

    pub fn step(&self) -> &Step {
        &self.step
    }

    pub fn turn(&self) -> u32 {
        self.turn
    }

    pub fn phasing(&self) -> u8 {
        self.phasing
    }

    pub fn said(&self) -> Option<&Said> {
        self.said.as_ref()
    }

    pub fn side_name(&self, side: u8) -> &str {
        &self.roster.sides[usize::from(side & 1)].name
    }

    pub fn co(&self, side: u8) -> &Officer {
        &self.roster.sides[usize::from(side & 1)].co
    }

    /// The FO of the wing a unit belongs to.
    pub fn fo_of(&self, unit: UnitId) -> Option<&Officer> {
        let u = self.unit(unit);
        self.roster.sides[usize::from(u.side)].wings[usize::from(u.wing)].fo.as_ref()
    }

    pub fn wing_name(&self, side: u8, wing: u8) -> &str {
        &self.roster.sides[usize::from(side)].wings[usize::from(wing)].name
    }
}
