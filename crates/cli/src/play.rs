//! `cdgsolo play manoeuvre`: a hotseat game of Manoeuvre in the terminal. It draws the battlefield
//! and what the deciding player may see, lists that player's legal actions by number, and says what
//! each step did on the battlefield (combat totals and results, moves, hits). When the decision
//! passes to the other player and a secret hand is involved, it clears the screen and waits for
//! Enter so the other player can take the seat, then tells that player what happened meanwhile. A
//! screen whose only action hides nothing is taken without asking. `u` undoes the last decision
//! (never a roll, a draw or a reveal), `s FILE` saves a copy to a file, `q` quits. The game is kept
//! in the saved games (`crate::stored`) after every decision, undo and bot move, with its seats, so
//! the browser can continue it against the same bot; `--resume` takes it up again. With `--vs BOT`
//! one side is a bot deciding from its own seat; `h` asks a search run from the human's own seat for
//! a hint.

use std::fmt::Write as _;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use anyhow::{Result, anyhow, bail};
use bots::{Bot, Seat};
use clap::ValueEnum;
use engine::{ChanceMode, Game, LogEntry, Session, ToMove};
use manoeuvre::setup::RandomWord;
use manoeuvre::{Action, HandMode, Manoeuvre, ManoeuvreSetup, ManoeuvreView, MapChoice, Scenario};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use server::seats::Seats;

use crate::stored::{self, Autosave, Kind, Resume, Taken};

/// How a player holds cards, as the command line names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum HandModeArg {
    /// A secret hand of five, as the rulebook prints.
    Hand,
    /// The CDG Solo System display of the Manoeuvre playsheet.
    Display,
}

impl From<HandModeArg> for HandMode {
    fn from(mode: HandModeArg) -> Self {
        match mode {
            HandModeArg::Hand => HandMode::Hand,
            HandModeArg::Display => HandMode::Display,
        }
    }
}

/// The `--map` choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum MapArg {
    /// Sections, their turns and the starting edges drawn at random.
    Random,
    /// The first player lays out the sections during setup (the rulebook's way).
    Choose,
}

pub struct PlayOptions {
    pub seed: Option<u64>,
    pub armies: Option<Vec<String>>,
    pub hand_modes: Option<Vec<HandModeArg>>,
    pub quick_start: bool,
    pub tournament: bool,
    pub data_dir: Option<String>,
    pub map: Option<MapArg>,
    pub scenario: Option<String>,
    /// `--resume` as given: `Some(None)` for the list, `Some(Some(ID or FILE))`.
    pub resume: Option<Option<String>>,
    /// `--db PATH`: the saved games (the user's default database when left out).
    pub db: Option<PathBuf>,
    /// Clear the screen at a seat change (only when the output is a terminal).
    pub clear_screen: bool,
    /// The bot that plays the other side, if any.
    pub vs: Option<crate::sim::BotSpec>,
    /// With a bot: the human's player index (0 when left out).
    pub human: Option<u8>,
}

/// Undoes the last decision; against a bot, back to (and including) the human's last one, so the
/// bot's answers go too.
fn undo_own(session: &mut Session<Manoeuvre>, human: Option<u8>) -> Result<(), engine::SessionError> {
    let Some(human) = human else { return session.undo() };
    loop {
        let by = session.log().iter().rev().find(|e| e.by != engine::Decider::Chance).map(|e| e.by);
        session.undo()?;
        if by == Some(engine::Decider::Player(human)) || by.is_none() {
            return Ok(());
        }
    }
}

/// The id written beside a saved game, so `assist --resume` and `play --resume` tell their saves apart.
const GAME_ID: &str = "manoeuvre";

/// `--hand-modes` as a pair, player 1's first: one mode is both players', two are one each, and
/// any other count is refused rather than cut to two.
pub(crate) fn hand_mode_pair(modes: Option<&[HandModeArg]>) -> Result<Option<[HandMode; 2]>> {
    match modes {
        None => Ok(None),
        Some([both]) => Ok(Some([(*both).into(); 2])),
        Some([first, second]) => Ok(Some([(*first).into(), (*second).into()])),
        Some(more) => bail!(
            "--hand-modes takes one mode (for both players) or two (player 1's first), e.g. --hand-modes \
             hand,display; {} were given",
            more.len()
        ),
    }
}

/// Checks the nation names against the data, suggesting the closest one for a typo.
pub(crate) fn check_armies(armies: &[String], data_dir: Option<&str>) -> Result<()> {
    let data = match data_dir {
        None => manoeuvre::tables::Compiled::embedded(),
        Some(dir) => manoeuvre::tables::Compiled::from_dir(Path::new(dir)),
    }
    .map_err(|e| anyhow!("the Manoeuvre data does not load: {e}"))?;
    for army in armies {
        if manoeuvre::setup::find_army(data, army).is_none() {
            let codes: Vec<&str> = data.rules.armies.iter().map(|a| a.code.as_str()).collect();
            let names = data.rules.armies.iter().map(|a| a.name.as_str());
            let guess = engine::did_you_mean(army, codes.iter().copied().chain(names).collect::<Vec<_>>().iter());
            let hint = guess.map_or(String::new(), |g| format!(" (did you mean {g}?)"));
            bail!("no nation called '{army}'{hint}; the nations are {}", codes.join(", "));
        }
    }
    Ok(())
}

fn read_scenario(file: &str) -> Result<Scenario> {
    let text = engine::files::read_text(Path::new(file))?;
    let scenario = if file.ends_with(".json") { Scenario::from_json(&text) } else { Scenario::from_toml(&text) };
    scenario.map_err(|e| anyhow!("{file}: {e}"))
}

fn new_session(options: &PlayOptions) -> Result<Session<Manoeuvre>> {
    let seed = crate::seed_or_clock(options.seed);
    if let Some(file) = &options.scenario {
        let chosen = options.armies.is_some() || options.hand_modes.is_some() || options.map.is_some();
        if chosen || options.quick_start || options.tournament {
            bail!(
                "--scenario sets up the whole game: leave out --armies, --hand-modes, --map, --quick-start and \
                 --tournament"
            );
        }
        let setup = ManoeuvreSetup {
            scenario: Some(read_scenario(file)?),
            data_dir: options.data_dir.clone(),
            ..ManoeuvreSetup::default()
        };
        return Session::new(setup, seed, ChanceMode::Auto).map_err(|e| anyhow!("{e}"));
    }
    let hand_modes = hand_mode_pair(options.hand_modes.as_deref())?;
    let armies = match &options.armies {
        Some(a) if a.len() == 2 => {
            check_armies(a, options.data_dir.as_deref())?;
            Some([a[0].clone(), a[1].clone()])
        }
        Some(_) => bail!("--armies takes two nations, e.g. --armies FR,BR"),
        None => None,
    };
    let setup = ManoeuvreSetup {
        armies,
        map: match options.map {
            Some(MapArg::Random) => Some(MapChoice::Random(RandomWord::Random)),
            _ => None,
        },
        hand_modes,
        quick_start: options.quick_start,
        tournament: options.tournament,
        data_dir: options.data_dir.clone(),
        scenario: None,
    };
    Session::new(setup, seed, ChanceMode::Auto).map_err(|e| anyhow!("{e}"))
}

fn load(file: &Path) -> Result<Session<Manoeuvre>> {
    let accept = |game: &str| {
        if game != GAME_ID {
            bail!("{} is a saved table of {game}: resume it with `cdgsolo assist --resume`", file.display());
        }
        Ok(())
    };
    let otherwise = " (a card table resumes with `cdgsolo assist --resume`)";
    let record = crate::save_file::load_record::<ManoeuvreSetup>(file, "game of Manoeuvre", &accept, otherwise)?;
    if record.chance == ChanceMode::Manual {
        bail!("{} has its rolls and draws entered by hand, which the terminal does not do", file.display());
    }
    Session::from_record(record).map_err(|e| anyhow!("{}: {e}", file.display()))
}

/// A game of Manoeuvre taken from the saved games, with its bot (if any) and the human's seat.
fn from_store(taken: &Taken) -> Result<(Session<Manoeuvre>, Option<crate::sim::BotSpec>, u8)> {
    let source = format!("saved game {}", taken.id);
    let otherwise = " (a card table resumes with `cdgsolo assist --resume`)";
    let record = crate::save_file::record_from_value::<ManoeuvreSetup>(
        taken.record.clone(),
        &source,
        "game of Manoeuvre",
        &|_| Ok(()),
        otherwise,
    )?;
    let session = Session::from_record(record).map_err(|e| anyhow!("{source}: {e}"))?;
    let Seats([first, second]) = Seats::parse(GAME_ID, &taken.seats).map_err(|e| anyhow!("{source}: {e}"))?;
    Ok(match (first, second) {
        (Some(bot), None) => (session, Some(bot), 1),
        (None, bot) => (session, bot, 0),
        // Seats::parse refuses two bots.
        (Some(_), Some(_)) => bail!("{source}: a game needs a person in at least one seat"),
    })
}

/// The seats of a game as the store keeps them: null for a person, the bot's name.
fn seats_value(vs: Option<&crate::sim::BotSpec>, human: u8) -> serde_json::Value {
    let mut seats = [None, None];
    seats[usize::from(1 - human)] = vs.cloned();
    Seats(seats).to_value()
}

pub fn run(options: PlayOptions, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<()> {
    let resume = options.resume.as_ref().map(|r| Resume::parse(r.as_deref())).transpose()?;
    if resume.is_some() {
        let chosen = options.armies.is_some() || options.hand_modes.is_some() || options.map.is_some();
        let seeded = options.seed.is_some() || options.data_dir.is_some();
        if chosen || seeded || options.scenario.is_some() || options.quick_start || options.tournament {
            bail!("a resumed game already has its setup: give --resume [ID|FILE] alone");
        }
    }
    let mut vs = options.vs.clone();
    let mut human = options.human.unwrap_or(0);
    let mut autosave: Option<Autosave> = None;
    let mut save_path: Option<PathBuf> = None;
    let mut session = match &resume {
        Some(Resume::Stored(id)) => {
            if options.vs.is_some() || options.human.is_some() {
                bail!("a saved game keeps its players: give --resume alone, without --vs or --as");
            }
            let db = stored::db_path(options.db.as_deref())?;
            let Some((store, taken)) = stored::take(&db, Kind::Manoeuvre, *id, input, out)? else { return Ok(()) };
            let (session, bot, seat) = from_store(&taken)?;
            (vs, human) = (bot, seat);
            writeln!(out, "Manoeuvre — resumed saved game {}: {}", taken.id, taken.name)?;
            autosave = Some(Autosave::resumed(store, &db, Kind::Manoeuvre, &taken, session.log()));
            session
        }
        Some(Resume::File(file)) => {
            let session = load(file)?;
            writeln!(out, "Manoeuvre — resumed from {} (seed {})", file.display(), session.seed())?;
            save_path = Some(file.clone());
            session
        }
        None => {
            let session = new_session(&options)?;
            let seed = session.seed();
            writeln!(out, "Manoeuvre — seed {seed} (play the same game again with --seed {seed})")?;
            session
        }
    };
    let seed = session.seed();
    writeln!(out, "Type the number of an action, u to undo, s FILE to save a copy to a file, q to quit.")?;
    writeln!(
        out,
        "Note: the terrain effects use provisional numbers (the Terrain Effects Chart is not published); see docs/manoeuvre-data.md."
    )?;
    let record = |session: &Session<Manoeuvre>| crate::save_file::record_value(GAME_ID, &session.record());
    if autosave.is_none() {
        let view = manoeuvre::ManoeuvreView::of(session.state(), 0);
        let nations = match (view.sides[0].nation.as_deref(), view.sides[1].nation.as_deref()) {
            (Some(a), Some(b)) => Some((a, b)),
            _ => None,
        };
        let name = server::game_name(GAME_ID, nations, seed);
        let name = match &save_path {
            Some(file) => format!("{name}, from {}", file.display()),
            None => name,
        };
        let seats = seats_value(vs.as_ref(), human);
        let db = options.db.as_deref();
        autosave = Autosave::create(db, Kind::Manoeuvre, &name, record(&session)?, &seats, session.log(), out)?;
    }
    // What is in a file: when the saved games cannot be written, quitting with a different log asks
    // first.
    let mut saved_log: Vec<LogEntry> = session.log().to_vec();
    // Per player, the log length when that player last looked at the screen.
    let mut seen = [session.log().len(); 2];
    let mut shown = session.log().len();
    let mut last_decider: Option<u8> = None;
    let mut opponent: Option<Box<dyn Bot<Manoeuvre> + Send>> = vs.as_ref().map(crate::sim::BotSpec::build);
    let mut bot_stream = ChaCha8Rng::seed_from_u64(seed ^ 0x0B07);
    // The bot's last decision and the public moves it weighed, for `w`.
    let mut reasons: Option<(String, Vec<bots::Candidate>)> = None;
    // What `h` and `w` answered, shown under the list of choices when it is drawn again.
    let mut aside = String::new();
    if let Some(bot) = &opponent {
        writeln!(
            out,
            "You play {}; {} plays {}. Type h for a hint, w for why the bot made its last move.",
            session.state().player_name(human),
            bot.name(),
            session.state().player_name(1 - human)
        )?;
    }
    loop {
        // Every change (a decision, an undo, a bot's move) is in the saved games before the next
        // prompt.
        if let Some(autosave) = autosave.as_mut() {
            autosave.sync(session.log(), || record(&session), out)?;
        }
        let state = *session.state();
        print_steps(&session, shown, out)?;
        shown = session.log().len();
        let player = match state.to_move() {
            ToMove::Terminal => {
                render(&state.observe(0), out)?;
                let result = state.outcome().map(|o| o.reason).unwrap_or_default();
                writeln!(out, "The game is over: {result}.")?;
                return Ok(());
            }
            ToMove::Player(p) => p,
            ToMove::Chance => return Err(anyhow!("the game stopped at a die roll; this is a bug")),
        };
        if let Some(bot) = opponent.as_mut()
            && player != human
        {
            // The bot decides from its own seat; its move is told like a player's.
            let Some(action) = bot.choose(&Seat::new(&state, player), &mut bot_stream) else {
                return Err(anyhow!("the bot found no action; this is a bug"));
            };
            // Its label is shown only when the human could know it: the same action, with the same
            // words, is there in states drawn from the human's view (its hidden cards redrawn).
            let label = state.action_label(&action);
            let public = bots::seen_by(&state, human, &state.action_id(&action), &label);
            // Its reasons are kept for `w` with the same care: only moves the human could see it weigh.
            // A forced move weighs nothing and leaves the last real decision's reasons in place.
            let weighed = bot.explain();
            if !weighed.is_empty() {
                reasons = public.then(|| {
                    let seen: Vec<_> =
                        weighed.into_iter().filter(|c| bots::seen_by(&state, human, &c.id, &c.label)).take(3).collect();
                    (label.clone(), seen)
                });
            }
            if public {
                writeln!(out, "* {label}  [{}]", bot.name())?;
            } else {
                writeln!(out, "* {} decides about cards you cannot see  [{}]", state.player_name(player), bot.name())?;
            }
            session.apply(&action).map_err(|e| anyhow!("{e}"))?;
            continue;
        }
        let actions = state.legal();
        if let Some(only) = state.lone_step(last_decider.is_none_or(|d| d == player)) {
            // No choice to make, and taking it shows nobody anything: say so and go on.
            if only != Action::DrawOn {
                writeln!(out, "* {} (the only choice)", state.action_label(&only))?;
            }
            session.apply(&only).map_err(|e| anyhow!("{e}"))?;
            shown += 1;
            continue;
        }
        if last_decider.is_some_and(|d| d != player) {
            if state.screen_shows_secrets() {
                if options.clear_screen {
                    write!(out, "\x1b[2J\x1b[3J\x1b[H")?;
                }
                writeln!(out, "\n--- {} to decide: take the seat and press Enter ---", state.player_name(player))?;
                out.flush()?;
                if crate::read_line(input)?.is_none() {
                    return farewell(autosave.as_ref(), &session, out);
                }
                let since = session.events_since(seen[usize::from(player)]);
                if !since.is_empty() {
                    writeln!(out, "Since your last decision:")?;
                    for event in since {
                        writeln!(out, "  {event}")?;
                    }
                }
            } else {
                writeln!(out, "\n--- {} to decide ---", state.player_name(player))?;
            }
        }
        last_decider = Some(player);
        seen[usize::from(player)] = session.log().len();
        render(&state.observe(player), out)?;
        writeln!(out, "{} to decide:", state.player_name(player))?;
        for (i, a) in actions.iter().enumerate() {
            writeln!(out, "  {:>3}. {}", i + 1, state.action_label(a))?;
        }
        // A hint or the bot's reasons go under the list, next to the prompt: printed before the
        // position is drawn again, a long list of moves would push them off the screen.
        write!(out, "{aside}")?;
        aside.clear();
        write!(out, "> ")?;
        out.flush()?;
        let Some(line) = crate::read_line(input)? else { return farewell(autosave.as_ref(), &session, out) };
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
            ("u" | "undo", _) => match undo_own(&mut session, opponent.is_some().then_some(human)) {
                Ok(()) => {
                    shown = session.log().len();
                    reasons = None;
                    writeln!(out, "Undone.")?;
                }
                Err(e) => writeln!(out, "Cannot undo: {e}")?,
            },
            ("h" | "hint", _) => {
                // A search from the player's own seat: it knows what the player knows, no more.
                let mut search = bots::hint_search();
                let mut stream = ChaCha8Rng::seed_from_u64(seed ^ session.log().len() as u64);
                search.choose(&Seat::new(&state, player), &mut stream);
                writeln!(aside, "Hint ({} searches from what you can see):", search.iterations)?;
                for c in search.candidates().iter().take(3) {
                    writeln!(
                        aside,
                        "  {:>3.0}% of the search, wins {:>3.0}%: {}",
                        100.0 * c.share,
                        100.0 * c.win_rate,
                        c.label
                    )?;
                }
            }
            ("w" | "why", _) => match (&reasons, opponent.as_ref()) {
                (_, None) => writeln!(out, "There is no bot in this game.")?,
                (None, Some(bot)) => writeln!(
                    out,
                    "{} has nothing to say: it does not search, it has not chosen yet, or its last choice was \
                     about cards you cannot see.",
                    bot.name()
                )?,
                (Some((label, weighed)), Some(_)) => {
                    writeln!(aside, "Why \"{label}\": the moves the bot weighed most (of those you could see):")?;
                    for c in weighed {
                        writeln!(
                            aside,
                            "  {:>3.0}% of its search, wins {:>3.0}%: {}",
                            100.0 * c.share,
                            100.0 * c.win_rate,
                            c.label
                        )?;
                    }
                }
            },
            ("s" | "save", "") => writeln!(out, "Say where: s FILE")?,
            ("s" | "save", file) => {
                let path = PathBuf::from(file);
                let ours = save_path.as_ref() == Some(&path);
                if !ours
                    && path.exists()
                    && !crate::confirm(input, out, &format!("{file} exists. Overwrite it?"), false)?
                {
                    writeln!(out, "Not saved.")?;
                    continue;
                }
                match crate::save_file::save_record(&path, GAME_ID, &session.record()) {
                    Ok(()) => {
                        saved_log = session.log().to_vec();
                        save_path = Some(path);
                        writeln!(out, "Saved to {file}; resume with: cdgsolo play manoeuvre --resume {file}")?;
                    }
                    Err(e) => writeln!(out, "Not saved: {e:#}")?,
                }
            }
            ("", _) => {}
            (text, _) => match text.parse::<usize>().ok().and_then(|n| n.checked_sub(1)).and_then(|i| actions.get(i)) {
                Some(action) => {
                    writeln!(out, "* {}", state.action_label(action))?;
                    session.apply(action).map_err(|e| anyhow!("{e}"))?;
                    seen[usize::from(player)] = session.log().len();
                }
                None => writeln!(out, "'{text}' is not an action number (1 to {}), u, s FILE or q.", actions.len())?,
            },
        }
    }
}

/// Says, when the saved games hold the game as it is, how to come back to it.
fn farewell(autosave: Option<&Autosave>, session: &Session<Manoeuvre>, out: &mut dyn Write) -> Result<()> {
    match autosave {
        Some(a) if a.is_current(session.log()) => a.farewell(out),
        _ => Ok(()),
    }
}

/// What the steps since log entry `from` did: the dice thrown, then the events in words. Draws stay
/// private.
fn print_steps(session: &Session<Manoeuvre>, from: usize, out: &mut dyn Write) -> Result<()> {
    let rolls: Vec<&str> =
        session.log().get(from..).unwrap_or(&[]).iter().filter_map(|e| e.id.strip_prefix("die-")).collect();
    if !rolls.is_empty() {
        writeln!(out, "  dice: {}", rolls.join(" "))?;
    }
    for event in session.events_since(from) {
        writeln!(out, "  {event}")?;
    }
    Ok(())
}
/// The battlefield (rank 8 at the top), units as player and unit number (`13` is player 1's third
/// unit, `*` when reduced), then each side's cards as the viewer may see them.
fn render(view: &ManoeuvreView, out: &mut dyn Write) -> Result<()> {
    writeln!(out)?;
    if view.turn == 0 {
        // The setup steps name themselves ("setup: placing the map sections").
        let mut phase = view.phase.chars();
        let first = phase.next().map(|c| c.to_uppercase().to_string()).unwrap_or_default();
        writeln!(out, "{first}{}", phase.as_str())?;
    } else {
        writeln!(out, "Game turn {} — {}", view.turn, view.phase)?;
    }
    if !view.terrain.is_empty() {
        writeln!(out, "     a    b    c    d    e    f    g    h")?;
        for (i, row) in view.terrain.iter().enumerate() {
            let rank = 8 - i;
            let mut line = format!("{rank}  ");
            for (c, t) in row.chars().enumerate() {
                let square = format!("{}{}", (b'a' + c as u8) as char, rank);
                let unit = view.units.iter().find(|u| u.square.as_deref() == Some(square.as_str()));
                let tag = unit.map_or("   ".to_string(), |u| {
                    format!("{}{}{}", u.side + 1, u.id % 8 + 1, if u.reduced { '*' } else { ' ' })
                });
                let redoubt = if view.redoubts.contains(&square) { 'R' } else { ' ' };
                line.push_str(&format!("{t}{tag}{redoubt}"));
            }
            writeln!(out, "{line}")?;
        }
        writeln!(out, "   (C clear, H hills, T town, W woods, M marsh, F field, L lake; R redoubt)")?;
    }
    for (p, side) in view.sides.iter().enumerate() {
        let Some(nation) = &side.nation else { continue };
        let provisional = if side.provisional { " (provisional army)" } else { "" };
        // Until the battlefield is laid out, no side has an edge yet.
        let edge = if view.terrain.is_empty() { String::new() } else { format!(", {} edge", side.edge) };
        writeln!(
            out,
            "Player {} — {nation}{provisional}{edge}: deck {}, discard {}{}, lost {}",
            p + 1,
            side.deck_count,
            side.discard_count,
            side.discard_top.as_ref().map_or(String::new(), |c| format!(" (top: {})", c.label)),
            side.units_lost
        )?;
        let units: Vec<String> = view
            .units
            .iter()
            .filter(|u| u.side as usize == p && !u.eliminated)
            .map(|u| format!("{}{}={} {}", p + 1, u.id % 8 + 1, u.name, u.strength))
            .collect();
        crate::write_wrapped(out, "  units: ", &units, ", ", crate::terminal_width())?;
        if let Some(display) = side.display.as_ref().filter(|d| d.iter().any(|slot| !slot.is_empty())) {
            for (slot, cards) in ["A", "B", "D", "E"].iter().zip(display) {
                let text: Vec<String> =
                    cards.iter().map(|c| c.as_ref().map_or("(face-down)".to_string(), |c| c.label.clone())).collect();
                writeln!(out, "  slot {slot}: {}", text.join(" | "))?;
            }
            if let Some(top) = &side.deck_top {
                writeln!(out, "  slot C (deck top): {}", top.label)?;
            }
        } else if !side.hand.is_empty() || side.hand_count > 0 {
            let seen: Vec<String> = side.hand.iter().map(|c| c.label.clone()).collect();
            let hidden = side.hand_count as usize - seen.len();
            let more = if hidden > 0 { format!(" (+{hidden} unseen)") } else { String::new() };
            if seen.is_empty() {
                writeln!(out, "  hand: {}", more.trim_start())?;
            } else {
                let mut seen = seen;
                if let Some(last) = seen.last_mut() {
                    last.push_str(&more);
                }
                crate::write_wrapped(out, "  hand: ", &seen, " |", crate::terminal_width())?;
            }
        }
    }
    if let Some(c) = &view.combat {
        writeln!(out, "Combat ({}): attack {} against defence {}", c.kind, c.attack_total, c.defense_total)?;
    }
    if let Some(face) = view.fate_die {
        writeln!(out, "Fate Die this turn: {face}")?;
    }
    if let Some(left) = view.moves_left {
        let units = if left == 1 { "unit" } else { "units" };
        writeln!(out, "Moves left this turn: {left} {units}")?;
    }
    Ok(())
}
