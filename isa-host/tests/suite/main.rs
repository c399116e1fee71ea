//! isa-host's integration tests: kernel calls against the lowerings they run, and streams as
//! records and back, and streams as tables. One module a subject, built as one test binary.
#![forbid(unsafe_code)]

mod kernel;
mod records;
mod table;
