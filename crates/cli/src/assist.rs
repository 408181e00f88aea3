//! `cdgsolo assist`: a card table in the terminal. It shows both displays, lists the legal actions by
//! number, and carries out the chosen one, resolving rolls and draws from the seed. `u` undoes the
//! last decision (never a roll or a reveal), `q` quits.

use std::io::{BufRead, Write};

use anyhow::{Result, anyhow};
use engine::{ChanceMode, Game, Session};
use solo::{CardTable, TableSetup, TableView};

pub fn run(
    game: &str,
    seed: Option<u64>,
    hand_size: Option<Vec<u8>>,
    deck_size: Option<Vec<u16>>,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<()> {
    let seed = crate::seed_or_clock(seed);
    if hand_size.as_ref().is_some_and(|h| h.len() != 2) {
        return Err(anyhow!("--hand-size takes two numbers, e.g. --hand-size 5,4"));
    }
    if deck_size.as_ref().is_some_and(|d| d.is_empty() || d.len() > 2) {
        return Err(anyhow!("--deck-size takes one or two numbers, e.g. --deck-size 55,55"));
    }
    let setup = TableSetup {
        game: game.to_string(),
        hand_size: hand_size.map(|h| [h[0], h.get(1).copied().unwrap_or(h[0])]),
        deck_size: deck_size.map(|d| [d[0], d.get(1).copied().unwrap_or(d[0])]),
    };
    let mut session = Session::<CardTable>::new(setup, seed, ChanceMode::Auto).map_err(|e| anyhow!("{e}"))?;
    writeln!(out, "{} — seed {seed} (replay this table with --seed {seed})", session.state().sheet().name)?;
    writeln!(out, "Type the number of an action, u to undo, q to quit.")?;
    let mut shown_log = session.log().len();
    loop {
        let state = session.state();
        for entry in &session.log()[shown_log..] {
            if entry.id.starts_with("fate-") || entry.id.starts_with("d6-") {
                writeln!(out, "  rolled: {}", entry.id)?;
            }
        }
        shown_log = session.log().len();
        render(&state.observe(state.active()), out)?;
        let actions = state.legal();
        for (i, a) in actions.iter().enumerate() {
            writeln!(out, "  {:>2}. {}", i + 1, state.action_label(a))?;
        }
        write!(out, "> ")?;
        out.flush()?;
        let Some(line) = crate::read_line(input)? else { return Ok(()) };
        match line.as_str() {
            "q" | "quit" => return Ok(()),
            "u" | "undo" => match session.undo() {
                Ok(()) => {
                    shown_log = session.log().len();
                    writeln!(out, "Undone.")?
                }
                Err(e) => writeln!(out, "Cannot undo: {e}")?,
            },
            "" => {}
            text => match text.parse::<usize>().ok().and_then(|n| n.checked_sub(1)).and_then(|i| actions.get(i)) {
                Some(action) => {
                    if let Err(e) = session.apply(action) {
                        writeln!(out, "Refused: {e}")?;
                    }
                }
                None => writeln!(out, "'{text}' is not an action number (1 to {}), u or q.", actions.len())?,
            },
        }
    }
}

/// Draws the table as text: face-down cards as `##`.
fn render(view: &TableView, out: &mut dyn Write) -> Result<()> {
    writeln!(out)?;
    writeln!(out, "Turn {} — {}", view.turn, view.waiting_for)?;
    if let (Some(face), Some(title)) = (view.fate_die, &view.fate_die_title) {
        writeln!(out, "Fate Die: {face} ({title})")?;
    }
    for (i, side) in view.sides.iter().enumerate() {
        let marker = if i as u8 == view.active { "*" } else { " " };
        let mut line = format!("{marker} {:<16}", side.name);
        for (slot, cards) in &side.slots {
            let stack: Vec<String> = cards.iter().map(|c| c.map_or("##".into(), |c| c.0.to_string())).collect();
            line.push_str(&format!(" {slot}:[{}]", stack.join(" ")));
        }
        if let Some(cr) = side.cards_remaining {
            line.push_str(&format!("  Cards Remaining {cr}"));
        }
        if let Some(h) = side.max_hand_size {
            line.push_str(&format!("  Max Hand Size {h}"));
        }
        if !side.beside.is_empty() {
            let beside: Vec<String> = side.beside.iter().map(|c| c.0.to_string()).collect();
            line.push_str(&format!("  beside: {}", beside.join(" ")));
        }
        writeln!(out, "{line}")?;
    }
    for deck in &view.decks {
        let top = deck.face_up_top.map_or(String::new(), |c| format!(", face-up top {}", c.0));
        let discard_top =
            deck.discard.last().map_or("empty".into(), |c| c.map_or("face-down".into(), |c| c.0.to_string()));
        writeln!(
            out,
            "  deck ({}): {} cards{top}; discard {} (top {discard_top})",
            deck.owner,
            deck.cards,
            deck.discard.len()
        )?;
    }
    Ok(())
}
