//! The `cdgsolo` command: lists the games, rolls the Fate Die, runs a card table in the terminal,
//! serves the JSON-lines protocol, and measures the engine's speed.

mod aid;
mod assist;
mod bench;
mod bench_floor;
mod bench_mcts;
mod bench_server;
mod calibrate;
mod command_line;
mod ladder;
mod menu;
mod naming;
mod play;
mod plot;
mod roll;
mod save_file;
mod serve;
mod sim;
mod soak;
mod stored;
mod tune;

use std::io::{self, BufRead, IsTerminal, Write};

use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "cdgsolo", version, about = "The CDG Solo System for card-driven wargames, played alone")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the games cdgsolo knows.
    Games {
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Roll the Fate Die.
    Roll {
        /// Seed for the rolls; the same seed gives the same rolls on every machine.
        #[arg(long)]
        seed: Option<u64>,
        /// How many rolls.
        #[arg(long, default_value_t = 1)]
        count: u64,
        #[arg(long)]
        json: bool,
    },
    /// Run both sides' Card Displays of a game in the terminal.
    Assist {
        /// Game id (see `cdgsolo games`); not needed with --resume.
        game: Option<String>,
        /// Seed for the shuffles and rolls (printed at the start when left out); the same seed and
        /// the same choices give the same table.
        #[arg(long)]
        seed: Option<u64>,
        /// Starting Max Hand Size of each side, e.g. `--hand-size 5,4`.
        #[arg(long, value_delimiter = ',')]
        hand_size: Option<Vec<u8>>,
        /// Cards per deck, e.g. `--deck-size 55,55` (first number only for a shared deck).
        #[arg(long, value_delimiter = ',')]
        deck_size: Option<Vec<u16>>,
        /// Continue a saved table: `--resume` alone lists the saved ones, `--resume ID` takes one by
        /// its id, `--resume FILE` imports a file written with `s FILE`.
        #[arg(long, value_name = "ID|FILE", num_args = 0..=1)]
        resume: Option<Option<String>>,
        /// The saved-games database (default: games.sqlite in the user's data directory, as for `serve`).
        #[arg(long, value_name = "PATH")]
        db: Option<std::path::PathBuf>,
        /// Run the action ids in FILE (one per line) instead of asking, then print the table as JSON.
        #[arg(long, value_name = "FILE")]
        script: Option<String>,
        /// The card list naming the printed cards (docs/manifests.md): `builtin` (the shipped one,
        /// the default where one ships), a manifest FILE of your own, or `none`.
        #[arg(long, value_name = "FILE")]
        manifest: Option<String>,
        /// Who shuffles: `physical`, you shuffle your own cards and say which card turns up; or
        /// `virtual`, cdgsolo shuffles and you take each card it names from a deck kept sorted by
        /// number (only where the card list names every card). Asked at the start when left out.
        #[arg(long, value_enum)]
        deck: Option<assist::DeckChoice>,
        /// The same as `--deck physical`.
        #[arg(long, hide = true)]
        physical: bool,
        /// Play a scenario with its card rules, set up at the start (`cdgsolo games` lists each
        /// game's scenarios; Empire of the Sun's need a manifest naming the cards).
        #[arg(long, value_name = "S")]
        scenario: Option<String>,
        /// Nations each side fields (Epic Ancients: three Field Command cards and one activation
        /// of each section per nation); 1 when left out.
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=4))]
        nations: Option<u8>,
        /// The miniatures sequence: a roster FILE of your own (TOML, docs/miniatures.md) instead of
        /// the example.
        #[arg(long, value_name = "FILE")]
        roster: Option<String>,
        /// Invaders: the side that takes the first turn (the manual's pages do not say; Mankind
        /// when left out).
        #[arg(long, value_enum)]
        first: Option<aid::FirstSide>,
        /// Invaders: cards each side draws before the first turn (none when left out).
        #[arg(long, value_name = "N")]
        starting_hand: Option<u8>,
        /// Invaders: the side (or both) run by a Card Display and the Fate Die, cdgsolo's solo
        /// adaptation (docs/invaders.md).
        #[arg(long, value_enum)]
        display: Option<aid::DisplayArg>,
    },
    /// Play a game in the terminal, hotseat (only `manoeuvre` for now).
    Play {
        /// The game: `manoeuvre`.
        game: String,
        /// Seed for the shuffles and rolls (printed at the start when left out).
        #[arg(long)]
        seed: Option<u64>,
        /// The two nations, player 1's first, e.g. `--armies FR,BR`: IN, QI, US, TO, SP, AU, SW, OT,
        /// PR, RU, BR, FR (codes or names).
        #[arg(long, value_delimiter = ',')]
        armies: Option<Vec<String>>,
        /// How each player holds cards, e.g. `--hand-modes hand,display` (one value for both).
        #[arg(long, value_delimiter = ',', value_enum)]
        hand_modes: Option<Vec<play::HandModeArg>>,
        /// The battlefield: `random` draws the sections, their turns and the edges.
        #[arg(long, value_enum)]
        map: Option<play::MapArg>,
        /// Make every setup choice at random.
        #[arg(long)]
        quick_start: bool,
        /// Each player picks its opening cards.
        #[arg(long)]
        tournament: bool,
        /// Start from a position in a scenario file (TOML, or JSON by its .json ending; docs/scenarios.md).
        #[arg(long, value_name = "FILE")]
        scenario: Option<String>,
        /// Continue a saved game: `--resume` alone lists the saved ones, `--resume ID` takes one by
        /// its id, `--resume FILE` imports a file written with `s FILE`.
        #[arg(long, value_name = "ID|FILE", num_args = 0..=1)]
        resume: Option<Option<String>>,
        /// The saved-games database (default: games.sqlite in the user's data directory, as for `serve`).
        #[arg(long, value_name = "PATH")]
        db: Option<std::path::PathBuf>,
        /// A directory with a corrected copy of the Manoeuvre data files (docs/manoeuvre-data.md).
        #[arg(long = "data", value_name = "DIR")]
        data_dir: Option<String>,
        /// Play against a bot: random, rules, mcts:easy|normal|hard (rule-guided search), mcts:ITERATIONS
        /// (random playouts), mcts-rules:ITERATIONS, or a time budget such as mcts:250ms.
        #[arg(long, value_name = "BOT")]
        vs: Option<String>,
        /// With --vs, the player you are: 1 (moves first at setup, the default) or 2.
        #[arg(long = "as", value_name = "PLAYER", value_parser = clap::value_parser!(u8).range(1..=2))]
        as_player: Option<u8>,
    },
    /// Serve the JSON-lines protocol on standard input and output (see docs/protocol.md).
    Protocol,
    /// Let bots play Manoeuvre against each other and count the results.
    #[command(args_conflicts_with_subcommands = true)]
    Sim {
        #[command(subcommand)]
        merge: Option<SimCommand>,
        /// The two bots, e.g. `--bots mcts:easy,rules` (bots: random, rules, mcts:easy|normal|hard,
        /// mcts:ITERATIONS with random playouts, mcts-rules:ITERATIONS, mcts:250ms).
        #[arg(long, value_delimiter = ',')]
        bots: Vec<String>,
        /// Two nations (`--armies FR,BR`) or `all` for every pairing of two different nations.
        #[arg(long, value_delimiter = ',', default_value = "FR,BR")]
        armies: Vec<String>,
        /// How each side holds its cards, e.g. `--hand-modes hand,display`.
        #[arg(long, value_enum, value_delimiter = ',')]
        hand_modes: Option<Vec<play::HandModeArg>>,
        /// How each game is set up: `quick` (everything at random) or `deploy` (a random battlefield,
        /// then each bot deploys its own units).
        #[arg(long, value_enum, default_value_t = sim::SimSetup::Quick)]
        setup: sim::SimSetup,
        /// Games per pairing of nations; bots and nations swap seats from game to game.
        #[arg(long, default_value_t = 100)]
        games: u32,
        /// Seed of the run; the same seed gives the same results on any number of threads.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Worker threads (all cores when left out).
        #[arg(long)]
        threads: Option<usize>,
        /// Print one JSON object (its `bots` field maps each bot to games, wins, win rate, interval).
        #[arg(long)]
        json: bool,
        /// Also write one line per pairing of nations (games, wins per bot and per nation) to FILE.
        #[arg(long, value_name = "FILE")]
        csv: Option<String>,
        /// Play only shard I of N (`--shard 1/4` to `--shard 4/4`) and print its games as a part file
        /// for `cdgsolo sim merge`.
        #[arg(long, value_name = "I/N")]
        shard: Option<String>,
        /// Also draw the win-rate matrix of the nations as DIR/win-rate-matrix.svg and .png.
        #[arg(long, value_name = "DIR")]
        plot: Option<String>,
    },
    /// Serve the JSON API (docs/api.md) on this machine, every decision saved in SQLite.
    Serve {
        /// The port on 127.0.0.1 (0 picks a free one).
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// The saved-games database (default: games.sqlite in the user's data directory).
        #[arg(long, value_name = "PATH")]
        db: Option<std::path::PathBuf>,
        /// Open the page in this machine's browser (xdg-open or open), when there is one.
        #[arg(long)]
        open: bool,
        /// Listen on this address instead of 127.0.0.1 (e.g. 0.0.0.0 for a phone or tablet on the
        /// local network); any address but loopback gets an access token, printed in the URL.
        #[arg(long, value_name = "ADDR")]
        host: Option<std::net::IpAddr>,
        /// Log every request on the error stream (method, path, status, milliseconds); RUST_LOG
        /// (e.g. RUST_LOG=cdgsolo=info) chooses what is logged in more detail.
        #[arg(long)]
        log: bool,
    },
    /// Play many seeded random games of every game and mode, checking the rules' promises at every
    /// step (docs/reliability.md); exits with an error when anything was found.
    Soak {
        /// Games to play, spread over the games and their setups in turn.
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// Worker threads (all cores when left out); the counts are the same on any number.
        #[arg(long)]
        threads: Option<usize>,
        /// Seed of the run; each game's seed comes from it and the game's number.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Play only game number I of the run (0-based, as a problem report names it).
        #[arg(long, value_name = "I")]
        only: Option<u64>,
        /// Print one JSON object: counts per game, the total, the time and the problems found.
        #[arg(long)]
        json: bool,
    },
    /// Measure the engine's speed.
    Bench {
        /// What to measure.
        #[arg(value_enum, default_value_t = bench::Target::Table)]
        target: bench::Target,
        /// Only this game (default: all ten).
        #[arg(long)]
        game: Option<String>,
        /// Turns to play per game.
        #[arg(long, default_value_t = 200_000)]
        turns: u64,
        /// api: hotseat Manoeuvre games to play through the server (5 by default); server: games to
        /// open one after another for the memory measure (10,000 by default).
        #[arg(long)]
        games: Option<u64>,
        #[arg(long)]
        json: bool,
        /// mcts: play the fixture's games again and write them to FILE instead of measuring (the
        /// shipped fixture is crates/cli/data/mcts-positions.json).
        #[arg(long, value_name = "FILE")]
        record: Option<String>,
    },
}

#[derive(clap::Subcommand)]
enum SimCommand {
    /// Combine the part files of a sharded run into the report of the whole run.
    Merge {
        /// The part files, one per shard.
        #[arg(required = true)]
        parts: Vec<String>,
        #[arg(long)]
        json: bool,
        /// Also write one line per pairing of nations to FILE.
        #[arg(long, value_name = "FILE")]
        csv: Option<String>,
        /// Also draw the win-rate matrix of the nations as DIR/win-rate-matrix.svg and .png.
        #[arg(long, value_name = "DIR")]
        plot: Option<String>,
    },
    /// Rate the bots of several runs on one scale (Bradley-Terry, Elo units) from their --json outputs.
    Ladder {
        /// The `cdgsolo sim --json` outputs, one per run.
        #[arg(required = true)]
        files: Vec<String>,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
        /// Also draw the ratings as DIR/ladder.svg and .png.
        #[arg(long, value_name = "DIR")]
        plot: Option<String>,
        /// The bot rated 0 (default: random if it played, else the first bot named).
        #[arg(long, value_name = "BOT")]
        anchor: Option<String>,
        /// Read the bot FROM of the runs as TO, so that runs of one bot played under another name
        /// (a scratch build's trial level, say) count as one (repeatable).
        #[arg(long = "as", value_name = "FROM=TO")]
        rename: Vec<String>,
    },
    /// Fit the search levels' win-estimate scale to the results of the rule-based player's games
    /// against itself and print what it found as JSON.
    Calibrate {
        /// Games of the rule-based player against itself (half fit the scale, half check it).
        #[arg(long, default_value_t = 20_000)]
        games: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Worker threads (default: one per core).
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Tune the rule-based player's weights by self-play (SPSA) and print them as JSON.
    Tune {
        /// Steps of the run: each plays two slightly different players against each other.
        #[arg(long, default_value_t = 400)]
        steps: u32,
        /// Pairs of games per step (the same seed, seats swapped).
        #[arg(long, default_value_t = 512)]
        pairs: u64,
        #[arg(long, default_value_t = 99)]
        seed: u64,
        /// Pairs of games checking the result against the starting weights.
        #[arg(long, default_value_t = 5000)]
        check: u64,
        /// Start from the weights of this JSON file instead of the hand-set ones.
        #[arg(long, value_name = "FILE")]
        from: Option<String>,
        /// Worker threads (default: one per core).
        #[arg(long)]
        threads: Option<usize>,
    },
}

fn main() -> std::process::ExitCode {
    match run(Cli::parse()) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        // A reader that stops early (`cdgsolo roll --count 1000 | head`) is not an error.
        Err(e) if e.downcast_ref::<io::Error>().is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe) => {
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("cdgsolo: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Games { json } => games(json),
        Command::Roll { seed, count, json } => roll::run(seed, count, json),
        Command::Assist {
            game,
            seed,
            hand_size,
            deck_size,
            resume,
            db,
            script,
            manifest,
            deck,
            physical,
            scenario,
            nations,
            roster,
            first,
            starting_hand,
            display,
        } => {
            let stdin = io::stdin();
            let options = assist::AssistOptions {
                game,
                seed,
                hand_size,
                deck_size,
                resume,
                db,
                script,
                manifest,
                deck: if physical { Some(assist::DeckChoice::Physical) } else { deck },
                scenario,
                nations,
                roster,
                first,
                starting_hand,
                display,
            };
            assist::run(options, &mut stdin.lock(), &mut io::stdout())
        }
        Command::Play {
            game,
            seed,
            armies,
            hand_modes,
            map,
            quick_start,
            tournament,
            scenario,
            resume,
            db,
            data_dir,
            vs,
            as_player,
        } => {
            if game != "manoeuvre" {
                let known = protocol::games()?;
                if known.iter().any(|g| g.id == game) {
                    bail!(
                        "'{game}' cannot be played in the terminal yet; try `cdgsolo play manoeuvre` or `cdgsolo assist {game}`"
                    );
                }
                let hint = engine::did_you_mean(&game, &["manoeuvre"])
                    .map_or(String::new(), |g| format!(" (did you mean {g}?)"));
                bail!("no game has id '{game}'{hint}; `cdgsolo play` runs manoeuvre");
            }
            let stdin = io::stdin();
            let options = play::PlayOptions {
                seed,
                armies,
                hand_modes,
                quick_start,
                tournament,
                data_dir,
                map,
                scenario,
                resume,
                db,
                clear_screen: io::stdout().is_terminal(),
                vs: vs.as_deref().map(sim::BotSpec::parse).transpose()?,
                human: as_player.map(|p| p - 1),
            };
            play::run(options, &mut stdin.lock(), &mut io::stdout())
        }
        Command::Protocol => {
            let stdin = io::stdin();
            protocol::serve(stdin.lock(), io::stdout().lock()).context("the protocol stream failed")
        }
        Command::Sim { merge: Some(SimCommand::Merge { parts, json, csv, plot }), .. } => {
            sim::merge(&parts, json, csv.as_deref(), plot.as_deref(), &mut io::stdout().lock())
        }
        Command::Sim { merge: Some(SimCommand::Ladder { files, json, plot, anchor, rename }), .. } => {
            let options = ladder::Options { json, plot: plot.as_deref(), anchor: anchor.as_deref(), rename: &rename };
            ladder::run(&files, &options, &mut io::stdout().lock())
        }
        Command::Sim { merge: Some(SimCommand::Calibrate { games, seed, threads }), .. } => {
            let options = calibrate::CalibrateOptions { games, seed, threads };
            let report = calibrate::calibrate(&bots::LEVELS[2].weights, &options)?;
            writeln!(io::stdout().lock(), "{}", serde_json::to_string_pretty(&report)?)?;
            Ok(())
        }
        Command::Sim { merge: Some(SimCommand::Tune { steps, pairs, seed, check, from, threads }), .. } => {
            let start = match &from {
                None => manoeuvre::Weights::default(),
                Some(path) => {
                    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {path}"))?;
                    serde_json::from_str(&text).with_context(|| format!("{path} does not hold the player's weights"))?
                }
            };
            let options = tune::TuneOptions { steps, pairs, seed, check_pairs: check, threads };
            let bar = indicatif::ProgressBar::new(u64::from(steps));
            bar.set_style(
                indicatif::ProgressStyle::with_template("{bar:40} step {pos}/{len}, {eta} left: {msg}")
                    .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
            );
            let report = tune::tune(&start, &options, |_, difference| {
                bar.set_message(format!("last score difference {difference:+.3}"));
                bar.inc(1);
            })?;
            bar.finish_and_clear();
            writeln!(io::stdout().lock(), "{}", serde_json::to_string_pretty(&report)?)?;
            Ok(())
        }
        Command::Sim { merge: None, bots, armies, hand_modes, setup, games, seed, threads, json, csv, shard, plot } => {
            let [a, b] = bots.as_slice() else { bail!("--bots takes two bots, e.g. --bots random,mcts") };
            let shard = match shard.as_deref() {
                None => None,
                Some(text) => {
                    let parsed = text
                        .split_once('/')
                        .and_then(|(i, n)| Some((i.trim().parse::<u64>().ok()?, n.trim().parse::<u64>().ok()?)))
                        .filter(|(i, n)| *i >= 1 && i <= n);
                    let Some((i, n)) = parsed else { bail!("--shard takes I/N with 1 <= I <= N, e.g. --shard 2/4") };
                    Some([i - 1, n])
                }
            };
            let bots = [sim::BotSpec::parse(a)?, sim::BotSpec::parse(b)?];
            let pairings = match armies.as_slice() {
                [all] if all == "all" => sim::all_pairings()?,
                [x, y] => {
                    play::check_armies(&armies, None)?;
                    vec![[x.clone(), y.clone()]]
                }
                _ => bail!("--armies takes two nations (e.g. FR,BR) or all"),
            };
            let hand_modes = play::hand_mode_pair(hand_modes.as_deref())?.unwrap_or([manoeuvre::HandMode::Hand; 2]);
            if games == 0 {
                bail!("--games must be at least 1");
            }
            let options =
                sim::SimOptions { bots, pairings, hand_modes, setup, games, seed, threads, json, csv, shard, plot };
            sim::run(options, &mut io::stdout().lock())
        }
        Command::Serve { port, db, open, host, log } => serve::run(serve::ServeArgs { port, db, open, host, log }),
        Command::Soak { games, threads, seed, only, json } => {
            soak::run(soak::SoakOptions { games, threads, seed, json, only }, &mut io::stdout().lock())
        }
        Command::Bench { target: bench::Target::Mcts, record: Some(path), .. } => bench_mcts::record(&path),
        Command::Bench { record: Some(_), .. } => bail!("--record goes with `bench mcts` only"),
        Command::Bench { target, game, turns, games, json, record: None } => {
            bench::run(target, game.as_deref(), turns, games, json)
        }
    }
}

fn games(json: bool) -> Result<()> {
    let games = protocol::games()?;
    let mut out = io::stdout().lock();
    if json {
        writeln!(out, "{}", serde_json::to_string_pretty(&games)?)?;
    } else {
        writeln!(out, "{:<22} {:<6} name", "id", "deck")?;
        for g in games {
            writeln!(out, "{:<22} {:<6} {}", g.id, g.deck, g.name)?;
            if !g.scenarios.is_empty() {
                writeln!(out, "{:<29} scenarios (--scenario): {}", "", g.scenarios.join(", "))?;
            }
        }
    }
    Ok(())
}

/// Reads one trimmed line; `None` at the end of input.
pub(crate) fn read_line(input: &mut dyn BufRead) -> Result<Option<String>> {
    let mut line = String::new();
    if input.read_line(&mut line)? == 0 {
        return Ok(None);
    }
    Ok(Some(line.trim().to_string()))
}

/// `input` if it is one of `ids`; otherwise an error naming the closest id and listing them all.
pub(crate) fn known_id(input: &str, ids: &[String], what: &str) -> Result<String> {
    if ids.iter().any(|id| id == input) {
        return Ok(input.to_string());
    }
    let hint = engine::did_you_mean(input, ids).map_or(String::new(), |g| format!(" (did you mean {g}?)"));
    bail!("no {what} has id '{input}'{hint}; the {what}s are: {}", ids.join(", "))
}

/// Asks a yes-or-no question; the end of input answers `at_end`.
pub(crate) fn confirm(input: &mut dyn BufRead, out: &mut dyn Write, question: &str, at_end: bool) -> Result<bool> {
    write!(out, "{question} Type y for yes: ")?;
    out.flush()?;
    Ok(match read_line(input)? {
        Some(answer) => answer.eq_ignore_ascii_case("y") || answer.eq_ignore_ascii_case("yes"),
        None => at_end,
    })
}

/// A seed from the clock when the user gave none; printed so the game can be repeated.
pub(crate) fn seed_or_clock(seed: Option<u64>) -> u64 {
    seed.unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(0)
    })
}

/// The terminal's width in columns: `COLUMNS` when the shell exports it, else 100.
pub(crate) fn terminal_width() -> usize {
    std::env::var("COLUMNS").ok().and_then(|c| c.parse().ok()).filter(|&w: &usize| w >= 40).unwrap_or(100)
}

/// Writes `items` after `lead`, separated by `sep`, breaking lines before `width` and indenting the
/// continuation lines under the first item.
pub(crate) fn write_wrapped(out: &mut dyn Write, lead: &str, items: &[String], sep: &str, width: usize) -> Result<()> {
    let indent = " ".repeat(lead.chars().count().min(width / 2));
    write_wrapped_under(out, lead, &indent, items, sep, width)
}

/// [`write_wrapped`] with the continuation lines starting with `indent` instead of under the lead.
pub(crate) fn write_wrapped_under(
    out: &mut dyn Write,
    lead: &str,
    indent: &str,
    items: &[String],
    sep: &str,
    width: usize,
) -> Result<()> {
    let mut line = lead.to_string();
    let mut first = true;
    for (i, item) in items.iter().enumerate() {
        let piece = if i + 1 < items.len() { format!("{item}{}", sep.trim_end()) } else { item.clone() };
        let needed = piece.chars().count() + usize::from(!first);
        if !first && line.chars().count() + needed > width {
            writeln!(out, "{line}")?;
            line = indent.to_string();
            first = true;
        }
        if !first {
            line.push(' ');
        }
        line.push_str(&piece);
        first = false;
    }
    writeln!(out, "{line}")?;
    Ok(())
}
