//! Structural checks of a Manoeuvre state, run by the conformance kit after every step: each card of
//! each army is in exactly one place, the board and the units agree, and eliminated units are off
//! the board.

use crate::state::{Manoeuvre, NONE};
use crate::tables::{Cards, card_bit};

pub(crate) fn check(g: &Manoeuvre) -> Result<(), String> {
    for (i, u) in g.units.iter().enumerate() {
        if u.square != NONE && g.board[u.square as usize] != i as u8 {
            return Err(format!("unit {i} thinks it is on square {}, the board disagrees", u.square));
        }
        if u.eliminated && u.square != NONE {
            return Err(format!("eliminated unit {i} is still on the board"));
        }
    }
    for (sq, &u) in g.board.iter().enumerate() {
        if u != NONE && g.units[u as usize].square != sq as u8 {
            return Err(format!("square {sq} holds unit {u}, which is elsewhere"));
        }
    }
    for p in 0..2u8 {
        let mut occ = 0u64;
        for u in &g.units[p as usize * 8..p as usize * 8 + 8] {
            if u.square != NONE {
                occ |= 1 << u.square;
            }
        }
        if occ != g.occ[p as usize] {
            return Err(format!("player {p}: the occupancy mask disagrees with the units"));
        }
        let present = (0..8).filter(|&i| g.units[p as usize * 8 + i].square != NONE).fold(0u8, |m, i| m | 1 << i);
        if present != g.present[p as usize] {
            return Err(format!("player {p}: the mask of units on the board disagrees with the units"));
        }
        let lost = g.units[p as usize * 8..p as usize * 8 + 8].iter().filter(|u| u.eliminated).count() as u8;
        if lost != g.sides[p as usize].lost {
            return Err(format!("player {p} has {lost} units eliminated but counts {}", g.sides[p as usize].lost));
        }
        let side = &g.sides[p as usize];
        if side.army == NONE {
            continue;
        }
        let mut places: Vec<(&str, Cards)> = vec![("deck", side.deck), ("discard", side.discard), ("hand", side.hand)];
        for (s, set) in side.display.slots.iter().enumerate() {
            places.push((["slot A", "slot B", "slot C", "slot D", "slot E"][s], *set));
        }
        if side.display.top != NONE {
            places.push(("deck top", card_bit(side.display.top)));
        }
        if let Some(c) = g.combat {
            let cards = if p == g.active { c.attack_cards } else { c.defense_cards };
            places.push(("combat", cards));
        }
        let all = g.data.0.tables(side.army).all;
        let mut seen: Cards = 0;
        for (name, set) in &places {
            if seen & set != 0 {
                return Err(format!("player {p}: a card in the {name} is also somewhere else"));
            }
            seen |= set;
        }
        // Before the deal every card is in the deck; a card can be nowhere only while in the air.
        if seen != all {
            return Err(format!("player {p}: cards {:#x} are missing", all & !seen));
        }
        if side.discard_top != NONE && side.discard & card_bit(side.discard_top) == 0 {
            return Err(format!("player {p}: the discard pile's top card is not in the pile"));
        }
    }
    Ok(())
}
