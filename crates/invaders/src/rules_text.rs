//! Why an action is refused, in a player's words.

use crate::action::Action;
use crate::side::Side;
use crate::state::{Invaders, Phase};

pub(crate) fn why_not(g: &Invaders, action: &Action) -> String {
    let phase = g.phase();
    match *action {
        Action::Play { card, zone } => {
            if phase != Phase::Main {
                return "cards are played in the Main phase of their owner's turn".into();
            }
            let me = g.active();
            if !g.side(me).hand.contains(&card) {
                return format!("{me} does not hold that card");
            }
            let c = g.card(card);
            if c.cancels {
                return format!("{} is a cancel: it is played when the other side plays a card", c.name);
            }
            if !g.can_pay(me, card) {
                return format!(
                    "{} costs discard {} and drain {}; {me} holds {} other cards and has {} in its draw pile",
                    c.name,
                    c.discard,
                    c.drain,
                    g.side(me).hand.len().saturating_sub(1),
                    g.side(me).deck.len()
                );
            }
            match (c.power, zone) {
                (Some(_), None) => format!("{} has a power value: name the zone it goes into", c.name),
                (None, Some(_)) => format!("{} is a one-shot card: it goes into no zone", c.name),
                (Some(_), Some(z)) if !g.has_room(me, z) => format!("{me} has no free slot in {}", z.name()),
                _ => "not now".into(),
            }
        }
        Action::Sacrifice(_) if g.active() != Side::Mankind => "only Mankind may sacrifice a card in play".into(),
        Action::Sacrifice(_) => {
            "Mankind may sacrifice only a card of a zone whose four slots on its side are full".into()
        }
        Action::Cancel(_) if !matches!(phase, Phase::Window { .. }) => {
            "a cancel is played only as the other side plays a card".into()
        }
        Action::InvasionPlot if g.active() != Side::Invader => "the Invasion plot action is the Invader's".into(),
        _ => "it is not one of the choices now".into(),
    }
}
