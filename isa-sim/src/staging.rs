//! The buffers a bundle's staged writes are built in, owned by the machine and handed to each
//! bundle in turn, so a stream of bundles reuses the same memory instead of asking the
//! allocator for fresh pages every bundle.

/// How many write buffers are kept between bundles (a bundle stages one or two writes).
const KEPT: usize = 4;

/// Write buffers kept between bundles, with their capacity. What they hold is stale: whoever
/// takes one sizes it and overwrites every byte it uses.
#[derive(Default)]
pub(crate) struct Staging {
    buffers: Vec<Vec<u8>>,
}

impl Staging {
    /// A buffer of `len` bytes whose contents are unspecified (a kept buffer's old bytes, zeros
    /// where it grew). The longest kept buffer is taken, so that shortening it costs nothing
    /// and only a longer request than any before writes zeros.
    pub(crate) fn buffer(&mut self, len: usize) -> Vec<u8> {
        let longest =
            (0..self.buffers.len()).max_by_key(|&i| self.buffers.get(i).map_or(0, Vec::len));
        let mut buffer = longest
            .map(|i| self.buffers.swap_remove(i))
            .unwrap_or_default();
        buffer.resize(len, 0);
        buffer
    }

    /// Keeps `buffer` for a later bundle (dropped when enough are kept).
    pub(crate) fn keep(&mut self, buffer: Vec<u8>) {
        if self.buffers.len() < KEPT {
            self.buffers.push(buffer);
        }
    }
}

/// A copy of a machine starts with no kept buffers: they are scratch, not state.
impl Clone for Staging {
    fn clone(&self) -> Self {
        Self::default()
    }
}

impl std::fmt::Debug for Staging {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let bytes: usize = self.buffers.iter().map(Vec::capacity).sum();
        write!(f, "Staging({} buffers, {bytes} bytes)", self.buffers.len())
    }
}
