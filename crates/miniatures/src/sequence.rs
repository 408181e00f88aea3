//! The game play sequence step by step: the initiative, the phasing side's pre-activation (FO/CO
//! repositioning, unit morale, disruption, corner locks, line command), activations with their
//! dice, the activated unit's fire and close combat, the FO's special move, the change of phase
//! and the end of the turn. Each roll is a chance outcome; what it means is written in `said`.

use crate::action::{Action, MAX_CONTACT, MAX_DELTA, MAX_LEAD};
use crate::state::{CloseContact, Miniatures, Said, Step, UnitId};

impl Miniatures {
    /// Whether the step waits for a die.
    pub(crate) fn rolling(&self) -> bool {
        match &self.step {
            Step::Initiative | Step::ActivationRoll { .. } | Step::FoMove { .. } | Step::Decide => true,
            Step::Morale { lead, .. } | Step::Disruption { lead, .. } | Step::DisengageRoll { lead, .. } => {
                lead.is_some()
            }
            Step::Fire { delta, .. } => delta.is_some(),
            Step::Close { contact, .. } => contact.enemy_delta.is_some(),
            _ => false,
        }
    }

    /// Decisions at which the table tools are open: between the sequence's rolls, never in the
    /// middle of setting one up.
    fn resting(&self) -> bool {
        matches!(
            self.step,
            Step::Reposition | Step::Disengage | Step::LineCommand | Step::Activation | Step::Execute { .. }
        )
    }

    fn phasing_units(&self) -> impl Iterator<Item = UnitId> + '_ {
        (0..self.units.len() as u8).filter(|&u| self.unit(u).side == self.phasing && self.unit(u).in_play())
    }

    pub(crate) fn legal_into(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.rolling() {
            out.extend((1..=6).map(Action::Die));
            return;
        }
        let leads = || (0..=MAX_LEAD).map(Action::Lead);
        match &self.step {
            Step::Reposition => out.push(Action::GoOn),
            Step::Morale { .. } | Step::Disruption { .. } | Step::DisengageRoll { .. } => out.extend(leads()),
            Step::ActivationLead { .. } => out.extend(leads()),
            Step::Disengage => {
                out.extend(self.phasing_units().map(Action::Disengage));
                out.push(Action::GoOn);
            }
            Step::LineCommand => {
                out.extend(self.phasing_units().map(Action::RemoveForCommand));
                out.push(Action::GoOn);
            }
            Step::Activation => {
                // The wing and the unit in one pick: naming the unit names its wing.
                let units: Vec<UnitId> = self.phasing_units().filter(|&u| !self.unit(u).activated).collect();
                out.extend(units.into_iter().map(Action::Unit));
                out.push(Action::EndPhase);
            }
            Step::ChooseDice { .. } => out.extend((1..=3).map(Action::Dice)),
            Step::Execute { unit, .. } => {
                let u = self.unit(*unit);
                if u.in_play() {
                    out.push(Action::Fire);
                    out.push(Action::CloseCombat);
                }
                if self.fo_of(*unit).is_some() && !self.fo_moved.contains(&(u.side, u.wing)) {
                    out.push(Action::FoMove);
                }
                out.push(Action::UnitDone);
            }
            Step::Fire { .. } => out.extend((-MAX_DELTA..=MAX_DELTA).map(Action::Delta)),
            Step::Close { unit, contact, .. } => {
                if contact.own.is_none() {
                    out.extend((1..=self.unit(*unit).pieces.max(1)).map(Action::Pieces));
                } else if contact.enemy.is_none() {
                    out.extend((1..=MAX_CONTACT).map(Action::Pieces));
                } else {
                    out.extend((-MAX_DELTA..=MAX_DELTA).map(Action::Delta));
                }
            }
            _ => {}
        }
        if self.resting() {
            for u in 0..self.units.len() as u8 {
                if self.unit(u).in_play() {
                    out.push(Action::MarkDestroyed(u));
                    if self.unit(u).disrupted < self.unit(u).pieces {
                        out.push(Action::MarkDisrupted(u));
                    }
                }
            }
            out.push(Action::Decide);
        }
    }

    pub(crate) fn apply_unchecked(&mut self, action: Action) {
        match action {
            Action::Die(v) => self.rolled(v),
            Action::GoOn => match self.step {
                Step::Reposition => self.start_morale(),
                Step::Disengage => self.step = Step::LineCommand,
                _ => self.step = Step::Activation,
            },
            Action::Lead(k) => match &mut self.step {
                Step::Morale { lead, .. } | Step::Disruption { lead, .. } | Step::DisengageRoll { lead, .. } => {
                    *lead = Some(k)
                }
                Step::ActivationLead { unit, dice } => {
                    self.step = Step::ActivationRoll { unit: *unit, dice: *dice, lead: k, rolled: 0, successes: 0 };
                }
                _ => {}
            },
            Action::Disengage(unit) => self.step = Step::DisengageRoll { unit, lead: None },
            Action::RemoveForCommand(unit) | Action::MarkDestroyed(unit) => self.destroy_piece(unit),
            Action::MarkDisrupted(unit) => {
                let u = &mut self.units[usize::from(unit)];
                u.disrupted = (u.disrupted + 1).min(u.pieces);
            }
            Action::Unit(unit) => self.step = Step::ChooseDice { unit },
            Action::Dice(dice) => {
                if let Step::ChooseDice { unit } = self.step {
                    self.step = Step::ActivationLead { unit, dice };
                }
            }
            Action::EndPhase => self.end_phase(),
            Action::Fire => {
                if let Step::Execute { unit, fails } = self.step {
                    self.step = Step::Fire { unit, fails, delta: None, firer: None };
                }
            }
            Action::CloseCombat => {
                if let Step::Execute { unit, fails } = self.step {
                    self.step = Step::Close { unit, fails, contact: CloseContact::default() };
                }
            }
            Action::FoMove => {
                if let Step::Execute { unit, fails } = self.step {
                    self.step = Step::FoMove { unit, fails };
                }
            }
            Action::UnitDone => {
                if let Step::Execute { fails, .. } = self.step {
                    if fails { self.end_phase() } else { self.step = Step::Activation }
                }
            }
            Action::Delta(d) => match &mut self.step {
                Step::Fire { delta, .. } => *delta = Some(d),
                Step::Close { contact, .. } if contact.own_delta.is_none() => contact.own_delta = Some(d),
                Step::Close { contact, .. } => contact.enemy_delta = Some(d),
                _ => {}
            },
            Action::Pieces(n) => {
                if let Step::Close { contact, .. } = &mut self.step {
                    if contact.own.is_none() {
                        contact.own = Some(n);
                    } else {
                        contact.enemy = Some(n);
                    }
                }
            }
            Action::Decide => {
                let here = std::mem::replace(&mut self.step, Step::Decide);
                self.resume = Some(Box::new(here));
            }
        }
    }

    fn destroy_piece(&mut self, unit: UnitId) {
        let u = &mut self.units[usize::from(unit)];
        if u.pieces > 0 {
            u.pieces -= 1;
            u.casualties += 1;
            u.disrupted = u.disrupted.min(u.pieces);
        }
    }

    fn say(&mut self, roll: String, meaning: String) {
        self.said = Some(Said { roll, meaning });
    }

    fn begin_phase(&mut self, side: u8) {
        self.phasing = side;
        self.fo_moved.clear();
        for u in self.units.iter_mut().filter(|u| u.side == side) {
            u.activated = false;
        }
        self.step = Step::Reposition;
    }

    fn start_morale(&mut self) {
        self.queue = (0..self.units.len() as u8)
            .filter(|&u| self.unit(u).side == self.phasing && self.unit(u).morale_due())
            .collect();
        self.next_morale();
    }

    fn next_morale(&mut self) {
        if self.queue.is_empty() {
            self.queue = self.phasing_units().filter(|&u| self.unit(u).disrupted > 0).collect();
            self.next_disruption();
        } else {
            let unit = self.queue.remove(0);
            self.step = Step::Morale { unit, lead: None };
        }
    }

    fn next_disruption(&mut self) {
        if self.queue.is_empty() {
            self.step = Step::Disengage;
        } else {
            let unit = self.queue.remove(0);
            let left = self.unit(unit).disrupted;
            self.step = Step::Disruption { unit, lead: None, left };
        }
    }

    fn end_phase(&mut self) {
        self.phases_done += 1;
        if self.phases_done >= 2 {
            self.turn += 1;
            self.phases_done = 0;
            self.initiative = [None, None];
            self.step = Step::Initiative;
        } else {
            self.begin_phase(1 - self.phasing);
        }
    }

    fn rolled(&mut self, v: u8) {
        let step = self.step.clone();
        match step {
            Step::Initiative => self.initiative_die(v),
            Step::Morale { unit, lead: Some(lead) } => {
                let u = self.unit(unit).clone();
                let over = u.disrupted.saturating_sub(u.casualty_value);
                let total = i16::from(v) + i16::from(lead) - i16::from(over);
                let passed = total >= i16::from(u.qv);
                if !passed {
                    self.units[usize::from(unit)].removed = true;
                }
                self.say(
                    format!("Morale of {}: d6 {v}, leadership +{lead}, -{over} for disrupted pieces over its Casualty Value: {total}", u.name),
                    if passed {
                        format!("{total} reaches QV {}: the unit stands.", u.qv)
                    } else {
                        format!("{total} is short of QV {}: the unit is removed; put a unit casualty marker in its place.", u.qv)
                    },
                );
                self.next_morale();
            }
            Step::Disruption { unit, lead: Some(lead), left } => {
                let u = self.unit(unit).clone();
                let meaning = if v == 1 {
                    // The piece removed is the disrupted one rolled for.
                    self.destroy_piece(unit);
                    let x = &mut self.units[usize::from(unit)];
                    x.disrupted = x.disrupted.saturating_sub(1).min(x.pieces);
                    "a 1: the piece is removed; put a casualty marker in its place.".to_string()
                } else if v + lead >= u.qv {
                    let x = &mut self.units[usize::from(unit)];
                    x.disrupted = x.disrupted.saturating_sub(1);
                    format!("{} reaches QV {}: the piece is no longer disrupted.", v + lead, u.qv)
                } else {
                    format!("{} is short of QV {}: the piece stays disrupted.", v + lead, u.qv)
                };
                self.say(format!("Disruption, {}: d6 {v}, leadership +{lead}", u.name), meaning);
                if left > 1 {
                    self.step = Step::Disruption { unit, lead: Some(lead), left: left - 1 };
                } else {
                    self.next_disruption();
                }
            }
            Step::DisengageRoll { unit, lead: Some(lead) } => {
                let u = self.unit(unit).clone();
                let freed = v + lead >= u.qv;
                self.say(
                    format!("Disengaging a piece of {}: d6 {v}, leadership +{lead}", u.name),
                    if freed {
                        format!(
                            "{} reaches QV {}: move the piece back one piece length; it may be activated.",
                            v + lead,
                            u.qv
                        )
                    } else {
                        format!("{} is short of QV {}: the piece stays locked.", v + lead, u.qv)
                    },
                );
                self.step = Step::Disengage;
            }
            Step::ActivationRoll { unit, dice, lead, rolled, successes } => {
                let qv = self.unit(unit).qv;
                let successes = successes + u8::from(v + lead >= qv);
                let rolled = rolled + 1;
                if rolled < dice {
                    self.step = Step::ActivationRoll { unit, dice, lead, rolled, successes };
                    return;
                }
                self.units[usize::from(unit)].activated = true;
                let name = self.unit(unit).name.clone();
                let (says, fails) = match self.roster.outcome(dice, successes) {
                    Some(o) => (o.says.clone(), o.fails),
                    None => ("the roster's table has no entry".to_string(), true),
                };
                self.say(
                    format!(
                        "Activation of {name}: {dice} {} against QV {qv}, {successes} success{}",
                        if dice == 1 { "die" } else { "dice" },
                        if successes == 1 { "" } else { "es" }
                    ),
                    if fails {
                        format!("{says}. The activation fails: this side's phase ends once {name} is done.")
                    } else {
                        format!("{says}.")
                    },
                );
                self.step = Step::Execute { unit, fails };
            }
            Step::Fire { unit, fails, delta: Some(delta), firer: None } => {
                self.step = Step::Fire { unit, fails, delta: Some(delta), firer: Some(v) };
            }
            Step::Fire { unit, fails, delta: Some(delta), firer: Some(f) } => {
                let total = i16::from(f) + i16::from(delta);
                self.say(
                    format!("Fire by {}: firer d6 {f} {:+} = {total}; target d6 {v}", self.unit(unit).name, delta),
                    "Read the result off your fire table; mark any casualties with the tools.".into(),
                );
                self.step = Step::Execute { unit, fails };
            }
            Step::Close { unit, fails, mut contact } => {
                let own = usize::from(contact.own.unwrap_or(1));
                if contact.own_rolls.len() < own {
                    contact.own_rolls.push(v);
                } else {
                    contact.enemy_rolls.push(v);
                }
                if contact.enemy_rolls.len() < usize::from(contact.enemy.unwrap_or(1)) {
                    self.step = Step::Close { unit, fails, contact };
                    return;
                }
                let list = |rolls: &[u8], delta: i8| {
                    rolls.iter().map(|r| (i16::from(*r) + i16::from(delta)).to_string()).collect::<Vec<_>>().join(", ")
                };
                let (od, ed) = (contact.own_delta.unwrap_or(0), contact.enemy_delta.unwrap_or(0));
                self.say(
                    format!(
                        "Close combat of {}: its pieces {} (ΔC {od:+}); the enemy's {} (ΔC {ed:+})",
                        self.unit(unit).name,
                        list(&contact.own_rolls, od),
                        list(&contact.enemy_rolls, ed)
                    ),
                    "Compare each pair on your close combat table; mark any casualties with the tools.".into(),
                );
                self.step = Step::Execute { unit, fails };
            }
            Step::FoMove { unit, fails } => {
                let moves = match v {
                    1 | 2 => 1,
                    3 | 4 => 2,
                    _ => 3,
                };
                let u = self.unit(unit).clone();
                let fo = self.fo_of(unit).map(|o| o.name.clone()).unwrap_or_default();
                self.fo_moved.push((u.side, u.wing));
                self.say(
                    format!("{fo}'s special move: d6 {v}"),
                    format!("{moves} move{}.", if moves == 1 { "" } else { "s" }),
                );
                self.step = Step::Execute { unit, fails };
            }
            Step::Decide => {
                let which = if v <= 3 { "the first" } else { "the second" };
                self.say(format!("A die decides: {v}"), format!("1-3 the first outcome, 4-6 the second: {which}."));
                self.step = self.resume.take().map_or(Step::Activation, |s| *s);
            }
            _ => {}
        }
    }

    fn initiative_die(&mut self, v: u8) {
        let side = if self.initiative[0].is_none() { 0 } else { 1 };
        self.initiative[side] = Some(v);
        let [Some(a), Some(b)] = self.initiative else { return };
        let totals = [a + self.co(0).lv, b + self.co(1).lv];
        let names = [self.side_name(0).to_string(), self.side_name(1).to_string()];
        let roll = format!(
            "Initiative: {} d6 {a} + LV {} = {}; {} d6 {b} + LV {} = {}",
            names[0],
            self.co(0).lv,
            totals[0],
            names[1],
            self.co(1).lv,
            totals[1]
        );
        if totals[0] == totals[1] {
            self.initiative = [None, None];
            self.say(roll, "A tie: both roll again.".into());
            return;
        }
        let winner = u8::from(totals[1] > totals[0]);
        self.say(roll, format!("{} wins the initiative and takes the first phase.", names[usize::from(winner)]));
        self.begin_phase(winner);
    }
}
