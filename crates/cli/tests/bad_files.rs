//! What the terminal does with files that are not what they claim to be: a named pipe given where a
//! file is read is refused at once (the binary runs under a time limit, so a regression fails rather
//! than hangs), a save with a byte-order mark loads, and a `--db` that is a pipe, a device, a
//! directory, a cut database or no database at all stops `serve` with an error naming it, the file
//! left byte for byte as it was.

mod common;

use std::path::Path;
use std::time::Duration;

use common::{cdgsolo_within, remove_db, temp_path};
use serde_json::json;

const LIMIT: Duration = Duration::from_secs(30);

#[cfg(unix)]
#[test]
fn a_named_pipe_given_as_any_file_is_refused_at_once() {
    let fifo = temp_path("pipe");
    common::mkfifo(&fifo);
    let pipe = fifo.to_string_lossy().into_owned();
    let db = temp_path("pipe-db.sqlite");
    let db_arg = db.to_string_lossy().into_owned();
    let cases: [&[&str]; 7] = [
        &["assist", "--resume", &pipe, "--db", &db_arg],
        &[
            "assist",
            "1960",
            "--deck",
            "virtual",
            "--manifest",
            "none",
            "--seed",
            "1",
            "--script",
            &pipe,
            "--db",
            &db_arg,
        ],
        &["assist", "1960", "--deck", "virtual", "--manifest", &pipe, "--db", &db_arg],
        &["play", "manoeuvre", "--resume", &pipe, "--db", &db_arg],
        &["play", "manoeuvre", "--scenario", &pipe, "--db", &db_arg],
        &["sim", "merge", &pipe],
        &["sim", "ladder", &pipe],
    ];
    for args in cases {
        let (ok, _, err) = cdgsolo_within(args, "q\n", LIMIT);
        assert!(!ok, "{args:?} went on");
        assert!(err.contains(&pipe) && err.contains("a named pipe, not a regular file"), "{args:?}: {err}");
    }
    let _ = std::fs::remove_file(&fifo);
    remove_db(&db);
}

#[test]
fn a_save_with_a_byte_order_mark_loads() {
    let db = temp_path("bom-db.sqlite");
    let db_arg = db.to_string_lossy().into_owned();
    let save = temp_path("bom-save.json");
    let _ = std::fs::remove_file(&save);
    let path = save.to_string_lossy().into_owned();
    let (ok, _, err) = cdgsolo_within(
        &["assist", "1960", "--deck", "virtual", "--manifest", "none", "--seed", "3", "--db", &db_arg],
        &format!("s {path}\nq\n"),
        LIMIT,
    );
    assert!(ok, "{err}");
    let script = temp_path("bom-script.txt");
    std::fs::write(&script, "").expect("an empty script");
    let script_arg = script.to_string_lossy().into_owned();
    // A script prints the table as JSON: the save reads the same with the mark as without it.
    let resume = ["assist", "--resume", &path, "--script", &script_arg, "--db", &db_arg];
    let (ok, plain, err) = cdgsolo_within(&resume, "", LIMIT);
    assert!(ok, "{err}");
    let text = std::fs::read_to_string(&save).expect("the save");
    std::fs::write(&save, format!("\u{feff}{text}")).expect("rewritten with a mark");
    let (ok, marked, err) = cdgsolo_within(&resume, "", LIMIT);
    assert!(ok, "{err}");
    let view: serde_json::Value = serde_json::from_str(&marked).expect("the table as JSON");
    assert_eq!(view["game"], "1960", "{view}");
    assert_eq!(marked, plain);
    // And a save of Manoeuvre with the mark resumes in play.
    let (ok, _, err) = cdgsolo_within(
        &["play", "manoeuvre", "--seed", "2", "--quick-start", "--db", &db_arg],
        &format!("s {path}\ny\nq\n"),
        LIMIT,
    );
    assert!(ok, "{err}");
    let text = std::fs::read_to_string(&save).expect("the save");
    std::fs::write(&save, format!("\u{feff}{text}")).expect("rewritten with a mark");
    let (ok, out, err) = cdgsolo_within(&["play", "manoeuvre", "--resume", &path, "--db", &db_arg], "q\n", LIMIT);
    assert!(ok, "{err}");
    assert!(out.contains(&format!("resumed from {path} (seed 2)")), "{out}");
    let _ = std::fs::remove_file(&save);
    let _ = std::fs::remove_file(&script);
    remove_db(&db);
}

/// `cdgsolo serve --db BAD` must stop with an error that names BAD and contains `words`.
fn serve_refuses(db: &Path, words: &str) {
    let name = db.to_string_lossy().into_owned();
    let (ok, out, err) = cdgsolo_within(&["serve", "--port", "0", "--db", &name], "", LIMIT);
    assert!(!ok, "serve started on {name}: {out}");
    assert!(!out.contains("cdgsolo serves"), "serve listened on {name}: {out}");
    assert!(err.contains(&name) && err.contains(words), "{name}: {err}");
}

#[test]
fn serve_stops_at_a_database_file_that_is_cut_or_not_a_database_and_leaves_it_alone() {
    // A real database of the store, with enough games to span many pages, cut to half its bytes.
    let whole = temp_path("whole.sqlite");
    remove_db(&whole);
    {
        let store = server::store::Store::open(&whole).expect("a database");
        for i in 0..100 {
            let record = json!({"game": "manoeuvre", "seed": i, "log": vec!["an-action"; 40]});
            store.create(&format!("game {i}"), "manoeuvre", &record).expect("a game");
        }
    }
    let bytes = std::fs::read(&whole).expect("the database");
    let cut = temp_path("cut.sqlite");
    remove_db(&cut);
    std::fs::write(&cut, &bytes[..bytes.len() / 2]).expect("the cut copy");
    serve_refuses(&cut, "is damaged");
    assert_eq!(std::fs::read(&cut).expect("read"), &bytes[..bytes.len() / 2], "the cut file is unchanged");

    // The terminal plays on without it, says why at the start, and leaves it as it is too; taking
    // a saved game from it fails.
    let cut_arg = cut.to_string_lossy().into_owned();
    let commands: [&[&str]; 2] = [
        &["assist", "1960", "--deck", "virtual", "--manifest", "none", "--seed", "1"],
        &["play", "manoeuvre", "--seed", "1", "--quick-start"],
    ];
    for args in commands {
        let all = [args, &["--db", &cut_arg]].concat();
        let (ok, out, err) = cdgsolo_within(&all, "1\nq\ny\n", LIMIT);
        assert!(ok, "{err}");
        assert!(out.contains("The saved games cannot be used") && out.contains(&cut_arg), "{out}");
        assert_eq!(std::fs::read(&cut).expect("read"), &bytes[..bytes.len() / 2], "{args:?} changed the file");
    }
    let (ok, _, err) = cdgsolo_within(&["assist", "--resume", "1", "--db", &cut_arg], "", LIMIT);
    assert!(!ok);
    assert!(err.contains(&cut_arg) && err.contains("is damaged"), "{err}");

    let junk = temp_path("junk.sqlite");
    remove_db(&junk);
    let words = b"a letter to a friend, not the pages of a database\n".repeat(100);
    std::fs::write(&junk, &words).expect("written");
    serve_refuses(&junk, "is not a SQLite database");
    assert_eq!(std::fs::read(&junk).expect("read"), words, "the file is unchanged");
    for path in [&whole, &cut, &junk] {
        remove_db(path);
    }
}

#[cfg(unix)]
#[test]
fn serve_stops_at_a_database_path_that_is_a_pipe_a_device_or_a_directory() {
    let fifo = temp_path("db-pipe");
    common::mkfifo(&fifo);
    serve_refuses(&fifo, "it is a named pipe, not a regular file");
    serve_refuses(Path::new("/dev/null"), "it is a device, not a regular file");
    let dir = temp_path("db-dir");
    std::fs::create_dir_all(&dir).expect("a directory");
    serve_refuses(&dir, "it is a directory, not a regular file");
    assert_eq!(std::fs::read_dir(&dir).expect("listed").count(), 0, "nothing was written into the directory");
    let _ = std::fs::remove_file(&fifo);
    let _ = std::fs::remove_dir(&dir);
}
