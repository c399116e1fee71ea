//! `#[derive(Bundle)]`.
#![forbid(unsafe_code)]
