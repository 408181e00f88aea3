//! Card tables built from deck manifests: the manifest's cards are dealt, labelled by number and
//! name, and the table asks only for the facts the manifest leaves out. Face-down cards stay
//! anonymous in everything a player sees.

mod common;

use std::collections::BTreeSet;

use common::*;
use engine::conformance::{Plan, check_random_play};
use engine::{ChanceMode, Game, Record, Session, below};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde_json::Value;
use solo::{CardId, CardTable, Manifest, TableSetup, manifest, manifests};

fn parse(text: &str) -> Manifest {
    Manifest::from_toml("test.toml", text).unwrap_or_else(|e| panic!("{e}"))
}

/// A Wilderness War deck (one shared deck, Ops, Event on face 2): ids 1 Alpha, 2 Bravo,
/// 3 Charlie, 4 and 5 Delta, then anonymous cards 6 to 60. Dealt lowest first, the French get
/// A1 B2 C3 D4 E5 and the British A6 B7 C8 D9 E10.
const WW: &str = r#"
game = "wilderness-war"
title = "test deck"

[[cards]]
number = 10
name = "Alpha"
ops = 2
event = true

[[cards]]
number = 11
name = "Bravo"
ops = 3
event = false

[[cards]]
number = 12
name = "Charlie"

[[cards]]
number = 13
name = "Delta"
ops = 1
copies = 2
"#;

fn ww_setup() -> TableSetup {
    TableSetup::with_manifest(parse(WW))
}

fn label_of(s: &Table, id: &str) -> String {
    let state = s.state();
    let action = state.find_action(id).unwrap_or_else(|| panic!("'{id}' is not legal; legal: {:?}", ids(s)));
    state.action_label(&action)
}

fn view_json(s: &Table) -> Value {
    let state = s.state();
    serde_json::to_value(state.observe(state.active())).expect("the view serializes")
}

fn name_of(s: &Table, card: u16) -> Option<String> {
    s.state().card_name(CardId(card)).map(|n| n.to_string())
}

// ---- Dealing and labels ----

#[test]
fn the_manifest_cards_come_first_and_the_rest_are_anonymous() {
    let s = dealt_with(ww_setup());
    assert_eq!(s.state().all_cards().count(), 60, "the playsheet's deck size tops the deck up");
    assert_eq!(name_of(&s, 1).as_deref(), Some("#10 Alpha"));
    assert_eq!(name_of(&s, 3).as_deref(), Some("#12 Charlie"));
    assert_eq!(name_of(&s, 4).as_deref(), Some("#13 Delta"), "copies share a number and name");
    assert_eq!(name_of(&s, 5).as_deref(), Some("#13 Delta"));
    assert_eq!(name_of(&s, 6), None);
    assert_eq!(slot(&s, 0, A), vec![(1, true)]);
}

#[test]
fn labels_name_manifest_cards_by_number_and_name() {
    let mut s = dealt_with(ww_setup());
    assert_eq!(label_of(&s, "discard-1"), "French: discard #10 Alpha from slot A");
    assert_eq!(label_of(&s, "discard-2"), "French: discard #11 Bravo from slot B");
    roll(&mut s, 1);
    assert_eq!(label_of(&s, "play-3-operations"), "French: play #12 Charlie from slot C for Operations");
    act(&mut s, "play-3-operations");
    draw_all(&mut s);
    act(&mut s, "end-turn");
    // Anonymous cards keep their plain labels.
    assert_eq!(label_of(&s, "discard-6"), "British: discard card 6 from slot A");
}

#[test]
fn a_manual_draw_names_the_card_that_comes_off_the_deck() {
    let s = undealt(ww_setup());
    assert_eq!(label_of(&s, "draw-4"), "#13 Delta comes off the deck");
    assert_eq!(label_of(&s, "draw-7"), "card 7 comes off the deck");
}

// ---- Facts from the manifest ----

#[test]
fn face_2_uses_the_manifest_and_asks_nothing() {
    let mut s = dealt_with(ww_setup());
    roll(&mut s, 2);
    assert!(describe_ids(&s).is_empty(), "Alpha and Bravo are fully described: {:?}", ids(&s));
    assert_eq!(playable(&s), vec![1], "Alpha is an Event and the lowest (2 Ops against 3)");
}

#[test]
fn face_1_uses_the_manifest_values() {
    let mut s = dealt_with(ww_setup());
    roll(&mut s, 1);
    assert!(describe_ids(&s).is_empty());
    assert_eq!(playable(&s), vec![1, 3], "C, or the lowest face-up card");
}

#[test]
fn the_table_still_asks_about_anonymous_cards_and_facts_the_manifest_leaves_out() {
    let mut s = dealt_with(ww_setup());
    roll(&mut s, 5);
    assert_eq!(playable(&s), vec![3, 4, 5]);
    play(&mut s, 4);
    draw_all(&mut s);
    act(&mut s, "end-turn");
    // The British cards are anonymous: their facts are asked.
    roll(&mut s, 2);
    let asked = describe_ids(&s);
    assert!(!asked.is_empty() && asked.iter().all(|id| id.starts_with("describe-6-")), "{asked:?}");
    describe_all(&mut s);
    // Wilderness War has no turn without a play: the British play a card.
    let card = playable(&s)[0];
    play(&mut s, card);
    draw_all(&mut s);
    act(&mut s, "end-turn");
    // Charlie is named, but the manifest gives neither its Ops nor its type.
    roll(&mut s, 2);
    let asked = describe_ids(&s);
    assert!(asked.contains(&"describe-3-v2-special".to_string()), "{asked:?}");
    assert!(asked.iter().all(|id| id.starts_with("describe-3-")), "{asked:?}");
}

#[test]
fn a_complete_manifest_answers_every_question() {
    let text = r#"
game = "wilderness-war"
complete = true

[[cards]]
number = 1
name = "Small"
ops = 1
copies = 6

[[cards]]
number = 2
name = "Big"
ops = 3
event = true
copies = 6
"#;
    let mut s = dealt_with(TableSetup::with_manifest(parse(text)));
    assert_eq!(s.state().all_cards().count(), 12, "a complete manifest is the whole deck");
    assert!(s.state().all_cards().all(|c| s.state().card_name(c).is_some()));
    for face in [1, 2, 1, 2, 3, 2] {
        roll(&mut s, face);
        // Face 2 may first ask which card to turn up (the refills come face-down).
        while let Some(flip) = ids(&s).into_iter().find(|id| id.starts_with("flip-")) {
            act(&mut s, &flip);
        }
        assert!(describe_ids(&s).is_empty(), "nothing is left to ask: {:?}", ids(&s));
        let card = playable(&s)[0];
        play(&mut s, card);
        draw_all(&mut s);
        act(&mut s, "end-turn");
    }
}

#[test]
fn order_counts_are_still_asked_but_tactic_cards_are_known() {
    let text = r#"
game = "cc-napoleonics"

[[cards]]
name = "Tactic One"
order = "tactic"

[[cards]]
name = "Section One"
order = "section"
"#;
    // `order = "section"` alone says the card is not a Tactic card.
    let mut s = dealt_with(TableSetup::with_manifest(parse(text)));
    assert_eq!(name_of(&s, 1).as_deref(), Some("Tactic One"), "C&C cards have no printed number");
    roll(&mut s, 2);
    // C&C sheets, "Lowest Order-Count": a Tactic card has no order count, so only the section
    // card's count is asked, and not its type.
    let values: Vec<String> = (0..=9).map(|v| format!("describe-2-v{v}")).collect();
    assert_eq!(describe_ids(&s), values, "only the order card's count is asked");
    act(&mut s, "describe-2-v1");
    assert_eq!(playable(&s), vec![1, 2], "the Tactic card, and the lowest order count");
}

#[test]
fn manoeuvre_hq_and_unit_flags_answer_face_2() {
    let text = r#"
game = "manoeuvre"

[[cards]]
number = 1
name = "Grenadiers"
side = "First player"
unit = true

[[cards]]
number = 2
name = "Marshal"
side = "First player"
hq = true
"#;
    let mut s = dealt_with(TableSetup::with_manifest(parse(text)));
    roll(&mut s, 2);
    // (Only the inactive side's anonymous cards are asked about: unit or HQ, for its own plays.)
    let asked = describe_ids(&s);
    assert!(asked.iter().all(|id| id.starts_with("describe-61-") || id.starts_with("describe-62-")), "{asked:?}");
    assert_eq!(playable(&s), vec![1, 2], "the HQ card, and any unit card");
}

// ---- Decks: sides, copies and sizes ----

#[test]
fn a_dual_deck_manifest_puts_each_card_in_its_sides_deck() {
    let s = dealt_with(TableSetup::with_manifest(manifest("pursuit-of-glory").expect("shipped").as_ref().clone()));
    let state = s.state();
    // Complete: each deck is exactly its 55 listed cards, the Allied Powers' first.
    assert_eq!(state.all_cards().count(), 110);
    assert_eq!(name_of(&s, 1).as_deref(), Some("#1 Russo-British Assault"));
    assert_eq!(name_of(&s, 58).as_deref(), Some("#3 Enver to Constantinople"));
    let allied: BTreeSet<String> = (1..=55).filter_map(|c| name_of(&s, c)).collect();
    let central: BTreeSet<String> = (56..=110).filter_map(|c| name_of(&s, c)).collect();
    assert_eq!(allied.len(), 55);
    assert!(allied.contains("#21 No Prisoners") && allied.contains("#45 Greece"));
    assert_eq!(central.len(), 55);
    assert!(central.contains("#20 Jafar Pasha") && central.contains("#50 Kaiserschlacht"));
    // Pursuit of Glory's own rules set Russo-British Assault aside before the deal, so the next
    // Allied card opens the display.
    assert_eq!(state.display(0).beside, vec![CardId(1)]);
    assert_eq!(label_of(&s, "discard-2"), "Allied Powers: discard #2 ANZAC Reinforcements from slot A");
}

#[test]
fn deck_sizes_come_from_the_setup_then_the_manifest_then_the_playsheet() {
    let m = parse(&WW.replace("title = \"test deck\"", "title = \"sized\"\ndeck_size = [20]"));
    assert_eq!(m.deck_size, Some(vec![20]));
    let s = undealt(TableSetup::with_manifest(m.clone()));
    assert_eq!(s.state().all_cards().count(), 20);
    let setup = TableSetup { deck_size: Some([30, 0]), ..TableSetup::with_manifest(m) };
    assert_eq!(undealt(setup).state().all_cards().count(), 30, "the setup's deck_size wins");
}

#[test]
fn setups_that_do_not_fit_the_manifest_are_refused() {
    let refused = |setup: TableSetup| match CardTable::new(&setup) {
        Ok(_) => panic!("accepted {setup:?}"),
        Err(e) => e.to_string(),
    };
    let setup = TableSetup {
        deck_size: Some([8, 0]),
        ..TableSetup::with_manifest(parse(&WW.replace("copies = 2", "copies = 6")))
    };
    let e = refused(setup);
    assert!(e.contains("smaller than the 9 cards the manifest lists"), "{e}");
    let setup = TableSetup { game: "1960".into(), ..ww_setup() };
    let e = refused(setup);
    assert!(e.contains("the manifest is for 'wilderness-war'"), "{e}");
    // A manifest edited inside a saved setup is validated too, and named by field path.
    let mut setup = ww_setup();
    if let Some(m) = setup.manifest.as_mut() {
        m.cards[1].ops = Some(8);
    }
    let e = refused(setup);
    assert!(e.contains("field cards[1].ops: 8 is not an Ops value (1-5)"), "{e}");
    // A complete manifest that lists too few cards for a deck.
    let tiny = parse("game = \"1960\"\ncomplete = true\n[[cards]]\nnumber = 1\nname = \"A\"\nops = 1\ncopies = 3\n");
    let e = refused(TableSetup::with_manifest(tiny));
    assert!(e.contains("deck_size 3 is out of range"), "{e}");
}

#[test]
fn copies_are_separate_cards_with_one_name() {
    let mut s = dealt_with(ww_setup());
    roll(&mut s, 6);
    assert_eq!(playable(&s), vec![4, 5]);
    let view = view_json(&s);
    assert_eq!(view["cards"]["4"]["name"], "Delta");
    assert_eq!(view["cards"]["5"]["number"], 13);
}

// ---- What players see ----

#[test]
fn the_view_names_only_cards_in_sight() {
    let mut s = dealt_with(ww_setup());
    let view = view_json(&s);
    let named: Vec<&String> = view["cards"].as_object().expect("a map").keys().collect();
    assert_eq!(named, vec!["1", "2"], "only Alpha and Bravo are face-up; 6 and 7 are anonymous");
    let text = view.to_string();
    assert!(!text.contains("Charlie") && !text.contains("Delta"), "face-down cards stay unnamed: {text}");
    roll(&mut s, 5);
    let text = view_json(&s).to_string();
    assert!(text.contains("Charlie") && text.contains("Delta"), "turned face-up, they are named");
}

#[test]
fn a_table_without_a_manifest_shows_no_card_names() {
    let s = dealt("wilderness-war");
    assert!(view_json(&s).get("cards").is_none(), "the view keeps its old shape");
}

/// The cards no player may see: face-down display cards and undrawn deck cards.
fn hidden(state: &CardTable) -> BTreeSet<u16> {
    let mut out = BTreeSet::new();
    for side in 0..2 {
        out.extend(state.display(side).cards().filter(|(_, _, p)| !p.face_up).map(|(_, _, p)| p.card.0));
        out.extend(state.deck_of(side).pool.iter().map(|c| c.0));
    }
    out
}

#[test]
fn random_play_never_names_a_face_down_manifest_card() {
    let mut setups: Vec<TableSetup> =
        manifests().expect("shipped").iter().map(|m| TableSetup::with_manifest(m.as_ref().clone())).collect();
    setups.push(ww_setup());
    for setup in setups {
        let game = setup.game.clone();
        for seed in 0..3u64 {
            let mut session = Session::<CardTable>::new(setup.clone(), seed, ChanceMode::Auto).expect("sets up");
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            for step in 0..300 {
                let state = session.state();
                let hidden = hidden(state);
                let view = serde_json::to_value(state.observe(state.active())).expect("serializes");
                let in_sight_names: BTreeSet<String> = view
                    .get("cards")
                    .and_then(Value::as_object)
                    .map(|m| m.values().filter_map(|c| c["name"].as_str().map(str::to_string)).collect())
                    .unwrap_or_default();
                if let Some(cards) = view.get("cards").and_then(Value::as_object) {
                    for id in cards.keys() {
                        let id: u16 = id.parse().expect("numeric key");
                        assert!(!hidden.contains(&id), "{game} seed {seed} step {step}: card {id} is face-down");
                    }
                }
                let text = view.to_string();
                // Rules that let a side search its whole deck for a card (Barbarossa to Berlin's
                // Total War choice) name every card of that deck wherever it lies; that tells
                // nothing about where a card is.
                let labels: Vec<String> = state
                    .legal()
                    .iter()
                    .filter(|a| {
                        let id = state.action_id(a);
                        // Likewise the Central Powers' 4 Ops card, chosen at setup from its deck.
                        !id.starts_with("total-war-slot-a-") && !id.starts_with("pog-set-aside-4-ops-")
                    })
                    .map(|a| state.action_label(a))
                    .collect();
                for &card in &hidden {
                    let Some(name) = state.card_name(CardId(card)) else { continue };
                    if in_sight_names.contains(&name.name) {
                        continue; // a copy, or a card of the same name, is in sight
                    }
                    let quoted = format!("\"name\":\"{}\"", name.name);
                    assert!(!text.contains(&quoted), "{game} seed {seed} step {step}: {name} named in the view");
                    let shown = name.to_string();
                    assert!(
                        !labels.iter().any(|l| l.contains(&shown)),
                        "{game} seed {seed} step {step}: {shown} named in a label"
                    );
                }
                let actions = state.legal();
                let action = actions[below(&mut rng, actions.len())].clone();
                session.apply(&action).expect("legal actions apply");
            }
        }
    }
}

#[test]
fn resampling_keeps_named_cards_in_their_sides_deck() {
    let setup = TableSetup::with_manifest(manifest("empire-of-the-sun").expect("shipped").as_ref().clone());
    let s = dealt_with(setup);
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for _ in 0..50 {
        let other = s.state().resample(0, &mut rng);
        for side in 0..2u8 {
            // 86 Japanese cards, then 84 Allied ones.
            let range = if side == 0 { 1..=86 } else { 87..=170 };
            let display = other.display(side);
            for (_, _, p) in display.cards() {
                assert!(range.contains(&p.card.0), "side {side} shows card {} of the other deck", p.card.0);
            }
            assert!(other.deck_of(side).pool.iter().all(|c| range.contains(&c.0)));
        }
    }
}

// ---- The conformance kit and saves ----

#[test]
fn the_conformance_kit_passes_with_every_shipped_manifest() {
    for m in manifests().expect("shipped") {
        let setup = TableSetup::with_manifest(m.as_ref().clone());
        let plan = Plan { seeds: 0..6, step_cap: 400, observe_every: 3 };
        let report = check_random_play::<CardTable>(&setup, &plan).unwrap_or_else(|e| panic!("{}: {e}", m.game));
        assert!(report.resamples_that_changed > 0, "{}: nothing hidden was redrawn", m.game);
    }
}

#[test]
fn the_conformance_kit_passes_with_small_decks_full_of_named_cards() {
    for m in manifests().expect("shipped") {
        let sheet = solo::playsheet(&m.game).expect("a shipped game");
        let listed = m.listed(&sheet);
        let n = (listed[0].max(listed[1]) as u16 + 1).max(9);
        let setup = TableSetup { deck_size: Some([n, n]), ..TableSetup::with_manifest(m.as_ref().clone()) };
        let plan = Plan { seeds: 0..4, step_cap: 300, observe_every: 2 };
        check_random_play::<CardTable>(&setup, &plan).unwrap_or_else(|e| panic!("{} with {n} cards: {e}", m.game));
    }
}

#[test]
fn the_conformance_kit_passes_with_complete_manifests() {
    let single = "game = \"1960\"\ncomplete = true\n\
                  [[cards]]\nnumber = 1\nname = \"One\"\nops = 1\ncopies = 5\n\
                  [[cards]]\nnumber = 2\nname = \"Two\"\nops = 2\nevent = true\ncopies = 5\n";
    let dual = "game = \"barbarossa-to-berlin\"\ncomplete = true\n\
                [[cards]]\nnumber = 1\nname = \"Axis A\"\nside = \"Axis\"\nops = 3\ncopies = 5\n\
                [[cards]]\nnumber = 2\nname = \"Axis B\"\nside = \"Axis\"\nops = 1\nevent = true\ncopies = 5\n\
                [[cards]]\nnumber = 1\nname = \"Allied A\"\nside = \"Allied\"\nops = 2\ncopies = 5\n\
                [[cards]]\nnumber = 2\nname = \"Allied B\"\nside = \"Allied\"\nops = 4\nevent = true\ncopies = 5\n";
    for text in [single, dual] {
        let setup = TableSetup::with_manifest(parse(text));
        let plan = Plan { seeds: 0..6, step_cap: 400, observe_every: 2 };
        check_random_play::<CardTable>(&setup, &plan).unwrap_or_else(|e| panic!("{}: {e}", setup.game));
    }
}

#[test]
fn a_saved_table_with_a_manifest_replays_from_json() {
    let setup = TableSetup::with_manifest(manifest("1960").expect("shipped").as_ref().clone());
    let mut session = Session::<CardTable>::new(setup, 11, ChanceMode::Auto).expect("sets up");
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for _ in 0..200 {
        let actions = session.state().legal();
        session.apply(&actions[below(&mut rng, actions.len())]).expect("applies");
    }
    let json = serde_json::to_string(&session.record()).expect("serializes");
    assert!(json.contains("\"Gathering Momentum in the South!\""), "the manifest travels with the save");
    let record: Record<TableSetup> = serde_json::from_str(&json).expect("deserializes");
    let replayed = Session::<CardTable>::from_record(record).expect("replays");
    assert_eq!(replayed.state(), session.state());
}

#[test]
fn physical_deck_tables_pass_the_conformance_kit() {
    for game in ["pursuit-of-glory", "wilderness-war", "1960", "barbarossa-to-berlin"] {
        let mut setup = TableSetup::with_manifest(manifest(game).expect("shipped").as_ref().clone());
        setup.physical = true;
        let plan = Plan { seeds: 0..6, step_cap: 400, observe_every: 2 };
        let report = check_random_play::<CardTable>(&setup, &plan).unwrap_or_else(|e| panic!("{game} physical: {e}"));
        assert!(report.resamples_that_changed > 0, "{game}");
    }
}

// ---- Complete manifests ----

/// Random play with `m`: panics on a question about a value or type the manifest holds; returns
/// how many questions were asked and how many choices followed a Fate Die 1 or 2 (the faces that
/// need values and types).
fn questions_in_random_play(m: &Manifest) -> (usize, usize) {
    use solo::TableAction;
    let game = &m.game;
    let setup = TableSetup::with_manifest(m.clone());
    let (mut questions, mut low_roll_choices) = (0, 0);
    for seed in 0..4u64 {
        let mut session = Session::<CardTable>::new(setup.clone(), seed, ChanceMode::Auto).expect("sets up");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for step in 0..400 {
            let state = session.state();
            let actions = state.legal();
            let choosing = actions.iter().any(|a| matches!(a, TableAction::Play { .. } | TableAction::Describe { .. }));
            if choosing && matches!(state.last_roll(), Some(1 | 2)) {
                low_roll_choices += 1;
            }
            for action in &actions {
                let TableAction::Describe { card, value, special } = action else { continue };
                questions += 1;
                let Some(name) = state.card_name(*card) else { continue };
                let listed: Vec<&solo::ManifestCard> =
                    m.cards.iter().filter(|c| c.number == name.number && c.name == name.name).collect();
                assert!(!listed.is_empty(), "{game}: {name} is not in the manifest");
                let holds_value = listed.iter().all(|c| c.ops.is_some());
                let holds_type = listed.iter().all(|c| c.event.is_some());
                let asked = state.action_label(action);
                assert!(!(value.is_some() && holds_value), "{game} seed {seed} step {step}: asks '{asked}'");
                assert!(!(special.is_some() && holds_type), "{game} seed {seed} step {step}: asks '{asked}'");
            }
            let action = actions[below(&mut rng, actions.len())].clone();
            session.apply(&action).expect("legal actions apply");
        }
    }
    (questions, low_roll_choices)
}

#[test]
fn a_table_with_a_complete_manifest_never_asks_for_a_value_or_type() {
    // The Ops and CP games: their shipped manifests list every card with its value and event type
    // (Empire of the Sun lacks one value, Allies #2, which alone may still be asked).
    for game in ["pursuit-of-glory", "barbarossa-to-berlin", "wilderness-war", "1960", "empire-of-the-sun"] {
        let m = manifest(game).expect("shipped");
        let (questions, low_roll_choices) = questions_in_random_play(&m);
        assert!(low_roll_choices >= 10, "{game}: faces 1 and 2 came up only {low_roll_choices} times");
        if game != "empire-of-the-sun" {
            assert_eq!(questions, 0, "{game}");
            // The same deck without its values is asked about: the play above did reach questions.
            let mut unvalued = m.as_ref().clone();
            unvalued.complete = false;
            let listed = m.listed(&solo::playsheet(game).expect("shipped"));
            unvalued.deck_size = Some(listed.iter().filter(|n| **n > 0).map(|n| *n as u16).collect());
            unvalued.cards.iter_mut().for_each(|c| c.ops = None);
            assert!(questions_in_random_play(&unvalued).0 > 0, "{game}");
        }
    }
}

#[test]
fn physical_deck_every_card_not_yet_identified_is_offered_whatever_the_virtual_deal_held() {
    let manifest = manifest("wilderness-war").expect("shipped").as_ref().clone();
    let mut s = dealt_with(TableSetup { physical: true, ..TableSetup::with_manifest(manifest) });
    let a = slot(&s, 0, A)[0].0;
    let b = slot(&s, 0, B)[0].0;
    let other = slot(&s, 1, A)[0].0;
    // The virtual deal put another card in B (and in the other display, from the shared deck): the
    // real card in A may still be either of them, face-up or not.
    for card in [b, other] {
        assert!(offers(&s, &format!("identify-as-{card}")), "{card}: {:?}", ids(&s));
    }
    assert!(!ids(&s).iter().any(|id| id.contains(&format!("-{a}-"))), "no id names the stand-in {a}: {:?}", ids(&s));
    // The id records wrote before names the stand-in too; it still applies.
    act(&mut s, &format!("identify-{a}-as-{b}"));
    // Named, that card is where the player said: it is not offered for the next card.
    assert!(!ids(&s).iter().any(|id| id.ends_with(&format!("-as-{b}"))), "{:?}", ids(&s));
    assert!(ids(&s).iter().all(|id| id.starts_with("identify-")));
}
