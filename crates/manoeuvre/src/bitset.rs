//! 64-bit sets, the representation of both squares of the board and cards of an army.

/// The members of a set, lowest first.
pub fn members(mut set: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let member = set.trailing_zeros() as u8;
        set &= set - 1;
        Some(member)
    })
}

/// Appends `make(member)` for each member of `set`, lowest first. The list grows once: a map over
/// a range has an exact length the standard library trusts, so the actions are written without
/// checking the capacity on each, which on the long lists of a step (a deck's draws, a unit's
/// moves) costs far less than pushing them one at a time.
#[inline]
pub fn extend_members<T>(out: &mut Vec<T>, set: u64, make: impl Fn(u8) -> T) {
    let mut rest = set;
    out.extend((0..set.count_ones()).map(|_| {
        let member = rest.trailing_zeros() as u8;
        rest &= rest - 1;
        make(member)
    }));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extend_members_appends_each_member_lowest_first_after_what_the_list_held() {
        for set in [0u64, 1, 1 << 63, 0b1011_0010, u64::MAX, 0x8000_0000_0000_0001, 0x0F0F_F0F0_1234_8001] {
            let mut out = vec![200u16];
            extend_members(&mut out, set, |m| u16::from(m) * 2);
            let expected: Vec<u16> = std::iter::once(200).chain(members(set).map(|m| u16::from(m) * 2)).collect();
            assert_eq!(out, expected, "set {set:#x}");
        }
    }
}
