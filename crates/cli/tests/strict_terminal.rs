//! The terminal's strictness at its edges: `assist --resume` with options that disagree with the
//! save, every game id `cdgsolo games` lists, lines with words after the command, `--hand-modes`
//! with too many values, and `s FILE` over a file that is already there.

mod common;

use std::path::Path;
use std::time::Duration;

use common::{remove_db, temp_path};
use serde_json::Value;
use server::store::Store;

const LIMIT: Duration = Duration::from_secs(120);

/// `cdgsolo ARGS --db DB` under the time limit, DB a fresh database of this call.
fn run(args: &[&str], db: &Path, stdin: &str) -> (bool, String, String) {
    let db_arg = db.to_string_lossy().into_owned();
    let mut all: Vec<&str> = args.to_vec();
    all.extend(["--db", &db_arg]);
    common::cdgsolo_within(&all, stdin, LIMIT)
}

/// The decisions (not rolls or draws) in the one game the database holds.
fn decisions(db: &Path) -> usize {
    let store = Store::open(db).expect("the database");
    let list = store.list().expect("listed");
    assert_eq!(list.len(), 1, "one game in {}", db.display());
    let record = store.load(list[0].id).expect("the game");
    record["log"].as_array().expect("a log").iter().filter(|e| e["by"] != "chance").count()
}

#[test]
fn assist_resume_names_each_option_that_disagrees_with_the_save_and_takes_those_that_agree() {
    let db = temp_path("resume.sqlite");
    remove_db(&db);
    let save = temp_path("resume-save.json");
    let _ = std::fs::remove_file(&save);
    let path = save.to_string_lossy().into_owned();
    let (ok, _, err) = run(
        &["assist", "1960", "--deck", "virtual", "--manifest", "none", "--seed", "5", "--hand-size", "5,4"],
        &db,
        &format!("s {path}\nq\n"),
    );
    assert!(ok, "{err}");
    // Everything repeated as it was is fine.
    let (ok, out, err) = run(
        &[
            "assist",
            "1960",
            "--deck",
            "virtual",
            "--manifest",
            "none",
            "--resume",
            &path,
            "--seed",
            "5",
            "--hand-size",
            "5,4",
            "--nations",
            "1",
        ],
        &db,
        "q\n",
    );
    assert!(ok, "{err}");
    assert!(out.contains("seed 5"), "{out}");
    // Each disagreement is named, with what the save has.
    let (ok, _, err) = run(
        &[
            "assist",
            "wilderness-war",
            "--deck",
            "virtual",
            "--manifest",
            "none",
            "--resume",
            &path,
            "--seed",
            "6",
            "--hand-size",
            "4,4",
            "--nations",
            "2",
        ],
        &db,
        "q\n",
    );
    assert!(!ok);
    for part in [
        "the game wilderness-war (the save is 1960)",
        "--seed 6 (the save has seed 5)",
        "--hand-size 4 (the save has 5,4)",
        "--nations 2 (the save has 1)",
    ] {
        assert!(err.contains(part), "{part}: {err}");
    }
    assert!(err.contains(&path), "{err}");
    let (ok, _, err) = run(&["assist", "--resume", &path, "--manifest", "builtin", "--physical"], &db, "q\n");
    assert!(!ok);
    assert!(err.contains("--manifest builtin (the save has no manifest)") && err.contains("--deck physical"), "{err}");
    let (ok, _, err) = run(&["assist", "--resume", &path, "--deck-size", "40"], &db, "q\n");
    assert!(!ok);
    assert!(err.contains("--deck-size 40 (the save has "), "{err}");
    // The same for a game taken from the saved games by its id.
    let id = Store::open(&db).expect("the database").list().expect("listed").last().expect("a game").id.to_string();
    let (ok, _, err) = run(&["assist", "--resume", &id, "--seed", "9"], &db, "q\n");
    assert!(!ok);
    assert!(err.contains(&format!("saved game {id} does not agree with --seed 9 (the save has seed 5)")), "{err}");
    let (ok, out, err) =
        run(&["assist", "1960", "--deck", "virtual", "--manifest", "none", "--resume", &id, "--seed", "5"], &db, "q\n");
    assert!(ok, "{err}");
    assert!(out.contains(&format!("Resumed saved game {id}")), "{out}");
    let _ = std::fs::remove_file(&save);
    remove_db(&db);
}

#[test]
fn assist_takes_every_game_id_the_games_command_lists_and_play_points_to_it() {
    let (ok, out, err) = common::cdgsolo_within(&["games", "--json"], "", LIMIT);
    assert!(ok, "{err}");
    let games: Value = serde_json::from_str(&out).expect("the games as JSON");
    let ids: Vec<&str> = games.as_array().expect("a list").iter().filter_map(|g| g["id"].as_str()).collect();
    assert!(ids.contains(&"manoeuvre-table"), "{ids:?}");
    let db = temp_path("ids.sqlite");
    for id in ids.iter().filter(|id| **id != "manoeuvre") {
        remove_db(&db);
        let (ok, out, err) = run(&["assist", id, "--seed", "1", "--deck", "physical"], &db, "q\n");
        assert!(ok, "assist {id}: {err}");
        assert!(out.contains("seed 1 (replay this table with --seed 1)"), "assist {id}: {out}");
    }
    // `play` runs only the whole game of Manoeuvre, and sends the card table to assist.
    remove_db(&db);
    let (ok, _, err) = run(&["play", "manoeuvre-table"], &db, "q\n");
    assert!(!ok);
    assert!(err.contains("`cdgsolo assist manoeuvre-table`"), "{err}");
    remove_db(&db);
}

#[test]
fn a_typed_line_with_words_after_its_command_does_nothing_and_says_so() {
    let db = temp_path("typed-assist.sqlite");
    remove_db(&db);
    let (ok, out, err) = run(
        &["assist", "1960", "--deck", "virtual", "--manifest", "none", "--seed", "1"],
        &db,
        "1 extra\nu now\nq please\nq\n",
    );
    assert!(ok, "{err}");
    assert!(out.contains("Not done: 'extra' after '1' is not understood; type 1 alone."), "{out}");
    assert!(out.contains("Not done: 'now' after 'u' is not understood"), "{out}");
    assert!(out.contains("Not done: 'please' after 'q'"), "{out}");
    assert_eq!(decisions(&db), 0, "'1 extra' took no action");
    remove_db(&db);
    let db = temp_path("typed-play.sqlite");
    remove_db(&db);
    let (ok, out, err) =
        run(&["play", "manoeuvre", "--seed", "4", "--quick-start", "--armies", "FR,BR"], &db, "1 2\nq\n");
    assert!(ok, "{err}");
    assert!(out.contains("Not done: '2' after '1' is not understood; type 1 alone."), "{out}");
    assert_eq!(decisions(&db), 0, "'1 2' took no action");
    remove_db(&db);
}

#[test]
fn a_script_line_with_words_after_its_id_is_refused_by_line() {
    let db = temp_path("script.sqlite");
    let script = temp_path("script.txt");
    let path = script.to_string_lossy().into_owned();
    let args =
        ["assist", "pursuit-of-glory", "--deck", "virtual", "--manifest", "none", "--seed", "7", "--script", &path];
    for (text, words) in [
        ("roll\nplay-6-event now\n", "line 2: 'now' after 'play-6-event'"),
        ("roll # a comment is fine\nundo twice\n", "line 2: 'twice' after 'undo'"),
        ("roll\nsave\n", "line 2: save needs the name of the file"),
    ] {
        std::fs::write(&script, text).expect("the script");
        let (ok, _, err) = run(&args, &db, "");
        assert!(!ok, "{text}");
        assert!(err.contains(&format!("{path} {words}")), "{text}: {err}");
    }
    let _ = std::fs::remove_file(&script);
    remove_db(&db);
}

#[test]
fn hand_modes_with_three_values_are_refused_everywhere() {
    let db = temp_path("modes.sqlite");
    remove_db(&db);
    let message = "--hand-modes takes one mode (for both players) or two (player 1's first)";
    let (ok, _, err) = run(&["play", "manoeuvre", "--quick-start", "--hand-modes", "hand,display,hand"], &db, "q\n");
    assert!(!ok);
    assert!(err.contains(message) && err.contains("3 were given"), "{err}");
    let (ok, _, err) = common::cdgsolo_within(
        &["sim", "--bots", "random,random", "--games", "1", "--hand-modes", "display,display,display"],
        "",
        LIMIT,
    );
    assert!(!ok);
    assert!(err.contains(message), "{err}");
    // Two values, and one for both, still play.
    let (ok, out, err) = common::cdgsolo_within(
        &["sim", "--bots", "random,random", "--games", "1", "--hand-modes", "display", "--json"],
        "",
        LIMIT,
    );
    assert!(ok, "{err}");
    assert!(out.contains("\"display\""), "{out}");
    remove_db(&db);
}

#[test]
fn a_save_over_an_existing_file_asks_at_the_terminal_and_is_refused_in_a_script() {
    let db = temp_path("overwrite.sqlite");
    remove_db(&db);
    let file = temp_path("overwrite.json");
    let path = file.to_string_lossy().into_owned();
    std::fs::write(&file, "precious").expect("a file");
    // At the terminal: asked; no keeps the file, yes replaces it.
    let (ok, out, err) = run(
        &["assist", "1960", "--deck", "virtual", "--manifest", "none", "--seed", "1"],
        &db,
        &format!("s {path}\nn\nq\n"),
    );
    assert!(ok, "{err}");
    assert!(out.contains(&format!("{path} exists. Overwrite it? Type y for yes: Not saved.")), "{out}");
    assert_eq!(std::fs::read_to_string(&file).expect("read"), "precious");
    let (ok, out, err) = run(
        &["assist", "1960", "--deck", "virtual", "--manifest", "none", "--seed", "1"],
        &db,
        &format!("s {path}\ny\nq\n"),
    );
    assert!(ok, "{err}");
    assert!(out.contains(&format!("Saved to {path}")), "{out}");
    assert!(std::fs::read_to_string(&file).expect("read").contains("\"game\": \"1960\""));
    // In a script nobody can answer: refused, the file as it was; a file the script wrote itself
    // may be written again.
    std::fs::write(&file, "precious").expect("a file");
    let script = temp_path("overwrite-script.txt");
    std::fs::write(&script, format!("roll\nsave {path}\n")).expect("the script");
    let script_arg = script.to_string_lossy().into_owned();
    let args = [
        "assist",
        "pursuit-of-glory",
        "--deck",
        "virtual",
        "--manifest",
        "none",
        "--seed",
        "7",
        "--script",
        &script_arg,
    ];
    let (ok, _, err) = run(&args, &db, "");
    assert!(!ok);
    assert!(err.contains("line 2: save") && err.contains("a script does not overwrite files"), "{err}");
    assert_eq!(std::fs::read_to_string(&file).expect("read"), "precious");
    let _ = std::fs::remove_file(&file);
    std::fs::write(&script, format!("save {path}\nroll\nsave {path}\n")).expect("the script");
    let (ok, _, err) = run(&args, &db, "");
    assert!(ok, "{err}");
    let saved: Value = serde_json::from_str(&std::fs::read_to_string(&file).expect("read")).expect("JSON");
    assert_eq!(saved["log"].as_array().map(|l| l.iter().any(|e| e["id"] == "roll")), Some(true), "{saved}");
    let _ = std::fs::remove_file(&file);
    let _ = std::fs::remove_file(&script);
    remove_db(&db);
}
