//! "Did you mean": the known name closest to a mistyped one, for messages that refuse an unknown id.

/// The candidate closest to `input` (ignoring case), if it is close enough to be a likely typo: at
/// most a third of the longer word's letters differ (at least one edit allowed), or one starts with
/// the other. Ties go to the candidate listed first.
pub fn did_you_mean<'a, I, S>(input: &str, candidates: I) -> Option<String>
where
    I: IntoIterator<Item = &'a S>,
    S: AsRef<str> + ?Sized + 'a,
{
    let wanted = input.to_lowercase();
    if wanted.is_empty() {
        return None;
    }
    let mut best: Option<(usize, &str)> = None;
    for candidate in candidates {
        let candidate = candidate.as_ref();
        let lower = candidate.to_lowercase();
        let distance = if lower.starts_with(&wanted) || wanted.starts_with(&lower) {
            // "barbarossa" for "barbarossa-to-berlin": a prefix is as good as one edit.
            1
        } else {
            edit_distance(&wanted, &lower)
        };
        let longest = wanted.chars().count().max(lower.chars().count());
        if distance > (longest / 3).max(1) {
            continue;
        }
        if best.is_none_or(|(d, _)| distance < d) {
            best = Some((distance, candidate));
        }
    }
    best.map(|(_, c)| c.to_string())
}

/// The Levenshtein distance: single-letter insertions, deletions and substitutions.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1).min(row[j] + 1).min(diagonal + usize::from(ca != cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distance_counts_single_letter_changes() {
        assert_eq!(edit_distance("", ""), 0);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("abc", ""), 3);
        assert_eq!(edit_distance("1960", "1906"), 2);
    }

    #[test]
    fn a_typo_finds_its_word_and_nonsense_finds_nothing() {
        let games = ["manoeuvre", "cc-medieval", "wilderness-war", "1960", "barbarossa-to-berlin"];
        assert_eq!(did_you_mean("manouvre", &games).as_deref(), Some("manoeuvre"));
        assert_eq!(did_you_mean("Wilderness-War", &games).as_deref(), Some("wilderness-war"));
        assert_eq!(did_you_mean("cc-medival", &games).as_deref(), Some("cc-medieval"));
        assert_eq!(did_you_mean("barbarossa", &games).as_deref(), Some("barbarossa-to-berlin"));
        assert_eq!(did_you_mean("chess", &games), None);
        assert_eq!(did_you_mean("", &games), None);
    }

    #[test]
    fn short_codes_allow_one_letter_off() {
        let nations = ["FR", "BR", "AU", "RU"];
        assert_eq!(did_you_mean("fx", &nations).as_deref(), Some("FR"), "the first of the ties");
        assert_eq!(did_you_mean("XX", &nations), None);
    }
}
