//! The request loop: parse a line, dispatch on `cmd`, answer with one line of JSON.

use std::io::{BufRead, Write};

use engine::did_you_mean;
use serde_json::{Value, json};

use crate::registry::{games, import_session, new_session};
use crate::session::{DynSession, ProtocolError};

const COMMANDS: &str = "new, legal, apply, observe, status, events, undo, export, import, games";

/// The protocol's state between requests: at most one game in progress.
#[derive(Default)]
pub struct Protocol {
    session: Option<Box<dyn DynSession>>,
}

impl Protocol {
    pub fn new() -> Self {
        Self::default()
    }

    /// Answers one request line. Never fails: errors become `{"ok": false, "error": ...}`.
    pub fn handle_line(&mut self, line: &str) -> Value {
        let request: Value = match serde_json::from_str(line) {
            Ok(v) => v,
            Err(e) => return error(&format!("the line is not valid JSON: {e}")),
        };
        let tag = request.get("tag").cloned();
        let mut response = match self.dispatch(&request) {
            Ok(mut body) => {
                if let Value::Object(map) = &mut body {
                    map.insert("ok".into(), json!(true));
                }
                body
            }
            Err(e) => error(&e.to_string()),
        };
        if let (Some(tag), Value::Object(map)) = (tag, &mut response) {
            map.insert("tag".into(), tag);
        }
        response
    }

    fn session(&self) -> Result<&dyn DynSession, ProtocolError> {
        self.session.as_deref().ok_or_else(no_game)
    }

    fn session_mut(&mut self) -> Result<&mut Box<dyn DynSession>, ProtocolError> {
        self.session.as_mut().ok_or_else(no_game)
    }

    fn dispatch(&mut self, request: &Value) -> Result<Value, ProtocolError> {
        let Some(object) = request.as_object() else {
            return Err(bad("a request must be a JSON object with a \"cmd\" field"));
        };
        let cmd = match object.get("cmd") {
            Some(Value::String(c)) => c.as_str(),
            Some(_) => return Err(bad("\"cmd\" must be a string")),
            None => return Err(bad(&format!("the request has no \"cmd\" field; commands are: {COMMANDS}"))),
        };
        if let Some(fields) = request_fields(cmd) {
            let extra = object.keys().find(|k| !["cmd", "tag"].contains(&k.as_str()) && !fields.contains(&k.as_str()));
            if let Some(extra) = extra {
                let all: Vec<&str> = ["cmd", "tag"].iter().chain(fields).copied().collect();
                let hint = did_you_mean(extra, &all).map(|s| format!(" (did you mean \"{s}\"?)")).unwrap_or_default();
                return Err(bad(&format!(
                    "the \"{cmd}\" request has an unknown field \"{extra}\"{hint}; its fields are: {}",
                    all.join(", ")
                )));
            }
        }
        match cmd {
            "games" => Ok(json!({ "games": games()? })),
            "new" => {
                let game = string_field(request, "game")?;
                let seed = match request.get("seed") {
                    None | Some(Value::Null) => 0,
                    Some(v) => v.as_u64().ok_or_else(|| bad("\"seed\" must be a whole number from 0 to 2^64-1"))?,
                };
                let options = request.get("options").cloned().unwrap_or(Value::Null);
                let session = new_session(&game, seed, &options)?;
                let status = session.status();
                let events = flat_events(&session.events());
                self.session = Some(session);
                Ok(json!({ "status": status, "events": events }))
            }
            "legal" => Ok(self.session()?.legal()),
            "apply" => {
                let id = string_field(request, "action")?;
                let session = self.session_mut()?;
                let applied = session.apply(&id)?;
                Ok(json!({
                    "applied": id,
                    "label": applied.label,
                    "events": applied.events,
                    "status": session.status()
                }))
            }
            "observe" => {
                let player = request
                    .get("player")
                    .ok_or_else(|| bad("\"observe\" needs a \"player\" number"))?
                    .as_u64()
                    .and_then(|p| u8::try_from(p).ok())
                    .ok_or_else(|| bad("\"player\" must be a small whole number"))?;
                Ok(json!({ "player": player, "observation": self.session()?.observe(player)? }))
            }
            "status" => Ok(self.session()?.status()),
            "events" => Ok(self.session()?.events()),
            "undo" => {
                let session = self.session_mut()?;
                let undone = session.undo()?;
                Ok(json!({ "undone": undone.id, "events": undone.events, "status": session.status() }))
            }
            "export" => Ok(json!({ "record": self.session()?.export() })),
            "import" => {
                let record =
                    request.get("record").cloned().ok_or_else(|| bad("\"import\" needs a \"record\" object"))?;
                let session = import_session(record)?;
                let status = session.status();
                self.session = Some(session);
                Ok(json!({ "status": status }))
            }
            other => Err(bad(&format!("unknown command '{other}'; commands are: {COMMANDS}"))),
        }
    }
}

/// The fields a request of each command may carry beside `cmd` and `tag`; `None` for a command that
/// does not exist (refused by name on its own).
fn request_fields(cmd: &str) -> Option<&'static [&'static str]> {
    Some(match cmd {
        "new" => &["game", "seed", "options"],
        "apply" => &["action"],
        "observe" => &["player"],
        "import" => &["record"],
        "legal" | "status" | "events" | "undo" | "export" | "games" => &[],
        _ => return None,
    })
}

/// The setup's steps and every logged step's, as one list (what a new table asks the player to do).
fn flat_events(events: &Value) -> Vec<Value> {
    let setup = events.get("setup").and_then(Value::as_array).cloned().unwrap_or_default();
    let steps = events.get("steps").and_then(Value::as_array).cloned().unwrap_or_default();
    let told = steps.iter().filter_map(|s| s.get("events").and_then(Value::as_array)).flatten().cloned();
    setup.into_iter().chain(told).collect()
}

fn no_game() -> ProtocolError {
    bad("no game in progress; send \"new\" or \"import\" first")
}

fn bad(message: &str) -> ProtocolError {
    ProtocolError::BadRequest(message.to_string())
}

fn string_field(request: &Value, field: &str) -> Result<String, ProtocolError> {
    match request.get(field) {
        Some(Value::String(s)) => Ok(s.clone()),
        Some(_) => Err(bad(&format!("\"{field}\" must be a string"))),
        None => Err(bad(&format!("the request needs a \"{field}\" field"))),
    }
}

fn error(message: &str) -> Value {
    json!({ "ok": false, "error": message })
}

/// Serves requests from `input` until it ends, one response line per non-blank request line.
pub fn serve(input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
    let mut protocol = Protocol::new();
    for line in input.lines() {
        let line = match line {
            Ok(l) => l,
            Err(e) if e.kind() == std::io::ErrorKind::InvalidData => {
                writeln!(output, "{}", error("the line is not valid UTF-8"))?;
                output.flush()?;
                continue;
            }
            Err(e) => return Err(e),
        };
        if line.trim().is_empty() {
            continue;
        }
        let response = protocol.handle_line(&line);
        writeln!(output, "{response}")?;
        output.flush()?;
    }
    Ok(())
}
