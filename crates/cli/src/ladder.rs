//! `cdgsolo sim ladder`: puts the bots of several simulator runs on one rating scale.
//!
//! Each run is a match between two bots. The ladder fits a Bradley-Terry model over all of them by
//! maximum likelihood (Hunter's MM iteration; a draw is half a win for each side), turns the
//! strengths into Elo points (400 log10), fixes one bot at 0 and gives each rating a 95% interval
//! from the observed Fisher information at the fit. No randomness is involved: the same files give
//! the same ladder.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;

use anyhow::{Context, Result, bail};
use serde::{Deserialize, Serialize};

/// The part of a `cdgsolo sim --json` report the ladder reads.
#[derive(Deserialize)]
struct SimReport {
    games: u32,
    #[allow(dead_code)] // Required so that other JSON with a `bots` map is not taken for a report.
    seed: u64,
    bots: BTreeMap<String, BotCount>,
}

#[derive(Deserialize)]
struct BotCount {
    games: u32,
    wins: u32,
}

/// What was played between each pair of bots, summed over the files.
#[derive(Debug, Default, Clone)]
pub struct Results {
    pub bots: Vec<String>,
    /// `games[i][j]`: games between bots i and j (symmetric).
    pub games: Vec<Vec<f64>>,
    /// `score[i][j]`: bot i's points against bot j, a win 1 and a draw a half.
    pub score: Vec<Vec<f64>>,
}

impl Results {
    fn index(&mut self, bot: &str) -> usize {
        if let Some(i) = self.bots.iter().position(|b| b == bot) {
            return i;
        }
        self.bots.push(bot.to_string());
        for row in self.games.iter_mut().chain(self.score.iter_mut()) {
            row.push(0.0);
        }
        let n = self.bots.len();
        self.games.push(vec![0.0; n]);
        self.score.push(vec![0.0; n]);
        n - 1
    }

    /// Adds a match: `a` won `wins_a`, `b` won `wins_b`, the rest of `games` were drawn.
    pub fn add(&mut self, a: &str, b: &str, games: f64, wins_a: f64, wins_b: f64) {
        let (i, j) = (self.index(a), self.index(b));
        let drawn = games - wins_a - wins_b;
        self.games[i][j] += games;
        self.games[j][i] += games;
        self.score[i][j] += wins_a + drawn / 2.0;
        self.score[j][i] += wins_b + drawn / 2.0;
    }

    fn total_games(&self, i: usize) -> f64 {
        self.games[i].iter().sum()
    }

    fn total_score(&self, i: usize) -> f64 {
        self.score[i].iter().sum()
    }
}

/// One bot's place on the ladder.
#[derive(Debug, Clone, Serialize)]
pub struct Rating {
    pub bot: String,
    /// Elo points above the anchor.
    pub rating: f64,
    /// 95% interval of the rating (the anchor's is exactly 0 to 0: it is fixed there).
    pub interval: [f64; 2],
    pub games: f64,
    /// Points scored (a draw a half).
    pub score: f64,
}

#[derive(Debug, Serialize)]
struct LadderReport {
    anchor: String,
    files: usize,
    games: u64,
    /// Said when some bot never won or never lost and the fit needed the virtual draws.
    #[serde(skip_serializing_if = "Option::is_none")]
    prior: Option<String>,
    /// Files that say nothing about ratings (a bot against itself).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    ignored: Vec<String>,
    ratings: Vec<Rating>,
}

/// Elo points per natural-log unit of strength.
const ELO_PER_LN: f64 = 400.0 / std::f64::consts::LN_10;

/// The groups of bots linked by games; one group means every rating can be compared with every other.
fn groups(results: &Results) -> Vec<Vec<usize>> {
    let n = results.bots.len();
    let mut group = vec![usize::MAX; n];
    let mut out = Vec::new();
    for start in 0..n {
        if group[start] != usize::MAX {
            continue;
        }
        let id = out.len();
        let mut members = vec![start];
        group[start] = id;
        let mut k = 0;
        while k < members.len() {
            let i = members[k];
            for (j, g) in group.iter_mut().enumerate() {
                if results.games[i][j] > 0.0 && *g == usize::MAX {
                    *g = id;
                    members.push(j);
                }
            }
            k += 1;
        }
        members.sort_unstable();
        out.push(members);
    }
    out
}

/// Gives every pair that met one more, drawn, game: half a win and half a loss against each
/// opponent, which keeps a bot that never lost (or never won) at a finite rating.
fn add_prior(results: &mut Results) {
    let n = results.bots.len();
    for i in 0..n {
        for j in 0..n {
            if i != j && results.games[i][j] > 0.0 {
                results.games[i][j] += 1.0;
                results.score[i][j] += 0.5;
            }
        }
    }
}

/// Bradley-Terry strengths (natural log scale, mean 0) by Hunter's MM iteration.
fn fit_strengths(results: &Results) -> Vec<f64> {
    let n = results.bots.len();
    let mut gamma = vec![1.0_f64; n];
    for _ in 0..100_000 {
        let mut next = vec![0.0; n];
        for i in 0..n {
            let denominator: f64 =
                (0..n).filter(|&j| j != i).map(|j| results.games[i][j] / (gamma[i] + gamma[j])).sum();
            next[i] = if denominator > 0.0 { results.total_score(i) / denominator } else { gamma[i] };
        }
        // The model only knows ratios: rescale to a geometric mean of 1 each round.
        let mean_log = next.iter().map(|g| g.ln()).sum::<f64>() / n as f64;
        let change = next
            .iter_mut()
            .zip(&gamma)
            .map(|(g, old)| {
                *g /= mean_log.exp();
                (g.ln() - old.ln()).abs()
            })
            .fold(0.0, f64::max);
        gamma = next;
        if change < 1e-12 {
            break;
        }
    }
    gamma.iter().map(|g| g.ln()).collect()
}

/// The inverse of a small symmetric positive definite matrix (Gauss-Jordan with pivoting).
fn invert(mut a: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let mut inv: Vec<Vec<f64>> = (0..n).map(|i| (0..n).map(|j| f64::from(u8::from(i == j))).collect()).collect();
    for col in 0..n {
        let pivot = (col..n).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        inv.swap(col, pivot);
        let p = a[col][col];
        for k in 0..n {
            a[col][k] /= p;
            inv[col][k] /= p;
        }
        for row in 0..n {
            if row != col {
                let f = a[row][col];
                for k in 0..n {
                    a[row][k] -= f * a[col][k];
                    inv[row][k] -= f * inv[col][k];
                }
            }
        }
    }
    Some(inv)
}

/// Fits the ladder: ratings in Elo points with `anchor` at 0, strongest first. Refuses a set of bots
/// whose games do not link them all, and one where a bot never lost or never won (call
/// [`add_prior`] first to rate those).
pub fn fit(results: &Results, anchor: usize) -> Result<Vec<Rating>> {
    let n = results.bots.len();
    if n < 2 {
        bail!("the ladder needs at least two bots that played each other");
    }
    let groups = groups(results);
    if groups.len() > 1 {
        let names: Vec<String> =
            groups.iter().map(|g| g.iter().map(|&i| results.bots[i].as_str()).collect::<Vec<_>>().join(", ")).collect();
        bail!(
            "these bots cannot be rated on one scale, no games link the groups {{{}}}; add a run between the groups",
            names.join("} and {")
        );
    }
    for i in 0..n {
        let (games, score) = (results.total_games(i), results.total_score(i));
        if score <= 0.0 || score >= games {
            let what = if score <= 0.0 { "never won" } else { "never lost" };
            bail!("{} {what}, so its rating has no finite estimate", results.bots[i]);
        }
    }
    let theta = fit_strengths(results);
    // The observed information of the log strengths; the anchor's row and column are dropped since
    // it is fixed at 0, which makes the rest invertible for a linked set of bots.
    let others: Vec<usize> = (0..n).filter(|&i| i != anchor).collect();
    let weight = |i: usize, j: usize| {
        let p = 1.0 / (1.0 + (theta[j] - theta[i]).exp());
        results.games[i][j] * p * (1.0 - p)
    };
    let information: Vec<Vec<f64>> = others
        .iter()
        .map(|&i| {
            others
                .iter()
                .map(|&j| if i == j { (0..n).filter(|&k| k != i).map(|k| weight(i, k)).sum() } else { -weight(i, j) })
                .collect()
        })
        .collect();
    let covariance = invert(information).context("the ratings' information matrix is singular")?;
    let mut ratings: Vec<Rating> = (0..n)
        .map(|i| {
            let rating = ELO_PER_LN * (theta[i] - theta[anchor]);
            let half = others
                .iter()
                .position(|&k| k == i)
                .map_or(0.0, |k| 1.959_963_984_540_054 * ELO_PER_LN * covariance[k][k].max(0.0).sqrt());
            Rating {
                bot: results.bots[i].clone(),
                rating,
                interval: [rating - half, rating + half],
                games: results.total_games(i),
                score: results.total_score(i),
            }
        })
        .collect();
    ratings.sort_by(|a, b| b.rating.total_cmp(&a.rating).then_with(|| a.bot.cmp(&b.bot)));
    Ok(ratings)
}

/// How `sim ladder` reads its runs and what it prints.
pub struct Options<'a> {
    /// One JSON object instead of the table.
    pub json: bool,
    /// Also draw the ladder into this folder.
    pub plot: Option<&'a str>,
    /// The bot rated 0.
    pub anchor: Option<&'a str>,
    /// `FROM=TO`: the bot named FROM in a run is read as TO.
    pub rename: &'a [String],
}

/// The `--as FROM=TO` pairs, each checked for its two names; a bot is read under one name only.
fn renames(pairs: &[String]) -> Result<Vec<(&str, &str)>> {
    let mut read: Vec<(&str, &str)> = Vec::with_capacity(pairs.len());
    for pair in pairs {
        let names = pair.split_once('=').map(|(f, t)| (f.trim(), t.trim()));
        let Some((from, to)) = names.filter(|(f, t)| !f.is_empty() && !t.is_empty()) else {
            bail!("--as {pair}: write it as FROM=TO, two bot names (for example mcts:trial=mcts:hard)");
        };
        if let Some((_, earlier)) = read.iter().find(|(f, _)| *f == from) {
            bail!("--as {pair}: {from} is already read as {earlier}");
        }
        read.push((from, to));
    }
    Ok(read)
}

/// Reads the runs, fits the ladder and prints it (and draws it with `plot`).
pub fn run(files: &[String], options: &Options, out: &mut dyn Write) -> Result<()> {
    let Options { json, plot, anchor, .. } = *options;
    let renames = renames(options.rename)?;
    let mut renamed = vec![false; renames.len()];
    let mut results = Results::default();
    let mut ignored = Vec::new();
    let mut used = 0;
    let mut played = 0;
    for file in files {
        let text = engine::files::read_text(std::path::Path::new(file))?;
        let report: SimReport = serde_json::from_str(&text).map_err(|_| {
            let hint =
                if text.contains("\"shard\"") { " (it is a shard's part file: merge the parts first)" } else { "" };
            anyhow::anyhow!("{file} is not the output of `cdgsolo sim --json`{hint}")
        })?;
        let mut read_as = |name: &String| -> String {
            match renames.iter().position(|(from, _)| from == name) {
                Some(i) => {
                    renamed[i] = true;
                    renames[i].1.to_string()
                }
                None => name.clone(),
            }
        };
        let bots: Vec<(String, &BotCount)> = report.bots.iter().map(|(name, count)| (read_as(name), count)).collect();
        match bots.as_slice() {
            [(name, _)] => ignored.push(format!("{file}: {name} against itself")),
            [(a, _), (b, _)] if a == b => ignored.push(format!("{file}: {a} against itself, read as one bot")),
            [(a, ca), (b, cb)] => {
                let games = report.games;
                if ca.games != games || cb.games != games || ca.wins + cb.wins > games {
                    bail!("{file}: the bots' games and wins do not add up to the run's {games} games");
                }
                results.add(a, b, f64::from(games), f64::from(ca.wins), f64::from(cb.wins));
                played += u64::from(games);
                used += 1;
            }
            _ => bail!("{file} is not the output of `cdgsolo sim --json` (a run has two bots)"),
        }
    }
    if let Some(i) = renamed.iter().position(|used| !used) {
        bail!("--as {}={}: no run has a bot named {}", renames[i].0, renames[i].1, renames[i].0);
    }
    let anchor_index = match anchor {
        Some(name) => results.bots.iter().position(|b| b == name).with_context(|| {
            format!("--anchor {name}: no such bot in these runs (bots: {})", results.bots.join(", "))
        })?,
        None => results.bots.iter().position(|b| b == "random").unwrap_or(0),
    };
    let extreme = (0..results.bots.len())
        .filter(|&i| {
            let (g, s) = (results.total_games(i), results.total_score(i));
            s <= 0.0 || s >= g
        })
        .map(|i| {
            let what = if results.total_score(i) <= 0.0 { "never won" } else { "never lost" };
            format!("{} {what}", results.bots[i])
        })
        .collect::<Vec<_>>();
    // Games and scores are reported as played, without the prior's virtual games.
    let observed = results.clone();
    let prior = if extreme.is_empty() || results.bots.len() < 2 {
        None
    } else {
        add_prior(&mut results);
        Some(format!(
            "{}: every pair of bots that met is given one extra drawn game (half a win each) to keep the ratings finite",
            extreme.join(", ")
        ))
    };
    let mut ratings = fit(&results, anchor_index)?;
    for r in &mut ratings {
        if let Some(i) = observed.bots.iter().position(|b| *b == r.bot) {
            (r.games, r.score) = (observed.total_games(i), observed.total_score(i));
        }
    }
    let anchor_name = results.bots[anchor_index].clone();
    let report = LadderReport { anchor: anchor_name.clone(), files: used, games: played, prior, ignored, ratings };
    if let Some(dir) = plot {
        let rungs: Vec<crate::plot::Rung> = report
            .ratings
            .iter()
            .map(|r| crate::plot::Rung { bot: r.bot.clone(), rating: r.rating, interval: r.interval })
            .collect();
        let title = format!("Bot ratings, Bradley-Terry on the Elo scale ({} games)", report.games);
        let mut note = format!("{anchor_name} fixed at 0; whiskers are 95% intervals");
        if report.prior.is_some() {
            note.push_str("; one virtual drawn game per pair (a bot never won or never lost)");
        }
        let [svg, png] = crate::plot::ladder(Path::new(dir), &title, &note, &rungs)?;
        if !json {
            writeln!(out, "ladder chart: {} and {}", svg.display(), png.display())?;
        }
    }
    if json {
        writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?;
        return Ok(());
    }
    writeln!(
        out,
        "Bradley-Terry ratings on the Elo scale from {} run{}, {} games; {} is fixed at 0",
        report.files,
        if report.files == 1 { "" } else { "s" },
        report.games,
        report.anchor
    )?;
    writeln!(out, "  {:<14} {:>7}  {:>19}  {:>7}  {:>7}", "bot", "rating", "95% interval", "games", "score")?;
    for r in &report.ratings {
        let interval = if r.bot == report.anchor {
            "anchor".to_string()
        } else {
            format!("{:+.0} to {:+.0}", r.interval[0], r.interval[1])
        };
        writeln!(out, "  {:<14} {:>+7.0}  {:>19}  {:>7}  {:>7}", r.bot, r.rating, interval, r.games, r.score)?;
    }
    if let Some(p) = &report.prior {
        writeln!(out, "note: {p}")?;
    }
    for i in &report.ignored {
        writeln!(out, "ignored {i} (a bot against itself says nothing about ratings)")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The expected score of strength `a` against `b` in Elo points.
    fn expected(a: f64, b: f64) -> f64 {
        1.0 / (1.0 + 10f64.powf((b - a) / 400.0))
    }

    /// Every pair plays `games` games and scores exactly its expected share.
    fn synthetic(strengths: &[(&str, f64)], games: f64) -> Results {
        let mut r = Results::default();
        for (i, (a, sa)) in strengths.iter().enumerate() {
            for (b, sb) in &strengths[i + 1..] {
                let wins_a = (games * expected(*sa, *sb)).round();
                r.add(a, b, games, wins_a, games - wins_a);
            }
        }
        r
    }

    #[test]
    fn the_fit_recovers_known_strengths_and_their_order() {
        let truth = [("random", 0.0), ("rules", 350.0), ("mcts:100", 500.0), ("mcts:1000", 620.0)];
        let results = synthetic(&truth, 4000.0);
        let ratings = fit(&results, 0).unwrap();
        let order: Vec<&str> = ratings.iter().map(|r| r.bot.as_str()).collect();
        assert_eq!(order, ["mcts:1000", "mcts:100", "rules", "random"]);
        for (bot, elo) in truth {
            let r = ratings.iter().find(|r| r.bot == bot).unwrap();
            assert!((r.rating - elo).abs() < 5.0, "{bot}: {} for {elo}", r.rating);
            assert!(r.interval[0] <= r.rating && r.rating <= r.interval[1]);
            if bot != "random" {
                assert!(r.interval[0] < elo && elo < r.interval[1], "{bot}: {:?} misses {elo}", r.interval);
                assert!(r.interval[1] - r.interval[0] < 60.0, "4000 games a pair give narrow intervals");
            }
        }
    }

    #[test]
    fn a_chain_of_matches_is_enough_and_fewer_games_widen_the_intervals() {
        let mut few = Results::default();
        few.add("random", "rules", 40.0, 8.0, 30.0);
        few.add("rules", "mcts", 40.0, 14.0, 26.0);
        let ratings = fit(&few, 0).unwrap();
        assert_eq!(ratings[0].bot, "mcts");
        let mcts_width = ratings[0].interval[1] - ratings[0].interval[0];
        let rules_width = ratings[1].interval[1] - ratings[1].interval[0];
        assert!(mcts_width > rules_width, "two links from the anchor are less sure than one");
        // Two bots alone: the rating is the Elo of the score, and drawn games count half.
        let mut two = Results::default();
        two.add("a", "b", 100.0, 66.0, 14.0);
        let ratings = fit(&two, 1).unwrap();
        let score: f64 = 0.76;
        let elo = 400.0 * (score / (1.0 - score)).log10();
        assert!((ratings[0].rating - elo).abs() < 0.01, "{} for {elo}", ratings[0].rating);
    }

    #[test]
    fn anchoring_shifts_every_rating_by_the_same_amount() {
        let results = synthetic(&[("random", 0.0), ("rules", 300.0), ("mcts", 450.0)], 500.0);
        let at_random = fit(&results, 0).unwrap();
        let at_rules = fit(&results, 1).unwrap();
        let rules = at_rules.iter().find(|r| r.bot == "rules").unwrap();
        assert_eq!((rules.rating, rules.interval), (0.0, [0.0, 0.0]));
        let shift = at_random.iter().find(|r| r.bot == "rules").unwrap().rating;
        for (a, b) in at_random.iter().zip(&at_rules) {
            assert_eq!(a.bot, b.bot, "the order does not depend on the anchor");
            assert!((a.rating - b.rating - shift).abs() < 1e-6);
        }
    }

    #[test]
    fn bots_with_no_games_between_their_groups_are_refused() {
        let mut r = Results::default();
        r.add("random", "rules", 10.0, 3.0, 7.0);
        r.add("mcts:10", "mcts:100", 10.0, 4.0, 6.0);
        let err = fit(&r, 0).unwrap_err().to_string();
        assert!(err.contains("cannot be rated on one scale"), "{err}");
        assert!(err.contains("{random, rules} and {mcts:10, mcts:100}"), "{err}");
    }

    #[test]
    fn a_bot_that_never_lost_is_refused_unless_the_prior_is_added() {
        let mut r = Results::default();
        r.add("random", "mcts", 4.0, 0.0, 4.0);
        r.add("mcts", "mcts:50", 4.0, 1.0, 2.0);
        let err = fit(&r, 0).unwrap_err().to_string();
        assert!(err.contains("random never won"), "{err}");
        add_prior(&mut r);
        let ratings = fit(&r, 0).unwrap();
        assert!(ratings.iter().all(|x| x.rating.is_finite() && x.interval[1].is_finite()));
        assert_eq!(ratings.last().map(|x| x.bot.as_str()), Some("random"));
    }
}
