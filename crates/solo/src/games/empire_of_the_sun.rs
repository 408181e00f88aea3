//! Empire of the Sun's special rules (being written: see docs/playsheet-rules.md for what is done).

use super::SpecialRules;

pub(super) struct Rules;

impl SpecialRules for Rules {}
