//! Reading within the memory limit: text (plain or gzip) is taken in chunks while its cells are counted,
//! and the read is refused with [`Error::Memory`] as soon as what the table will hold is estimated over the
//! limit ([`crate::memory`]) — before it is held, and without decompressing the rest of a gzip bomb.
//!
//! The estimate of a text table is `text bytes + cells × BYTES_PER_CELL`: the text itself, held while
//! polars or the ARFF reader parses it, and the parsed columns. Cells are counted as field separators
//! plus line ends (an upper bound: a quoted comma counts too). After every chunk of [`CHUNK`] bytes the
//! counts so far are projected to the whole input by the share of the input consumed (compressed bytes
//! for gzip; from [`SAMPLE`] bytes on); after the last chunk the exact counts are checked. A gzip bomb is thus refused after its
//! first megabytes, and a plain file too large for the limit after its first chunk.
//!
//! ```
//! use featrank::{data::io::{self, Format}, memory, Error};
//! let text = "a,b,class\n".to_string() + &"0,0,x\n".repeat(100_000); // 600 kB, 300,000 cells
//! memory::set_limit(Some(1 << 20)).unwrap();
//! let err = io::read_bytes(text.as_bytes(), Format::Csv, "many.csv").unwrap_err();
//! assert!(matches!(err, Error::Memory { .. }));
//! assert!(err.to_string().starts_with("reading many.csv (100,001 lines"));
//! memory::set_limit(Some(64 << 20)).unwrap();
//! assert_eq!(io::read_bytes(text.as_bytes(), Format::Csv, "many.csv").unwrap().height(), 100_000);
//! memory::set_limit(None).unwrap();
//! ```

use std::io::{BufRead, BufReader, Read};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use crate::error::{Error, Result};
use crate::memory;

/// Bytes a parsed table holds per cell of its text, beyond the text. Measured (peak resident memory of
/// `featrank info`, polars 0.55): 2 M rows × 31 numeric cells, 547 MiB of text — 1.05 GiB, ~8.6 bytes per
/// cell; 500 M rows of `0,0,x`, 3 GiB of text — 23.5 GB, ~13.5 bytes per cell (two i64 columns and a
/// string column). 16 bounds both.
pub const BYTES_PER_CELL: u64 = 16;

/// Bytes of text taken between two checks of the estimate.
pub const CHUNK: usize = 1 << 20;

/// Input bytes consumed before the counts are projected to the whole input (until then the text so far
/// is checked as it is): a gzip bomb expands this to at most ~66 MB of text before its projection.
pub const SAMPLE: u64 = 64 << 10;

/// The bytes of an input (decompressed when it starts with gzip's magic bytes), read within the memory
/// limit. `on_disk` is the input's size in bytes (compressed when gzip); `source` names it in messages.
/// With `table`, the estimate counts the cells of a table in text ([`BYTES_PER_CELL`] each); without
/// (binary formats, which check their own metadata), only the bytes held.
pub(crate) fn read_input(input: impl Read, on_disk: u64, table: bool, source: &str) -> Result<Vec<u8>> {
    let consumed = Arc::new(AtomicU64::new(0));
    let mut raw = BufReader::new(Counting { inner: input, count: Arc::clone(&consumed) });
    let gzip = raw.fill_buf().map_err(|e| read_error(source, e))?.starts_with(&[0x1f, 0x8b]);
    let mut reader: Box<dyn Read> =
        if gzip { Box::new(flate2::bufread::MultiGzDecoder::new(raw)) } else { Box::new(raw) };
    let mut text = Vec::new();
    let mut counts = Counts { text: table, ..Counts::default() };
    loop {
        let start = text.len();
        text.resize(start + CHUNK, 0);
        let got = read_chunk(&mut reader, &mut text[start..]).map_err(|e| {
            let what = if gzip { "broken gzip data" } else { "cannot read" };
            Error::Parse { source_name: source.into(), line: None, reason: format!("{what} ({e})") }
        })?;
        text.truncate(start + got);
        counts.add(&text[start..]);
        if got == 0 {
            break;
        }
        // projected once enough input is consumed that the readers' read-ahead does not skew the share
        let read = consumed.load(Ordering::Relaxed).max(1);
        let scale = if read >= SAMPLE.min(on_disk) { on_disk.max(read) as f64 / read as f64 } else { 1.0 };
        counts.check(text.len() as u64, scale, source, on_disk, gzip)?;
    }
    counts.check(text.len() as u64, 1.0, source, on_disk, gzip)?;
    Ok(text)
}

/// Fill `buf` as far as the input goes (fewer bytes only at its end).
fn read_chunk(reader: &mut impl Read, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut filled = 0;
    while filled < buf.len() {
        match reader.read(&mut buf[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(filled)
}

fn read_error(source: &str, e: std::io::Error) -> Error {
    Error::Parse { source_name: source.into(), line: None, reason: format!("cannot read ({e})") }
}

/// Field separators and line ends seen so far.
#[derive(Default)]
struct Counts {
    text: bool,
    separators: u64,
    lines: u64,
}

impl Counts {
    fn add(&mut self, chunk: &[u8]) {
        if !self.text {
            return;
        }
        for &b in chunk {
            match b {
                b',' => self.separators += 1,
                b'\n' => self.lines += 1,
                _ => {}
            }
        }
    }

    /// Refuse when the text so far, scaled by `scale` to the whole input, would hold more than the limit.
    fn check(&self, text: u64, scale: f64, source: &str, on_disk: u64, gzip: bool) -> Result<()> {
        let lines = (self.lines.max(1) as f64 * scale) as u64;
        let cells = if self.text { (self.separators + self.lines.max(1)) as f64 * scale } else { 0.0 };
        let needed = (text as f64 * scale + cells * BYTES_PER_CELL as f64).min(u64::MAX as f64) as u64;
        memory::check(needed, || {
            let size = memory::human(on_disk);
            let (disk, text) = match (gzip, scale > 1.0) {
                (true, true) => {
                    (format!("{size} gzip"), format!("~{} of text", memory::human((text as f64 * scale) as u64)))
                }
                (true, false) => (format!("{size} gzip"), format!("{} of text", memory::human(text))),
                (false, _) => (size, String::new()),
            };
            let about = if scale > 1.0 { "about " } else { "" };
            if !self.text {
                return format!("reading {source} ({disk})");
            }
            let text = if text.is_empty() { String::new() } else { format!(", {text}") };
            format!(
                "reading {source} ({about}{} lines × {:.0} fields, {disk}{text})",
                thousands(lines),
                cells / lines.max(1) as f64
            )
        })
    }
}

/// `1234567` → `1,234,567`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A reader that counts the bytes taken from the one it wraps.
struct Counting<R> {
    inner: R,
    count: Arc<AtomicU64>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}
