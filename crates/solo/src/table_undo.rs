//! How to put the real table back after an undo. The program's table goes back by replaying its
//! log; the cards on the player's table do not, so an undo tells the way back step by step, read off
//! the difference between the table as the cards lie now and the table after the undo, in the words
//! of the forward steps turned round ("take #5 Armenian Druzhiny from the discard pile back to slot B,
//! face-up"; "move the Cards Remaining marker back to 1"). Undo never crosses a roll, a shuffle or a
//! card turned up, so the way back only moves cards in sight, face-down cards between places, and
//! markers; a card drawn face-down and seen by nobody goes back into its deck, unseen.

use std::collections::BTreeMap;
use std::fmt;

use crate::table::CardTable;
use crate::table_events::{Picture, picture};

/// One step of the way back, as the player reads it. Places are named as the forward steps name
/// them ("slot B of Allied Powers' display", "the deck").
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reversal {
    /// A card the player knows goes back where it lay, face-up or face-down. `face_down_now`: the
    /// step put it face-down in `from` (a card with a name is found by it; one without is "the
    /// face-down card" there).
    Card { card: String, from: String, to: String, face_up: bool, face_down_now: bool },
    /// A face-down card goes back where it lay.
    FaceDown { from: String, to: String },
    /// A card drawn face-down, unseen, goes back into the deck it came from: on top of it, or, for
    /// a deck the player keeps sorted by number (cdgsolo shuffles), back into its place.
    OntoDeck { from: String, deck: String, sorted: bool },
    /// A marker goes back to its value ("Allied Powers' Cards Remaining").
    Marker { marker: String, value: i32 },
    /// Cards added to a deck by a table tool come out of it again.
    TakenOut { deck: String, count: usize },
    /// A card the step brought into the game from the box goes back into it.
    Boxed { card: String, from: String },
    /// A card taken out of the game since comes back to its place, face-up.
    Unboxed { card: String, to: String },
}

/// The steps that take the real table from `current` (as the cards lie before the undo) to
/// `restored` (the table after it).
pub fn undo_events(current: &CardTable, restored: &CardTable) -> Vec<Reversal> {
    way_back(&picture(current), &picture(restored), restored.sorted_deck())
}

/// Reads the way back off two pictures of the table: every card in sight that moved, every card
/// that went into or came out of a face-down place (paired with the place that lost or gained a
/// face-down card), every marker.
fn way_back(now: &Picture, then: &Picture, sorted: bool) -> Vec<Reversal> {
    // Face-down places with more cards now than then give cards back; those with fewer take them.
    let mut give: BTreeMap<&String, usize> = BTreeMap::new();
    let mut take: BTreeMap<&String, usize> = BTreeMap::new();
    for place in now.face_down.keys().chain(then.face_down.keys()) {
        let (n, t) = (now.face_down.get(place).copied().unwrap_or(0), then.face_down.get(place).copied().unwrap_or(0));
        if n > t {
            give.insert(place, n - t);
        } else if t > n {
            take.insert(place, t - n);
        }
    }
    let pop = |pool: &mut BTreeMap<&String, usize>| -> Option<String> {
        let place = (*pool.keys().next()?).clone();
        if let Some(n) = pool.get_mut(&place) {
            *n -= 1;
            if *n == 0 {
                pool.remove(&place);
            }
        }
        Some(place)
    };
    let mut steps = Vec::new();
    // Cards in sight then: from where they lie now, or from a face-down place they went to.
    for (card, to) in &then.cards {
        let (from, face_down_now) = match now.cards.get(card) {
            Some(from) if from == to => continue,
            Some(from) => (from.clone(), false),
            None => match pop(&mut give) {
                Some(from) => (from, true),
                // Neither in sight nor in a place that holds more cards than then: the card left
                // the game since (a play took it out), and comes back into it.
                None => {
                    steps.push(Reversal::Unboxed { card: card.0.clone(), to: to.clone() });
                    continue;
                }
            },
        };
        steps.push(Reversal::Card { card: card.0.clone(), from, to: to.clone(), face_up: true, face_down_now });
    }
    // Cards in sight now and not then: back face-down where a face-down card is missing.
    for (card, from) in &now.cards {
        if then.cards.contains_key(card) {
            continue;
        }
        match pop(&mut take) {
            Some(to) => steps.push(Reversal::Card {
                card: card.0.clone(),
                from: from.clone(),
                to,
                face_up: false,
                face_down_now: false,
            }),
            None => steps.push(Reversal::Boxed { card: card.0.clone(), from: from.clone() }),
        }
    }
    // A card leaves a place before another goes back into it: cards a physical player left unnamed
    // read alike, and would be mixed up in a place holding both.
    let mut ordered: Vec<Reversal> = Vec::with_capacity(steps.len());
    while !steps.is_empty() {
        let free = |step: &Reversal| match step {
            Reversal::Card { to, .. } => !steps.iter().any(|s| matches!(s, Reversal::Card { from, .. } if from == to)),
            _ => true,
        };
        let next = steps.iter().position(free).unwrap_or(0);
        ordered.push(steps.remove(next));
    }
    let mut steps = ordered;
    // Face-down cards that moved between places. A card drawn into a slot goes back into its deck
    // before the card that lay there returns to the slot, as a player clears a place first.
    while !give.is_empty() && !take.is_empty() {
        let (Some(from), Some(to)) = (pop(&mut give), pop(&mut take)) else { break };
        let step = if then.decks.contains(&to) {
            Reversal::OntoDeck { from, deck: to, sorted }
        } else {
            Reversal::FaceDown { from, to }
        };
        let first = steps.iter().position(
            |s| matches!((s, &step), (Reversal::Card { to, .. }, Reversal::OntoDeck { from, .. }) if to == from),
        );
        match first {
            Some(at) => steps.insert(at, step),
            None => steps.push(step),
        }
    }
    // What is left over in a deck came in through the add-a-card tool.
    for (place, count) in give {
        steps.push(Reversal::TakenOut { deck: place.clone(), count });
    }
    for (marker, value) in &then.markers {
        if now.markers.get(marker) != Some(value) {
            steps.push(Reversal::Marker { marker: marker.clone(), value: *value });
        }
    }
    steps
}

impl fmt::Display for Reversal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reversal::Card { card, from, to, face_up: true, face_down_now: true }
                if card == crate::table::UNLISTED_CARD || card == crate::table::FACE_UP_CARD =>
            {
                write!(f, "Take the face-down card you just put in {from} back to {to}, face-up")
            }
            Reversal::Card { card, from, to, face_up: true, .. } => {
                write!(f, "Take {card} from {from} back to {to}, face-up")
            }
            Reversal::Card { card, from, to, face_up: false, .. } => {
                write!(f, "Put {card} from {from} back face-down in {to}")
            }
            Reversal::FaceDown { from, to } => write!(f, "Move the face-down card you just put in {from} back to {to}"),
            Reversal::OntoDeck { from, deck, sorted: false } => {
                write!(f, "Put the face-down card you just put in {from} back on top of {deck}, unseen")
            }
            Reversal::OntoDeck { from, deck, sorted: true } => {
                write!(f, "Put the face-down card you just put in {from} back into {deck}, in its number order")
            }
            Reversal::Marker { marker, value } => write!(f, "Move {marker} marker back to {value}"),
            Reversal::TakenOut { deck, count: 1 } => write!(f, "Take the card you added to {deck} out of it again"),
            Reversal::TakenOut { deck, count } => {
                write!(f, "Take the {count} cards you added to {deck} out of it again")
            }
            Reversal::Boxed { card, from } => write!(f, "Put {card} from {from} back in the box"),
            Reversal::Unboxed { card, to } => {
                write!(f, "Take {card} from the cards out of the game back to {to}, face-up")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use engine::{ChanceMode, Decider, Game, Session};
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    use super::*;
    use crate::table::TableSetup;

    /// The real table as the player sees it: cards in sight by their words and place (two cards a
    /// physical player left unnamed in one place are alike to them), face-down counts, markers.
    #[derive(Debug, PartialEq)]
    struct Model {
        cards: BTreeMap<(String, String), usize>,
        face_down: BTreeMap<String, usize>,
        markers: BTreeMap<String, i32>,
    }

    fn model_of(picture: &Picture) -> Model {
        let mut cards = BTreeMap::new();
        for ((label, _), place) in &picture.cards {
            *cards.entry((label.clone(), place.clone())).or_default() += 1;
        }
        Model { cards, face_down: picture.face_down.clone(), markers: picture.markers.clone() }
    }

    /// Carries one step of the way back out on a model of the real table, as a player would; a
    /// step the model cannot carry out (a card not where the step says) is an error.
    fn carry_out(model: &mut Model, step: &Reversal) -> Result<(), String> {
        let take = |pool: &mut BTreeMap<_, usize>, key| -> bool {
            match pool.get_mut(&key) {
                Some(n) if *n > 0 => {
                    *n -= 1;
                    if *n == 0 {
                        pool.remove(&key);
                    }
                    true
                }
                _ => false,
            }
        };
        let take_down = |model: &mut Model, place: &str| -> Result<(), String> {
            let n =
                model.face_down.get_mut(place).filter(|n| **n > 0).ok_or(format!("no face-down card in {place}"))?;
            *n -= 1;
            if *n == 0 {
                model.face_down.remove(place);
            }
            Ok(())
        };
        match step {
            Reversal::Card { card, from, to, face_up, face_down_now } => {
                // In sight where the step says, or just put there face-down: found by its name.
                if *face_down_now {
                    take_down(model, from)?;
                } else if !take(&mut model.cards, (card.clone(), from.clone())) {
                    if model.cards.keys().any(|(c, _)| c == card) && !card.starts_with("an ") && !card.starts_with("a ")
                    {
                        return Err(format!("{card} does not lie in {from}"));
                    }
                    take_down(model, from)?;
                }
                if *face_up {
                    *model.cards.entry((card.clone(), to.clone())).or_default() += 1;
                } else {
                    *model.face_down.entry(to.clone()).or_default() += 1;
                }
            }
            Reversal::FaceDown { from, to } | Reversal::OntoDeck { from, deck: to, .. } => {
                take_down(model, from)?;
                *model.face_down.entry(to.clone()).or_default() += 1;
            }
            Reversal::Marker { marker, value } => {
                model.markers.insert(marker.clone(), *value);
            }
            Reversal::TakenOut { deck, count } => {
                for _ in 0..*count {
                    take_down(model, deck)?;
                }
            }
            Reversal::Boxed { card, from } => {
                if !take(&mut model.cards, (card.clone(), from.clone())) {
                    return Err(format!("{card} does not lie in {from}"));
                }
            }
            Reversal::Unboxed { card, to } => {
                *model.cards.entry((card.clone(), to.clone())).or_default() += 1;
            }
        }
        Ok(())
    }

    /// Plays every sheet at random (virtual and physical decks, several seeds) and undoes whatever
    /// may be undone now and then: the way back, carried out on a model of the real table as the
    /// cards lay, must give the table after the undo.
    #[test]
    fn the_way_back_after_an_undo_puts_the_real_table_as_it_was() {
        let (mut undone, mut with_draws) = (0, 0);
        for sheet in crate::playsheets().expect("the playsheets load") {
            for physical in [false, true] {
                for seed in 0..4u64 {
                    let setup = TableSetup { physical, ..TableSetup::new(&sheet.id) };
                    let mut session = Session::<CardTable>::new(setup, seed, ChanceMode::Auto).expect("a table deals");
                    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x0B0E);
                    for step in 0..300 {
                        let legal = session.state().legal();
                        if legal.is_empty() {
                            break;
                        }
                        // The last decision, past the face-down draws that go back with it.
                        let last_undoable =
                            session.undo_target().is_some_and(|e| !e.barrier && e.by != Decider::Chance);
                        if last_undoable && engine::below(&mut rng, 3) == 0 {
                            let current = session.state().clone();
                            let forward = session.events().last().cloned().unwrap_or_default().join(" / ");
                            // Face-down draws after the decision go back with it.
                            with_draws += usize::from(session.log().last().is_some_and(|e| e.by == Decider::Chance));
                            session.undo().expect("an undoable step undoes");
                            let restored = session.state();
                            let mut model = model_of(&picture(&current));
                            let context = format!("{} (physical {physical}, seed {seed}, step {step})", sheet.id);
                            for back in undo_events(&current, restored) {
                                assert!(!back.to_string().is_empty());
                                carry_out(&mut model, &back).unwrap_or_else(|e| {
                                    panic!("{context}: '{back}': {e}; the step undone did: {forward}")
                                });
                            }
                            assert_eq!(
                                model,
                                model_of(&picture(restored)),
                                "{context}: the way back leaves the table otherwise than the undo; the step undone \
                                 did: {forward}"
                            );
                            undone += 1;
                            continue;
                        }
                        let action = &legal[engine::below(&mut rng, legal.len())];
                        session.apply(action).expect("a legal action applies");
                    }
                }
            }
        }
        assert!(undone > 200, "only {undone} undos were tried");
        assert!(with_draws > 50, "only {with_draws} undos took face-down draws back");
    }

    /// Going back several steps at once (to the start of an earlier turn) is told the same way:
    /// the steps, carried out on a model of the real table as the cards lay, give the table as it
    /// was then, whatever was drawn, turned or shuffled between.
    #[test]
    fn the_way_back_over_many_steps_puts_the_real_table_as_it_was() {
        let mut checked = 0;
        for sheet in crate::playsheets().expect("the playsheets load") {
            for physical in [false, true] {
                for seed in 0..3u64 {
                    let setup = TableSetup { physical, ..TableSetup::new(&sheet.id) };
                    let mut session = Session::<CardTable>::new(setup, seed, ChanceMode::Auto).expect("a table deals");
                    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x0BAC);
                    for _ in 0..120 {
                        let legal = session.state().legal();
                        if legal.is_empty() {
                            break;
                        }
                        let action = &legal[engine::below(&mut rng, legal.len())];
                        session.apply(action).expect("a legal action applies");
                    }
                    // Back to a decision some way back, as the page's list offers.
                    let decisions: Vec<usize> =
                        (0..session.log().len()).filter(|&i| session.log()[i].by != Decider::Chance).collect();
                    let Some(&at) = decisions.get(decisions.len().saturating_sub(6)) else { continue };
                    let current = session.state().clone();
                    session.truncate(at).expect("goes back");
                    let restored = session.state();
                    let mut model = model_of(&picture(&current));
                    let context = format!("{} (physical {physical}, seed {seed}, back to step {at})", sheet.id);
                    for back in undo_events(&current, restored) {
                        carry_out(&mut model, &back).unwrap_or_else(|e| panic!("{context}: '{back}': {e}"));
                    }
                    assert_eq!(model, model_of(&picture(restored)), "{context}");
                    checked += 1;
                }
            }
        }
        assert!(checked >= 40, "only {checked} tables went back");
    }

    #[test]
    fn a_card_and_a_marker_are_told_back_in_the_words_of_the_step() {
        let mut now = Picture::default();
        now.cards.insert(("#5 Armenian Druzhiny".into(), 5), "Allied Powers' discard pile".into());
        now.markers.insert("Allied Powers' Cards Remaining".into(), 0);
        let mut then = Picture::default();
        then.cards.insert(("#5 Armenian Druzhiny".into(), 5), "slot B of Allied Powers' display".into());
        then.markers.insert("Allied Powers' Cards Remaining".into(), 1);
        let told: Vec<String> = way_back(&now, &then, false).iter().map(ToString::to_string).collect();
        assert_eq!(
            told,
            [
                "Take #5 Armenian Druzhiny from Allied Powers' discard pile back to slot B of Allied Powers' display, \
                 face-up",
                "Move Allied Powers' Cards Remaining marker back to 1"
            ]
        );
    }
}
