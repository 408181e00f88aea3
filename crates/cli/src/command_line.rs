//! The words of one line the player types at a prompt or a script holds: a command word and what
//! follows it. Only `s FILE` (and a script's `save FILE`) takes anything after its word; any other
//! line with more words is refused by naming them, because taking its first word alone would carry
//! out `3 extra` as action 3 or `u now` as an undo the player may not have meant.

/// The line's first word and the rest, trimmed (empty when there is none).
pub(crate) fn split(line: &str) -> (&str, &str) {
    let line = line.trim();
    match line.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim()),
        None => (line, ""),
    }
}

/// Whether `word` is the save command, the one that takes a file name after it.
fn takes_file(word: &str) -> bool {
    matches!(word, "s" | "save")
}

/// Whether `word` is one of the card table's prompt commands (quit, undo, log, save, tools), which
/// every prompt of `assist` reads the same way, whatever else it asks.
pub(crate) fn is_assist_command(word: &str) -> bool {
    matches!(word, "q" | "quit" | "u" | "undo" | "l" | "log" | "s" | "save" | "t" | "tools")
}

/// A typed line as its command word and the file name `s FILE` takes; a line with words its
/// command does not take is the message to show instead.
pub(crate) fn typed(line: &str) -> Result<(&str, &str), String> {
    let (word, rest) = split(line);
    if !rest.is_empty() && !takes_file(word) {
        return Err(extra_words(word, rest));
    }
    Ok((word, rest))
}

/// The player's words for a line whose `word` takes nothing after it but got `rest`.
fn extra_words(word: &str, rest: &str) -> String {
    format!("Not done: '{rest}' after '{word}' is not understood; type {word} alone.")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_splits_into_its_word_and_the_rest() {
        assert_eq!(split("3"), ("3", ""));
        assert_eq!(split("  3 extra words "), ("3", "extra words"));
        assert_eq!(split("s\tmy save.json"), ("s", "my save.json"));
        assert_eq!(split(""), ("", ""));
        assert!(takes_file("s") && takes_file("save") && !takes_file("u"));
        assert_eq!(extra_words("u", "now"), "Not done: 'now' after 'u' is not understood; type u alone.");
        assert_eq!(typed("u now"), Err(extra_words("u", "now")));
        assert_eq!(typed("s my file"), Ok(("s", "my file")));
        assert_eq!(typed(" 3 "), Ok(("3", "")));
        assert!(is_assist_command("u") && is_assist_command("save") && !is_assist_command("pitt"));
    }
}
