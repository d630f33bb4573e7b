//! Zeroed f64 buffers reused by the pieces of work a thread runs one after another.
//!
//! A curve run's folds each need the same large buffers (the SVM's kernel sums and kernels: 4 × n² cells).
//! Freshly requested, such a buffer comes from the operating system, which zeroes it page by page on first
//! touch; when it is freed, the allocator hands it back. The quadratic SVM's protocol (1000 × 100, 10 × 10
//! folds) spent about 7 % of its time in those page faults. [`Buffer::zeroed`] takes a buffer this thread
//! returned earlier when one is large enough (and zeroes it); dropping a [`Buffer`] keeps it for the next
//! request, up to [`KEEP`] bytes per thread, beyond which buffers are freed as usual. Results do not depend
//! on it: every buffer starts zeroed.

use std::cell::RefCell;
use std::ops::{Deref, DerefMut};

/// The most bytes of spare buffers one thread keeps (32 MiB).
pub(crate) const KEEP: usize = 32 << 20;

thread_local! {
    static SPARE: RefCell<Vec<Vec<f64>>> = const { RefCell::new(Vec::new()) };
}

/// A zeroed `Vec<f64>` that returns to its thread's spares when dropped.
pub(crate) struct Buffer(Vec<f64>);

impl Buffer {
    /// `len` zeros, in the smallest spare buffer that holds them, else newly allocated.
    pub(crate) fn zeroed(len: usize) -> Buffer {
        let spare = SPARE.with(|s| {
            let mut s = s.borrow_mut();
            let best = (0..s.len()).filter(|&p| s[p].capacity() >= len).min_by_key(|&p| s[p].capacity());
            best.map(|p| s.swap_remove(p))
        });
        match spare {
            Some(mut v) => {
                v.clear();
                v.resize(len, 0.0);
                Buffer(v)
            }
            None => Buffer(vec![0.0; len]),
        }
    }
}

impl Drop for Buffer {
    fn drop(&mut self) {
        let v = std::mem::take(&mut self.0);
        let bytes = v.capacity() * std::mem::size_of::<f64>();
        // `try_with`: a buffer dropped while its thread shuts down is simply freed.
        let _ = SPARE.try_with(|s| {
            let mut s = s.borrow_mut();
            let kept: usize = s.iter().map(|b| b.capacity() * std::mem::size_of::<f64>()).sum();
            if kept + bytes <= KEEP {
                s.push(v);
            }
        });
    }
}

impl Deref for Buffer {
    type Target = [f64];
    fn deref(&self) -> &[f64] {
        &self.0
    }
}

impl DerefMut for Buffer {
    fn deref_mut(&mut self) -> &mut [f64] {
        &mut self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A returned buffer comes back zeroed, and the smallest spare that fits is the one taken.
    #[test]
    fn spares_come_back_zeroed_and_best_fitting() {
        let mut big = Buffer::zeroed(4000);
        big.iter_mut().for_each(|v| *v = 7.0);
        let mut small = Buffer::zeroed(100);
        small.iter_mut().for_each(|v| *v = 3.0);
        let (big_at, small_at) = (big.as_ptr(), small.as_ptr());
        drop(big);
        drop(small);
        let again = Buffer::zeroed(50);
        assert_eq!(again.as_ptr(), small_at);
        assert!(again.len() == 50 && again.iter().all(|&v| v == 0.0));
        let large = Buffer::zeroed(3000);
        assert_eq!(large.as_ptr(), big_at);
        assert!(large.len() == 3000 && large.iter().all(|&v| v == 0.0));
    }

    /// Beyond `KEEP` bytes a thread keeps nothing more: a buffer larger than that is freed.
    #[test]
    fn spares_are_bounded() {
        let huge = Buffer::zeroed(KEEP / 8 + 1);
        drop(huge);
        let kept: usize = SPARE.with(|s| s.borrow().iter().map(|b| b.capacity() * 8).sum());
        assert!(kept <= KEEP);
    }
}
