//! The one error type of the data loader. Every problem found in a data file names the file, the
//! line and the field (CSV column or TOML key) at fault, so a user editing the files can go straight
//! to it.

/// Why the data files could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DataError {
    /// A file could not be read from disk (only [`load_dir`](super::load_dir) reads files).
    #[error("{file}: cannot read it: {message}")]
    Read { file: String, message: String },
    /// A value, a row or a whole file breaks a rule of the data format.
    #[error("{file} line {line}, field {field}: {message}")]
    Invalid { file: String, line: u64, field: String, message: String },
}

impl DataError {
    pub(crate) fn invalid(file: &str, line: u64, field: &str, message: impl Into<String>) -> Self {
        DataError::Invalid { file: file.into(), line, field: field.into(), message: message.into() }
    }

    /// The file at fault, as the loader names it (`cards.csv`, or a path for read errors).
    pub fn file(&self) -> &str {
        match self {
            DataError::Read { file, .. } | DataError::Invalid { file, .. } => file,
        }
    }

    /// The 1-based line at fault, if the error is about the content of a file.
    pub fn line(&self) -> Option<u64> {
        match self {
            DataError::Read { .. } => None,
            DataError::Invalid { line, .. } => Some(*line),
        }
    }

    /// The column or key at fault, if the error is about the content of a file.
    pub fn field(&self) -> Option<&str> {
        match self {
            DataError::Read { .. } => None,
            DataError::Invalid { field, .. } => Some(field),
        }
    }
}
