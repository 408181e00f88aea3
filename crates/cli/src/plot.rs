//! The simulator's charts, each written as SVG and PNG: the win-rate matrix of the nations of a run
//! and the ladder of bot ratings. Both are drawn by one function per chart over any plotters backend,
//! so the two files always show the same picture.
//!
//! Text in a PNG is rasterised from a font file (DejaVu Sans) read at run time: plotters' own system
//! font lookup needs fontconfig and breaks on minimal machines, while one known file either is there
//! or gives a clear message naming the package that installs it.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use anyhow::{Context, Result, anyhow};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::register_font;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::sim::wilson;

/// The font family name the charts ask for; the font read from disk is registered under it.
const FONT: &str = "sans-serif";

/// Where Debian's `fonts-dejavu-core` (and other distributions' DejaVu packages) put the fonts.
const FONT_DIRS: [&str; 3] = ["/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/TTF", "/usr/share/fonts/dejavu"];

/// Registers DejaVu Sans (and its bold face, when present) once per process.
fn load_font() -> Result<()> {
    static LOADED: OnceLock<Result<(), String>> = OnceLock::new();
    LOADED
        .get_or_init(|| {
            let read = |file: &str| FONT_DIRS.iter().find_map(|dir| std::fs::read(Path::new(dir).join(file)).ok());
            let Some(regular) = read("DejaVuSans.ttf") else {
                return Err(format!(
                    "the plots need the font DejaVuSans.ttf (looked in {}); install it with `apt-get install fonts-dejavu-core`",
                    FONT_DIRS.join(", ")
                ));
            };
            // plotters keeps the font for the whole process; it is read once, so leaking it is bounded.
            let regular: &'static [u8] = Box::leak(regular.into_boxed_slice());
            register_font(FONT, FontStyle::Normal, regular)
                .map_err(|_| "DejaVuSans.ttf is not a font file plotters can read".to_string())?;
            if let Some(bold) = read("DejaVuSans-Bold.ttf") {
                let bold: &'static [u8] = Box::leak(bold.into_boxed_slice());
                // Without the bold face titles fall back to the regular one: no reason to fail.
                let _ = register_font(FONT, FontStyle::Bold, bold);
            }
            Ok(())
        })
        .clone()
        .map_err(|e| anyhow!(e))
}

/// Draws one chart into `DIR/NAME.svg` and `DIR/NAME.png` (creating `DIR`), returning both paths.
fn write_both(dir: &Path, name: &str, size: (u32, u32), draw: impl Fn(Canvas) -> Result<()>) -> Result<[PathBuf; 2]> {
    load_font()?;
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create the directory {}", dir.display()))?;
    let svg = dir.join(format!("{name}.svg"));
    let png = dir.join(format!("{name}.png"));
    {
        let area = SVGBackend::new(&svg, size).into_drawing_area();
        draw(Canvas::Svg(area)).with_context(|| format!("cannot draw {}", svg.display()))?;
    }
    {
        let area = BitMapBackend::new(&png, size).into_drawing_area();
        draw(Canvas::Png(area)).with_context(|| format!("cannot draw {}", png.display()))?;
    }
    Ok([svg, png])
}

/// A drawing area of either backend, so that one chart function serves both files.
enum Canvas<'a> {
    Svg(DrawingArea<SVGBackend<'a>, Shift>),
    Png(DrawingArea<BitMapBackend<'a>, Shift>),
}

/// Calls a generic drawing function on whichever backend the canvas holds.
macro_rules! on_canvas {
    ($canvas:expr, $f:expr) => {
        match $canvas {
            Canvas::Svg(area) => $f(&area).map_err(|e| anyhow!("{e}")),
            Canvas::Png(area) => $f(&area).map_err(|e| anyhow!("{e}")),
        }
    };
}

/// What the win-rate matrix shows: the nations of a run and, for each ordered pair, the games
/// the row nation won against the column nation out of the games they played (both seats).
pub struct WinMatrix {
    /// Which bots played, and how the games were held, for the subtitle.
    pub description: String,
    pub games: u32,
    pub nations: Vec<String>,
    /// `cells[row][column]`: (wins of the row nation, games of the pairing); `None` when not played.
    pub cells: Vec<Vec<Option<(u32, u32)>>>,
}

impl WinMatrix {
    /// Builds the matrix from a run's pairings `(armies, games, wins of each army)`, the nations
    /// ordered by their share of wins over all their games, strongest first (ties in the order
    /// they first appear), so the strong rows gather at the top.
    pub fn from_pairings<'a>(
        description: String,
        pairings: impl IntoIterator<Item = (&'a [String; 2], u32, [u32; 2])>,
    ) -> WinMatrix {
        let pairings: Vec<_> = pairings.into_iter().collect();
        let mut nations: Vec<String> = Vec::new();
        for (armies, _, _) in &pairings {
            for a in armies.iter() {
                if !nations.contains(a) {
                    nations.push(a.clone());
                }
            }
        }
        let n = nations.len();
        let mut cells = vec![vec![None; n]; n];
        let mut games = 0;
        for (armies, played, wins) in &pairings {
            games += played;
            if *played == 0 {
                continue;
            }
            let index = |code: &String| nations.iter().position(|c| c == code).unwrap_or(0);
            let [a, b] = [index(&armies[0]), index(&armies[1])];
            for (row, col, won) in [(a, b, wins[0]), (b, a, wins[1])] {
                let cell: &mut Option<(u32, u32)> = &mut cells[row][col];
                let (w, g) = cell.unwrap_or((0, 0));
                *cell = Some((w + won, g + played));
            }
        }
        let share = |row: &Vec<Option<(u32, u32)>>| {
            let (w, g) = row.iter().flatten().fold((0, 0), |(w, g), (cw, cg)| (w + cw, g + cg));
            if g == 0 { 0.0 } else { f64::from(w) / f64::from(g) }
        };
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by(|&a, &b| share(&cells[b]).total_cmp(&share(&cells[a])).then(a.cmp(&b)));
        let nations = order.iter().map(|&i| nations[i].clone()).collect();
        let cells = order.iter().map(|&r| order.iter().map(|&c| cells[r][c]).collect()).collect();
        WinMatrix { description, games, nations, cells }
    }
}

/// The diverging scale of the matrix: red below 50%, white at 50%, blue above.
fn diverging(rate: f64) -> RGBColor {
    let t = (rate.clamp(0.0, 1.0) - 0.5) * 2.0;
    let (end, t) = if t < 0.0 { ((202.0, 0.0, 32.0), -t) } else { ((5.0, 113.0, 176.0), t) };
    let mix = |e: f64| (247.0 + (e - 247.0) * t).round() as u8;
    RGBColor(mix(end.0), mix(end.1), mix(end.2))
}

/// Black text on light cells, white on dark ones.
fn text_on(fill: RGBColor) -> RGBColor {
    let RGBColor(r, g, b) = fill;
    let luminance = 0.299 * f64::from(r) + 0.587 * f64::from(g) + 0.114 * f64::from(b);
    if luminance < 140.0 { WHITE } else { BLACK }
}

/// Writes `DIR/win-rate-matrix.svg` and `.png`.
pub fn win_rate_matrix(dir: &Path, matrix: &WinMatrix) -> Result<[PathBuf; 2]> {
    let n = matrix.nations.len().max(1) as i32;
    let cell = if n <= 4 { 130 } else { 84 };
    let (margin, top, bottom) = (70, 130, 90);
    let width = (2 * margin + cell * n).max(760);
    // The grid stands in the middle; the row labels take the left margin.
    let left = (width - cell * n) / 2;
    let height = top + bottom + cell * n;
    write_both(dir, "win-rate-matrix", (width as u32, height as u32), |canvas| {
        on_canvas!(canvas, |area: &DrawingArea<_, Shift>| draw_matrix(area, matrix, cell, (left, top)))
    })
}

fn draw_matrix<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    matrix: &WinMatrix,
    cell: i32,
    (left, top): (i32, i32),
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    area.fill(&WHITE)?;
    let (width, _) = area.dim_in_pixel();
    let centre = Pos::new(HPos::Center, VPos::Center);
    let n = matrix.nations.len() as i32;
    let grid_width = cell * n;
    let mid_x = width as i32 / 2;
    let title = format!("Win rate of the row nation against the column nation ({} games)", matrix.games);
    area.draw(&Text::new(title, (mid_x, 24), (FONT, 20, FontStyle::Bold).into_font().color(&BLACK).pos(centre)))?;
    area.draw(&Text::new(matrix.description.clone(), (mid_x, 50), (FONT, 15).into_font().color(&BLACK).pos(centre)))?;
    area.draw(&Text::new(
        "Each cell: the row nation's wins over both seats (a draw is no win), 95% Wilson interval below; \u{2014}: not played",
        (mid_x, 72),
        (FONT, 13).into_font().color(&RGBColor(90, 90, 90)).pos(centre),
    ))?;
    let axis = (FONT, 15, FontStyle::Bold).into_font().color(&BLACK);
    area.draw(&Text::new("against", (left + grid_width / 2, top - 36), axis.pos(centre)))?;
    for (i, code) in matrix.nations.iter().enumerate() {
        let i = i as i32;
        let c = left + i * cell + cell / 2;
        area.draw(&Text::new(code.clone(), (c, top - 12), axis.pos(centre)))?;
        let r = top + i * cell + cell / 2;
        area.draw(&Text::new(code.clone(), (left - 10, r), axis.pos(Pos::new(HPos::Right, VPos::Center))))?;
    }
    let big = if cell >= 120 { 22 } else { 17 };
    let small = if cell >= 120 { 14 } else { 11 };
    for (row, cells) in matrix.cells.iter().enumerate() {
        for (col, value) in cells.iter().enumerate() {
            let (x, y) = (left + col as i32 * cell, top + row as i32 * cell);
            let Some((wins, games)) = *value else {
                // Not played: a dash, so that it is not read as an even 50%.
                area.draw(&Rectangle::new([(x, y), (x + cell, y + cell)], RGBColor(225, 225, 225).stroke_width(1)))?;
                let dash = (FONT, big).into_font().color(&RGBColor(170, 170, 170)).pos(centre);
                area.draw(&Text::new("\u{2014}", (x + cell / 2, y + cell / 2), dash))?;
                continue;
            };
            let rate = f64::from(wins) / f64::from(games.max(1));
            let fill = diverging(rate);
            area.draw(&Rectangle::new([(x, y), (x + cell, y + cell)], fill.filled()))?;
            area.draw(&Rectangle::new([(x, y), (x + cell, y + cell)], WHITE.stroke_width(1)))?;
            let ink = text_on(fill);
            let [lo, hi] = wilson(wins, games);
            let c = x + cell / 2;
            area.draw(&Text::new(
                format!("{:.0}%", 100.0 * rate),
                (c, y + cell / 2 - small / 2 - 2),
                (FONT, big).into_font().color(&ink).pos(centre),
            ))?;
            area.draw(&Text::new(
                format!("{:.0}-{:.0}%", 100.0 * lo, 100.0 * hi),
                (c, y + cell / 2 + big / 2 + 2),
                (FONT, small).into_font().color(&ink).pos(centre),
            ))?;
        }
    }
    // The colour key under the grid: 0% to 100% with 50% neutral.
    let key_y = top + grid_width + 30;
    let key_width = grid_width.clamp(200, 400);
    let key_x = left + (grid_width - key_width) / 2;
    for step in 0..key_width {
        let colour = diverging(f64::from(step) / f64::from(key_width - 1));
        area.draw(&Rectangle::new([(key_x + step, key_y), (key_x + step + 1, key_y + 14)], colour.filled()))?;
    }
    area.draw(&Rectangle::new(
        [(key_x, key_y), (key_x + key_width, key_y + 14)],
        RGBColor(120, 120, 120).stroke_width(1),
    ))?;
    let label = (FONT, 13).into_font().color(&BLACK);
    for (share, text) in [(0.0, "0%"), (0.5, "50%"), (1.0, "100%")] {
        let x = key_x + (share * f64::from(key_width)) as i32;
        area.draw(&Text::new(text, (x, key_y + 28), label.pos(centre)))?;
    }
    area.draw(&Text::new(
        "row nation wins",
        (key_x + key_width + 10, key_y + 7),
        label.pos(Pos::new(HPos::Left, VPos::Center)),
    ))?;
    area.present()
}

/// One rung of the ladder chart.
pub struct Rung {
    pub bot: String,
    pub rating: f64,
    pub interval: [f64; 2],
}

/// Writes `DIR/ladder.svg` and `.png`: one row per bot, strongest on top, its rating as a dot with
/// the 95% interval as whiskers.
pub fn ladder(dir: &Path, title: &str, note: &str, rungs: &[Rung]) -> Result<[PathBuf; 2]> {
    let height = 150 + 46 * rungs.len().max(1) as u32;
    write_both(dir, "ladder", (820, height), |canvas| {
        on_canvas!(canvas, |area: &DrawingArea<_, Shift>| draw_ladder(area, title, note, rungs))
    })
}

fn draw_ladder<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    title: &str,
    note: &str,
    rungs: &[Rung],
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    area.fill(&WHITE)?;
    let n = rungs.len();
    let lowest = rungs.iter().map(|r| r.interval[0].min(r.rating)).fold(0.0_f64, f64::min);
    let highest = rungs.iter().map(|r| r.interval[1].max(r.rating)).fold(0.0_f64, f64::max);
    let pad = ((highest - lowest) * 0.08).max(25.0);
    let (below, inner) = area.split_vertically(area.dim_in_pixel().1 - 26);
    let mut chart = ChartBuilder::on(&below)
        .caption(title, (FONT, 20, FontStyle::Bold).into_font())
        .margin(16)
        .x_label_area_size(42)
        .y_label_area_size(110)
        // An integer range includes its end: n rows are 0..=n-1.
        .build_cartesian_2d((lowest - pad)..(highest + pad), (0..n.max(1) - 1).into_segmented())?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .light_line_style(TRANSPARENT)
        .x_desc("rating (Elo scale)")
        .label_style((FONT, 14))
        .axis_desc_style((FONT, 15))
        .y_labels(n.max(1))
        .y_label_formatter(&|v| match v {
            // Row 0 is at the bottom: the strongest bot, first in the list, goes on top.
            SegmentValue::CenterOf(i) if *i < n => rungs[n - 1 - i].bot.clone(),
            _ => String::new(),
        })
        .x_label_formatter(&|x| if x.abs() < 0.5 { "0".into() } else { format!("{x:+.0}") })
        .draw()?;
    let blue = RGBColor(5, 113, 176);
    // The anchor's zero line, for reading the others against it.
    chart.draw_series(std::iter::once(PathElement::new(
        vec![(0.0, SegmentValue::Exact(0)), (0.0, SegmentValue::Last)],
        RGBColor(160, 160, 160).stroke_width(1),
    )))?;
    // Whiskers, dots and values are drawn in pixels: a segment has no height in data units.
    let value = (FONT, 13).into_font().color(&BLACK).pos(Pos::new(HPos::Center, VPos::Bottom));
    for (i, rung) in rungs.iter().enumerate() {
        let row = SegmentValue::CenterOf(n - 1 - i);
        let (x_lo, y) = chart.backend_coord(&(rung.interval[0], row.clone()));
        let (x_hi, _) = chart.backend_coord(&(rung.interval[1], row.clone()));
        let (x, _) = chart.backend_coord(&(rung.rating, row));
        area.draw(&PathElement::new(vec![(x_lo, y), (x_hi, y)], blue.stroke_width(2)))?;
        for cap in [x_lo, x_hi] {
            area.draw(&PathElement::new(vec![(cap, y - 7), (cap, y + 7)], blue.stroke_width(2)))?;
        }
        area.draw(&Circle::new((x, y), 6, blue.filled()))?;
        let label = if rung.interval == [0.0, 0.0] { "0 (anchor)".to_string() } else { format!("{:+.0}", rung.rating) };
        area.draw(&Text::new(label, (x, y - 9), value.clone()))?;
    }
    inner.draw(&Text::new(note.to_string(), (16, 6), (FONT, 13).into_font().color(&RGBColor(90, 90, 90))))?;
    area.present()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scale_is_neutral_at_half_and_diverges_to_two_hues() {
        assert_eq!(diverging(0.5), RGBColor(247, 247, 247));
        let RGBColor(r, _, b) = diverging(0.9);
        assert!(b > r, "a high rate is blue");
        let RGBColor(r, _, b) = diverging(0.1);
        assert!(r > b, "a low rate is red");
        assert_eq!(text_on(diverging(1.0)), WHITE);
        assert_eq!(text_on(diverging(0.5)), BLACK);
    }

    #[test]
    fn the_matrix_counts_both_nations_of_each_pairing() {
        let p = [["FR".to_string(), "BR".to_string()], ["FR".to_string(), "RU".to_string()]];
        let m = WinMatrix::from_pairings(String::new(), [(&p[0], 10, [6, 3]), (&p[1], 4, [1, 3])]);
        // Shares of wins: RU 3 of 4, FR 7 of 14, BR 3 of 10.
        assert_eq!(m.nations, ["RU", "FR", "BR"]);
        assert_eq!(m.games, 14);
        assert_eq!(m.cells[1][2], Some((6, 10)), "FR beat BR 6 times in 10");
        assert_eq!(m.cells[2][1], Some((3, 10)));
        assert_eq!(m.cells[0][1], Some((3, 4)), "RU beat FR 3 times in 4");
        assert_eq!(m.cells[2][0], None, "BR and RU did not meet");
        assert_eq!(m.cells[1][1], None);
    }
}
