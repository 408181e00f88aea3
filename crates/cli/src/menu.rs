//! The assistant's menu: the legal actions as numbered entries. A card that may be played for
//! several purposes takes one entry whose purposes are lettered (`5a`, `5b`, ...), so a play screen
//! lists each card once instead of once per purpose.

/// One numbered entry: the words before the purposes, and each option's action index and its own
/// words (the purpose; the whole label for an entry of one option).
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    pub head: String,
    pub options: Vec<(usize, String)>,
}

/// What the player's answer picks.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Pick {
    /// The action with this index.
    Action(usize),
    /// An entry of several options was named without a letter: ask which.
    Which(usize),
}

/// Builds the entries from the actions' labels, in order. `groupable(i)` says whether action `i` is a
/// play whose label ends with " for PURPOSE"; neighbours with the same words before it share an entry.
pub(crate) fn entries(labels: &[String], groupable: impl Fn(usize) -> bool) -> Vec<Entry> {
    let mut out: Vec<Entry> = Vec::new();
    for (i, label) in labels.iter().enumerate() {
        let split = if groupable(i) { label.rsplit_once(" for ") } else { None };
        match split {
            Some((head, purpose)) => {
                if let Some(last) = out.last_mut().filter(|e| e.head == head) {
                    last.options.push((i, purpose.to_string()));
                } else {
                    out.push(Entry { head: head.to_string(), options: vec![(i, purpose.to_string())] });
                }
            }
            None => out.push(Entry { head: String::new(), options: vec![(i, label.clone())] }),
        }
    }
    // An entry left with one purpose reads as the whole label again.
    for e in &mut out {
        if e.options.len() == 1 && !e.head.is_empty() {
            let (i, purpose) = e.options.remove(0);
            e.options.push((i, format!("{} for {purpose}", e.head)));
            e.head.clear();
        }
    }
    out
}

/// The letter of option `k` of an entry.
pub(crate) fn letter(k: usize) -> char {
    char::from(b'a' + u8::try_from(k % 26).unwrap_or(0))
}

/// The words shown for entry `n` (1-based).
pub(crate) fn line(n: usize, entry: &Entry) -> Vec<String> {
    match entry.options.as_slice() {
        [(_, label)] => vec![label.clone()],
        options => {
            let mut words: Vec<String> =
                options.iter().enumerate().map(|(k, (_, purpose))| format!("{n}{} {purpose}", letter(k))).collect();
            words[0] = format!("{} for {}", entry.head, words[0]);
            words
        }
    }
}

/// Reads an answer such as `5` or `5b` against the entries.
pub(crate) fn pick(text: &str, entries: &[Entry]) -> Option<Pick> {
    let digits = text.chars().take_while(char::is_ascii_digit).count();
    let n: usize = text[..digits].parse().ok()?;
    let entry = entries.get(n.checked_sub(1)?)?;
    let rest = text[digits..].trim();
    if rest.is_empty() {
        return Some(match entry.options.as_slice() {
            [(i, _)] => Pick::Action(*i),
            _ => Pick::Which(n - 1),
        });
    }
    option(rest, entry).map(Pick::Action)
}

/// Reads the letter (or the 1-based number) of one of an entry's options.
pub(crate) fn option(text: &str, entry: &Entry) -> Option<usize> {
    let text = text.trim().to_ascii_lowercase();
    let k = match text.parse::<usize>() {
        Ok(number) => number.checked_sub(1)?,
        Err(_) => {
            let mut chars = text.chars();
            let c = chars.next()?;
            if chars.next().is_some() || !c.is_ascii_lowercase() {
                return None;
            }
            usize::from(u8::try_from(c).ok()? - b'a')
        }
    };
    entry.options.get(k).map(|(i, _)| *i)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_card_played_for_several_purposes_takes_one_entry() {
        let l = labels(&[
            "roll the Fate Die",
            "play #14 Kitchener from slot C for Operations",
            "play #14 Kitchener from slot C for Event",
            "play #10 Russian Reinforcements from slot D for Operations",
            "end the turn",
        ]);
        let e = entries(&l, |i| (1..=3).contains(&i));
        assert_eq!(e.len(), 4);
        assert_eq!(e[1].head, "play #14 Kitchener from slot C");
        assert_eq!(e[1].options, vec![(1, "Operations".to_string()), (2, "Event".to_string())]);
        assert_eq!(e[2].options, vec![(3, "play #10 Russian Reinforcements from slot D for Operations".to_string())]);
        assert_eq!(line(2, &e[1]), ["play #14 Kitchener from slot C for 2a Operations", "2b Event"]);
        assert_eq!(pick("2b", &e), Some(Pick::Action(2)));
        assert_eq!(pick("2", &e), Some(Pick::Which(1)));
        assert_eq!(pick("3", &e), Some(Pick::Action(3)));
        assert_eq!(pick("4", &e), Some(Pick::Action(4)));
        assert_eq!(pick("2c", &e), None, "no third purpose");
        assert_eq!(pick("5", &e), None);
        assert_eq!(pick("x", &e), None);
        assert_eq!(option("B", &e[1]), Some(2));
        assert_eq!(option("1", &e[1]), Some(1));
    }
}
