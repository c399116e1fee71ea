//! Text read a batch of whole lines at a time, in memory bounded by the batch, however long the
//! input is. A read may end anywhere, in the middle of a line (or of a UTF-8 character): the
//! bytes after the last newline wait for the rest of their line. Each batch is whatever whole
//! lines have arrived, so lines from a pipe are handed on while its writer still writes. A line
//! longer than a batch grows the batch to hold it.

use crate::error::CliError;

/// `text`, a batch of whole lines, cut into pieces of whole lines, each about `size` bytes (a
/// piece ends after the first newline past `size`), to be read on different cores.
pub fn pieces(text: &[u8], size: usize) -> Vec<&[u8]> {
    let mut pieces = Vec::with_capacity(text.len() / size.max(1) + 1);
    let mut rest = text;
    while !rest.is_empty() {
        let cut = rest
            .get(size..)
            .and_then(find_newline)
            .map_or(rest.len(), |i| size + i + 1);
        let (piece, later) = rest.split_at(cut.min(rest.len()));
        pieces.push(piece);
        rest = later;
    }
    pieces
}

/// Each line of `text` with its 0-based index, without its `\n` or `\r\n`; after the last
/// newline, one more line (empty when `text` ends with a newline). The index of that last line
/// is the number of newlines in `text`.
pub fn split(text: &[u8]) -> impl Iterator<Item = (usize, &[u8])> {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let text = rest?;
        let line = match find_newline(text) {
            Some(i) => {
                let (line, after) = text.split_at(i);
                rest = after.get(1..);
                line
            }
            None => rest.take().unwrap_or_default(),
        };
        Some(line.strip_suffix(b"\r").unwrap_or(line))
    })
    .enumerate()
}

/// The position of the first `\n` in `text`, looked for 32 bytes at a time (a comparison the
/// compiler does in a few vector instructions).
fn find_newline(text: &[u8]) -> Option<usize> {
    let (blocks, tail) = text.as_chunks::<32>();
    let in_tail = || tail.iter().position(|&b| b == b'\n');
    match blocks
        .iter()
        .position(|block| block.iter().fold(false, |seen, &b| seen | (b == b'\n')))
    {
        Some(k) => {
            let block = blocks.get(k)?;
            block.iter().position(|&b| b == b'\n').map(|i| 32 * k + i)
        }
        None => in_tail().map(|i| 32 * blocks.len() + i),
    }
}

/// Reads with `read` (`Ok(0)` at the end of the input) and hands each batch of whole lines, at
/// most about `batch_bytes` long, to `each`, in order: each line ended by `\n`, but the input's
/// last one. Returns how many bytes the input held.
pub fn batches(
    mut read: impl FnMut(&mut [u8]) -> Result<usize, CliError>,
    batch_bytes: usize,
    mut each: impl FnMut(&[u8]) -> Result<(), CliError>,
) -> Result<u64, CliError> {
    let mut buf = vec![0u8; batch_bytes.max(1)];
    // Bytes of `buf` read and not handed on yet (no newline among them after each batch), and
    // how many bytes were handed on.
    let (mut filled, mut total) = (0, 0u64);
    loop {
        if filled == buf.len() {
            // One line fills the whole batch: make room for the rest of it.
            buf.resize(2 * buf.len(), 0);
        }
        let n = read(buf.get_mut(filled..).unwrap_or_default())?;
        let fresh = buf.get(filled..filled + n).unwrap_or_default();
        let last_newline = fresh.iter().rposition(|&b| b == b'\n');
        filled += n;
        let end = n == 0;
        let ready = match last_newline {
            _ if end => filled,
            Some(i) => filled - n + i + 1,
            None => 0,
        };
        if ready > 0 {
            let text = buf.get(..ready).unwrap_or_default();
            each(text)?;
            total += ready as u64;
            buf.copy_within(ready..filled, 0);
            filled -= ready;
        }
        if end {
            return Ok(total);
        }
    }
}

/// A `read` for [`batches`] over `bytes`, at most `piece` bytes a read (as a pipe delivers
/// them).
pub fn reads_of(
    bytes: &[u8],
    piece: usize,
) -> impl FnMut(&mut [u8]) -> Result<usize, CliError> + '_ {
    let mut rest = bytes;
    move |buf: &mut [u8]| {
        let n = piece.min(buf.len()).min(rest.len());
        let (now, later) = rest.split_at(n);
        if let Some(dst) = buf.get_mut(..n) {
            dst.copy_from_slice(now);
        }
        rest = later;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every line with its number, as `batches` hands them on, and the sizes of the batches.
    fn batched(text: &[u8], piece: usize, batch: usize) -> (Vec<(usize, String)>, Vec<usize>) {
        let (mut lines, mut sizes) = (Vec::new(), Vec::new());
        let mut first_line = 1;
        let total = batches(reads_of(text, piece), batch, |b| {
            sizes.push(b.len());
            let mut these: Vec<_> = split(b).map(|(i, l)| (first_line + i, l)).collect();
            first_line += b.iter().filter(|&&c| c == b'\n').count();
            // A batch that ends with a newline ends with the empty start of the next line.
            if b.ends_with(b"\n") {
                assert_eq!(these.pop().map(|(_, l)| l), Some(&b""[..]));
            }
            lines.extend(
                these
                    .into_iter()
                    .map(|(n, l)| (n, String::from_utf8(l.to_vec()).unwrap())),
            );
            Ok(())
        })
        .unwrap();
        assert_eq!(total, text.len() as u64);
        (lines, sizes)
    }

    #[test]
    fn lines_cut_by_reads_arrive_whole_with_their_numbers() {
        let text = "{\"offset\":0,\"op\":\"Nop\"}\r\n\nBSTART.SFU TSHUF, U32; B.IOR a0; BSTOP\n\
                    é\n{\"raw\":\"00\"}";
        let expected: Vec<(usize, String)> = text
            .split('\n')
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim_end_matches('\r').to_string()))
            .collect();
        for piece in [1, 2, 3, 7, 64, usize::MAX] {
            for batch in [1, 5, 16, 1 << 20] {
                let (lines, sizes) = batched(text.as_bytes(), piece, batch);
                assert_eq!(lines, expected, "reads of {piece}, batches of {batch}");
                assert!(sizes.iter().all(|&s| s > 0));
            }
        }
    }

    #[test]
    fn a_batch_holds_whole_lines_only_and_stays_near_its_size() {
        let text: String = (0..100).map(|i| format!("line {i}\n")).collect();
        let (lines, sizes) = batched(text.as_bytes(), 13, 32);
        assert_eq!(lines.len(), 100);
        assert_eq!(lines[99], (100, "line 99".to_string()));
        assert!(sizes.iter().all(|&s| s <= 32), "{sizes:?}");
    }

    #[test]
    fn pieces_hold_whole_lines_and_make_up_the_batch() {
        let text: String = (0..50).map(|i| format!("line {i}\n")).collect();
        for size in [0, 1, 10, 100, 1 << 20] {
            let pieces = pieces(text.as_bytes(), size);
            assert_eq!(pieces.concat(), text.as_bytes(), "pieces of {size}");
            assert!(
                pieces.iter().all(|p| p.ends_with(b"\n")),
                "pieces of {size}"
            );
        }
    }

    #[test]
    fn a_newline_is_found_wherever_it_is() {
        for len in [0, 1, 31, 32, 33, 64, 100] {
            for at in 0..len {
                let mut text = vec![b'x'; len];
                text[at] = b'\n';
                assert_eq!(
                    find_newline(&text),
                    Some(at),
                    "{len} bytes, newline at {at}"
                );
                assert_eq!(split(&text).count(), 2);
            }
            assert_eq!(find_newline(&vec![b'x'; len]), None);
        }
    }

    #[test]
    fn empty_input_has_no_batch() {
        assert_eq!(batched(b"", 4, 4), (vec![], vec![]));
    }
}
