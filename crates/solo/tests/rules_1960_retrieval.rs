//! 1960, "Retrieve From the Discard Cards" (issue 47, item 7): the card an event takes back from
//! the discard pile, face-up or face-down there, goes face-up into the slot the event card just
//! left, and the step for the real table says so: which card, from the discard pile, into which
//! slot, face-up; never "the sorted deck" nor a draw. With the deck cdgsolo shuffles (the player
//! keeps it sorted) and with the player's own shuffled cards.

mod common;

use common::*;
use engine::Game;
use solo::{CardId, CardTable};

/// The shipped card list's id for the card printed with `number`.
fn card_numbered(table: &CardTable, number: u16) -> u16 {
    (1..=table.deck_of(0).pool.len() as u16 + 20)
        .find(|&id| table.card_name(CardId(id)).and_then(|n| n.number) == Some(number))
        .unwrap_or_else(|| panic!("#{number} is not on the card list"))
}

/// Answers every "which card turned up" (the player's own cards) with the first card offered,
/// except that the card in Nixon's A is `nixon_a`.
fn name_every_card(s: &mut Table, nixon_a: u16) {
    loop {
        let table = s.state();
        let questions: Vec<_> =
            table.legal().into_iter().filter(|a| table.action_id(a).starts_with("identify-")).collect();
        let Some(first) = questions.first() else { return };
        let in_nixon_a = table.action_label(first).starts_with("Nixon: the card turned up in slot A ");
        let id = questions
            .iter()
            .map(|a| table.action_id(a))
            .find(|id| (id == &format!("identify-as-{nixon_a}")) == in_nixon_a)
            .expect("a card to name");
        act(s, &id);
    }
}

/// Draws `card` for the draw pending now.
fn draw(s: &mut Table, card: u16) {
    act(s, &format!("draw-{card}"));
}

/// The label of the legal action with this id.
fn label_of(s: &Table, id: &str) -> String {
    let table = s.state();
    let action = table.legal().into_iter().find(|a| table.action_id(a) == id);
    action.map(|a| table.action_label(&a)).unwrap_or_else(|| panic!("{id} is not offered: {:?}", ids(s)))
}

/// Kennedy (active) rolls a 4 and plays the card in A for its CP, discarding it face-down with 2
/// momentum when `face_down`; Nixon then rolls a 4 and plays #27 Nelson Rockefeller (dealt into
/// his A) for its event. Answers the table and the card Kennedy played.
fn rockefeller_after_a_discard(physical: bool, face_down: bool) -> (Table, u16) {
    let manifest = solo::manifest("1960").expect("the card list ships").as_ref().clone();
    let mut s = undealt(TableSetup { physical, ..TableSetup::with_manifest(manifest) });
    let rockefeller = card_numbered(s.state(), 27);
    // Deal lowest first, except that Nixon's A (the sixth card dealt) is Rockefeller.
    for n in 0..10 {
        if n == 5 {
            draw(&mut s, rockefeller);
        } else {
            let card = *drawable(&s).iter().find(|c| **c != rockefeller).expect("a card to deal");
            draw(&mut s, card);
        }
    }
    name_every_card(&mut s, rockefeller);
    let kennedy_a = slot(&s, 0, A)[0].0;
    if face_down {
        act(&mut s, "1960-momentum-up-kennedy");
        act(&mut s, "1960-momentum-up-kennedy");
    }
    roll(&mut s, 4);
    act(&mut s, &format!("play-{kennedy_a}-campaign-points"));
    draw_all(&mut s);
    if face_down {
        act(&mut s, &format!("1960-discard-face-down-{kennedy_a}"));
    }
    act(&mut s, "end-turn");
    name_every_card(&mut s, rockefeller);
    roll(&mut s, 4);
    act(&mut s, &format!("play-{rockefeller}-event"));
    (s, kennedy_a)
}

/// Nixon takes Kennedy's card back from under Rockefeller (the card just below it on the pile):
/// the step for the real table names the card, the pile and the slot it fills face-up; and the
/// label of the choice names that slot.
fn retrieve(physical: bool, face_down: bool) {
    let (mut s, kennedy) = rockefeller_after_a_discard(physical, face_down);
    let context = format!("physical {physical}, face-down {face_down}");
    let name = s.state().card_label(CardId(kennedy));
    assert_eq!(slot(&s, 1, A), [], "{context}: A waits for the card the event takes back");
    let take = "1960-retrieve-0";
    let label = label_of(&s, take);
    let step = s.log().len();
    act(&mut s, take);
    assert_eq!(slot(&s, 1, A), [(kennedy, true)], "{context}: the card fills A, face-up");
    let told = s.events_since(step);
    let told_context = format!("{context}: {told:?}");
    assert_eq!(told.len(), 1, "{told_context}");
    let text = &told[0];
    assert!(!text.contains("sorted deck") && !text.starts_with("Draw"), "{told_context}: no draw from the deck");
    assert!(text.contains(&name), "{told_context}: names the card");
    assert!(text.contains("the discard pile"), "{told_context}: names the pile");
    assert!(text.contains("slot A of Nixon's display"), "{told_context}: and the slot");
    if face_down {
        assert_eq!(
            text,
            &format!("Take {name} (face-down in the discard pile) and put it face-up into slot A of Nixon's display")
        );
    }
    let which =
        if face_down { "the face-down card 2 from the top".to_string() } else { format!("{name} (2 from the top") };
    assert!(label.contains(&which), "{context}: {label}");
    assert!(label.contains("into slot A (just vacated), face-up"), "{context}: the label names the slot: {label}");
}

#[test]
fn n1960_retrieve_from_the_discard_cards_a_face_down_discard_with_the_deck_cdgsolo_shuffles() {
    retrieve(false, true);
}

#[test]
fn n1960_retrieve_from_the_discard_cards_a_face_down_discard_with_the_players_own_cards() {
    retrieve(true, true);
}

#[test]
fn n1960_retrieve_from_the_discard_cards_a_face_up_discard_fills_the_slot_just_vacated() {
    retrieve(false, false);
    retrieve(true, false);
}

#[test]
fn n1960_retrieve_from_the_discard_cards_taking_nothing_refills_the_slot_face_down() {
    let (mut s, _) = rockefeller_after_a_discard(false, false);
    let label = label_of(&s, "1960-retrieve-none");
    assert!(label.contains("slot A"), "{label}");
    act(&mut s, "1960-retrieve-none");
    draw_all(&mut s);
    assert!(slot(&s, 1, A).iter().all(|(_, up)| !up) && slot(&s, 1, A).len() == 1, "{:?}", slot(&s, 1, A));
}

/// Our reading, where the sheet is silent: the card taken back fills the slot the event card left,
/// so an event that `!!` triggers from the discard pile (it left no slot) moves no card onto a
/// display; the side then plays its turn's card as usual.
#[test]
fn n1960_retrieve_from_the_discard_cards_an_event_triggered_by_bang_vacates_no_slot_and_moves_no_card() {
    let (mut s, _) = rockefeller_after_a_discard(false, false);
    // Instead of its event, Nixon plays Rockefeller for its CP: it lies face-up on top of the pile.
    assert!(offers(&s, "1960-retrieve-none"));
    s.undo().expect("the play undoes");
    let rockefeller = slot(&s, 1, A)[0].0;
    act(&mut s, &format!("play-{rockefeller}-campaign-points"));
    draw_all(&mut s);
    act(&mut s, "end-turn");
    // Kennedy, holding momentum, rolls the !!: Rockefeller is the topmost eligible event.
    act(&mut s, "1960-momentum-up-kennedy");
    roll(&mut s, 1);
    let before = (slots(&s, 0), slots(&s, 1));
    let top = discards(&s, 0).len() - 1;
    assert_eq!(discards(&s, 0)[top], rockefeller);
    act(&mut s, &format!("1960-momentum-event-{top}"));
    assert!(!ids(&s).iter().any(|id| id.starts_with("1960-retrieve")), "{:?}", ids(&s));
    assert_eq!((slots(&s, 0), slots(&s, 1)), before, "no card moved onto a display");
    assert_eq!(discards(&s, 0)[0], rockefeller, "the event card went under the pile");
    assert!(ids(&s).iter().any(|id| id.starts_with("play-")), "Kennedy's turn goes on: {:?}", ids(&s));
}
