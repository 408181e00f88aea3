//! Reading the text files a user hands to cdgsolo (saves, scenarios, manifests, data files) the one
//! careful way: only regular files are opened, because reading a named pipe or a device would block
//! or never end; a file far larger than any real one is refused before it fills the memory; and a
//! UTF-8 byte-order mark, which some editors put first, is dropped so the parsers never see it.

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The largest file [`read_text`] reads: far above any save, scenario or data file cdgsolo writes.
pub const MAX_TEXT_FILE: u64 = 64 * 1024 * 1024;

/// Why a file could not be read as text.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    #[error("cannot read {}: {source}", path.display())]
    Io { path: PathBuf, source: std::io::Error },
    #[error("cannot read {}: it is {kind}, not a regular file", path.display())]
    NotRegular { path: PathBuf, kind: &'static str },
    #[error("cannot read {}: it holds {size} bytes, more than the {MAX_TEXT_FILE} a file may have", path.display())]
    TooLarge { path: PathBuf, size: u64 },
    #[error("cannot read {}: it is not UTF-8 text (byte {offset} is not valid)", path.display())]
    NotText { path: PathBuf, offset: usize },
}

/// What kind of thing stands at a path that is not a regular file, in words.
fn kind_of(file_type: fs::FileType) -> &'static str {
    if file_type.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return "a named pipe";
        }
        if file_type.is_char_device() || file_type.is_block_device() {
            return "a device";
        }
        if file_type.is_socket() {
            return "a socket";
        }
    }
    "a special file"
}

/// Fails unless `path` (after following links) is a regular file; a missing file is an `Io` error
/// with `NotFound`, so callers can tell it apart.
pub fn check_regular(path: &Path) -> Result<fs::Metadata, FileError> {
    let meta = fs::metadata(path).map_err(|source| FileError::Io { path: path.to_path_buf(), source })?;
    if !meta.is_file() {
        return Err(FileError::NotRegular { path: path.to_path_buf(), kind: kind_of(meta.file_type()) });
    }
    Ok(meta)
}

/// Reads a regular file as UTF-8 text without a leading byte-order mark.
pub fn read_text(path: &Path) -> Result<String, FileError> {
    let meta = check_regular(path)?;
    if meta.len() > MAX_TEXT_FILE {
        return Err(FileError::TooLarge { path: path.to_path_buf(), size: meta.len() });
    }
    let io = |source| FileError::Io { path: path.to_path_buf(), source };
    let file = fs::File::open(path).map_err(io)?;
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    // The limit holds even if the file grew between the check and the read.
    file.take(MAX_TEXT_FILE + 1).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() as u64 > MAX_TEXT_FILE {
        return Err(FileError::TooLarge { path: path.to_path_buf(), size: bytes.len() as u64 });
    }
    let text = String::from_utf8(bytes)
        .map_err(|e| FileError::NotText { path: path.to_path_buf(), offset: e.utf8_error().valid_up_to() })?;
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("cdgsolo-files-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("scratch dir");
        dir
    }

    #[test]
    fn a_byte_order_mark_is_dropped_and_plain_text_kept() {
        let dir = scratch("bom");
        fs::write(dir.join("a.json"), "\u{feff}{\"x\": 1}").expect("write");
        fs::write(dir.join("b.json"), "{\"x\": 2}").expect("write");
        assert_eq!(read_text(&dir.join("a.json")).expect("read"), "{\"x\": 1}");
        assert_eq!(read_text(&dir.join("b.json")).expect("read"), "{\"x\": 2}");
    }

    #[test]
    fn a_directory_and_a_missing_file_are_refused_by_name() {
        let dir = scratch("dir");
        let e = read_text(&dir).expect_err("a directory");
        assert!(e.to_string().contains("a directory, not a regular file"), "{e}");
        let e = read_text(&dir.join("none.toml")).expect_err("missing");
        assert!(matches!(&e, FileError::Io { source, .. } if source.kind() == std::io::ErrorKind::NotFound), "{e}");
        assert!(e.to_string().contains("none.toml"), "{e}");
    }

    #[test]
    fn invalid_utf8_names_the_byte() {
        let dir = scratch("utf8");
        fs::write(dir.join("c.toml"), b"ab\xffcd").expect("write");
        let e = read_text(&dir.join("c.toml")).expect_err("not text");
        assert!(e.to_string().contains("byte 2"), "{e}");
    }

    #[cfg(unix)]
    #[test]
    fn a_named_pipe_and_a_device_are_refused_without_blocking() {
        let dir = scratch("fifo");
        let fifo = dir.join("pipe");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status().map(|s| s.success()).unwrap_or(false);
        assert!(made, "mkfifo (coreutils) makes the pipe");
        let e = read_text(&fifo).expect_err("a fifo");
        assert!(e.to_string().contains("a named pipe"), "{e}");
        let e = read_text(Path::new("/dev/zero")).expect_err("a device");
        assert!(e.to_string().contains("a device"), "{e}");
    }
}
