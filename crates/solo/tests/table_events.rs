//! The events of a card table ("what to do with the real cards") against the change each step
//! makes to the table: for every sheet, random play checks that every roll is read aloud, every
//! played card is put somewhere, every card turned face-up or drawn is told, and every shuffle is
//! told, counted from the table itself rather than from the events.

mod common;

use std::collections::BTreeSet;

use engine::{ChanceMode, ChanceRng, Game, Session};
use solo::{CardId, CardTable, TableAction, TableEvent, TableSetup, table_events};

use common::{DUAL_DECK, SINGLE_DECK};

/// Face-down cards of both front displays, with their side and slot.
fn face_down(table: &CardTable) -> BTreeSet<(u8, solo::SlotName, CardId)> {
    (0..2u8)
        .flat_map(|s| {
            table.display(s).cards().filter(|(_, _, p)| !p.face_up).map(move |(slot, _, p)| (s, slot, p.card))
        })
        .collect()
}

fn face_up(table: &CardTable) -> BTreeSet<(u8, solo::SlotName, CardId)> {
    (0..2u8).flat_map(|s| table.display(s).face_up().map(move |(slot, c)| (s, slot, c))).collect()
}

/// Every card a player can see: face-up in a display or on a deck, beside a display, set aside by
/// a rule, or face-up in a discard pile.
fn in_sight(table: &CardTable) -> BTreeSet<CardId> {
    let view = table.observe(0);
    let mut cards: BTreeSet<CardId> = face_up(table).iter().map(|x| x.2).collect();
    cards.extend(tops(table).into_iter().flatten());
    cards.extend(view.sides.iter().flat_map(|s| s.beside.iter().copied()));
    cards.extend(view.held.iter().map(|h| h.card));
    cards.extend(view.decks.iter().flat_map(|d| d.discard.iter().flatten().copied()));
    cards
}

fn undrawn(table: &CardTable) -> BTreeSet<CardId> {
    let decks = if table.sheet().deck == solo::DeckMode::Dual { 2 } else { 1 };
    (0..decks).flat_map(|d| table.deck_of(d).pool.iter().copied()).collect()
}

fn shuffles(table: &CardTable) -> u32 {
    let decks = if table.sheet().deck == solo::DeckMode::Dual { 2 } else { 1 };
    (0..decks).map(|d| table.deck_of(d).shuffles).sum()
}

fn tops(table: &CardTable) -> Vec<Option<CardId>> {
    (0..2u8).map(|s| table.deck_of(s).top).collect()
}

/// Checks one step's events against what the step did to the table.
fn check_step(
    before: &CardTable,
    after: &CardTable,
    action: &TableAction,
    events: &[TableEvent],
) -> Result<(), String> {
    let told = || events.iter().map(ToString::to_string).collect::<Vec<_>>().join(" | ");
    if matches!(action, TableAction::Fate(_) | TableAction::Die(_) | TableAction::Pick(_))
        && !matches!(events.first(), Some(TableEvent::Rolled(_)))
    {
        return Err(format!("a roll is not read aloud: {}", told()));
    }
    let shuffled = shuffles(after) - shuffles(before);
    let told_shuffles = events.iter().filter(|e| matches!(e, TableEvent::Shuffled { .. })).count();
    if told_shuffles != shuffled as usize {
        return Err(format!("{shuffled} shuffles, {told_shuffles} told: {}", told()));
    }
    if let TableAction::Play { card, .. } = action {
        let label = before.card_label(*card);
        let put = events.iter().any(|e| match e {
            TableEvent::Moved { card: Some(c), .. } => *c == label,
            TableEvent::MovedSeveral { cards, .. } => cards.contains(&label),
            _ => false,
        });
        if !put {
            return Err(format!("{label} was played but not put anywhere: {}", told()));
        }
    }
    // Two pairs of displays swap places in La Grande Battles; the counts below read the front pair.
    if before.observe(0).other_pair.is_some() || after.observe(0).other_pair.is_some() {
        return Ok(());
    }
    // Cards that came into sight in a display (turned in their slot, or drawn or taken face-up)
    // against the flips and face-up draws told; cards that came off a deck face-down against the
    // face-down draws told. A player cannot tell a flip from a face-down card leaving while a card
    // arrives face-up in the same slot, so the two face-up kinds are counted together.
    let seen_before = in_sight(before);
    let arrived_face_up = face_up(after).iter().filter(|x| !seen_before.contains(&x.2)).count();
    let told_face_up: usize = events
        .iter()
        .map(|e| match e {
            TableEvent::Flipped { cards, .. } => cards.len(),
            TableEvent::Drawn { face_up: true, .. } => 1,
            _ => 0,
        })
        .sum();
    if arrived_face_up != told_face_up {
        return Err(format!(
            "{arrived_face_up} cards came into sight in the displays, {told_face_up} told: {}",
            told()
        ));
    }
    let pool = undrawn(before);
    let drawn_face_down = face_down(after).iter().filter(|x| pool.contains(&x.2)).count();
    let told_face_down = events.iter().filter(|e| matches!(e, TableEvent::Drawn { face_up: false, .. })).count();
    if drawn_face_down != told_face_down {
        return Err(format!("{drawn_face_down} cards drawn face-down, {told_face_down} told: {}", told()));
    }
    // A card out of sight before the step (in the deck, or face-down in a display and shuffled into
    // the deck by the same step, as a setup that moves named cards does) turned up on a deck top.
    let mut unseen = pool.clone();
    unseen.extend(face_down(before).into_iter().map(|x| x.2));
    let top_turned = tops(after)
        .iter()
        .zip(tops(before))
        .filter(|(a, b)| a.is_some_and(|c| unseen.contains(&c)) && **a != *b)
        .count();
    let told_tops = events.iter().filter(|e| matches!(e, TableEvent::TopFlipped { in_slot_c: true, .. })).count();
    if top_turned != told_tops {
        return Err(format!("{top_turned} deck tops turned, {told_tops} told: {}", told()));
    }
    Ok(())
}

/// Plays `steps` random steps of a table and checks each one.
fn play(setup: TableSetup, seed: u64, steps: usize) -> Result<usize, String> {
    let mut session = Session::<CardTable>::new(setup, seed, ChanceMode::Manual).map_err(|e| e.to_string())?;
    let mut rng = ChanceRng::new(seed ^ 0x5eed);
    let mut checked = 0;
    for step in 0..steps {
        let before = session.state().clone();
        let actions = before.legal();
        if actions.is_empty() {
            return Err(format!("step {step}: no legal action"));
        }
        let action = actions[rng.pick(actions.len())].clone();
        session.apply(&action).map_err(|e| format!("step {step}: {e}"))?;
        let events = table_events(&before, session.state(), &action);
        check_step(&before, session.state(), &action, &events)
            .map_err(|e| format!("step {step} ({}): {e}", before.action_label(&action)))?;
        checked += events.len();
    }
    Ok(checked)
}

#[test]
fn every_sheet_tells_each_roll_play_draw_flip_and_shuffle_in_200_random_steps() {
    for game in SINGLE_DECK.iter().chain(&DUAL_DECK) {
        let mut told = 0;
        for seed in 0..4 {
            told += play(TableSetup::new(game), seed, 200).unwrap_or_else(|e| panic!("{game}, seed {seed}: {e}"));
        }
        assert!(told > 400, "{game}: only {told} events in 800 steps");
    }
}

#[test]
fn shipped_manifests_name_the_cards_the_events_move() {
    for game in SINGLE_DECK.iter().chain(&DUAL_DECK) {
        let Ok(manifest) = solo::manifest(game) else { continue };
        let setup = TableSetup::with_manifest(manifest.as_ref().clone());
        play(setup, 7, 200).unwrap_or_else(|e| panic!("{game} with its manifest: {e}"));
    }
}

#[test]
fn a_face_down_draw_never_names_its_card() {
    let mut session = Session::<CardTable>::new(TableSetup::new("pursuit-of-glory"), 3, ChanceMode::Auto)
        .unwrap_or_else(|e| panic!("{e}"));
    // The deal: two face-up and two face-down cards per side.
    let told: Vec<String> = session.events().iter().flatten().cloned().collect();
    let face_down: Vec<&String> = told.iter().filter(|e| e.contains("face-down")).collect();
    assert_eq!(face_down.len(), 4, "{told:?}");
    assert!(face_down.iter().all(|e| e.starts_with("Draw a card face-down into slot")), "{face_down:?}");
    let face_up: Vec<&String> = told.iter().filter(|e| e.contains("face-up into slot")).collect();
    assert_eq!(face_up.len(), 4, "{told:?}");
    assert!(face_up.iter().all(|e| e.starts_with("Draw card ")), "{face_up:?}");
    // The roll's flips name the cards now face-up.
    let step = session.log().len();
    session.apply_id("roll").unwrap_or_else(|e| panic!("{e}"));
    let after_roll = session.events_since(step);
    assert!(after_roll[0].starts_with("Fate Die shows "), "{after_roll:?}");
}

/// A decision's events depend only on what the table shows: the same decision taken on a table
/// whose hidden cards are redrawn tells the same steps.
#[test]
fn events_name_nothing_hidden() {
    use rand_chacha::rand_core::SeedableRng;
    let mut compared = 0;
    for game in SINGLE_DECK.iter().chain(&DUAL_DECK) {
        let mut session = Session::<CardTable>::new(TableSetup::new(game), 11, ChanceMode::Auto)
            .unwrap_or_else(|e| panic!("{game}: {e}"));
        let mut pick = ChanceRng::new(11);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        for _ in 0..150 {
            let state = session.state().clone();
            let actions = state.legal();
            let action = actions[pick.pick(actions.len())].clone();
            let mut after = state.clone();
            after.apply_legal(&action);
            let told = table_events(&state, &after, &action);
            let other = state.resample(0, &mut rng);
            // A step that turns a card up names it, whichever card it is: compare the others.
            if other.legal().contains(&action) && !state.reveals(&action) && !action.is_chance() {
                let mut other_after = other.clone();
                other_after.apply_legal(&action);
                // Only steps that draw nothing: a draw shows a card the other table need not hold.
                if other_after.to_move() != engine::ToMove::Chance && after.to_move() != engine::ToMove::Chance {
                    let other_told = table_events(&other, &other_after, &action);
                    assert_eq!(told, other_told, "{game}: {}", state.action_label(&action));
                    compared += 1;
                }
            }
            session.apply(&action).unwrap_or_else(|e| panic!("{game}: {e}"));
        }
    }
    assert!(compared > 300, "only {compared} decisions compared");
}

#[test]
fn a_physical_deck_says_where_a_card_turns_up_before_asking_which_it_is() {
    let manifest = solo::manifest("pursuit-of-glory").unwrap_or_else(|e| panic!("{e}"));
    let setup = TableSetup { physical: true, ..TableSetup::with_manifest(manifest.as_ref().clone()) };
    let mut session = Session::<CardTable>::new(setup, 4, ChanceMode::Auto).unwrap_or_else(|e| panic!("{e}"));
    let told: Vec<String> = session.events().iter().flatten().cloned().collect();
    // The deal's face-up cards are drawn and then named by the player.
    assert!(
        told.iter().any(|e| e.starts_with("Draw a card face-up into slot A of Allied Powers' display and say which")),
        "{told:?}"
    );
    // Name every card the deal turned up, then roll: the flips say where before the table asks.
    while session.state().legal().iter().any(|a| matches!(a, TableAction::Identify { .. })) {
        let first = session.state().legal()[0].clone();
        let step = session.log().len();
        session.apply(&first).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            session.events_since(step).iter().all(|e| !e.starts_with("Draw ")),
            "naming a card moves nothing: {:?}",
            session.events_since(step)
        );
    }
    let step = session.log().len();
    session.apply_id("roll").unwrap_or_else(|e| panic!("{e}"));
    let rolled = session.events_since(step);
    assert!(rolled.iter().skip(1).all(|e| e.contains("say which card")), "{rolled:?}");
    assert!(rolled.len() > 1, "{rolled:?}");
}
