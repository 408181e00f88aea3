//! `cdgsolo assist`: both sides' Card Displays of a board game on the table, run in the terminal. It
//! shows the displays, says what the Fate Die allows, lists the legal actions by number, and carries
//! out the chosen one, resolving rolls and draws from the seed. `u` undoes the last decision (never a
//! roll, a draw or a reveal), `s FILE` saves a copy of the table to a file, `q` quits. The table is
//! kept in the saved games (`crate::stored`) after every change; `--resume` picks a saved table up
//! again (by id, from a list, or from a file); `--script FILE` runs action ids from a file without
//! asking anything and without writing to the saved games.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow, bail};
use engine::{ChanceMode, Game, Session};
use solo::{CardTable, TableAction, TableSetup, TableView};

use crate::stored::{self, Autosave, Kind, Resume, Taken};
use server::store::Store;

/// How `assist` starts.
pub struct AssistOptions {
    pub game: Option<String>,
    pub seed: Option<u64>,
    pub hand_size: Option<Vec<u8>>,
    pub deck_size: Option<Vec<u16>>,
    /// `--resume` as given: `Some(None)` for the list, `Some(Some(ID or FILE))`.
    pub resume: Option<Option<String>>,
    /// `--db PATH`: the saved games (the user's default database when left out).
    pub db: Option<PathBuf>,
    pub script: Option<String>,
    /// A deck manifest file, `builtin` for the one cdgsolo ships for the game (the default where
    /// one ships), or `none`.
    pub manifest: Option<String>,
    /// Who shuffles; asked at the start of a new table when left out.
    pub deck: Option<DeckChoice>,
    /// A scenario whose card setup is made at the start (see `solo::scenarios`).
    pub scenario: Option<String>,
    /// Nations each side fields (see `TableSetup::nations`); 1 when not given.
    pub nations: Option<u8>,
    /// The miniatures sequence's roster file.
    pub roster: Option<String>,
    /// Invaders: who takes the first turn, and the starting hands.
    pub first: Option<crate::aid::FirstSide>,
    pub starting_hand: Option<u8>,
    /// Invaders: the sides run by a Card Display.
    pub display: Option<crate::aid::DisplayArg>,
}

/// Who shuffles the deck the table draws from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DeckChoice {
    /// The player shuffles the real cards and says which card turns up.
    Physical,
    /// cdgsolo shuffles; the player keeps the deck sorted by number and takes the card it names.
    Virtual,
}

/// The two ways of playing, in the words the lobby uses too.
const PHYSICAL_WORDS: &str = "I shuffle my own cards and tell cdgsolo which card turns up.";
const VIRTUAL_WORDS: &str =
    "cdgsolo shuffles: keep your deck sorted by number and take each card it names (you will know the face-down ones).";

/// The card list of a new table: the one named on the command line, else the one that ships for
/// the game (none for `--manifest none`, or where none ships).
fn table_manifest(game: &str, which: Option<&str>) -> Result<Option<solo::Manifest>> {
    match which {
        Some("none") => Ok(None),
        Some(which) => read_manifest(game, which).map(Some),
        None => Ok(solo::manifest(game).ok().map(|m| m.as_ref().clone())),
    }
}

/// Whose shuffle the new table uses: the `--deck` given (virtual only where the card list names
/// every card), else the player's answer where both are possible, else the physical deck.
fn choose_deck(
    options: &AssistOptions,
    manifest: Option<&solo::Manifest>,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Option<DeckChoice>> {
    let offered = manifest.is_some_and(solo::virtual_deck_offered);
    match options.deck {
        // Without any card list the table's own numbers are the cards' names: a deck the player
        // numbered by hand, or a script replaying a table.
        Some(DeckChoice::Virtual) if !offered && manifest.is_some() => bail!(
            "--deck virtual needs a card list naming every card, so that each card cdgsolo draws is one you can              find in your sorted deck; {}; use --deck physical (you shuffle and say which card turns up)",
            match manifest {
                Some(m) => format!("{} does not", m.title.as_deref().unwrap_or("this card list")),
                None => "this table has none".to_string(),
            }
        ),
        Some(choice) => return Ok(Some(choice)),
        None if !offered || options.script.is_some() => return Ok(Some(DeckChoice::Physical)),
        None => {}
    }
    writeln!(out, "Your deck:")?;
    writeln!(out, "  1. {PHYSICAL_WORDS}")?;
    writeln!(out, "  2. {VIRTUAL_WORDS}")?;
    loop {
        write!(out, "deck (1 or 2, q to leave)> ")?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            bail!("no deck chosen (the input ended); give --deck physical or --deck virtual");
        }
        match line.trim() {
            "1" | "physical" => return Ok(Some(DeckChoice::Physical)),
            "2" | "virtual" => return Ok(Some(DeckChoice::Virtual)),
            "q" => return Ok(None),
            other => {
                writeln!(out, "'{other}' is neither: type 1 for your own shuffled cards, 2 for cdgsolo's shuffle.")?
            }
        }
    }
}

/// Reads the manifest named on the command line.
fn read_manifest(game: &str, which: &str) -> Result<solo::Manifest> {
    if which == "builtin" {
        let shipped: Vec<String> = solo::manifest::manifests()
            .map_err(|e| anyhow!("{e}"))?
            .iter()
            .map(|m| m.game.clone())
            .filter(|g| !g.is_empty())
            .collect();
        if !shipped.iter().any(|g| g == game) {
            bail!(
                "no built-in manifest ships for {game} (built-in ones: {}); leave out --manifest, or give \
                 a manifest file of your own (see docs/manifests.md)",
                shipped.join(", ")
            );
        }
        return Ok(solo::manifest(game).map_err(|e| anyhow!("{e}"))?.as_ref().clone());
    }
    let text = engine::files::read_text(Path::new(which))?;
    solo::Manifest::from_toml(which, &text).map_err(|e| anyhow!("{e}"))
}

/// Where the table being run comes from.
enum Origin {
    New,
    File(PathBuf),
    // Boxed: the store holds its connection and the acknowledged-changes file, far larger than
    // the other choices.
    Stored(Box<(Store, Taken)>),
}

/// A new table from the options, or the saved one named by `--resume`; `None` when the player
/// leaves the list of saved tables without taking one.
fn open(
    options: &AssistOptions,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Option<(Session<CardTable>, Origin)>> {
    match options.resume.as_ref().map(|r| Resume::parse(r.as_deref())).transpose()? {
        Some(Resume::File(file)) => {
            let session = load(&file)?;
            check_agrees(options, &session, &file.display().to_string())?;
            return Ok(Some((session, Origin::File(file))));
        }
        Some(Resume::Stored(id)) => {
            let db = stored::db_path(options.db.as_deref())?;
            let Some((store, taken)) = stored::take(&db, Kind::Table, id, input, out)? else { return Ok(None) };
            let source = format!("saved game {}", taken.id);
            let otherwise = " (a game of Manoeuvre resumes with `cdgsolo play manoeuvre --resume`)";
            let record = crate::save_file::record_from_value::<TableSetup>(
                taken.record.clone(),
                &source,
                "table",
                &|_| Ok(()),
                otherwise,
            )?;
            let session = Session::from_record(record).map_err(|e| anyhow!("{source}: {e}"))?;
            check_agrees(options, &session, &source)?;
            return Ok(Some((session, Origin::Stored(Box::new((store, taken))))));
        }
        None => {}
    }
    let game = options.game.as_deref().ok_or_else(|| anyhow!("name a game (see `cdgsolo games`) or give --resume"))?;
    let game = table_game(game)?;
    check_sizes(options)?;
    let manifest = table_manifest(&game, options.manifest.as_deref())?;
    let Some(deck) = choose_deck(options, manifest.as_ref(), input, out)? else { return Ok(None) };
    if options.script.is_none() && options.deck.is_none() && deck == DeckChoice::Physical {
        let why = match &manifest {
            Some(m) if !solo::virtual_deck_offered(m) => {
                " (its card list does not name every card, so cdgsolo cannot shuffle for you)"
            }
            _ => "",
        };
        writeln!(out, "Your deck: you shuffle your own cards and tell cdgsolo which card turns up{why}.")?;
    }
    let setup = TableSetup {
        manifest,
        physical: deck == DeckChoice::Physical,
        nations: options.nations.unwrap_or(1),
        hand_size: options.hand_size.as_ref().and_then(|h| Some([*h.first()?, *h.get(1)?])),
        deck_size: options.deck_size.as_ref().and_then(|d| Some([*d.first()?, *d.get(1).or(d.first())?])),
        ..TableSetup::new(&game)
    };
    let seed = crate::seed_or_clock(options.seed);
    let session = Session::<CardTable>::new(setup, seed, ChanceMode::Auto).map_err(|e| anyhow!("{e}"))?;
    Ok(Some((session, Origin::New)))
}

/// The table's game for a game id `cdgsolo games` lists, or an error naming the closest id.
fn table_game(game: &str) -> Result<String> {
    let mut ids: Vec<String> = solo::playsheets().map_err(|e| anyhow!("{e}"))?.iter().map(|s| s.id.clone()).collect();
    ids.push(protocol::MANOEUVRE_TABLE.to_string());
    // `cdgsolo games` lists the Manoeuvre playsheet's bare table as manoeuvre-table; here, where
    // there is no full game, both ids name that table.
    Ok(match crate::known_id(game, &ids, "game")? {
        id if id == protocol::MANOEUVRE_TABLE => protocol::MANOEUVRE.to_string(),
        id => id,
    })
}

/// Refuses `--hand-size` and `--deck-size` with the wrong count of numbers.
fn check_sizes(options: &AssistOptions) -> Result<()> {
    if options.hand_size.as_ref().is_some_and(|h| h.len() != 2) {
        bail!("--hand-size takes two numbers, e.g. --hand-size 5,4");
    }
    if options.deck_size.as_ref().is_some_and(|d| d.is_empty() || d.len() > 2) {
        bail!("--deck-size takes one or two numbers, e.g. --deck-size 55,55");
    }
    Ok(())
}

/// With `--resume`, the game and setup options given must say what the save already has: each
/// one that disagrees is named, so a player who meant another table, seed or deck finds out before
/// playing on with the wrong one. Options that agree are allowed (a repeated command line works).
fn check_agrees(options: &AssistOptions, session: &Session<CardTable>, source: &str) -> Result<()> {
    let setup = session.setup();
    // The sizes the table started with: the save's own numbers, or the playsheet's when it has none.
    let start = CardTable::new(setup).map_err(|e| anyhow!("{source}: {e}"))?;
    let mut differ: Vec<String> = Vec::new();
    if let Some(given) = &options.game
        && table_game(given)? != setup.game
    {
        differ.push(format!("the game {given} (the save is {})", game_id(session)));
    }
    if let Some(seed) = options.seed
        && seed != session.seed()
    {
        differ.push(format!("--seed {seed} (the save has seed {})", session.seed()));
    }
    check_sizes(options)?;
    let pair = |a: String, b: String| if a == b { a } else { format!("{a},{b}") };
    if let Some(h) = &options.hand_size {
        let saved = [start.max_hand_size(0), start.max_hand_size(1)];
        if h.as_slice() != saved {
            differ.push(format!(
                "--hand-size {} (the save has {})",
                pair(h[0].to_string(), h[1].to_string()),
                pair(saved[0].to_string(), saved[1].to_string())
            ));
        }
    }
    if let Some(d) = &options.deck_size {
        let saved = start.deck_sizes();
        let given = [d[0], d.get(1).copied().unwrap_or(d[0])];
        // A shared deck has one size: only the first number counts.
        let dual = start.sheet().deck == solo::DeckMode::Dual;
        if (dual && given != saved) || (!dual && given[0] != saved[0]) {
            let shown = if dual { pair(saved[0].to_string(), saved[1].to_string()) } else { saved[0].to_string() };
            let given = d.iter().map(u16::to_string).collect::<Vec<_>>().join(",");
            differ.push(format!("--deck-size {given} (the save has {shown})"));
        }
    }
    if let Some(nations) = options.nations
        && nations != setup.nations
    {
        differ.push(format!("--nations {nations} (the save has {})", setup.nations));
    }
    if options.deck == Some(DeckChoice::Physical) && !setup.physical {
        differ.push("--deck physical (the save's deck is the program's own)".to_string());
    }
    if options.deck == Some(DeckChoice::Virtual) && setup.physical {
        differ.push("--deck virtual (the save's deck is your own shuffled one)".to_string());
    }
    if let Some(which) = &options.manifest {
        let given = table_manifest(&setup.game, Some(which))?;
        match (&setup.manifest, given) {
            (Some(saved), Some(given)) if *saved == given => {}
            (None, None) => {}
            (Some(_), _) => differ.push(format!("--manifest {which} (the save names its cards with another manifest)")),
            (None, Some(_)) => differ.push(format!("--manifest {which} (the save has no manifest)")),
        }
    }
    if !differ.is_empty() {
        bail!(
            "--resume: {source} does not agree with {}: a resumed table keeps its own setup, so leave {} out",
            differ.join("; "),
            if differ.len() == 1 { "that option" } else { "those options" }
        );
    }
    Ok(())
}

/// Makes the card setup of `--scenario` and says what it did and what is left to choose.
fn set_up_scenario(session: &mut Session<CardTable>, name: &str, out: &mut dyn Write) -> Result<()> {
    let ids: Vec<String> = solo::scenarios(&session.setup().game).iter().map(|s| s.id.to_string()).collect();
    if !ids.is_empty() {
        crate::known_id(name, &ids, "scenario")?;
    }
    let report = solo::apply_scenario(session, name).map_err(|e| anyhow!("{e}"))?;
    if let Some(s) = solo::scenarios(&session.setup().game).iter().find(|s| s.id == name) {
        writeln!(out, "Scenario {}: {}", s.id, s.summary)?;
    }
    for made in &report.made {
        writeln!(out, "  done: {made}")?;
    }
    if !report.to_choose.is_empty() {
        writeln!(out, "  yours to choose (among the actions below):")?;
        for choice in &report.to_choose {
            writeln!(out, "    {choice}")?;
        }
    }
    Ok(())
}

/// The id the protocol and the store give the table's game.
fn game_id(session: &Session<CardTable>) -> &str {
    // The Manoeuvre playsheet's table is saved under the id the protocol gives it, so that the
    // full game's saves (`manoeuvre`) stay apart from it.
    match session.setup().game.as_str() {
        protocol::MANOEUVRE => protocol::MANOEUVRE_TABLE,
        other => other,
    }
}

/// Writes the table as a record (the same format as the protocol's `export`).
fn save(session: &Session<CardTable>, file: &Path) -> Result<()> {
    crate::save_file::save_record(file, game_id(session), &session.record())
}

/// Reads a saved table and replays it.
fn load(file: &Path) -> Result<Session<CardTable>> {
    let otherwise = " (a game of Manoeuvre resumes with `cdgsolo play manoeuvre --resume`)";
    let record = crate::save_file::load_record::<TableSetup>(file, "table", &|_| Ok(()), otherwise)?;
    if record.chance == ChanceMode::Manual {
        bail!("{} has its rolls and draws entered by hand, which the terminal does not do", file.display());
    }
    Session::from_record(record).map_err(|e| anyhow!("{}: {e}", file.display()))
}

pub fn run(mut options: AssistOptions, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<()> {
    if options.scenario.is_some() && options.resume.is_some() {
        bail!("--scenario sets up a new table; a resumed table already has its setup");
    }
    // `--resume` alone lists every game `assist` plays: card tables, Invaders, miniatures sequences.
    if options.game.is_none() && matches!(options.resume, Some(None)) && options.script.is_none() {
        let db = stored::db_path(options.db.as_deref())?;
        let Some(id) = stored::pick(&db, &[Kind::Table, Kind::Aid], input, out)? else { return Ok(()) };
        options.resume = Some(Some(id.to_string()));
    }
    // A saved aid (Invaders, the miniatures sequence) resumes in its own loop.
    if options.game.is_none()
        && let Some(Some(text)) = &options.resume
        && let Ok(id) = text.parse::<i64>()
    {
        let db = stored::db_path(options.db.as_deref())?;
        if db.exists() {
            let game = Store::open(&db)?.summary(id).map(|s| s.game).unwrap_or_default();
            if crate::aid::handles(&game) {
                return crate::aid::resume(&db, id, input, out);
            }
        }
    }
    if let Some(game) = options.game.as_deref().filter(|g| crate::aid::handles(g)) {
        let table_only = [
            ("--hand-size", options.hand_size.is_some()),
            ("--deck-size", options.deck_size.is_some()),
            ("--manifest", options.manifest.is_some() && game != protocol::INVADERS),
            ("--roster", options.roster.is_some() && game != protocol::MINIATURES),
            ("--first", options.first.is_some() && game != protocol::INVADERS),
            ("--starting-hand", options.starting_hand.is_some() && game != protocol::INVADERS),
            ("--display", options.display.is_some() && game != protocol::INVADERS),
            ("--scenario", options.scenario.is_some()),
            ("--nations", options.nations.is_some()),
            ("--script", options.script.is_some()),
            ("--resume", options.resume.is_some()),
        ];
        if let Some((flag, _)) = table_only.iter().find(|(_, given)| *given) {
            bail!(
                "{flag} is not an option of {game}; it takes --seed, --deck physical, --db and {}",
                if game == protocol::INVADERS { "--manifest FILE" } else { "--roster FILE" }
            );
        }
        let physical = options.deck == Some(DeckChoice::Physical);
        let start = crate::aid::Start {
            seed: options.seed,
            physical,
            file: options.manifest.as_deref().or(options.roster.as_deref()),
            first: options.first,
            starting_hand: options.starting_hand,
            display: options.display,
        };
        return crate::aid::run(game, &start, options.db.as_deref(), input, out);
    }
    let Some((mut session, origin)) = open(&options, input, out)? else { return Ok(()) };
    if let Some(name) = &options.scenario {
        // A script's output is the table as JSON alone, so the scenario's report goes nowhere.
        let mut report = Vec::new();
        let sink: &mut dyn Write = if options.script.is_some() { &mut report } else { &mut *out };
        set_up_scenario(&mut session, name, sink)?;
    }
    if let Some(script) = &options.script {
        return run_script(&mut session, Path::new(script), out);
    }
    let seed = session.seed();
    writeln!(out, "{} — seed {seed} (replay this table with --seed {seed})", session.state().sheet().name)?;
    writeln!(
        out,
        "Type the number of an action, t for the table tools, u to undo, l for the log, s FILE to save a copy to a \
         file, q to quit."
    )?;
    let record = |session: &Session<CardTable>| crate::save_file::record_value(game_id(session), &session.record());
    let resumed = !matches!(origin, Origin::New);
    let db = options.db.as_deref();
    let people = serde_json::json!([null, null]);
    let (mut autosave, mut save_path) = match origin {
        Origin::New => {
            let name = server::game_name(game_id(&session), None, seed);
            (Autosave::create(db, Kind::Table, &name, record(&session)?, &people, session.log(), out)?, None)
        }
        Origin::File(file) => {
            let name = format!("{}, from {}", server::game_name(game_id(&session), None, seed), file.display());
            (Autosave::create(db, Kind::Table, &name, record(&session)?, &people, session.log(), out)?, Some(file))
        }
        Origin::Stored(stored) => {
            let (store, taken) = *stored;
            writeln!(out, "Resumed saved game {}: {}.", taken.id, taken.name)?;
            let db = stored::db_path(db)?;
            (Some(Autosave::resumed(store, &db, Kind::Table, &taken, session.log())), None)
        }
    };
    if !resumed && options.deck_size.is_none() {
        let state = session.state();
        let sizes = state.deck_sizes();
        let decks = if state.sheet().deck == solo::DeckMode::Dual {
            format!("{} and {} cards", sizes[0], sizes[1])
        } else {
            format!("{} cards", sizes[0])
        };
        let note = format!("The deck holds {decks} here; if your game's deck differs, start again with --deck-size.");
        let words: Vec<String> = note.split_whitespace().map(str::to_string).collect();
        crate::write_wrapped(out, "", &words, " ", crate::terminal_width())?;
    }
    // The setup and the deal (or, for a resumed table, nothing: its cards are on the table already).
    let mut shown_log = 0;
    if !resumed {
        writeln!(out, "Set up the table:")?;
        for event in session.setup_events() {
            write_event(out, event)?;
        }
    } else {
        shown_log = session.log().len();
    }
    // What is in a file (or, for a new table, its deal): when the saved games cannot be written,
    // quitting with a different log asks first.
    let mut saved_log = session.log().to_vec();
    let mut show_tools = false;
    loop {
        // Every change (a decision, an undo) is in the saved games before the next prompt.
        if let Some(autosave) = autosave.as_mut() {
            autosave.sync(session.log(), || record(&session), out)?;
        }
        let state = session.state();
        for event in session.events_since(shown_log) {
            write_event(out, &event)?;
        }
        shown_log = session.log().len();
        // The rules' steps first; the table tools after them, listed only when asked for (t).
        let (mut actions, tools): (Vec<TableAction>, Vec<TableAction>) =
            state.legal().into_iter().partition(|a| !state.is_tool(a));
        let main = actions.len();
        actions.extend(tools);
        let view = state.observe(state.active());
        render(&view, &actions, out)?;
        // Physical deck: a card turned up waits to be named, by its printed number or name.
        let naming = crate::naming::candidates(state, &actions);
        // A card's plays for several purposes share one entry, the purposes lettered.
        let labels: Vec<String> = actions.iter().map(|a| state.action_label(a)).collect();
        let plays = |i: usize| {
            i < main
                && matches!(
                    actions[i],
                    TableAction::Play { .. }
                        | TableAction::PlayBeside { .. }
                        | TableAction::DigPlay { .. }
                        | TableAction::InactivePlay { .. }
                )
        };
        let entries = crate::menu::entries(&labels, plays);
        let main_entries = entries.iter().take_while(|e| e.options.iter().all(|(i, _)| *i < main)).count();
        let width = crate::terminal_width();
        let listed = if !naming.is_empty() {
            0
        } else if show_tools {
            entries.len()
        } else {
            main_entries
        };
        for (n, entry) in entries.iter().enumerate().take(listed) {
            if n == main_entries {
                writeln!(out, "  table tools (use them when the board game calls for them):")?;
            }
            crate::write_wrapped(out, &format!("  {:>2}. ", n + 1), &crate::menu::line(n + 1, entry), ", ", width)?;
        }
        if naming.is_empty() && !show_tools && entries.len() > main_entries {
            writeln!(out, "   t. table tools ({} more)", entries.len() - main_entries)?;
        }
        show_tools = false;
        let line = if naming.is_empty() {
            write!(out, "> ")?;
            out.flush()?;
            let Some(line) = crate::read_line(input)? else { return farewell(autosave.as_ref(), &session, out) };
            line
        } else {
            match crate::naming::ask(&naming, &crate::naming::question(&view), input, out)? {
                crate::naming::Asked::Named(i) => {
                    if let Err(e) = session.apply(&actions[i]) {
                        writeln!(out, "Refused: {e}")?;
                    }
                    continue;
                }
                crate::naming::Asked::Command(line) => line,
                crate::naming::Asked::End => return farewell(autosave.as_ref(), &session, out),
            }
        };
        let (word, rest) = match crate::command_line::typed(&line) {
            Ok(words) => words,
            Err(message) => {
                writeln!(out, "{message}")?;
                continue;
            }
        };
        match (word, rest) {
            ("q" | "quit", _) => {
                let kept = autosave.as_ref().is_some_and(|a| a.is_current(session.log()));
                if kept
                    || session.log() == saved_log.as_slice()
                    || crate::confirm(input, out, "Quit without saving the decisions made since the last save?", true)?
                {
                    return farewell(autosave.as_ref(), &session, out);
                }
            }
            ("u" | "undo", _) => match session.undo_told() {
                Ok(back) => {
                    shown_log = session.log().len();
                    if back.is_empty() {
                        writeln!(out, "Undone: nothing moved at the table, so nothing to put back.")?
                    } else {
                        writeln!(out, "Undone. Put the table back:")?;
                        for step in &back {
                            write_event(out, step)?;
                        }
                    }
                }
                // Nothing the player decided can be taken back yet (the deal is not a decision).
                Err(_) if !session.log().iter().any(|e| e.by != engine::Decider::Chance) => {
                    writeln!(out, "Nothing to undo yet.")?
                }
                Err(e) => writeln!(out, "Cannot undo ({e}).")?,
            },
            ("l" | "log", _) => write_log(&session, out)?,
            ("t" | "tools", _) => show_tools = true,
            ("s" | "save", "") => writeln!(out, "Say where: s FILE")?,
            ("s" | "save", file) => {
                let path = PathBuf::from(file);
                if save_path.as_ref() != Some(&path)
                    && path.exists()
                    && !crate::confirm(input, out, &format!("{file} exists. Overwrite it?"), false)?
                {
                    writeln!(out, "Not saved.")?;
                    continue;
                }
                match save(&session, &path) {
                    Ok(()) => {
                        saved_log = session.log().to_vec();
                        save_path = Some(path);
                        writeln!(out, "Saved to {file}; resume with: cdgsolo assist --resume {file}")?
                    }
                    Err(e) => writeln!(out, "Not saved: {e:#}")?,
                }
            }
            ("", _) => {}
            (text, _) => match crate::menu::pick(text, &entries) {
                Some(pick) => {
                    let index = match pick {
                        crate::menu::Pick::Action(i) => Some(i),
                        crate::menu::Pick::Which(n) => {
                            let entry = &entries[n];
                            let letters: Vec<String> = (0..entry.options.len())
                                .map(|k| format!("{}{}", n + 1, crate::menu::letter(k)))
                                .collect();
                            write!(out, "For what? Type {}: ", letters.join(", "))?;
                            out.flush()?;
                            // "b", "5b" or the option's number "2"; one word only, or nothing is done.
                            let answer = crate::read_line(input)?.unwrap_or_default();
                            let answer = match answer.char_indices().last() {
                                _ if answer.contains(char::is_whitespace) => "",
                                Some((at, c)) if c.is_ascii_alphabetic() => &answer[at..],
                                _ => answer.as_str(),
                            };
                            crate::menu::option(answer, entry)
                        }
                    };
                    let Some(action) = index.and_then(|i| actions.get(i)) else {
                        writeln!(out, "Not done.")?;
                        continue;
                    };
                    // A naming is asked through its own question; here only shuffles and picks remain.
                    if session.state().asks_first(action) {
                        write!(out, "This shuffles or picks at random and cannot be undone. Type y to go ahead: ")?;
                        out.flush()?;
                        let answer = crate::read_line(input)?.unwrap_or_default();
                        if !answer.trim().eq_ignore_ascii_case("y") {
                            writeln!(out, "Not done.")?;
                            continue;
                        }
                    }
                    if let Err(e) = session.apply(action) {
                        writeln!(out, "Refused: {e}")?;
                    }
                }
                None => writeln!(
                    out,
                    "'{line}' is not an action (a number from 1 to {}, with its letter where the entry has them), t, \
                     u, l, s FILE or q.",
                    entries.len()
                )?,
            },
        }
    }
}

/// Says, when the saved games hold the table as it is, how to come back to it.
fn farewell(autosave: Option<&Autosave>, session: &Session<CardTable>, out: &mut dyn Write) -> Result<()> {
    match autosave {
        Some(a) if a.is_current(session.log()) => a.farewell(out),
        _ => Ok(()),
    }
}

/// One event, wrapped to the terminal's width under its own indent.
fn write_event(out: &mut dyn Write, event: &str) -> Result<()> {
    // A continued event is indented deeper than the next event, so each still reads as one step.
    let words: Vec<String> = event.split_whitespace().map(str::to_string).collect();
    crate::write_wrapped_under(out, "  ", "    ", &words, " ", crate::terminal_width())
}

/// The game so far: each decision in the words it had when it was taken, and under it what it and
/// the rolls and draws that followed did at the table.
fn write_log(session: &Session<CardTable>, out: &mut dyn Write) -> Result<()> {
    let mut state = CardTable::new(session.setup()).map_err(|e| anyhow!("{e}"))?;
    writeln!(out, "Log of this table (seed {}):", session.seed())?;
    let mut turn = 0;
    for (entry, events) in session.log().iter().zip(session.events()) {
        let Some(action) = state.legal().into_iter().find(|a| state.action_id(a) == entry.id) else { break };
        if state.turn() != turn {
            turn = state.turn();
            writeln!(out, " side turn {turn}, {}:", state.sheet().sides[usize::from(state.active() & 1)])?;
        }
        if entry.by != engine::Decider::Chance {
            writeln!(out, "   {}", state.action_label(&action))?;
        }
        for event in events {
            writeln!(out, "     {event}")?;
        }
        state.apply_legal(&action);
    }
    Ok(())
}

/// Runs a script: one action id per line (`#` starts a comment), or `undo`, or `save FILE`. Stops at
/// the first line that cannot be carried out, naming it: a line with words after its id or `undo`,
/// and a `save` over a file the script did not write itself (nobody is there to confirm). Prints
/// the table at the end as JSON.
fn run_script(session: &mut Session<CardTable>, file: &Path, out: &mut dyn Write) -> Result<()> {
    let text = engine::files::read_text(file)?;
    let mut written: Vec<PathBuf> = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        let at = || format!("{} line {}", file.display(), n + 1);
        match crate::command_line::split(line) {
            ("", _) => {}
            ("save", "") => bail!("{}: save needs the name of the file to write", at()),
            ("save", path) => {
                let path = PathBuf::from(path);
                if std::fs::symlink_metadata(&path).is_ok() && !written.contains(&path) {
                    bail!(
                        "{}: save {}: that file exists, and a script does not overwrite files (remove it or choose \
                         another name)",
                        at(),
                        path.display()
                    );
                }
                save(session, &path).with_context(at)?;
                written.push(path);
            }
            (word, rest) if !rest.is_empty() => {
                bail!("{}: '{rest}' after '{word}': a line holds one action id, undo, or save FILE", at())
            }
            ("undo", _) => session.undo().map_err(|e| anyhow!("{}: undo: {e}", at()))?,
            (id, _) => session.apply_id(id).map_err(|e| anyhow!("{}: '{id}': {e}", at()))?,
        }
    }
    let view = session.state().observe(0);
    writeln!(out, "{}", serde_json::to_string_pretty(&view)?)?;
    Ok(())
}

/// Draws the table as text: face-down cards as `##`; then what the Fate Die allows.
fn render(view: &TableView, actions: &[TableAction], out: &mut dyn Write) -> Result<()> {
    writeln!(out)?;
    writeln!(out, "{} — {}", view.turn_words, view.waiting_for)?;
    if let Some(other) = &view.other_pair {
        writeln!(out, "  {} displays (in use):", other.front)?;
    }
    write_sides(view, &view.sides, out)?;
    if let Some(other) = &view.other_pair {
        writeln!(out, "  {} displays (waiting):", other.waiting)?;
        write_sides(view, &other.sides, out)?;
    }
    write_rest(view, actions, out)
}

/// One line per side: its slots (face-down cards as `##`), markers and cards beside the display.
fn write_sides(view: &TableView, sides: &[solo::SideView], out: &mut dyn Write) -> Result<()> {
    for (i, side) in sides.iter().enumerate() {
        let marker = if i as u8 == view.active { "*" } else { " " };
        let mut parts: Vec<String> = side
            .slots
            .iter()
            .map(|(slot, cards)| {
                let stack: Vec<String> = cards.iter().map(|c| c.map_or("##".into(), |c| short_card(view, c))).collect();
                format!("{slot}:[{}]", stack.join(" "))
            })
            .collect();
        // Markers keep two spaces before them, as a column apart from the slots.
        parts.extend(side.cards_remaining.map(|cr| format!(" Cards Remaining {cr}")));
        parts.extend(side.max_hand_size.map(|h| format!(" Max Hand Size {h}")));
        if !side.beside.is_empty() {
            let beside: Vec<String> = side.beside.iter().map(|c| short_card(view, *c)).collect();
            parts.push(format!(" beside: {}", beside.join(" ")));
        }
        // Names of cards without printed numbers (Commands & Colors kinds) make long lines: wrapped
        // under the first slot.
        crate::write_wrapped(out, &format!("{marker} {:<16} ", side.name), &parts, " ", crate::terminal_width())?;
    }
    Ok(())
}

/// Decks, names in sight, markers, held cards, reminders and what the Fate Die allows.
fn write_rest(view: &TableView, actions: &[TableAction], out: &mut dyn Write) -> Result<()> {
    for deck in &view.decks {
        let top = deck.face_up_top.map_or(String::new(), |c| format!(", face-up top {}", short_card(view, c)));
        let discard_top =
            deck.discard.last().map_or("empty".into(), |c| c.map_or("face-down".into(), |c| short_card(view, c)));
        writeln!(
            out,
            "  deck ({}): {} cards{top}; discard {} (top {discard_top})",
            deck.owner,
            deck.cards,
            deck.discard.len()
        )?;
    }
    let width = crate::terminal_width();
    // The displays show table numbers; the legend names the printed cards among the numbers on this
    // screen (a discard pile's buried cards stay out of it: only its top card is shown).
    let mut on_screen: Vec<u16> = Vec::new();
    for side in view.sides.iter().chain(view.other_pair.iter().flat_map(|o| o.sides.iter())) {
        on_screen.extend(side.slots.values().flatten().flatten().map(|c| c.0));
        on_screen.extend(side.beside.iter().map(|c| c.0));
    }
    for deck in &view.decks {
        on_screen.extend(deck.face_up_top.map(|c| c.0));
        on_screen.extend(deck.discard.last().copied().flatten().map(|c| c.0));
    }
    on_screen.extend(view.last_inactive_play.map(|(c, _)| c.0));
    // Only numbered cards need the legend: a card without a printed number shows by its name.
    let mut legend: Vec<String> = view
        .cards
        .iter()
        .filter(|(id, name)| name.number.is_some() && on_screen.contains(id))
        .map(|(_, name)| name.to_string())
        .collect();
    legend.dedup();
    if !legend.is_empty() {
        crate::write_wrapped(out, "  cards in sight: ", &legend, "; ", width)?;
    }
    for marker in &view.shown_markers {
        match marker.values.as_slice() {
            [both] => writeln!(out, "  {}: {both}", marker.name)?,
            [a, b] => writeln!(out, "  {}: {} {a} / {} {b}", marker.name, view.sides[0].name, view.sides[1].name)?,
            _ => {}
        }
    }
    let name = |c: solo::CardId| match (view.cards.get(&c.0), view.labels.get(&c.0)) {
        (Some(n), _) => n.to_string(),
        (None, Some(label)) => format!("the {label}"),
        (None, None) => c.to_string(),
    };
    // One line per side and place, the cards in the table's order (a Debate Card row reads left to
    // right; a part of the deck waiting to join is one line, not twenty).
    let mut groups: Vec<((u8, &str), Vec<String>)> = Vec::new();
    for held in &view.held {
        let key = (held.side & 1, held.place);
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, cards)) => cards.push(name(held.card)),
            None => groups.push((key, vec![name(held.card)])),
        }
    }
    for ((side, place), cards) in groups {
        let who = &view.sides[usize::from(side)].name;
        if cards.len() > HELD_LISTED || (place == solo::table::WAITING_TO_JOIN && cards.len() > 1) {
            // A whole part of a deck: its count is what the player needs, the names are in the box.
            writeln!(out, "  {who} holds {} cards ({place})", cards.len())?;
        } else {
            let mut cards = cards;
            if let Some(last) = cards.last_mut() {
                last.push_str(&format!(" ({place})"));
            }
            crate::write_wrapped(out, &format!("  {who} holds "), &cards, ", ", width)?;
        }
    }
    if let Some((card, allowed)) = view.last_inactive_play {
        let what = if allowed { "was played" } else { "was blocked by the Fate Die (!!)" };
        writeln!(out, "  The inactive side's {} {what}.", name(card))?;
    }
    for note in &view.reminders {
        let words: Vec<String> = note.split_whitespace().map(str::to_string).collect();
        crate::write_wrapped(out, "  Reminder: ", &words, " ", width)?;
    }
    if let (Some(face), Some(title)) = (view.fate_die, &view.fate_die_title) {
        let mut allowed: Vec<String> = actions
            .iter()
            .filter_map(|a| match a {
                TableAction::Play { card, .. } => Some(name(*card)),
                _ => None,
            })
            .collect();
        allowed.dedup();
        let what = match (allowed.is_empty(), view.waiting_for.as_str()) {
            (true, "the active side to end the turn") => "no more cards this turn".to_string(),
            (true, _) => "no card (yet)".to_string(),
            (false, _) => allowed.join(", "),
        };
        writeln!(out, "Fate Die {face}: {title}. Allowed now: {what}.")?;
    }
    Ok(())
}

/// How a card shows in a slot: its printed number (the legend below names it), its name when the
/// game prints no numbers, what a physical table calls a card with no name to show, or the table's
/// own number for an anonymous deck the program shuffles.
fn short_card(view: &TableView, card: solo::CardId) -> String {
    match (view.cards.get(&card.0), view.labels.get(&card.0)) {
        (Some(name), _) => name.number.map_or_else(|| name.name.clone(), |n| format!("#{n}")),
        (None, Some(label)) => label.clone(),
        (None, None) => card.0.to_string(),
    }
}

/// Above this many cards in one place beside a display, the screen gives their count, not their names.
const HELD_LISTED: usize = 8;
