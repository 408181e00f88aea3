//! The aid's words: each action's label and each step's name.

use crate::action::Action;
use crate::state::{Miniatures, Step};

pub(crate) fn step_words(g: &Miniatures) -> String {
    let unit = |u: u8| g.unit(u).name.clone();
    let side = g.side_name(g.phasing()).to_string();
    match g.step() {
        Step::Initiative => "1. initiative".into(),
        Step::Reposition => format!("2a. {side}: repositioning FOs and CO"),
        Step::Morale { unit: u, .. } => format!("2b. {side}: morale of {}", unit(*u)),
        Step::Disruption { unit: u, .. } => format!("2c. {side}: disruption of {}", unit(*u)),
        Step::Disengage | Step::DisengageRoll { .. } => format!("2d. {side}: disengaging from corner locks"),
        Step::LineCommand => format!("2e. {side}: line command"),
        Step::Activation | Step::ChooseDice { .. } | Step::ActivationLead { .. } => {
            format!("3. {side}: activation")
        }
        Step::ActivationRoll { unit: u, .. } => format!("3. {side}: activation of {}", unit(*u)),
        Step::Execute { unit: u, actions: 0, .. } => format!("4. {side}: {} takes no action", unit(*u)),
        Step::Execute { unit: u, .. } | Step::Fire { unit: u, .. } | Step::Close { unit: u, .. } => {
            format!("4. {side}: actions of {}", unit(*u))
        }
        Step::FoMove { .. } => format!("5. {side}: FO special move"),
        Step::Decide => "a die decides".into(),
    }
}

/// What the die about to be rolled is for.
fn die_for(g: &Miniatures) -> String {
    let name = |u: u8| g.unit(u).name.clone();
    match g.step() {
        Step::Initiative => {
            let side = u8::from(g.initiative[0].is_some());
            format!("Initiative, {}", g.side_name(side))
        }
        Step::Morale { unit, .. } => format!("Morale of {}", name(*unit)),
        Step::Disruption { unit, left, .. } => format!("Disruption of {} ({left} to roll)", name(*unit)),
        Step::DisengageRoll { unit, .. } => format!("Disengaging a piece of {}", name(*unit)),
        Step::ActivationRoll { unit, dice, faces, .. } => {
            format!("Activation of {}, die {} of {dice}", name(*unit), faces.len() + 1)
        }
        Step::Fire { firer: None, .. } => "Fire, the firer's die".into(),
        Step::Fire { .. } => "Fire, the target's die".into(),
        Step::Close { contact, .. } => {
            let own = usize::from(contact.own.unwrap_or(1));
            if contact.own_rolls.len() < own {
                format!("Close combat, own piece {}", contact.own_rolls.len() + 1)
            } else {
                format!("Close combat, enemy piece {}", contact.enemy_rolls.len() + 1)
            }
        }
        Step::FoMove { .. } => "The FO's special move".into(),
        Step::Decide => "A die decides".into(),
        _ => "A die".into(),
    }
}

pub(crate) fn label(g: &Miniatures, action: &Action) -> String {
    let unit = |u: u8| {
        let x = g.unit(u);
        format!("{} ({} of {}, QV {})", x.name, x.pieces, x.pieces + x.casualties, x.qv)
    };
    match *action {
        Action::Die(v) => format!("{}: the die shows {v}", die_for(g)),
        Action::GoOn => match g.step() {
            Step::Reposition => "Repositioning done (or none): on to morale".into(),
            Step::Disengage => "No more disengaging: on to line command".into(),
            _ => "Line command done: on to activation".into(),
        },
        Action::Lead(0) => "No leadership".into(),
        Action::Lead(k) => format!("Leadership +{k} ({k} white cube{})", if k == 1 { "" } else { "s" }),
        Action::Disengage(u) => format!("Try to disengage a piece of {}", unit(u)),
        Action::RemoveForCommand(u) => format!("Remove a piece of {} that cannot be kept in command", unit(u)),
        Action::Unit(u) => format!("Activate {}, {}", unit(u), g.wing_name(g.unit(u).side, g.unit(u).wing)),
        Action::Dice(n) => format!("Roll {n} activation {}", if n == 1 { "die" } else { "dice" }),
        Action::EndPhase => format!("End {}'s phase: every unit it wants has gone", g.side_name(g.phasing())),
        Action::Fire => "Fire: roll for the firer and the target".into(),
        Action::CloseCombat => "Close combat: roll for each piece in contact".into(),
        Action::FoMove => "The FO's special move".into(),
        Action::UnitDone => match g.step() {
            Step::Execute { actions: 0, fails: true, .. } => "No action: this unit is done, and the phase ends".into(),
            Step::Execute { actions: 0, .. } => "No action: this unit is done".into(),
            Step::Execute { fails: true, .. } => "This unit is done: the phase ends".into(),
            _ => "This unit is done".into(),
        },
        Action::Delta(d) => match g.step() {
            Step::Fire { .. } => format!("ΔF {d:+}"),
            Step::Close { contact, .. } if contact.own_delta.is_none() => format!("Own ΔC {d:+}"),
            _ => format!("Enemy ΔC {d:+}"),
        },
        Action::Pieces(n) => match g.step() {
            Step::Close { contact, .. } if contact.own.is_none() => {
                format!("{n} own piece{} in contact", if n == 1 { "" } else { "s" })
            }
            _ => format!("{n} enemy piece{} in contact", if n == 1 { "" } else { "s" }),
        },
        Action::MarkDestroyed(u) => format!("A piece of {} is destroyed", unit(u)),
        Action::MarkDisrupted(u) => format!("A piece of {} is disrupted", unit(u)),
        Action::Decide => "A situation not covered: let a die decide (1-3 the first outcome, 4-6 the second)".into(),
    }
}
