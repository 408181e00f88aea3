//! The Momentum Phase decision aid: once the player has said who leads the media support and each
//! issue, the sheet's issue-shift priority is worked out and told in words.

use super::{ISSUES, KENNEDY, MEDIA, side_name};
use crate::table::CardTable;

pub(super) fn issue_name(i: usize) -> &'static str {
    ["the left issue", "the middle issue", "the right issue"][i.min(2)]
}

/// The Momentum Phase advice, once the player has said who leads what.
pub(super) fn momentum_advice(table: &CardTable) -> String {
    let media = table.marker(MEDIA, KENNEDY);
    let leaders: Vec<i32> = ISSUES.iter().map(|m| table.marker(m, KENNEDY)).collect();
    if media == 3 {
        return "Momentum Phase issue shift: media support is tied, so no issue is shifted.".into();
    }
    if media == 0 || leaders.contains(&0) {
        let who = |v: i32| ["not given yet", "Kennedy", "Nixon", "nobody"][usize::try_from(v).unwrap_or(0).min(3)];
        let media_text = ["not given yet", "Kennedy", "Nixon", "tied"][usize::try_from(media).unwrap_or(0).min(3)];
        return format!(
            "Momentum Phase issue shift: say which side has the most media support cubes and who leads each issue, \
             left to right. So far: media {media_text}; left issue {}, middle issue {}, right issue {}.",
            who(leaders[0]),
            who(leaders[1]),
            who(leaders[2])
        );
    }
    if media == 3 {
        return "Momentum Phase issue shift: media support is tied, so no issue is shifted.".into();
    }
    let me = media;
    let them = 3 - media;
    let who = side_name(table, u8::try_from(media - 1).unwrap_or(0)).to_string();
    let mine: Vec<usize> = (0..3).filter(|&i| leaders[i] == me).collect();
    let theirs: Vec<usize> = (0..3).filter(|&i| leaders[i] == them).collect();
    if let Some(&first) = mine.first()
        && first != 0
    {
        return format!(
            "Momentum Phase issue shift: {who} shifts {}, its left-most lead, one space left.",
            issue_name(first)
        );
    }
    match theirs.as_slice() {
        [] => format!("Momentum Phase issue shift: {who} has no opponent-led issue to push right, so nothing shifts."),
        [one] => format!(
            "Momentum Phase issue shift: {who} shifts {}, the opponent-led issue, one space right.",
            issue_name(*one)
        ),
        many => format!(
            "Momentum Phase issue shift: {who} shifts right the opponent-led issue with the most opponent support \
             among {} (the left-most of them on a tie).",
            many.iter().map(|i| issue_name(*i)).collect::<Vec<_>>().join(" and ")
        ),
    }
}
