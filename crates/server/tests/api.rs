//! The JSON API end to end, in process: games created, played, saved after every decision, reloaded
//! from the store, undone, exported and imported; bad requests refused with a 4xx and a message.

use std::sync::Arc;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::{Value, json};
use server::api::Games;
use server::store::Store;
use tower::ServiceExt;

mod common;
use common::{app_on, call};

fn temp_db(name: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("cdgsolo-api-{name}-{}.sqlite", std::process::id()));
    for suffix in ["", "-wal", "-shm", ".acked"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    path
}

#[tokio::test]
async fn a_game_is_played_through_the_api_and_survives_a_restart() {
    let db = temp_db("restart");
    let app = app_on(Store::open(&db).expect("a store"));
    let options = json!({ "armies": ["FR", "BR"], "quick_start": true });
    let (status, created) =
        call(&app, "POST", "/api/games", Some(json!({ "game": "manoeuvre", "seed": 7, "options": options }))).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_i64().expect("an id");
    let uri = |tail: &str| format!("/api/games/{id}{tail}");
    // Five decisions, each the first legal action, and on until the last one can be undone (a
    // draw after a decision stands).
    for done in 0..40 {
        let (_, legal) = call(&app, "GET", &uri("/legal"), None).await;
        let action = legal["actions"][0]["id"].as_str().expect("an action").to_string();
        let (status, applied) = call(&app, "POST", &uri("/actions"), Some(json!({ "action": action }))).await;
        assert_eq!(status, StatusCode::OK, "{applied}");
        assert!(applied["label"].as_str().is_some_and(|l| !l.is_empty()));
        if done >= 4 && applied["status"]["undo"] == json!(true) {
            break;
        }
    }
    let (_, before) = call(&app, "GET", &uri(""), None).await;
    let (_, view_before) = call(&app, "GET", &uri("/observe/0"), None).await;
    drop(app);
    // A new server on the same database finds the game where it was.
    let app = app_on(Store::open(&db).expect("reopened"));
    let (status, after) = call(&app, "GET", &uri(""), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(after["status"], before["status"]);
    assert_eq!(call(&app, "GET", &uri("/observe/0"), None).await.1, view_before);
    let (_, list) = call(&app, "GET", "/api/games", None).await;
    assert_eq!(list["games"][0]["id"], id);
    // Undo is saved too.
    let steps = after["status"]["steps"].as_u64().expect("steps");
    let (status, undone) = call(&app, "POST", &uri("/undo"), None).await;
    assert_eq!(status, StatusCode::OK, "{undone}");
    // The answer names the decision taken back in a player's words, as the legal list words it.
    let (_, legal) = call(&app, "GET", &uri("/legal"), None).await;
    let listed =
        legal["actions"].as_array().and_then(|l| l.iter().find(|a| a["id"] == undone["undone"])).expect("legal again");
    assert_eq!(undone["label"], listed["label"], "{undone}");
    let app = app_on(Store::open(&db).expect("reopened"));
    let (_, again) = call(&app, "GET", &uri(""), None).await;
    assert!(again["status"]["steps"].as_u64().expect("steps") < steps);
    // Export, import: the same game under a new id.
    let (_, record) = call(&app, "GET", &uri("/export"), None).await;
    let (status, imported) = call(&app, "POST", "/api/games/import", Some(record)).await;
    assert_eq!(status, StatusCode::CREATED, "{imported}");
    let other = imported["id"].as_i64().expect("an id");
    assert_ne!(other, id);
    let (_, copy) = call(&app, "GET", &format!("/api/games/{other}/observe/0"), None).await;
    assert_eq!(copy, call(&app, "GET", &uri("/observe/0"), None).await.1);
    for suffix in ["", "-wal", "-shm", ".acked"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
}

#[tokio::test]
async fn a_stale_action_from_another_tab_is_refused_not_applied_twice() {
    let app = app_on(Store::in_memory().expect("a store"));
    let (_, created) = call(&app, "POST", "/api/games", Some(json!({ "game": "pursuit-of-glory", "seed": 3 }))).await;
    let id = created["id"].as_i64().expect("an id");
    let (_, status) = call(&app, "GET", &format!("/api/games/{id}"), None).await;
    let step = status["status"]["steps"].as_u64().expect("steps");
    let (_, legal) = call(&app, "GET", &format!("/api/games/{id}/legal"), None).await;
    let action = legal["actions"][0]["id"].clone();
    let request = json!({ "action": action, "step": step });
    let (first, applied) = call(&app, "POST", &format!("/api/games/{id}/actions"), Some(request.clone())).await;
    assert_eq!(first, StatusCode::OK);
    // The action and the rolls and draws that follow it.
    let after_first = applied["status"]["steps"].as_u64().expect("steps");
    assert!(after_first > step);
    let (second, answer) = call(&app, "POST", &format!("/api/games/{id}/actions"), Some(request)).await;
    assert_eq!(second, StatusCode::CONFLICT, "{answer}");
    assert!(answer["error"].as_str().is_some_and(|e| e.contains("moved on")));
    let (_, after) = call(&app, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(after["status"]["steps"].as_u64(), Some(after_first), "the stale action changed nothing");
}

#[tokio::test]
async fn malformed_requests_get_a_4xx_with_a_message() {
    let app = app_on(Store::in_memory().expect("a store"));
    let cases = [
        ("POST", "/api/games", Some(json!({ "game": "chess" })), StatusCode::BAD_REQUEST, "unknown game"),
        (
            "POST",
            "/api/games",
            Some(json!({ "game": "pursuit-of-glory", "see": 5 })),
            StatusCode::BAD_REQUEST,
            "unknown field `see`",
        ),
        ("POST", "/api/games", Some(json!([1, 2])), StatusCode::BAD_REQUEST, "request body"),
        (
            "POST",
            "/api/games",
            Some(json!({ "game": "1960", "seed": "twelve" })),
            StatusCode::BAD_REQUEST,
            "the request body: seed: invalid type: string \"twelve\"",
        ),
        (
            "POST",
            "/api/games",
            Some(json!({ "game": "1960", "options": { "hand_size": 999 } })),
            StatusCode::BAD_REQUEST,
            "hand_size: 999 is not a hand size (1-12)",
        ),
        (
            "POST",
            "/api/games",
            Some(json!({ "game": "1960", "options": { "hand_size": 6, "scenaro": "x" } })),
            StatusCode::BAD_REQUEST,
            "unknown option \"scenaro\" (did you mean \"scenario\"?)",
        ),
        ("GET", "/api/games/99", None, StatusCode::NOT_FOUND, "no saved game has the id 99"),
        ("GET", "/api/games/abc/legal", None, StatusCode::NOT_FOUND, "not a game id"),
        ("POST", "/api/games/import", Some(json!({ "game": "nope" })), StatusCode::BAD_REQUEST, "unknown game"),
        ("GET", "/api/nothing", None, StatusCode::NOT_FOUND, "no such API path"),
    ];
    for (method, uri, body, expected, words) in cases {
        let (status, answer) = call(&app, method, uri, body).await;
        assert_eq!(status, expected, "{method} {uri}: {answer}");
        let message = answer["error"].as_str().unwrap_or_default();
        assert!(message.contains(words), "{method} {uri}: {message}");
    }
    // Not JSON at all, and an illegal action.
    let request = Request::builder()
        .method("POST")
        .uri("/api/games")
        .header("content-type", "application/json")
        .body(Body::from("{oops"))
        .expect("a request");
    let response = app.clone().oneshot(request).await.expect("an answer");
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let (_, created) = call(&app, "POST", "/api/games", Some(json!({ "game": "pursuit-of-glory", "seed": 1 }))).await;
    let id = created["id"].as_i64().expect("an id");
    let (status, answer) =
        call(&app, "POST", &format!("/api/games/{id}/actions"), Some(json!({ "action": "fly-to-the-moon" }))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    // A body over the limit.
    let huge = "x".repeat(server::gate::BODY_LIMIT + 1);
    let request = Request::builder().method("POST").uri("/api/games/import").body(Body::from(huge)).expect("a request");
    let response = app.clone().oneshot(request).await.expect("an answer");
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
}

#[tokio::test]
async fn the_page_and_the_catalog_are_served_from_the_binary() {
    let app = app_on(Store::in_memory().expect("a store"));
    let request = Request::builder().uri("/").body(Body::empty()).expect("a request");
    let response = app.clone().oneshot(request).await.expect("an answer");
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.headers()["content-type"].to_str().is_ok_and(|t| t.starts_with("text/html")));
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.expect("a body");
    let page = String::from_utf8_lossy(&bytes);
    assert!(page.contains("<script type=\"module\" src=\"/app.js\">") && page.contains("/style.css"), "{page}");
    // Every style sheet the page links is served as CSS.
    let sheets: Vec<&str> =
        page.split("rel=\"stylesheet\" href=\"").skip(1).filter_map(|s| s.split('"').next()).collect();
    assert!(sheets.contains(&"/style.css") && sheets.contains(&"/cardtable.css"), "{sheets:?}");
    for sheet in sheets {
        let request = Request::builder().uri(sheet).body(Body::empty()).expect("a request");
        let response = app.clone().oneshot(request).await.expect("an answer");
        assert_eq!(response.status(), StatusCode::OK, "{sheet}");
        assert!(response.headers()["content-type"].to_str().is_ok_and(|t| t.starts_with("text/css")), "{sheet}");
    }
    // Every module the page imports, and the modules they import, are served.
    let mut wanted = vec!["app.js".to_string()];
    let mut served = Vec::new();
    while let Some(name) = wanted.pop() {
        let request = Request::builder().uri(format!("/{name}")).body(Body::empty()).expect("a request");
        let response = app.clone().oneshot(request).await.expect("an answer");
        assert_eq!(response.status(), StatusCode::OK, "{name}");
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.expect("a body");
        let text = String::from_utf8_lossy(&bytes).into_owned();
        for import in text.split("from \"./").skip(1) {
            let module = import.split('"').next().unwrap_or_default().to_string();
            if !served.contains(&module) && !wanted.contains(&module) {
                wanted.push(module);
            }
        }
        served.push(name);
    }
    assert!(served.len() >= 5, "{served:?}");
    let request = Request::builder().uri("/nothing.js").body(Body::empty()).expect("a request");
    assert_eq!(app.clone().oneshot(request).await.expect("an answer").status(), StatusCode::NOT_FOUND);
    let (status, catalog) = call(&app, "GET", "/api/catalog", None).await;
    assert_eq!(status, StatusCode::OK);
    let games = catalog["games"].as_array().expect("games");
    assert!(games.iter().any(|g| g["id"] == "manoeuvre") && games.len() >= 10, "{catalog}");
    let armies = catalog["armies"].as_array().expect("armies");
    assert_eq!(armies.len(), 12);
    assert!(armies.iter().any(|a| a["code"] == "SW" && a["provisional"] == true), "{catalog}");
    let sections = catalog["sections"].as_array().expect("sections");
    assert_eq!(sections.len(), 24);
    assert!(sections.iter().all(|s| s["terrain"].as_array().is_some_and(|rows| rows.len() == 4)), "{catalog}");
}

#[tokio::test]
async fn a_person_plays_manoeuvre_against_the_rule_based_bot() {
    let app = app_on(Store::in_memory().expect("a store"));
    let options = json!({ "armies": ["FR", "RU"], "quick_start": true });
    let request = json!({ "game": "manoeuvre", "seed": 4, "options": options, "bots": [null, "rules"] });
    let (status, created) = call(&app, "POST", "/api/games", Some(request)).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_i64().expect("an id");
    assert_eq!(created["seats"], json!([null, "rules"]));
    // Whenever the answer comes, the person (player 0) is to move or the game is over.
    let mut bot_moves = 0;
    for _ in 0..40 {
        let (_, game) = call(&app, "GET", &format!("/api/games/{id}"), None).await;
        if game["status"]["over"] == true {
            break;
        }
        assert_eq!(game["status"]["to_move"]["player"], 0, "{game}");
        let (_, legal) = call(&app, "GET", &format!("/api/games/{id}/legal"), None).await;
        let action = legal["actions"][0]["id"].clone();
        let (status, applied) =
            call(&app, "POST", &format!("/api/games/{id}/actions"), Some(json!({ "action": action }))).await;
        assert_eq!(status, StatusCode::OK, "{applied}");
        for m in applied["bot_moves"].as_array().expect("a list") {
            // The person's own lone steps, taken for them, are listed with the bot's moves.
            if m["taken_for_player"] == json!(true) {
                continue;
            }
            assert_eq!(m["bot"], "rules");
            assert!(m["label"].as_str().is_some_and(|l| l.starts_with("Russia")), "{m}");
            bot_moves += 1;
        }
    }
    assert!(bot_moves > 5, "the bot played: {bot_moves} moves");
    // Undo takes back the bot's answers and the person's last decision: the person is to move.
    let (status, undone) = call(&app, "POST", &format!("/api/games/{id}/undo"), None).await;
    if status == StatusCode::OK {
        assert_eq!(undone["status"]["to_move"]["player"], 0, "{undone}");
    } else {
        assert!(undone["error"].as_str().is_some_and(|e| !e.is_empty()), "{undone}");
    }
    let (_, after) = call(&app, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(after["status"]["to_move"]["player"], 0, "{after}");
    // The list of saved games says where it stands.
    let (_, list) = call(&app, "GET", "/api/games", None).await;
    let listed = list["games"].as_array().expect("games").iter().find(|g| g["id"] == id).expect("listed").clone();
    assert_eq!(listed["standing"]["over"], false, "{listed}");
    assert_eq!(listed["standing"]["to_move"], "France", "{listed}");
}

#[tokio::test]
async fn bots_are_refused_where_they_cannot_play() {
    let app = app_on(Store::in_memory().expect("a store"));
    let cases = [
        (json!({ "game": "wilderness-war", "bots": [null, "rules"] }), "bots play Manoeuvre only"),
        (json!({ "game": "manoeuvre", "bots": ["rules", "random"] }), "a person in at least one seat"),
        (json!({ "game": "manoeuvre", "bots": [null, "deep-blue"] }), "no bot is called 'deep-blue'"),
        (json!({ "game": "manoeuvre", "bots": [null] }), "two entries"),
    ];
    for (request, words) in cases {
        let (status, answer) = call(&app, "POST", "/api/games", Some(request.clone())).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{request}: {answer}");
        assert!(answer["error"].as_str().is_some_and(|e| e.contains(words)), "{request}: {answer}");
    }
}

#[tokio::test]
async fn a_hint_lists_legal_moves_searched_from_the_players_own_seat() {
    let app = app_on(Store::in_memory().expect("a store"));
    let options = json!({ "armies": ["AU", "PR"], "quick_start": true });
    let (_, created) =
        call(&app, "POST", "/api/games", Some(json!({ "game": "manoeuvre", "seed": 9, "options": options }))).await;
    let id = created["id"].as_i64().expect("an id");
    let (status, hint) = call(&app, "GET", &format!("/api/games/{id}/hint"), None).await;
    assert_eq!(status, StatusCode::OK, "{hint}");
    let (_, legal) = call(&app, "GET", &format!("/api/games/{id}/legal"), None).await;
    let ids: Vec<&Value> = legal["actions"].as_array().expect("actions").iter().map(|a| &a["id"]).collect();
    let moves = hint["moves"].as_array().expect("moves");
    assert!(!moves.is_empty() && moves.len() <= 3, "{hint}");
    for m in moves {
        assert!(ids.contains(&&m["id"]), "a hint names a legal move: {m}");
        assert!((0.0..=1.0).contains(&m["share"].as_f64().expect("a share")));
    }
    let (_, table) = call(&app, "POST", "/api/games", Some(json!({ "game": "wilderness-war", "seed": 1 }))).await;
    let other = table["id"].as_i64().expect("an id");
    let (status, answer) = call(&app, "GET", &format!("/api/games/{other}/hint"), None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
}

#[tokio::test]
async fn a_server_open_to_the_network_refuses_every_request_without_its_token() {
    let app = server::api::router_with(
        Arc::new(Games::new(Store::in_memory().expect("a store"))),
        server::gate::Gate::network(8080, &[], "s3cret".to_string()),
    );
    let get = |uri: &str, header: Option<(&str, &str)>| {
        let mut request = Request::builder().uri(uri);
        if let Some((name, value)) = header {
            request = request.header(name, value);
        }
        request.body(Body::empty()).expect("a request")
    };
    for (uri, header) in [
        ("/", None),
        ("/api/games", None),
        ("/api/games?token=wrong", None),
        ("/api/games", Some(("cookie", "cdgsolo_token_8080=wrong"))),
        ("/api/games", Some(("authorization", "Bearer wrong"))),
        ("/api/games", Some(("authorization", "Bearer s3cre"))),
        ("/api/games", Some(("authorization", "Bearer s3cret0"))),
        // Another server's cookie on the same machine is not this one's.
        ("/api/games", Some(("cookie", "cdgsolo_token_9090=s3cret"))),
    ] {
        let response = app.clone().oneshot(get(uri, header)).await.expect("an answer");
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED, "{uri} {header:?}");
    }
    // The printed URL works and leaves a cookie that the page's own requests then carry.
    let response = app.clone().oneshot(get("/?token=s3cret", None)).await.expect("an answer");
    assert_eq!(response.status(), StatusCode::OK);
    let cookie = response.headers()["set-cookie"].to_str().expect("text").to_string();
    assert!(cookie.starts_with("cdgsolo_token_8080=s3cret;") && cookie.contains("HttpOnly"), "{cookie}");
    for header in [
        ("cookie", "other=1; cdgsolo_token_8080=s3cret"),
        ("authorization", "Bearer s3cret"),
        ("authorization", "bearer s3cret"),
        ("authorization", "BEARER s3cret"),
    ] {
        let response = app.clone().oneshot(get("/api/games", Some(header))).await.expect("an answer");
        assert_eq!(response.status(), StatusCode::OK, "{header:?}");
    }
}

/// The server never reads a data directory a request names, in a new game or in an imported record.
#[tokio::test]
async fn a_data_directory_in_a_request_is_refused() {
    let app = app_on(Store::in_memory().expect("a store"));
    let options = json!({ "armies": ["FR", "RU"], "quick_start": true, "data_dir": "/etc" });
    let (status, answer) =
        call(&app, "POST", "/api/games", Some(json!({ "game": "manoeuvre", "seed": 1, "options": options }))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(answer["error"].as_str().is_some_and(|e| e.starts_with("data_dir:")), "{answer}");
    let options = json!({ "armies": ["FR", "RU"], "quick_start": true });
    let (status, created) =
        call(&app, "POST", "/api/games", Some(json!({ "game": "manoeuvre", "seed": 1, "options": options }))).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_i64().expect("an id");
    let (_, mut record) = call(&app, "GET", &format!("/api/games/{id}/export"), None).await;
    let (status, imported) = call(&app, "POST", "/api/games/import", Some(record.clone())).await;
    assert_eq!(status, StatusCode::CREATED, "{imported}");
    assert!(imported["name"].as_str().is_some_and(|n| n.ends_with(", imported")), "{imported}");
    record["setup"]["data_dir"] = json!("/etc");
    let (status, answer) = call(&app, "POST", "/api/games/import", Some(record)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(answer["error"].as_str().is_some_and(|e| e.starts_with("data_dir:")), "{answer}");
}

/// An imported record of a game with automatic chance must hold the seed's rolls: one changed by
/// hand is refused with its step, and nothing is stored.
#[tokio::test]
async fn an_imported_record_with_a_changed_roll_is_refused_at_its_step() {
    let app = app_on(Store::in_memory().expect("a store"));
    let options = json!({ "armies": ["FR", "RU"], "quick_start": true });
    let new = json!({ "game": "manoeuvre", "seed": 4, "options": options });
    let (_, created) = call(&app, "POST", "/api/games", Some(new)).await;
    let id = created["id"].as_i64().expect("an id");
    let (_, record) = call(&app, "GET", &format!("/api/games/{id}/export"), None).await;
    // The same game with chance left to the client lists the outcomes of the first roll.
    let mut options = json!({ "armies": ["FR", "RU"], "quick_start": true, "chance": "manual" });
    let (_, manual) =
        call(&app, "POST", "/api/games", Some(json!({ "game": "manoeuvre", "seed": 4, "options": options.take() })))
            .await;
    let manual_id = manual["id"].as_i64().expect("an id");
    let (_, legal) = call(&app, "GET", &format!("/api/games/{manual_id}/legal"), None).await;
    let first = record["log"][0]["id"].as_str().expect("a first step").to_string();
    assert_eq!(record["log"][0]["by"], json!("chance"), "{record}");
    let other = legal["actions"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|a| a["id"].as_str())
        .find(|a| *a != first)
        .expect("the first roll has other outcomes")
        .to_string();
    let (_, before) = call(&app, "GET", "/api/games", None).await;
    let mut edited = record.clone();
    edited["log"][0]["id"] = json!(other);
    let (status, answer) = call(&app, "POST", "/api/games/import", Some(edited)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    let message = answer["error"].as_str().unwrap_or_default();
    assert!(message.starts_with(&format!("saved game step 0 ('{other}')")), "{message}");
    assert!(message.contains(&format!("the seed gives '{first}'")), "{message}");
    let (_, after) = call(&app, "GET", "/api/games", None).await;
    assert_eq!(before, after, "nothing was stored");
    let (status, _) = call(&app, "POST", "/api/games/import", Some(record)).await;
    assert_eq!(status, StatusCode::CREATED, "the untouched record imports");
}

/// Plays `steps` decisions of game `id`, the first legal action each time; before every other one,
/// checks that an undo works exactly when the status says it would. Answers how many times the
/// status said yes and how many no.
async fn undo_agrees_with_the_status(app: &axum::Router, id: i64, steps: usize) -> (usize, usize) {
    let uri = |tail: &str| format!("/api/games/{id}{tail}");
    let (mut yes, mut no) = (0, 0);
    for step in 0..steps {
        let (_, game) = call(app, "GET", &uri(""), None).await;
        if game["status"]["over"] == true {
            break;
        }
        let said = game["status"]["undo"].as_bool().unwrap_or_else(|| panic!("no undo flag: {game}"));
        if step % 2 == 1 {
            let before = game["status"]["steps"].clone();
            let (status, answer) = call(app, "POST", &uri("/undo"), None).await;
            assert_eq!(status == StatusCode::OK, said, "the status said {said}, the undo answered {answer}");
            let (_, after) = call(app, "GET", &uri(""), None).await;
            if said {
                yes += 1;
                assert_eq!(answer["status"], after["status"], "the undo's answer tells the new status");
            } else {
                no += 1;
                assert_eq!(after["status"]["steps"], before, "a refused undo changes nothing");
            }
        }
        let (_, legal) = call(app, "GET", &uri("/legal"), None).await;
        let action = legal["actions"][0]["id"].clone();
        let (status, applied) = call(app, "POST", &uri("/actions"), Some(json!({ "action": action }))).await;
        assert_eq!(status, StatusCode::OK, "{applied}");
        assert_eq!(applied["status"]["undo"], call(app, "GET", &uri(""), None).await.1["status"]["undo"]);
    }
    (yes, no)
}

#[tokio::test]
async fn the_status_says_whether_undo_would_work_and_undo_agrees() {
    let app = app_on(Store::in_memory().expect("a store"));
    // A card table: nothing to undo at the start (the deal is chance), then a roll stands.
    let (_, created) = call(&app, "POST", "/api/games", Some(json!({ "game": "1960", "seed": 2 }))).await;
    assert_eq!(created["status"]["undo"], false, "a new table has nothing to undo: {created}");
    let id = created["id"].as_i64().expect("an id");
    let (yes, no) = undo_agrees_with_the_status(&app, id, 60).await;
    assert!(yes > 0 && no > 0, "both answers seen on the card table: {yes} yes, {no} no");
    // Against a bot: the person's last decision goes with the bot's answers, unless a roll, a draw
    // or a reveal lies between.
    let options = json!({ "armies": ["FR", "RU"], "quick_start": true });
    let request = json!({ "game": "manoeuvre", "seed": 4, "options": options, "bots": [null, "rules"] });
    let (_, created) = call(&app, "POST", "/api/games", Some(request)).await;
    let id = created["id"].as_i64().expect("an id");
    let (yes, no) = undo_agrees_with_the_status(&app, id, 60).await;
    assert!(yes > 0 && no > 0, "both answers seen against the bot: {yes} yes, {no} no");
}

/// Whether the person's legal list is a single step that a front end could take for them (the only
/// choice, revealing nothing): the server should have taken it.
fn lone_and_hidden_nothing(legal: &Value) -> bool {
    let actions = legal["actions"].as_array().map(Vec::as_slice).unwrap_or_default();
    // The ids of the steps that reveal something (a face-down card turned, a Spy, Digging In).
    let reveals = |id: &str| id.starts_with("flip-") || id.starts_with("spy-") || id == "dig-in";
    matches!(actions, [only] if !only["id"].as_str().is_some_and(reveals))
}

#[tokio::test]
async fn lone_steps_are_taken_for_the_person_named_in_the_answer_and_undone_with_their_decision() {
    let app = app_on(Store::in_memory().expect("a store"));
    let options = json!({ "armies": ["FR", "AU"], "quick_start": true });
    let request = json!({ "game": "manoeuvre", "seed": 11, "options": options, "bots": [null, "rules"] });
    let (_, created) = call(&app, "POST", "/api/games", Some(request)).await;
    let id = created["id"].as_i64().expect("an id");
    let uri = |tail: &str| format!("/api/games/{id}{tail}");
    let (mut taken, mut decisions, mut undone_with) = (0, 0, 0);
    for turn in 0..120 {
        let (_, game) = call(&app, "GET", &uri(""), None).await;
        if game["status"]["over"] == true {
            break;
        }
        let (_, legal) = call(&app, "GET", &uri("/legal"), None).await;
        assert!(!lone_and_hidden_nothing(&legal), "a lone step was left to the person: {legal}");
        // The last of the actions: moves and attacks come before the phase's end in the list.
        let list = legal["actions"].as_array().expect("a list");
        let action = list[turn % list.len()]["id"].clone();
        let (status, applied) = call(&app, "POST", &uri("/actions"), Some(json!({ "action": action }))).await;
        assert_eq!(status, StatusCode::OK, "{applied}");
        decisions += 1;
        let for_person: Vec<&Value> = applied["bot_moves"]
            .as_array()
            .expect("a list")
            .iter()
            .filter(|m| m["taken_for_player"] == json!(true))
            .collect();
        for m in &for_person {
            assert_eq!(m["bot"], Value::Null, "{m}");
            assert_eq!(m["player"], 0, "{m}");
            assert!(m["label"].as_str().is_some_and(|l| !l.is_empty()), "{m}");
        }
        taken += for_person.len();
        // Now and then, undo: the person's decision goes with every step taken after it.
        if (turn % 7 == 3 || (!for_person.is_empty() && undone_with < 3)) && applied["status"]["undo"] == json!(true) {
            let steps_before = game["status"]["steps"].clone();
            let (status, undone) = call(&app, "POST", &uri("/undo"), None).await;
            assert_eq!(status, StatusCode::OK, "{undone}");
            assert_eq!(undone["status"]["steps"], steps_before, "back to before the decision: {undone}");
            assert_eq!(undone["undone"], action, "{undone}");
            undone_with += usize::from(!for_person.is_empty());
        }
    }
    assert!(decisions > 60 && taken > 20, "{decisions} decisions, {taken} steps taken for the person");
    assert!(undone_with > 0, "an undo took back steps taken for the person");
    // The history marks them for the person, and they are no place for a rollback.
    let (_, history) = call(&app, "GET", &uri("/history/0"), None).await;
    let entries = history["entries"].as_array().expect("entries");
    let marked: Vec<&Value> = entries.iter().filter(|e| e["taken_for_player"] == json!(true)).collect();
    assert!(!marked.is_empty(), "marked in the history");
    assert!(marked.iter().all(|e| e["decision"] == json!(false) && e["actor"] == json!(0)));
    // The bot's seat is never told which of the person's steps were the only choice.
    let (_, theirs) = call(&app, "GET", &uri("/history/1"), None).await;
    assert!(theirs["entries"].as_array().expect("entries").iter().all(|e| e["taken_for_player"] == json!(false)));

    // Turned off, the lone steps wait for the person.
    let request = json!({ "game": "manoeuvre", "seed": 11, "options": options, "bots": [null, "rules"],
        "lone_steps": false });
    let (_, created) = call(&app, "POST", "/api/games", Some(request)).await;
    let id = created["id"].as_i64().expect("an id");
    let mut lone_seen = false;
    for _ in 0..40 {
        let (_, legal) = call(&app, "GET", &format!("/api/games/{id}/legal"), None).await;
        lone_seen |= lone_and_hidden_nothing(&legal);
        let action = legal["actions"][0]["id"].clone();
        let body = json!({ "action": action, "lone_steps": false });
        let (status, applied) = call(&app, "POST", &format!("/api/games/{id}/actions"), Some(body)).await;
        assert_eq!(status, StatusCode::OK, "{applied}");
        assert!(applied["bot_moves"].as_array().expect("a list").iter().all(|m| m["taken_for_player"].is_null()));
    }
    assert!(lone_seen, "with lone_steps false a lone step is offered");
}

#[tokio::test]
async fn a_discard_phase_is_one_decision_of_several_steps_all_or_nothing() {
    let app = app_on(Store::in_memory().expect("a store"));
    let options = json!({ "armies": ["FR", "AU"], "quick_start": true });
    let request = json!({ "game": "manoeuvre", "seed": 5, "options": options, "bots": [null, "rules"] });
    let (_, created) = call(&app, "POST", "/api/games", Some(request)).await;
    let id = created["id"].as_i64().expect("an id");
    let uri = |tail: &str| format!("/api/games/{id}{tail}");
    // On to a Discard phase of the person's.
    let mut discards = Vec::new();
    for _ in 0..30 {
        let (_, legal) = call(&app, "GET", &uri("/legal"), None).await;
        let ids: Vec<String> = legal["actions"]
            .as_array()
            .expect("a list")
            .iter()
            .filter_map(|a| a["id"].as_str().map(String::from))
            .collect();
        if ids.iter().any(|i| i == "end-discard") {
            discards = ids.into_iter().filter(|i| i.starts_with("discard-")).collect();
            break;
        }
        let (status, _) = call(&app, "POST", &uri("/actions"), Some(json!({ "action": ids[0] }))).await;
        assert_eq!(status, StatusCode::OK);
    }
    assert!(discards.len() >= 2, "a hand to discard from: {discards:?}");
    let (_, before) = call(&app, "GET", &uri(""), None).await;
    // A list with a step that is not legal by then changes nothing.
    let wrong = json!({ "actions": [discards[0], discards[0], "end-discard"] });
    let (status, refused) = call(&app, "POST", &uri("/actions"), Some(wrong)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    assert_eq!(call(&app, "GET", &uri(""), None).await.1["status"], before["status"], "nothing was kept");
    let (status, refused) =
        call(&app, "POST", &uri("/actions"), Some(json!({ "action": "end-discard", "actions": [] }))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    // Two discards and the end of the phase, in one decision.
    let together = json!({ "actions": [discards[0], discards[1], "end-discard"], "step": before["status"]["steps"] });
    let (status, applied) = call(&app, "POST", &uri("/actions"), Some(together)).await;
    assert_eq!(status, StatusCode::OK, "{applied}");
    assert!(
        applied["label"]
            .as_str()
            .is_some_and(|l| l.starts_with("France: discard ") && l.contains("; France: done discarding")),
        "{applied}"
    );
    let (_, record) = call(&app, "GET", &uri("/export"), None).await;
    let log: Vec<&str> = record["log"].as_array().expect("a log").iter().filter_map(|e| e["id"].as_str()).collect();
    let at = log.iter().position(|i| *i == discards[0]).expect("the first discard is in the log");
    assert_eq!(&log[at..at + 3], &[discards[0].as_str(), discards[1].as_str(), "end-discard"]);
}

#[tokio::test]
async fn on_loopback_there_is_no_base_for_other_machines_and_with_host_the_links_carry_the_token() {
    let app = app_on(Store::in_memory().expect("a store"));
    // On loopback no other machine reaches the server; with --host the links carry the token.
    let (_, access) = call(&app, "GET", "/api/access", None).await;
    assert_eq!(access, json!({ "network": false, "bases": [] }));
    let network = server::api::router_with(
        Arc::new(Games::new(Store::in_memory().expect("a store"))),
        server::gate::Gate::network(8080, &["192.168.1.5".parse().expect("an address")], "s3cret".to_string()),
    );
    let request = axum::http::Request::builder()
        .uri("/api/access")
        .header("host", "192.168.1.5:8080")
        .header("authorization", "Bearer s3cret")
        .body(axum::body::Body::empty())
        .expect("a request");
    let response = tower::ServiceExt::oneshot(network, request).await.expect("an answer");
    assert_eq!(response.status(), StatusCode::OK);
    let bytes = axum::body::to_bytes(response.into_body(), 1 << 16).await.expect("a body");
    let access: Value = serde_json::from_slice(&bytes).expect("JSON");
    assert_eq!(access, json!({ "network": true, "bases": ["http://192.168.1.5:8080/?token=s3cret"] }));
}

/// Another writer of the same file (a second server; here the store, written directly) saves the
/// game while the bot thinks on after a person's decision: that decision was saved before, so the
/// person is told it was made, not that it lost a race (the two-writers test once found a decision
/// in the file that its client had been told was refused).
#[tokio::test]
async fn a_decision_saved_before_another_writer_saved_is_answered_as_made() {
    let db = temp_db("second-writer");
    let app = app_on(Store::open(&db).expect("a store"));
    let other = Store::open(&db).expect("a second store on the file");
    let request =
        json!({ "game": "manoeuvre", "seed": 4, "options": { "quick_start": true }, "bots": [null, "mcts:300ms"] });
    let (status, created) = call(&app, "POST", "/api/games", Some(request)).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_i64().expect("an id");
    for _ in 0..300 {
        let (_, game) = call(&app, "GET", &format!("/api/games/{id}"), None).await;
        let steps = game["status"]["steps"].as_u64().expect("steps");
        let (_, legal) = call(&app, "GET", &format!("/api/games/{id}/legal"), None).await;
        let action = legal["actions"][0]["id"].as_str().expect("a legal action").to_string();
        let post = {
            let (app, body) = (app.clone(), json!({ "action": action, "step": steps }));
            tokio::spawn(async move { call(&app, "POST", &format!("/api/games/{id}/actions"), Some(body)).await })
        };
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        if post.is_finished() {
            let (status, answer) = post.await.expect("the request ran");
            assert_eq!(status, StatusCode::OK, "{answer}");
            continue;
        }
        // The bot thinks: the other writer saves the game first (its log as it is, a new version).
        let version = other.version(id).expect("a version");
        let (record, _) = other.load_versioned(id).expect("the game loads");
        let kept = record["log"].as_array().map_or(0, Vec::len);
        other.write_log(id, version, kept, &[], None).expect("the other writer saves");
        let (status, answer) = post.await.expect("the request ran");
        assert_eq!(status, StatusCode::OK, "{answer}");
        assert!(answer["not_played_on"].as_str().is_some_and(|w| w.contains("reload")), "{answer}");
        assert_eq!(answer["bot_moves"], json!([]), "nothing after the decision is told as played");
        assert_eq!(answer["status"]["steps"].as_u64(), Some(steps + 1), "the game as it was saved: {answer}");
        let (record, _) = other.load_versioned(id).expect("the game loads");
        assert_eq!(
            record["log"][usize::try_from(steps).expect("a step")]["id"],
            json!(action),
            "the decision is saved"
        );
        // The game is read afresh and goes on from what the file holds.
        let (status, legal) = call(&app, "GET", &format!("/api/games/{id}/legal"), None).await;
        assert_eq!(status, StatusCode::OK, "{legal}");
        return;
    }
    panic!("no decision of 300 handed the game to the bot");
}

#[tokio::test]
async fn a_name_with_a_direction_override_a_zero_width_space_or_a_byte_order_mark_is_refused() {
    let app = app_on(Store::in_memory().expect("a store"));
    for (name, code) in
        [("evil\u{202E}exe.txt", "202E"), ("a\u{200B}b", "200B"), ("\u{FEFF}game", "FEFF"), ("x\u{2066}y", "2066")]
    {
        let request = json!({ "game": "wilderness-war", "seed": 1, "name": name });
        let (status, refused) = call(&app, "POST", "/api/games", Some(request)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{name:?}: {refused}");
        assert!(refused["error"].as_str().is_some_and(|e| e.contains(code)), "{name:?}: {refused}");
    }
    // Names in every script stay welcome, with the joiners their words and emoji need.
    let (status, created) = call(
        &app,
        "POST",
        "/api/games",
        Some(json!({ "game": "wilderness-war", "seed": 1, "name": "می‌خواهم 👩\u{200D}👩\u{200D}👦 Québec" })),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_i64().expect("an id");
    let (status, refused) =
        call(&app, "PATCH", &format!("/api/games/{id}"), Some(json!({ "name": "ok\u{202D}" }))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
}

#[tokio::test]
async fn going_back_at_a_card_table_answers_the_whole_way_back_in_table_words() {
    let app = app_on(Store::in_memory().expect("a store"));
    let request = json!({ "game": "1960", "seed": 3, "options": { "manifest": "builtin" } });
    let (_, created) = call(&app, "POST", "/api/games", Some(request)).await;
    let id = created["id"].as_i64().expect("an id");
    let act = |action: String| {
        let app = app.clone();
        async move { call(&app, "POST", &format!("/api/games/{id}/actions"), Some(json!({ "action": action }))).await }
    };
    assert_eq!(act("roll".into()).await.0, StatusCode::OK);
    let (_, legal) = call(&app, "GET", &format!("/api/games/{id}/legal"), None).await;
    let play = legal["actions"]
        .as_array()
        .and_then(|a| a.iter().find(|a| a["id"].as_str().is_some_and(|i| i.starts_with("play-"))))
        .map(|a| a["id"].as_str().unwrap_or_default().to_string())
        .expect("a card to play");
    let (_, before) = call(&app, "GET", &format!("/api/games/{id}"), None).await;
    let at = before["status"]["steps"].as_u64().expect("steps");
    assert_eq!(act(play).await.0, StatusCode::OK);
    let (status, back) = call(&app, "POST", &format!("/api/games/{id}/rollback"), Some(json!({ "step": at }))).await;
    assert_eq!(status, StatusCode::OK, "{back}");
    let events: Vec<&str> = back["events"].as_array().expect("the way back").iter().filter_map(Value::as_str).collect();
    assert!(events.iter().any(|e| e.contains("back to slot") && e.ends_with("face-up")), "{events:?}");
    assert!(events.iter().any(|e| e.contains("in its number order")), "{events:?}");
}
