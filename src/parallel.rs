//! Parallel work whose outcome does not depend on the number of threads — its errors included — and the
//! record of its pieces, to see how it would keep many cores busy.
//!
//! Collecting a parallel iterator of `Result`s returns whichever error a thread met first, so a run where
//! several pieces fail could name a different one on every call. [`try_map`] names the first failing piece
//! in order, on any number of threads; [`map`] is its infallible twin.
//!
//! [`Schedule::record`] runs work on the calling thread alone and notes every piece of every [`map`] and
//! [`try_map`] inside it with its time, nested as the work nests (a curve run's units, their folds, a fold's
//! blocks of test rows). [`Schedule::simulate`] then replays that tree on any number of threads with a
//! greedy scheduler — how many cores one run can use, measured on a machine that has two.

use std::cell::RefCell;
use std::collections::BinaryHeap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::error::{Error, Result};

/// `f(0), …, f(n − 1)` in parallel, the values in order; on failure, the error of the lowest failing index.
/// A piece after a failure already seen is skipped (a failing run does not do all its work first); every
/// piece before it still runs, so the lowest failing index is always the one reported.
///
/// ```
/// use featrank::{parallel::try_map, Error};
/// let squares = try_map(5, |i| Ok(i * i)).unwrap();
/// assert_eq!(squares, [0, 1, 4, 9, 16]);
/// let err = try_map(100, |i| if i % 7 == 3 { Err(Error::param("i", format!("{i}"))) } else { Ok(i) });
/// assert_eq!(err.unwrap_err().to_string(), "invalid parameter 'i': 3"); // always 3, never 10 or 17
/// ```
pub fn try_map<R: Send>(n: usize, f: impl Fn(usize) -> Result<R> + Sync + Send) -> Result<Vec<R>> {
    if recording() {
        return recorded(n, &f).into_iter().collect();
    }
    let first_failure = AtomicUsize::new(usize::MAX);
    let pieces: Vec<Option<Result<R>>> = (0..n)
        .into_par_iter()
        .map(|i| {
            if i > first_failure.load(Ordering::Relaxed) {
                return None;
            }
            let piece = f(i);
            if piece.is_err() {
                first_failure.fetch_min(i, Ordering::Relaxed);
            }
            Some(piece)
        })
        .collect();
    // Every index below the lowest failure ran, so in order an error comes before any skipped piece.
    let mut values = Vec::with_capacity(n);
    for piece in pieces.into_iter().flatten() {
        values.push(piece?);
    }
    Ok(values)
}

/// `f(0), …, f(n − 1)` in parallel, the values in order.
///
/// ```
/// assert_eq!(featrank::parallel::map(4, |i| 10 * i), [0, 10, 20, 30]);
/// ```
pub fn map<R: Send>(n: usize, f: impl Fn(usize) -> R + Sync + Send) -> Vec<R> {
    if recording() {
        return recorded(n, &f);
    }
    (0..n).into_par_iter().map(f).collect()
}

/// A piece of work as [`Schedule::record`] saw it: its own serial stretches and the parallel maps it waited
/// on, in order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Schedule {
    steps: Vec<Step>,
}

#[derive(Debug, Clone, PartialEq)]
enum Step {
    /// Work on the piece's own thread.
    Serial(Duration),
    /// Pieces that may run at once; the piece goes on when all are done.
    Fork(Vec<Schedule>),
}

thread_local! {
    /// The pieces being recorded on this thread, innermost last, each with the time its current serial
    /// stretch began.
    static RECORDING: RefCell<Option<Vec<(Schedule, Instant)>>> = const { RefCell::new(None) };
}

fn recording() -> bool {
    RECORDING.with(|r| r.borrow().is_some())
}

/// Close the innermost piece's serial stretch at `now`.
fn close_stretch(stack: &mut [(Schedule, Instant)], now: Instant) {
    if let Some((piece, since)) = stack.last_mut() {
        piece.steps.push(Step::Serial(now - *since));
        *since = now;
    }
}

/// The pieces `f(0), …, f(n − 1)` run one after another on this thread, each recorded as a piece of a fork.
fn recorded<R>(n: usize, f: &dyn Fn(usize) -> R) -> Vec<R> {
    let with = |g: &mut dyn FnMut(&mut Vec<(Schedule, Instant)>)| {
        RECORDING.with(|r| g(r.borrow_mut().as_mut().expect("recording")))
    };
    with(&mut |stack| close_stretch(stack, Instant::now()));
    let mut pieces = Vec::with_capacity(n);
    let values = (0..n)
        .map(|i| {
            with(&mut |stack| stack.push((Schedule::default(), Instant::now())));
            let value = f(i);
            with(&mut |stack| {
                close_stretch(stack, Instant::now());
                pieces.push(stack.pop().expect("the piece's frame").0);
            });
            value
        })
        .collect();
    with(&mut |stack| {
        let (piece, since) = stack.last_mut().expect("the enclosing frame");
        piece.steps.push(Step::Fork(std::mem::take(&mut pieces)));
        *since = Instant::now();
    });
    values
}

impl Schedule {
    /// Run `work` on this thread alone, every piece of its parallel maps one after another, and record them:
    /// `(its value, the schedule)`. The values are those of a parallel run (the maps give the same values on
    /// any number of threads). Work parallelised by other means than [`map`] and [`try_map`] counts as
    /// serial. A recording inside another on the same thread is refused with an [`Error`].
    ///
    /// ```
    /// use featrank::parallel::{map, Schedule};
    /// let (sum, schedule) = Schedule::record(|| {
    ///     map(8, |i| (0..200_000u64).map(|x| x ^ i as u64).sum::<u64>()).iter().sum::<u64>()
    /// })
    /// .unwrap();
    /// assert_eq!(schedule.pieces(), 8);
    /// assert!(Schedule::record(|| Schedule::record(|| ()).unwrap_err()).is_ok()); // no nesting
    /// // eight equal pieces: two threads finish in about half the time, never in less
    /// assert!(schedule.simulate(2) >= schedule.work() / 2);
    /// assert!(schedule.span() <= schedule.work());
    /// # let _ = sum;
    /// ```
    pub fn record<R>(work: impl FnOnce() -> R) -> Result<(R, Schedule)> {
        RECORDING.with(|r| {
            let mut r = r.borrow_mut();
            if r.is_some() {
                return Err(Error::param("Schedule::record", "a recording is already under way on this thread"));
            }
            *r = Some(vec![(Schedule::default(), Instant::now())]);
            Ok(())
        })?;
        // the recording ends even if `work` unwinds
        struct End;
        impl Drop for End {
            fn drop(&mut self) {
                RECORDING.with(|r| r.borrow_mut().take());
            }
        }
        let end = End;
        let value = work();
        let mut stack = RECORDING.with(|r| r.borrow_mut().take()).expect("recording");
        std::mem::forget(end);
        close_stretch(&mut stack, Instant::now());
        Ok((value, stack.pop().expect("the root frame").0))
    }

    /// The time on one thread: every serial stretch of every piece.
    pub fn work(&self) -> Duration {
        self.steps
            .iter()
            .map(|s| match s {
                Step::Serial(d) => *d,
                Step::Fork(pieces) => pieces.iter().map(Schedule::work).sum(),
            })
            .sum()
    }

    /// The critical path: the time on unlimited threads (each fork as long as its longest piece).
    pub fn span(&self) -> Duration {
        self.steps
            .iter()
            .map(|s| match s {
                Step::Serial(d) => *d,
                Step::Fork(pieces) => pieces.iter().map(Schedule::span).max().unwrap_or_default(),
            })
            .sum()
    }

    /// The pieces of every fork, at every depth (the leaves and the pieces that fork again).
    pub fn pieces(&self) -> usize {
        self.steps
            .iter()
            .map(|s| match s {
                Step::Serial(_) => 0,
                Step::Fork(pieces) => pieces.len() + pieces.iter().map(Schedule::pieces).sum::<usize>(),
            })
            .sum()
    }

    /// The time on `threads` threads under a greedy scheduler: a free thread takes the most recently forked
    /// piece that is ready (depth first, as rayon's own thread does), a piece that forks waits until all its
    /// pieces are done and then goes on on the next free thread. Costs of moving work between threads,
    /// and the threads' contention for memory, are not modelled.
    pub fn simulate(&self, threads: usize) -> Duration {
        Simulation::new(self).run(threads.max(1))
    }

    /// Work over `threads` × [`Schedule::simulate`]: the share of the threads' time spent on the work.
    pub fn efficiency(&self, threads: usize) -> f64 {
        let t = self.simulate(threads).as_secs_f64() * threads.max(1) as f64;
        if t > 0.0 {
            self.work().as_secs_f64() / t
        } else {
            1.0
        }
    }
}

/// The state of [`Schedule::simulate`]: every piece as a task with a cursor into its steps.
struct Simulation<'a> {
    tasks: Vec<Task<'a>>,
}

struct Task<'a> {
    piece: &'a Schedule,
    /// The next step to run.
    next: usize,
    /// The task that forked this one.
    parent: Option<usize>,
    /// Its pieces not yet done, while it waits on a fork.
    waiting: usize,
}

impl<'a> Simulation<'a> {
    fn new(root: &'a Schedule) -> Simulation<'a> {
        Simulation { tasks: vec![Task { piece: root, next: 0, parent: None, waiting: 0 }] }
    }

    /// Run task `t`'s serial steps from its cursor up to its next fork or its end: their time.
    fn stretch(&mut self, t: usize) -> Duration {
        let mut time = Duration::ZERO;
        let task = &mut self.tasks[t];
        while let Some(step) = task.piece.steps.get(task.next) {
            match step {
                Step::Serial(d) => time += *d,
                Step::Fork(pieces) if pieces.is_empty() => {}
                Step::Fork(_) => break,
            }
            task.next += 1;
        }
        time
    }

    /// Task `t` has run up to a fork or its end: fork (its pieces ready, the first on top) or tell its
    /// parent, which is ready again once its last piece is done.
    fn reached(&mut self, t: usize, ready: &mut Vec<usize>) {
        let task = &mut self.tasks[t];
        match task.piece.steps.get(task.next) {
            Some(Step::Fork(pieces)) => {
                task.next += 1;
                task.waiting = pieces.len();
                let first = self.tasks.len();
                self.tasks.extend(pieces.iter().map(|p| Task { piece: p, next: 0, parent: Some(t), waiting: 0 }));
                ready.extend((first..self.tasks.len()).rev());
            }
            _ => {
                if let Some(p) = task.parent {
                    self.tasks[p].waiting -= 1;
                    if self.tasks[p].waiting == 0 {
                        ready.push(p);
                    }
                }
            }
        }
    }

    fn run(mut self, threads: usize) -> Duration {
        use std::cmp::Reverse;
        let mut ready: Vec<usize> = vec![0];
        // (time a task's stretch ends, the task): earliest first, ties by task
        let mut busy: BinaryHeap<Reverse<(Duration, usize)>> = BinaryHeap::new();
        let mut now = Duration::ZERO;
        loop {
            while busy.len() < threads {
                let Some(t) = ready.pop() else { break };
                let time = self.stretch(t);
                busy.push(Reverse((now + time, t)));
            }
            let Some(Reverse((at, t))) = busy.pop() else { break };
            now = at;
            self.reached(t, &mut ready);
        }
        now
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(seconds: u64) -> Step {
        Step::Serial(Duration::from_secs(seconds))
    }

    fn piece(steps: Vec<Step>) -> Schedule {
        Schedule { steps }
    }

    #[test]
    fn a_fork_of_equal_pieces_between_serial_stretches() {
        // 1 s, then four pieces of 1 s, then 1 s
        let root = piece(vec![s(1), Step::Fork((0..4).map(|_| piece(vec![s(1)])).collect()), s(1)]);
        assert_eq!(root.work(), Duration::from_secs(6));
        assert_eq!(root.span(), Duration::from_secs(3));
        assert_eq!(root.pieces(), 4);
        let secs = |threads| root.simulate(threads).as_secs();
        assert_eq!([secs(1), secs(2), secs(3), secs(4), secs(64)], [6, 4, 4, 3, 3]);
        assert_eq!(root.efficiency(2), 6.0 / 8.0);
    }

    #[test]
    fn nested_forks_start_when_their_parent_reaches_them() {
        // two pieces, each 1 s of its own and then two pieces of 1 s: the inner pieces are ready only at 1 s
        let inner = || piece(vec![s(1), Step::Fork(vec![piece(vec![s(1)]), piece(vec![s(1)])])]);
        let root = piece(vec![Step::Fork(vec![inner(), inner()])]);
        assert_eq!(root.work(), Duration::from_secs(6));
        assert_eq!(root.span(), Duration::from_secs(2));
        assert_eq!(root.pieces(), 6);
        let secs = |threads| root.simulate(threads).as_secs();
        assert_eq!([secs(1), secs(2), secs(4)], [6, 3, 2]);
    }

    #[test]
    fn record_nests_as_the_work_does() {
        let (values, schedule) =
            Schedule::record(|| map(3, |i| try_map(i + 1, |j| Ok(i * 10 + j)).unwrap().into_iter().sum::<usize>()))
                .unwrap();
        assert_eq!(values, [0, 21, 63]);
        // three pieces, holding forks of 1, 2 and 3
        assert_eq!(schedule.pieces(), 3 + 1 + 2 + 3);
        assert!(schedule.span() <= schedule.work());
        // recording ends with the work: maps run in parallel again
        assert!(!recording());
    }
}
