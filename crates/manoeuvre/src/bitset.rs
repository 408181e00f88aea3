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

/// Appends `make(member)` for each member of `set`, lowest first. The members are written `N` at a
/// time, the last group padded with `make(64)` that the final truncation drops: a loop that stops
/// after each member stops at a different place on every list, which the processor mispredicts
/// once a list, while a set of at most `N` members takes one pass whatever its size.
#[inline]
pub fn extend_members<const N: usize, T: Copy>(out: &mut Vec<T>, set: u64, make: impl Fn(u8) -> T + Copy) {
    let len = out.len() + set.count_ones() as usize;
    let mut rest = set;
    while rest != 0 {
        out.extend_from_slice(&next_group::<N, T>(&mut rest, make));
    }
    out.truncate(len);
}

/// [`extend_members`] for a set that cannot hold more than `N` members, as the board's geometry
/// bounds a unit's squares (four beside it, twelve within two steps): one group is written even for
/// an empty set, so that no branch depends on the set at all. Debug builds check the bound.
#[inline]
pub fn extend_few_members<const N: usize, T: Copy>(out: &mut Vec<T>, set: u64, make: impl Fn(u8) -> T + Copy) {
    debug_assert!(set.count_ones() as usize <= N, "more than {N} members");
    let len = out.len() + set.count_ones() as usize;
    let mut rest = set;
    out.extend_from_slice(&next_group::<N, T>(&mut rest, make));
    out.truncate(len);
}

/// The next `N` members taken off `rest`, lowest first, made into list items; once `rest` is empty
/// the rest of the group is `make(64)`.
#[inline]
fn next_group<const N: usize, T>(rest: &mut u64, make: impl Fn(u8) -> T) -> [T; N] {
    std::array::from_fn(|_| {
        let member = rest.trailing_zeros() as u8;
        *rest &= rest.wrapping_sub(1);
        make(member)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expected(set: u64) -> Vec<u16> {
        std::iter::once(200).chain(members(set).map(|m| u16::from(m) * 2)).collect()
    }

    #[test]
    fn extend_members_appends_each_member_lowest_first_after_what_the_list_held() {
        // Sets that fill no group, part of one, exactly one, and several (the last one partly).
        for set in
            [0u64, 1, 1 << 63, 0b1011_0010, 0b1111, 0b1_1111, u64::MAX, 0x8000_0000_0000_0001, 0x0F0F_F0F0_1234_8001]
        {
            let mut out = vec![200u16];
            extend_members::<4, _>(&mut out, set, |m| u16::from(m) * 2);
            assert_eq!(out, expected(set), "groups of 4, set {set:#x}");
            let mut out = vec![200u16];
            extend_members::<5, _>(&mut out, set, |m| u16::from(m) * 2);
            assert_eq!(out, expected(set), "groups of 5, set {set:#x}");
            let mut out = vec![200u16];
            extend_members::<8, _>(&mut out, set, |m| u16::from(m) * 2);
            assert_eq!(out, expected(set), "groups of 8, set {set:#x}");
        }
    }

    #[test]
    fn extend_few_members_appends_each_member_of_a_small_set_and_nothing_for_an_empty_one() {
        for set in [0u64, 1, 1 << 63, 0b1011_0010, 0b1111, (1 << 9) | (1 << 17) | (1 << 63)] {
            let mut out = vec![200u16];
            extend_few_members::<4, _>(&mut out, set, |m| u16::from(m) * 2);
            assert_eq!(out, expected(set), "set {set:#x}");
        }
        // Twelve members: every square two steps or fewer from d4, the most a unit that goes two
        // squares can reach.
        let ring = 0x0000_081C_361C_0800u64;
        assert_eq!(ring.count_ones(), 12);
        let mut out = vec![200u16];
        extend_few_members::<12, _>(&mut out, ring, |m| u16::from(m) * 2);
        assert_eq!(out, expected(ring));
    }
}
