//! The game play sequence step by step: the initiative, the phasing side's pre-activation (FO/CO
//! repositioning, unit morale, disruption, corner locks, line command), activations with their
//! dice, the activated unit's fire and close combat, the FO's special move, the change of phase
//! and the end of the turn. Each roll is a chance outcome; what it means is written in `said`.

use crate::action::{Action, MAX_CONTACT, MAX_DELTA, MAX_LEAD};
use crate::state::{CloseContact, DieShown, Miniatures, Said, Step, Tone, UnitId};

/// A die and what is added to it, in words: "d6 4" alone, or "d6 3 +1 = 4".
fn sum_words(face: u8, added: i16) -> String {
    if added == 0 { format!("d6 {face}") } else { format!("d6 {face} {added:+} = {}", i16::from(face) + added) }
}

/// A die for the table: which it is, its face, what is added to it and what it says.
fn shown(what: impl Into<String>, face: u8, added: i16, verdict: Option<&str>, tone: Tone) -> DieShown {
    DieShown {
        what: what.into(),
        group: None,
        face,
        sum: (added != 0).then(|| format!("{added:+} = {}", i16::from(face) + added)),
        total: i16::from(face) + added,
        verdict: verdict.map(str::to_string),
        tone,
    }
}

/// What a disruption die says of its piece: a 1 removes it whatever the leadership, a total
/// reaching the QV clears its disruption, anything else leaves it disrupted.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Recovery {
    Removed,
    Cleared,
    Stays,
}

fn recovery(face: u8, lead: u8, qv: u8) -> Recovery {
    if face == 1 {
        Recovery::Removed
    } else if face + lead >= qv {
        Recovery::Cleared
    } else {
        Recovery::Stays
    }
}

impl Recovery {
    fn words(self) -> &'static str {
        match self {
            Recovery::Removed => "removed",
            Recovery::Cleared => "no longer disrupted",
            Recovery::Stays => "still disrupted",
        }
    }

    fn tone(self) -> Tone {
        match self {
            Recovery::Removed => Tone::Bad,
            Recovery::Cleared => Tone::Good,
            Recovery::Stays => Tone::Plain,
        }
    }
}

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
            Step::Execute { unit, actions, .. } => {
                // An activation that gives no action leaves the unit (and its FO) idle: done only.
                let u = self.unit(*unit);
                if *actions > 0 && u.in_play() {
                    out.push(Action::Fire);
                    out.push(Action::CloseCombat);
                }
                if *actions > 0 && self.fo_of(*unit).is_some() && !self.fo_moved.contains(&(u.side, u.wing)) {
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
                    self.step = Step::ActivationRoll { unit: *unit, dice: *dice, lead: k, faces: Vec::new() };
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
                if let Step::Execute { unit, fails, actions } = self.step {
                    self.step = Step::Fire { unit, fails, actions, delta: None, firer: None };
                }
            }
            Action::CloseCombat => {
                if let Step::Execute { unit, fails, actions } = self.step {
                    self.step = Step::Close { unit, fails, actions, contact: CloseContact::default() };
                }
            }
            Action::FoMove => {
                if let Step::Execute { unit, fails, actions } = self.step {
                    self.step = Step::FoMove { unit, fails, actions };
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

    fn say(&mut self, roll: String, head: String, meaning: String, dice: Vec<DieShown>) {
        self.said = Some(Said { roll, head, meaning, dice });
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
            self.step = Step::Disruption { unit, lead: None, left, faces: Vec::new() };
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
            Step::Morale { unit, lead: Some(lead) } => self.morale_die(unit, lead, v),
            Step::Disruption { unit, lead: Some(lead), left, faces } => self.disruption_die(unit, lead, left, faces, v),
            Step::DisengageRoll { unit, lead: Some(lead) } => {
                let u = self.unit(unit).clone();
                let freed = v + lead >= u.qv;
                let die = shown(
                    format!("a piece of {}", u.name),
                    v,
                    i16::from(lead),
                    Some(if freed { "freed" } else { "still locked" }),
                    if freed { Tone::Good } else { Tone::Plain },
                );
                self.say(
                    format!("Disengaging a piece of {}: d6 {v}, leadership +{lead}", u.name),
                    format!("Disengaging a piece of {}: leadership +{lead}, against QV {}", u.name, u.qv),
                    if freed {
                        format!(
                            "{} reaches QV {}: move the piece back one piece length; it may be activated.",
                            v + lead,
                            u.qv
                        )
                    } else {
                        format!("{} is short of QV {}: the piece stays locked.", v + lead, u.qv)
                    },
                    vec![die],
                );
                self.step = Step::Disengage;
            }
            Step::ActivationRoll { unit, dice, lead, mut faces } => {
                faces.push(v);
                if faces.len() < usize::from(dice) {
                    self.step = Step::ActivationRoll { unit, dice, lead, faces };
                } else {
                    self.activation_done(unit, dice, lead, &faces);
                }
            }
            Step::Fire { unit, fails, actions, delta: Some(delta), firer: None } => {
                self.step = Step::Fire { unit, fails, actions, delta: Some(delta), firer: Some(v) };
            }
            Step::Fire { unit, fails, actions, delta: Some(delta), firer: Some(f) } => {
                let delta = i16::from(delta);
                self.say(
                    format!("Fire by {}: firer {}; target d6 {v}", self.unit(unit).name, sum_words(f, delta)),
                    format!("Fire by {}: ΔF {delta:+} to the firer's die", self.unit(unit).name),
                    "Read the result off your fire table; mark any casualties with the tools.".into(),
                    vec![shown("firer", f, delta, None, Tone::Plain), shown("target", v, 0, None, Tone::Plain)],
                );
                self.step = Step::Execute { unit, fails, actions };
            }
            Step::Close { unit, fails, actions, mut contact } => {
                let own = usize::from(contact.own.unwrap_or(1));
                if contact.own_rolls.len() < own {
                    contact.own_rolls.push(v);
                } else {
                    contact.enemy_rolls.push(v);
                }
                if contact.enemy_rolls.len() < usize::from(contact.enemy.unwrap_or(1)) {
                    self.step = Step::Close { unit, fails, actions, contact };
                    return;
                }
                self.close_combat_done(unit, &contact);
                self.step = Step::Execute { unit, fails, actions };
            }
            Step::FoMove { unit, fails, actions } => {
                let moves = match v {
                    1 | 2 => 1,
                    3 | 4 => 2,
                    _ => 3,
                };
                let u = self.unit(unit).clone();
                let fo = self.fo_of(unit).map(|o| o.name.clone()).unwrap_or_default();
                self.fo_moved.push((u.side, u.wing));
                let moves = format!("{moves} move{}", if moves == 1 { "" } else { "s" });
                self.say(
                    format!("{fo}'s special move: d6 {v}"),
                    format!("{fo}'s special move: 1-2 one move, 3-4 two, 5-6 three"),
                    format!("{moves}."),
                    vec![shown(fo.clone(), v, 0, Some(&moves), Tone::Good)],
                );
                self.step = Step::Execute { unit, fails, actions };
            }
            Step::Decide => {
                let which = if v <= 3 { "the first" } else { "the second" };
                self.say(
                    format!("A die decides: {v}"),
                    "A die decides: 1-3 the first outcome, 4-6 the second".into(),
                    format!("1-3 the first outcome, 4-6 the second: {which}."),
                    vec![shown("the die", v, 0, Some(which), Tone::Plain)],
                );
                self.step = self.resume.take().map_or(Step::Activation, |s| *s);
            }
            _ => {}
        }
    }

    fn morale_die(&mut self, unit: UnitId, lead: u8, v: u8) {
        let u = self.unit(unit).clone();
        let over = u.disrupted.saturating_sub(u.casualty_value);
        let added = i16::from(lead) - i16::from(over);
        let total = i16::from(v) + added;
        let passed = total >= i16::from(u.qv);
        if !passed {
            self.units[usize::from(unit)].removed = true;
        }
        let die = shown(
            u.name.clone(),
            v,
            added,
            Some(if passed { "stands" } else { "removed" }),
            if passed { Tone::Good } else { Tone::Bad },
        );
        self.say(
            format!(
                "Morale of {}: d6 {v}, leadership +{lead}, -{over} for disrupted pieces over its Casualty Value: {total}",
                u.name
            ),
            format!(
                "Morale of {}: leadership +{lead}, -{over} for disrupted pieces over its Casualty Value, against QV {}",
                u.name, u.qv
            ),
            if passed {
                format!("{total} reaches QV {}: the unit stands.", u.qv)
            } else {
                format!(
                    "{total} is short of QV {}: the unit is removed; put a unit casualty marker in its place.",
                    u.qv
                )
            },
            vec![die],
        );
        self.next_morale();
    }

    /// One die of a unit's disruption: a 1 removes the piece rolled for (and only it), a total
    /// reaching the QV clears that piece's disruption, anything else leaves it. What is shown holds
    /// every die rolled for the unit so far.
    fn disruption_die(&mut self, unit: UnitId, lead: u8, left: u8, mut faces: Vec<u8>, v: u8) {
        let u = self.unit(unit).clone();
        faces.push(v);
        let verdict = recovery(v, lead, u.qv);
        let x = &mut self.units[usize::from(unit)];
        match verdict {
            Recovery::Removed => {
                // The piece removed is the disrupted one rolled for.
                x.pieces = x.pieces.saturating_sub(1);
                x.casualties += 1;
                x.disrupted = x.disrupted.saturating_sub(1);
            }
            Recovery::Cleared => x.disrupted = x.disrupted.saturating_sub(1),
            Recovery::Stays => {}
        }
        let mut meaning = match verdict {
            Recovery::Removed => "a 1: the piece is removed; put a casualty marker in its place.".to_string(),
            Recovery::Cleared => format!("{} reaches QV {}: the piece is no longer disrupted.", v + lead, u.qv),
            Recovery::Stays => format!("{} is short of QV {}: the piece stays disrupted.", v + lead, u.qv),
        };
        let all = faces.len() + usize::from(left) - 1;
        if left <= 1 && faces.len() > 1 {
            let each: Vec<String> = faces.iter().map(|&f| format!("{f} {}", recovery(f, lead, u.qv).words())).collect();
            meaning.push_str(&format!(" {}'s dice: {}.", u.name, each.join(", ")));
            // The table shows the unit's dice together: what an earlier 1 asked must be said again.
            let earlier_one = faces[..faces.len() - 1].contains(&1);
            if earlier_one && verdict != Recovery::Removed {
                meaning.push_str(" Put a casualty marker in place of each piece removed.");
            }
        }
        let dice = faces
            .iter()
            .enumerate()
            .map(|(i, &f)| {
                let r = recovery(f, lead, u.qv);
                shown(format!("piece {}", i + 1), f, i16::from(lead), Some(r.words()), r.tone())
            })
            .collect();
        self.say(
            format!("Disruption of {}, piece {} of {all}: d6 {v}, leadership +{lead}", u.name, faces.len()),
            format!(
                "Disruption of {}: {} of {all} disrupted pieces rolled, leadership +{lead}, against QV {}",
                u.name,
                faces.len(),
                u.qv
            ),
            meaning,
            dice,
        );
        if left > 1 {
            self.step = Step::Disruption { unit, lead: Some(lead), left: left - 1, faces };
        } else {
            self.next_disruption();
        }
    }

    /// The last activation die is in: count the successes, read the roster's table, and go to the
    /// unit's actions (none offered if the table gives none).
    fn activation_done(&mut self, unit: UnitId, dice: u8, lead: u8, faces: &[u8]) {
        let qv = self.unit(unit).qv;
        let hit = |f: u8| f + lead >= qv;
        let successes = faces.iter().filter(|&&f| hit(f)).count() as u8;
        self.units[usize::from(unit)].activated = true;
        let name = self.unit(unit).name.clone();
        let side = self.side_name(self.phasing).to_string();
        let (says, fails, actions) = match self.roster.outcome(dice, successes) {
            Some(o) => (o.says.trim_end_matches('.').to_string(), o.fails, o.actions()),
            None => ("The roster's table has no entry".to_string(), true, 0),
        };
        let each: Vec<String> = faces
            .iter()
            .map(|&f| format!("{} ({})", sum_words(f, i16::from(lead)), if hit(f) { "success" } else { "miss" }))
            .collect();
        let dice_shown = faces
            .iter()
            .enumerate()
            .map(|(i, &f)| {
                let (verdict, tone) = if hit(f) { ("success", Tone::Good) } else { ("miss", Tone::Plain) };
                shown(format!("die {}", i + 1), f, i16::from(lead), Some(verdict), tone)
            })
            .collect();
        let meaning = match (actions, fails) {
            (0, true) => format!("{says}. {name} takes no action, and {side}'s phase ends once it is marked done."),
            (0, false) => format!("{says}. {name} takes no action."),
            (_, true) => format!("{says}. The activation fails: {side}'s phase ends once {name} is done."),
            _ => format!("{says}."),
        };
        let head = format!(
            "Activation of {name}: {dice} {} against QV {qv}, {successes} success{}",
            if dice == 1 { "die" } else { "dice" },
            if successes == 1 { "" } else { "es" },
        );
        self.say(format!("{head}: {}", each.join(", ")), head, meaning, dice_shown);
        self.step = Step::Execute { unit, fails, actions };
    }

    /// Every close combat die is in: each with its ΔC, for the player to read off the chart.
    fn close_combat_done(&mut self, unit: UnitId, contact: &CloseContact) {
        let (od, ed) = (i16::from(contact.own_delta.unwrap_or(0)), i16::from(contact.enemy_delta.unwrap_or(0)));
        let list = |rolls: &[u8], delta: i16| rolls.iter().map(|&r| sum_words(r, delta)).collect::<Vec<_>>().join(", ");
        let name = self.unit(unit).name.clone();
        let side = |rolls: &[u8], delta: i16, group: &str| -> Vec<DieShown> {
            rolls
                .iter()
                .enumerate()
                .map(|(i, &r)| DieShown {
                    group: Some(group.to_string()),
                    ..shown(format!("piece {}", i + 1), r, delta, None, Tone::Plain)
                })
                .collect()
        };
        let mut dice = side(&contact.own_rolls, od, &name);
        dice.extend(side(&contact.enemy_rolls, ed, "the enemy"));
        self.say(
            format!(
                "Close combat of {}: its pieces {}; the enemy's {}",
                self.unit(unit).name,
                list(&contact.own_rolls, od),
                list(&contact.enemy_rolls, ed)
            ),
            format!("Close combat of {}: ΔC {od:+} to its pieces, {ed:+} to the enemy's", self.unit(unit).name),
            "Compare each pair on your close combat table; mark any casualties with the tools.".into(),
            dice,
        );
    }

    fn initiative_die(&mut self, v: u8) {
        let side = if self.initiative[0].is_none() { 0 } else { 1 };
        self.initiative[side] = Some(v);
        let [Some(a), Some(b)] = self.initiative else { return };
        let lvs = [self.co(0).lv, self.co(1).lv];
        let totals = [a + lvs[0], b + lvs[1]];
        let names = [self.side_name(0).to_string(), self.side_name(1).to_string()];
        let roll = format!(
            "Initiative: {} d6 {a} + LV {} = {}; {} d6 {b} + LV {} = {}",
            names[0], lvs[0], totals[0], names[1], lvs[1], totals[1]
        );
        let head = "Initiative: each side's d6 plus its CO's LV".to_string();
        let winner = (totals[0] != totals[1]).then(|| u8::from(totals[1] > totals[0]));
        let dice = [a, b]
            .iter()
            .enumerate()
            .map(|(s, &face)| {
                let (verdict, tone) = match winner {
                    None => ("tie", Tone::Plain),
                    Some(w) if usize::from(w) == s => ("wins", Tone::Good),
                    Some(_) => ("loses", Tone::Plain),
                };
                shown(names[s].clone(), face, i16::from(lvs[s]), Some(verdict), tone)
            })
            .collect();
        let Some(winner) = winner else {
            self.initiative = [None, None];
            self.say(roll, head, "A tie: both roll again.".into(), dice);
            return;
        };
        self.say(
            roll,
            head,
            format!("{} wins the initiative and takes the first phase.", names[usize::from(winner)]),
            dice,
        );
        self.begin_phase(winner);
    }
}
