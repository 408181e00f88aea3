//! The words of Invaders: each action's label as the player deciding reads it, and what each step
//! did at the table in public words (a card drawn into a hand is never named).

use crate::action::Action;
use crate::display::{BANG, Held, face_title, named_slots, slot_letter, slot_of};
use crate::side::{Side, Zone};
use crate::state::{CardId, Ending, Invaders, Phase};
use crate::turn::NoCancel;

/// " from slot B" for a card of a Card Display, nothing for a card in a hand.
fn in_slot(g: &Invaders, side: Side, card: CardId) -> String {
    match g.display_slots(side).and_then(|s| slot_of(s, card)) {
        Some(slot) => format!(" from slot {}", slot_letter(slot)),
        None => String::new(),
    }
}

/// "A, B and C".
fn letters(slots: &[u8]) -> String {
    let l: Vec<String> = slots.iter().map(|&s| slot_letter(s).to_string()).collect();
    match l.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => l.join(""),
    }
}

fn costs(g: &Invaders, card: CardId) -> String {
    let c = g.card(card);
    match (c.discard, c.drain) {
        (0, 0) => "no cost".into(),
        (d, 0) => format!("discard {d}"),
        (0, r) => format!("drain {r}"),
        (d, r) => format!("discard {d}, drain {r}"),
    }
}

fn where_in_play(g: &Invaders, card: CardId) -> String {
    match g.in_play(card) {
        Some((side, zone, _)) => format!("{}'s {} in {}", side.name(), g.card(card).name, zone.name()),
        None => g.card(card).name.clone(),
    }
}

pub(crate) fn label(g: &Invaders, action: &Action) -> String {
    let name = |c: CardId| g.card(c).name.clone();
    match *action {
        Action::Draw(c) => {
            let side = g.drawing_side().unwrap_or(g.active()).subject();
            format!("{side} draws {}", name(c))
        }
        Action::Drain(c) => {
            let side = g.payment().map_or(g.active(), |p| p.payer).subject();
            format!("{side} drains {} onto its discard pile", name(c))
        }
        Action::Fate(face) => match g.phase() {
            Phase::FateCancel { card, .. } if face == BANG => {
                format!("The Fate Die shows {face} (!!): {} is stopped", name(card))
            }
            Phase::FateCancel { card, .. } => format!("The Fate Die shows {face}: {} goes ahead", name(card)),
            _ => format!("The Fate Die shows {face}: {}", face_title(face)),
        },
        Action::Reveal(c) => match g.pending_reveals().first() {
            Some(r) => format!("The face-down card of {}'s slot {} is {}", r.side.name(), slot_letter(r.slot), name(c)),
            None => format!("The face-down card is {}", name(c)),
        },
        Action::Play { card, zone: Some(z) } => {
            let power = g.card(card).power.unwrap_or(0);
            let from = in_slot(g, g.active(), card);
            format!("Play {}{from} into {} (power {power}; {})", name(card), z.name(), costs(g, card))
        }
        Action::Play { card, zone: None } => {
            let from = in_slot(g, g.active(), card);
            format!("Play {}{from}, a one-shot card ({})", name(card), costs(g, card))
        }
        Action::PayDiscard(c) => {
            let paying = g.payment().map(|p| name(p.card)).unwrap_or_default();
            let from = g.payment().map(|p| in_slot(g, p.payer, c)).unwrap_or_default();
            format!("Discard {}{from} to pay for {paying}", name(c))
        }
        Action::PayFaceDown(slot) => {
            let paying = g.payment().map(|p| name(p.card)).unwrap_or_default();
            format!("Discard a face-down card of slot {} (unseen until it goes) to pay for {paying}", slot_letter(slot))
        }
        Action::Flip(slot) => format!("Turn a face-down card of slot {} face-up", slot_letter(slot)),
        Action::PlayNoCard => "Play no card this turn (then move one card to another slot, or none)".into(),
        Action::PickUp { card: Some(c), from } => {
            format!("Move {} from slot {} (it stays face-up)", name(c), slot_letter(from))
        }
        Action::PickUp { card: None, from } => {
            format!("Move a face-down card from slot {} (it stays face-down)", slot_letter(from))
        }
        Action::PutDown(to) => {
            let what = match g.lifted() {
                Some((Some(c), from)) => format!("{} from slot {}", name(c), slot_letter(from)),
                Some((None, from)) => format!("The face-down card from slot {}", slot_letter(from)),
                None => "The card".into(),
            };
            format!("{what} goes onto slot {}; the turn ends", slot_letter(to))
        }
        Action::EndTurn if g.phase() == Phase::MoveCard => "Move no card; the turn ends".into(),
        Action::Sacrifice(c) => format!("Sacrifice {} to make room (its column is full)", where_in_play(g, c)),
        Action::EndTurn => "End the turn".into(),
        Action::Cancel(c) => {
            let target = g.chain().last().map(|&(t, _)| name(t)).unwrap_or_default();
            match g.phase() {
                Phase::Window { by } if g.displayed(by) => format!(
                    "Cancel {target} with {}{} ({}; the Fate Die first: a 1 stops it)",
                    name(c),
                    in_slot(g, by, c),
                    costs(g, c)
                ),
                _ => format!("Cancel {target} with {} ({})", name(c), costs(g, c)),
            }
        }
        Action::LetStand => match g.chain().last() {
            Some(&(t, _)) => format!("Let {} stand", name(t)),
            None => "Let it stand".into(),
        },
        Action::Use(c) if g.card(c).heroes => {
            format!("Use {} (it turns sideways until Mankind's next turn; its text: the players' call)", name(c))
        }
        Action::Use(c) => format!("Use {} (its text: the players' call)", where_in_play(g, c)),
        Action::AddToken(c) => format!("Put a token on {}", where_in_play(g, c)),
        Action::RemoveToken(c) => format!("Take a token off {}", where_in_play(g, c)),
        Action::MoveTo { card, zone } => {
            let from = g.in_play(card).map(|(_, z, _)| z);
            let note = match from {
                Some(f) if f.adjacent(zone) => "an adjacent zone",
                _ => "not adjacent: only a card that allows any zone",
            };
            format!("A card's text moves {} to {} ({note})", where_in_play(g, card), zone.name())
        }
        Action::Destroy(c) => format!("A card's text destroys {}: it goes to the discard pile", where_in_play(g, c)),
        Action::DrawByText => {
            if g.side(g.active()).deck.is_empty() {
                "A card's text says draw a card (the draw pile is empty: drawing loses the game)".into()
            } else {
                "A card's text says draw a card".into()
            }
        }
        Action::DormantStrategy => "Enable a dormant strategy (the players resolve it)".into(),
        Action::InvasionPlot => "Use the Invasion plot action (the players resolve it)".into(),
        Action::DeclareWinner(s) => format!("Declare {} the winner (by the cards' terms: the players' call)", s.name()),
    }
}

/// How a chain settles once the last card of it is let stand: an odd number of cancels stops the
/// card played, an even number lets it through.
fn settled(g: &Invaders, chain: &[(CardId, Option<Zone>)]) -> Vec<String> {
    let name = |c: CardId| g.card(c).name.clone();
    let mut out = Vec::new();
    let Some(&(played, zone)) = chain.first() else { return out };
    let cancelled = (chain.len() - 1) % 2 == 1;
    if chain.len() > 1 {
        let cancels: Vec<String> = chain[1..].iter().map(|&(c, _)| name(c)).collect();
        out.push(format!("{} go to their owners' discard piles.", cancels.join(" and ")));
    }
    if cancelled {
        out.push(format!("{} is cancelled and goes to the discard pile.", name(played)));
    } else if let Some(z) = zone {
        let tokens = g.card(played).tokens;
        let with = if tokens > 0 { format!(" with {tokens} tokens") } else { String::new() };
        out.push(format!("{} enters play in {}{with}.", name(played), z.name()));
    } else {
        out.push(format!("{}: the players resolve its text; it goes to the discard pile.", name(played)));
    }
    out
}

/// What the step from `before` to `after` did, in public words.
pub(crate) fn events(after: &Invaders, before: &Invaders, action: &Action) -> Vec<String> {
    let name = |c: CardId| before.card(c).name.clone();
    let mut out = Vec::new();
    match *action {
        Action::Draw(_) => {
            let side = before.drawing_side().unwrap_or(before.active());
            let subject = side.subject();
            out.push(format!(
                "{subject} draws a card into its hand ({} left in its draw pile).",
                after.draw_pile(side)
            ));
        }
        Action::Drain(c) => {
            let side = before.payment().map_or(before.active(), |p| p.payer).subject();
            out.push(format!("{side} turns {} from its draw pile face-up onto its discard pile.", name(c)));
        }
        Action::Play { card, zone } => {
            let into = zone.map(|z| format!(" into {}", z.name())).unwrap_or_default();
            out.push(format!(
                "{} plays {}{into} and pays for it: {}.",
                before.active().subject(),
                name(card),
                costs(before, card)
            ));
        }
        Action::PayDiscard(c) => {
            let payer = before.payment().map_or(before.active(), |p| p.payer);
            let from = if before.displayed(payer) {
                format!("{} of its display", in_slot(before, payer, c))
            } else {
                " from its hand".into()
            };
            out.push(format!("{} discards {}{from}.", payer.subject(), name(c)));
        }
        Action::Fate(face) => match before.phase() {
            Phase::FateCancel { by, card } => {
                let c = name(card);
                if face == BANG {
                    out.push(format!(
                        "{} rolls the Fate Die before cancelling with {c}: {face} (!!) stops it; it stays in its slot and is not tried again this turn.",
                        by.subject()
                    ));
                } else {
                    out.push(format!(
                        "{} rolls the Fate Die before cancelling with {c}: {face}, so the cancel goes ahead.",
                        by.subject()
                    ));
                }
            }
            _ => {
                let side = before.active();
                out.push(format!("{} rolls the Fate Die: {face}, {}.", side.subject(), face_title(face)));
                let had_down: Vec<u8> = named_slots(face)
                    .iter()
                    .copied()
                    .filter(|&s| {
                        before.display_slots(side).is_some_and(|d| d[usize::from(s)].contains(&Held::FaceDown))
                    })
                    .collect();
                if !had_down.is_empty() {
                    let word = if had_down.len() == 1 { "Slot" } else { "Slots" };
                    out.push(format!("{word} {} turn face-up.", letters(&had_down)));
                }
                if let Some(f) = after.fate().filter(|f| f.flips_left > 0) {
                    let n = f.flips_left;
                    let cards = if n == 1 { "card" } else { "cards" };
                    out.push(format!("{} turns {n} face-down {cards} of its choice face-up.", side.subject()));
                }
            }
        },
        Action::Reveal(c) => {
            if let Some(r) = before.pending_reveals().first() {
                let letter = slot_letter(r.slot);
                if r.to_discard {
                    out.push(format!(
                        "{} discards a face-down card of slot {letter}: it is {}.",
                        r.side.subject(),
                        name(c)
                    ));
                } else {
                    out.push(format!("{}'s card in slot {letter} is turned face-up: {}.", r.side.subject(), name(c)));
                }
            }
        }
        Action::PutDown(to) => {
            let (what, from) = match before.lifted() {
                Some((Some(c), from)) => (name(c), from),
                Some((None, from)) => ("a face-down card".to_string(), from),
                None => ("a card".to_string(), to),
            };
            out.push(format!(
                "{} plays no card and moves {what} from slot {} onto slot {}.",
                before.active().subject(),
                slot_letter(from),
                slot_letter(to)
            ));
            out.push(format!(
                "{} ends its turn; {}'s turn begins with its Draw phase.",
                before.active().subject(),
                after.active().name()
            ));
        }
        Action::Sacrifice(c) => {
            out.push(format!("Mankind sacrifices {} to its discard pile.", where_in_play(before, c)))
        }
        Action::Destroy(c) => out.push(format!("{} goes to its owner's discard pile.", where_in_play(before, c))),
        Action::EndTurn => {
            out.push(format!(
                "{} ends its turn; {}'s turn begins with its Draw phase.",
                before.active().subject(),
                after.active().name()
            ));
            let upright =
                before.side(Side::Mankind).zones.iter().flatten().any(|p| p.turned) && after.active() == Side::Mankind;
            if upright {
                out.push("Mankind turns its Heroes of the Resistance card upright.".into());
            }
        }
        Action::Cancel(c) => {
            let target = before.chain().last().map(|&(t, _)| name(t)).unwrap_or_default();
            let by = match before.phase() {
                Phase::Window { by } => by,
                _ => before.active(),
            };
            out.push(format!(
                "{} reveals {} to cancel {target} and pays for it: {}.",
                by.subject(),
                name(c),
                costs(before, c)
            ));
        }
        Action::LetStand => out.extend(settled(before, before.chain())),
        Action::DeclareWinner(s) => out.push(format!("The players declare {} the winner.", s.name())),
        _ => {}
    }
    // The step paid for a card (or a die stopped a cancel) and the other side could not answer:
    // the chain settled at once.
    if let Some(crate::turn::Unanswered { by, why, chain }) = &after.unanswered {
        let line = match why {
            NoCancel::NoneFaceUp => format!("{}'s display shows no face-up cancel it could pay for now.", by.subject()),
            NoCancel::NoneHeld => format!("{} holds no cancel it could pay for now.", by.subject()),
            NoCancel::EmptyHand => format!("{} holds no card: it cannot cancel.", by.subject()),
            NoCancel::NoneUnseen => {
                format!("{} cannot cancel: none of its cards still unseen is a cancel it could pay for.", by.subject())
            }
        };
        out.push(line);
        out.extend(settled(before, chain));
    }
    if !matches!(action, Action::PutDown(_)) {
        for side in Side::BOTH {
            let (Some(was), Some(now)) = (before.display_slots(side), after.display_slots(side)) else { continue };
            let down = |stack: &Vec<Held>| stack.iter().filter(|h| **h == Held::FaceDown).count();
            let added: Vec<u8> =
                (0..5u8).filter(|&s| down(&now[usize::from(s)]) > down(&was[usize::from(s)])).collect();
            if !added.is_empty() {
                let n: usize = (0..5).map(|s| down(&now[s]).saturating_sub(down(&was[s]))).sum();
                let cards = if n == 1 { "a card" } else { "cards" };
                let word = if added.len() == 1 { "slot" } else { "slots" };
                out.push(format!(
                    "{} draws {cards} face-down into {word} {} ({} left in its draw pile).",
                    side.subject(),
                    letters(&added),
                    after.draw_pile(side)
                ));
            }
        }
    }
    if let (None, Some(Ending::EmptyDeck { loser })) = (before.ending(), after.ending()) {
        out.push(format!("{} has to draw from an empty draw pile and loses.", loser.subject()));
    }
    // A line may open with a card's place ("the Invader's Drone in Africa ...").
    out.into_iter()
        .map(|line| {
            let mut chars = line.chars();
            chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
        })
        .collect()
}
