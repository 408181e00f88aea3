//! The words of Invaders: each action's label as the player deciding reads it, and what each step
//! did at the table in public words (a card drawn into a hand is never named).

use crate::action::Action;
use crate::side::Side;
use crate::state::{CardId, Ending, Invaders, Phase};

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
        Action::Play { card, zone: Some(z) } => {
            let power = g.card(card).power.unwrap_or(0);
            format!("Play {} into {} (power {power}; {})", name(card), z.name(), costs(g, card))
        }
        Action::Play { card, zone: None } => format!("Play {}, a one-shot card ({})", name(card), costs(g, card)),
        Action::PayDiscard(c) => {
            let paying = g.payment().map(|p| name(p.card)).unwrap_or_default();
            format!("Discard {} to pay for {paying}", name(c))
        }
        Action::Sacrifice(c) => format!("Sacrifice {} to make room (its column is full)", where_in_play(g, c)),
        Action::EndTurn => "End the turn".into(),
        Action::Cancel(c) => {
            let target = g.chain().last().map(|&(t, _)| name(t)).unwrap_or_default();
            format!("Cancel {target} with {} ({})", name(c), costs(g, c))
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
                after.side(side).deck.len()
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
            let side = before.payment().map_or(before.active(), |p| p.payer).subject();
            out.push(format!("{side} discards {} from its hand.", name(c)));
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
        Action::LetStand => {
            let chain = before.chain();
            if let Some(&(played, zone)) = chain.first() {
                let cancelled = (chain.len() - 1) % 2 == 1;
                if chain.len() > 1 {
                    let cancels: Vec<String> = chain[1..].iter().map(|&(c, _)| name(c)).collect();
                    out.push(format!("{} go to their owners' discard piles.", cancels.join(" and ")));
                }
                if cancelled {
                    out.push(format!("{} is cancelled and goes to the discard pile.", name(played)));
                } else if let Some(z) = zone {
                    let tokens = before.card(played).tokens;
                    let with = if tokens > 0 { format!(" with {tokens} tokens") } else { String::new() };
                    out.push(format!("{} enters play in {}{with}.", name(played), z.name()));
                } else {
                    out.push(format!("{}: the players resolve its text; it goes to the discard pile.", name(played)));
                }
            }
        }
        Action::DeclareWinner(s) => out.push(format!("The players declare {} the winner.", s.name())),
        _ => {}
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
