//! The Fate Die: six equally likely faces, numbered as the playsheets print them (1 "C or lowest",
//! 2 "face-2 type or lowest", 3 "A, B or C", 4 "A or B", 5 "C, D or E", 6 "D or E"). This module says
//! which cards each face turns over and which cards it lets a side play; the playsheet supplies the
//! wording, what "lowest" measures and the refill rules.

use crate::card::{CardFacts, CardId};
use crate::display::CardDisplay;
use crate::playsheet::{LowestMeasure, Playsheet};
use crate::slot::{SlotName, SlotSet};

/// The slots whose cards a face makes playable (faces 3-6), or slot C for face 1.
pub fn named_slots(face: u8) -> SlotSet {
    let letters = match face {
        1 => "C",
        3 => "ABC",
        4 => "AB",
        5 => "CDE",
        6 => "DE",
        _ => "",
    };
    SlotSet::parse(letters).unwrap_or_default()
}

/// The slots a face turns face-up by itself. Face 2 instead lets the side choose cards to turn until
/// two are face-up ([`face_two_flips_needed`]).
pub fn flip_slots(face: u8) -> SlotSet {
    named_slots(face)
}

/// How many more cards face 2 turns face-up: enough to have two face-up cards, as far as face-down
/// cards allow.
pub fn face_two_flips_needed(face_up: usize, face_down: usize) -> usize {
    2usize.saturating_sub(face_up).min(face_down)
}

/// A fact the table must learn from the player before it can list eligible cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NeededFact {
    /// The card's value (Ops, CP or order count) and, on face 2, whether it is of the special type.
    Describe { card: CardId, value: bool, special: bool },
}

/// The cards a face lets the side play, given its display, the face-up top of its own deck (Dual
/// Deck: that is slot C) and what is known of each card; or the first fact still missing.
///
/// Ties for "lowest" all stay eligible: the player chooses among them.
pub fn eligible_cards(
    sheet: &Playsheet,
    face: u8,
    display: &CardDisplay,
    deck_top: Option<CardId>,
    facts: &dyn Fn(CardId) -> CardFacts,
) -> Result<Vec<CardId>, NeededFact> {
    // Face-up cards as (slot, card), the deck's face-up top counting as slot C.
    let mut face_up: Vec<(SlotName, CardId)> = display.face_up().collect();
    if let Some(top) = deck_top {
        face_up.push((SlotName::C, top));
        face_up.sort_by_key(|(s, _)| *s);
    }
    // The named slots were turned face-up by the roll; a card that arrives face-down afterwards (a
    // refill after an answer or a Combat Card) is not part of the roll.
    let in_slots = |slots: SlotSet| -> Vec<CardId> {
        let mut cards: Vec<CardId> =
            slots.iter().flat_map(|s| display.slot(s).iter().filter(|p| p.face_up).map(|p| p.card)).collect();
        if slots.contains(SlotName::C)
            && let Some(top) = deck_top
        {
            cards.push(top);
        }
        cards
    };
    let mut eligible = match face {
        1 => {
            let pool: Vec<CardId> = face_up.iter().filter(|(s, _)| *s != SlotName::C).map(|(_, c)| *c).collect();
            let mut cards = in_slots(named_slots(1));
            cards.extend(lowest(sheet, &pool, facts, false)?);
            cards
        }
        2 => {
            let pool: Vec<CardId> = face_up.iter().map(|(_, c)| *c).collect();
            let mut cards = Vec::new();
            for &card in &pool {
                let known = facts(card);
                match known.special {
                    None => {
                        return Err(NeededFact::Describe {
                            card,
                            value: sheet.lowest.is_numeric() && known.value.is_none(),
                            special: true,
                        });
                    }
                    Some(true) => cards.push(card),
                    Some(false) => {}
                }
            }
            cards.extend(lowest(sheet, &pool, facts, true)?);
            cards
        }
        _ => in_slots(named_slots(face)),
    };
    // Keep display order and drop duplicates (a special card can also be the lowest).
    let order = |c: &CardId| face_up.iter().position(|(_, x)| x == c).unwrap_or(usize::MAX);
    eligible.sort_by_key(order);
    eligible.dedup();
    Ok(eligible)
}

/// Face 2's lowest-valued face-up cards (the whole display, the Dual Deck's face-up top included):
/// the cards face 2 lets the side play for any purpose. Other cards face 2 allows are there as cards
/// of the special type only.
pub fn face_two_lowest(
    sheet: &Playsheet,
    display: &CardDisplay,
    deck_top: Option<CardId>,
    facts: &dyn Fn(CardId) -> CardFacts,
) -> Result<Vec<CardId>, NeededFact> {
    let mut pool: Vec<CardId> = display.face_up().map(|(_, c)| c).collect();
    pool.extend(deck_top);
    lowest(sheet, &pool, facts, true)
}

/// The lowest-valued cards of `pool` (all of them on a tie), or for Manoeuvre every card that is not
/// of the special type.
fn lowest(
    sheet: &Playsheet,
    pool: &[CardId],
    facts: &dyn Fn(CardId) -> CardFacts,
    asking_special: bool,
) -> Result<Vec<CardId>, NeededFact> {
    if sheet.lowest == LowestMeasure::AnyOrdinaryCard {
        let mut cards = Vec::new();
        for &card in pool {
            match facts(card).special {
                None => return Err(NeededFact::Describe { card, value: false, special: true }),
                Some(false) => cards.push(card),
                Some(true) => {}
            }
        }
        return Ok(cards);
    }
    // Only Section, Troop and Leadership cards have an order count: a Tactic card never competes
    // for lowest, so the table asks whether an unknown card is one before asking its count.
    let order_count = sheet.lowest == LowestMeasure::OrderCount;
    let mut values = Vec::with_capacity(pool.len());
    for &card in pool {
        let known = facts(card);
        if order_count && known.special == Some(true) {
            continue;
        }
        match known.value {
            None => {
                return Err(NeededFact::Describe {
                    card,
                    value: true,
                    special: (asking_special || order_count) && known.special.is_none(),
                });
            }
            Some(v) => values.push((card, v)),
        }
    }
    let min = values.iter().map(|(_, v)| *v).min();
    Ok(values.into_iter().filter(|(_, v)| Some(*v) == min).map(|(c, _)| c).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faces_name_the_printed_slots() {
        assert_eq!(named_slots(1).to_string(), "C");
        assert_eq!(named_slots(2).to_string(), "");
        assert_eq!(named_slots(3).to_string(), "ABC");
        assert_eq!(named_slots(4).to_string(), "AB");
        assert_eq!(named_slots(5).to_string(), "CDE");
        assert_eq!(named_slots(6).to_string(), "DE");
    }

    #[test]
    fn face_two_flips_until_two_are_face_up() {
        assert_eq!(face_two_flips_needed(0, 5), 2);
        assert_eq!(face_two_flips_needed(1, 4), 1);
        assert_eq!(face_two_flips_needed(2, 3), 0);
        assert_eq!(face_two_flips_needed(0, 1), 1);
        assert_eq!(face_two_flips_needed(0, 0), 0);
    }
}
