//! The five slots of a Card Display, A to E, and sets of them as the playsheets name them ("ABC").

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// One of the five positions of a Card Display.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SlotName {
    A,
    B,
    C,
    D,
    E,
}

impl SlotName {
    pub const ALL: [SlotName; 5] = [SlotName::A, SlotName::B, SlotName::C, SlotName::D, SlotName::E];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn letter(self) -> char {
        (b'A' + self as u8) as char
    }

    pub fn from_letter(c: char) -> Option<Self> {
        match c.to_ascii_uppercase() {
            'A' => Some(Self::A),
            'B' => Some(Self::B),
            'C' => Some(Self::C),
            'D' => Some(Self::D),
            'E' => Some(Self::E),
            _ => None,
        }
    }
}

impl fmt::Display for SlotName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A set of slots, written in data files as letters: `"ABDE"`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SlotSet(u8);

impl SlotSet {
    pub const EMPTY: SlotSet = SlotSet(0);

    pub fn of(slots: &[SlotName]) -> Self {
        Self(slots.iter().fold(0, |bits, s| bits | 1 << s.index()))
    }

    pub fn parse(text: &str) -> Result<Self, String> {
        let mut bits = 0u8;
        for c in text.chars() {
            let slot = SlotName::from_letter(c).ok_or_else(|| format!("'{c}' is not a slot letter (A-E)"))?;
            bits |= 1 << slot.index();
        }
        Ok(Self(bits))
    }

    pub fn contains(self, slot: SlotName) -> bool {
        self.0 & (1 << slot.index()) != 0
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn iter(self) -> impl Iterator<Item = SlotName> {
        SlotName::ALL.into_iter().filter(move |s| self.contains(*s))
    }

    /// "A, B or C", as a player would say it.
    pub fn describe(self) -> String {
        let letters: Vec<String> = self.iter().map(|s| s.to_string()).collect();
        match letters.len() {
            0 => "no slot".into(),
            1 => letters[0].clone(),
            n => format!("{} or {}", letters[..n - 1].join(", "), letters[n - 1]),
        }
    }
}

impl fmt::Display for SlotSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for s in self.iter() {
            write!(f, "{s}")?;
        }
        Ok(())
    }
}

impl Serialize for SlotSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for SlotSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        SlotSet::parse(&text).map_err(serde::de::Error::custom)
    }
}

impl Serialize for SlotName {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for SlotName {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        let mut chars = text.chars();
        match (chars.next().and_then(SlotName::from_letter), chars.next()) {
            (Some(slot), None) => Ok(slot),
            _ => Err(serde::de::Error::custom(format!("'{text}' is not a slot letter (A-E)"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slot_sets_parse_and_describe() {
        let set = SlotSet::parse("abc").expect("slot letters");
        assert!(set.contains(SlotName::A) && set.contains(SlotName::C) && !set.contains(SlotName::D));
        assert_eq!(set.describe(), "A, B or C");
        assert_eq!(SlotSet::parse("DE").expect("slot letters").describe(), "D or E");
        assert!(SlotSet::parse("AF").expect_err("F is not a slot").contains("'F'"));
    }
}
