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
            if let Some(f) = g.fate().filter(|_| g.displayed(me)) {
                if f.flips_left > 0 {
                    return format!("the Fate Die's 2 asks {me} to turn {} more face-down cards first", f.flips_left);
                }
                if !g.fate_allows(card) {
                    return format!(
                        "the Fate Die's {} ({}) does not let {me} play {} now",
                        f.face,
                        crate::display::face_title(f.face),
                        c.name
                    );
                }
            }
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
        Action::PlayNoCard | Action::PickUp { .. } | Action::PutDown(_) if !g.displayed(g.active()) => {
            "only a side run by a Card Display moves cards between slots".into()
        }
        Action::PlayNoCard | Action::PickUp { .. } | Action::PutDown(_) => {
            "a card moves between slots only in a turn in which its side has played no card, once it says so".into()
        }
        Action::Cancel(c) if g.blocked().contains(&c) => {
            "the Fate Die stopped that cancel this turn: it is not tried again until the turn ends".into()
        }
        Action::InvasionPlot if g.active() != Side::Invader => "the Invasion plot action is the Invader's".into(),
        _ => "it is not one of the choices now".into(),
    }
}
