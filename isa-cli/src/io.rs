//! Input and output. A stream of bundles is read as it comes ([`Source`]), a few megabytes at a
//! time, so a pipe is decoded while its writer still writes, and so are JSON Lines (a batch of
//! whole lines at a time, see [`crate::lines`]), and so is a stream of 32-bit words (see
//! [`crate::word_walk`]; a block may span any read). An output file
//! appears only when it is complete (it is written beside its final name and renamed on
//! success).

use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use crate::error::CliError;

/// Where a command reads from: a file, or standard input (no argument, or `-`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// Standard input.
    Stdin,
    /// A file.
    File(PathBuf),
}

impl Input {
    /// The input a command-line argument names: `None` and `-` are standard input.
    pub fn from_arg(arg: Option<&Path>) -> Self {
        match arg {
            None => Input::Stdin,
            Some(p) if p == Path::new("-") => Input::Stdin,
            Some(p) => Input::File(p.to_path_buf()),
        }
    }

    /// The name messages use: the path as given, or `<stdin>`.
    pub fn name(&self) -> String {
        match self {
            Input::Stdin => "<stdin>".into(),
            Input::File(p) => p.display().to_string(),
        }
    }
}

/// An input opened for reading as it comes.
pub struct Source {
    reader: Box<dyn Read + Send>,
    path: String,
    /// The file's length, when it is a file.
    pub len: Option<u64>,
}

impl Source {
    /// Reads what is there into `buf` (at least one byte, unless the input has ended): `Ok(0)`
    /// at its end. A read interrupted by a signal is tried again.
    pub fn read_some(&mut self, buf: &mut [u8]) -> Result<usize, CliError> {
        loop {
            match self.reader.read(buf) {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(source) => {
                    return Err(CliError::Read {
                        path: self.path.clone(),
                        source,
                    });
                }
                Ok(n) => return Ok(n),
            }
        }
    }

    /// Reads the whole input: for a command that needs the stream at once (`run` executes it on
    /// a machine whose memory is its own, not the stream's). An empty input gives no bytes.
    pub fn read_all(mut self) -> Result<Vec<u8>, CliError> {
        let mut bytes = Vec::with_capacity(self.len.map_or(0, |n| n as usize));
        let mut buf = vec![0; 1 << 16];
        loop {
            match self.read_some(&mut buf)? {
                0 => return Ok(bytes),
                n => bytes.extend_from_slice(&buf[..n]),
            }
        }
    }
}

impl Input {
    /// The input, opened to be read as it comes. A directory and a file that cannot be opened are
    /// errors that say which. An empty input is a stream like any other, of nothing.
    pub fn open(&self) -> Result<Source, CliError> {
        let path = self.name();
        let (reader, len): (Box<dyn Read + Send>, _) = match self {
            Input::Stdin => (Box::new(io::stdin()), None),
            Input::File(p) => {
                let read_err = |source| CliError::Read {
                    path: path.clone(),
                    source,
                };
                let meta = fs::metadata(p).map_err(read_err)?;
                if meta.is_dir() {
                    return Err(CliError::Directory { path });
                }
                let file = fs::File::open(p).map_err(read_err)?;
                // A FIFO or a device has no length worth showing.
                let len = meta.is_file().then_some(meta.len());
                (Box::new(file), len)
            }
        };
        Ok(Source { reader, path, len })
    }
}

/// A file written beside its final path and renamed over it by [`AtomicFile::commit`]. Dropped
/// without a commit (an error, an early return), it removes itself: a failed command leaves no
/// partial output behind.
///
/// A target that exists and is not a regular file — `/dev/null`, a FIFO, a terminal — is
/// written in place: nothing is created beside it, and it is never renamed over.
#[derive(Debug)]
pub struct AtomicFile {
    target: PathBuf,
    /// The temporary path, or `None` when the target is written in place.
    temp: Option<PathBuf>,
    file: Option<io::BufWriter<fs::File>>,
}

impl AtomicFile {
    /// Creates the temporary file in the directory of `target` (or opens a target that is not
    /// a regular file, to write it in place).
    pub fn create(target: &Path) -> Result<Self, CliError> {
        let special = fs::metadata(target).is_ok_and(|m| !m.is_file() && !m.is_dir());
        if special {
            let file = fs::OpenOptions::new()
                .write(true)
                .open(target)
                .map_err(|source| CliError::Write {
                    path: target.display().to_string(),
                    source,
                })?;
            return Ok(Self {
                target: target.to_path_buf(),
                temp: None,
                file: Some(io::BufWriter::new(file)),
            });
        }
        let name = target
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "output".into());
        let temp = target.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
        let file = fs::File::create(&temp).map_err(|source| CliError::Write {
            path: target.display().to_string(),
            source,
        })?;
        Ok(Self {
            target: target.to_path_buf(),
            temp: Some(temp),
            file: Some(io::BufWriter::new(file)),
        })
    }

    /// Writes `bytes` at the end of the file.
    pub fn write_all(&mut self, bytes: &[u8]) -> Result<(), CliError> {
        let result = match self.file.as_mut() {
            Some(f) => f.write_all(bytes),
            None => Err(io::Error::other("the file is already committed")),
        };
        result.map_err(|source| self.error(source))
    }

    /// Flushes the file and renames it to its final path.
    pub fn commit(mut self) -> Result<(), CliError> {
        let temp = self.temp.clone();
        let flushed = match (self.file.take(), &temp) {
            (Some(f), Some(_)) => f
                .into_inner()
                .map_err(|e| e.into_error())
                .and_then(|f| f.sync_all()),
            (Some(mut f), None) => f.flush(),
            (None, _) => Ok(()),
        };
        flushed
            .and_then(|()| match &temp {
                Some(temp) => fs::rename(temp, &self.target),
                None => Ok(()),
            })
            .map_err(|source| self.error(source))
    }

    fn error(&self, source: io::Error) -> CliError {
        CliError::Write {
            path: self.target.display().to_string(),
            source,
        }
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        // After a successful rename the temporary path no longer exists; otherwise this removes
        // the partial output. Nothing more can be done about a failure here.
        drop(self.file.take());
        if let Some(temp) = &self.temp {
            let _ = fs::remove_file(temp);
        }
    }
}

/// Writes `bytes` to `target` in one step: complete, or not at all.
pub fn write_file(target: &Path, bytes: &[u8]) -> Result<(), CliError> {
    let mut out = AtomicFile::create(target)?;
    out.write_all(bytes)?;
    out.commit()
}

/// Writes a folder of `files` (`(name, contents)`) at `target` in one step: into a temporary
/// folder beside `target`, with `write`, then moved into place, over the folder already there,
/// only once every file is written. What that folder holds beside the files (`docs/export/`
/// beside the reference) is moved into the new one first. On a failure (a full disk) the
/// temporary folder is removed and `target` is left as it was. The parent folders of `target`
/// are created when missing.
pub fn write_folder(
    target: &Path,
    files: &[(String, String)],
    mut write: impl FnMut(&Path, &[u8]) -> io::Result<()>,
) -> Result<(), CliError> {
    let error = |path: &Path, source| CliError::Write {
        path: path.display().to_string(),
        source,
    };
    if fs::metadata(target).is_ok_and(|m| !m.is_dir()) {
        let source = io::Error::other("it exists and is not a folder");
        return Err(error(target, source));
    }
    let target = &absolute(target).map_err(|source| error(target, source))?;
    let beside = |what: &str| {
        let name = target.file_name().unwrap_or_default().to_string_lossy();
        target.with_file_name(format!(".{name}.{}.{what}", std::process::id()))
    };
    let (temp, old) = (beside("tmp"), beside("old"));
    if let Some(parent) = target.parent() {
        fs::create_dir_all(parent).map_err(|source| error(parent, source))?;
    }
    let _ = fs::remove_dir_all(&temp);
    fs::create_dir(&temp).map_err(|source| error(target, source))?;
    let written = files.iter().try_for_each(|(name, text)| {
        write(&temp.join(name), text.as_bytes()).map_err(|source| error(&target.join(name), source))
    });
    let placed = written.and_then(|()| replace_folder(&temp, target, &old));
    if placed.is_err() {
        let _ = fs::remove_dir_all(&temp);
    }
    placed
}

/// `path` from the root, with `.` and `..` resolved where it exists (a folder named `.` has no
/// name to write beside).
fn absolute(path: &Path) -> io::Result<PathBuf> {
    match fs::canonicalize(path) {
        Ok(p) => Ok(p),
        Err(_) => std::path::absolute(path),
    }
}

/// Moves every entry of folder `from` that `to` does not have into `to`; returns their names.
/// On a failure the ones moved are moved back.
fn keep_others(from: &Path, to: &Path) -> io::Result<Vec<std::ffi::OsString>> {
    let mut moved = Vec::new();
    let result = fs::read_dir(from).and_then(|entries| {
        for entry in entries {
            let name = entry?.file_name();
            if !to.join(&name).exists() {
                fs::rename(from.join(&name), to.join(&name))?;
                moved.push(name);
            }
        }
        Ok(())
    });
    match result {
        Ok(()) => Ok(moved),
        Err(e) => {
            move_back(&moved, to, from);
            Err(e)
        }
    }
}

/// Moves the entries `names` of folder `from` back to `to`, as far as it can.
fn move_back(names: &[std::ffi::OsString], from: &Path, to: &Path) {
    for name in names {
        let _ = fs::rename(from.join(name), to.join(name));
    }
}

/// Moves the folder `temp` to `target`; a folder already at `target` has what is not in `temp`
/// moved into `temp`, is moved to `old`, and is removed once `temp` is in place (or everything
/// is moved back if it cannot be).
fn replace_folder(temp: &Path, target: &Path, old: &Path) -> Result<(), CliError> {
    let error = |source| CliError::Write {
        path: target.display().to_string(),
        source,
    };
    if !target.exists() {
        return fs::rename(temp, target).map_err(error);
    }
    let kept = keep_others(target, temp).map_err(error)?;
    let _ = fs::remove_dir_all(old);
    if let Err(source) = fs::rename(target, old) {
        move_back(&kept, temp, target);
        return Err(error(source));
    }
    if let Err(source) = fs::rename(temp, target) {
        let _ = fs::rename(old, target);
        move_back(&kept, temp, target);
        return Err(error(source));
    }
    // The new folder is in place; what is left of the old one is not worth failing for.
    let _ = fs::remove_dir_all(old);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh folder holding `reference/` with a page of the reference, `a.md`, and a folder
    /// of something else, `export/x.h`.
    fn with_old_reference(name: &str) -> (PathBuf, PathBuf) {
        let parent = std::env::temp_dir().join(format!("isa-io-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&parent);
        let dir = parent.join("reference");
        fs::create_dir_all(dir.join("export")).unwrap();
        fs::write(dir.join("a.md"), "old").unwrap();
        fs::write(dir.join("export/x.h"), "kept").unwrap();
        (parent, dir)
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    fn files() -> Vec<(String, String)> {
        ["a.md", "b.md", "c.svg"]
            .iter()
            .map(|n| (n.to_string(), format!("page {n}")))
            .collect()
    }

    #[test]
    fn a_folder_that_fails_half_way_leaves_the_old_one_and_no_temporary_folder() {
        let (parent, dir) = with_old_reference("fails");
        let mut writes = 0;
        let result = write_folder(&dir, &files(), |path, bytes| {
            writes += 1;
            match writes {
                2 => Err(io::Error::other("no space left on device")),
                _ => fs::write(path, bytes),
            }
        });
        let message = result.unwrap_err().to_string();
        assert!(
            message.ends_with("reference/b.md: no space left on device"),
            "{message}"
        );
        assert_eq!(names(&parent), ["reference"]);
        assert_eq!(names(&dir), ["a.md", "export"]);
        assert_eq!(fs::read_to_string(dir.join("a.md")).unwrap(), "old");
        fs::remove_dir_all(&parent).unwrap();
    }

    #[test]
    fn a_folder_written_whole_replaces_the_old_one_and_keeps_what_else_it_held() {
        let (parent, dir) = with_old_reference("replaces");
        write_folder(&dir, &files(), |path, bytes| fs::write(path, bytes)).unwrap();
        assert_eq!(names(&parent), ["reference"]);
        assert_eq!(names(&dir), ["a.md", "b.md", "c.svg", "export"]);
        assert_eq!(fs::read_to_string(dir.join("a.md")).unwrap(), "page a.md");
        assert_eq!(fs::read_to_string(dir.join("export/x.h")).unwrap(), "kept");
        // A new folder, its parents created.
        let deeper = parent.join("x/y");
        write_folder(&deeper, &files(), |path, bytes| fs::write(path, bytes)).unwrap();
        assert_eq!(names(&deeper), ["a.md", "b.md", "c.svg"]);
        fs::remove_dir_all(&parent).unwrap();
    }
}
