//! Labels a player understands for every action ("Assault from c4 on c5 with 32nd Regiment of Foot
//! (2d8)"), and explanations of why an action is refused.

use crate::action::{Action, slot_letter};
use crate::board::name;
use crate::data::model::{CardKind, Dice};
use crate::state::{Manoeuvre, NONE, Phase};

fn dice(d: Option<Dice>) -> String {
    d.map_or(String::new(), |d| format!("{}d{}", d.count, d.sides))
}

impl Manoeuvre {
    fn unit_name(&self, unit: u8) -> String {
        if unit == NONE || self.sides[(unit / 8) as usize].army == NONE {
            return "a unit".into();
        }
        self.unit_def(unit).name.clone()
    }

    /// A card as a player names it: unit cards with their values.
    pub fn card_label(&self, player: u8, card: u8) -> String {
        let facts = self.card_facts(player, card);
        match facts.kind {
            "unit" => format!("{} ({})", facts.name, facts.values.join(", ")),
            "leader" => format!("{} (leader: {})", facts.name, facts.values.join(", ")),
            _ => facts.name,
        }
    }

    /// A card's name, kind and printed values, as a card drawn on a page shows them.
    pub fn card_facts(&self, player: u8, card: u8) -> CardFacts {
        if self.sides[player as usize].army == NONE {
            return CardFacts { name: format!("card {card}"), kind: "unknown", values: Vec::new() };
        }
        let def = self.card(player, card);
        let (kind, values) = match &def.kind {
            CardKind::Unit(u) => {
                let mut parts = Vec::new();
                if u.attack.is_some() {
                    parts.push(format!("attack {}", dice(u.attack)));
                }
                parts.push(format!("defense {}", u.defense));
                if u.bombard.is_some() {
                    parts.push(format!("bombard {} range {}", dice(u.bombard), u.range));
                }
                if u.volley.is_some() {
                    parts.push(format!("volley {}", dice(u.volley)));
                }
                if u.pursuit_max > 0 {
                    parts.push(format!("pursuit 1-{}", u.pursuit_max));
                }
                if u.withdraw_max > 0 {
                    parts.push(format!("withdraw 1-{}", u.withdraw_max));
                }
                ("unit", parts)
            }
            CardKind::Leader(l) => {
                ("leader", vec![format!("command {}", l.command), format!("combat {}", l.combat_attack)])
            }
            CardKind::Hq(_) => ("hq", Vec::new()),
        };
        CardFacts { name: def.name.clone(), kind, values }
    }

    fn at(&self, unit: u8) -> String {
        let sq = self.units[unit as usize].square;
        if sq == NONE { "off the board".into() } else { name(sq) }
    }

    /// The dice a card throws when it starts an Assault.
    fn assault_dice(&self, card: u8) -> String {
        let p = self.active;
        match &self.card(p, card).kind {
            CardKind::Unit(u) => dice(u.attack),
            CardKind::Leader(_) => "1d6".into(),
            _ => String::new(),
        }
    }
}

pub(crate) fn label(g: &Manoeuvre, action: &Action) -> String {
    use Action::*;
    let p = g.active;
    let me = if g.sides[p as usize].army != NONE { g.player_name_for_label(p) } else { format!("Player {}", p + 1) };
    let them = 1 - p;
    match *action {
        Die(v) => match g.phase {
            Phase::InitiativeRoll { player } => format!("Player {} rolls {v} on the d10 for first player", player + 1),
            Phase::FateRoll | Phase::FateCheck { .. } => format!("the Fate Die shows {v}"),
            _ => format!("the die shows {v}"),
        },
        Draw(c) => {
            if let Phase::ScoutPick { slot } = g.phase {
                return format!(
                    "of {}'s face-down cards in slot {}, the Scout/Spy takes {}",
                    g.player_name_for_label(them),
                    slot_letter(slot),
                    g.card_label(them, c)
                );
            }
            let who = g.drawing_player().unwrap_or(p);
            if g.sides[who as usize].army == NONE {
                format!("card {c} is drawn")
            } else {
                format!("{} draws {}", g.player_name_for_label(who), g.card_label(who, c))
            }
        }
        Section(s) => format!("place map section {s} at the {} of the battlefield", position_word(g)),
        Orient(t) => format!("turn that section {} degrees clockwise", u16::from(t) * 90),
        Nation(n) => format!("offer {}", nation_label(g, n)),
        Pick(i) => format!("take {}", nation_label(g, g.nations_offered[i as usize & 1])),
        Edge(e) => format!("start from the {} edge of the layout", e.word()),
        Keep(c) => {
            let who = g.setup_player();
            format!("keep {} in the opening hand", g.card_label(who, c))
        }
        Deploy(sq) => {
            let who = g.setup_player();
            let unit = (who * 8..who * 8 + 8).find(|&u| !g.on_board(u)).unwrap_or(NONE);
            format!("deploy {} on {}", g.unit_name(unit), name(sq))
        }
        Discard(c) => format!("{me}: discard {}", g.card_label(p, c)),
        EndDiscard => format!("{me}: done discarding; draw up"),
        DrawOn => format!("{me}: done drawing; on to Movement"),
        Move { unit, to } => format!("{me}: move {} from {} to {}", g.unit_name(unit), g.at(unit), name(to)),
        Supply(c) => format!("{me}: play {} to move another unit", g.card_label(p, c)),
        ForcedMarch { to, .. } => {
            format!("{me}: Forced March, {} on to {}", g.unit_name(g.movement.last), name(to))
        }
        BanzaiCharge(_) => format!("{me}: Banzai Charge: two units move two squares"),
        DigIn => format!("{me}: dig in (no move; the whole hand is discarded)"),
        EndMovement => format!("{me}: end the Movement phase"),
        Guerrilla(c) => format!("{}: cancel it with {}", g.player_name_for_label(them), g.card_label(them, c)),
        LetItStand => format!("{}: let it stand", g.player_name_for_label(them)),
        Assault { unit, target, card } => format!(
            "{me}: Assault from {} on {} with {} ({})",
            g.at(unit),
            name(target),
            g.unit_name(unit),
            g.assault_dice(card)
        ),
        Ambush { card, target } => {
            let d = dice(g.card(p, card).ambush_dice);
            format!("{me}: Ambush {} on {} ({d})", g.unit_name(g.board[target as usize]), name(target))
        }
        Bombard { unit, target, card } => {
            let d = g.unit_card(p, card).map_or(String::new(), |u| dice(u.bombard));
            format!("{me}: Bombard {} from {} with {} ({d})", name(target), g.at(unit), g.unit_name(unit))
        }
        Volley { unit, target, card } => {
            let d = g.unit_card(p, card).map_or(String::new(), |u| dice(u.volley));
            format!("{me}: Volley on {} from {} with {} ({d})", name(target), g.at(unit), g.unit_name(unit))
        }
        Rockets { unit, target, .. } => format!("{me}: Rockets from {} on {} (1d10)", g.at(unit), name(target)),
        GrandBattery { unit, target, .. } => {
            format!("{me}: Grand Battery from {} on {} (2d10)", g.at(unit), name(target))
        }
        DeathWithHonour { unit, .. } => {
            format!(
                "{me}: Death With Honour: {} at {} falls, adjacent enemies are struck",
                g.unit_name(unit),
                g.at(unit)
            )
        }
        NoCombat => format!("{me}: no combat this turn"),
        Spy(c) => format!("{me}: play {}", g.card_label(p, c)),
        Withdraw(c) => format!("{}: withdraw with {}", g.player_name_for_label(them), g.card_label(them, c)),
        WithdrawAttempt(c) => {
            format!("{}: try to withdraw with {}", g.player_name_for_label(them), g.card_label(them, c))
        }
        Stand => format!("{}: stand and fight", g.player_name_for_label(them)),
        Defend(c) => format!("{}: add {} to the defence", g.player_name_for_label(them), g.card_label(them, c)),
        DefendLeader(c) | DefendMaharaja(c) => {
            format!("{}: add {} to the defence", g.player_name_for_label(them), g.card_label(them, c))
        }
        DoneDefending => format!("{}: no more defence cards", g.player_name_for_label(them)),
        AddAttackCard(c) => format!("{me}: add {} to the attack", g.card_label(p, c)),
        Committed { card, unit } => {
            format!(
                "{me}: Committed Attack for {} (+2d6, one hit afterwards) with {}",
                g.unit_name(unit),
                g.card_label(p, card)
            )
        }
        Sappers(c) => format!("{me}: {} ignore the Redoubt", g.card_label(p, c)),
        Skirmish(c) => format!("{me}: {}: call off the attack", g.card_label(p, c)),
        LeaderCombat(c) => format!("{me}: {} adds his Combat value", g.card_label(p, c)),
        LeaderCommand(c) => format!("{me}: {} leads supporting units", g.card_label(p, c)),
        AttackMaharaja(c) => format!("{me}: play {} with the leader", g.card_label(p, c)),
        Support(u) => format!("{me}: {} at {} supports the attack", g.unit_name(u), g.at(u)),
        DoneSupport => format!("{me}: no more supporting units"),
        DoneAttacking => format!("{me}: no more attack cards: roll"),
        TakeHit => format!("{} takes a hit", g.unit_name(g.combat.map_or(NONE, |c| c.defender))),
        Retreat => format!("{} retreats", g.unit_name(g.combat.map_or(NONE, |c| c.defender))),
        RetreatTo(sq) => format!("retreat to {}", name(sq)),
        AdvanceWith(u) => format!("{me}: {} advances", g.unit_name(u)),
        StayPut => format!("{me}: do not advance"),
        CommittedHitOn(u) => format!("{me}: {} takes the Committed Attack hit", g.unit_name(u)),
        SkirmishTo(sq) => format!("{me}: the skirmishers fall back to {}", name(sq)),
        Restore { card, unit } => format!("{me}: restore {} with {}", g.unit_name(unit), g.card_label(p, card)),
        Rally { card, unit } => format!("{me}: {} tries to rally {}", g.card_label(p, card), g.unit_name(unit)),
        Redoubt { unit, .. } => format!("{me}: build a Redoubt under {} at {}", g.unit_name(unit), g.at(unit)),
        EndRestoration => format!("{me}: end the turn"),
        FlipSlot(s) => format!("{me}: turn a face-down card of slot {} face-up", slot_letter(s)),
        MoveCard { from, card, to } => {
            let what = if card == NONE { "a face-down card".to_string() } else { g.card_label(p, card) };
            format!("{me}: move {what} from slot {} to slot {} and end the turn", slot_letter(from), slot_letter(to))
        }
        KeepDisplay => format!("{me}: leave the display as it is and end the turn"),
    }
}

fn position_word(g: &Manoeuvre) -> &'static str {
    match g.phase {
        Phase::PlaceSection { position: 0 } => "top left",
        Phase::PlaceSection { position: 1 } => "top right",
        Phase::PlaceSection { position: 2 } => "bottom left",
        _ => "bottom right",
    }
}

fn nation_label(g: &Manoeuvre, n: u8) -> String {
    match g.data.0.rules.armies.get(n as usize) {
        Some(a) if a.provisional => format!("{} (provisional army)", a.name),
        Some(a) => a.name.clone(),
        None => format!("nation {n}"),
    }
}

pub(crate) fn why_illegal(g: &Manoeuvre, action: &Action) -> String {
    use engine::{Game, ToMove};
    match (g.to_move(), action) {
        (ToMove::Chance, Action::Die(_) | Action::Draw(_)) => "that result is not possible here".into(),
        (ToMove::Chance, _) => "a die roll or a card draw comes first".into(),
        (_, Action::Die(_) | Action::Draw(_)) => "that is a chance outcome, and none is pending".into(),
        (_, Action::Move { .. }) if g.phase == Phase::Movement => {
            "that unit cannot move there (already moved, blocked, too far, or no moves left)".into()
        }
        (_, Action::Move { .. }) => "units move only in the Movement phase".into(),
        (_, Action::Assault { .. } | Action::Bombard { .. } | Action::Volley { .. } | Action::Ambush { .. })
            if g.phase != Phase::Combat =>
        {
            "a combat can only be declared in the Combat phase".into()
        }
        _ => "it is not one of the actions open at this point".into(),
    }
}

impl Manoeuvre {
    fn player_name_for_label(&self, p: u8) -> String {
        engine::Game::player_name(self, p)
    }

    /// The player whose deck the pending draw comes from.
    fn drawing_player(&self) -> Option<u8> {
        crate::display_mode::pending_side(self).or(if self.reveal_pending != NONE {
            Some(self.reveal_pending)
        } else {
            match self.phase {
                Phase::DealHands => Some(self.dealing_to()),
                _ => Some(self.active),
            }
        })
    }

    /// The player making the current setup choice.
    fn setup_player(&self) -> u8 {
        self.setup_decider().unwrap_or(self.first_player)
    }
}

/// What a card shows: its name, its kind ("unit", "leader", "hq") and its printed values in words.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct CardFacts {
    pub name: String,
    pub kind: &'static str,
    pub values: Vec<String>,
}
