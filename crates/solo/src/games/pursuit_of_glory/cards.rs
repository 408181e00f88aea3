//! The cards the sheet names (by deck and printed number) and how the table recognises them: by a
//! manifest's name, or, when no manifest names a card, as a card that could be it (the player then
//! says whether it is).

use super::*;

/// A card the sheet names: its deck and printed number.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Named {
    side: u8,
    number: u16,
    pub(super) name: &'static str,
}

pub(super) const RUSSO_BRITISH_ASSAULT: Named = Named { side: ALLIES, number: 1, name: "Russo-British Assault" };
pub(super) const LAWRENCE: Named = Named { side: ALLIES, number: 18, name: "Lawrence" };
pub(super) const NO_PRISONERS: Named = Named { side: ALLIES, number: 21, name: "No Prisoners" };
pub(super) const GREECE: Named = Named { side: ALLIES, number: 45, name: "Greece" };
pub(super) const ENVER: Named = Named { side: CENTRAL, number: 3, name: "Enver to Constantinople" };
pub(super) const DJEMAL: Named = Named { side: CENTRAL, number: 15, name: "Djemal Crushes Secret Societies" };
pub(super) const KING_CONSTANTINE: Named = Named { side: CENTRAL, number: 16, name: "King Constantine" };
pub(super) const JAFAR_PASHA: Named = Named { side: CENTRAL, number: 20, name: "Jafar Pasha" };
pub(super) const UNIT_OR_VP: [Named; 4] = [
    Named { side: CENTRAL, number: 31, name: "Gorlice-Tarnow" },
    Named { side: CENTRAL, number: 32, name: "Verdun" },
    Named { side: CENTRAL, number: 48, name: "Robertson" },
    Named { side: CENTRAL, number: 50, name: "Kaiserschlacht" },
];

/// Whose deck a card belongs to, from where it lies now (a passed card belongs to the side that
/// does not hold it).
fn owner(table: &CardTable, card: CardId) -> Option<u8> {
    if let Some(h) = table.held.iter().find(|h| h.card == card) {
        return Some(if h.place == PASSED { 1 - h.side } else { h.side });
    }
    for side in 0..2u8 {
        let display = table.display(side);
        if display.find(card).is_some() || display.beside.contains(&card) {
            return Some(side);
        }
    }
    for (d, deck) in table.decks.iter().enumerate() {
        if deck.top == Some(card) || deck.pool.contains(&card) || deck.discard.iter().any(|x| x.card == card) {
            return u8::try_from(d).ok();
        }
    }
    None
}

/// Whether the manifest names this card as `named`.
pub(super) fn is(table: &CardTable, card: CardId, named: Named) -> bool {
    table.card_name(card).is_some_and(|n| n.number == Some(named.number)) && owner(table, card) == Some(named.side)
}

/// Whether the manifest names the card at all (else the player says which card it is).
pub(super) fn is_named_somewhere(table: &CardTable, named: Named) -> bool {
    table
        .names
        .iter()
        .enumerate()
        .filter(|(_, n)| n.as_ref().is_some_and(|n| n.number == Some(named.number)))
        .any(|(i, _)| u16::try_from(i).is_ok_and(|i| owner(table, CardId(i)) == Some(named.side)))
}

/// The named card in the table, if the manifest names it.
pub(super) fn find_named(table: &CardTable, named: Named) -> Option<CardId> {
    table
        .names
        .iter()
        .enumerate()
        .filter(|(_, n)| n.as_ref().is_some_and(|n| n.number == Some(named.number)))
        .filter_map(|(i, _)| u16::try_from(i).ok().map(CardId))
        .find(|c| owner(table, *c) == Some(named.side))
}

/// A card is "unknown" for a rule when it has no manifest name and the rule's card is not named
/// anywhere: then it might be that card, and the player says whether it is.
pub(super) fn could_be(table: &CardTable, card: CardId, named: Named) -> bool {
    is(table, card, named) || (table.card_name(card).is_none() && !is_named_somewhere(table, named))
}
