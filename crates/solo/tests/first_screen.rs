//! How many choices a player meets: the first screen of every sheet, with its built-in manifest,
//! holds at most ten decisions besides the table tools, and random play keeps most screens that
//! short. Tools (reshuffles an event orders, markers set by hand, discards and set-asides) wait
//! behind one entry, so they are not counted.

use engine::{ChanceMode, Game, Session, ToMove};
use solo::{CardTable, TableAction, TableSetup};

const SHEETS: [&str; 10] = [
    "manoeuvre",
    "cc-epic-ancients",
    "cc-medieval",
    "cc-napoleonics",
    "cc-napoleonics-epic",
    "pursuit-of-glory",
    "empire-of-the-sun",
    "wilderness-war",
    "barbarossa-to-berlin",
    "1960",
];

/// The most choices a screen may show besides the tools in the common case.
const SHORT_SCREEN: usize = 10;

fn builtin(game: &str) -> TableSetup {
    match solo::manifest::manifest(game) {
        Ok(m) => TableSetup::with_manifest((*m).clone()),
        Err(_) => TableSetup::new(game),
    }
}

/// The non-tool decisions the table offers now, by id.
fn main_choices(table: &CardTable) -> Vec<String> {
    table.legal().iter().filter(|a| !table.is_tool(a)).map(|a| table.action_id(a)).collect()
}

#[test]
fn first_screen_of_every_sheet_holds_at_most_ten_choices_besides_the_tools() {
    let mut long = Vec::new();
    for game in SHEETS {
        for seed in 0..8 {
            let session = Session::<CardTable>::new(builtin(game), seed, ChanceMode::Auto)
                .unwrap_or_else(|e| panic!("{game}: {e}"));
            let table = session.state();
            assert!(matches!(table.to_move(), ToMove::Player(_)), "{game}: the first screen is a player's");
            let choices = main_choices(table);
            assert!(!choices.is_empty(), "{game} seed {seed}: the first screen offers nothing");
            if std::env::var("SHOW_LONG").is_ok() && seed == 0 {
                eprintln!("{game}: first screen {} choices besides the tools", choices.len());
            }
            if choices.len() > SHORT_SCREEN {
                long.push(format!("{game} seed {seed}: {} choices {choices:?}", choices.len()));
            }
        }
    }
    assert!(long.is_empty(), "first screens too long:\n{}", long.join("\n"));
}

#[test]
fn random_play_keeps_nine_screens_in_ten_short() {
    let mut report = Vec::new();
    for game in SHEETS {
        let (mut screens, mut short) = (0usize, 0usize);
        for seed in 0..4u64 {
            let mut session = Session::<CardTable>::new(builtin(game), seed, ChanceMode::Auto)
                .unwrap_or_else(|e| panic!("{game}: {e}"));
            let mut rng = engine::ChanceRng::new(seed ^ 0xf125);
            for _ in 0..150 {
                let table = session.state();
                if !matches!(table.to_move(), ToMove::Player(_)) {
                    break;
                }
                let legal = table.legal();
                // A question about a card's printed number is answered by typing it, not by reading
                // a list: it is not a screen of choices.
                let question =
                    legal.iter().filter(|a| !table.is_tool(a)).all(|a| matches!(a, TableAction::Describe { .. }));
                screens += usize::from(!question);
                if !question && legal.iter().filter(|a| !table.is_tool(a)).count() <= SHORT_SCREEN {
                    short += 1;
                } else if std::env::var("SHOW_LONG").is_ok() {
                    eprintln!("{game}: {:?}", main_choices(table));
                }
                // Mostly the main choices, as a player would; now and then a tool.
                let mains: Vec<_> = legal.iter().filter(|a| !table.is_tool(a)).cloned().collect();
                let pool = if mains.is_empty() || rng.pick(10) == 0 { &legal } else { &mains };
                let action = pool[rng.pick(pool.len())].clone();
                session.apply(&action).unwrap_or_else(|e| panic!("{game}: {e}"));
            }
        }
        if short * 10 < screens * 9 {
            report.push(format!("{game}: {short} of {screens} screens short"));
        } else if std::env::var("SHOW_LONG").is_ok() {
            eprintln!("{game}: {short} of {screens} screens short");
        }
    }
    assert!(report.is_empty(), "too many long screens:\n{}", report.join("\n"));
}

#[test]
fn every_scenario_has_a_title_for_the_lobby() {
    let mut seen = 0;
    for sheet in solo::playsheets().expect("the playsheets") {
        for scenario in solo::scenarios(&sheet.id) {
            let title = scenario.title();
            assert!(!title.is_empty() && !title.contains(':'), "{}: '{title}'", scenario.id);
            assert!(title.len() < scenario.summary.len(), "{}: the title is the summary's head", scenario.id);
            seen += 1;
        }
    }
    let napoleonics: Vec<&str> = solo::scenarios("cc-napoleonics").iter().map(|s| s.title()).collect();
    assert!(napoleonics.contains(&"Medellin"), "{napoleonics:?}");
    assert!(seen > 10, "{seen} scenarios");
}
