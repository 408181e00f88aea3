//! The games cdgsolo serves, by id, and how a `new` request's options become a game setup.

use engine::ChanceMode;
use invaders::{Invaders, InvadersSetup};
use manoeuvre::{Manoeuvre, ManoeuvreSetup};
use miniatures::{Miniatures, MiniaturesSetup};
use serde::Serialize;
use serde_json::Value;
use solo::{CardTable, TableSetup, playsheet::DeckMode};

use crate::options::{split_options, table_options, unknown_option};
use crate::session::{DynSession, GameSession, ProtocolError};

/// The id of the full game of Manoeuvre.
pub const MANOEUVRE: &str = "manoeuvre";
/// The id of the bare card table of the Manoeuvre playsheet, for players with the board on the table.
pub const MANOEUVRE_TABLE: &str = "manoeuvre-table";
/// The id of Invaders, the card game of seed 002 (a table aid: the players resolve the card texts).
pub const INVADERS: &str = "invaders";
/// The id of the miniatures turn sequence of seed 004 (a solo player's aid: roster and dice).
pub const MINIATURES: &str = "miniatures";

/// One line of `cdgsolo games`.
#[derive(Clone, Debug, Serialize)]
pub struct GameInfo {
    pub id: String,
    pub name: String,
    pub deck: &'static str,
    pub sides: [String; 2],
    /// `full-game` (rules, board and all), `card-table` (the CDG Solo System cards only), or
    /// `card-game` (a card game that is not a CDG, its card texts left to the players), or
    /// `turn-aid` (a miniatures game's turn sequence: the roster and the dice).
    pub kind: &'static str,
    /// The scenarios a card table can set up (the `scenario` option); empty for most games.
    pub scenarios: Vec<&'static str>,
    /// The same scenarios with their titles and what their setups do, for a page to offer them.
    pub scenario_titles: Vec<ScenarioInfo>,
    /// The built-in deck manifest of a card table (`"manifest": "builtin"`): its title and its cards
    /// by number and name, so a page can offer it and list the cards for a physical deck; `None` for
    /// a game that ships none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub manifest: Option<ManifestInfo>,
}

/// A scenario as the catalog offers it: its id (the `scenario` option), its title and its summary.
#[derive(Clone, Debug, Serialize)]
pub struct ScenarioInfo {
    pub id: &'static str,
    pub title: &'static str,
    pub summary: &'static str,
}

fn scenario_infos(game: &str) -> Vec<ScenarioInfo> {
    solo::scenarios(game).iter().map(|x| ScenarioInfo { id: x.id, title: x.title(), summary: x.summary }).collect()
}

/// What the catalog tells of a built-in manifest.
#[derive(Clone, Debug, Serialize)]
pub struct ManifestInfo {
    pub title: Option<String>,
    /// Whether the manifest describes every card of the deck (docs/manifests.md).
    pub complete: bool,
    /// Whether it names every card of the playsheet's decks, so that the program may shuffle a
    /// deck the player keeps sorted by number (`"physical": false`); otherwise a page offers the
    /// physical deck only.
    pub names_every_card: bool,
    pub cards: Vec<ManifestCardInfo>,
}

/// One card of a built-in manifest as the catalog lists it.
#[derive(Clone, Debug, Serialize)]
pub struct ManifestCardInfo {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub number: Option<u16>,
    pub name: String,
    /// The side whose deck holds the card (Dual Deck games), as the manifest says.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side: Option<String>,
}

/// The built-in manifest of a card-table id, for the catalog.
fn manifest_info(game: &str) -> Option<ManifestInfo> {
    let m = builtin_manifest(game).ok()?;
    Some(ManifestInfo {
        title: m.title.clone(),
        complete: m.complete,
        names_every_card: solo::virtual_deck_offered(&m),
        cards: m
            .cards
            .iter()
            .map(|c| ManifestCardInfo { number: c.number, name: c.name.clone(), side: c.side.clone() })
            .collect(),
    })
}

/// The manifest that ships for a card-table id (the Manoeuvre table has none).
fn builtin_manifest(game: &str) -> Result<solo::Manifest, ProtocolError> {
    let shipped = solo::manifests().map_err(|e| ProtocolError::BadRequest(e.to_string()))?;
    match shipped.iter().find(|m| m.game == sheet_id(game)) {
        Some(m) => Ok(m.as_ref().clone()),
        None => {
            let names: Vec<&str> = shipped.iter().map(|m| m.game.as_str()).collect();
            Err(ProtocolError::BadRequest(format!(
                "bad options: manifest: no built-in manifest ships for '{game}' (built-in ones: {}); leave \
                 \"manifest\" out, or give a manifest object of your own (docs/manifests.md)",
                names.join(", ")
            )))
        }
    }
}

/// The ten playsheets in the order of the seeds (Manoeuvre as the full game), then the bare card
/// table of the Manoeuvre playsheet.
pub fn games() -> Result<Vec<GameInfo>, ProtocolError> {
    let sheets = solo::playsheets().map_err(|e| ProtocolError::BadRequest(e.to_string()))?;
    let mut list: Vec<GameInfo> = sheets
        .iter()
        .map(|s| GameInfo {
            id: s.id.clone(),
            name: s.name.clone(),
            deck: match s.deck {
                DeckMode::Single => "single",
                DeckMode::Dual => "dual",
            },
            sides: s.sides.clone(),
            kind: if s.id == MANOEUVRE { "full-game" } else { "card-table" },
            scenarios: if s.id == MANOEUVRE {
                Vec::new()
            } else {
                solo::scenarios(&s.id).iter().map(|x| x.id).collect()
            },
            scenario_titles: if s.id == MANOEUVRE { Vec::new() } else { scenario_infos(&s.id) },
            manifest: if s.id == MANOEUVRE { None } else { manifest_info(&s.id) },
        })
        .collect();
    if let Some(m) = list.iter().find(|g| g.id == MANOEUVRE).cloned() {
        list.push(GameInfo {
            id: MANOEUVRE_TABLE.into(),
            name: format!("{} (card table only)", m.name),
            kind: "card-table",
            scenarios: solo::scenarios(MANOEUVRE).iter().map(|x| x.id).collect(),
            scenario_titles: scenario_infos(MANOEUVRE),
            manifest: manifest_info(MANOEUVRE_TABLE),
            ..m
        });
    }
    list.push(GameInfo {
        id: INVADERS.into(),
        name: "Invaders".into(),
        deck: "dual",
        sides: ["Mankind".into(), "Invader".into()],
        kind: "card-game",
        scenarios: Vec::new(),
        scenario_titles: Vec::new(),
        manifest: None,
    });
    list.push(GameInfo {
        id: MINIATURES.into(),
        name: "Miniatures turn sequence".into(),
        deck: "none",
        sides: ["First side".into(), "Second side".into()],
        kind: "turn-aid",
        scenarios: Vec::new(),
        scenario_titles: Vec::new(),
        manifest: None,
    });
    Ok(list)
}

/// The playsheet behind a card-table id.
fn sheet_id(game: &str) -> &str {
    if game == MANOEUVRE_TABLE { MANOEUVRE } else { game }
}

/// The `manifest` option: a whole manifest, or `"builtin"` for the one that ships for the game.
/// Read by hand rather than as an untagged enum, so a malformed manifest keeps serde's message.
fn resolve_manifest(game: &str, option: Value) -> Result<solo::Manifest, ProtocolError> {
    match option {
        Value::String(name) if name == "builtin" => builtin_manifest(game),
        Value::String(name) => Err(ProtocolError::BadRequest(format!(
            "bad options: manifest: '{name}' is not a manifest; give \"builtin\" or a manifest object"
        ))),
        other => {
            serde_json::from_value(other).map_err(|e| ProtocolError::BadRequest(format!("bad options: manifest: {e}")))
        }
    }
}

/// Starts a game. `options` may be null.
pub fn new_session(game: &str, seed: u64, options: &Value) -> Result<Box<dyn DynSession>, ProtocolError> {
    if !games()?.iter().any(|g| g.id == game) {
        let known: Vec<String> = games()?.into_iter().map(|g| g.id).collect();
        return Err(ProtocolError::BadRequest(format!("unknown game '{game}'; games are: {}", known.join(", "))));
    }
    let (chance, rest) = split_options(options)?;
    if game == MANOEUVRE {
        // Manoeuvre reads its own options, naming each wrong value; an unknown one is named here
        // as for the other games, with `chance` among the names offered.
        let known = &manoeuvre::setup_options::OPTIONS;
        if let Some(name) = rest.keys().find(|k| !known.contains(&k.as_str())) {
            return Err(unknown_option(name, known, "Manoeuvre"));
        }
        let setup: ManoeuvreSetup = serde_json::from_value(Value::Object(rest))
            .map_err(|e| ProtocolError::BadRequest(format!("bad options: {e}")))?;
        return Ok(Box::new(GameSession::<Manoeuvre>::start(game, setup, seed, chance)?));
    }
    if game == INVADERS {
        let setup = invaders_setup(rest)?;
        return Ok(Box::new(GameSession::<Invaders>::start(game, setup, seed, chance)?));
    }
    if game == MINIATURES {
        let mut rest = rest;
        if let Some(name) = rest.keys().find(|k| k.as_str() != "roster") {
            return Err(unknown_option(name, &["roster"], "the miniatures turn sequence"));
        }
        // A roster as a file holds it (TOML text), or as JSON.
        if let Some(Value::String(text)) = rest.get("roster") {
            let roster = miniatures::Roster::parse(text)
                .map_err(|e| ProtocolError::BadRequest(format!("bad options: roster: {e}")))?;
            let value = serde_json::to_value(roster).map_err(|e| ProtocolError::BadRequest(e.to_string()))?;
            rest.insert("roster".into(), value);
        }
        let setup: MiniaturesSetup = serde_path_to_error::deserialize(Value::Object(rest))
            .map_err(|e| ProtocolError::BadRequest(format!("bad options: {}: {}", e.path(), e.inner())))?;
        if let Some(r) = &setup.roster {
            r.check().map_err(|e| ProtocolError::BadRequest(format!("bad options: roster: {e}")))?;
        }
        return Ok(Box::new(GameSession::<Miniatures>::start(game, setup, seed, chance)?));
    }
    let options = table_options(rest)?;
    let setup = TableSetup {
        hand_size: options.hand_size,
        deck_size: options.deck_size,
        manifest: options.manifest.map(|m| resolve_manifest(game, m)).transpose()?,
        physical: options.physical,
        nations: options.nations,
        ..TableSetup::new(sheet_id(game))
    };
    let mut table = GameSession::<CardTable>::start(game, setup, seed, chance)?;
    if let Some(name) = &options.scenario {
        if chance == ChanceMode::Manual {
            return Err(ProtocolError::BadRequest(format!(
                "the scenario option needs \"chance\": \"auto\": scenario '{name}' is set up once the deal is drawn"
            )));
        }
        solo::apply_scenario(&mut table.session, name).map_err(|e| ProtocolError::BadRequest(e.to_string()))?;
    }
    Ok(Box::new(table))
}

/// The options of a new game of Invaders: `first` ("mankind" or "invader"), `starting_hand`,
/// `manifest` (a manifest object, or "example" for the invented deck that ships), and `display`
/// ("none", "mankind", "invader" or "both": the sides run by a Card Display and the Fate Die).
fn invaders_setup(mut rest: serde_json::Map<String, Value>) -> Result<InvadersSetup, ProtocolError> {
    const KNOWN: [&str; 4] = ["first", "starting_hand", "manifest", "display"];
    if let Some(name) = rest.keys().find(|k| !KNOWN.contains(&k.as_str())) {
        return Err(unknown_option(name, &KNOWN, "Invaders"));
    }
    // The manifest as a file holds it (TOML text), as JSON, or "example" for the one that ships.
    match rest.get("manifest") {
        Some(Value::String(text)) if text == "example" => {
            rest.remove("manifest");
        }
        Some(Value::String(text)) => {
            let manifest = invaders::Manifest::parse(text)
                .map_err(|e| ProtocolError::BadRequest(format!("bad options: manifest: {e}")))?;
            let value = serde_json::to_value(manifest).map_err(|e| ProtocolError::BadRequest(e.to_string()))?;
            rest.insert("manifest".into(), value);
        }
        _ => {}
    }
    let setup: InvadersSetup = serde_path_to_error::deserialize(Value::Object(rest))
        .map_err(|e| ProtocolError::BadRequest(format!("bad options: {}: {}", e.path(), e.inner())))?;
    if let Some(m) = &setup.manifest {
        m.check().map_err(|e| ProtocolError::BadRequest(format!("bad options: manifest: {e}")))?;
    }
    Ok(setup)
}

/// Rebuilds a game from an exported record.
pub fn import_session(record: Value) -> Result<Box<dyn DynSession>, ProtocolError> {
    let game = record
        .get("game")
        .and_then(Value::as_str)
        .ok_or_else(|| ProtocolError::BadRequest("the record has no \"game\" field".into()))?
        .to_string();
    if !games()?.iter().any(|g| g.id == game) {
        return Err(ProtocolError::BadRequest(format!("the record is for unknown game '{game}'")));
    }
    let mut record = record;
    if let Value::Object(map) = &mut record {
        map.remove("game");
    }
    if game == MANOEUVRE {
        return Ok(Box::new(GameSession::<Manoeuvre>::import(&game, record)?));
    }
    if game == INVADERS {
        return Ok(Box::new(GameSession::<Invaders>::import(&game, record)?));
    }
    if game == MINIATURES {
        return Ok(Box::new(GameSession::<Miniatures>::import(&game, record)?));
    }
    // A card table's setup names its playsheet too; the record's game id decides, and a setup of
    // another sheet under it would be another game wearing this one's name.
    let sheet = record.get("setup").and_then(|s| s.get("game")).and_then(Value::as_str).unwrap_or_default();
    if sheet != sheet_id(&game) {
        return Err(ProtocolError::BadRequest(format!(
            "the record is for '{game}' but its setup is for playsheet '{sheet}'; it was changed by hand or \
             belongs to another game"
        )));
    }
    Ok(Box::new(GameSession::<CardTable>::import(&game, record)?))
}
