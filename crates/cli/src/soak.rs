//! `cdgsolo soak`: many seeded games of random play over every game and mode cdgsolo offers, each
//! played through the engine's [`Session`] and checked at every step, to find what no scripted test
//! thought of. Manoeuvre runs in all four pairs of hand modes with quick start, a random map and
//! players who deploy, setups chosen wholly by the players, and tournament hands; every card table
//! runs plain and with its options (other hand sizes, the built-in manifest, a physical deck, its
//! scenarios, more nations). After every step the game's invariants must hold, a finished game must
//! list no action and an unfinished one some (otherwise it is a dead end). A panic is caught per game
//! and counted. Every tenth game is exported, imported through the protocol and compared with the
//! live one. Game `i` of a run takes its kind, setup and seed from `i` and the run's seed alone, and
//! the counts are sums, so any number of threads gives the same report.

use std::io::Write;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Instant;

use anyhow::{Context, Result, bail};
use engine::{ChanceMode, Game, ToMove, below};
use invaders::{Invaders, InvadersSetup};
use manoeuvre::setup::RandomWord;
use manoeuvre::{HandMode, Manoeuvre, ManoeuvreSetup, MapChoice};
use miniatures::{Miniatures, MiniaturesSetup};
use protocol::{DynSession, GameSession, INVADERS, MANOEUVRE, MANOEUVRE_TABLE, MINIATURES};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use rayon::prelude::*;
use serde::Serialize;
use serde_json::{Value, json};
use solo::{CardTable, TableSetup};

/// Decisions a card table gets before the soak stops it: a table never ends by itself.
const TABLE_STEP_CAP: u64 = 300;
/// Decisions after which a game of Manoeuvre that has not ended counts as broken.
const MANOEUVRE_STEP_CAP: u64 = 100_000;
/// Invaders ends when a draw pile runs out (or the players declare a winner): well within this.
const INVADERS_STEP_CAP: u64 = 20_000;
/// Every this many games, export, import and compare.
const REPLAY_EVERY: u64 = 10;

/// What `cdgsolo soak` was asked to do.
pub struct SoakOptions {
    pub games: u64,
    pub threads: Option<usize>,
    pub seed: u64,
    pub json: bool,
    /// Play only this game of the run (its number as a problem report gives it), to replay a failure.
    pub only: Option<u64>,
}

/// How one game starts.
#[derive(Clone)]
enum Start {
    Manoeuvre(Box<ManoeuvreSetup>),
    Invaders(Box<InvadersSetup>),
    Miniatures(Box<MiniaturesSetup>),
    Table { setup: TableSetup, scenario: Option<&'static str> },
}

/// One setup of a game: its description, the protocol options that make it, and the setup itself.
#[derive(Clone)]
struct Variant {
    label: String,
    options: Value,
    start: Start,
}

/// A game id and the setups the soak plays it with, in turn.
struct Kind {
    id: String,
    variants: Vec<Variant>,
}

/// The counts of one kind of game, or of the whole run.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    pub games: u64,
    /// Steps in the games' logs, chance outcomes included.
    pub actions: u64,
    /// Games that reached their end.
    pub finished: u64,
    /// Card tables stopped after [`TABLE_STEP_CAP`] decisions.
    pub capped: u64,
    pub panics: u64,
    pub dead_ends: u64,
    /// Games whose export, imported again, did not give the same game.
    pub mismatches: u64,
    /// Other broken promises: an invariant, a legal action refused, a finished game listing
    /// actions, a setup that failed, a Manoeuvre game that never ended.
    pub broken: u64,
    /// Games that went through export and import.
    pub replays_checked: u64,
}

impl Tally {
    fn add(&mut self, other: &Tally) {
        self.games += other.games;
        self.actions += other.actions;
        self.finished += other.finished;
        self.capped += other.capped;
        self.panics += other.panics;
        self.dead_ends += other.dead_ends;
        self.mismatches += other.mismatches;
        self.broken += other.broken;
        self.replays_checked += other.replays_checked;
    }

    fn failures(&self) -> u64 {
        self.panics + self.dead_ends + self.mismatches + self.broken
    }
}

/// Per-kind tallies, the setups each kind played (a bit per variant), and the problems found.
#[derive(Clone, Default)]
struct Totals {
    kinds: Vec<Tally>,
    setups: Vec<u128>,
    problems: Vec<(u64, String)>,
}

impl Totals {
    fn new(kinds: usize) -> Self {
        Self { kinds: vec![Tally::default(); kinds], setups: vec![0; kinds], problems: Vec::new() }
    }

    fn merge(mut self, other: Totals) -> Totals {
        for (a, b) in self.kinds.iter_mut().zip(&other.kinds) {
            a.add(b);
        }
        for (a, b) in self.setups.iter_mut().zip(&other.setups) {
            *a |= b;
        }
        self.problems.extend(other.problems);
        self
    }
}

/// The games and setups the soak covers, from the registry's list.
fn kinds() -> Result<Vec<Kind>> {
    let mut out = Vec::new();
    for game in protocol::games()? {
        let variants = if game.id == MANOEUVRE {
            manoeuvre_variants()?
        } else if game.id == INVADERS {
            invaders_variants()?
        } else if game.id == MINIATURES {
            miniatures_variants()?
        } else {
            table_variants(&game.id, &game.scenarios, game.manifest.is_some())?
        };
        out.push(Kind { id: game.id, variants });
    }
    Ok(out)
}

fn invaders_variants() -> Result<Vec<Variant>> {
    let example = invaders::Manifest::example().map_err(|e| anyhow::anyhow!("{e}"))?;
    let setups = [
        ("example deck, Mankind first", InvadersSetup::default()),
        (
            "Invader first, starting hands of 5",
            InvadersSetup { first: invaders::Side::Invader, starting_hand: 5, ..InvadersSetup::default() },
        ),
        ("the example manifest given in full", InvadersSetup { manifest: Some(example), ..InvadersSetup::default() }),
        (
            "the Invader on a Card Display, starting hands of 5",
            InvadersSetup { starting_hand: 5, display: invaders::DisplaySides::Invader, ..InvadersSetup::default() },
        ),
        (
            "both sides on Card Displays",
            InvadersSetup { display: invaders::DisplaySides::Both, ..InvadersSetup::default() },
        ),
    ];
    variants(setups, |s| Start::Invaders(Box::new(s)))
}

fn miniatures_variants() -> Result<Vec<Variant>> {
    let example = miniatures::Roster::example().map_err(|e| anyhow::anyhow!("{e}"))?;
    let setups = [
        ("example roster", MiniaturesSetup::default()),
        ("the example roster given in full", MiniaturesSetup { roster: Some(example) }),
    ];
    variants(setups, |s| Start::Miniatures(Box::new(s)))
}

/// Each labelled setup as a variant, its options being the setup itself.
fn variants<S: serde::Serialize, const N: usize>(
    setups: [(&str, S); N],
    start: impl Fn(S) -> Start,
) -> Result<Vec<Variant>> {
    setups
        .into_iter()
        .map(|(what, setup)| {
            Ok(Variant { label: what.into(), options: serde_json::to_value(&setup)?, start: start(setup) })
        })
        .collect()
}

fn manoeuvre_variants() -> Result<Vec<Variant>> {
    use HandMode::{Display, Hand};
    let mode = |m: HandMode| if m == Hand { "hand" } else { "display" };
    let mut out = Vec::new();
    for modes in [[Hand, Hand], [Hand, Display], [Display, Hand], [Display, Display]] {
        let random_map = Some(MapChoice::Random(RandomWord::Random));
        let setups = [
            ("quick start", ManoeuvreSetup { quick_start: true, ..ManoeuvreSetup::default() }),
            ("random map, players deploy", ManoeuvreSetup { map: random_map.clone(), ..ManoeuvreSetup::default() }),
            ("players choose everything", ManoeuvreSetup::default()),
            (
                "random map, tournament hands",
                ManoeuvreSetup { map: random_map, tournament: true, ..ManoeuvreSetup::default() },
            ),
        ];
        for (what, setup) in setups {
            let setup = ManoeuvreSetup { hand_modes: Some(modes), ..setup };
            out.push(Variant {
                label: format!("{}/{}, {what}", mode(modes[0]), mode(modes[1])),
                options: serde_json::to_value(&setup)?,
                start: Start::Manoeuvre(Box::new(setup)),
            });
        }
    }
    Ok(out)
}

fn table_variants(id: &str, scenarios: &[&'static str], has_manifest: bool) -> Result<Vec<Variant>> {
    let sheet = if id == MANOEUVRE_TABLE { MANOEUVRE } else { id };
    let manifest = if has_manifest {
        let shipped = solo::manifests().map_err(|e| anyhow::anyhow!("{e}"))?;
        let found = shipped.iter().find(|m| m.game == sheet).context("a listed built-in manifest is missing")?;
        Some(found.as_ref().clone())
    } else {
        None
    };
    let plain = TableSetup::new(sheet);
    let mut out = vec![
        Variant {
            label: "plain".into(),
            options: json!({}),
            start: Start::Table { setup: plain.clone(), scenario: None },
        },
        Variant {
            label: "hand sizes 4 and 6".into(),
            options: json!({ "hand_size": [4, 6] }),
            start: Start::Table { setup: TableSetup { hand_size: Some([4, 6]), ..plain.clone() }, scenario: None },
        },
    ];
    if id == "cc-epic-ancients" {
        out.push(Variant {
            label: "three nations a side".into(),
            options: json!({ "nations": 3 }),
            start: Start::Table { setup: TableSetup { nations: 3, ..plain.clone() }, scenario: None },
        });
    }
    if let Some(m) = &manifest {
        let with = TableSetup { manifest: Some(m.clone()), ..plain.clone() };
        out.push(Variant {
            label: "built-in manifest".into(),
            options: json!({ "manifest": "builtin" }),
            start: Start::Table { setup: with.clone(), scenario: None },
        });
        out.push(Variant {
            label: "physical deck, built-in manifest".into(),
            options: json!({ "manifest": "builtin", "physical": true }),
            start: Start::Table { setup: TableSetup { physical: true, ..with }, scenario: None },
        });
    }
    for &scenario in scenarios {
        // Some scenarios place named cards: with the manifest where one ships.
        let (setup, options) = match &manifest {
            Some(m) => (
                TableSetup { manifest: Some(m.clone()), ..plain.clone() },
                json!({ "manifest": "builtin", "scenario": scenario }),
            ),
            None => (plain.clone(), json!({ "scenario": scenario })),
        };
        out.push(Variant {
            label: format!("scenario {scenario}"),
            options,
            start: Start::Table { setup, scenario: Some(scenario) },
        });
    }
    Ok(out)
}

/// What one game found.
struct Played {
    tally: Tally,
    problems: Vec<String>,
}

/// Plays one session to its end (or the cap) with seeded random decisions, checking every step;
/// then, when asked, exports it, imports it through the protocol and compares.
fn play<G>(mut game: GameSession<G>, seed: u64, cap: u64, ends: bool, check_replay: bool) -> Played
where
    G: Game + Send + 'static,
    G::Setup: Send,
{
    let mut tally = Tally { games: 1, ..Tally::default() };
    let mut problems = Vec::new();
    let mut chooser = ChaCha8Rng::seed_from_u64(seed ^ 0x50a4_5eed);
    let mut actions = Vec::new();
    let mut decisions = 0u64;
    loop {
        let state = game.session.state();
        let step = game.session.log().len();
        if let Err(e) = state.check_invariants() {
            tally.broken += 1;
            problems.push(format!("step {step}: invariant broken: {e}"));
            break;
        }
        state.legal_actions(&mut actions);
        match state.to_move() {
            ToMove::Terminal => {
                if let Some(first) = actions.first() {
                    tally.broken += 1;
                    problems.push(format!(
                        "step {step}: the game is over but lists {} action(s), such as '{}'",
                        actions.len(),
                        state.action_id(first)
                    ));
                } else if state.outcome().is_none() {
                    tally.broken += 1;
                    problems.push(format!("step {step}: the game is over without an outcome"));
                } else {
                    tally.finished += 1;
                }
                break;
            }
            ToMove::Chance if actions.is_empty() => {
                tally.dead_ends += 1;
                problems.push(format!("step {step}: dead end: a chance node with no outcome"));
                break;
            }
            ToMove::Chance => {
                tally.broken += 1;
                problems.push(format!("step {step}: an automatic session stopped at a chance node"));
                break;
            }
            ToMove::Player(p) if actions.is_empty() => {
                tally.dead_ends += 1;
                problems.push(format!("step {step}: dead end: player {p} to move with no legal action"));
                break;
            }
            ToMove::Player(_) => {}
        }
        if decisions >= cap {
            if ends {
                tally.broken += 1;
                problems.push(format!("the game did not end within {cap} decisions"));
            } else {
                tally.capped += 1;
            }
            break;
        }
        let action = actions.swap_remove(below(&mut chooser, actions.len()));
        let id = state.action_id(&action);
        if let Err(e) = game.session.apply(&action) {
            tally.broken += 1;
            problems.push(format!("step {step}: the legal action '{id}' was refused: {e}"));
            break;
        }
        decisions += 1;
    }
    tally.actions = game.session.log().len() as u64;
    if let Some(problem) = problems.last_mut() {
        // The steps that led there, so the report says where to look before anyone replays it.
        let log = game.session.log();
        let last: Vec<&str> = log[log.len().saturating_sub(4)..].iter().map(|e| e.id.as_str()).collect();
        problem.push_str(&format!(" (the last steps: {})", last.join(", ")));
    }
    if check_replay {
        tally.replays_checked += 1;
        if let Err(e) = compare_replay(&game) {
            tally.mismatches += 1;
            problems.push(format!("export, import and replay: {e}"));
        }
    }
    Played { tally, problems }
}

/// Exports the game, imports the record through the protocol, and checks that the imported game
/// is the same: its state, its log, each player's observation and the legal actions.
fn compare_replay<G>(game: &GameSession<G>) -> Result<(), String>
where
    G: Game + Send + 'static,
    G::Setup: Send,
{
    let back = protocol::import_session(game.export()).map_err(|e| format!("the import was refused: {e}"))?;
    let typed = back
        .as_any()
        .downcast_ref::<GameSession<G>>()
        .ok_or_else(|| format!("the record came back as a game other than '{}'", game.id))?;
    if typed.session.state() != game.session.state() {
        return Err("the imported state differs from the live one".into());
    }
    if typed.session.log() != game.session.log() {
        return Err("the imported log differs from the live one".into());
    }
    for player in 0..game.session.state().num_players() {
        if back.observe(player).map_err(|e| e.to_string())? != game.observe(player).map_err(|e| e.to_string())? {
            return Err(format!("player {player}'s observation differs after the import"));
        }
    }
    if back.legal() != game.legal() {
        return Err("the legal actions differ after the import".into());
    }
    Ok(())
}

/// Starts and plays one game; a setup that fails is a broken promise too.
fn play_variant(kind: &Kind, variant: &Variant, seed: u64, check_replay: bool) -> Played {
    let failed = |what: String| Played {
        tally: Tally { games: 1, broken: 1, ..Tally::default() },
        problems: vec![format!("setup failed: {what}")],
    };
    match &variant.start {
        Start::Manoeuvre(setup) => {
            match GameSession::<Manoeuvre>::start(&kind.id, setup.as_ref().clone(), seed, ChanceMode::Auto) {
                Ok(game) => play(game, seed, MANOEUVRE_STEP_CAP, true, check_replay),
                Err(e) => failed(e.to_string()),
            }
        }
        Start::Invaders(setup) => {
            match GameSession::<Invaders>::start(&kind.id, setup.as_ref().clone(), seed, ChanceMode::Auto) {
                Ok(game) => play(game, seed, INVADERS_STEP_CAP, true, check_replay),
                Err(e) => failed(e.to_string()),
            }
        }
        Start::Miniatures(setup) => {
            // The sequence never ends by itself: the soak stops it as it stops a card table.
            match GameSession::<Miniatures>::start(&kind.id, setup.as_ref().clone(), seed, ChanceMode::Auto) {
                Ok(game) => play(game, seed, TABLE_STEP_CAP, false, check_replay),
                Err(e) => failed(e.to_string()),
            }
        }
        Start::Table { setup, scenario } => {
            let mut game = match GameSession::<CardTable>::start(&kind.id, setup.clone(), seed, ChanceMode::Auto) {
                Ok(game) => game,
                Err(e) => return failed(e.to_string()),
            };
            if let Some(name) = scenario
                && let Err(e) = solo::apply_scenario(&mut game.session, name)
            {
                return failed(e.to_string());
            }
            play(game, seed, TABLE_STEP_CAP, false, check_replay)
        }
    }
}

/// Game `index` of the run: its kind, its setup and its seed.
fn job(kinds: &[Kind], seed: u64, index: u64) -> (usize, usize, u64) {
    let k = (index % kinds.len() as u64) as usize;
    let v = ((index / kinds.len() as u64) % kinds[k].variants.len() as u64) as usize;
    (k, v, crate::sim::game_seed(seed, index))
}

/// Plays game `index`, catching a panic, into `totals`.
fn soak_one(kinds: &[Kind], run_seed: u64, index: u64, mut totals: Totals) -> Totals {
    let (k, v, seed) = job(kinds, run_seed, index);
    let (kind, variant) = (&kinds[k], &kinds[k].variants[v]);
    let played =
        catch_unwind(AssertUnwindSafe(|| play_variant(kind, variant, seed, index.is_multiple_of(REPLAY_EVERY))))
            .unwrap_or_else(|panic| {
                let message = panic
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "a panic without a message".into());
                Played {
                    tally: Tally { games: 1, panics: 1, ..Tally::default() },
                    problems: vec![format!("panic: {message}")],
                }
            });
    totals.kinds[k].add(&played.tally);
    totals.setups[k] |= 1u128 << v.min(127);
    for problem in played.problems {
        totals.problems.push((
            index,
            format!(
                "game {index} ({}, {}; options {}; game seed {seed}): {problem}. Replay it with `cdgsolo soak --seed \
                 {run_seed} --games {} --only {index}`",
                kind.id,
                variant.label,
                variant.options,
                index + 1
            ),
        ));
    }
    totals
}

pub fn run(options: SoakOptions, out: &mut dyn Write) -> Result<()> {
    if options.games == 0 {
        bail!("--games must be at least 1");
    }
    if let Some(only) = options.only
        && only >= options.games
    {
        bail!("--only {only} is not a game of this run: games are numbered 0 to {}", options.games - 1);
    }
    let kinds = kinds()?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads.unwrap_or(0))
        .build()
        .context("cannot start the worker threads")?;
    let threads = pool.current_num_threads();
    let jobs: Vec<u64> = match options.only {
        Some(i) => vec![i],
        None => (0..options.games).collect(),
    };
    let start = Instant::now();
    let mut totals = pool.install(|| {
        jobs.par_iter()
            .fold(|| Totals::new(kinds.len()), |t, &i| soak_one(&kinds, options.seed, i, t))
            .reduce(|| Totals::new(kinds.len()), Totals::merge)
    });
    let seconds = start.elapsed().as_secs_f64();
    totals.problems.sort();
    let mut total = Tally::default();
    for t in &totals.kinds {
        total.add(t);
    }
    let rows: Vec<Value> = kinds
        .iter()
        .zip(&totals.kinds)
        .zip(&totals.setups)
        .map(|((kind, tally), setups)| {
            let mut row = serde_json::to_value(tally).unwrap_or(Value::Null);
            row["game"] = json!(kind.id);
            row["setups"] = json!(kind.variants.len());
            row["setups_played"] = json!(setups.count_ones());
            row
        })
        .collect();
    let rate = total.games as f64 / seconds.max(1e-9);
    if options.json {
        let report = json!({
            "seed": options.seed,
            "threads": threads,
            "seconds": seconds,
            "games_per_second": rate,
            "kinds": rows,
            "total": total,
            "problems": totals.problems.iter().map(|(_, p)| p).collect::<Vec<_>>(),
        });
        writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?;
    } else {
        writeln!(
            out,
            "{:<22} {:>7} {:>9} {:>6} {:>9} {:>6} {:>6} {:>9} {:>10} {:>6} {:>7}",
            "game",
            "setups",
            "games",
            "ended",
            "actions",
            "capped",
            "panics",
            "dead ends",
            "mismatches",
            "broken",
            "replays"
        )?;
        let line = |out: &mut dyn Write, name: &str, setups: String, t: &Tally| -> Result<()> {
            writeln!(
                out,
                "{name:<22} {setups:>7} {:>9} {:>6} {:>9} {:>6} {:>6} {:>9} {:>10} {:>6} {:>7}",
                t.games,
                t.finished,
                t.actions,
                t.capped,
                t.panics,
                t.dead_ends,
                t.mismatches,
                t.broken,
                t.replays_checked
            )?;
            Ok(())
        };
        for ((kind, tally), setups) in kinds.iter().zip(&totals.kinds).zip(&totals.setups) {
            line(out, &kind.id, format!("{}/{}", setups.count_ones(), kind.variants.len()), tally)?;
        }
        line(out, "total", String::new(), &total)?;
        writeln!(
            out,
            "{} games and {} actions in {seconds:.2} s on {threads} thread(s): {rate:.0} games/s (seed {})",
            total.games, total.actions, options.seed
        )?;
        for (_, problem) in &totals.problems {
            writeln!(out, "{problem}")?;
        }
    }
    if total.failures() > 0 {
        bail!(
            "the soak found {} panic(s), {} dead end(s), {} mismatch(es) and {} other broken promise(s)",
            total.panics,
            total.dead_ends,
            total.mismatches,
            total.broken
        );
    }
    Ok(())
}
