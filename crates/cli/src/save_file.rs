//! Saved games on disk. A save is written to a temporary file in the same directory, flushed to the
//! disk and then renamed over the target, so a crash or a full disk mid-save leaves either the old
//! save or the new one, never half of one.

use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use engine::Record;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// Writes `text` to `path` atomically.
pub fn write_atomic(path: &Path, text: &str) -> Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path.file_name().with_context(|| format!("{} does not name a file", path.display()))?;
    // The rename must stay within one file system, hence the same directory.
    let temp = dir.join(format!(".{}.{}.tmp", name.to_string_lossy(), std::process::id()));
    let written = (|| -> std::io::Result<()> {
        let mut file = File::create(&temp)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
        fs::rename(&temp, path)?;
        // The rename itself lives in the directory; without this a power cut may undo it.
        if let Ok(d) = File::open(&dir) {
            let _ = d.sync_all();
        }
        Ok(())
    })();
    if written.is_err() {
        let _ = fs::remove_file(&temp);
    }
    written.with_context(|| format!("cannot write {}", path.display()))
}

/// A session's record with the game's id beside it: the protocol's `export` format, which is also
/// what the store keeps.
pub fn record_value<S: Serialize>(game: &str, record: &Record<S>) -> Result<Value> {
    let mut value = serde_json::to_value(record)?;
    if let Value::Object(map) = &mut value {
        map.insert("game".into(), Value::String(game.to_string()));
    }
    Ok(value)
}

/// Saves a session's record as JSON with the game's id beside it (the protocol's `export` format).
pub fn save_record<S: Serialize>(path: &Path, game: &str, record: &Record<S>) -> Result<()> {
    let value = record_value(game, record)?;
    write_atomic(path, &(serde_json::to_string_pretty(&value)? + "\n"))
}

/// Reads a saved record; `what` names the kind of save in errors ("table"), `accept` checks the
/// game id written beside it (if any) before the record is read as that kind, and `otherwise` ends
/// the message of a file that is not that kind (where the other kind of save goes).
pub fn load_record<S: DeserializeOwned>(
    path: &Path,
    what: &str,
    accept: &dyn Fn(&str) -> Result<()>,
    otherwise: &str,
) -> Result<Record<S>> {
    let text = engine::files::read_text(path)?;
    let value: Value =
        serde_json::from_str(&text).with_context(|| format!("{} is not a saved {what} (not JSON)", path.display()))?;
    record_from_value(value, &path.display().to_string(), what, accept, otherwise)
}

/// Reads a record given as JSON (from a file or the store); `source` names where it came from in
/// errors, the rest is as for [`load_record`].
pub fn record_from_value<S: DeserializeOwned>(
    mut value: Value,
    source: &str,
    what: &str,
    accept: &dyn Fn(&str) -> Result<()>,
    otherwise: &str,
) -> Result<Record<S>> {
    let game = match &mut value {
        Value::Object(map) => map.remove("game").and_then(|g| g.as_str().map(str::to_string)),
        _ => None,
    };
    if let Some(game) = &game {
        accept(game)?;
    }
    serde_json::from_value(value).with_context(|| format!("{source} is not a saved {what} of cdgsolo{otherwise}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_save_replaces_the_old_file_and_leaves_no_temporary_behind() {
        let dir = std::env::temp_dir().join(format!("cdgsolo-save-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let file = dir.join("game.json");
        write_atomic(&file, "first").unwrap();
        write_atomic(&file, "second").unwrap();
        assert_eq!(fs::read_to_string(&file).unwrap(), "second");
        let names: Vec<_> = fs::read_dir(&dir).unwrap().filter_map(|e| e.ok()).map(|e| e.file_name()).collect();
        assert_eq!(names, [std::ffi::OsString::from("game.json")]);
        assert!(write_atomic(&dir.join("missing/game.json"), "x").is_err());
        let _ = fs::remove_dir_all(&dir);
    }
}
