//! The terminal's physical-deck naming: the player says which printed card turned up by its number
//! or words of its name, confirms it, and the table records that card; numbers are the printed
//! ones, never positions in a list that shrinks as cards are named.

mod common;

use std::time::Duration;

use common::{remove_db, temp_path};
use server::store::Store;

#[test]
fn a_turned_up_card_is_named_by_its_printed_number_or_its_name_and_confirmed() {
    let db = temp_path("naming.sqlite");
    remove_db(&db);
    let db_arg = db.to_string_lossy().into_owned();
    // Each answer, and why it is there.
    let answers = [
        ("?", "the whole list"),
        ("", "an empty line asks again, without drawing the table again"),
        ("pitt", "one match: asked to confirm"),
        ("n", "not confirmed: nothing named"),
        ("pitt", "asked again"),
        ("y", "slot A is #67 William Pitt"),
        ("67", "#67 is on the table already: it cannot be slot B's card"),
        ("zeppelin", "no such name"),
        ("alliance", "several matches, listed"),
        ("70", "slot B is #70, the 69th card left: a list position would be off by one"),
        ("y", "confirmed"),
        ("q", "quit"),
    ];
    let stdin: String = answers.iter().map(|(line, _)| format!("{line}\n")).collect();
    let (ok, out, err) = common::cdgsolo_within(
        &["assist", "wilderness-war", "--manifest", "builtin", "--physical", "--seed", "3", "--db", &db_arg],
        &stdin,
        Duration::from_secs(120),
    );
    assert!(ok, "{err}");
    assert!(out.contains("Which card turned up in slot A of French's display?"), "{out}");
    assert!(out.contains("(70 cards it may be; ? lists them)"), "{out}");
    assert!(out.contains("#1 ") && out.contains("#70 Intrigues Against Shirley"), "the list: {out}");
    assert!(out.contains("It is #67 William Pitt? Naming it cannot be undone."), "{out}");
    assert!(out.contains("Not named. Which card turned up in slot A of French's display?"), "{out}");
    assert_eq!(out.matches("Which card turned up in slot A of French's display?").count(), 2, "{out}");
    assert!(out.contains("Which card turned up in slot B of French's display?"), "{out}");
    assert!(out.contains("(69 cards it may be; ? lists them)"), "{out}");
    assert!(out.contains("No card numbered 67 can be this one"), "{out}");
    assert!(out.contains("No card this may be has 'zeppelin' in its name"), "{out}");
    assert!(out.contains("6 cards match; type the number of the one on the table:"), "{out}");
    assert!(out.contains("#28 Iroquois Alliance"), "{out}");
    assert!(out.contains("It is #70 Intrigues Against Shirley?"), "{out}");
    assert!(out.contains("Which card turned up in slot A of British's display?"), "{out}");
    // No numbered menu of seventy lines.
    assert!(!out.contains("  70. "), "{out}");

    let store = Store::open(&db).expect("the database");
    let list = store.list().expect("listed");
    let record = store.load(list[0].id).expect("the game");
    let named: Vec<&str> = record["log"]
        .as_array()
        .expect("a log")
        .iter()
        .filter_map(|e| e["id"].as_str())
        .filter(|id| id.starts_with("identify-"))
        .collect();
    assert_eq!(named, ["identify-as-67", "identify-as-70"], "{record}");
}
