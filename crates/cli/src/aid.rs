//! `cdgsolo assist invaders` and `cdgsolo assist miniatures`: the two table aids that are not CDG
//! Solo card tables, in the terminal. Each step shows the table in words, then the actions by
//! number (the table tools behind `t`); `u` undoes the last decision, `q` quits. The game is kept
//! in the saved games after every change, as `assist` keeps a card table. With `--deck physical`
//! the player says what each draw or die showed (their own cards, their own dice).

use std::io::{BufRead, IsTerminal, Write};

use anyhow::{Result, anyhow, bail};
use engine::{ChanceMode, Game, Session, ToMove};
use invaders::{Invaders, InvadersSetup};
use miniatures::{Miniatures, MiniaturesSetup};

use crate::stored::{Autosave, Kind};

/// Whether `game` is one of the aids this module runs.
pub fn handles(game: &str) -> bool {
    matches!(game, protocol::INVADERS | protocol::MINIATURES)
}

/// The side that takes Invaders' first turn, as the command line names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum FirstSide {
    Mankind,
    Invader,
}

/// The sides of Invaders run by a Card Display, as the command line names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DisplayArg {
    Mankind,
    Invader,
    Both,
}

impl DisplayArg {
    fn sides(self) -> invaders::DisplaySides {
        match self {
            DisplayArg::Mankind => invaders::DisplaySides::Mankind,
            DisplayArg::Invader => invaders::DisplaySides::Invader,
            DisplayArg::Both => invaders::DisplaySides::Both,
        }
    }
}

/// How a new aid starts, from the command line.
pub struct Start<'a> {
    pub seed: Option<u64>,
    /// The player's own dice or cards: each outcome is asked for.
    pub physical: bool,
    /// A deck manifest (Invaders) or roster (miniatures) file.
    pub file: Option<&'a str>,
    pub first: Option<FirstSide>,
    pub starting_hand: Option<u8>,
    pub display: Option<DisplayArg>,
}

/// Runs the aid `game` from a new start.
pub fn run(
    game: &str,
    start: &Start<'_>,
    db: Option<&std::path::Path>,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<()> {
    let seed = crate::seed_or_clock(start.seed);
    let chance = if start.physical { ChanceMode::Manual } else { ChanceMode::Auto };
    let file = start.file;
    // The deck manifest (Invaders) or roster (miniatures) of the player's own, read from a file.
    let text = match file {
        Some(path) => Some(engine::files::read_text(std::path::Path::new(path))?),
        None => None,
    };
    let named = |e: &dyn std::fmt::Display| anyhow!("{}: {e}", file.unwrap_or_default());
    match game {
        protocol::INVADERS => {
            let manifest = text.as_deref().map(invaders::Manifest::parse).transpose().map_err(|e| named(&e))?;
            let first = match start.first {
                Some(FirstSide::Invader) => invaders::Side::Invader,
                _ => invaders::Side::Mankind,
            };
            let setup = InvadersSetup {
                manifest,
                first,
                starting_hand: start.starting_hand.unwrap_or(0),
                display: start.display.map_or(invaders::DisplaySides::None, DisplayArg::sides),
            };
            let session = Session::<Invaders>::new(setup, seed, chance).map_err(|e| anyhow!("{e}"))?;
            play(game, "Invaders", session, &show_invaders, db, input, out)
        }
        protocol::MINIATURES => {
            let roster = text.as_deref().map(miniatures::Roster::parse).transpose().map_err(|e| named(&e))?;
            let session =
                Session::<Miniatures>::new(MiniaturesSetup { roster }, seed, chance).map_err(|e| anyhow!("{e}"))?;
            play(game, "Miniatures turn sequence", session, &show_miniatures, db, input, out)
        }
        other => bail!("'{other}' is not an aid of this kind"),
    }
}

/// Picks up the saved aid `id` from the store at `db` (its game id says which aid).
pub fn resume(db: &std::path::Path, id: i64, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<()> {
    let Some((store, taken)) = crate::stored::take(db, Kind::Aid, Some(id), input, out)? else { return Ok(()) };
    let game = taken.record.get("game").and_then(serde_json::Value::as_str).unwrap_or_default().to_string();
    writeln!(out, "Resumed saved game {}: {}.", taken.id, taken.name)?;
    let picked = Picked { db, store, taken, game };
    match picked.game.as_str() {
        protocol::INVADERS => picked.play::<Invaders>("Invaders", &show_invaders, input, out),
        protocol::MINIATURES => picked.play::<Miniatures>("Miniatures turn sequence", &show_miniatures, input, out),
        other => bail!("saved game {id} is a game of '{other}', not an aid"),
    }
}

/// A saved aid taken from the store, to be played on.
struct Picked<'a> {
    db: &'a std::path::Path,
    store: server::store::Store,
    taken: crate::stored::Taken,
    game: String,
}

impl Picked<'_> {
    fn play<G: Game>(
        self,
        title: &str,
        show: &dyn Fn(&G, u8, &mut dyn Write) -> Result<()>,
        input: &mut dyn BufRead,
        out: &mut dyn Write,
    ) -> Result<()> {
        let source = format!("saved game {}", self.taken.id);
        let record = crate::save_file::record_from_value::<G::Setup>(
            self.taken.record.clone(),
            &source,
            "game",
            &|_| Ok(()),
            "",
        )?;
        let session = Session::<G>::from_record(record).map_err(|e| anyhow!("{source}: {e}"))?;
        let autosave = Autosave::resumed(self.store, self.db, Kind::Aid, &self.taken, session.log());
        play_with(&self.game, title, session, show, Some(autosave), true, input, out)
    }
}

/// The loop of one aid. Where the game hides each seat's hands from the other
/// ([`Game::hands_hidden`]), the screen waits for the next player to take it before showing a
/// hand.
#[allow(clippy::too_many_arguments)]
fn play<G: Game>(
    id: &str,
    title: &str,
    session: Session<G>,
    show: &dyn Fn(&G, u8, &mut dyn Write) -> Result<()>,
    db: Option<&std::path::Path>,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<()> {
    let seed = session.seed();
    let name = server::game_name(id, None, seed);
    let people = serde_json::json!([null, null]);
    let record = crate::save_file::record_value(id, &session.record())?;
    writeln!(out, "{title} — seed {seed} (replay this table with --seed {seed})")?;
    let autosave = Autosave::create(db, Kind::Aid, &name, record, &people, session.log(), out)?;
    play_with(id, title, session, show, autosave, false, input, out)
}

/// The loop itself, saving to `autosave` after every change.
#[allow(clippy::too_many_arguments)]
fn play_with<G: Game>(
    id: &str,
    title: &str,
    mut session: Session<G>,
    show: &dyn Fn(&G, u8, &mut dyn Write) -> Result<()>,
    mut autosave: Option<Autosave>,
    resumed: bool,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<()> {
    writeln!(out, "{title}: type the number of an action, t for the table tools, u to undo, q to quit.")?;
    let record = |s: &Session<G>| crate::save_file::record_value(id, &s.record());
    let mut seat: Option<u8> = None;
    // A game picked up again starts from where it stands, not from its whole story.
    let mut told = if resumed { session.log().len() } else { 0 };
    loop {
        let state = session.state();
        let player = match state.to_move() {
            ToMove::Terminal => {
                for line in session.events_since(told) {
                    writeln!(out, "  {line}")?;
                }
                let result = state.outcome().map(|o| o.reason).unwrap_or_default();
                writeln!(out, "The game is over: {result}.")?;
                return farewell(autosave.as_ref(), out);
            }
            ToMove::Player(p) => p,
            // Manual chance: the player says what turned up.
            ToMove::Chance => seat.unwrap_or(0),
        };
        if state.hands_hidden() && state.to_move() != ToMove::Chance && seat != Some(player) {
            // The last player's hand leaves the screen (and its scrollback) before the next one sits.
            if std::io::stdout().is_terminal() {
                write!(out, "\x1b[2J\x1b[3J\x1b[H")?;
            }
            writeln!(
                out,
                "{} to decide: pass the screen to that player, then press Enter.",
                state.player_name(player)
            )?;
            out.flush()?;
            if crate::read_line(input)?.is_none() {
                return farewell(autosave.as_ref(), out);
            }
            seat = Some(player);
        }
        // What happened since the screen last showed, in public words, then the table.
        for line in session.events_since(told) {
            writeln!(out, "  {line}")?;
        }
        told = session.log().len();
        let state = session.state();
        show(state, player, out)?;
        let legal = state.legal();
        let (tools, mut plain): (Vec<usize>, Vec<usize>) = (0..legal.len()).partition(|&i| state.is_tool(&legal[i]));
        // Choices in the same words are one choice to the reader (a card of one's own deck named as
        // it turns up, where the deck holds copies of it).
        let mut seen = std::collections::HashSet::new();
        plain.retain(|&i| seen.insert(state.action_label(&legal[i])));
        if state.to_move() == ToMove::Chance {
            writeln!(out, "What turned up?")?;
        }
        for (n, &i) in plain.iter().enumerate() {
            writeln!(out, "  {}. {}", n + 1, state.action_label(&legal[i]))?;
        }
        if !tools.is_empty() {
            writeln!(out, "  t. table tools ({})", tools.len())?;
        }
        write!(out, "> ")?;
        out.flush()?;
        let Some(answer) = crate::read_line(input)? else { return farewell(autosave.as_ref(), out) };
        let chosen = match answer.as_str() {
            "q" => return farewell(autosave.as_ref(), out),
            "u" => {
                match session.undo_told() {
                    Ok(lines) => {
                        writeln!(out, "Undone.")?;
                        for line in lines {
                            writeln!(out, "  {line}")?;
                        }
                        told = session.log().len();
                    }
                    Err(e) => writeln!(out, "Nothing to undo: {e}")?,
                }
                None
            }
            "t" => {
                for (n, &i) in tools.iter().enumerate() {
                    writeln!(out, "  t{}. {}", n + 1, state.action_label(&legal[i]))?;
                }
                None
            }
            text => {
                let pick = match text.strip_prefix('t') {
                    Some(rest) => rest.parse::<usize>().ok().and_then(|n| tools.get(n.checked_sub(1)?)),
                    None => text.parse::<usize>().ok().and_then(|n| plain.get(n.checked_sub(1)?)),
                };
                if pick.is_none() {
                    writeln!(out, "'{text}' is not one of the numbers shown (or t, u, q).")?;
                }
                pick.map(|&i| legal[i].clone())
            }
        };
        if let Some(action) = chosen
            && let Err(e) = session.apply(&action)
        {
            writeln!(out, "Not done: {e}")?;
        }
        if let Some(a) = autosave.as_mut() {
            a.sync(session.log(), || record(&session), out)?;
        }
    }
}

fn farewell(autosave: Option<&Autosave>, out: &mut dyn Write) -> Result<()> {
    match autosave {
        Some(a) => a.farewell(out),
        None => Ok(()),
    }
}

/// Invaders in words, from `player`'s seat: the zones, the chain, the hand and the piles.
fn show_invaders(g: &Invaders, player: u8, out: &mut dyn Write) -> Result<()> {
    let v = g.observe(player);
    writeln!(out, "Turn {}, {}'s turn ({}):", v.turn, v.active.name(), v.phase_words)?;
    for z in &v.zones {
        let column = |i: usize| {
            let names: Vec<String> = z.columns[i]
                .iter()
                .map(|p| {
                    let mut s = p.card.card.name.clone();
                    if p.tokens > 0 {
                        s.push_str(&format!(" [{} tokens]", p.tokens));
                    }
                    if p.turned {
                        s.push_str(" [turned]");
                    }
                    s
                })
                .collect();
            if names.is_empty() { "-".to_string() } else { names.join(", ") }
        };
        writeln!(
            out,
            "  {}: Invader {}/4: {}; Mankind {}/4: {}",
            z.name,
            z.columns[1].len(),
            column(1),
            z.columns[0].len(),
            column(0)
        )?;
    }
    if let Some(p) = &v.payment {
        writeln!(out, "  Paying for {}: {} to discard, {} to drain.", p.card.card.name, p.discard_left, p.drain_left)?;
    }
    if !v.chain.is_empty() {
        let names: Vec<&str> = v.chain.iter().map(|c| c.card.card.name.as_str()).collect();
        writeln!(out, "  Played, then cancels: {}", names.join(" <- "))?;
    }
    for s in &v.sides {
        let Some(display) = &s.display else { continue };
        writeln!(out, "  {}'s Card Display (face-down cards are unknown to everyone):", s.side)?;
        for slot in display {
            let cards: Vec<&str> =
                slot.cards.iter().map(|c| c.as_ref().map_or("(face-down)", |c| c.card.name.as_str())).collect();
            writeln!(out, "    {}: {}", slot.letter, if cards.is_empty() { "empty".into() } else { cards.join(", ") })?;
        }
    }
    if let Some(f) = &v.fate {
        let face_up: Vec<&invaders::view::CardView> = v
            .sides
            .iter()
            .filter_map(|s| s.display.as_ref())
            .flatten()
            .flat_map(|slot| slot.cards.iter().flatten())
            .collect();
        let names: Vec<&str> = f
            .allowed
            .iter()
            .filter_map(|&id| face_up.iter().find(|c| c.id == id))
            .map(|c| c.card.name.as_str())
            .collect();
        let now = if names.is_empty() { "none".into() } else { names.join(", ") };
        writeln!(out, "  Fate Die: {} ({}); {} may play: {now}", f.face, f.title, v.active.name())?;
    }
    if v.sides[v.viewer.index()].display.is_none() {
        let hand: Vec<&str> = v.hand.iter().map(|c| c.card.name.as_str()).collect();
        writeln!(out, "  Your hand ({}): {}", v.viewer, if hand.is_empty() { "none".into() } else { hand.join(", ") })?;
    }
    for s in &v.sides {
        let top = s.discard.last().map_or("empty".to_string(), |c| format!("{} on top", c.card.name));
        writeln!(
            out,
            "  {}: {} in the draw pile, {} in {}, discard pile {} ({top})",
            s.side,
            s.deck,
            s.hand,
            if s.display.is_some() { "its display" } else { "hand" },
            s.discard.len()
        )?;
    }
    Ok(())
}

/// The miniatures sequence in words: the step, the last roll and what it meant, and the roster.
fn show_miniatures(g: &Miniatures, _player: u8, out: &mut dyn Write) -> Result<()> {
    let v = g.view();
    // The last roll and its meaning were told with the step's events.
    writeln!(out, "Turn {}: {}", v.turn, v.step_words)?;
    for (i, side) in v.sides.iter().enumerate() {
        let units: Vec<String> = v
            .units
            .iter()
            .filter(|u| usize::from(u.side) == i)
            .map(|u| {
                if u.removed {
                    format!("{} (removed)", u.name)
                } else {
                    format!(
                        "{} {}/{} QV {}{}",
                        u.name,
                        u.pieces,
                        u.pieces + u.casualties,
                        u.qv,
                        if u.disrupted > 0 { format!(", {} disrupted", u.disrupted) } else { String::new() }
                    )
                }
            })
            .collect();
        writeln!(out, "  {} (CO {} LV {}): {}", side.name, side.co.name, side.co.lv, units.join("; "))?;
    }
    Ok(())
}
