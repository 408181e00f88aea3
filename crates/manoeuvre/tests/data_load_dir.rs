//! Loading a user's copy of the data directory, as `cdgsolo --data DIR` will.

#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use std::path::PathBuf;

use manoeuvre::data::{self, DataError, DataFiles};

/// A fresh directory under the system's temporary directory, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("cdgsolo-manoeuvre-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    fn write_embedded(&self) {
        for (name, text) in DataFiles::embedded().files() {
            std::fs::write(self.0.join(name), text).unwrap();
        }
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn a_copy_of_the_shipped_files_loads_to_the_same_ruleset() {
    let dir = TempDir::new("copy");
    dir.write_embedded();
    let loaded = data::load_dir(&dir.0).unwrap();
    assert_eq!(&loaded, data::embedded().unwrap());
}

#[test]
fn an_edited_copy_changes_the_values() {
    let dir = TempDir::new("edited");
    dir.write_embedded();
    let path = dir.0.join(data::TERRAIN_FILE);
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.replacen("defense = 3", "defense = 4", 1)).unwrap();
    let loaded = data::load_dir(&dir.0).unwrap();
    assert_eq!(loaded.terrain.get(data::Terrain::Town).defense, 4);
}

#[test]
fn a_missing_file_is_named() {
    let dir = TempDir::new("missing");
    dir.write_embedded();
    std::fs::remove_file(dir.0.join(data::DISTANT_LANDS_CARDS_FILE)).unwrap();
    let err = data::load_dir(&dir.0).unwrap_err();
    assert!(matches!(err, DataError::Read { .. }), "{err}");
    assert!(err.file().ends_with(data::DISTANT_LANDS_CARDS_FILE), "{err}");
    assert_eq!((err.line(), err.field()), (None, None));
}

#[test]
fn an_error_in_a_copy_names_the_file_line_and_field() {
    let dir = TempDir::new("broken");
    dir.write_embedded();
    let path = dir.0.join(data::MAP_SECTIONS_FILE);
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.replacen("\n1,0,0,Woods\n", "\n1,0,0,Jungle\n", 1)).unwrap();
    let err = data::load_dir(&dir.0).unwrap_err();
    let line = text.lines().position(|l| l == "1,0,0,Woods").unwrap() as u64 + 1;
    assert_eq!((err.file(), err.line(), err.field()), ("map_sections.csv", Some(line), Some("terrain")));
}

#[test]
fn a_copy_saved_by_a_spreadsheet_loads_the_same() {
    // Byte-order marks and Windows line ends, as spreadsheet programs often write them.
    let dir = TempDir::new("crlf");
    for (name, text) in DataFiles::embedded().files() {
        std::fs::write(dir.0.join(name), format!("\u{feff}{}", text.replace('\n', "\r\n"))).unwrap();
    }
    assert_eq!(&data::load_dir(&dir.0).unwrap(), data::embedded().unwrap());

    let path = dir.0.join(data::UNITS_FILE);
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.replacen(",Russian Guard,infantry,8,6,", ",Russian Guard,infantry,8,9,", 1)).unwrap();
    let err = data::load_dir(&dir.0).unwrap_err();
    let line = text.lines().position(|l| l.contains(",Russian Guard,")).unwrap() as u64 + 1;
    assert_eq!((err.file(), err.line(), err.field()), ("units.csv", Some(line), Some("reduced_strength")));
}

#[test]
fn a_game_started_with_a_data_dir_uses_the_corrected_values() {
    use engine::Game;
    let dir = TempDir::new("game");
    dir.write_embedded();
    // Correct a value: the French Imperial Guard at 9 instead of 8.
    let units = dir.0.join(data::UNITS_FILE);
    let text = std::fs::read_to_string(&units).unwrap();
    let edited = text.replace("FR,France,Imperial Guard,infantry,8,5", "FR,France,Imperial Guard,infantry,9,5");
    assert_ne!(text, edited, "the units file has the line this test edits");
    std::fs::write(&units, edited).unwrap();
    let setup = manoeuvre::ManoeuvreSetup {
        armies: Some(["FR".into(), "BR".into()]),
        quick_start: true,
        data_dir: Some(dir.0.to_string_lossy().into_owned()),
        ..Default::default()
    };
    // Quick start: the whole setup is chance, resolved from the seed.
    let session = engine::Session::<manoeuvre::Manoeuvre>::new(setup, 1, engine::ChanceMode::Auto).unwrap();
    let game = session.state();
    assert_eq!(game.turn(), 1, "the setup is done");
    let guard = game.observe(0).units.into_iter().find(|u| u.name == "Imperial Guard").unwrap();
    assert_eq!(guard.strength, 9);

    // A broken copy is refused with the file, line and field named.
    let broken = TempDir::new("broken-game");
    broken.write_embedded();
    let units = broken.0.join(data::UNITS_FILE);
    let text = std::fs::read_to_string(&units).unwrap();
    std::fs::write(
        &units,
        text.replace("FR,France,Imperial Guard,infantry,8,5", "FR,France,Imperial Guard,infantry,8,x"),
    )
    .unwrap();
    let setup =
        manoeuvre::ManoeuvreSetup { data_dir: Some(broken.0.to_string_lossy().into_owned()), ..Default::default() };
    let err = manoeuvre::Manoeuvre::new(&setup).unwrap_err().to_string();
    assert!(err.contains("units.csv line") && err.contains("reduced_strength"), "{err}");
}

#[cfg(unix)]
#[test]
fn a_named_pipe_or_a_directory_is_refused_without_waiting() {
    let dir = TempDir::new("fifo");
    dir.write_embedded();
    let pipe = dir.0.join(data::CARDS_FILE);
    std::fs::remove_file(&pipe).unwrap();
    let made = std::process::Command::new("mkfifo").arg(&pipe).status().unwrap();
    assert!(made.success(), "mkfifo {}", pipe.display());
    // Reading a pipe nobody writes to would block for ever; the loader must refuse it at once.
    let err = data::load_dir(&dir.0).unwrap_err();
    assert!(matches!(err, DataError::Read { .. }), "{err}");
    assert!(err.file().ends_with(data::CARDS_FILE), "{err}");
    assert!(err.to_string().contains("it is a named pipe, not a regular file"), "{err}");

    std::fs::remove_file(&pipe).unwrap();
    std::fs::create_dir(&pipe).unwrap();
    let err = data::load_dir(&dir.0).unwrap_err();
    assert!(err.to_string().contains("it is a directory, not a regular file"), "{err}");
}

#[cfg(unix)]
#[test]
fn a_device_is_refused() {
    let dir = TempDir::new("device");
    dir.write_embedded();
    let path = dir.0.join(data::TERRAIN_FILE);
    std::fs::remove_file(&path).unwrap();
    std::os::unix::fs::symlink("/dev/zero", &path).unwrap();
    let err = data::load_dir(&dir.0).unwrap_err();
    assert!(err.file().ends_with(data::TERRAIN_FILE), "{err}");
    assert!(err.to_string().contains("it is a device, not a regular file"), "{err}");
}

#[test]
fn a_ruleset_held_in_memory_starts_and_plays_a_game() {
    use engine::{Game, ToMove};
    // An edited ruleset that never touches the disk: France's Imperial Guard at strength 9.
    let files = DataFiles::embedded();
    let units = files.units.replace("FR,France,Imperial Guard,infantry,8,5", "FR,France,Imperial Guard,infantry,9,5");
    let rules = data::load_texts(&DataFiles { units: &units, ..files }).unwrap();
    let compiled: &'static manoeuvre::tables::Compiled = Box::leak(Box::new(manoeuvre::tables::Compiled::new(rules)));
    let setup = manoeuvre::ManoeuvreSetup {
        armies: Some(["FR".into(), "AU".into()]),
        quick_start: true,
        data_dir: Some("/nowhere/is/read".into()),
        ..Default::default()
    };
    let mut game = manoeuvre::Manoeuvre::with_data(compiled, &setup).unwrap();
    let mut legal = Vec::new();
    let mut pick = 7usize;
    let mut guard_at_start = None;
    for _ in 0..400 {
        if game.turn() >= 1 && guard_at_start.is_none() {
            let guard = game.observe(0).units.into_iter().find(|u| u.name == "Imperial Guard").unwrap();
            guard_at_start = Some(guard.strength);
        }
        if game.to_move() == ToMove::Terminal {
            break;
        }
        game.legal_actions(&mut legal);
        assert!(!legal.is_empty(), "a game that is not over offers an action");
        pick = pick.wrapping_mul(31).wrapping_add(17);
        let action = legal[pick % legal.len()];
        game.apply(&action).unwrap();
        game.check_invariants().unwrap();
    }
    assert_eq!(guard_at_start, Some(9), "the quick start ends and the Guard stands at its edited strength");
}

#[test]
fn the_seeds_of_the_data_dir_fuzz_target_load() {
    // The fuzz target only plays data the loader accepts, so its seeds must stay loadable as the
    // loader grows stricter. Each seed is the seven files joined by NUL bytes.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus/data_dir");
    let mut seeds = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let parts: Vec<&str> = text.split('\0').collect();
        let [nations, units, cards, distant_lands_units, distant_lands_cards, map_sections, terrain] = parts[..] else {
            panic!("{}: {} parts, not 7", path.display(), parts.len());
        };
        let files =
            DataFiles { nations, units, cards, distant_lands_units, distant_lands_cards, map_sections, terrain };
        let rules = data::load_texts(&files).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(rules.armies.len() >= 2 && rules.sections.len() >= 4, "{}", path.display());
        seeds += 1;
    }
    assert!(seeds >= 3, "the seeds are in {}", dir.display());
}
