//! The battlefield: 8x8 squares built from four 4x4 map sections, each turned to one of four
//! orientations. Squares are numbered `row * 8 + col`, row 0 being the south edge, and named like a
//! chessboard (`a1` is the south-west corner, `h8` the north-east). The south player's home rows are
//! ranks 1-2, the north player's ranks 7-8. Nothing ever happens on a diagonal, so neighbours are the
//! four orthogonal squares; sets of squares are 64-bit masks.

use crate::data::model::{MapSection, Terrain};

/// A square, 0..64.
pub type Square = u8;

pub const SQUARES: usize = 64;

pub fn row(sq: Square) -> u8 {
    sq / 8
}

pub fn col(sq: Square) -> u8 {
    sq % 8
}

pub fn square(row: u8, col: u8) -> Square {
    row * 8 + col
}

/// The chessboard name of a square, `a1` to `h8`.
pub fn name(sq: Square) -> String {
    format!("{}{}", (b'a' + col(sq)) as char, row(sq) + 1)
}

/// Parses `a1`..`h8`.
pub fn parse(text: &str) -> Option<Square> {
    let bytes = text.as_bytes();
    if bytes.len() != 2 {
        return None;
    }
    let c = bytes[0].to_ascii_lowercase().checked_sub(b'a')?;
    let r = bytes[1].checked_sub(b'1')?;
    (c < 8 && r < 8).then(|| square(r, c))
}

pub fn bit(sq: Square) -> u64 {
    1u64 << sq
}

/// The orthogonal neighbours of every square, as masks.
pub const NEIGHBOURS: [u64; SQUARES] = {
    let mut table = [0u64; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let (r, c) = (sq / 8, sq % 8);
        let mut m = 0u64;
        if r > 0 {
            m |= 1 << (sq - 8);
        }
        if r < 7 {
            m |= 1 << (sq + 8);
        }
        if c > 0 {
            m |= 1 << (sq - 1);
        }
        if c < 7 {
            m |= 1 << (sq + 1);
        }
        table[sq] = m;
        sq += 1;
    }
    table
};

/// Every square orthogonally next to a square of `set` (squares of `set` included when they are
/// next to another one): the union of their neighbours, by shifting the whole board at once.
pub fn next_to(set: u64) -> u64 {
    const FILE_A: u64 = 0x0101_0101_0101_0101;
    const FILE_H: u64 = FILE_A << 7;
    (set << 8) | (set >> 8) | ((set << 1) & !FILE_A) | ((set >> 1) & !FILE_H)
}

pub fn neighbours(sq: Square) -> u64 {
    NEIGHBOURS[sq as usize]
}

pub fn adjacent(a: Square, b: Square) -> bool {
    neighbours(a) & bit(b) != 0
}

/// Iterates the squares of a mask in increasing order.
pub fn squares(mask: u64) -> impl Iterator<Item = Square> {
    crate::bitset::members(mask)
}

/// Which end of the battlefield a player starts from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Edge {
    South,
    North,
}

impl Edge {
    /// The two home rows.
    pub fn home_rows(self) -> u64 {
        match self {
            Edge::South => 0xFFFF,
            Edge::North => 0xFFFF << 48,
        }
    }

    /// The half of the battlefield this side starts in (ranks 1-4 or 5-8).
    pub fn half(self) -> u64 {
        match self {
            Edge::South => 0xFFFF_FFFF,
            Edge::North => 0xFFFF_FFFF << 32,
        }
    }

    /// The square one step toward this edge, if any.
    pub fn toward(self, sq: Square) -> Option<Square> {
        match self {
            Edge::South => sq.checked_sub(8),
            Edge::North => (row(sq) < 7).then_some(sq + 8),
        }
    }

    pub fn opposite(self) -> Edge {
        match self {
            Edge::South => Edge::North,
            Edge::North => Edge::South,
        }
    }
}

/// The two flank squares of `sq` (west, east), where they exist.
pub fn flanks(sq: Square) -> [Option<Square>; 2] {
    [(col(sq) > 0).then(|| sq - 1), (col(sq) < 7).then(|| sq + 1)]
}

/// A section placed on the battlefield: which section, turned by `quarter_turns` x 90 degrees
/// clockwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    pub section: u8,
    pub quarter_turns: u8,
}

/// The side of the first player's layout that the second player chose as its starting edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LayoutEdge {
    Top,
    Right,
    Bottom,
    Left,
}

impl LayoutEdge {
    pub const ALL: [LayoutEdge; 4] = [LayoutEdge::Top, LayoutEdge::Right, LayoutEdge::Bottom, LayoutEdge::Left];

    pub fn word(self) -> &'static str {
        match self {
            LayoutEdge::Top => "top",
            LayoutEdge::Right => "right",
            LayoutEdge::Bottom => "bottom",
            LayoutEdge::Left => "left",
        }
    }
}

/// Terrain of a section square at (r, c) after turning it `turns` quarter turns clockwise.
fn turned(section: &MapSection, turns: u8, r: usize, c: usize) -> Terrain {
    // Turning clockwise once sends (r, c) to (c, 3 - r); undo that to find the source square.
    let (mut r, mut c) = (r, c);
    for _ in 0..turns % 4 {
        (r, c) = (3 - c, r);
    }
    section.squares[r * 4 + c]
}

/// Builds the battlefield. `placements` are the top-left, top-right, bottom-left and bottom-right
/// sections of the first player's layout; `south` is the layout edge that becomes rank 1 (the second
/// player's starting edge).
pub fn assemble(sections: &[MapSection], placements: [Placement; 4], south: LayoutEdge) -> Option<[Terrain; SQUARES]> {
    let mut layout = [[Terrain::Clear; 8]; 8];
    for (i, p) in placements.iter().enumerate() {
        let section = sections.iter().find(|s| s.number == p.section)?;
        let (r0, c0) = ((i / 2) * 4, (i % 2) * 4);
        for r in 0..4 {
            for c in 0..4 {
                layout[r0 + r][c0 + c] = turned(section, p.quarter_turns, r, c);
            }
        }
    }
    let mut out = [Terrain::Clear; SQUARES];
    for (lr, layout_row) in layout.iter().enumerate() {
        for (lc, &terrain) in layout_row.iter().enumerate() {
            // Seen from the chosen edge, looking into the battlefield: that edge is rank 1.
            let (row, col) = match south {
                LayoutEdge::Bottom => (7 - lr, lc),
                LayoutEdge::Top => (lr, 7 - lc),
                LayoutEdge::Left => (lc, lr),
                LayoutEdge::Right => (7 - lc, 7 - lr),
            };
            out[row * 8 + col] = terrain;
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for sq in 0..64 {
            assert_eq!(parse(&name(sq)), Some(sq));
        }
        assert_eq!(name(0), "a1");
        assert_eq!(name(63), "h8");
        assert_eq!(parse("i1"), None);
        assert_eq!(parse("a9"), None);
    }

    #[test]
    fn next_to_is_the_union_of_the_neighbours_of_every_square() {
        let mut set = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..200 {
            set = set.rotate_left(11) ^ (set >> 5);
            let union = squares(set).fold(0, |m, sq| m | neighbours(sq));
            assert_eq!(next_to(set), union);
        }
        assert_eq!(next_to(bit(7)), bit(6) | bit(15), "no wrap from file h to file a");
        assert_eq!(next_to(bit(8)), bit(0) | bit(16) | bit(9), "no wrap from file a to file h");
    }

    #[test]
    fn rule_1_1_no_diagonals() {
        assert_eq!(squares(neighbours(0)).collect::<Vec<_>>(), vec![1, 8]);
        assert_eq!(neighbours(square(3, 3)).count_ones(), 4);
        assert!(!adjacent(square(3, 3), square(4, 4)));
        assert!(adjacent(square(3, 3), square(4, 3)));
    }

    #[test]
    fn edges_and_retreat_directions() {
        assert_eq!(Edge::South.toward(square(3, 2)), Some(square(2, 2)));
        assert_eq!(Edge::South.toward(square(0, 2)), None);
        assert_eq!(Edge::North.toward(square(7, 2)), None);
        assert_eq!(Edge::North.home_rows().count_ones(), 16);
        assert_eq!(Edge::South.home_rows() & Edge::North.home_rows(), 0);
        assert_eq!(flanks(square(2, 0)), [None, Some(square(2, 1))]);
    }

    fn section(number: u8) -> MapSection {
        let mut squares = [Terrain::Clear; 16];
        squares[0] = Terrain::Hills; // top-left corner marks the orientation
        squares[1] = Terrain::Woods;
        MapSection { number, squares }
    }

    #[test]
    fn orientation_turns_sections_clockwise() {
        let s = section(1);
        // After one clockwise quarter turn, the top-left corner moves to the top-right.
        assert_eq!(turned(&s, 1, 0, 3), Terrain::Hills);
        assert_eq!(turned(&s, 1, 1, 3), Terrain::Woods);
        assert_eq!(turned(&s, 2, 3, 3), Terrain::Hills);
        assert_eq!(turned(&s, 3, 3, 0), Terrain::Hills);
        assert_eq!(turned(&s, 4, 0, 0), Terrain::Hills);
    }

    #[test]
    fn the_chosen_edge_becomes_rank_one() {
        let sections = [section(1), section(2), section(3), section(4)];
        let p = |n| Placement { section: n, quarter_turns: 0 };
        let placements = [p(1), p(2), p(3), p(4)];
        // Layout top-left square (Hills) seen from the bottom edge is a8.
        let board = assemble(&sections, placements, LayoutEdge::Bottom).unwrap();
        assert_eq!(board[parse("a8").unwrap() as usize], Terrain::Hills);
        let board = assemble(&sections, placements, LayoutEdge::Top).unwrap();
        assert_eq!(board[parse("h1").unwrap() as usize], Terrain::Hills);
        let board = assemble(&sections, placements, LayoutEdge::Left).unwrap();
        assert_eq!(board[parse("a1").unwrap() as usize], Terrain::Hills);
        let board = assemble(&sections, placements, LayoutEdge::Right).unwrap();
        assert_eq!(board[parse("h8").unwrap() as usize], Terrain::Hills);
        assert!(assemble(&sections, [p(1), p(2), p(3), p(9)], LayoutEdge::Bottom).is_none());
    }
}
