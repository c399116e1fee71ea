//! The two memories an operand can live in, named apart from the machine that holds them so
//! that an error can name a memory without depending on the machine.

/// Which memory an operand lives in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Space {
    /// The state buffer.
    Sbuf,
    /// The partial-sum buffer.
    Psum,
}

impl Space {
    /// The space's name in messages.
    pub const fn name(self) -> &'static str {
        match self {
            Space::Sbuf => "SBUF",
            Space::Psum => "PSUM",
        }
    }
}
