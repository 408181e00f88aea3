//! Reading one CSV data file into rows whose cells are found by column name and whose errors carry
//! the file, the line and the column. Lines starting with `#` are comments; blank lines are skipped.

use std::ops::RangeInclusive;

use super::error::DataError;
use super::model::Dice;

/// A column that may appear in any file and is ignored, for a user's own remarks.
const NOTE_COLUMN: &str = "note";

/// The 1-based line of `text` holding byte `byte`, moved forward past comment and blank lines (the
/// CSV reader reports where it started looking, which can be before skipped lines).
pub(crate) fn line_at(text: &str, byte: u64) -> u64 {
    LineFinder::new(text).line_at(byte)
}

/// Line numbers of byte positions in one text, asked mostly in increasing order (as a reader's rows
/// come): each answer counts only the bytes since the last one, so numbering a file's rows reads it
/// once instead of once per row.
pub(crate) struct LineFinder<'a> {
    text: &'a str,
    /// The byte counted up to, and the line breaks before it.
    byte: usize,
    breaks: usize,
}

impl<'a> LineFinder<'a> {
    pub fn new(text: &'a str) -> Self {
        LineFinder { text, byte: 0, breaks: 0 }
    }

    /// As [`line_at`].
    pub fn line_at(&mut self, byte: u64) -> u64 {
        let bytes = self.text.as_bytes();
        let mut byte = usize::try_from(byte).unwrap_or(usize::MAX).min(bytes.len());
        // With Windows line ends the reader may stop between the `\r` and the `\n` of the previous line.
        while byte < bytes.len() && matches!(bytes[byte], b'\r' | b'\n') {
            byte += 1;
        }
        if byte < self.byte {
            (self.byte, self.breaks) = (0, 0);
        }
        self.breaks += bytes[self.byte..byte].iter().filter(|&&b| b == b'\n').count();
        self.byte = byte;
        let mut line = self.breaks;
        let start = bytes[..byte].iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        for content in self.text[start..].split('\n') {
            let content = content.trim();
            if content.is_empty() || content.starts_with('#') {
                line += 1;
            } else {
                break;
            }
        }
        line as u64 + 1
    }
}

/// The first character of `text` that a screen would not show as itself: a control character (a tab,
/// a bell, a line break inside quotes) or a mark that reverses the direction of the text around it,
/// which could make one name look like another.
pub(crate) fn unprintable(text: &str) -> Option<char> {
    text.chars().find(|c| {
        c.is_control() || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
    })
}

/// `text` with every character [`unprintable`] finds written as `\u{...}`, for messages that quote a
/// header or key the loader does not know (cells with such characters are refused before).
pub(crate) fn visible(text: &str) -> String {
    text.chars()
        .map(
            |c| {
                if unprintable(&c.to_string()).is_some() { format!("\\u{{{:x}}}", u32::from(c)) } else { c.to_string() }
            },
        )
        .collect()
}

/// The rows of one CSV file, each holding the expected columns in the expected order.
pub(crate) struct Table {
    pub file: &'static str,
    pub header_line: u64,
    pub columns: &'static [&'static str],
    pub rows: Vec<Row>,
}

pub(crate) struct Row {
    pub line: u64,
    values: Vec<String>,
}

impl Table {
    /// Parses `text`, checking that the header has every column of `columns` exactly once (in any
    /// order) and no unknown column, and that every row has as many cells as the header.
    /// A byte-order mark (as some spreadsheets write) is ignored.
    pub fn parse(file: &'static str, text: &str, columns: &'static [&'static str]) -> Result<Table, DataError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .comment(Some(b'#'))
            .trim(csv::Trim::All)
            .from_reader(text.as_bytes());
        let mut records = reader.records();
        let csv_error = |e: csv::Error| {
            let line = e.position().map_or(1, |p| line_at(text, p.byte()));
            DataError::invalid(file, line, "(row)", format!("not readable as CSV: {e}"))
        };
        let Some(header) = records.next().transpose().map_err(csv_error)? else {
            return Err(DataError::invalid(file, 1, columns[0], "the file has no header line"));
        };
        let mut lines = LineFinder::new(text);
        let header_line = header.position().map_or(1, |p| lines.line_at(p.byte()));
        let names: Vec<&str> = header.iter().collect();
        for (i, name) in names.iter().enumerate() {
            if *name != NOTE_COLUMN && !columns.contains(name) {
                return Err(DataError::invalid(
                    file,
                    header_line,
                    &visible(name),
                    format!("unknown column; the columns are {}", columns.join(",")),
                ));
            }
            if names[..i].contains(name) {
                return Err(DataError::invalid(file, header_line, name, "this column appears twice"));
            }
        }
        let mut positions = Vec::with_capacity(columns.len());
        for column in columns {
            match names.iter().position(|n| n == column) {
                Some(p) => positions.push(p),
                None => {
                    return Err(DataError::invalid(file, header_line, column, "the header has no such column"));
                }
            }
        }
        let mut rows = Vec::new();
        for record in records {
            let record = record.map_err(csv_error)?;
            let line = record.position().map_or(header_line, |p| lines.line_at(p.byte()));
            if record.len() != names.len() {
                let field = if record.len() < names.len() { names[record.len()] } else { "(row)" };
                return Err(DataError::invalid(
                    file,
                    line,
                    field,
                    format!("the row has {} cells but the header has {} columns", record.len(), names.len()),
                ));
            }
            for (i, cell) in record.iter().enumerate() {
                let column = names.get(i).copied().unwrap_or("(row)");
                if column == NOTE_COLUMN {
                    continue;
                }
                if let Some(bad) = unprintable(cell) {
                    return Err(DataError::invalid(
                        file,
                        line,
                        column,
                        format!(
                            "holds the invisible character U+{:04X}; names and values are shown on screens and in \
                             logs, so they may hold only printable text",
                            u32::from(bad)
                        ),
                    ));
                }
            }
            let values = positions.iter().map(|&p| record.get(p).unwrap_or("").to_string()).collect();
            rows.push(Row { line, values });
        }
        Ok(Table { file, header_line, columns, rows })
    }

    pub fn cells<'t>(&'t self, row: &'t Row) -> Cells<'t> {
        Cells { file: self.file, line: row.line, columns: self.columns, values: &row.values }
    }

    pub fn iter(&self) -> impl Iterator<Item = Cells<'_>> {
        self.rows.iter().map(|row| self.cells(row))
    }
}

/// One row with typed accessors; every accessor's error names the file, line and column.
#[derive(Clone, Copy)]
pub(crate) struct Cells<'t> {
    pub file: &'static str,
    pub line: u64,
    columns: &'static [&'static str],
    values: &'t [String],
}

impl<'t> Cells<'t> {
    pub fn err(&self, column: &str, message: impl Into<String>) -> DataError {
        DataError::invalid(self.file, self.line, column, message)
    }

    /// The trimmed text of a cell ("" for an empty cell).
    pub fn text(&self, column: &str) -> &'t str {
        debug_assert!(self.columns.contains(&column), "no column {column}");
        self.columns.iter().position(|c| *c == column).and_then(|i| self.values.get(i)).map_or("", |s| s.as_str())
    }

    /// A cell that must not be empty.
    pub fn required(&self, column: &str) -> Result<&'t str, DataError> {
        let text = self.text(column);
        if text.is_empty() { Err(self.err(column, "must not be empty")) } else { Ok(text) }
    }

    /// An optional whole number within `range`.
    pub fn number(&self, column: &str, range: RangeInclusive<u8>) -> Result<Option<u8>, DataError> {
        let text = self.text(column);
        if text.is_empty() {
            return Ok(None);
        }
        match text.parse::<u8>() {
            Ok(n) if range.contains(&n) => Ok(Some(n)),
            _ => {
                Err(self
                    .err(column, format!("'{text}' is not a whole number from {} to {}", range.start(), range.end())))
            }
        }
    }

    /// A whole number within `range` that must be given.
    pub fn required_number(&self, column: &str, range: RangeInclusive<u8>) -> Result<u8, DataError> {
        self.required(column)?;
        self.number(column, range).map(|n| n.unwrap_or_default())
    }

    /// An optional signed number within `range` (`-1`, `+1`, `0`).
    pub fn signed(&self, column: &str, range: RangeInclusive<i8>) -> Result<Option<i8>, DataError> {
        let text = self.text(column);
        if text.is_empty() {
            return Ok(None);
        }
        match text.parse::<i8>() {
            Ok(n) if range.contains(&n) => Ok(Some(n)),
            _ => Err(self.err(column, format!("'{text}' is not a number from {} to {}", range.start(), range.end()))),
        }
    }

    /// A yes/no cell: `1` yes, `0` or empty no.
    pub fn flag(&self, column: &str) -> Result<bool, DataError> {
        match self.text(column) {
            "" | "0" => Ok(false),
            "1" => Ok(true),
            other => Err(self.err(column, format!("'{other}' must be 1 (yes) or 0 (no)"))),
        }
    }

    /// Optional dice such as `2d8`.
    pub fn dice(&self, column: &str) -> Result<Option<Dice>, DataError> {
        let text = self.text(column);
        if text.is_empty() {
            return Ok(None);
        }
        match Dice::parse(text) {
            Some(dice) => Ok(Some(dice)),
            None => {
                Err(self
                    .err(column, format!("'{text}' is not dice like 2d8 (a count of 1 or more, then d6, d8 or d10)")))
            }
        }
    }

    /// Fails if any of `columns` holds a value; `what` says which kind of row cannot have them.
    pub fn must_be_empty(&self, columns: &[&str], what: &str) -> Result<(), DataError> {
        for column in columns {
            let text = self.text(column);
            if !text.is_empty() {
                return Err(self.err(column, format!("{what} has no {column} value (found '{text}'); leave it empty")));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // a failed unwrap is a failed test
mod tests {
    use super::*;

    const COLS: &[&str] = &["a", "b"];

    #[test]
    fn line_numbers_count_comments_and_blank_lines() {
        let text = "# one\n# two\na,b\n1,2\n\n# mid\n3,4\n";
        let table = Table::parse("t.csv", text, COLS).unwrap();
        assert_eq!(table.header_line, 3);
        let lines: Vec<u64> = table.rows.iter().map(|r| r.line).collect();
        assert_eq!(lines, [4, 7]);
    }

    #[test]
    fn a_line_finder_asked_out_of_order_counts_from_the_start_again() {
        let text = "# c\na,b\n1,2\n\n3,4\n";
        let mut lines = LineFinder::new(text);
        let ends: Vec<u64> = [12, 4, 0, 8, 13].iter().map(|&b| lines.line_at(b)).collect();
        let fresh: Vec<u64> = [12, 4, 0, 8, 13].iter().map(|&b| line_at(text, b)).collect();
        assert_eq!(ends, fresh);
        assert_eq!(fresh, [5, 2, 2, 3, 5]);
    }

    #[test]
    fn columns_may_come_in_any_order_and_a_note_column_is_ignored() {
        let table = Table::parse("t.csv", "b,note,a\n2,hello,1\n", COLS).unwrap();
        let row = table.iter().next().unwrap();
        assert_eq!((row.text("a"), row.text("b")), ("1", "2"));
    }

    #[test]
    fn a_byte_order_mark_and_windows_line_ends_are_accepted() {
        let table = Table::parse("t.csv", "\u{feff}# c\r\na,b\r\n1,2\r\n", COLS).unwrap();
        let row = table.iter().next().unwrap();
        assert_eq!((row.line, row.text("a"), row.text("b")), (3, "1", "2"));
    }

    #[test]
    fn a_short_row_names_the_first_missing_column() {
        let err = Table::parse("t.csv", "a,b\n1,2\n\n3\n", COLS).err().unwrap();
        assert_eq!((err.line(), err.field()), (Some(4), Some("b")));
    }

    #[test]
    fn a_missing_or_unknown_column_is_named() {
        let err = Table::parse("t.csv", "# c\na\n1\n", COLS).err().unwrap();
        assert_eq!(err.to_string(), "t.csv line 2, field b: the header has no such column");
        let err = Table::parse("t.csv", "a,b,c\n", COLS).err().unwrap();
        assert_eq!(err.field(), Some("c"));
    }

    #[test]
    fn typed_cells() {
        let table = Table::parse("t.csv", "a,b\n2d8,-1\n7,x\n", COLS).unwrap();
        let rows: Vec<Cells<'_>> = table.iter().collect();
        assert_eq!(rows[0].dice("a").unwrap(), Some(Dice { count: 2, sides: 8 }));
        assert_eq!(rows[0].signed("b", -6..=6).unwrap(), Some(-1));
        assert!(rows[1].number("a", 0..=6).is_err());
        assert!(rows[1].flag("b").is_err());
        assert!(rows[1].dice("a").is_err());
    }
}
