//! The miniatures turn sequence through the protocol: a bare `new` with the example roster, a roster
//! of one's own as TOML text or JSON, wrong options named, and export and import.

mod common;

use common::ask;
use protocol::Protocol;
use serde_json::json;

const ROSTER: &str = r#"
[[sides]]
name = "North"
co = { name = "Marshal Frost", lv = 1 }
[[sides.wings]]
name = "Centre"
units = [ { name = "Rifles", pieces = 3, qv = 3, casualty_value = 1 } ]

[[sides]]
name = "South"
co = { name = "Marshal Sun", lv = 2 }
[[sides.wings]]
name = "Centre"
units = [ { name = "Lancers", pieces = 2, qv = 4, casualty_value = 1 } ]

[[activation]]
dice = 1
outcomes = [ { successes = 0, says = "Nothing", fails = true }, { successes = 1, says = "One action" } ]
[[activation]]
dice = 2
outcomes = [ { successes = 0, says = "Nothing", fails = true }, { successes = 1, says = "One action" }, { successes = 2, says = "Two actions" } ]
[[activation]]
dice = 3
outcomes = [ { successes = 0, says = "Nothing", fails = true }, { successes = 1, says = "One action" }, { successes = 2, says = "Two actions" }, { successes = 3, says = "Three actions" } ]
"#;

#[test]
fn a_bare_new_starts_the_example_and_a_roster_of_ones_own_is_taken_as_toml() {
    let mut p = Protocol::new();
    let r = ask(&mut p, json!({"cmd": "new", "game": "miniatures", "seed": 2}));
    assert_eq!(r["status"]["to_move"]["name"].as_str().map(|n| n == "Blue" || n == "Red"), Some(true), "{r}");
    ask(&mut p, json!({"cmd": "new", "game": "miniatures", "seed": 2, "options": {"roster": ROSTER}}));
    let v = ask(&mut p, json!({"cmd": "observe", "player": 0}))["observation"].clone();
    assert_eq!(v["units"][0]["name"], json!("Rifles"));
    assert!(v["said"]["roll"].as_str().unwrap_or_default().contains("North d6"), "{v}");
    let record = ask(&mut p, json!({"cmd": "export"}))["record"].clone();
    let mut q = Protocol::new();
    ask(&mut q, json!({"cmd": "import", "record": record}));
    assert_eq!(ask(&mut q, json!({"cmd": "observe", "player": 0}))["observation"], v);
}

#[test]
fn wrong_options_and_incomplete_rosters_are_named() {
    let mut p = Protocol::new();
    let gap = ROSTER.replace(", { successes = 3, says = \"Three actions\" }", "");
    for (options, says) in [
        (json!({"rooster": ROSTER}), "rooster"),
        (json!({"roster": gap}), "3 successes with 3 dice"),
        (json!({"roster": ROSTER.replace("qv = 3", "qv = 0")}), "QV 0"),
        (json!({"roster": {"sides": []}}), "activation"),
    ] {
        let r = p.handle_line(&json!({"cmd": "new", "game": "miniatures", "options": options}).to_string());
        let error = r["error"].as_str().unwrap_or_default();
        assert!(r["ok"] == json!(false) && error.contains(says), "{options}: {r}");
    }
}
