//! A random client drives `cdgsolo protocol` through 1,000 actions on each of the ten games. Apart
//! from the errors it provokes on purpose (garbage lines, unknown actions, undoing a roll), every
//! response must be a success, and the process must keep serving throughout.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use serde_json::{Value, json};

struct Client {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Client {
    fn start() -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cdgsolo"))
            .arg("protocol")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = BufReader::new(child.stdout.take().expect("stdout is piped"));
        Self { child, stdin, stdout }
    }

    fn send_line(&mut self, line: &str) -> Value {
        writeln!(self.stdin, "{line}").expect("the process reads");
        self.stdin.flush().expect("flush");
        let mut answer = String::new();
        self.stdout.read_line(&mut answer).expect("the process answers");
        serde_json::from_str(&answer).unwrap_or_else(|e| panic!("response is not JSON ({e}): {answer}"))
    }

    fn ok(&mut self, request: Value) -> Value {
        let r = self.send_line(&request.to_string());
        assert_eq!(r["ok"], json!(true), "unprovoked error for {request}: {r}");
        r
    }

    fn provoked(&mut self, line: &str) {
        let r = self.send_line(line);
        assert_eq!(r["ok"], json!(false), "expected an error for {line}: {r}");
        assert!(r["error"].as_str().is_some_and(|m| !m.is_empty()), "errors carry a message: {r}");
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn a_random_client_plays_1000_actions_on_every_game_and_table() {
    let mut client = Client::start();
    let games = client.ok(json!({"cmd": "games"}));
    let ids: Vec<String> =
        games["games"].as_array().expect("a list").iter().filter_map(|g| g["id"].as_str().map(String::from)).collect();
    assert_eq!(ids.len(), 13, "ten playsheets, the Manoeuvre card table, Invaders and the miniatures aid");
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    for (n, game) in ids.iter().enumerate() {
        let options = if game == "manoeuvre" { json!({"quick_start": true}) } else { json!(null) };
        client.ok(json!({"cmd": "new", "game": game, "seed": n, "options": options}));
        let mut applied = 0;
        while applied < 1000 {
            match rng.next_u32() % 40 {
                0 => client.provoked("this is not json"),
                1 => client.provoked(&json!({"cmd": "apply", "action": "no-such-action"}).to_string()),
                2 => client.provoked(&json!({"cmd": "observe", "player": 7}).to_string()),
                3 => {
                    // Undo may be refused (after a roll or a draw): that is provoked. Either way the
                    // process must answer and keep going.
                    let r = client.send_line(&json!({"cmd": "undo"}).to_string());
                    assert!(r["ok"] == json!(true) || r["error"].as_str().is_some_and(|m| m.contains("undo")), "{r}");
                }
                4 => {
                    client.ok(json!({"cmd": "observe", "player": rng.next_u32() % 2}));
                    client.ok(json!({"cmd": "status"}));
                }
                _ => {
                    let legal = client.ok(json!({"cmd": "legal"}));
                    if legal["to_move"] == json!("terminal") {
                        // A full game ended: its result is there, and a new one starts.
                        let status = client.ok(json!({"cmd": "status"}));
                        assert_eq!(status["over"], json!(true));
                        client.ok(json!({"cmd": "new", "game": game, "seed": applied}));
                        continue;
                    }
                    let actions = legal["actions"].as_array().expect("actions");
                    assert!(!actions.is_empty(), "{game}: dead end after {applied} actions");
                    let pick = &actions[rng.next_u32() as usize % actions.len()];
                    client.ok(json!({"cmd": "apply", "action": pick["id"]}));
                    applied += 1;
                }
            }
        }
        // The whole game survives a round trip through export and import.
        let record = client.ok(json!({"cmd": "export"}))["record"].clone();
        let seen = client.ok(json!({"cmd": "observe", "player": 0}));
        client.ok(json!({"cmd": "import", "record": record}));
        assert_eq!(client.ok(json!({"cmd": "observe", "player": 0})), seen, "{game}: import changed the table");
    }
}
