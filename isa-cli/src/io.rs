//! Input and output. A stream of bundles is read as it comes ([`Source`]), a few megabytes at a
//! time, so a pipe is decoded while its writer still writes, and so are JSON Lines (a batch of
//! whole lines at a time, see [`crate::lines`]); a stream of 32-bit words is read whole
//! ([`Input::read`]; a block may span any read). An output file
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

    /// Every byte of the input. A directory, an unreadable file and an empty input are errors
    /// that say which; `what` names what the command would have done with the bytes.
    pub fn read(&self, what: &'static str) -> Result<Vec<u8>, CliError> {
        let path = self.name();
        let read_err = |source| CliError::Read {
            path: path.clone(),
            source,
        };
        let bytes = match self {
            Input::Stdin => {
                let mut buf = Vec::new();
                io::stdin().lock().read_to_end(&mut buf).map_err(read_err)?;
                buf
            }
            Input::File(p) => {
                if fs::metadata(p).map_err(read_err)?.is_dir() {
                    return Err(CliError::Directory { path });
                }
                fs::read(p).map_err(read_err)?
            }
        };
        if bytes.is_empty() {
            return Err(CliError::Empty { path, what });
        }
        Ok(bytes)
    }
}

/// An input opened for reading as it comes.
pub struct Source {
    reader: Box<dyn Read + Send>,
    path: String,
    what: &'static str,
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

    /// The error of an input that held nothing.
    pub fn empty(&self) -> CliError {
        CliError::Empty {
            path: self.path.clone(),
            what: self.what,
        }
    }
}

impl Input {
    /// The input, opened to be read as it comes. A directory and a file that cannot be opened are
    /// errors that say which; `what` names what the command does with the bytes (for the error
    /// of an empty input, [`Source::empty`]).
    pub fn open(&self, what: &'static str) -> Result<Source, CliError> {
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
        Ok(Source {
            reader,
            path,
            what,
            len,
        })
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
