//! cdgsolo's solo adaptation: a side run by a Card Display and the Fate Die, the way the Manoeuvre
//! playsheet runs a side that may play several cards a turn. One test per rule of the adaptation
//! (docs/invaders.md, "A side run by a Card Display").

use engine::{Game, ToMove};
use invaders::display::Held;
use invaders::{Action, DisplaySides, Invaders, InvadersSetup, Manifest, Phase, Side, Zone};

/// Ten plain cards a side plus `extra`; the Invader on a Card Display.
fn setup(extra: &str, starting_hand: u8, display: DisplaySides) -> InvadersSetup {
    let text = format!(
        "game = \"invaders\"\n\
         [[cards]]\nname = \"Trooper\"\nside = \"Mankind\"\ndiscard = 0\ndrain = 0\npower = 1\ncopies = 10\n\
         [[cards]]\nname = \"Drone\"\nside = \"Invader\"\ndiscard = 0\ndrain = 0\npower = 1\ncopies = 10\n{extra}"
    );
    let manifest = Manifest::parse(&text).expect("the test manifest reads");
    InvadersSetup { manifest: Some(manifest), starting_hand, display, ..InvadersSetup::default() }
}

fn named(g: &Invaders, name: &str, nth: usize) -> u8 {
    (0..g.card_count()).map(|c| c as u8).filter(|&c| g.card(c).name == name).nth(nth).expect("the card exists")
}

/// Resolves chance steps: each listed card is taken for the next draw or reveal that may be it,
/// each listed face for the next Fate Die roll; anything else takes the first outcome listed.
fn chance(g: &mut Invaders, cards: &[u8], faces: &[u8]) {
    let (mut cards, mut faces) = (cards.to_vec(), faces.to_vec());
    while g.to_move() == ToMove::Chance {
        let legal = g.legal();
        let wanted = match legal[0] {
            Action::Fate(_) => (!faces.is_empty()).then(|| Action::Fate(faces.remove(0))),
            Action::Reveal(_) => cards.iter().position(|c| legal.contains(&Action::Reveal(*c))).map(|i| {
                let c = cards.remove(i);
                Action::Reveal(c)
            }),
            Action::Draw(_) => cards.iter().position(|c| legal.contains(&Action::Draw(*c))).map(|i| {
                let c = cards.remove(i);
                Action::Draw(c)
            }),
            _ => None,
        };
        g.apply(&wanted.unwrap_or(legal[0])).expect("a legal chance outcome");
    }
}

fn slots(g: &Invaders, side: Side) -> Vec<Vec<Held>> {
    g.display_slots(side).expect("a display runs the side").to_vec()
}

/// Mankind (a hand) draws and ends its turn; the Invader's Draw phase follows.
fn mankind_passes(g: &mut Invaders) {
    chance(g, &[], &[]);
    assert_eq!((g.active(), g.phase()), (Side::Mankind, Phase::Main));
    g.apply(&Action::EndTurn).expect("Mankind ends its turn");
}

#[test]
fn a_display_is_dealt_one_card_a_slot_with_a_and_b_face_up() {
    let g = Invaders::new(&setup("", 5, DisplaySides::Invader)).expect("a game");
    // The two face-up cards of the deal are named by chance before anything else.
    assert_eq!(g.to_move(), ToMove::Chance);
    let mut g = g;
    let drones = [named(&g, "Drone", 0), named(&g, "Drone", 1)];
    chance(&mut g, &drones, &[]);
    let s = slots(&g, Side::Invader);
    assert_eq!(s.iter().map(Vec::len).collect::<Vec<_>>(), vec![1; 5]);
    assert_eq!(s[0], vec![Held::FaceUp(drones[0])]);
    assert_eq!(s[1], vec![Held::FaceUp(drones[1])]);
    assert!(s[2..].iter().all(|slot| slot == &vec![Held::FaceDown]));
    // The draw pile is what is left once the display is counted: 10 cards, 5 held.
    assert_eq!(g.draw_pile(Side::Invader), 5);
    assert_eq!(g.held(Side::Invader), 5);
}

#[test]
fn a_display_sides_draws_go_face_down_into_the_emptiest_slot() {
    let mut g = Invaders::new(&setup("", 0, DisplaySides::Invader)).expect("a game");
    mankind_passes(&mut g);
    // Two cards, face-down, into the first empty slots; then the Fate Die.
    assert_eq!(g.phase(), Phase::Fate);
    let s = slots(&g, Side::Invader);
    assert_eq!(s[0], vec![Held::FaceDown]);
    assert_eq!(s[1], vec![Held::FaceDown]);
    assert!(s[2..].iter().all(Vec::is_empty));
    assert_eq!(g.draw_pile(Side::Invader), 8);
    let seen = g.observe(1);
    let shown = seen.sides[1].display.as_ref().expect("the display is shown");
    assert_eq!(shown[0].cards, vec![None], "nobody knows a face-down card, its own side included");
}

#[test]
fn the_fate_die_is_rolled_after_the_draw_phase_and_turns_the_named_slots_face_up() {
    let mut g = Invaders::new(&setup("", 5, DisplaySides::Invader)).expect("a game");
    chance(&mut g, &[], &[]);
    mankind_passes(&mut g);
    assert_eq!(g.phase(), Phase::Fate);
    assert_eq!(g.legal(), (1..=6).map(Action::Fate).collect::<Vec<_>>());
    let before = g.clone();
    g.apply(&Action::Fate(5)).expect("roll a 5");
    let said = g.events(&before, &Action::Fate(5)).join(" ");
    assert!(said.contains("5, every card of one slot: C, D or E"), "{said}");
    assert!(said.contains("Slots C, D and E turn face-up"), "{said}");
    // C, D and E each hold one dealt card and (after this turn's two draws) A and B two: the
    // face-down cards of C, D and E are named one by one.
    let mut named_now = 0;
    while let Some(r) = g.pending_reveals().first().copied() {
        assert!([2, 3, 4].contains(&r.slot));
        let c = g.legal()[0];
        g.apply(&c).expect("name the card");
        named_now += 1;
    }
    assert_eq!(named_now, 3);
    let s = slots(&g, Side::Invader);
    assert!(s[2..].iter().flatten().all(|h| matches!(h, Held::FaceUp(_))));
    assert!(s[0].contains(&Held::FaceDown), "A's new card stays face-down");
    assert_eq!(g.to_move(), ToMove::Player(1));
}

#[test]
fn a_slot_face_lets_every_card_of_one_chosen_slot_be_played() {
    let mut g = Invaders::new(&setup("", 5, DisplaySides::Invader)).expect("a game");
    chance(&mut g, &[], &[]);
    mankind_passes(&mut g);
    // A and B now hold two cards each (a dealt face-up one and a new face-down one).
    chance(&mut g, &[], &[4]);
    let s = slots(&g, Side::Invader);
    assert_eq!((s[0].len(), s[1].len()), (2, 2));
    let in_slot = |s: &Vec<Vec<Held>>, i: usize| -> Vec<u8> {
        s[i].iter()
            .filter_map(|h| match h {
                Held::FaceUp(c) => Some(*c),
                Held::FaceDown => None,
            })
            .collect()
    };
    let (a, b) = (in_slot(&s, 0), in_slot(&s, 1));
    assert_eq!((a.len(), b.len()), (2, 2), "a 4 turns A and B face-up");
    let plays = |g: &Invaders| -> Vec<u8> {
        let mut v: Vec<u8> = g
            .legal()
            .iter()
            .filter_map(|x| match x {
                Action::Play { card, .. } => Some(*card),
                _ => None,
            })
            .collect();
        v.dedup();
        v
    };
    // Every card of A and of B; identical copies in one slot are offered once (which copy goes
    // decides nothing).
    assert_eq!(plays(&g), vec![a[0].min(a[1]), b[0].min(b[1])], "before the first play, A's and B's cards");
    assert!(!plays(&g).iter().any(|c| in_slot(&s, 2).contains(c)), "C is not named by a 4");
    let (a0, a1) = (a[0].min(a[1]), a[0].max(a[1]));
    // Mankind holds no cancel (one person plays both sides and sees it): nobody is asked.
    g.apply(&Action::Play { card: a0, zone: Some(Zone::Eurasia) }).expect("play from A");
    assert_eq!(plays(&g), vec![a1], "after a card of A, only A's other card");
    g.apply(&Action::Play { card: a1, zone: Some(Zone::Africa) }).expect("play A's second card");
    assert!(plays(&g).is_empty(), "the slot is spent");
    assert!(slots(&g, Side::Invader)[0].is_empty(), "no refill: only the Draw phase brings cards");
    let err = g.apply(&Action::Play { card: b[0], zone: Some(Zone::Africa) }).expect_err("B is not the chosen slot");
    assert!(err.to_string().contains("Fate Die's 4"), "{err}");
}

#[test]
fn faces_one_and_two_allow_one_face_up_card() {
    for face in [1u8, 2] {
        let mut g = Invaders::new(&setup("", 5, DisplaySides::Invader)).expect("a game");
        chance(&mut g, &[], &[]);
        mankind_passes(&mut g);
        chance(&mut g, &[], &[face]);
        // A 1 turns C face-up: A, B and C are face-up, and any one of them may be played. A 2
        // finds two face-up cards already and asks for no turning.
        assert!(g.fate().is_some_and(|f| f.flips_left == 0));
        let up = g.side(Side::Invader).hand.clone();
        assert_eq!(up.len(), if face == 1 { 3 } else { 2 });
        let first = up[0];
        g.apply(&Action::Play { card: first, zone: Some(Zone::PacificRim) }).expect("one card");
        assert!(!g.legal().iter().any(|x| matches!(x, Action::Play { .. })), "face {face} allows one card");
    }
}

#[test]
fn a_two_turns_face_down_cards_of_the_sides_choice_until_two_are_face_up() {
    let mut g = Invaders::new(&setup("", 0, DisplaySides::Invader)).expect("a game");
    mankind_passes(&mut g);
    // Two face-down cards in A and B, none face-up.
    chance(&mut g, &[], &[2]);
    assert_eq!(g.fate().map(|f| f.flips_left), Some(2));
    assert_eq!(g.legal(), vec![Action::Flip(0), Action::Flip(1)], "the side turns cards before anything else");
    g.apply(&Action::Flip(1)).expect("turn B");
    chance(&mut g, &[], &[]);
    assert_eq!(g.legal(), vec![Action::Flip(0)]);
    g.apply(&Action::Flip(0)).expect("turn A");
    chance(&mut g, &[], &[]);
    assert_eq!(g.side(Side::Invader).hand.len(), 2);
    assert!(g.legal().contains(&Action::PlayNoCard), "the Main phase goes on");
}

#[test]
fn a_display_cancel_rolls_the_fate_die_first_and_a_one_stops_it_for_the_turn() {
    let extra = "[[cards]]\nname = \"Jam\"\nside = \"Invader\"\ndiscard = 0\ndrain = 0\ncancels = true\ncopies = 2\n";
    let mut g = Invaders::new(&setup(extra, 2, DisplaySides::Invader)).expect("a game");
    let jams = [named(&g, "Jam", 0), named(&g, "Jam", 1)];
    // Mankind's starting hand first, then the Invader's: a Jam face-up in A, the other in B.
    chance(&mut g, &jams, &[]);
    assert_eq!(slots(&g, Side::Invader)[0], vec![Held::FaceUp(jams[0])]);
    assert_eq!(slots(&g, Side::Invader)[1], vec![Held::FaceUp(jams[1])]);
    let trooper = g.side(Side::Mankind).hand[0];
    g.apply(&Action::Play { card: trooper, zone: Some(Zone::Eurasia) }).expect("Mankind plays");
    assert_eq!(g.legal(), vec![Action::Cancel(jams[0]), Action::Cancel(jams[1]), Action::LetStand]);
    assert!(g.action_label(&Action::Cancel(jams[0])).contains("a 1 stops it"));
    let mut lucky = g.clone();
    g.apply(&Action::Cancel(jams[0])).expect("try to cancel");
    assert_eq!(g.phase(), Phase::FateCancel { by: Side::Invader, card: jams[0] });
    g.apply(&Action::Fate(1)).expect("the !! face");
    assert_eq!(g.phase(), Phase::Window { by: Side::Invader });
    assert_eq!(
        g.legal(),
        vec![Action::Cancel(jams[1]), Action::LetStand],
        "a stopped cancel is not tried again this turn"
    );
    assert!(g.side(Side::Invader).hand.contains(&jams[0]), "the stopped card stays in its slot");
    g.apply(&Action::LetStand).expect("stand");
    assert!(g.in_play(trooper).is_some());
    // Any other face lets the cancel go ahead: paid, revealed, both cards discarded (Mankind
    // holds no cancel of the cancel, and the one person playing both sides sees it).
    lucky.apply(&Action::Cancel(jams[0])).expect("try to cancel");
    lucky.apply(&Action::Fate(3)).expect("a 3");
    assert_eq!(lucky.phase(), Phase::Main);
    assert!(lucky.in_play(trooper).is_none());
    assert_eq!(lucky.side(Side::Invader).discard, vec![jams[0]]);
    assert!(slots(&lucky, Side::Invader)[0].is_empty());
}

#[test]
fn a_side_that_played_no_card_may_move_one_card_to_another_slot_and_its_turn_ends() {
    let mut g = Invaders::new(&setup("", 5, DisplaySides::Invader)).expect("a game");
    chance(&mut g, &[], &[]);
    mankind_passes(&mut g);
    chance(&mut g, &[], &[6]);
    let d = match slots(&g, Side::Invader)[3][0] {
        Held::FaceUp(c) => c,
        Held::FaceDown => panic!("a 6 turns D face-up"),
    };
    // Its turn ends only by saying it plays no card; then which card moves, or none.
    assert!(g.legal().contains(&Action::PlayNoCard) && !g.legal().contains(&Action::EndTurn));
    let mut moved = g.clone();
    moved.apply(&Action::PlayNoCard).expect("play no card");
    let picks = moved.legal();
    assert!(picks.contains(&Action::PickUp { card: Some(d), from: 3 }));
    assert!(picks.contains(&Action::PickUp { card: None, from: 0 }), "a face-down card may move too, unseen");
    assert_eq!(
        picks.iter().filter(|a| matches!(a, Action::PickUp { from: 0, .. })).count(),
        2,
        "A: its face-up card and one face-down"
    );
    assert_eq!(picks.last(), Some(&Action::EndTurn), "or no card moves");
    moved.apply(&Action::PickUp { card: Some(d), from: 3 }).expect("pick up D's card");
    assert_eq!(moved.legal(), [0, 1, 2, 4].map(Action::PutDown).to_vec());
    let before = moved.clone();
    moved.apply(&Action::PutDown(4)).expect("onto E");
    let said = moved.events(&before, &Action::PutDown(4)).join(" ");
    assert!(said.contains("plays no card and moves") && said.contains("from slot D onto slot E"), "{said}");
    let s = slots(&moved, Side::Invader);
    assert!(s[3].is_empty() && s[4].len() == 2 && s[4][1] == Held::FaceUp(d), "it keeps its facing");
    assert_eq!(moved.active(), Side::Mankind, "the turn ends");
    // Once a card is played, no card moves and the turn simply ends.
    g.apply(&Action::Play { card: d, zone: Some(Zone::Africa) }).expect("play D");
    assert!(g.legal().contains(&Action::EndTurn) && !g.legal().contains(&Action::PlayNoCard));
    assert!(g.apply(&Action::PlayNoCard).is_err());
}

#[test]
fn a_face_down_card_paid_toward_a_discard_cost_is_revealed_as_it_goes() {
    let extra = "[[cards]]\nname = \"Mothership\"\nside = \"Invader\"\ndiscard = 1\ndrain = 1\npower = 4\n";
    let mut g = Invaders::new(&setup(extra, 5, DisplaySides::Invader)).expect("a game");
    let ship = named(&g, "Mothership", 0);
    chance(&mut g, &[ship], &[]);
    mankind_passes(&mut g);
    chance(&mut g, &[], &[4]);
    assert!(g.side(Side::Invader).hand.contains(&ship));
    g.apply(&Action::Play { card: ship, zone: Some(Zone::Africa) }).expect("play the Mothership");
    let pay = g.legal();
    assert!(pay.contains(&Action::PayFaceDown(2)), "{pay:?}");
    let pile = g.draw_pile(Side::Invader);
    g.apply(&Action::PayFaceDown(2)).expect("discard C's unseen card");
    assert_eq!(g.to_move(), ToMove::Chance, "which card it was is settled now");
    let before = g.clone();
    let it = g.legal()[0];
    g.apply(&it).expect("it is named");
    let said = g.events(&before, &it).join(" ");
    assert!(said.contains("discards a face-down card of slot C: it is"), "{said}");
    assert!(slots(&g, Side::Invader)[2].is_empty());
    assert_eq!(g.draw_pile(Side::Invader), pile, "a face-down card is not drawn from the pile");
    chance(&mut g, &[], &[]);
    assert_eq!(g.draw_pile(Side::Invader), pile - 1, "the Drain cost comes off the draw pile");
    assert_eq!(g.side(Side::Invader).discard.len(), 2);
}

#[test]
fn a_display_side_loses_when_its_draw_pile_is_empty_however_many_cards_it_shows() {
    let first = InvadersSetup { first: Side::Invader, ..setup("", 0, DisplaySides::Invader) };
    let mut g = Invaders::new(&first).expect("a game");
    // Ten Invader cards last five Draw phases; the sixth finds an empty pile.
    for _ in 0..5 {
        chance(&mut g, &[], &[3]);
        g.apply(&Action::PlayNoCard).expect("the Invader plays nothing");
        g.apply(&Action::EndTurn).expect("and moves nothing");
        chance(&mut g, &[], &[]);
        g.apply(&Action::EndTurn).expect("Mankind ends");
    }
    assert_eq!(g.held(Side::Invader), 10);
    assert_eq!(g.draw_pile(Side::Invader), 0);
    assert_eq!(g.outcome().and_then(|o| o.winner), Some(0));
}

#[test]
fn both_sides_may_be_run_by_displays_and_a_hand_side_is_untouched() {
    let mut g = Invaders::new(&setup("", 5, DisplaySides::Both)).expect("a game");
    chance(&mut g, &[], &[]);
    assert!(g.displayed(Side::Mankind) && g.displayed(Side::Invader));
    assert_eq!(g.phase(), Phase::Main, "Mankind rolled at the end of its Draw phase");
    assert!(g.fate().is_some());
    let plain = Invaders::new(&setup("", 5, DisplaySides::None)).expect("a game");
    assert!(!plain.displayed(Side::Mankind) && !plain.displayed(Side::Invader));
}

// A chance to cancel comes only to a side that could cancel. A display's cancels are its face-up
// cards, on the table for all; and a game with a display is one person's, who sees the hand of a
// side holding one as well (docs/invaders.md).

const SHIELD: &str = "[[cards]]\nname = \"Shield\"\nside = \"Mankind\"\ndiscard = 0\ndrain = 0\ncancels = true\n";

#[test]
fn a_display_with_no_face_up_cancel_is_not_asked_to_cancel() {
    let extra = "[[cards]]\nname = \"Jam\"\nside = \"Invader\"\ndiscard = 0\ndrain = 0\ncancels = true\n";
    let mut g = Invaders::new(&setup(extra, 2, DisplaySides::Invader)).expect("a game");
    // Two Drones face-up in A and B; Jam is somewhere among the unseen cards, where it cannot
    // cancel anything.
    chance(&mut g, &[], &[]);
    assert!(g.side(Side::Invader).hand.iter().all(|&c| g.card(c).name == "Drone"));
    let trooper = g.side(Side::Mankind).hand[0];
    let play = Action::Play { card: trooper, zone: Some(Zone::Eurasia) };
    let before = g.clone();
    g.apply(&play).expect("Mankind plays");
    assert_eq!(g.phase(), Phase::Main, "the Invader is not asked");
    assert!(g.in_play(trooper).is_some());
    let said = g.events(&before, &play).join(" ");
    assert!(said.contains("The Invader's display shows no face-up cancel"), "{said}");
}

#[test]
fn in_a_game_one_person_plays_a_hand_with_no_cancel_it_could_pay_for_is_not_asked() {
    // Mankind's deck holds a Shield, but its hand does not: the one person playing both sides
    // sees that, and the Invader's card goes straight into its zone.
    let mut g = Invaders::new(&setup(SHIELD, 2, DisplaySides::Invader)).expect("a game");
    chance(&mut g, &[], &[]);
    assert!(g.side(Side::Mankind).hand.iter().all(|&c| g.card(c).name == "Trooper"));
    // The Invader's seat sees Mankind's hand too: nothing is hidden from one seat that the other
    // knows, and resampling for the Invader keeps it.
    let mankind: Vec<u8> = g.observe(1).sides[0].cards.iter().flatten().map(|c| c.id).collect();
    assert_eq!(mankind, g.side(Side::Mankind).hand);
    let mut rng = <rand_chacha::ChaCha8Rng as rand_core::SeedableRng>::seed_from_u64(1);
    assert_eq!(g.resample(1, &mut rng), g);
    mankind_passes(&mut g);
    chance(&mut g, &[], &[4]);
    let drone = g.side(Side::Invader).hand[0];
    g.apply(&Action::Play { card: drone, zone: Some(Zone::Africa) }).expect("the Invader plays");
    assert_eq!(g.phase(), Phase::Main, "Mankind is not asked");
    assert!(g.in_play(drone).is_some());
    // With the Shield in hand, Mankind is asked.
    let mut g = Invaders::new(&setup(SHIELD, 2, DisplaySides::Invader)).expect("a game");
    let shield = named(&g, "Shield", 0);
    chance(&mut g, &[shield], &[]);
    mankind_passes(&mut g);
    chance(&mut g, &[], &[4]);
    let drone = g.side(Side::Invader).hand[0];
    g.apply(&Action::Play { card: drone, zone: Some(Zone::Africa) }).expect("the Invader plays");
    assert_eq!(g.phase(), Phase::Window { by: Side::Mankind });
    assert_eq!(g.legal(), vec![Action::Cancel(shield), Action::LetStand]);
}

#[test]
fn a_display_cancel_stopped_by_the_fate_die_with_no_other_face_up_cancel_lets_the_card_through() {
    let extra = "[[cards]]\nname = \"Jam\"\nside = \"Invader\"\ndiscard = 0\ndrain = 0\ncancels = true\n";
    let mut g = Invaders::new(&setup(extra, 2, DisplaySides::Invader)).expect("a game");
    let jam = named(&g, "Jam", 0);
    chance(&mut g, &[jam], &[]);
    let trooper = g.side(Side::Mankind).hand[0];
    g.apply(&Action::Play { card: trooper, zone: Some(Zone::Eurasia) }).expect("Mankind plays");
    g.apply(&Action::Cancel(jam)).expect("try to cancel");
    let before = g.clone();
    g.apply(&Action::Fate(1)).expect("the !! face");
    assert_eq!(g.phase(), Phase::Main, "no other face-up cancel: nothing more to ask");
    assert!(g.in_play(trooper).is_some());
    assert!(g.side(Side::Invader).hand.contains(&jam), "the stopped card stays in its slot");
    let said = g.events(&before, &Action::Fate(1)).join(" ");
    assert!(said.contains("enters play in Eurasia"), "{said}");
}
