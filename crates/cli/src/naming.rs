//! Physical deck, in the terminal: saying which printed card turned up. The table offers one answer
//! per card it may be (seventy for Wilderness War), and once some cards are named the list no longer
//! lines up with the printed numbers, so a numbered menu would invite the wrong card. Instead the
//! player types the number printed on the card or a word of its name, sees the matches, and confirms
//! the one card meant: a naming cannot be undone, because it tells the table what the card is.

use std::io::{BufRead, Write};

use anyhow::Result;
use solo::{CardTable, TableAction, TableView};

/// One card the turned-up card may be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Candidate {
    /// The index of its naming action among the legal actions.
    pub action: usize,
    /// Its printed number, when the manifest gives one.
    pub number: Option<u16>,
    /// "#67 William Pitt"; for the one answer standing for every card the manifest does not name,
    /// the words the player types for it.
    pub text: String,
    /// Whether this is that answer for the cards the manifest does not name.
    pub unlisted: bool,
}

/// What a typed answer comes to.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Answer {
    /// One candidate (its index in the list).
    One(usize),
    /// Several candidates match; the player must say which.
    Several(Vec<usize>),
    /// No candidate has this printed number.
    NoNumber(u16),
    /// No candidate's name holds these words.
    NoName,
    /// Asked for the whole list.
    List,
}

/// The word that picks the answer for a card the manifest does not name.
const UNLISTED: &str = "other";

/// The naming candidates when every legal action is a naming (the table waits for one), else none.
pub(crate) fn candidates(table: &CardTable, actions: &[TableAction]) -> Vec<Candidate> {
    if actions.is_empty()
        || !actions.iter().all(|a| matches!(a, TableAction::Identify { .. } | TableAction::NameKind { .. }))
    {
        return Vec::new();
    }
    actions
        .iter()
        .enumerate()
        .filter_map(|(action, a)| match a {
            TableAction::Identify { real, .. } => Some(match table.card_name(*real) {
                Some(name) => Candidate { action, number: name.number, text: name.to_string(), unlisted: false },
                None => Candidate {
                    action,
                    number: None,
                    text: format!("{UNLISTED} (a card the card list does not name)"),
                    unlisted: true,
                },
            }),
            TableAction::NameKind { kind, .. } => table.card_kinds().get(usize::from(*kind)).map(|k| Candidate {
                action,
                number: None,
                text: k.name.name.clone(),
                unlisted: false,
            }),
            _ => None,
        })
        .collect()
}

/// "Which card turned up in slot A of French's display?"
pub(crate) fn question(view: &TableView) -> String {
    let Some(at) = &view.identifying else { return "Which card turned up?".to_string() };
    let side = view.sides.get(usize::from(at.side)).map_or("the side", |s| s.name.as_str());
    let whose = solo::possessive(side);
    match at.slot {
        Some(slot) => format!("Which card turned up in slot {slot} of {whose} display?"),
        None => format!("Which card turned up on top of {whose} deck?"),
    }
}

/// Reads a typed answer: `?` for the list, a printed number (`67` or `#67`), or words that must all
/// be in the card's name (`pitt`, `indian all`), ignoring case.
pub(crate) fn answer(text: &str, candidates: &[Candidate]) -> Answer {
    let text = text.trim().to_lowercase();
    if text == "?" || text == "list" {
        return Answer::List;
    }
    let digits = text.strip_prefix('#').unwrap_or(&text);
    if !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit()) {
        let Ok(number) = digits.parse::<u16>() else { return Answer::NoNumber(u16::MAX) };
        let hits: Vec<usize> = (0..candidates.len()).filter(|&i| candidates[i].number == Some(number)).collect();
        return match hits.as_slice() {
            [] => Answer::NoNumber(number),
            [one] => Answer::One(*one),
            _ => Answer::Several(hits),
        };
    }
    if text == UNLISTED
        && let Some(i) = candidates.iter().position(|c| c.unlisted)
    {
        return Answer::One(i);
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.is_empty() {
        return Answer::NoName;
    }
    let hits: Vec<usize> = (0..candidates.len())
        .filter(|&i| {
            let name = candidates[i].text.to_lowercase();
            !candidates[i].unlisted && words.iter().all(|w| name.contains(w))
        })
        .collect();
    match hits.as_slice() {
        [] => Answer::NoName,
        [one] => Answer::One(*one),
        // Cards without printed numbers and with one name are alike to the table: any one will do.
        [first, ..]
            if hits
                .iter()
                .all(|&i| candidates[i].number.is_none() && candidates[i].text == candidates[*first].text) =>
        {
            Answer::One(*first)
        }
        _ => Answer::Several(hits),
    }
}

/// What the player answered at the naming prompt.
pub(crate) enum Asked {
    /// The action (its index among the legal actions) the player named and confirmed.
    Named(usize),
    /// A line for the usual commands (`u`, `l`, `s FILE`, `q`, ...), to be read as at any prompt.
    Command(String),
    /// The input ended.
    End,
}

/// How many matches are listed before the player is asked to type more.
const LISTED: usize = 12;

/// Asks which card turned up until the player names one and confirms it, or types a command.
pub(crate) fn ask(
    candidates: &[Candidate],
    question: &str,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Asked> {
    let width = crate::terminal_width();
    let unlisted = if candidates.iter().any(|c| c.unlisted) {
        format!(", or {UNLISTED} for a card the list does not name")
    } else {
        String::new()
    };
    // A catalogue of kinds (cards with no printed number) is searched by words alone.
    let numbered = candidates.iter().any(|c| c.number.is_some());
    let how = if numbered {
        format!(
            "Type the number printed on it or a word of its name ({} cards it may be; ? lists them){unlisted}. u, l, \
             s FILE and q work as usual.",
            candidates.len()
        )
    } else {
        format!(
            "Type a word of its name, such as scout, left or charge ({} kinds of card; ? lists them){unlisted}. u, \
             l, s FILE and q work as usual.",
            candidates.len()
        )
    };
    writeln!(out, "{question}")?;
    let words: Vec<String> = how.split_whitespace().map(str::to_string).collect();
    crate::write_wrapped(out, "  ", &words, " ", width)?;
    loop {
        write!(out, "card> ")?;
        out.flush()?;
        let Some(line) = crate::read_line(input)? else { return Ok(Asked::End) };
        let (word, _) = crate::command_line::split(&line);
        if word.is_empty() {
            continue;
        }
        if crate::command_line::is_assist_command(word) {
            return Ok(Asked::Command(line));
        }
        let texts = |list: &[usize]| -> Vec<String> { list.iter().map(|&i| candidates[i].text.clone()).collect() };
        match answer(&line, candidates) {
            Answer::List => {
                let all: Vec<usize> = (0..candidates.len()).collect();
                crate::write_wrapped(out, "  ", &texts(&all), ", ", width)?;
            }
            Answer::One(i) => {
                let card = &candidates[i].text;
                let card = if candidates[i].unlisted { "a card the card list does not name" } else { card.as_str() };
                if crate::confirm(input, out, &format!("It is {card}? Naming it cannot be undone."), false)? {
                    return Ok(Asked::Named(candidates[i].action));
                }
                writeln!(out, "Not named. {question}")?;
            }
            Answer::Several(hits) if hits.len() <= LISTED => {
                let pick = if numbered { "type the number of the one on the table" } else { "type more of its name" };
                writeln!(out, "  {} cards match; {pick}:", hits.len())?;
                crate::write_wrapped(out, "    ", &texts(&hits), ", ", width)?;
            }
            Answer::Several(hits) => {
                writeln!(out, "  {} cards match '{}'; type more of the name, or the number.", hits.len(), line.trim())?
            }
            Answer::NoNumber(_) => writeln!(
                out,
                "  No card numbered {} can be this one (a card named elsewhere on the table, or of the other deck, \
                 cannot); ? lists those it may be.",
                line.trim()
            )?,
            Answer::NoName => {
                writeln!(out, "  No card this may be has '{}' in its name; ? lists those it may be.", line.trim())?
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(action: usize, number: Option<u16>, name: &str) -> Candidate {
        let text = match number {
            Some(n) => format!("#{n} {name}"),
            None => name.to_string(),
        };
        Candidate { action, number, text, unlisted: false }
    }

    fn list() -> Vec<Candidate> {
        vec![
            card(0, Some(23), "Northern Indian Alliance"),
            card(1, Some(24), "Northern Indian Alliance"),
            card(2, Some(26), "Western Indian Alliance"),
            card(3, Some(67), "William Pitt"),
            card(4, Some(6), "Surrender!"),
            Candidate { action: 5, number: None, text: "other (...)".into(), unlisted: true },
        ]
    }

    #[test]
    fn a_printed_number_names_its_card_whatever_its_place_in_the_list() {
        let l = list();
        assert_eq!(answer("67", &l), Answer::One(3));
        assert_eq!(answer(" #67 ", &l), Answer::One(3));
        assert_eq!(answer("6", &l), Answer::One(4), "6 is card #6, not the sixth in the list");
        assert_eq!(answer("5", &l), Answer::NoNumber(5));
        assert_eq!(answer("99999999", &l), Answer::NoNumber(u16::MAX));
    }

    #[test]
    fn words_of_the_name_narrow_the_list_and_all_must_match() {
        let l = list();
        assert_eq!(answer("PITT", &l), Answer::One(3));
        assert_eq!(answer("alliance", &l), Answer::Several(vec![0, 1, 2]));
        assert_eq!(answer("northern alliance", &l), Answer::Several(vec![0, 1]), "two printed cards share the name");
        assert_eq!(answer("western all", &l), Answer::One(2));
        assert_eq!(answer("zeppelin", &l), Answer::NoName);
        assert_eq!(answer("other", &l), Answer::One(5));
        assert_eq!(answer("?", &l), Answer::List);
    }

    #[test]
    fn cards_alike_without_numbers_are_one_answer() {
        let l = vec![card(0, None, "Reinforcements"), card(1, None, "Reinforcements"), card(2, None, "Retreat")];
        assert_eq!(answer("reinforcements", &l), Answer::One(0));
        assert_eq!(answer("re", &l), Answer::Several(vec![0, 1, 2]));
    }
}
