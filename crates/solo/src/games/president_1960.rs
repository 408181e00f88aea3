//! 1960: The Making of the President's special rules (being written: see docs/playsheet-rules.md for what is done).

use super::SpecialRules;

pub(super) struct Rules;

impl SpecialRules for Rules {}
