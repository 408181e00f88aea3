//! One test per step of the operation manual's pages, named after the step.

use engine::{Game, ToMove};
use invaders::{Action, Ending, Invaders, InvadersSetup, Manifest, Phase, Side, Zone};

/// A deck of plain cards for each side plus the cards a test names, as TOML entries.
fn setup_with(extra: &str, starting_hand: u8) -> InvadersSetup {
    let text = format!(
        "game = \"invaders\"\n\
         [[cards]]\nname = \"Trooper\"\nside = \"Mankind\"\ndiscard = 0\ndrain = 0\npower = 1\ncopies = 10\n\
         [[cards]]\nname = \"Drone\"\nside = \"Invader\"\ndiscard = 0\ndrain = 0\npower = 1\ncopies = 10\n{extra}"
    );
    let manifest = Manifest::parse(&text).expect("the test manifest reads");
    InvadersSetup { manifest: Some(manifest), starting_hand, ..InvadersSetup::default() }
}

fn card_named(g: &Invaders, name: &str, nth: usize) -> u8 {
    (0..g.card_count()).map(|c| c as u8).filter(|&c| g.card(c).name == name).nth(nth).expect("the card exists")
}

/// Draws `card` whenever a chance draw comes, or the first card of the pile otherwise.
fn draw(g: &mut Invaders, card: Option<u8>) {
    assert_eq!(g.to_move(), ToMove::Chance, "a draw is due");
    let legal = g.legal();
    let pick = card.map(Action::Draw).filter(|a| legal.contains(a)).unwrap_or(legal[0]);
    g.apply(&pick).expect("a legal draw");
}

fn to_main(g: &mut Invaders, wanted: &[u8]) {
    let mut wanted = wanted.to_vec();
    while g.to_move() == ToMove::Chance {
        let next = wanted.first().copied();
        if next.is_some() {
            wanted.remove(0);
        }
        draw(g, next);
    }
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn a_draw_phase_draws_two_cards() {
    let mut g = Invaders::new(&setup_with("", 0)).expect("a game");
    assert_eq!(g.phase(), Phase::Draw { left: 2 });
    to_main(&mut g, &[]);
    assert_eq!(g.side(Side::Mankind).hand.len(), 2);
    assert_eq!(g.side(Side::Mankind).deck.len(), 8);
    g.apply(&Action::EndTurn).expect("end the turn");
    to_main(&mut g, &[]);
    assert_eq!((g.active(), g.side(Side::Invader).hand.len()), (Side::Invader, 2));
}

#[test]
fn drawing_from_an_empty_draw_pile_loses() {
    let mut g = Invaders::new(&setup_with("", 0)).expect("a game");
    // Mankind's ten cards last five Draw phases; the sixth finds an empty pile.
    for _ in 0..5 {
        to_main(&mut g, &[]);
        g.apply(&Action::EndTurn).expect("Mankind ends");
        to_main(&mut g, &[]);
        g.apply(&Action::EndTurn).expect("the Invader ends");
    }
    assert_eq!(g.ending(), Some(Ending::EmptyDeck { loser: Side::Mankind }));
    assert_eq!(g.to_move(), ToMove::Terminal);
    assert_eq!(g.outcome().and_then(|o| o.winner), Some(1));
    assert!(g.legal().is_empty());
}

#[test]
fn there_is_no_hand_limit() {
    let mut g = Invaders::new(&setup_with("", 0)).expect("a game");
    to_main(&mut g, &[]);
    for _ in 0..3 {
        g.apply(&Action::DrawByText).expect("a card's text draws");
        draw(&mut g, None);
    }
    assert_eq!(g.side(Side::Mankind).hand.len(), 5);
    assert!(g.legal().contains(&Action::EndTurn), "nothing asks for a discard down to a limit");
}

#[test]
fn playing_a_card_pays_its_discard_cost_from_the_hand_and_its_drain_cost_from_the_draw_pile() {
    let extra = "[[cards]]\nname = \"Tank\"\nside = \"Mankind\"\ndiscard = 1\ndrain = 2\npower = 3\n";
    let mut g = Invaders::new(&setup_with(extra, 0)).expect("a game");
    let tank = card_named(&g, "Tank", 0);
    to_main(&mut g, &[tank]);
    let other = g.side(Side::Mankind).hand.iter().copied().find(|&c| c != tank).expect("a second card");
    let play = Action::Play { card: tank, zone: Some(Zone::Eurasia) };
    assert!(g.legal().contains(&play));
    g.apply(&play).expect("play the Tank");
    // The Discard cost: the player chooses which card.
    assert_eq!(g.to_move(), ToMove::Player(0));
    assert_eq!(g.legal(), vec![Action::PayDiscard(other)]);
    g.apply(&Action::PayDiscard(other)).expect("pay");
    // The Drain cost: two cards from the top of the pile, face-up onto the discard pile.
    let deck_before = g.side(Side::Mankind).deck.len();
    draw_drain(&mut g);
    draw_drain(&mut g);
    assert_eq!(g.side(Side::Mankind).deck.len(), deck_before - 2);
    assert_eq!(g.side(Side::Mankind).discard.len(), 3);
    assert_eq!(g.side(Side::Mankind).discard[0], other, "the discarded card lies at the bottom");
    // Paid; the Invader holds no card to cancel it with, so it enters Eurasia.
    assert_eq!(g.in_play(tank).map(|(s, z, _)| (s, z)), Some((Side::Mankind, Zone::Eurasia)));
    assert_eq!(g.phase(), Phase::Main);
}

fn draw_drain(g: &mut Invaders) {
    assert_eq!(g.to_move(), ToMove::Chance);
    let first = g.legal()[0];
    assert!(matches!(first, Action::Drain(_)));
    g.apply(&first).expect("drain");
}

#[test]
fn a_card_that_cannot_be_paid_in_full_cannot_be_played() {
    let extra = "[[cards]]\nname = \"Costly\"\nside = \"Mankind\"\ndiscard = 2\ndrain = 0\n";
    let mut g = Invaders::new(&setup_with(extra, 0)).expect("a game");
    let costly = card_named(&g, "Costly", 0);
    to_main(&mut g, &[costly]);
    // One other card in hand: not enough for a Discard cost of two.
    let play = Action::Play { card: costly, zone: None };
    assert!(!g.legal().contains(&play));
    let err = g.apply(&play).expect_err("refused").to_string();
    assert!(err.contains("discard 2"), "{err}");
    g.apply(&Action::DrawByText).expect("draw");
    draw(&mut g, None);
    assert!(g.legal().contains(&play), "with two other cards it can be paid");
}

#[test]
fn a_card_with_a_power_value_needs_a_free_slot_in_a_zone() {
    let extra = "[[cards]]\nname = \"Reserve\"\nside = \"Mankind\"\ndiscard = 0\ndrain = 0\npower = 1\ncopies = 4\n";
    let mut g = Invaders::new(&setup_with(extra, 0)).expect("a game");
    // Fill all three of Mankind's columns by hand-drawing and playing twelve Troopers.
    to_main(&mut g, &[]);
    for zone in Zone::ALL {
        for _ in 0..4 {
            if g.side(Side::Mankind).hand.is_empty() {
                g.apply(&Action::DrawByText).expect("draw");
                draw(&mut g, None);
            }
            let c = g.side(Side::Mankind).hand[0];
            g.apply(&Action::Play { card: c, zone: Some(zone) }).expect("play");
        }
        assert!(!g.has_room(Side::Mankind, zone));
    }
    // Twelve in play; the hand may hold a card but no zone has room.
    while g.side(Side::Mankind).hand.is_empty() && !g.side(Side::Mankind).deck.is_empty() {
        g.apply(&Action::DrawByText).expect("draw");
        draw(&mut g, None);
    }
    let legal = g.legal();
    assert!(!legal.iter().any(|a| matches!(a, Action::Play { .. })), "no free slot anywhere");
    // Mankind may sacrifice a card of a full column to make room.
    assert!(legal.iter().any(|a| matches!(a, Action::Sacrifice(_))));
}

#[test]
fn the_three_zones_are_pacific_rim_eurasia_and_africa_and_the_ends_are_not_adjacent() {
    assert!(Zone::PacificRim.adjacent(Zone::Eurasia) && Zone::Eurasia.adjacent(Zone::Africa));
    assert!(!Zone::PacificRim.adjacent(Zone::Africa) && !Zone::Africa.adjacent(Zone::PacificRim));
    assert!(!Zone::Eurasia.adjacent(Zone::Eurasia));
}

#[test]
fn mankind_may_sacrifice_only_in_a_full_column_and_the_invader_never() {
    let mut g = Invaders::new(&setup_with("", 0)).expect("a game");
    to_main(&mut g, &[]);
    let c = g.side(Side::Mankind).hand[0];
    g.apply(&Action::Play { card: c, zone: Some(Zone::Africa) }).expect("play");
    assert!(!g.legal().contains(&Action::Sacrifice(c)), "Africa's column holds one card of four");
    assert!(g.apply(&Action::Sacrifice(c)).is_err());
    g.apply(&Action::EndTurn).expect("end");
    to_main(&mut g, &[]);
    for _ in 0..4 {
        let d = g.side(Side::Invader).hand.first().copied();
        let d = match d {
            Some(d) => d,
            None => {
                g.apply(&Action::DrawByText).expect("draw");
                draw(&mut g, None);
                g.side(Side::Invader).hand[0]
            }
        };
        g.apply(&Action::Play { card: d, zone: Some(Zone::Africa) }).expect("play");
    }
    assert!(!g.has_room(Side::Invader, Zone::Africa));
    assert!(!g.legal().iter().any(|a| matches!(a, Action::Sacrifice(_))), "the Invader never gives up a card");
}

#[test]
fn a_one_shot_card_is_resolved_by_the_players_and_discarded() {
    let extra = "[[cards]]\nname = \"Strike\"\nside = \"Mankind\"\ndiscard = 0\ndrain = 0\n";
    let mut g = Invaders::new(&setup_with(extra, 0)).expect("a game");
    let strike = card_named(&g, "Strike", 0);
    to_main(&mut g, &[strike]);
    let play = Action::Play { card: strike, zone: None };
    let before = g.clone();
    // The Invader holds no card to cancel it with: it is resolved at once.
    g.apply(&play).expect("play");
    assert_eq!(g.side(Side::Mankind).discard, vec![strike]);
    let said = g.events(&before, &play).join(" ");
    assert!(said.contains("the players resolve its text"), "{said}");
}

#[test]
fn mankinds_heroes_of_the_resistance_is_turned_upright_at_the_start_of_its_turn() {
    let extra = "[[cards]]\nname = \"Heroes of the Resistance\"\nside = \"Mankind\"\ndiscard = 0\ndrain = 0\npower = 2\nlasting = true\nheroes = true\n";
    let mut g = Invaders::new(&setup_with(extra, 0)).expect("a game");
    let heroes = card_named(&g, "Heroes of the Resistance", 0);
    to_main(&mut g, &[heroes]);
    g.apply(&Action::Play { card: heroes, zone: Some(Zone::PacificRim) }).expect("play");
    g.apply(&Action::Use(heroes)).expect("use the Heroes");
    assert!(g.side(Side::Mankind).zones[0][0].turned);
    assert!(!g.legal().contains(&Action::Use(heroes)), "a turned Heroes card is spent until Mankind's next turn");
    g.apply(&Action::EndTurn).expect("end");
    to_main(&mut g, &[]);
    assert!(g.side(Side::Mankind).zones[0][0].turned, "still turned in the Invader's turn");
    g.apply(&Action::EndTurn).expect("end");
    assert!(!g.side(Side::Mankind).zones[0][0].turned, "upright as Mankind's turn begins");
}

#[test]
fn a_card_that_cancels_is_paid_and_revealed_in_the_opponents_turn_and_both_cards_are_discarded() {
    let extra = "[[cards]]\nname = \"Jam\"\nside = \"Invader\"\ndiscard = 1\ndrain = 0\ncancels = true\n";
    let mut g = Invaders::new(&setup_with(extra, 1)).expect("a game");
    let jam = card_named(&g, "Jam", 0);
    // Starting hands: Mankind one card, the Invader Jam.
    draw(&mut g, None);
    draw(&mut g, Some(jam));
    to_main(&mut g, &[]);
    let trooper = g.side(Side::Mankind).hand[0];
    g.apply(&Action::Play { card: trooper, zone: Some(Zone::Eurasia) }).expect("play");
    // The Invader holds only Jam: one card short of its Discard cost, so it may not cancel (and,
    // holding one card, could not whichever card it is: it is not asked).
    assert_eq!(g.phase(), Phase::Main);
    assert!(g.in_play(trooper).is_some());
    // Give the Invader a second card (as a card's text might) and try again.
    let mut g = Invaders::new(&setup_with(extra, 2)).expect("a game");
    draw(&mut g, None);
    draw(&mut g, None);
    draw(&mut g, Some(jam));
    draw(&mut g, None);
    to_main(&mut g, &[]);
    let trooper = g.side(Side::Mankind).hand[0];
    g.apply(&Action::Play { card: trooper, zone: Some(Zone::Eurasia) }).expect("play");
    assert_eq!(g.to_move(), ToMove::Player(1), "the Invader decides in Mankind's turn");
    g.apply(&Action::Cancel(jam)).expect("cancel");
    let drone = g.side(Side::Invader).hand[0];
    g.apply(&Action::PayDiscard(drone)).expect("pay for the cancel");
    // Mankind's deck holds no cancel, so there is no cancel of the cancel to wait for.
    assert_eq!(g.phase(), Phase::Main, "Mankind is not asked");
    assert!(g.in_play(trooper).is_none());
    assert_eq!(g.side(Side::Mankind).discard, vec![trooper]);
    assert_eq!(g.side(Side::Invader).discard, vec![drone, jam], "every card played is paid for");
}

#[test]
fn a_cancel_of_a_cancel_puts_the_original_card_into_play() {
    let extra = "[[cards]]\nname = \"Jam\"\nside = \"Invader\"\ndiscard = 0\ndrain = 0\ncancels = true\n\
                 [[cards]]\nname = \"Counter-jam\"\nside = \"Mankind\"\ndiscard = 0\ndrain = 1\ncancels = true\n";
    let mut g = Invaders::new(&setup_with(extra, 1)).expect("a game");
    let jam = card_named(&g, "Jam", 0);
    let counter = card_named(&g, "Counter-jam", 0);
    draw(&mut g, Some(counter));
    draw(&mut g, Some(jam));
    to_main(&mut g, &[]);
    let trooper = g.side(Side::Mankind).hand.iter().copied().find(|&c| c != counter).expect("a Trooper");
    g.apply(&Action::Play { card: trooper, zone: Some(Zone::Africa) }).expect("play");
    g.apply(&Action::Cancel(jam)).expect("the Invader cancels");
    g.apply(&Action::Cancel(counter)).expect("Mankind cancels the cancel");
    assert_eq!(g.phase(), Phase::Paying);
    draw_drain(&mut g);
    // The Invader's hand is empty now: nobody is left to ask.
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(g.in_play(trooper).map(|(_, z, _)| z), Some(Zone::Africa), "the original card goes into play");
    assert!(g.side(Side::Invader).discard.contains(&jam));
    assert!(g.side(Side::Mankind).discard.ends_with(&[counter]));
}

#[test]
fn discard_piles_are_face_up_in_a_fixed_order_and_either_player_sees_both() {
    let extra = "[[cards]]\nname = \"Tank\"\nside = \"Mankind\"\ndiscard = 1\ndrain = 1\npower = 3\n";
    let mut g = Invaders::new(&setup_with(extra, 0)).expect("a game");
    let tank = card_named(&g, "Tank", 0);
    to_main(&mut g, &[tank]);
    let other = g.side(Side::Mankind).hand.iter().copied().find(|&c| c != tank).expect("a card");
    g.apply(&Action::Play { card: tank, zone: Some(Zone::Eurasia) }).expect("play");
    g.apply(&Action::PayDiscard(other)).expect("pay");
    draw_drain(&mut g);
    let pile: Vec<u8> = g.side(Side::Mankind).discard.clone();
    for viewer in [0u8, 1] {
        let seen: Vec<u8> = g.observe(viewer).sides[0].discard.iter().map(|c| c.id).collect();
        assert_eq!(seen, pile, "player {viewer} sees Mankind's discard pile in order");
    }
    // The Invader sees how many cards Mankind holds, not which.
    let invader = g.observe(1);
    assert!(invader.hand.is_empty() && invader.sides[0].hand == g.side(Side::Mankind).hand.len());
}

#[test]
fn what_the_cards_do_is_a_table_tool_labelled_as_the_players_call() {
    let mut g = Invaders::new(&setup_with("", 0)).expect("a game");
    to_main(&mut g, &[]);
    for a in [Action::DormantStrategy, Action::DrawByText, Action::DeclareWinner(Side::Invader)] {
        assert!(g.legal().contains(&a) && g.is_tool(&a), "{a:?}");
    }
    assert!(g.action_label(&Action::DormantStrategy).contains("players resolve"));
    assert!(!g.legal().contains(&Action::InvasionPlot), "Invasion plot is the Invader's");
    g.apply(&Action::EndTurn).expect("end");
    to_main(&mut g, &[]);
    assert!(g.legal().contains(&Action::InvasionPlot));
    g.apply(&Action::DeclareWinner(Side::Invader)).expect("declare");
    assert_eq!(g.outcome().and_then(|o| o.winner), Some(1));
}

#[test]
fn a_starting_hand_that_empties_a_deck_is_refused() {
    let err = Invaders::new(&setup_with("", 10)).expect_err("ten of ten cards").to_string();
    assert!(err.contains("starting_hand"), "{err}");
}

#[test]
fn identical_copies_in_a_hand_are_offered_once() {
    // Two Troopers in hand: playing one or the other into Africa is the same decision.
    let mut g = Invaders::new(&setup_with("", 0)).expect("a game");
    to_main(&mut g, &[]);
    let hand = g.side(Side::Mankind).hand.clone();
    assert_eq!(hand.len(), 2);
    let plays: Vec<Action> = g.legal().into_iter().filter(|a| matches!(a, Action::Play { .. })).collect();
    assert_eq!(plays, Zone::ALL.map(|z| Action::Play { card: hand[0], zone: Some(z) }).to_vec());
    // The other copy is still taken when named (a game saved before copies were merged names it).
    g.apply(&Action::Play { card: hand[1], zone: Some(Zone::Africa) }).expect("the same decision");
    assert!(g.in_play(hand[1]).is_some());
}

// A chance to cancel comes only to a side that could cancel, as far as the side that just paid
// can tell: the manual's cancel is paid for in the opponent's turn, and nobody at the table waits
// for an opponent who visibly cannot pay for one. Who is asked depends on public facts alone
// (docs/invaders.md, "Where the pages are silent").

const JAM: &str = "[[cards]]\nname = \"Jam\"\nside = \"Invader\"\ndiscard = 1\ndrain = 0\ncancels = true\n";

#[test]
fn a_side_whose_deck_holds_no_cancel_is_not_asked_to_cancel_and_the_card_goes_straight_in() {
    let mut g = Invaders::new(&setup_with("", 2)).expect("a game");
    to_main(&mut g, &[]);
    let trooper = g.side(Side::Mankind).hand[0];
    let play = Action::Play { card: trooper, zone: Some(Zone::Eurasia) };
    let before = g.clone();
    g.apply(&play).expect("play");
    assert_eq!((g.phase(), g.to_move()), (Phase::Main, ToMove::Player(0)), "nobody is asked");
    assert_eq!(g.in_play(trooper).map(|(s, z, _)| (s, z)), Some((Side::Mankind, Zone::Eurasia)));
    let said = g.events(&before, &play).join(" ");
    assert!(said.contains("The Invader cannot cancel") && said.contains("enters play in Eurasia"), "{said}");
}

#[test]
fn a_side_whose_hand_is_too_small_to_pay_for_any_cancel_is_not_asked_whichever_card_it_holds() {
    // Jam costs one other card of the hand; the Invader holds one card. Whether that card is Jam
    // or a Drone, it cannot pay: it is not asked either way, so not being asked tells nothing.
    let probe = Invaders::new(&setup_with(JAM, 1)).expect("a game");
    let (jam, drone) = (card_named(&probe, "Jam", 0), card_named(&probe, "Drone", 0));
    for held in [jam, drone] {
        let mut g = probe.clone();
        draw(&mut g, None);
        draw(&mut g, Some(held));
        to_main(&mut g, &[]);
        let trooper = g.side(Side::Mankind).hand[0];
        g.apply(&Action::Play { card: trooper, zone: Some(Zone::Africa) }).expect("play");
        assert_eq!(g.phase(), Phase::Main, "holding {}", g.card(held).name);
        assert!(g.in_play(trooper).is_some());
    }
}

#[test]
fn a_side_that_could_hold_a_cancel_is_asked_even_when_it_holds_none() {
    // Two Drones in the Invader's hand: Mankind cannot see that neither is Jam, so the Invader is
    // asked all the same, and may only let the card stand.
    let mut g = Invaders::new(&setup_with(JAM, 2)).expect("a game");
    let drone = card_named(&g, "Drone", 0);
    to_main(&mut g, &[]);
    assert!(
        g.side(Side::Invader).hand.iter().all(|&c| g.card(c).name == "Drone") && g.side(Side::Invader).hand[0] == drone
    );
    let trooper = g.side(Side::Mankind).hand[0];
    g.apply(&Action::Play { card: trooper, zone: Some(Zone::Africa) }).expect("play");
    assert_eq!(g.phase(), Phase::Window { by: Side::Invader });
    assert_eq!(g.legal(), vec![Action::LetStand]);
}

#[test]
fn once_every_cancel_of_a_side_lies_in_its_discard_pile_it_is_no_longer_asked() {
    let free_jam = JAM.replace("discard = 1", "discard = 0");
    let mut g = Invaders::new(&setup_with(&free_jam, 2)).expect("a game");
    let jam = card_named(&g, "Jam", 0);
    draw(&mut g, None);
    draw(&mut g, None);
    draw(&mut g, Some(jam));
    to_main(&mut g, &[]);
    let hand = g.side(Side::Mankind).hand.clone();
    g.apply(&Action::Play { card: hand[0], zone: Some(Zone::Africa) }).expect("play");
    assert_eq!(g.phase(), Phase::Window { by: Side::Invader });
    g.apply(&Action::Cancel(jam)).expect("the Invader cancels");
    // Mankind's deck holds no cancel: its card is cancelled at once.
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(g.side(Side::Mankind).discard, vec![hand[0]]);
    // Jam, the Invader's only cancel, lies face-up on its discard pile: the Invader still holds a
    // card, but everyone can see that it is not a cancel.
    assert_eq!(g.side(Side::Invader).hand.len(), 1);
    g.apply(&Action::Play { card: hand[1], zone: Some(Zone::Africa) }).expect("play again");
    assert_eq!(g.phase(), Phase::Main);
    assert!(g.in_play(hand[1]).is_some());
}

#[test]
fn every_view_names_the_side_whose_cards_a_chance_step_turns_up() {
    let first = InvadersSetup { first: Side::Invader, ..setup_with("", 1) };
    let mut g = Invaders::new(&first).expect("a game");
    let seat = |g: &Invaders| -> [Option<(u8, String)>; 2] {
        [0, 1].map(|p| g.observe(p).chance_seat.map(|s| (s.player, s.name)))
    };
    // The starting hands: the Invader's first, as it starts.
    assert_eq!(seat(&g), [Some((1, "Invader".into())), Some((1, "Invader".into()))]);
    draw(&mut g, None);
    assert_eq!(seat(&g)[0], Some((0, "Mankind".into())));
    draw(&mut g, None);
    // The Invader's Draw phase.
    assert_eq!(seat(&g)[1], Some((1, "Invader".into())));
    to_main(&mut g, &[]);
    assert_eq!(seat(&g), [None, None], "nothing turns up in the Main phase");
    let json = serde_json::to_value(g.observe(0)).expect("a view serializes");
    assert!(json.get("chance_seat").is_none_or(|s| s.is_null()), "{json}");
    g.apply(&Action::EndTurn).expect("end");
    let json = serde_json::to_value(g.observe(1)).expect("a view serializes");
    assert_eq!(json["chance_seat"], serde_json::json!({"player": 0, "name": "Mankind"}));
}
