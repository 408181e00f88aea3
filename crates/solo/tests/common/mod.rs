//! Shared helpers for the rule tests: a card table driven through an `engine::Session` in manual
//! chance mode, so every draw, Fate Die face and d6 is forced by its action id.
//!
//! Card numbers are predictable because the helpers always draw the lowest-numbered card still in
//! the deck. With the default decks of 60 cards:
//! - Single Deck: side 0 gets A1 B2 C3 D4 E5, side 1 gets A6 B7 C8 D9 E10, the deck holds 11-60;
//! - Dual Deck: side 0 gets A1 B2 D3 E4 (its deck holds 5-60), side 1 gets A61 B62 D63 E64 (its
//!   deck holds 65-120).

#![allow(dead_code, unused_imports)]

use engine::{ChanceMode, Game, Session, ToMove};
use solo::card::Placed;
use solo::{CardTable, SlotName};

pub use solo::SlotName::{A, B, C, D, E};
pub use solo::TableSetup;

pub type Table = Session<CardTable>;

/// The six Single Deck playsheets.
pub const SINGLE_DECK: [&str; 6] =
    ["cc-epic-ancients", "cc-medieval", "cc-napoleonics", "cc-napoleonics-epic", "wilderness-war", "1960"];
/// The four Dual Deck playsheets.
pub const DUAL_DECK: [&str; 4] = ["manoeuvre", "pursuit-of-glory", "empire-of-the-sun", "barbarossa-to-berlin"];
/// The four Commands & Colors playsheets (Variable Hand Size, unplayable results).
pub const COMMANDS_AND_COLORS: [&str; 4] = ["cc-epic-ancients", "cc-medieval", "cc-napoleonics", "cc-napoleonics-epic"];
/// The sheets that refill a played card's slot at once (Epic Ancients fills its vacancies when the
/// turn ends; its own tests cover that).
pub fn refills_at_once(game: &str) -> bool {
    game != "cc-epic-ancients"
}

/// A table whose deal has not been drawn yet.
pub fn undealt(setup: TableSetup) -> Table {
    Session::new(setup, 0, ChanceMode::Manual).unwrap_or_else(|e| panic!("setup refused: {e}"))
}

/// A table for `game` with the sheet's defaults, dealt lowest card first.
pub fn dealt(game: &str) -> Table {
    dealt_with(TableSetup::new(game))
}

/// A table for `setup`, dealt lowest card first.
pub fn dealt_with(setup: TableSetup) -> Table {
    let mut s = undealt(setup);
    draw_all(&mut s);
    s
}

/// A setup with hand sizes and/or deck sizes.
pub fn setup(game: &str, hand_size: Option<[u8; 2]>, deck_size: Option<[u16; 2]>) -> TableSetup {
    TableSetup { game: game.to_string(), hand_size, deck_size, manifest: None, physical: false, nations: 1 }
}

/// The ids of the legal actions, in the table's order.
pub fn ids(s: &Table) -> Vec<String> {
    let state = s.state();
    state.legal().iter().map(|a| state.action_id(a)).collect()
}

/// True when an action with this id is legal now.
pub fn offers(s: &Table, id: &str) -> bool {
    ids(s).iter().any(|x| x == id)
}

/// Applies the legal action with this id, or fails the test naming what was legal instead.
pub fn act(s: &mut Table, id: &str) {
    if let Err(e) = s.apply_id(id) {
        panic!("'{id}' refused: {e}\nlegal: {:?}", ids(s));
    }
    if let Err(e) = s.state().check_invariants() {
        panic!("after '{id}': {e}");
    }
}

/// The card numbers a pending draw may bring (empty when no draw is pending).
pub fn drawable(s: &Table) -> Vec<u16> {
    let mut cards: Vec<u16> = ids(s).iter().filter_map(|id| id.strip_prefix("draw-")?.parse().ok()).collect();
    cards.sort_unstable();
    cards
}

/// Draws the lowest-numbered card for the pending draw and returns it.
pub fn draw_lowest(s: &mut Table) -> u16 {
    let card = *drawable(s).first().unwrap_or_else(|| panic!("no draw is pending; legal: {:?}", ids(s)));
    act(s, &format!("draw-{card}"));
    card
}

/// Resolves every pending draw, lowest card first, and returns the cards drawn in order.
pub fn draw_all(s: &mut Table) -> Vec<u16> {
    let mut drawn = Vec::new();
    while !drawable(s).is_empty() {
        drawn.push(draw_lowest(s));
    }
    drawn
}

/// Rolls the Fate Die to `face`, resolving with the lowest cards any draw owed before the roll
/// (Manoeuvre's Draw phase) or caused by it (turning a Dual Deck's top card).
pub fn roll(s: &mut Table, face: u8) {
    act(s, "roll");
    draw_all(s);
    act(s, &format!("fate-{face}"));
    draw_all(s);
}

/// The card numbers the current roll lets the active side play (each once, sorted).
pub fn playable(s: &Table) -> Vec<u16> {
    let mut cards: Vec<u16> = ids(s)
        .iter()
        .filter(|id| !id.starts_with("play-beside-"))
        .filter_map(|id| id.strip_prefix("play-")?.split('-').next()?.parse().ok())
        .collect();
    cards.sort_unstable();
    cards.dedup();
    cards
}

/// Plays `card` for the sheet's first purpose.
pub fn play(s: &mut Table, card: u16) {
    let prefix = format!("play-{card}-");
    let id = ids(s)
        .into_iter()
        .find(|id| id.starts_with(&prefix))
        .unwrap_or_else(|| panic!("card {card} is not playable; legal: {:?}", ids(s)));
    act(s, &id);
}

/// Answers every pending describe-* question with the first offered answer.
pub fn describe_all(s: &mut Table) {
    while let Some(id) = ids(s).into_iter().find(|id| id.starts_with("describe-")) {
        act(s, &id);
    }
}

/// The ids of the pending describe-* questions.
pub fn describe_ids(s: &Table) -> Vec<String> {
    ids(s).into_iter().filter(|id| id.starts_with("describe-")).collect()
}

/// A slot's stack as (card number, face-up), bottom first.
pub fn slot(s: &Table, side: u8, slot: SlotName) -> Vec<(u16, bool)> {
    s.state().display(side).slot(slot).iter().map(|p: &Placed| (p.card.0, p.face_up)).collect()
}

/// All five slots of a side, A to E.
pub fn slots(s: &Table, side: u8) -> Vec<Vec<(u16, bool)>> {
    SlotName::ALL.iter().map(|x| slot(s, side, *x)).collect()
}

/// The face-up top card of a side's own deck (Dual Deck slot C).
pub fn top(s: &Table, side: u8) -> Option<u16> {
    s.state().deck_of(side).top.map(|c| c.0)
}

/// How many undrawn cards are in the side's deck below any face-up top.
pub fn pool_len(s: &Table, side: u8) -> usize {
    s.state().deck_of(side).pool.len()
}

/// The side's discard pile, oldest first.
pub fn discards(s: &Table, side: u8) -> Vec<u16> {
    s.state().deck_of(side).discard.iter().map(|d| d.card.0).collect()
}

/// The cards set aside beside a side's display.
pub fn beside(s: &Table, side: u8) -> Vec<u16> {
    s.state().display(side).beside.iter().map(|c| c.0).collect()
}

/// Whose decision it is.
pub fn to_move(s: &Table) -> ToMove {
    s.state().to_move()
}

/// Ends the active side's turn after a roll to `face` without playing (answering any questions
/// first). Where the sheet has no plain pass after the roll, its own way of giving up the play
/// stands in: Empire of the Sun's Pass marker (lent before the roll) and Barbarossa to Berlin's
/// automatic operation. Pursuit of Glory has none: its tests play a card instead.
pub fn roll_and_pass(s: &mut Table, face: u8) {
    if s.state().sheet().id == "empire-of-the-sun" {
        let side = if s.state().active() == 0 { "japan" } else { "allies" };
        act(s, &format!("eots-passes-{side}-up"));
    }
    roll(s, face);
    describe_all(s);
    if offers(s, "eots-pass") {
        act(s, "eots-pass");
        return;
    }
    if offers(s, "automatic-operation") {
        act(s, "automatic-operation");
        act(s, "end-turn");
        return;
    }
    if offers(s, "pass") {
        act(s, "pass");
        // Manoeuvre's side that played no card may then move one: it moves none.
        if ids(s).iter().any(|id| id.starts_with("move-card")) {
            act(s, "end-turn");
        }
        return;
    }
    // The C&C sheets never end a turn without a play: play the first card the roll allows instead.
    let card = playable(s).first().copied().unwrap_or_else(|| panic!("nothing to play: {:?}", ids(s)));
    play(s, card);
    draw_all(s);
    if offers(s, "end-turn") {
        act(s, "end-turn");
    }
    draw_all(s);
    if let Some(id) = ids(s).into_iter().find(|id| id.starts_with("single-play-turn-up-")) {
        act(s, &id);
    }
}

/// The common system's actions of the active side, leaving out the inactive side's answers and the
/// decisions a game's special rules add (Wilderness War's Responses, say).
pub fn common_ids(s: &Table) -> Vec<String> {
    let special = |id: &str| {
        [
            "inactive-play-",
            "active-response-",
            "battle-response",
            "forced-discard",
            "combat-card-",
            "reaction-",
            "gain-inspired-token",
            "spend-inspired-token",
            "inactive-inspired-token",
            "pog-",
            "hand-size-",
            "form-square-",
            "dissolve-square-",
            "1960-",
            "eots-",
            "tactician-",
            "initiative-",
            "inspired-field-general-",
            "counter-attack-",
            "scout-replacement-",
            "scout-spy-discard-",
            "scenario-",
            "medellin-",
            "krasnoi-",
            "vitoria-",
            "zehdenick-",
            "total-war-",
            "courier-rack-",
            "la-grande-battles",
            "corps-",
        ]
        .iter()
        .any(|p| id.starts_with(p))
            || ["automatic-operation", "partisan-operation", "pass-held-card", "new-season"].contains(&id)
    };
    // Questions about the inactive side's cards (Manoeuvre: unit or HQ, before it plays one).
    let state = s.state();
    let inactive: Vec<String> =
        state.display(1 - state.active()).cards().map(|(_, _, p)| format!("describe-{}-", p.card.0)).collect();
    ids(s).into_iter().filter(|id| !special(id) && !inactive.iter().any(|p| id.starts_with(p))).collect()
}
