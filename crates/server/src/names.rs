//! A saved game's name as a person types it: trimmed and bounded, and refused when it holds
//! characters a terminal listing the games would obey, or invisible ones that would make the list
//! read other than it is.

use crate::error::ApiError;

/// The longest name a game may have, in characters.
pub const NAME_LIMIT: usize = 120;

/// A game's name as the player typed it, trimmed; refused when empty, too long, or holding control
/// characters (which a terminal listing the games would obey) or invisible ones that change how the
/// text around them reads (a right-to-left override makes "evil.exe" look like "exe.live").
pub fn check_name(name: &str) -> Result<String, ApiError> {
    let name = name.trim();
    if name.is_empty() || name.chars().any(char::is_control) {
        return Err(ApiError::bad("a game's name must be some text without control characters"));
    }
    if let Some(c) = name.chars().find(|&c| invisible(c)) {
        return Err(ApiError::bad(format!(
            "a game's name may not hold the invisible character U+{:04X} (a direction mark, a zero-width space or a \
             byte order mark): type the name again without it",
            u32::from(c)
        )));
    }
    if name.chars().count() > NAME_LIMIT {
        return Err(ApiError::bad(format!("a game's name may have at most {NAME_LIMIT} characters")));
    }
    Ok(name.to_string())
}

/// The invisible format characters a name may not hold: the bidirectional controls, zero-width
/// spaces and marks, the byte order mark, and the like (Unicode's format category). The zero-width
/// joiner and non-joiner stay allowed: emoji sequences and Persian or Indic words need them.
fn invisible(c: char) -> bool {
    matches!(u32::from(c),
        0x00AD | 0x061C | 0x180E | 0x200B | 0x200E | 0x200F | 0x202A..=0x202E | 0x2060..=0x2064 | 0x2066..=0x206F
        | 0xFEFF | 0xFFF9..=0xFFFB | 0x1D173..=0x1D17A | 0xE0001 | 0xE0020..=0xE007F)
}
