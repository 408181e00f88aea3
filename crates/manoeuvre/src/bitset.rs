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
pub fn extend_members<const N: usize, T: Copy>(out: &mut Vec<T>, set: u64, make: impl Fn(u8) -> T) {
    let len = out.len() + set.count_ones() as usize;
    let mut rest = set;
    while rest != 0 {
        let group: [T; N] = std::array::from_fn(|_| {
            let member = rest.trailing_zeros() as u8;
            rest &= rest.wrapping_sub(1);
            make(member)
        });
        out.extend_from_slice(&group);
    }
    out.truncate(len);
}

/// [`extend_members`] for a set known to hold at most `N` members: one group is written even for
/// an empty set, so that no branch depends on the set at all.
#[inline]
pub fn extend_few_members<const N: usize, T: Copy>(out: &mut Vec<T>, set: u64, make: impl Fn(u8) -> T) {
    debug_assert!(set.count_ones() as usize <= N, "more than {N} members");
    let len = out.len() + set.count_ones() as usize;
    let mut rest = set;
    let group: [T; N] = std::array::from_fn(|_| {
        let member = rest.trailing_zeros() as u8;
        rest &= rest.wrapping_sub(1);
        make(member)
    });
    out.extend_from_slice(&group);
    out.truncate(len);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extend_members_appends_each_member_lowest_first_after_what_the_list_held() {
        for set in [0u64, 1, 1 << 63, 0b1011_0010, u64::MAX, 0x8000_0000_0000_0001, 0x0F0F_F0F0_1234_8001] {
            let mut out = vec![200u16];
            extend_members::<4, _>(&mut out, set, |m| u16::from(m) * 2);
            let expected: Vec<u16> = std::iter::once(200).chain(members(set).map(|m| u16::from(m) * 2)).collect();
            assert_eq!(out, expected, "set {set:#x}");
        }
    }
}
