//! `cdgsolo play manoeuvre`: a hotseat game of Manoeuvre in the terminal. It draws the battlefield
//! and what the deciding player may see, lists that player's legal actions by number, and keeps a
//! short log of rolls and decisions. When the decision passes to the other player and a secret hand
//! is involved, it waits for Enter so the other player can take the seat. `u` undoes the last
//! decision (never a roll, a draw or a reveal), `q` quits.

use std::io::{BufRead, Write};

use anyhow::{Result, anyhow};
use engine::{ChanceMode, Game, Session, ToMove};
use manoeuvre::{Action, HandMode, Manoeuvre, ManoeuvreSetup, ManoeuvreView};

pub struct PlayOptions {
    pub seed: Option<u64>,
    pub armies: Option<Vec<String>>,
    pub hand_modes: Option<Vec<String>>,
    pub quick_start: bool,
    pub tournament: bool,
    pub data_dir: Option<String>,
}

fn parse_mode(text: &str) -> Result<HandMode> {
    match text {
        "hand" => Ok(HandMode::Hand),
        "display" => Ok(HandMode::Display),
        other => Err(anyhow!("'{other}' is not a hand mode (hand or display)")),
    }
}

pub fn run(options: PlayOptions, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<()> {
    let seed = crate::seed_or_clock(options.seed);
    let hand_modes = match options.hand_modes {
        Some(m) => {
            let first = parse_mode(&m[0])?;
            Some([first, m.get(1).map(|s| parse_mode(s)).transpose()?.unwrap_or(first)])
        }
        None => None,
    };
    let armies = match options.armies {
        Some(a) if a.len() == 2 => Some([a[0].clone(), a[1].clone()]),
        Some(_) => return Err(anyhow!("--armies takes two nations, e.g. --armies FR,BR")),
        None => None,
    };
    let setup = ManoeuvreSetup {
        armies,
        map: None,
        hand_modes,
        quick_start: options.quick_start,
        tournament: options.tournament,
        data_dir: options.data_dir,
        scenario: None,
    };
    let mut session = Session::<Manoeuvre>::new(setup, seed, ChanceMode::Auto).map_err(|e| anyhow!("{e}"))?;
    writeln!(out, "Manoeuvre — seed {seed} (play the same game again with --seed {seed})")?;
    writeln!(out, "Type the number of an action, u to undo, q to quit.")?;
    writeln!(
        out,
        "Note: the terrain effects use provisional numbers (the Terrain Effects Chart is not published); see docs/manoeuvre-data.md."
    )?;
    let mut shown = 0;
    let mut last_decider: Option<u8> = None;
    loop {
        let state = *session.state();
        print_log(&session, shown, out)?;
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
        let actions = state.legal();
        if actions == [Action::DrawOn] {
            // The end of a Draw phase with no Scout/Spy to play: nothing to ask.
            session.apply(&Action::DrawOn).map_err(|e| anyhow!("{e}"))?;
            continue;
        }
        let secret = state.turn() > 0 && (0..2).any(|p| state.side(p).mode == HandMode::Hand);
        if secret && last_decider.is_some_and(|d| d != player) {
            writeln!(out, "\n--- {} to decide: take the seat and press Enter ---", state.player_name(player))?;
            out.flush()?;
            if crate::read_line(input)?.is_none() {
                return Ok(());
            }
        }
        last_decider = Some(player);
        render(&state.observe(player), out)?;
        writeln!(out, "{} to decide:", state.player_name(player))?;
        for (i, a) in actions.iter().enumerate() {
            writeln!(out, "  {:>3}. {}", i + 1, state.action_label(a))?;
        }
        write!(out, "> ")?;
        out.flush()?;
        let Some(line) = crate::read_line(input)? else { return Ok(()) };
        match line.as_str() {
            "q" | "quit" => return Ok(()),
            "u" | "undo" => match session.undo() {
                Ok(()) => {
                    shown = session.log().len();
                    writeln!(out, "Undone.")?;
                }
                Err(e) => writeln!(out, "Cannot undo: {e}")?,
            },
            "" => {}
            text => match text.parse::<usize>().ok().and_then(|n| n.checked_sub(1)).and_then(|i| actions.get(i)) {
                Some(action) => {
                    writeln!(out, "* {}", state.action_label(action))?;
                    shown += 1;
                    session.apply(action).map_err(|e| anyhow!("{e}"))?;
                }
                None => writeln!(out, "'{text}' is not an action number (1 to {}), u or q.", actions.len())?,
            },
        }
    }
}

/// Rolls made since the last prompt; draws stay private.
fn print_log(session: &Session<Manoeuvre>, from: usize, out: &mut dyn Write) -> Result<()> {
    let rolls: Vec<&str> =
        session.log().get(from..).unwrap_or(&[]).iter().filter_map(|e| e.id.strip_prefix("die-")).collect();
    if !rolls.is_empty() {
        writeln!(out, "  dice: {}", rolls.join(" "))?;
    }
    Ok(())
}

/// The battlefield (rank 8 at the top), units as player and unit number (`13` is player 1's third
/// unit, `*` when reduced), then each side's cards as the viewer may see them.
fn render(view: &ManoeuvreView, out: &mut dyn Write) -> Result<()> {
    writeln!(out)?;
    writeln!(out, "Game turn {} — {}", view.turn, view.phase)?;
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
        writeln!(
            out,
            "Player {} — {nation}{provisional}, {} edge: deck {}, discard {}{}, lost {}",
            p + 1,
            side.edge,
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
        writeln!(out, "  units: {}", units.join(", "))?;
        if let Some(display) = &side.display {
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
            writeln!(out, "  hand: {}{more}", seen.join(" | "))?;
        }
    }
    if let Some(c) = &view.combat {
        writeln!(out, "Combat ({}): attack {} against defence {}", c.kind, c.attack_total, c.defense_total)?;
    }
    if let Some(face) = view.fate_die {
        writeln!(out, "Fate Die this turn: {face}")?;
    }
    Ok(())
}
