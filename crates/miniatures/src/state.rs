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
    /// 2c. A unit's disrupted pieces, one die each after the leadership is chosen; `faces`: the
    /// dice rolled for the unit so far, `left`: the pieces still to roll for.
    Disruption {
        unit: UnitId,
        lead: Option<u8>,
        left: u8,
        faces: Vec<u8>,
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
    /// The activation dice, `faces` those rolled so far.
    ActivationRoll {
        unit: UnitId,
        dice: u8,
        lead: u8,
        faces: Vec<u8>,
    },
    /// Step 4, the activated unit's actions. `fails`: the phase ends when it is done; `actions`:
    /// how many the activation table gives (none: no fire, close combat or FO move is offered).
    Execute {
        unit: UnitId,
        fails: bool,
        actions: u8,
    },
    /// 4b. Fire: the modifier, then the firer's and the target's dice.
    Fire {
        unit: UnitId,
        fails: bool,
        actions: u8,
        delta: Option<i8>,
        firer: Option<u8>,
    },
    /// 4c. Close combat: pieces in contact on each side, each side's modifier, then a die per piece.
    Close {
        unit: UnitId,
        fails: bool,
        actions: u8,
        contact: CloseContact,
    },
    /// 5. The FO's special move: a d6 for how many moves.
    FoMove {
        unit: UnitId,
        fails: bool,
        actions: u8,
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

/// What the last roll meant, for the table to show: the roll and its meaning in words, and each
/// die of it (all of a unit's disruption dice, every activation die, each piece's close combat die)
/// with what that die says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Said {
    /// The roll in words, each die with it (the log's line).
    pub roll: String,
    /// The roll without its dice, to head a table that shows each die.
    pub head: String,
    pub meaning: String,
    pub dice: Vec<DieShown>,
}

/// One die as the table shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DieShown {
    /// Which die: the side, the piece, the number of the die.
    pub what: String,
    /// Whose dice these are where two sides roll together (close combat: the unit or the enemy).
    pub group: Option<String>,
    /// The face it shows.
    pub face: u8,
    /// What is added to the face and the total ("+1 = 5"), when anything is.
    pub sum: Option<String>,
    /// The face with what is added.
    pub total: i16,
    /// What this die says ("success", "removed", ...); none where the game's own chart decides
    /// (fire and close combat: the total is what the player reads off the chart).
    pub verdict: Option<String>,
    pub tone: Tone,
}

/// How a die's verdict sits with the side that rolled it, for the page's colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Tone {
    Good,
    Bad,
    Plain,
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
