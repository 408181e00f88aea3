//! The Random Card Selection Chart: one d6 picks among up to five face-up cards, rerolling the
//! results the chart leaves open (5 and 6 with four cards, 6 with five). A second roll picks within
//! a slot that holds several cards. For six candidates we read the die directly, and beyond six (a
//! slot stacked that high) we roll twice and read the pair as one of 36, rerolling the excess; the
//! printed chart never gets there.

/// What one roll on the chart means for `candidates` choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChartResult {
    /// Take the candidate with this 0-based index.
    Pick(usize),
    /// The chart says roll again.
    Reroll,
}

/// Whether `candidates` choices need a roll at all ("No Roll" with one card).
pub fn needs_roll(candidates: usize) -> bool {
    candidates > 1
}

/// Dice needed for one reading: one, or two beyond six candidates.
pub fn dice_per_reading(candidates: usize) -> usize {
    if candidates > 6 { 2 } else { 1 }
}

/// Reads the chart. `dice` holds one d6 (1..=6), or two for more than six candidates.
pub fn read_chart(candidates: usize, dice: &[u8]) -> ChartResult {
    let d = |i: usize| dice.get(i).map_or(0, |v| usize::from(v.clamp(&1, &6) - 1));
    match candidates {
        0 | 1 => ChartResult::Pick(0),
        // 1-3, 4-6.
        2 => ChartResult::Pick(d(0) / 3),
        // 1-2, 3-4, 5-6.
        3 => ChartResult::Pick(d(0) / 2),
        // 1-4, reroll 5 and 6 / 1-5, reroll 6 / direct.
        4..=6 => {
            if d(0) < candidates {
                ChartResult::Pick(d(0))
            } else {
                ChartResult::Reroll
            }
        }
        n => {
            let v = d(0) * 6 + d(1);
            let usable = 36 / n.min(36) * n.min(36);
            if v < usable { ChartResult::Pick(v % n.min(36)) } else { ChartResult::Reroll }
        }
    }
}

/// The exact chance of each candidate, by enumerating every reading and discarding rerolls.
pub fn exact_odds(candidates: usize) -> Vec<f64> {
    let dice = dice_per_reading(candidates);
    let readings: Vec<Vec<u8>> = if dice == 1 {
        (1..=6).map(|a| vec![a]).collect()
    } else {
        (1..=6).flat_map(|a| (1..=6).map(move |b| vec![a, b])).collect()
    };
    let mut hits = vec![0u32; candidates.max(1)];
    let mut kept = 0u32;
    for r in &readings {
        if let ChartResult::Pick(i) = read_chart(candidates, r) {
            hits[i] += 1;
            kept += 1;
        }
    }
    hits.iter().map(|&h| f64::from(h) / f64::from(kept)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chart_rows_read_as_printed() {
        assert_eq!(read_chart(2, &[3]), ChartResult::Pick(0));
        assert_eq!(read_chart(2, &[4]), ChartResult::Pick(1));
        assert_eq!(read_chart(3, &[2]), ChartResult::Pick(0));
        assert_eq!(read_chart(3, &[3]), ChartResult::Pick(1));
        assert_eq!(read_chart(3, &[6]), ChartResult::Pick(2));
        assert_eq!(read_chart(4, &[4]), ChartResult::Pick(3));
        assert_eq!(read_chart(4, &[5]), ChartResult::Reroll);
        assert_eq!(read_chart(4, &[6]), ChartResult::Reroll);
        assert_eq!(read_chart(5, &[5]), ChartResult::Pick(4));
        assert_eq!(read_chart(5, &[6]), ChartResult::Reroll);
        assert!(!needs_roll(1));
        assert!(needs_roll(2));
    }

    #[test]
    fn every_candidate_has_equal_odds_by_enumeration() {
        for n in 1..=12 {
            let odds = exact_odds(n);
            assert_eq!(odds.len(), n);
            for p in &odds {
                assert!((p - 1.0 / n as f64).abs() < 1e-12, "{n} candidates: {odds:?}");
            }
        }
    }
}
