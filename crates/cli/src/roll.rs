//! `cdgsolo roll`: Fate Die rolls from a seed, the same on every machine.

use std::collections::BTreeMap;
use std::io::Write;

use anyhow::Result;
use engine::ChanceRng;
use serde_json::json;

/// The faces of `count` rolls from `seed`, numbered 1 to 6 as the playsheets print them.
pub fn fate_die_rolls(seed: u64, count: u64) -> Vec<u8> {
    let mut rng = ChanceRng::new(seed);
    (0..count).map(|_| rng.pick(6) as u8 + 1).collect()
}

pub fn run(seed: Option<u64>, count: u64, json: bool) -> Result<()> {
    let seed = crate::seed_or_clock(seed);
    let faces = fate_die_rolls(seed, count);
    let mut counts: BTreeMap<String, u64> = (1..=6).map(|f: u8| (f.to_string(), 0)).collect();
    for f in &faces {
        *counts.entry(f.to_string()).or_default() += 1;
    }
    let mut out = std::io::stdout().lock();
    if json {
        writeln!(out, "{}", json!({ "seed": seed, "faces": faces, "counts": counts }))?;
    } else {
        let text: Vec<String> = faces.iter().map(|f| f.to_string()).collect();
        writeln!(out, "{}", text.join(" "))?;
        let summary: Vec<String> = counts.iter().map(|(f, n)| format!("{f}: {n}")).collect();
        writeln!(out, "seed {seed}; counts {}", summary.join(", "))?;
    }
    Ok(())
}
