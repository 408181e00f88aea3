//! The CDG Solo System for Manoeuvre (the playsheet in `seeds/000`), as a way for one side to hold
//! its cards. The hand becomes a Card Display: slots A, B, D and E, with the side's deck as slot C.
//! In the Discard phase the side may discard face-up cards, and the Draw phase replaces each one
//! from the deck, maintaining facing, even into a slot that still holds a card. The Fate Die is
//! rolled before Movement; the cards it allows are the only ones the side may play this turn (a
//! whole slot's cards, after a slot face). Played cards are replaced by the face's refill rule. A side
//! that played nothing may move one card to another slot. The inactive side answers with face-up
//! cards, but each HQ card first needs a Fate Die roll that `!!` (face 1) blocks. Scout/Spy discards a
//! random card of an opposing display. An empty slot C takes the shuffled discards at once.

use crate::action::Action;
use crate::state::{HandMode, Manoeuvre, NONE, Phase};
use crate::tables::{Cards, card_bit, cards};

pub const A: u8 = 0;
pub const B: u8 = 1;
pub const C: u8 = 2;
pub const D: u8 = 3;
pub const E: u8 = 4;
/// The slots that hold cards (C is the deck).
pub const CARD_SLOTS: [u8; 4] = [A, B, D, E];

/// The active side's Fate Die roll for this turn and what it still allows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FateState {
    /// The face rolled this turn (1-6), 0 before the roll.
    pub face: u8,
    /// A card allowed by the roll has been played.
    pub played: bool,
    /// After the first play: the cards still allowed (the rest of the chosen slot).
    pub rest: Cards,
}

fn is_display(g: &Manoeuvre, player: u8) -> bool {
    g.sides[player as usize].mode == HandMode::Display
}

/// Every card in the display, the face-up deck top included.
fn held(g: &Manoeuvre, player: u8) -> Cards {
    let d = &g.sides[player as usize].display;
    let mut m = d.slots.iter().fold(0, |a, s| a | s);
    if d.top != NONE {
        m |= card_bit(d.top);
    }
    m
}

fn face_up_held(g: &Manoeuvre, player: u8) -> Cards {
    let d = &g.sides[player as usize].display;
    let mut m = d.slots.iter().fold(0, |a, s| a | s) & d.face_up;
    if d.top != NONE {
        m |= card_bit(d.top);
    }
    m
}

fn slot_of(g: &Manoeuvre, player: u8, card: u8) -> u8 {
    let d = &g.sides[player as usize].display;
    if d.top == card {
        return C;
    }
    (0..5u8).find(|&s| d.slots[s as usize] & card_bit(card) != 0).unwrap_or(NONE)
}

/// The cards the player may use now: for the active side, those its roll allows; for the inactive
/// side, its face-up cards.
pub(crate) fn usable(g: &Manoeuvre, player: u8) -> Cards {
    if player != g.active {
        return face_up_held(g, player);
    }
    let f = g.fate;
    if f.face == 0 {
        return 0;
    }
    // Only face-up cards are ever allowed: a card that arrives face-down after the roll (a refill
    // after Digging In, say) waits for a later turn.
    let up = face_up_held(g, player);
    if f.played {
        return f.rest & up;
    }
    let d = &g.sides[player as usize].display;
    let t = g.tables(player);
    let abde = (d.slots[A as usize] | d.slots[B as usize] | d.slots[D as usize] | d.slots[E as usize]) & d.face_up;
    let top = if d.top != NONE { card_bit(d.top) } else { 0 };
    let slots = |list: &[u8]| list.iter().fold(0, |a, &s| a | d.slots[s as usize]);
    let allowed = match f.face {
        1 => top | (abde & t.all_unit_cards),
        // Any face-up HQ card or any face-up unit card: every face-up card.
        2 => up,
        3 => slots(&[A, B]) | top,
        4 => slots(&[A, B]),
        5 => slots(&[D, E]) | top,
        _ => slots(&[D, E]),
    };
    allowed & up
}

/// What a Fate Die face does for the active side, in a player's words.
pub fn face_meaning(face: u8) -> &'static str {
    match face {
        1 => "!!: turn the deck's top card face-up; play it or a face-up unit card (no HQ or leader card)",
        2 => "turn face-down cards face-up until two show; play any face-up card",
        3 => "turn slots A and B face-up and the deck's top card; play from A and B or the top card",
        4 => "turn slots A and B face-up; play from A and B",
        5 => "turn slots D and E face-up and the deck's top card; play from D and E or the top card",
        _ => "turn slots D and E face-up; play from D and E",
    }
}

/// A card leaves the display (played or committed to a combat). For the active side this is a play
/// under its roll: it narrows what else may be played and refills by the face's rule. For the
/// inactive side an emptied slot refills from the deck, maintaining facing.
pub(crate) fn take(g: &mut Manoeuvre, player: u8, card: u8) {
    let slot = slot_of(g, player, card);
    if slot == NONE {
        return;
    }
    let active = player == g.active && g.fate.face != 0;
    if active {
        // A card played leaves what is still playable, so the set never names a card that has gone
        // (were it to come back face-up by a refill this turn, it would wait like any other).
        g.fate.rest &= !card_bit(card);
    }
    if active && !g.fate.played {
        // After a slot face, the rest of that slot stays playable; faces 1 and 2 allow one card.
        let rest = if g.fate.face >= 3 && slot != C {
            g.sides[player as usize].display.slots[slot as usize] & !card_bit(card)
        } else {
            0
        };
        g.fate.played = true;
        g.fate.rest = rest;
    }
    let face = g.fate.face;
    let d = &mut g.sides[player as usize].display;
    if slot == C {
        d.top = NONE;
    } else {
        d.slots[slot as usize] &= !card_bit(card);
        d.face_up &= !card_bit(card);
    }
    let emptied = slot != C && d.slots[slot as usize] == 0;
    match (active, face) {
        // The inactive side refills an emptied slot from its deck, maintaining facing.
        (false, _) if emptied => d.owed[slot as usize] += 1,
        (false, _) => {}
        (true, 1) if emptied => d.fill_face_up |= 1 << slot,
        (true, 3 | 5) => {
            // Faces 3 and 5 fill A/B or D/E, whichever is empty, face-up, whatever slot the card
            // came from (the deck's top card included).
            let pair = if face == 3 { [A, B] } else { [D, E] };
            for s in pair {
                if d.slots[s as usize] == 0 && d.owed[s as usize] == 0 {
                    d.fill_face_up |= 1 << s;
                }
            }
        }
        (true, _) if emptied => d.owed[slot as usize] += 1,
        (true, _) => {}
    }
    if slot == C {
        note_deck(g, player);
    }
}

/// Slot C ran empty: that side's first deck is done (rule 2.3 as the playsheet reads it), and the
/// discards become the new deck at once.
fn note_deck(g: &mut Manoeuvre, player: u8) {
    let side = &mut g.sides[player as usize];
    if side.deck == 0 && side.display.top == NONE {
        side.first_deck_done = true;
        side.deck = side.discard;
        side.discard = 0;
        side.discard_top = NONE;
    }
}

pub(crate) fn begin_turn(g: &mut Manoeuvre) {
    g.fate = FateState::default();
}

pub(crate) fn discard_legal(g: &Manoeuvre, out: &mut Vec<Action>) {
    out.extend(cards(face_up_held(g, g.active)).map(Action::Discard));
}

/// Discard phase: the card goes, and the Draw phase will replace it in the same slot.
pub(crate) fn discard(g: &mut Manoeuvre, card: u8) {
    let p = g.active;
    let slot = slot_of(g, p, card);
    let d = &mut g.sides[p as usize].display;
    if slot == C {
        d.top = NONE;
    } else if slot != NONE {
        d.slots[slot as usize] &= !card_bit(card);
        d.face_up &= !card_bit(card);
        d.owed[slot as usize] += 1;
    }
    g.onto_discard(p, card);
    note_deck(g, p);
}

/// The side whose display waits for a card from its deck, if any. The active side's discards wait
/// for its Draw phase.
#[inline]
pub(crate) fn pending_side(g: &Manoeuvre) -> Option<u8> {
    // Most games hold both hands secret: no display, nothing to check.
    if g.no_display() {
        return None;
    }
    [g.active, 1 - g.active].into_iter().find(|&p| {
        let d = &g.sides[p as usize].display;
        is_display(g, p)
            && (d.fill_face_up != 0 || d.owed != [0; 5])
            && !(p == g.active && matches!(g.phase, Phase::Discard))
    })
}

/// Fills what the deck's face-up top card can fill and drops fills no card can satisfy. Returns
/// the side that needs a chance draw, if one does.
pub(crate) fn settle(g: &mut Manoeuvre) -> Option<u8> {
    while let Some(p) = pending_side(g) {
        let side = &mut g.sides[p as usize];
        if side.deck == 0 && side.display.top == NONE {
            if side.discard == 0 {
                // Nothing left anywhere: the slots stay short.
                side.display.owed = [0; 5];
                side.display.fill_face_up = 0;
                continue;
            }
            note_deck(g, p);
            continue;
        }
        let top = side.display.top;
        if top == NONE {
            return Some(p);
        }
        // The face-up top card keeps its facing wherever it goes.
        let slot = next_fill_slot(&side.display);
        side.display.top = NONE;
        place(g, p, slot, top, true);
        note_deck(g, p);
    }
    None
}

fn next_fill_slot(d: &crate::state::Display) -> u8 {
    if d.fill_face_up != 0 {
        return d.fill_face_up.trailing_zeros() as u8;
    }
    (0..5u8).find(|&s| d.owed[s as usize] > 0).unwrap_or(A)
}

fn place(g: &mut Manoeuvre, player: u8, slot: u8, card: u8, face_up: bool) {
    let d = &mut g.sides[player as usize].display;
    if d.fill_face_up & (1 << slot) != 0 {
        d.fill_face_up &= !(1 << slot);
    } else if d.owed[slot as usize] > 0 {
        d.owed[slot as usize] -= 1;
    }
    d.slots[slot as usize] |= card_bit(card);
    if face_up {
        d.face_up |= card_bit(card);
    }
}

/// A card drawn for a pending fill: face-up for a "keep face-up" fill, else face-down.
pub(crate) fn drawn_for_fill(g: &mut Manoeuvre, player: u8, card: u8) {
    let slot = next_fill_slot(&g.sides[player as usize].display);
    let up = g.sides[player as usize].display.fill_face_up & (1 << slot) != 0;
    g.drawn(player, card);
    place(g, player, slot, card, up);
    note_deck(g, player);
}

/// Movement is preceded by the Fate Die.
pub(crate) fn before_movement(g: &mut Manoeuvre) {
    g.phase = Phase::FateRoll;
}

/// The Fate Die shows `face`: turn cards over as the face says.
pub(crate) fn fate_roll(g: &mut Manoeuvre, face: u8) {
    let p = g.active;
    g.fate = FateState { face, played: false, rest: 0 };
    let flip = |g: &mut Manoeuvre, slots: &[u8]| {
        let d = &mut g.sides[p as usize].display;
        for &s in slots {
            d.face_up |= d.slots[s as usize];
        }
    };
    match face {
        1 => reveal_top(g, p),
        2 => {
            g.phase = Phase::FateFlip;
            if flips_needed(g) == 0 {
                g.phase = Phase::Movement;
            }
            return;
        }
        3 => {
            flip(g, &[A, B]);
            reveal_top(g, p);
        }
        4 => flip(g, &[A, B]),
        5 => {
            flip(g, &[D, E]);
            reveal_top(g, p);
        }
        _ => flip(g, &[D, E]),
    }
    g.phase = Phase::Movement;
}

/// Turns the deck's top card face-up: it is drawn now (a chance outcome) and stays on the deck.
fn reveal_top(g: &mut Manoeuvre, p: u8) {
    let side = &mut g.sides[p as usize];
    if side.display.top == NONE {
        if side.deck == 0 {
            note_deck(g, p);
        }
        g.reveal_pending = if g.sides[p as usize].deck != 0 { p } else { NONE };
    }
}

/// Face 2: how many more cards must be turned to have two face-up.
pub(crate) fn flips_needed(g: &Manoeuvre) -> u8 {
    let p = g.active;
    let d = &g.sides[p as usize].display;
    let up = face_up_held(g, p).count_ones() as u8;
    let down_in_slots = (held(g, p) & !d.face_up & !top_bit(d.top)).count_ones() as u8;
    let down_top = u8::from(d.top == NONE && g.sides[p as usize].deck != 0);
    2u8.saturating_sub(up).min(down_in_slots + down_top)
}

fn top_bit(top: u8) -> Cards {
    if top == NONE { 0 } else { card_bit(top) }
}

pub(crate) fn flip_legal(g: &Manoeuvre, out: &mut Vec<Action>) {
    let p = g.active;
    let d = &g.sides[p as usize].display;
    for s in CARD_SLOTS {
        if d.slots[s as usize] & !d.face_up != 0 {
            out.push(Action::FlipSlot(s));
        }
    }
    if d.top == NONE && g.sides[p as usize].deck != 0 {
        out.push(Action::FlipSlot(C));
    }
}

pub(crate) fn flip_apply(g: &mut Manoeuvre, slot: u8) {
    let p = g.active;
    if slot == C {
        reveal_top(g, p);
    } else {
        let d = &mut g.sides[p as usize].display;
        let down = d.slots[slot as usize] & !d.face_up;
        // One card of the slot: the lowest-numbered face-down one (which one is hidden anyway).
        if down != 0 {
            d.face_up |= down & down.wrapping_neg();
        }
    }
}

/// After the face-2 flips (and any top card drawn for them), Movement begins.
pub(crate) fn after_flip(g: &mut Manoeuvre) {
    if matches!(g.phase, Phase::FateFlip) && g.reveal_pending == NONE && flips_needed(g) == 0 {
        g.phase = Phase::Movement;
    }
}

pub(crate) fn opening_cards(g: &Manoeuvre, player: u8) -> u32 {
    held(g, player).count_ones()
}

/// Cards in an opening hand: five, or one per display slot.
pub(crate) fn opening_size(g: &Manoeuvre, player: u8) -> u32 {
    if is_display(g, player) { 4 } else { crate::turn::HAND_SIZE }
}

/// The setup deal of a display: A and B face-up, D and E face-down.
pub(crate) fn deal_opening(g: &mut Manoeuvre, player: u8, card: u8) {
    let d = &mut g.sides[player as usize].display;
    if let Some(&s) = CARD_SLOTS.iter().find(|&&s| d.slots[s as usize] == 0) {
        d.slots[s as usize] |= card_bit(card);
        if s == A || s == B {
            d.face_up |= card_bit(card);
        }
    }
}

/// Digging In with a display: every card of slots A, B, D and E is discarded (the display is the
/// hand), and each slot is refilled from the deck, maintaining facing.
pub(crate) fn dig_in(g: &mut Manoeuvre) {
    let p = g.active;
    for s in CARD_SLOTS {
        let cards_here = g.sides[p as usize].display.slots[s as usize];
        for c in cards(cards_here) {
            g.onto_discard(p, c);
        }
        let d = &mut g.sides[p as usize].display;
        d.slots[s as usize] = 0;
        d.face_up &= !cards_here;
        d.owed[s as usize] = 1;
        g.fate.rest &= !cards_here;
    }
}

/// An inactive display's HQ cards wait on the Fate Die: Leaders, and anything played as an HQ card
/// (an Indian unit card used as Guerrillas too). Unit cards added to a defence are not asked.
pub(crate) fn needs_fate_check(g: &Manoeuvre, player: u8, _card: u8) -> bool {
    is_display(g, player)
}

/// Scout/Spy: against a display, a random card of it is discarded; against a hand, the hand is
/// seen.
pub(crate) fn scout(g: &mut Manoeuvre) {
    let target = 1 - g.active;
    if is_display(g, target) {
        g.scout_back = Some(g.phase);
        g.phase = Phase::ScoutRoll { slot: NONE, first_die: 0 };
    } else {
        let side = &mut g.sides[target as usize];
        side.revealed = side.hand;
    }
}

/// The face-up cards of a display slot (slot C: the deck's face-up top card).
fn face_up_in(d: &crate::state::Display, slot: u8) -> Cards {
    if slot == C { top_bit(d.top) } else { d.slots[slot as usize] & d.face_up }
}

/// Every card of a display slot. Slot C is the deck: only its face-up top card is out on the table,
/// so a second roll never reaches into the deck.
fn all_in(d: &crate::state::Display, slot: u8) -> Cards {
    if slot == C { top_bit(d.top) } else { d.slots[slot as usize] }
}

/// The candidates of the current Scout roll on the Random Card Selection Chart. The first roll
/// counts the slots holding a face-up card (A to E, a face-up deck top as C). The second counts every
/// card the chosen slot holds, since the playsheet's second roll is about the stack and not its
/// facing: its face-up cards by number, then one `NONE` entry per face-down card. The
/// face-down entries stay anonymous so that the die, which both sides see, says nothing about which
/// hidden card sits where; `choose_scouted` settles which one goes.
pub(crate) fn scout_candidates(g: &Manoeuvre, slot: u8) -> Vec<(u8, u8)> {
    let d = &g.sides[(1 - g.active) as usize].display;
    if slot == NONE {
        (0..5u8).filter(|&s| face_up_in(d, s) != 0).map(|s| (s, NONE)).collect()
    } else {
        let up = face_up_in(d, slot);
        let down = (all_in(d, slot) & !up).count_ones() as usize;
        cards(up).map(|c| (slot, c)).chain(std::iter::repeat_n((slot, NONE), down)).collect()
    }
}

pub(crate) fn scout_die(g: &mut Manoeuvre, roll: u8) {
    let Phase::ScoutRoll { slot, first_die } = g.phase else { return };
    let candidates = scout_candidates(g, slot);
    let n = candidates.len();
    if solo::random_selection::dice_per_reading(n) == 2 && first_die == 0 {
        g.phase = Phase::ScoutRoll { slot, first_die: roll };
        return;
    }
    let dice: Vec<u8> = if first_die == 0 { vec![roll] } else { vec![first_die, roll] };
    match solo::random_selection::read_chart(n, &dice) {
        solo::random_selection::ChartResult::Pick(i) => choose_scouted(g, slot, candidates.get(i).copied()),
        solo::random_selection::ChartResult::Reroll => g.phase = Phase::ScoutRoll { slot, first_die: 0 },
    }
}

/// Settles a Scout step that needs no roll (one candidate, or none).
pub(crate) fn scout_settle(g: &mut Manoeuvre) -> bool {
    let Phase::ScoutRoll { slot, .. } = g.phase else { return false };
    let candidates = scout_candidates(g, slot);
    if candidates.len() > 1 {
        return false;
    }
    choose_scouted(g, slot, candidates.first().copied());
    true
}

/// The face-down cards a [`Phase::ScoutPick`] chooses among, each equally likely.
pub(crate) fn scout_pick_cards(g: &Manoeuvre) -> Cards {
    let Phase::ScoutPick { slot } = g.phase else { return 0 };
    let d = &g.sides[(1 - g.active) as usize].display;
    all_in(d, slot) & !face_up_in(d, slot)
}

/// The chance outcome of a [`Phase::ScoutPick`]: this face-down card is the one discarded.
pub(crate) fn scout_pick(g: &mut Manoeuvre, card: u8) {
    let Phase::ScoutPick { slot } = g.phase else { return };
    discard_scouted(g, slot, card);
}

fn choose_scouted(g: &mut Manoeuvre, slot: u8, pick: Option<(u8, u8)>) {
    let target = 1 - g.active;
    let Some((s, card)) = pick else {
        g.phase = g.scout_back.take().unwrap_or(Phase::Combat);
        return;
    };
    let d = &g.sides[target as usize].display;
    let here = all_in(d, s);
    if slot == NONE && here.count_ones() > 1 {
        // A second roll picks the card; the phase to go back to is kept for it.
        g.phase = Phase::ScoutRoll { slot: s, first_die: 0 };
        return;
    }
    let card = if card != NONE {
        card
    } else if slot == NONE {
        // The slot's only card (face-up, or the slot would not have been a candidate).
        here.trailing_zeros() as u8
    } else {
        let down = here & !face_up_in(d, s);
        if down.count_ones() > 1 {
            // Taking, say, the lowest-numbered one would tie the public die to the order of hidden
            // cards; a uniform draw among them reveals only the card that goes.
            g.phase = Phase::ScoutPick { slot: s };
            return;
        }
        down.trailing_zeros() as u8
    };
    discard_scouted(g, s, card);
}

/// The Scout/Spy's card leaves slot `s` of the inactive display for the discard pile (face-up, as
/// every discard), the slot is owed a card if it emptied, and the turn goes back where it was.
fn discard_scouted(g: &mut Manoeuvre, s: u8, card: u8) {
    let target = 1 - g.active;
    let back = g.scout_back.take().unwrap_or(Phase::Combat);
    let d = &mut g.sides[target as usize].display;
    if all_in(d, s) & card_bit(card) == 0 {
        g.phase = back;
        return;
    }
    if s == C {
        d.top = NONE;
    } else {
        d.slots[s as usize] &= !card_bit(card);
        d.face_up &= !card_bit(card);
        if d.slots[s as usize] == 0 {
            d.owed[s as usize] += 1;
        }
    }
    g.onto_discard(target, card);
    note_deck(g, target);
    g.phase = back;
}

/// A Skirmish gives the initiating card back: to the hand, or to the slot it came from, face-up,
/// and playable again this turn.
pub(crate) fn return_card(g: &mut Manoeuvre, player: u8, card: u8) {
    if !is_display(g, player) {
        g.sides[player as usize].hand |= card_bit(card);
        return;
    }
    let slot = g.combat.map_or(A, |c| c.initiating_slot);
    let d = &mut g.sides[player as usize].display;
    let slot = if slot == C || slot == NONE { A } else { slot };
    d.slots[slot as usize] |= card_bit(card);
    d.face_up |= card_bit(card);
    g.fate.rest |= card_bit(card);
}

/// The slot a card is in (for remembering where an initiating card came from).
pub(crate) fn origin(g: &Manoeuvre, player: u8, card: u8) -> u8 {
    if is_display(g, player) { slot_of(g, player, card) } else { NONE }
}

/// Display mode with no card played: any card (the deck's top included) may move to another slot.
pub(crate) fn card_move_legal(g: &Manoeuvre, out: &mut Vec<Action>) {
    let p = g.active;
    let d = &g.sides[p as usize].display;
    for from in CARD_SLOTS {
        let here = d.slots[from as usize];
        let mut sources: Vec<u8> = cards(here & d.face_up).collect();
        if here & !d.face_up != 0 {
            sources.push(NONE);
        }
        for card in sources {
            for to in CARD_SLOTS.into_iter().filter(|&t| t != from) {
                out.push(Action::MoveCard { from, card, to });
            }
        }
    }
    if d.top != NONE || g.sides[p as usize].deck != 0 {
        let card = d.top;
        for to in CARD_SLOTS {
            out.push(Action::MoveCard { from: C, card, to });
        }
    }
    out.push(Action::KeepDisplay);
}

pub(crate) fn card_move_apply(g: &mut Manoeuvre, action: Action) {
    let p = g.active;
    if let Action::MoveCard { from, card, to } = action {
        if from == C {
            if g.sides[p as usize].display.top != NONE {
                let top = g.sides[p as usize].display.top;
                g.sides[p as usize].display.top = NONE;
                let d = &mut g.sides[p as usize].display;
                d.slots[to as usize] |= card_bit(top);
                d.face_up |= card_bit(top);
                note_deck(g, p);
            } else {
                // A face-down top card is drawn straight into the slot, still face-down.
                g.sides[p as usize].display.owed[to as usize] += 1;
            }
        } else {
            let d = &mut g.sides[p as usize].display;
            let here = d.slots[from as usize];
            let card = if card == NONE { (here & !d.face_up).trailing_zeros() as u8 } else { card };
            if here & card_bit(card) != 0 {
                d.slots[from as usize] &= !card_bit(card);
                d.slots[to as usize] |= card_bit(card);
            }
        }
        // Then every empty slot is filled from the deck, maintaining facing.
        let d = &mut g.sides[p as usize].display;
        for s in CARD_SLOTS {
            if d.slots[s as usize] == 0 && d.owed[s as usize] == 0 {
                d.owed[s as usize] = 1;
            }
        }
    }
    g.end_player_turn();
}
