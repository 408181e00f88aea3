//! The `cdgsolo` subcommands as a user runs them.

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

fn cdgsolo(args: &[&str], stdin: &str) -> (bool, String, String) {
    // `assist` and `play` keep their games in a database: a test that names none gets a fresh one of
    // its own, so no test ever writes to the user's saved games.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let stores = matches!(args.first(), Some(&"assist" | &"play")) && !args.contains(&"--db");
    let n = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let db = std::env::temp_dir().join(format!("cdgsolo-commands-{}-{n}.sqlite", std::process::id()));
    let mut command = Command::new(env!("CARGO_BIN_EXE_cdgsolo"));
    command.args(args);
    if stores {
        command.arg("--db").arg(&db);
    }
    let mut child =
        command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("the binary starts");
    // A command that fails early may exit before reading its input: a closed pipe is no error here.
    let _ = child.stdin.take().expect("stdin").write_all(stdin.as_bytes());
    let out = child.wait_with_output().expect("the binary finishes");
    for suffix in ["", "-wal", "-shm", ".acked"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
    (out.status.success(), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

fn json(args: &[&str]) -> Value {
    let (ok, out, err) = cdgsolo(args, "");
    assert!(ok, "{args:?} failed: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?} printed no JSON ({e}): {out}"))
}

#[test]
fn roll_with_a_seed_gives_the_same_faces_everywhere() {
    // A fixture: if these numbers change, every saved game and every seed a user wrote down breaks.
    let rolls = json(&["roll", "--seed", "42", "--count", "12", "--json"]);
    assert_eq!(rolls["faces"], serde_json::json!([4, 1, 4, 4, 3, 4, 3, 3, 1, 6, 2, 6]));
    assert_eq!(rolls["seed"], 42);
    assert_eq!(rolls["counts"]["4"], 4);
    assert_eq!(json(&["roll", "--seed", "42", "--count", "12", "--json"]), rolls);
    assert_ne!(json(&["roll", "--seed", "43", "--count", "12", "--json"])["faces"], rolls["faces"]);
}

#[test]
fn many_rolls_are_spread_evenly_over_the_six_faces() {
    let rolls = json(&["roll", "--seed", "7", "--count", "60000", "--json"]);
    let faces = rolls["faces"].as_array().expect("faces");
    assert_eq!(faces.len(), 60000);
    assert!(faces.iter().all(|f| (1..=6).contains(&f.as_u64().unwrap_or(0))));
    let total: u64 = (1..=6).map(|f| rolls["counts"][f.to_string()].as_u64().unwrap_or(0)).sum();
    assert_eq!(total, 60000);
    for f in 1..=6 {
        let n = rolls["counts"][f.to_string()].as_u64().unwrap_or(0);
        // 10,000 expected; 5 standard deviations is about 456.
        assert!((9_544..=10_456).contains(&n), "face {f} came up {n} times");
    }
}

#[test]
fn games_lists_the_ten_playsheets_the_manoeuvre_card_table_invaders_and_the_miniatures_aid() {
    let games = json(&["games", "--json"]);
    let games = games.as_array().expect("a list");
    let ids: Vec<&str> = games.iter().filter_map(|g| g["id"].as_str()).collect();
    assert_eq!(
        ids,
        [
            "manoeuvre",
            "cc-epic-ancients",
            "pursuit-of-glory",
            "empire-of-the-sun",
            "cc-medieval",
            "cc-napoleonics",
            "cc-napoleonics-epic",
            "wilderness-war",
            "barbarossa-to-berlin",
            "1960",
            "manoeuvre-table",
            "invaders",
            "miniatures"
        ]
    );
    let dual: Vec<&str> = games.iter().filter(|g| g["deck"] == "dual").filter_map(|g| g["id"].as_str()).collect();
    assert_eq!(
        dual,
        ["manoeuvre", "pursuit-of-glory", "empire-of-the-sun", "barbarossa-to-berlin", "manoeuvre-table", "invaders"]
    );
    let full: Vec<&str> = games.iter().filter(|g| g["kind"] == "full-game").filter_map(|g| g["id"].as_str()).collect();
    assert_eq!(full, ["manoeuvre"]);
    let card_games: Vec<&str> =
        games.iter().filter(|g| g["kind"] == "card-game").filter_map(|g| g["id"].as_str()).collect();
    assert_eq!(card_games, ["invaders"]);
    let aids: Vec<&str> = games.iter().filter(|g| g["kind"] == "turn-aid").filter_map(|g| g["id"].as_str()).collect();
    assert_eq!(aids, ["miniatures"]);
}

#[test]
fn assist_asks_what_the_die_needs_and_undoes_answers_but_not_rolls() {
    // Seed 11 rolls a 1 for the Axis: the table asks the Ops of the face-up cards before it can
    // say which is lowest. Roll, try to undo (refused), answer twice, undo the second answer (the
    // question comes back), quit.
    let (ok, out, err) = cdgsolo(
        &["assist", "barbarossa-to-berlin", "--deck", "virtual", "--manifest", "none", "--seed", "11"],
        "1\nu\n1\n1\nu\nq\n",
    );
    assert!(ok, "{err}");
    assert!(out.contains("seed 11"), "{out}");
    assert!(out.contains("Fate Die 1: C, or the lowest face-up Ops card."), "{out}");
    assert!(out.contains("Cannot undo"), "the roll stands: {out}");
    assert!(out.contains("Undone:"), "an answer can be taken back: {out}");
    assert!(out.contains("Axis: play card 25 from slot A for 1a Operations, 1b Event"), "{out}");
    assert_eq!(out.matches("1. card 59 is 1 Ops").count(), 2, "the undone question is asked again: {out}");
}

#[test]
fn assist_explains_bad_input_and_unknown_games() {
    let (ok, out, _) =
        cdgsolo(&["assist", "1960", "--deck", "virtual", "--manifest", "none", "--seed", "1"], "banana\n99\nq\n");
    assert!(ok);
    assert!(out.contains("'banana' is not an action"), "{out}");
    assert!(out.contains("'99' is not an action"), "{out}");
    let (ok, _, err) = cdgsolo(&["assist", "manoeuvre", "--deck", "virtual", "--manifest", "builtin"], "");
    assert!(!ok);
    assert!(err.contains("no built-in manifest ships for manoeuvre (built-in ones: pursuit-of-glory,"), "{err}");
    let (ok, _, err) = cdgsolo(&["assist", "chess", "--deck", "virtual", "--manifest", "none"], "");
    assert!(!ok);
    assert!(err.contains("no game has id 'chess'"), "{err}");
    let (ok, _, err) = cdgsolo(&["bench", "everything"], "");
    assert!(!ok);
    assert!(err.contains("[possible values: table, manoeuvre, mcts, api, server]"), "help lists the targets: {err}");
    let (ok, out, err) =
        cdgsolo(&["assist", "manoeuvre-table", "--deck", "virtual", "--manifest", "none", "--seed", "1"], "q\n");
    assert!(ok && out.contains("Manoeuvre — seed 1"), "the id `games` lists for the bare table works: {err}");
    let (ok, _, err) = cdgsolo(&["assist", "wilderness-wars", "--deck", "virtual", "--manifest", "none"], "");
    assert!(!ok);
    assert!(err.contains("did you mean wilderness-war?"), "{err}");
    let (ok, _, err) =
        cdgsolo(&["assist", "cc-napoleonics", "--deck", "virtual", "--manifest", "none", "--scenario", "vitorla"], "");
    assert!(!ok);
    assert!(err.contains("no scenario has id 'vitorla' (did you mean vitoria?)"), "{err}");
}

#[test]
fn play_manoeuvre_runs_a_hotseat_game_with_undo() {
    // Quick start with fixed armies: discard a card, undo it, then keep taking the first action.
    let mut script = String::from("1\nu\n");
    script.push_str(&"1\n".repeat(60));
    script.push_str("q\n");
    let (ok, out, err) = cdgsolo(&["play", "manoeuvre", "--seed", "4", "--quick-start", "--armies", "FR,BR"], &script);
    assert!(ok, "{err}");
    assert!(out.contains("     a    b    c    d    e    f    g    h"), "the board is drawn: {out}");
    assert!(out.contains("Player 1 — France"), "{out}");
    assert!(out.contains("Player 2 — Great Britain"), "{out}");
    assert!(out.contains("Undone."), "a discard can be taken back: {out}");
    assert!(out.contains("hand: (+5 unseen)"), "the other hand stays hidden: {out}");
    assert!(out.contains("take the seat and press Enter"), "the seat passes between players: {out}");
}

#[test]
fn play_explains_bad_options() {
    let (ok, _, err) = cdgsolo(&["play", "manoeuvre", "--armies", "FR"], "");
    assert!(!ok);
    assert!(err.contains("--armies takes two nations"), "{err}");
    let (ok, _, err) = cdgsolo(&["play", "manoeuvre", "--armies", "FR,XX"], "");
    assert!(!ok);
    assert!(err.contains("no nation called 'XX'"), "{err}");
    let (ok, _, err) = cdgsolo(&["play", "manoeuvre", "--hand-modes", "hand,cards"], "");
    assert!(!ok);
    assert!(err.contains("[possible values: hand, display]"), "{err}");
    let (ok, _, err) = cdgsolo(&["play", "manouvre"], "");
    assert!(!ok);
    assert!(err.contains("did you mean manoeuvre?"), "{err}");
    let (ok, _, err) = cdgsolo(&["play", "1960"], "");
    assert!(!ok);
    assert!(err.contains("cannot be played in the terminal yet"), "{err}");
    let (ok, _, err) =
        cdgsolo(&["assist", "cc-medieval", "--deck", "virtual", "--manifest", "none", "--hand-size", "5"], "");
    assert!(!ok);
    assert!(err.contains("--hand-size takes two numbers"), "{err}");
}

fn temp_file(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("cdgsolo-test-{}-{name}", std::process::id()))
}

#[test]
fn assist_saves_and_resumes_a_table() {
    let file = temp_file("saved.json");
    let path = file.to_string_lossy().into_owned();
    // Roll, play the first allowed card for its first purpose, save, quit.
    let (ok, out, err) = cdgsolo(
        &["assist", "wilderness-war", "--deck", "virtual", "--manifest", "none", "--seed", "8"],
        &format!("1\n1a\ns {path}\nq\n"),
    );
    assert!(ok, "{err}");
    assert!(out.contains("Saved to"), "{out}");
    let saved: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(saved["game"], "wilderness-war");
    let steps = saved["log"].as_array().map(Vec::len).unwrap_or(0);
    assert!(steps > 10, "the deal, the roll and the decisions are saved");
    // Resuming shows the same table: the same turn and the same first action offered.
    let (ok, resumed, err) = cdgsolo(&["assist", "--resume", &path], "q\n");
    assert!(ok, "{err}");
    let last_screen = |text: &str| text.rsplit("\nTurn ").next().unwrap_or_default().to_string();
    let before = last_screen(&out);
    let after = last_screen(&resumed);
    assert_eq!(before.lines().next(), after.lines().next(), "same turn and phase:\n{before}\n---\n{after}");
    std::fs::write(&file, "{not json").unwrap();
    let (ok, _, err) = cdgsolo(&["assist", "--resume", &path], "");
    assert!(!ok);
    assert!(err.contains("is not a saved table"), "{err}");
    let _ = std::fs::remove_file(&file);
}

#[test]
fn assist_runs_a_script_and_names_the_line_that_fails() {
    let script = temp_file("script.txt");
    std::fs::write(&script, "# a turn of Pursuit of Glory\nroll\nend-turn # not yet: no card was played\n").unwrap();
    let path = script.to_string_lossy().into_owned();
    let (ok, _, err) = cdgsolo(
        &["assist", "pursuit-of-glory", "--deck", "virtual", "--manifest", "none", "--seed", "7", "--script", &path],
        "",
    );
    assert!(!ok);
    assert!(err.contains("line 3") && err.contains("'end-turn'"), "{err}");
    // Seed 7 rolls a 5, which turns over the Allied deck's top card (6): play it, end the turn.
    std::fs::write(&script, "roll\nplay-6-event\nend-turn\n").unwrap();
    let (ok, out, err) = cdgsolo(
        &["assist", "pursuit-of-glory", "--deck", "virtual", "--manifest", "none", "--seed", "7", "--script", &path],
        "",
    );
    assert!(ok, "{err}");
    let view: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(view["active"], 1, "the Central Powers are next");
    assert_eq!(view["decks"][0]["discard"], serde_json::json!([6]));
    assert_eq!(view["sides"][0]["cards_remaining"], 6);
    let _ = std::fs::remove_file(&script);
}

#[test]
fn assist_reads_manifests_and_reports_their_errors() {
    let file = temp_file("manifest.toml");
    std::fs::write(
        &file,
        "game = \"wilderness-war\"\n[[cards]]\nnumber = 6\nname = \"Surrender!\"\nops = 1\nevent = true\n",
    )
    .unwrap();
    let path = file.to_string_lossy().into_owned();
    // A broken manifest is refused with its line and field.
    std::fs::write(&file, "game = \"wilderness-war\"\n[[cards]]\nnumber = 6\nname = \"Surrender!\"\nops = 9\n")
        .unwrap();
    let (ok, _, err) = cdgsolo(&["assist", "wilderness-war", "--deck", "virtual", "--manifest", &path], "q\n");
    assert!(!ok);
    assert!(err.contains("line 5") && err.contains("ops"), "{err}");
    let (ok, out, err) =
        cdgsolo(&["assist", "pursuit-of-glory", "--deck", "virtual", "--seed", "2", "--manifest", "builtin"], "q\n");
    assert!(ok, "{err}");
    assert!(out.contains("Pursuit of Glory"), "{out}");
    let _ = std::fs::remove_file(&file);
}

#[test]
fn the_benchmarks_run_and_report_their_figures() {
    let rows = json(&["bench", "table", "--turns", "300", "--json"]);
    let rows = rows.as_array().expect("one row per game");
    assert_eq!(rows.len(), 10, "the ten playsheets");
    assert!(rows.iter().all(|r| r["turns"] == 300 && r["turns_per_second"].as_f64().is_some_and(|t| t > 0.0)));
    let m = json(&["bench", "manoeuvre", "--turns", "20", "--json"]);
    assert_eq!(m["games"], 20);
    assert!(m["actions_per_game"].as_f64().is_some_and(|a| a > 50.0), "{m}");
    assert!(m["state_bytes"].as_u64().is_some_and(|b| b <= 2048), "a state of at most 2 KiB: {m}");
    // The floor is played in the same run, and the ratios are read from both.
    assert!(m["floor_actions_per_game"].as_f64().is_some_and(|a| a > 50.0), "{m}");
    let ratio = |k: &str| m[k].as_f64().unwrap_or_else(|| panic!("{k} is a number: {m}"));
    assert!(ratio("ratio_to_floor_low") <= ratio("ratio_to_floor_median"), "{m}");
    assert!(ratio("ratio_to_floor_median") <= ratio("ratio_to_floor_high"), "{m}");
    assert!(ratio("ratio_to_floor_per_step") > 0.0, "{m}");
}

#[test]
fn the_api_benchmark_plays_through_a_server_of_its_own_and_reports_round_trips() {
    let report = json(&["bench", "api", "--games", "1", "--json"]);
    assert_eq!(report["games"], 1);
    for key in ["post_action", "get_legal", "get_observe", "post_new_game"] {
        let r = &report[key];
        let f = |k: &str| r[k].as_f64().unwrap_or_else(|| panic!("{key}.{k} is a number: {report}"));
        assert!(f("p50") > 0.0, "{key}: a round trip takes some time: {report}");
        assert!(f("p50") <= f("p95") && f("p95") <= f("p99") && f("p99") <= f("max"), "{key}: {report}");
        assert!(f("mean") > 0.0 && f("mean") <= f("max"), "{key}: {report}");
    }
    // A whole game: a decision is posted at each step, after reading the legal actions and the view.
    let posts = report["post_action"]["count"].as_u64().unwrap_or(0);
    assert!(posts > 50, "a whole game of Manoeuvre: {report}");
    assert_eq!(report["get_legal"]["count"].as_u64(), Some(posts));
    assert_eq!(report["get_observe"]["count"].as_u64(), Some(posts));
    assert_eq!(report["post_new_game"]["count"], 1);
    // The temporary database and its write-ahead log are gone.
    let db = report["temporary_database"].as_str().expect("the database's path");
    for suffix in ["", "-wal", "-shm", ".acked"] {
        assert!(!std::path::Path::new(&format!("{db}{suffix}")).exists(), "{db}{suffix} is deleted");
    }
}

#[test]
fn assist_shows_the_reminders_of_the_games_special_rules() {
    // Barbarossa to Berlin with its shipped manifest: the Axis first chooses its opening event, and
    // the table reminds the player of the Soviet Reinforcements rule.
    let (ok, out, err) = cdgsolo(
        &["assist", "barbarossa-to-berlin", "--deck", "virtual", "--seed", "3", "--manifest", "builtin"],
        "q\n",
    );
    assert!(ok, "{err}");
    assert!(out.contains("Reminder: Soviet Reinforcements may replace"), "{out}");
    assert!(out.contains("holds #24 Soviet Reinforcements"), "{out}");
    assert!(out.contains("set #1 Barbarossa aside as the opening event"), "{out}");
    assert!(out.contains("\nGame turn 1, Axis to act — "), "the turn as the board game counts it: {out}");
    assert!(!out.contains("opening event:"), "the rules' bookkeeping stays out of sight: {out}");
}

#[test]
fn assist_says_what_each_roll_meant() {
    // Vitoria's first-move roll is a Fate Die roll for one side: the line after it says so.
    let (ok, out, err) = cdgsolo(
        &[
            "assist",
            "cc-napoleonics",
            "--deck",
            "virtual",
            "--manifest",
            "none",
            "--seed",
            "2",
            "--scenario",
            "vitoria",
        ],
        "1\n1\nq\n",
    );
    assert!(ok, "{err}");
    assert!(out.contains("Vitoria: First side's Fate Die shows 4: A or B"), "{out}");
    // The deal is not a decision: at the start there is nothing to take back.
    let (ok, out, err) =
        cdgsolo(&["assist", "cc-napoleonics", "--deck", "virtual", "--manifest", "none", "--seed", "2"], "u\nq\n");
    assert!(ok, "{err}");
    assert!(out.contains("Nothing to undo yet."), "{out}");
}

/// A virtual Empire of the Sun table with its card list and a scenario, quit at once.
fn eots_scenario(scenario: &str) -> (bool, String, String) {
    let args = ["assist", "empire-of-the-sun", "--deck", "virtual", "--seed", "5", "--manifest", "builtin"];
    cdgsolo(&[&args[..], &["--scenario", scenario]].concat(), "q\n")
}

#[test]
fn assist_sets_up_a_scenario_and_refuses_one_it_cannot_place() {
    let (ok, out, err) = eots_scenario("historical");
    assert!(ok, "{err}");
    assert!(out.contains("Scenario historical") && out.contains("done: Historical Japanese opening"), "{out}");
    // The displays show printed numbers; the legend names the printed cards in sight.
    assert!(out.contains("cards in sight: #3 Col. Tsuji"), "{out}");
    // Burma leaves the choice of the Future Offensive to the player.
    let (ok, out, err) = eots_scenario("burma");
    assert!(ok, "{err}");
    assert!(out.contains("yours to choose") && out.contains("Burma:"), "{out}");
    let (ok, _, err) = cdgsolo(
        &[
            "assist",
            "empire-of-the-sun",
            "--deck",
            "virtual",
            "--manifest",
            "none",
            "--seed",
            "5",
            "--scenario",
            "1942",
        ],
        "q\n",
    );
    assert!(!ok);
    assert!(err.contains("scenario '1942'") && err.contains("manifest"), "{err}");
    let (ok, _, err) =
        cdgsolo(&["assist", "1960", "--deck", "virtual", "--manifest", "none", "--scenario", "1942"], "q\n");
    assert!(!ok);
    assert!(err.contains("no scenario setups"), "{err}");
}

#[test]
fn assist_asks_before_a_shuffle_that_undo_cannot_take_back() {
    let args = ["assist", "wilderness-war", "--deck", "virtual", "--manifest", "none", "--seed", "1"];
    let (_, out, _) = cdgsolo(&args, "q\n");
    assert!(out.contains("The deck holds 60 cards here"), "{out}");
    let numbered = |l: &&str| l.contains("reshuffle") && l.trim_start().starts_with(|c: char| c.is_ascii_digit());
    assert!(!out.lines().any(|l| numbered(&l)), "the table tools wait behind t: {out}");
    let (_, out, _) = cdgsolo(&args, "t\nq\n");
    let number = out
        .lines()
        .find(|l| l.contains("reshuffle") && l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .and_then(|l| l.trim().split('.').next())
        .map(str::to_string)
        .expect("a reshuffle is offered");
    let (ok, out, err) = cdgsolo(&args, &format!("t\n{number}\nn\nq\n"));
    assert!(ok, "{err}");
    assert!(out.contains("cannot be undone") && out.contains("Not done."), "{out}");
    let (ok, out, err) = cdgsolo(&args, &format!("t\n{number}\ny\nq\n"));
    assert!(ok, "{err}");
    assert!(!out.contains("Not done."), "{out}");
    assert!(out.contains("Shuffle the discard pile into the deck"), "the table says to shuffle: {out}");
}

#[test]
fn assist_prints_the_log_of_the_table_in_the_words_of_each_step() {
    let (ok, out, err) =
        cdgsolo(&["assist", "wilderness-war", "--deck", "virtual", "--manifest", "none", "--seed", "1"], "1\nl\nq\n");
    assert!(ok, "{err}");
    let log = out.split("Log of this table (seed 1):").nth(1).unwrap_or_default();
    assert!(log.starts_with("\n side turn 1, French:\n     Draw "), "the deal comes first: {log}");
    assert!(log.contains("\n   French: roll the Fate Die\n     Fate Die shows 1:"), "{log}");
}

/// Quick start with fixed armies, then the first action at every step.
fn first_actions(steps: usize) -> String {
    "1\n".repeat(steps) + "q\ny\n"
}

#[test]
fn play_tells_each_combat_in_words_and_the_moves_left() {
    let (ok, out, err) =
        cdgsolo(&["play", "manoeuvre", "--seed", "4", "--quick-start", "--armies", "FR,BR"], &first_actions(600));
    assert!(ok, "{err}");
    assert!(out.contains("Game turn 1 — Movement phase"), "phases have names: {out}");
    assert!(out.contains("Moves left this turn: 3 units"), "{out}");
    assert!(out.contains("  1st Cuirassiers (France) moves from b8 to b6"), "{out}");
    assert!(
        out.contains(
            "  Assault: attack 24 (dice 17) against defence 7, three times the defence or more: the defender takes a \
             hit and retreats\n  1st Cuirassiers (France) takes a hit: turn it to its reduced side (strength 4)\n  \
             1st Cuirassiers (France) moves from b2 to b3"
        ),
        "{out}"
    );
    assert!(out.contains("* France: end the Movement phase (the only choice)"), "{out}");
    // After the seat changes, the new player reads what the other did meanwhile.
    assert!(out.contains("take the seat and press Enter ---\nSince your last decision:\n"), "{out}");
    for debug in ["{ ", "Player(", "Some(", "PlaceSection"] {
        assert!(!out.contains(debug), "no Rust debug text ({debug}): {out}");
    }
}

#[test]
fn play_gives_a_secret_hand_the_seat_even_for_its_only_answer() {
    // The Withdraw step opens whatever the defender holds. Taking its lone "stand" without a seat
    // change would show the attacker, at the same screen, that the hand held no Withdraw: the
    // defender takes the seat and answers itself. Its next lone answer, with the seat already its
    // own, is taken for it.
    let (ok, out, err) =
        cdgsolo(&["play", "manoeuvre", "--seed", "4", "--quick-start", "--armies", "FR,BR"], &first_actions(600));
    assert!(ok, "{err}");
    let lone = "France to decide:\n    1. France: stand and fight\n> * France: stand and fight\n\
                * France: no more defence cards (the only choice)\n";
    let at = out.find(lone).unwrap_or_else(|| panic!("no lone Withdraw answer asked of France: {out}"));
    let before = &out[..at];
    let seat = before.rfind("--- France to decide: take the seat and press Enter ---").expect("a seat change");
    assert!(!before[seat..].contains("Great Britain to decide:"), "France took the seat for that answer: {out}");
}

#[test]
fn play_saves_resumes_and_asks_before_overwriting_or_quitting() {
    let file = temp_file("manoeuvre.json");
    let path = file.to_string_lossy().into_owned();
    let _ = std::fs::remove_file(&file);
    let args = ["play", "manoeuvre", "--seed", "4", "--quick-start", "--armies", "FR,BR"];
    // Without saved games to write to (the database is not one): discard a card, save, discard
    // another, try to quit (refused), quit after all.
    let junk = junk_db("play");
    let junk_args = [&args[..], &["--db", &junk]].concat();
    let (ok, out, err) = cdgsolo(&junk_args, &format!("1\ns {path}\n1\nq\nn\nq\ny\n"));
    assert!(ok, "{err}");
    assert!(out.contains("The saved games cannot be used") && out.contains("`s FILE` saves it to a file"), "{out}");
    assert!(out.contains(&format!("Saved to {path}; resume with: cdgsolo play manoeuvre --resume {path}")), "{out}");
    assert_eq!(out.matches("Quit without saving the decisions made since the last save?").count(), 2, "{out}");
    let saved: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(saved["game"], "manoeuvre");
    // The resumed game has the one discard of the save, not the second; quitting it asks nothing.
    let (ok, resumed, err) = cdgsolo(&["play", "manoeuvre", "--resume", &path], "q\n");
    assert!(ok, "{err}");
    assert!(resumed.contains(&format!("resumed from {path}")), "{resumed}");
    assert!(resumed.contains("Player 1 — France, north edge: deck 55, discard 1"), "{resumed}");
    assert!(!resumed.contains("Quit without saving"), "{resumed}");
    // Another game does not overwrite the save unless told to.
    let (ok, out, err) = cdgsolo(&args, &format!("s {path}\nn\nq\n"));
    assert!(ok, "{err}");
    assert!(out.contains(&format!("{path} exists. Overwrite it?")) && out.contains("Not saved."), "{out}");
    let (ok, out, _) = cdgsolo(&args, &format!("s {path}\ny\nq\n"));
    assert!(ok && out.contains("Saved to"), "{out}");
    let (ok, _, err) = cdgsolo(&["assist", "--resume", &path], "q\n");
    assert!(!ok);
    assert!(err.contains("is not a saved table of cdgsolo (a game of Manoeuvre resumes with `cdgsolo play"), "{err}");
    let (ok, _, err) = cdgsolo(&["play", "manoeuvre", "--resume", &path, "--seed", "3"], "q\n");
    assert!(!ok);
    assert!(err.contains("give --resume [ID|FILE] alone"), "{err}");
    // A card table's save is not a game of Manoeuvre.
    let (ok, _, _) = cdgsolo(
        &["assist", "1960", "--deck", "virtual", "--manifest", "none", "--seed", "1"],
        &format!("s {path}\ny\nq\n"),
    );
    assert!(ok);
    let (ok, _, err) = cdgsolo(&["play", "manoeuvre", "--resume", &path], "q\n");
    assert!(!ok);
    assert!(err.contains("saved table of 1960"), "{err}");
    // Nor is the Manoeuvre playsheet's bare table, which assist resumes.
    let (ok, _, _) = cdgsolo(
        &["assist", "manoeuvre", "--deck", "virtual", "--manifest", "none", "--seed", "1"],
        &format!("1\ns {path}\ny\nq\ny\n"),
    );
    assert!(ok);
    let (ok, _, err) = cdgsolo(&["play", "manoeuvre", "--resume", &path], "q\n");
    assert!(!ok);
    assert!(err.contains("saved table of manoeuvre-table"), "{err}");
    let (ok, out, err) = cdgsolo(&["assist", "--resume", &path], "q\n");
    assert!(ok, "{err}");
    assert!(out.contains("Manoeuvre"), "{out}");
    let _ = std::fs::remove_file(&file);
    let _ = std::fs::remove_file(&junk);
}

/// A file at a fresh path that is not a database: the saved games cannot be opened there.
fn junk_db(name: &str) -> String {
    let file = temp_file(&format!("{name}-junk.sqlite"));
    std::fs::write(&file, b"not the pages of a SQLite database, only words in a file".repeat(20)).expect("written");
    file.to_string_lossy().into_owned()
}

#[test]
fn assist_quits_at_once_when_saved_and_asks_when_the_saved_games_cannot_be_written() {
    // Every decision is in the saved games before the next prompt: quitting loses nothing.
    let (ok, out, err) =
        cdgsolo(&["assist", "1960", "--deck", "virtual", "--manifest", "none", "--seed", "1"], "1\nq\n");
    assert!(ok, "{err}");
    assert!(!out.contains("Quit without saving"), "{out}");
    assert!(out.contains("Game 1 is saved; resume it with `cdgsolo assist --resume 1`."), "{out}");
    let junk = junk_db("assist");
    let args = ["assist", "1960", "--deck", "virtual", "--manifest", "none", "--seed", "1", "--db", &junk];
    let (ok, out, err) = cdgsolo(&args, "q\n1\nq\nn\nq\ny\n");
    assert!(ok, "{err}");
    assert!(out.contains("The saved games cannot be used"), "{out}");
    // Nothing decided yet: the first q quits at once. So the roll never happens.
    assert!(!out.contains("Quit without saving"), "{out}");
    let (ok, out, err) = cdgsolo(&args, "1\nq\nn\nq\ny\n");
    assert!(ok, "{err}");
    assert_eq!(out.matches("Quit without saving").count(), 2, "{out}");
    assert!(!out.contains("is saved; resume it"), "{out}");
    let _ = std::fs::remove_file(&junk);
}

#[test]
fn play_starts_from_a_scenario_file_or_a_random_map() {
    let scenario = concat!(env!("CARGO_MANIFEST_DIR"), "/../manoeuvre/scenarios/assault.toml");
    let (ok, out, err) = cdgsolo(&["play", "manoeuvre", "--seed", "1", "--scenario", scenario], "q\n");
    assert!(ok, "{err}");
    assert!(out.contains("     a    b    c    d    e    f    g    h"), "the scenario's board is drawn: {out}");
    let (ok, _, err) = cdgsolo(&["play", "manoeuvre", "--scenario", scenario, "--armies", "FR,BR"], "q\n");
    assert!(!ok);
    assert!(err.contains("--scenario sets up the whole game"), "{err}");
    // A random map: the sections are laid without asking; the nations are still chosen.
    let (ok, out, err) = cdgsolo(&["play", "manoeuvre", "--seed", "1", "--map", "random"], "q\n");
    assert!(ok, "{err}");
    assert!(!out.contains("place map section"), "{out}");
    assert!(out.contains("offer "), "{out}");
}

#[test]
fn assist_keeps_the_legend_to_the_cards_on_screen_and_wraps_long_lines() {
    // Many turns of 1960 with its manifest: the discard pile fills up with named cards.
    let (ok, out, err) =
        cdgsolo(&["assist", "1960", "--deck", "virtual", "--seed", "3", "--manifest", "builtin"], &"1\n".repeat(300));
    assert!(ok, "{err}");
    let last = out.rsplit("\nSide turn ").next().unwrap_or_default();
    let legend: String = last
        .lines()
        .skip_while(|l| !l.starts_with("  cards in sight: "))
        .take_while(|l| l.starts_with("  cards in sight: ") || l.starts_with("                  "))
        .collect::<Vec<_>>()
        .join(" ");
    assert!(!legend.is_empty(), "named cards are in sight: {last}");
    // The displays and piles show printed numbers ("#47"); the legend names each one on screen.
    let shown: Vec<&str> = last
        .lines()
        .take_while(|l| !l.starts_with("  cards in sight"))
        .flat_map(|l| l.split(|c: char| c != '#' && !c.is_ascii_digit()))
        .filter(|n| n.starts_with('#'))
        .collect();
    for entry in legend.trim_start_matches("  cards in sight: ").split(';') {
        let number = entry.split_whitespace().next().unwrap_or_default();
        assert!(shown.contains(&number), "card {number} of the legend is not on the screen: {last}");
    }
    for line in
        out.lines().filter(|l| l.contains("cards in sight") || l.starts_with("  Reminder") || l.starts_with("The deck"))
    {
        assert!(line.chars().count() <= 100, "wrapped to 100 columns: {line}");
    }
}

#[test]
fn assist_takes_the_nations_each_side_fields() {
    let file = temp_file("nations.json");
    let path = file.to_string_lossy().into_owned();
    let (ok, _, err) = cdgsolo(
        &["assist", "cc-epic-ancients", "--deck", "virtual", "--manifest", "none", "--seed", "1", "--nations", "2"],
        &format!("s {path}\nq\n"),
    );
    assert!(ok, "{err}");
    let saved = std::fs::read_to_string(&file).unwrap();
    let record: Value = serde_json::from_str(&saved).unwrap();
    assert_eq!(record["setup"]["nations"], 2, "{saved}");
    let _ = std::fs::remove_file(&file);
    let (ok, _, err) =
        cdgsolo(&["assist", "cc-epic-ancients", "--deck", "virtual", "--manifest", "none", "--nations", "0"], "");
    assert!(!ok);
    assert!(err.contains("--nations"), "{err}");
}

#[test]
fn assist_lists_each_playable_card_once_with_its_purposes_lettered() {
    let args = ["assist", "pursuit-of-glory", "--deck", "virtual", "--seed", "4", "--manifest", "builtin"];
    // Roll a 5, then name card 2 without a purpose: the table asks which, and b is its event.
    let (ok, out, err) = cdgsolo(&args, "1\n2\nb\nq\ny\n");
    assert!(ok, "{err}");
    assert!(
        out.contains("   2. Allied Powers: play #10 Russian Reinforcements from slot D for 2a Operations, 2b Event,"),
        "{out}"
    );
    assert_eq!(out.matches("#10 Russian Reinforcements from slot D for").count(), 1, "one entry per card: {out}");
    assert!(out.contains("For what? Type 2a, 2b, 2c, 2d:"), "{out}");
    assert!(
        out.contains("Take #10 Russian Reinforcements from slot D of Allied Powers' display out of the game"),
        "{out}"
    );
    // Letter and number together in one answer; a letter the entry lacks is refused.
    let (ok, out, _) = cdgsolo(&args, "1\n2e\n2a\nq\ny\n");
    assert!(ok);
    assert!(out.contains("'2e' is not an action"), "{out}");
    assert!(out.contains("Put #10 Russian Reinforcements from slot D of Allied Powers' display on"), "{out}");
}

#[test]
fn sim_counts_wins_with_intervals_and_gives_the_same_result_on_any_thread_count() {
    let args = |threads: &'static str| {
        [
            "sim",
            "--bots",
            "mcts:8,random",
            "--armies",
            "FR,RU",
            "--games",
            "6",
            "--seed",
            "3",
            "--threads",
            threads,
            "--json",
        ]
    };
    let (ok, one, err) = cdgsolo(&args("1"), "");
    assert!(ok, "{err}");
    let (ok, two, err) = cdgsolo(&args("2"), "");
    assert!(ok, "{err}");
    assert_eq!(one, two, "deterministic on any thread count");
    let report: Value = serde_json::from_str(&one).unwrap();
    let bots = &report["bots"];
    let wins = bots["mcts:8"]["wins"].as_u64().unwrap() + bots["random"]["wins"].as_u64().unwrap();
    assert_eq!(report["games"], 6);
    assert!(wins <= 6, "{one}");
    let rate = bots["mcts:8"]["win_rate"].as_f64().unwrap();
    let interval = bots["mcts:8"]["interval"].as_array().unwrap();
    assert!(interval[0].as_f64().unwrap() <= rate && rate <= interval[1].as_f64().unwrap(), "{one}");
    let endings: u64 = report["endings"].as_object().unwrap().values().map(|v| v.as_u64().unwrap()).sum();
    assert_eq!(endings, 6);
    let elo = &report["elo_difference"];
    assert_eq!(elo["bots"], serde_json::json!(["mcts:8", "random"]));
    let (e, lo, hi) =
        (elo["elo"].as_f64().unwrap(), elo["interval"][0].as_f64().unwrap(), elo["interval"][1].as_f64().unwrap());
    let (mcts_wins, random_wins) = (bots["mcts:8"]["wins"].as_u64(), bots["random"]["wins"].as_u64());
    assert!(lo <= e && e <= hi && (e > 0.0) == (mcts_wins > random_wins), "the better score rates higher: {one}");
    let pairing = &report["pairings"][0];
    assert_eq!(pairing["armies"], serde_json::json!(["FR", "RU"]));
    let by_army: u64 = pairing["army_wins"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).sum();
    assert_eq!(by_army, wins, "every won game is a win for one nation: {one}");
    let (ok, _, err) = cdgsolo(&["sim", "--bots", "random,deep-blue", "--games", "1"], "");
    assert!(!ok && err.contains("no bot is called 'deep-blue'"), "{err}");
    let (ok, _, err) = cdgsolo(&["sim", "--bots", "random,random", "--armies", "FR,XX"], "");
    assert!(!ok && err.contains("no nation called 'XX'"), "{err}");
}

#[test]
fn play_against_a_bot_shows_its_public_moves_and_hides_its_cards() {
    let args = ["play", "manoeuvre", "--seed", "4", "--quick-start", "--armies", "FR,BR", "--vs", "mcts:easy"];
    let (ok, out, err) = cdgsolo(&args, &format!("w\nh\n6\n{}w\nq\ny\n", "1\n".repeat(8)));
    assert!(ok, "{err}");
    // Before the bot has chosen anything public it has no reasons to give; afterwards `w` lists
    // the moves it weighed, its own choice among them.
    assert!(out.contains("mcts:easy has nothing to say"), "{out}");
    let why = out.split("Why \"").nth(1).expect("the bot's reasons");
    let (chosen, weighed) = why.split_once("\": the moves the bot weighed most").expect("a reason");
    assert!(weighed.lines().skip(1).take(3).any(|l| l.ends_with(chosen)), "{why}");
    assert!(
        out.contains(
            "You play France; mcts:easy plays Great Britain. Type h for a hint, w for why the bot made its last move."
        ),
        "{out}"
    );
    assert!(out.contains("Hint (400 searches from what you can see):\n"), "{out}");
    // The hint and the reasons come under the list of choices, by the prompt, where a long list
    // cannot push them off the screen.
    for heading in ["Hint (", "Why \""] {
        let at = out.find(heading).expect("an answer");
        let before = out[..at].lines().last().unwrap_or_default().trim_start();
        assert!(before.split_once(". ").is_some_and(|(n, _)| n.parse::<usize>().is_ok()), "{before}");
        let mut after = out[at..].lines().skip(1);
        assert!(after.by_ref().take_while(|l| !l.starts_with("> ")).all(|l| l.contains("% of")), "{out}");
    }
    assert!(out.contains("* Great Britain: end the turn  [mcts:easy]"), "the bot's public moves are told: {out}");
    assert!(out.contains("* Great Britain decides about cards you cannot see  [mcts:easy]"), "{out}");
    // Only France's seat is ever shown: no seat changes, Britain's hand stays unseen.
    assert!(!out.contains("take the seat"), "{out}");
    assert!(!out.contains("Great Britain to decide"), "{out}");
    let (ok, _, err) = cdgsolo(&["play", "manoeuvre", "--vs", "stockfish"], "");
    assert!(!ok && err.contains("no bot is called 'stockfish'"), "{err}");
}

#[test]
fn sim_can_let_the_bots_deploy_their_own_units() {
    let run = |setup: &str| {
        let args = ["sim", "--bots", "rules,random", "--games", "8", "--seed", "4", "--setup", setup, "--json"];
        let (ok, out, err) = cdgsolo(&args, "");
        assert!(ok, "{err}");
        serde_json::from_str::<Value>(&out).unwrap()
    };
    let deployed = run("deploy");
    assert_eq!(deployed["setup"], "deploy");
    assert_eq!(deployed["games"], 8);
    assert!(deployed["bots"]["rules"]["wins"].as_u64().unwrap() >= 7, "{deployed}");
    // Deployment is part of the game: the same seed plays other games than a quick start.
    let quick = run("quick");
    assert_eq!(quick["setup"], "quick");
    assert_ne!(quick["mean_decisions"], deployed["mean_decisions"]);
    let (ok, _, err) = cdgsolo(&["sim", "--bots", "rules,random", "--setup", "tournament"], "");
    assert!(!ok && err.contains("tournament"), "{err}");
}

#[test]
fn sim_shards_merge_into_exactly_the_whole_run() {
    let run = ["sim", "--bots", "mcts:6,random", "--armies", "all", "--games", "1", "--seed", "5"];
    let (ok, whole, err) = cdgsolo(&[&run[..], &["--json"]].concat(), "");
    assert!(ok, "{err}");
    let mut files = Vec::new();
    for i in 1..=3 {
        let shard = format!("{i}/3");
        let (ok, part, err) = cdgsolo(&[&run[..], &["--shard", &shard]].concat(), "");
        assert!(ok, "{err}");
        let file = temp_file(&format!("part{i}.json"));
        std::fs::write(&file, part).unwrap();
        files.push(file.to_string_lossy().into_owned());
    }
    // In any order.
    let csv = temp_file("pairings.csv").to_string_lossy().into_owned();
    let (ok, merged, err) = cdgsolo(&["sim", "merge", &files[2], &files[0], &files[1], "--json", "--csv", &csv], "");
    assert!(ok, "{err}");
    assert_eq!(merged, whole, "the merged shards are the whole run");
    let table = std::fs::read_to_string(&csv).unwrap();
    let _ = std::fs::remove_file(&csv);
    assert!(
        table.starts_with(
            "nation_a,nation_b,games,wins_mcts:6,wins_random,wins_nation_a,wins_nation_b,nation_a_low,nation_a_high,\
             nation_b_low,nation_b_high,first_player_wins,attrition,nightfall,sacked_commander,mean_decisions\n"
        ),
        "{table}"
    );
    assert_eq!(table.lines().count(), 67, "a header and the 66 pairings: {table}");
    for line in table.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let n = |i: usize| f[i].parse::<f64>().unwrap();
        assert_eq!(f.len(), 16, "{line}");
        // Each nation's interval holds its win rate; the endings add up to the games.
        for (wins, low, high) in [(5, 7, 8), (6, 9, 10)] {
            assert!(n(low) <= n(wins) / n(2) && n(wins) / n(2) <= n(high), "{line}");
        }
        assert_eq!(n(12) + n(13) + n(14), n(2), "{line}");
        assert!(n(11) <= n(2) && n(15) > 0.0, "{line}");
    }
    let (ok, _, err) = cdgsolo(&["sim", "merge", &files[0], &files[1]], "");
    assert!(!ok && err.contains("shard 3 of 3 is missing"), "{err}");
    let (ok, _, err) = cdgsolo(&["sim", "merge", &files[0], &files[0], &files[1]], "");
    assert!(!ok && err.contains("is given twice"), "{err}");
    let (ok, _, err) = cdgsolo(&["sim", "--bots", "random,random", "--shard", "4/3"], "");
    assert!(!ok && err.contains("--shard takes I/N"), "{err}");
    for f in files {
        let _ = std::fs::remove_file(f);
    }
}

/// The width and height a PNG file declares (its IHDR chunk), after checking its signature.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "not a PNG");
    assert_eq!(&bytes[12..16], b"IHDR");
    let number = |at: usize| u32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    (number(16), number(20))
}

/// The `width="..."` and `height="..."` an SVG file declares.
fn svg_size(svg: &str) -> (u32, u32) {
    let attribute = |name: &str| {
        let start = svg.find(&format!("{name}=\"")).expect("the size is declared") + name.len() + 2;
        svg[start..].split('"').next().and_then(|v| v.parse().ok()).expect("a number")
    };
    (attribute("width"), attribute("height"))
}

#[test]
fn sim_plot_draws_the_win_rate_matrix_of_every_nation_as_svg_and_png() {
    let dir = temp_file("matrix");
    let plot = dir.to_string_lossy().into_owned();
    let run = ["sim", "--bots", "random,random", "--armies", "all", "--games", "1", "--seed", "2", "--json"];
    let (ok, plotted, err) = cdgsolo(&[&run[..], &["--plot", &plot]].concat(), "");
    assert!(ok, "{err}");
    let (ok, plain, err) = cdgsolo(&run, "");
    assert!(ok, "{err}");
    assert_eq!(plotted, plain, "drawing changes nothing in the report");
    let svg = std::fs::read_to_string(dir.join("win-rate-matrix.svg")).unwrap();
    let png = std::fs::read(dir.join("win-rate-matrix.png")).unwrap();
    for code in ["IN", "QI", "US", "TO", "SP", "AU", "SW", "OT", "PR", "RU", "BR", "FR"] {
        assert!(svg.contains(&format!(">{code}<")) || svg.contains(&format!(">\n{code}\n<")), "{code} is labelled");
    }
    assert!(svg.contains("(66 games)"), "the title counts the games");
    let (width, height) = png_size(&png);
    assert_eq!((width, height), svg_size(&svg), "both files show the same picture");
    assert!(width >= 12 * 60 && height >= 12 * 60, "twelve rows and columns of readable cells: {width}x{height}");
    // A sharded run merged with --plot draws exactly the same matrix.
    let mut parts = Vec::new();
    for i in 1..=2 {
        let (ok, part, err) = cdgsolo(&[&run[..run.len() - 1], &["--shard", &format!("{i}/2")]].concat(), "");
        assert!(ok, "{err}");
        let file = temp_file(&format!("matrix-part{i}.json"));
        std::fs::write(&file, part).unwrap();
        parts.push(file.to_string_lossy().into_owned());
    }
    let merged_dir = temp_file("matrix-merged");
    let merged_plot = merged_dir.to_string_lossy().into_owned();
    let (ok, out, err) = cdgsolo(&["sim", "merge", &parts[0], &parts[1], "--plot", &merged_plot], "");
    assert!(ok, "{err}");
    assert!(out.contains("win-rate matrix: "), "{out}");
    assert_eq!(std::fs::read_to_string(merged_dir.join("win-rate-matrix.svg")).unwrap(), svg);
    for f in parts {
        let _ = std::fs::remove_file(f);
    }
    let _ = std::fs::remove_dir_all(dir);
    let _ = std::fs::remove_dir_all(merged_dir);
}

#[test]
fn sim_ladder_rates_the_bots_of_several_runs_on_one_scale() {
    let mut files = Vec::new();
    for (i, bots) in ["mcts:20,random", "mcts:50,mcts:20"].iter().enumerate() {
        let (ok, out, err) = cdgsolo(&["sim", "--bots", bots, "--games", "4", "--seed", "7", "--json"], "");
        assert!(ok, "{err}");
        let file = temp_file(&format!("ladder-run{i}.json"));
        std::fs::write(&file, out).unwrap();
        files.push(file.to_string_lossy().into_owned());
    }
    let dir = temp_file("ladder");
    let plot = dir.to_string_lossy().into_owned();
    let ladder = json(&["sim", "ladder", &files[0], &files[1], "--json", "--plot", &plot]);
    assert_eq!(ladder["anchor"], "random");
    assert_eq!(ladder["games"], 8);
    let games: f64 = ladder["ratings"].as_array().unwrap().iter().map(|r| r["games"].as_f64().unwrap()).sum();
    assert_eq!(games, 16.0, "each game counts for both of its bots, and the prior adds none: {ladder}");
    let ratings = ladder["ratings"].as_array().unwrap();
    let bots: Vec<&str> = ratings.iter().map(|r| r["bot"].as_str().unwrap()).collect();
    assert_eq!(bots.len(), 3, "{ladder}");
    for pair in ratings.windows(2) {
        assert!(pair[0]["rating"].as_f64() >= pair[1]["rating"].as_f64(), "strongest first: {ladder}");
    }
    for r in ratings {
        let (x, lo, hi) =
            (r["rating"].as_f64().unwrap(), r["interval"][0].as_f64().unwrap(), r["interval"][1].as_f64().unwrap());
        assert!(lo <= x && x <= hi && lo.is_finite() && hi.is_finite(), "{ladder}");
        if r["bot"] == "random" {
            assert_eq!((x, lo, hi), (0.0, 0.0, 0.0), "the anchor is fixed at 0");
        }
    }
    let (width, height) = png_size(&std::fs::read(dir.join("ladder.png")).unwrap());
    assert!(width >= 600 && height >= 200, "{width}x{height}");
    let svg = std::fs::read_to_string(dir.join("ladder.svg")).unwrap();
    assert!(bots.iter().all(|b| svg.contains(b)), "every bot is labelled");
    // Another anchor, and the text table.
    let (ok, out, err) = cdgsolo(&["sim", "ladder", &files[0], &files[1], "--anchor", "mcts:20"], "");
    assert!(ok, "{err}");
    assert!(out.contains("mcts:20 is fixed at 0"), "{out}");
    assert!(out.lines().any(|l| l.trim_start().starts_with("mcts:20") && l.contains("anchor")), "{out}");
    // `--as` reads a bot under another name: mcts:50 read as mcts:20 makes the second run a bot
    // against itself, which is set aside, leaving the first run's two bots and its four games.
    let merged = json(&["sim", "ladder", &files[0], &files[1], "--as", "mcts:50=mcts:20", "--json"]);
    assert_eq!(merged["games"], 4, "{merged}");
    let names: Vec<&str> = merged["ratings"].as_array().unwrap().iter().map(|r| r["bot"].as_str().unwrap()).collect();
    assert!(names.len() == 2 && !names.contains(&"mcts:50"), "{merged}");
    assert!(merged["ignored"][0].as_str().unwrap().contains("read as one bot"), "{merged}");
    // Read as a name of its own, the bot keeps its games under the new name.
    let kept = json(&["sim", "ladder", &files[0], &files[1], "--as", "mcts:50=mcts:trial", "--json"]);
    let trial = kept["ratings"].as_array().unwrap().iter().find(|r| r["bot"] == "mcts:trial").cloned();
    assert_eq!(trial.map(|r| r["games"].clone()), Some(serde_json::json!(4.0)), "{kept}");
    for (pair, says) in [("mcts:50", "write it as FROM=TO"), ("=x", "write it as FROM=TO"), ("nobody=x", "no run has")]
    {
        let (ok, _, err) = cdgsolo(&["sim", "ladder", &files[0], &files[1], "--as", pair], "");
        assert!(!ok && err.contains(says), "--as {pair}: {err}");
    }
    let twice = ["sim", "ladder", &files[0], &files[1], "--as", "mcts:50=a", "--as", "mcts:50=b"];
    let (ok, _, err) = cdgsolo(&twice, "");
    assert!(!ok && err.contains("--as mcts:50=b: mcts:50 is already read as a"), "{err}");
    // Refusals: an unknown anchor, a file that is no run's report, bots no game links.
    let (ok, _, err) = cdgsolo(&["sim", "ladder", &files[0], "--anchor", "rules"], "");
    assert!(!ok && err.contains("--anchor rules: no such bot"), "{err}");
    let not_a_run = temp_file("ladder-not-a-run.json");
    std::fs::write(&not_a_run, ladder.to_string()).unwrap();
    let (ok, _, err) = cdgsolo(&["sim", "ladder", &files[0], &not_a_run.to_string_lossy()], "");
    assert!(!ok && err.contains("is not the output of `cdgsolo sim --json`"), "{err}");
    let (ok, out, err) = cdgsolo(&["sim", "--bots", "mcts:5,mcts:9", "--games", "2", "--json"], "");
    assert!(ok, "{err}");
    let apart = temp_file("ladder-apart.json");
    std::fs::write(&apart, out).unwrap();
    let (ok, _, err) = cdgsolo(&["sim", "ladder", &files[0], &apart.to_string_lossy()], "");
    assert!(!ok && err.contains("cannot be rated on one scale"), "{err}");
    for f in files.iter().map(std::path::PathBuf::from).chain([not_a_run, apart]) {
        let _ = std::fs::remove_file(f);
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn serve_answers_the_api_on_loopback_and_keeps_its_games_in_the_database() {
    use std::io::{BufRead, Read, Write};
    let db = temp_file("serve.sqlite");
    let _ = std::fs::remove_file(&db);
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_cdgsolo"))
        .args(["serve", "--port", "0", "--db"])
        .arg(&db)
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
    let addr = first.split("http://").nth(1).and_then(|r| r.split('/').next()).expect("the address").to_string();
    let request = |method: &str, path: &str, body: &str| {
        let mut stream = std::net::TcpStream::connect(&addr).unwrap();
        write!(
            stream,
            "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        answer
    };
    let created = request("POST", "/api/games", r#"{"game": "wilderness-war", "seed": 2}"#);
    assert!(created.starts_with("HTTP/1.1 201"), "{created}");
    let listed = request("GET", "/api/games", "");
    assert!(listed.starts_with("HTTP/1.1 200") && listed.contains("\"game\":\"wilderness-war\""), "{listed}");
    let refused = request("POST", "/api/games", "{not json");
    assert!(refused.starts_with("HTTP/1.1 400") && refused.contains("\"error\""), "{refused}");
    child.kill().unwrap();
    let _ = child.wait();
    assert!(std::fs::metadata(&db).is_ok(), "the games are in {}", db.display());
    for suffix in ["", "-wal", "-shm", ".acked"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
}

#[test]
fn soak_plays_every_game_checks_each_step_and_counts_the_same_on_any_thread_count() {
    let run = |threads: &str| json(&["soak", "--games", "26", "--seed", "1", "--threads", threads, "--json"]);
    let (one, two) = (run("1"), run("2"));
    let total = &one["total"];
    assert_eq!(total["games"], 26, "{one}");
    for count in ["panics", "dead_ends", "mismatches", "broken"] {
        assert_eq!(total[count], 0, "{count}: {}", one["problems"]);
    }
    assert!(total["actions"].as_u64().unwrap() > 26 * 20, "the games were played: {total}");
    assert!(total["replays_checked"].as_u64().unwrap() >= 2, "every tenth game goes through export and import");
    let games = json(&["games", "--json"]);
    let ids: Vec<&str> = games.as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap()).collect();
    let kinds = one["kinds"].as_array().unwrap();
    let played: Vec<&str> = kinds.iter().map(|k| k["game"].as_str().unwrap()).collect();
    assert_eq!(played, ids, "one row per game cdgsolo lists");
    for kind in kinds {
        assert!(kind["games"].as_u64().unwrap() >= 2, "every game kind was played: {kind}");
        assert!(kind["setups_played"].as_u64().unwrap() >= 2, "in more than one setup: {kind}");
    }
    let manoeuvre = &kinds[0];
    assert_eq!(manoeuvre["finished"], manoeuvre["games"], "random games of Manoeuvre end: {manoeuvre}");
    assert_eq!(manoeuvre["setups"], 16, "four hand-mode pairs times four ways to set up");
    let table = &kinds[1];
    assert_eq!(table["capped"], table["games"], "a card table never ends, so the soak stops it: {table}");
    assert_eq!(one["kinds"], two["kinds"], "the same counts on one thread and on two");
    assert_eq!(one["total"], two["total"]);
    // A problem report names the game's number, which replays that game alone.
    let alone = json(&["soak", "--games", "26", "--seed", "1", "--only", "14", "--json"]);
    assert_eq!(alone["total"]["games"], 1);
    assert_eq!(alone["kinds"][1]["games"], 1, "game 14 of 13 kinds is the second kind's: {alone}");
    let invaders = kinds.iter().find(|k| k["game"] == "invaders").expect("Invaders was soaked");
    assert_eq!(invaders["finished"], invaders["games"], "random games of Invaders end: {invaders}");
    let (ok, _, err) = cdgsolo(&["soak", "--games", "26", "--only", "26"], "");
    assert!(!ok && err.contains("--only 26 is not a game of this run"), "{err}");
}

#[test]
fn assist_asks_who_shuffles_first_and_offers_its_own_shuffle_only_where_every_card_is_named() {
    // 1960's card list names every card: both ways are offered, and the answer shapes the steps.
    let (ok, out, err) = cdgsolo(&["assist", "1960", "--seed", "3"], "x\n2\nq\n");
    assert!(ok, "{err}");
    assert!(out.starts_with("Your deck:\n  1. I shuffle my own cards"), "{out}");
    assert!(out.contains("'x' is neither"), "{out}");
    assert!(out.contains("Sort the deck by number (97 cards)"), "{out}");
    assert!(out.contains("from the sorted deck and put it face-down into slot C"), "{out}");
    let (ok, out, err) = cdgsolo(&["assist", "1960", "--seed", "3"], "1\nq\n");
    assert!(ok, "{err}");
    assert!(out.contains("Which card turned up in slot A of Kennedy's display?"), "{out}");
    // Leaving at the question starts nothing.
    let (ok, out, err) = cdgsolo(&["assist", "1960", "--seed", "3"], "q\n");
    assert!(ok, "{err}");
    assert!(!out.contains("seed 3 (replay"), "{out}");
    // The Commands & Colors lists are catalogues of kinds: your own deck only, said in a line.
    let (ok, out, err) = cdgsolo(&["assist", "cc-napoleonics", "--seed", "3"], "q\n");
    assert!(ok, "{err}");
    assert!(out.starts_with("Your deck: you shuffle your own cards"), "{out}");
    assert!(out.contains("Type a word of its name, such as scout"), "{out}");
    let (ok, _, err) = cdgsolo(&["assist", "cc-napoleonics", "--deck", "virtual"], "");
    assert!(!ok);
    assert!(err.contains("--deck virtual needs a card list naming every card"), "{err}");
}

#[test]
fn assist_runs_invaders_and_the_miniatures_sequence_saves_them_and_picks_them_up_again() {
    let db = std::env::temp_dir().join(format!("cdgsolo-aids-{}.sqlite", std::process::id()));
    let db_arg = db.display().to_string();
    // Invaders: the screen waits for Mankind, who ends the turn; then the Invader's turn is shown.
    let (ok, out, err) = cdgsolo(&["assist", "invaders", "--seed", "3", "--db", &db_arg], "\n7\n\nq\n");
    assert!(ok, "{err}");
    assert!(out.contains("Mankind to decide: pass the screen") && out.contains("Your hand (Mankind)"), "{out}");
    assert!(out.contains("Mankind ends its turn; the Invader's turn begins"), "{out}");
    assert!(out.contains("Saved as game 1"), "{out}");
    // Who starts and the starting hands, as the lobby asks them.
    let args = ["assist", "invaders", "--first", "invader", "--starting-hand", "3", "--seed", "3", "--db", &db_arg];
    let (ok, out, err) = cdgsolo(&args, "\nq\n");
    assert!(ok, "{err}");
    assert!(out.contains("Invader to decide: pass the screen"), "{out}");
    assert!(
        out.contains("Your hand (Invader)") && out.contains("The Invader draws a card into its hand (11 left"),
        "{out}"
    );
    // The Invader on a Card Display: one player runs both sides, so no screen is passed; the
    // display is shown slot by slot and the Invader's turn begins with the Fate Die.
    let args = ["assist", "invaders", "--display", "invader", "--starting-hand", "5", "--seed", "4", "--db", &db_arg];
    let (ok, out, err) = cdgsolo(&args, "10\nq\n");
    assert!(ok, "{err}");
    assert!(!out.contains("pass the screen"), "{out}");
    assert!(out.contains("Invader's Card Display") && out.contains("    C: (face-down)"), "{out}");
    assert!(out.contains("The Invader rolls the Fate Die: 4, every card of one slot: A or B."), "{out}");
    assert!(out.contains("Play no card this turn"), "{out}");
    let (ok, _, err) = cdgsolo(&["assist", "miniatures", "--display", "both", "--db", &db_arg], "q\n");
    assert!(!ok && err.contains("--display is not an option of miniatures"), "{err}");
    let (ok, out, err) = cdgsolo(&["assist", "--resume", "1", "--db", &db_arg], "\nq\n");
    assert!(ok, "{err}");
    assert!(out.contains("Resumed saved game 1: Invaders (seed 3)") && out.contains("Your hand (Invader)"), "{out}");
    // `--resume` alone lists the aids beside the card tables.
    let (ok, out, err) = cdgsolo(&["assist", "--resume", "--db", &db_arg], "1\n\nq\n");
    assert!(ok, "{err}");
    assert!(out.contains("Saved card tables and games of Invaders or miniatures sequences"), "{out}");
    assert!(out.contains("Resumed saved game 1: Invaders (seed 3)"), "{out}");
    // The miniatures sequence with the player's own dice: the initiative dice are asked for.
    let (ok, out, err) =
        cdgsolo(&["assist", "miniatures", "--deck", "physical", "--seed", "1", "--db", &db_arg], "3\n1\nq\n");
    assert!(ok, "{err}");
    assert!(out.contains("What turned up?"), "{out}");
    assert!(out.contains("Initiative: Blue d6 3 + LV 2 = 5; Red d6 1 + LV 1 = 2: Blue wins"), "{out}");
    // Picked up again, it still asks for the player's own dice.
    let id = out.split("Saved as game ").nth(1).and_then(|rest| rest.split(' ').next()).unwrap_or("?").to_string();
    let (ok, out, err) = cdgsolo(&["assist", "--resume", &id, "--db", &db_arg], "1\n1\n1\n");
    assert!(ok, "{err}");
    assert!(out.contains("Resumed saved game"), "{out}");
    assert!(out.contains("What turned up?\n  1. Disengaging a piece of 1st Foot: the die shows 1"), "{out}");
    let (ok, _, err) = cdgsolo(&["assist", "miniatures", "--first", "invader", "--db", &db_arg], "q\n");
    assert!(!ok && err.contains("--first is not an option of miniatures"), "{err}");
    // A card table's option is refused by name.
    let (ok, _, err) = cdgsolo(&["assist", "miniatures", "--hand-size", "5,5", "--db", &db_arg], "q\n");
    assert!(!ok && err.contains("--hand-size is not an option of miniatures"), "{err}");
    // A roster of one's own from a file; a broken one is refused with the file's name.
    let roster = std::env::temp_dir().join(format!("cdgsolo-roster-{}.toml", std::process::id()));
    let example = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../miniatures/rosters/example.toml"))
        .expect("the example roster");
    std::fs::write(&roster, example.replace("1st Foot", "Black Watch")).expect("a temporary file");
    let roster_arg = roster.display().to_string();
    let (ok, out, err) =
        cdgsolo(&["assist", "miniatures", "--roster", &roster_arg, "--seed", "1", "--db", &db_arg], "q\n");
    assert!(ok && out.contains("Black Watch 4/4"), "{out}{err}");
    std::fs::write(&roster, example.replace("qv = 4", "qv = 9")).expect("a temporary file");
    let (ok, _, err) = cdgsolo(&["assist", "miniatures", "--roster", &roster_arg, "--db", &db_arg], "q\n");
    assert!(!ok && err.contains(&roster_arg) && err.contains("QV 9"), "{err}");
    let _ = std::fs::remove_file(&roster);
    for suffix in ["", "-wal", "-shm", ".acked"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
}
