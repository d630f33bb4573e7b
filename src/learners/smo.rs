//! Sequential minimal optimisation for the C-SVC dual on a precomputed kernel matrix.
//!
//! min_α ½ αᵀQα − eᵀα subject to 0 ≤ α_i ≤ C and yᵀα = 0, with Q_ij = y_i y_j K_ij (Platt 1998; the
//! working-set rule is LIBSVM's second-order one, Fan, Chen & Lin 2005, with its shrinking). The solver
//! stops when the maximal KKT violation m(α) − M(α) falls below 2τ, τ = `tol`: Weka's SMO criterion
//! b_low ≤ b_up + 2τ (Keerthi et al. 2001, modification 1, as in Weka's `BinarySMO`), since
//! b_low − b_up = m(α) − M(α). So `tol` means what Weka's `-L` tolerance means, the papers' tool; LIBSVM's
//! `eps` (scikit-learn's `tol`) bounds m − M itself, so LIBSVM's eps = 2τ solves to the same accuracy.
//! The decision function is f(x) = Σ_i α_i y_i K(x_i, x) − ρ.
//!
//! Why featrank carries its own solver: SVM-RFE and the SVM curves fit thousands of machines whose
//! kernel matrices differ by one feature (K ← K ± x_f x_fᵀ for the linear kernel), and whose previous
//! solution is a good start. linfa-svm takes neither a kernel matrix nor a starting point.
//!
//! Speed: as in LIBSVM, the multipliers that shrinking sets aside leave the working arrays, so every
//! iteration runs over contiguous arrays of the active set only (they are masked at once and compacted,
//! kernel block included, once they are a sixth of it). An iteration is two passes over them (pick j and
//! the gap; update the gradient and pick the next i), branch-free so they vectorise with AVX2 where the CPU
//! has it (`crate::simd`), and written for AVX-512 registers where it has that (module `passes`: one
//! pass each instead of two, the same results to the bit).

mod passes;

use passes::{argmax, Candidates, Passes, Step, TAU};

/// A solved dual: multipliers, offset and the iteration count.
#[derive(Debug, Clone)]
pub(crate) struct Solution {
    pub alpha: Vec<f64>,
    pub rho: f64,
    /// Read by the tests, which check that warm starts save iterations.
    #[cfg_attr(not(test), allow(dead_code))]
    pub iterations: usize,
}

/// Solve the dual for the `n × n` row-major kernel `k`, labels `y` (±1), box `c`, Weka's tolerance `tol`
/// (stop at m − M < 2·`tol`, see the module docs), starting from `start` (a feasible α, e.g. the solution
/// for a kernel with one feature fewer; zeros when `None`). A start is first rescaled along its ray to
/// λα with the λ ∈ [0, C / max α] that minimises the new objective, λ = eᵀα / αᵀQα: adding features
/// grows the kernel, so the old multipliers are too large by roughly that factor. `work` holds the
/// compacted kernel block between calls: a caller that solves many problems passes the same one, so the
/// block's memory is reused instead of being requested (and zeroed by the system) for every solve.
pub(crate) fn solve(k: &[f64], y: &[f64], c: f64, tol: f64, start: Option<&[f64]>, work: &mut Vec<f64>) -> Solution {
    let passes = Passes::detect();
    crate::simd::wide!(smo_solve, || solve_with(k, y, c, tol, start, work, passes))
}

/// [`solve`] with its passes run by `passes`.
#[inline(always)]
fn solve_with(
    k: &[f64],
    y: &[f64],
    c: f64,
    tol: f64,
    start: Option<&[f64]>,
    work: &mut Vec<f64>,
    passes: Passes,
) -> Solution {
    let n = y.len();
    debug_assert_eq!(k.len(), n * n);
    let mut alpha = match start {
        Some(a) if a.len() == n => a.to_vec(),
        _ => vec![0.0; n],
    };
    let mut grad = full_gradient(k, y, &alpha);
    let amax = alpha.iter().fold(0.0, |m: f64, &a| m.max(a));
    if amax > 0.0 {
        let ea: f64 = alpha.iter().sum();
        let aqa: f64 = alpha.iter().zip(&grad).map(|(a, g)| a * (g + 1.0)).sum();
        let lambda = if aqa > 0.0 { (ea / aqa).min(c / amax) } else { 1.0 };
        alpha.iter_mut().for_each(|a| *a *= lambda);
        grad.iter_mut().for_each(|g| *g = lambda * (*g + 1.0) - 1.0);
    }
    let mut set = Active::all(k, y, &alpha, &grad, c, std::mem::take(work));
    // Shrinking (LIBSVM, §4 of Fan, Chen & Lin): every `period` iterations, multipliers stuck at a bound
    // that cannot become violating leave the active set; the gradients of removed ones go stale and are
    // rebuilt from scratch before the final optimality check on the full set.
    let period = n.clamp(1, 1000);
    let mut countdown = period;
    let max_iter = (100 * n).max(10_000_000);
    let mut iterations = 0;
    while iterations < max_iter {
        iterations += 1;
        countdown -= 1;
        if countdown == 0 {
            countdown = period;
            set.shrink(k, y, &mut alpha, &mut grad, c);
        }
        let (i, j) = match set.working_set(k, passes) {
            Some((i, j, gap)) if gap >= 2.0 * tol => (i, j),
            _ => {
                set.write_back(&mut alpha, &mut grad);
                if set.idx.len() == n && set.masked == 0 {
                    break;
                }
                // Optimal on the active set: rebuild the stale gradients and check the whole problem.
                let mut stale = vec![true; n];
                set.idx.iter().for_each(|&t| stale[t] = false);
                let rebuilt = full_gradient(k, y, &alpha);
                (0..n).filter(|&t| stale[t]).for_each(|t| grad[t] = rebuilt[t]);
                set = Active::all(k, y, &alpha, &grad, c, std::mem::take(&mut set.q));
                countdown = period;
                continue;
            }
        };
        set.step(k, i, j, c, passes);
    }
    set.write_back(&mut alpha, &mut grad);
    *work = set.q;
    let rho = offset(&alpha, y, &grad, c);
    Solution { alpha, rho, iterations }
}

/// The gradient G_t = y_t Σ_s α_s y_s K_st − 1 of every t, accumulated row by row of K (symmetric).
#[inline(always)]
fn full_gradient(k: &[f64], y: &[f64], alpha: &[f64]) -> Vec<f64> {
    let n = y.len();
    let mut sum = vec![0.0; n];
    for s in (0..n).filter(|&s| alpha[s] > 0.0) {
        let ay = alpha[s] * y[s];
        sum.iter_mut().zip(&k[s * n..(s + 1) * n]).for_each(|(t, &kk)| *t += ay * kk);
    }
    sum.iter().zip(y).map(|(&t, &y)| y * t - 1.0).collect()
}

/// The working arrays of the active set, contiguous. `up[t]` is 0 when t ∈ I_up (α_t can move up in
/// the direction of y_t) and −∞ otherwise; `low[t]` is 0 when t ∈ I_low and +∞ otherwise. Adding
/// them to v_t = −y_t G_t masks the selections without branches.
struct Active {
    /// Original index of each active position, ascending.
    idx: Vec<usize>,
    /// The active block of the kernel, row-major; empty while every index is active (rows come
    /// straight from the full kernel then). Its allocation is kept when it empties.
    q: Vec<f64>,
    y: Vec<f64>,
    alpha: Vec<f64>,
    grad: Vec<f64>,
    diag: Vec<f64>,
    up: Vec<f64>,
    low: Vec<f64>,
    /// Per-position values of the selection being made.
    scratch: Vec<f64>,
    /// How many positions shrinking has masked but not yet removed.
    masked: usize,
    /// (max_{I_up} v_t, its position), computed by the last step's gradient pass.
    best_up: Option<(f64, usize)>,
}

fn up_mask(a: f64, y: f64, c: f64) -> f64 {
    if (y > 0.0 && a < c) || (y < 0.0 && a > 0.0) {
        0.0
    } else {
        f64::NEG_INFINITY
    }
}

fn low_mask(a: f64, y: f64, c: f64) -> f64 {
    if (y > 0.0 && a > 0.0) || (y < 0.0 && a < c) {
        0.0
    } else {
        f64::INFINITY
    }
}

impl Active {
    /// Every index active; `q` is only storage (its contents are dropped, its allocation kept).
    #[inline(always)]
    fn all(k: &[f64], y: &[f64], alpha: &[f64], grad: &[f64], c: f64, mut q: Vec<f64>) -> Active {
        let n = y.len();
        q.clear();
        Active::of((0..n).collect(), q, k, y, alpha, grad, c)
    }

    #[inline(always)]
    fn of(idx: Vec<usize>, q: Vec<f64>, k: &[f64], y: &[f64], alpha: &[f64], grad: &[f64], c: f64) -> Active {
        let n = y.len();
        let pick = |v: &[f64]| idx.iter().map(|&t| v[t]).collect::<Vec<f64>>();
        let (ya, aa) = (pick(y), pick(alpha));
        Active {
            diag: idx.iter().map(|&t| k[t * n + t]).collect(),
            up: aa.iter().zip(&ya).map(|(&a, &y)| up_mask(a, y, c)).collect(),
            low: aa.iter().zip(&ya).map(|(&a, &y)| low_mask(a, y, c)).collect(),
            grad: pick(grad),
            scratch: vec![0.0; idx.len()],
            masked: 0,
            best_up: None,
            y: ya,
            alpha: aa,
            q,
            idx,
        }
    }

    /// LIBSVM's second-order working set: i maximises v_t = −y_t G_t over I_up; j, among t ∈ I_low with
    /// b_t = v_i − v_t > 0, maximises b_t² / (K_ii + K_tt − 2K_it). Returns (i, j, v_i − min_{I_low} v)
    /// or `None` when no pair can improve the objective. Ties go to the lowest position.
    #[inline(always)]
    fn working_set(&mut self, k: &[f64], passes: Passes) -> Option<(usize, usize, f64)> {
        let a = self.idx.len();
        let (gmax, i) = match self.best_up.take() {
            Some(best) => best,
            None => {
                let (y, g, up) = (&self.y[..a], &self.grad[..a], &self.up[..a]);
                for (v, ((&u, &y), &g)) in self.scratch.iter_mut().zip(up.iter().zip(y).zip(g)) {
                    *v = u - y * g;
                }
                argmax(&self.scratch[..a])
            }
        };
        if gmax == f64::NEG_INFINITY {
            return None;
        }
        let (y, g, low, diag) = (&self.y[..a], &self.grad[..a], &self.low[..a], &self.diag[..a]);
        let q = if self.q.is_empty() { k } else { &self.q[..] };
        let ki = &q[i * a..(i + 1) * a];
        let candidates = Candidates { low, y, g, diag, ki, i, gmax };
        let (best, j, neg_gmin) = passes.select_j(&candidates, &mut self.scratch[..a]);
        if best < 0.0 {
            return None;
        }
        Some((i, j, gmax + neg_gmin))
    }

    /// Move α_i and α_j (active positions) along y_i α_i + y_j α_j = const to the clipped optimum and
    /// update the gradient of the active set.
    #[inline(always)]
    fn step(&mut self, k: &[f64], i: usize, j: usize, c: f64, passes: Passes) {
        let a = self.idx.len();
        let q = if self.q.is_empty() { k } else { &self.q[..] };
        let (ki, kj) = (&q[i * a..(i + 1) * a], &q[j * a..(j + 1) * a]);
        let (alpha, y, grad) = (&mut self.alpha, &self.y, &mut self.grad);
        let (old_i, old_j) = (alpha[i], alpha[j]);
        let quad = self.diag[i] + self.diag[j] - 2.0 * ki[j];
        let quad = if quad > 0.0 { quad } else { TAU };
        if y[i] != y[j] {
            let delta = (-grad[i] - grad[j]) / quad;
            let diff = alpha[i] - alpha[j];
            alpha[i] += delta;
            alpha[j] += delta;
            if diff > 0.0 {
                if alpha[j] < 0.0 {
                    alpha[j] = 0.0;
                    alpha[i] = diff;
                }
            } else if alpha[i] < 0.0 {
                alpha[i] = 0.0;
                alpha[j] = -diff;
            }
            if diff > 0.0 {
                if alpha[i] > c {
                    alpha[i] = c;
                    alpha[j] = c - diff;
                }
            } else if alpha[j] > c {
                alpha[j] = c;
                alpha[i] = c + diff;
            }
        } else {
            let delta = (grad[i] - grad[j]) / quad;
            let sum = alpha[i] + alpha[j];
            alpha[i] -= delta;
            alpha[j] += delta;
            if sum > c {
                if alpha[i] > c {
                    alpha[i] = c;
                    alpha[j] = sum - c;
                }
            } else if alpha[j] < 0.0 {
                alpha[j] = 0.0;
                alpha[i] = sum;
            }
            if sum > c {
                if alpha[j] > c {
                    alpha[j] = c;
                    alpha[i] = sum - c;
                }
            } else if alpha[i] < 0.0 {
                alpha[i] = 0.0;
                alpha[j] = sum;
            }
        }
        let (di, dj) = ((alpha[i] - old_i) * y[i], (alpha[j] - old_j) * y[j]);
        for t in [i, j] {
            self.up[t] = up_mask(alpha[t], y[t], c);
            self.low[t] = low_mask(alpha[t], y[t], c);
        }
        // The gradient update, and in the same pass the next i: the argmax of v_t = −y_t G_t on I_up.
        let (g, ya, up) = (&mut grad[..a], &y[..a], &self.up[..a]);
        self.best_up = Some(passes.update(g, &Step { y: ya, up, ki, kj, di, dj }, &mut self.scratch[..a]));
    }

    /// LIBSVM's `be_shrunk`: a multiplier at a bound whose gradient says it will stay there is set
    /// aside (with m = max_{I_up} −y G and M' = max_{I_low} y G). Set aside first means masked out of
    /// both selections, its gradient still kept exact; once the masked positions pass a sixth of the
    /// block, the block is compacted to the live positions so the iterations stay short and contiguous.
    #[inline(always)]
    fn shrink(&mut self, k: &[f64], y_all: &[f64], alpha: &mut [f64], grad: &mut [f64], c: f64) {
        let a = self.idx.len();
        let (y, g, up, low) = (&self.y[..a], &self.grad[..a], &self.up[..a], &self.low[..a]);
        let gmax = up.iter().zip(y).zip(g).fold(f64::NEG_INFINITY, |m, ((&u, &y), &g)| m.max(u - y * g));
        let gmax_low = low.iter().zip(y).zip(g).fold(f64::NEG_INFINITY, |m, ((&l, &y), &g)| m.max(y * g - l));
        for p in 0..a {
            let (al, gr) = (self.alpha[p], g[p]);
            let shrunk = if al >= c {
                if y[p] > 0.0 {
                    -gr > gmax
                } else {
                    -gr > gmax_low
                }
            } else if al <= 0.0 {
                if y[p] > 0.0 {
                    gr > gmax_low
                } else {
                    gr > gmax
                }
            } else {
                false
            };
            if shrunk {
                self.up[p] = f64::NEG_INFINITY;
                self.low[p] = f64::INFINITY;
            }
        }
        self.best_up = None;
        let live: Vec<usize> = (0..a).filter(|&p| !self.set_aside(p)).collect();
        self.masked = a - live.len();
        if self.masked * 6 < a {
            return;
        }
        self.write_back(alpha, grad);
        let mut q = std::mem::take(&mut self.q);
        if q.is_empty() {
            // Every index was active (a = n): the block comes from the full kernel.
            q.reserve(live.len() * live.len());
            for &r in &live {
                let row = &k[r * a..(r + 1) * a];
                q.extend(live.iter().map(|&s| row[s]));
            }
        } else {
            // In place: entry (r, s) moves to (r', s') with r' ≤ r and s' ≤ s in a narrower block, so
            // each write lands at or before its own read, and every later read lies beyond it.
            let mut w = 0;
            for &r in &live {
                for &s in &live {
                    q[w] = q[r * a + s];
                    w += 1;
                }
            }
            q.truncate(w);
        }
        let idx = live.iter().map(|&p| self.idx[p]).collect();
        *self = Active::of(idx, q, k, y_all, alpha, grad, c);
    }

    /// Whether position `p` is set aside by shrinking: in neither I_up nor I_low by its mask although
    /// every multiplier is in one of them.
    fn set_aside(&self, p: usize) -> bool {
        self.up[p] == f64::NEG_INFINITY && self.low[p] == f64::INFINITY
    }

    /// Copy the active multipliers and gradients into the full-length arrays.
    fn write_back(&self, alpha: &mut [f64], grad: &mut [f64]) {
        for (p, &t) in self.idx.iter().enumerate() {
            alpha[t] = self.alpha[p];
            grad[t] = self.grad[p];
        }
    }
}

/// ρ as LIBSVM computes it: the mean of y_i G_i over free multipliers, else the middle of the bounds.
fn offset(alpha: &[f64], y: &[f64], grad: &[f64], c: f64) -> f64 {
    let (mut ub, mut lb) = (f64::INFINITY, f64::NEG_INFINITY);
    let (mut sum, mut free) = (0.0, 0usize);
    for ((&a, &yi), &g) in alpha.iter().zip(y).zip(grad) {
        let yg = yi * g;
        if a >= c {
            if yi < 0.0 {
                ub = ub.min(yg)
            } else {
                lb = lb.max(yg)
            }
        } else if a <= 0.0 {
            if yi > 0.0 {
                ub = ub.min(yg)
            } else {
                lb = lb.max(yg)
            }
        } else {
            free += 1;
            sum += yg;
        }
    }
    if free > 0 {
        sum / free as f64
    } else if ub.is_finite() && lb.is_finite() {
        (ub + lb) / 2.0
    } else if ub.is_finite() {
        ub
    } else if lb.is_finite() {
        lb
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two points, linear kernel: the hard-margin answer is known in closed form.
    #[test]
    fn two_points() {
        // x = −1 (y = −1), x = +1 (y = +1); K = x xᵀ. Large C: α = ½ each, w = 1, ρ = 0.
        let k = [1.0, -1.0, -1.0, 1.0];
        let s = solve(&k, &[-1.0, 1.0], 100.0, 1e-9, None, &mut Vec::new());
        assert!((s.alpha[0] - 0.5).abs() < 1e-9 && (s.alpha[1] - 0.5).abs() < 1e-9);
        assert!(s.rho.abs() < 1e-9);
        // Small C: both at the bound C.
        let s = solve(&k, &[-1.0, 1.0], 0.1, 1e-9, None, &mut Vec::new());
        assert!((s.alpha[0] - 0.1).abs() < 1e-12 && (s.alpha[1] - 0.1).abs() < 1e-12);
    }

    /// A warm start from the solution stays there (λ = eᵀα/αᵀQα = 1 at an optimum, up to the tolerance).
    #[test]
    fn warm_start_is_a_fixed_point() {
        let x = [0.0, 0.3, 0.5, 0.9, 1.0, 0.2];
        let y = [-1.0, -1.0, 1.0, 1.0, 1.0, -1.0];
        let k: Vec<f64> = (0..36).map(|p| x[p / 6] * x[p % 6] + 1.0).collect();
        let a = solve(&k, &y, 1.0, 1e-10, None, &mut Vec::new());
        let b = solve(&k, &y, 1.0, 1e-10, Some(&a.alpha), &mut Vec::new());
        assert!(b.iterations <= 2, "{} iterations", b.iterations);
        assert!(a.alpha.iter().zip(&b.alpha).all(|(p, q)| (p - q).abs() < 1e-9), "{:?} vs {:?}", a.alpha, b.alpha);
        let sum: f64 = a.alpha.iter().zip(&y).map(|(a, y)| a * y).sum();
        assert!(sum.abs() < 1e-12);
    }

    /// A two-class problem: `n` points in R⁵ with labels from a quadratic rule, a fraction `flip`
    /// flipped; quadratic kernel (⟨x, z⟩ + 1)².
    fn noisy_problem(n: usize, flip: f64, seed: u64) -> (Vec<f64>, Vec<f64>) {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let x: Vec<[f64; 5]> = (0..n).map(|_| std::array::from_fn(|_| rng.gen_range(-1.0..1.0))).collect();
        let y = x
            .iter()
            .map(|p| {
                let clean = p[0] * p[1] + p[2] > 0.1;
                if clean ^ (rng.r#gen::<f64>() < flip) {
                    1.0
                } else {
                    -1.0
                }
            })
            .collect();
        let k = (0..n * n)
            .map(|q| (x[q / n].iter().zip(&x[q % n]).map(|(a, b)| a * b).sum::<f64>() + 1.0).powi(2))
            .collect();
        (k, y)
    }

    /// The maximal KKT violation max_{I_up} −y_t G_t − min_{I_low} −y_t G_t, with G recomputed from α.
    fn kkt_violation(k: &[f64], y: &[f64], alpha: &[f64], c: f64) -> f64 {
        let n = y.len();
        let (mut m, mut big_m) = (f64::NEG_INFINITY, f64::INFINITY);
        for t in 0..n {
            let g = y[t] * (0..n).map(|s| alpha[s] * y[s] * k[t * n + s]).sum::<f64>() - 1.0;
            if up_mask(alpha[t], y[t], c) == 0.0 {
                m = m.max(-y[t] * g);
            }
            if low_mask(alpha[t], y[t], c) == 0.0 {
                big_m = big_m.min(-y[t] * g);
            }
        }
        m - big_m
    }

    /// Shrinking sets multipliers aside and compacts the working arrays; the answer must still meet the
    /// KKT conditions of the whole problem to the tolerance, inside the box and on yᵀα = 0.
    #[test]
    fn solutions_with_shrinking_meet_kkt_on_the_whole_problem() {
        for (n, c, seed) in [(400, 0.1, 1), (400, 10.0, 2), (37, 1.0, 3)] {
            let (k, y) = noisy_problem(n, 0.2, seed);
            let s = solve(&k, &y, c, 1e-3, None, &mut Vec::new());
            if c > 1.0 {
                assert!(s.iterations > n, "n = {n}, C = {c}: {} iterations, shrinking never ran", s.iterations);
            }
            assert!(s.alpha.iter().all(|&a| (0.0..=c).contains(&a)));
            assert!(s.alpha.iter().zip(&y).map(|(a, y)| a * y).sum::<f64>().abs() < 1e-9);
            let v = kkt_violation(&k, &y, &s.alpha, c);
            assert!(v < 2e-3 + 1e-9, "n = {n}, C = {c}: violation {v}");
        }
    }

    /// The block storage a caller passes from solve to solve (larger, left dirty by a bigger problem)
    /// changes nothing: the same multipliers, offset and iterations as with fresh storage, on problems
    /// whose active set is compacted more than once (in place after the first time).
    #[test]
    fn reused_block_storage_gives_the_same_solutions() {
        let mut work = Vec::new();
        for (n, c, seed) in [(400, 10.0, 2), (120, 1.0, 4), (300, 0.1, 6)] {
            let (k, y) = noisy_problem(n, 0.2, seed);
            let fresh = solve(&k, &y, c, 1e-3, None, &mut Vec::new());
            let reused = solve(&k, &y, c, 1e-3, None, &mut work);
            assert!(work.capacity() > 0, "n = {n}: the block was never compacted");
            assert_eq!(fresh.alpha, reused.alpha, "n = {n}");
            assert_eq!((fresh.rho, fresh.iterations), (reused.rho, reused.iterations), "n = {n}");
        }
    }

    /// Scaling the kernel by 4 scales an interior optimum by ¼, which is exactly the rescaled start
    /// λα with λ = eᵀα / αᵀ(4Q)α = ¼: the warm start needs almost no iterations, a cold one many.
    #[test]
    fn rescaled_warm_start_follows_a_growing_kernel() {
        let (k, y) = noisy_problem(120, 0.0, 5);
        let c = 1e6;
        let a = solve(&k, &y, c, 1e-6, None, &mut Vec::new());
        let k4: Vec<f64> = k.iter().map(|v| 4.0 * v).collect();
        let warm = solve(&k4, &y, c, 1e-6, Some(&a.alpha), &mut Vec::new());
        let cold = solve(&k4, &y, c, 1e-6, None, &mut Vec::new());
        assert!(warm.iterations * 20 < cold.iterations, "warm {} vs cold {}", warm.iterations, cold.iterations);
        let top = a.alpha.iter().fold(0.0, |m: f64, &p| m.max(p / 4.0));
        let off = a.alpha.iter().zip(&warm.alpha).fold(0.0, |m: f64, (p, q)| m.max((p / 4.0 - q).abs()));
        assert!(off < 1e-4 * top, "largest difference {off} against largest multiplier {top}");
    }

    /// The papers' kind of problem — binary features, ⟨x, y⟩², C = 0.1, one feature more at each size,
    /// warm starts, shrinking and compactions, ties everywhere — solved with the wide passes and the portable
    /// ones: the same multipliers, offsets and iteration counts to the bit.
    #[test]
    fn the_wide_passes_solve_to_the_same_bits() {
        use rand::{Rng, SeedableRng};
        let (n, features) = (203, 24);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let x: Vec<Vec<f64>> = (0..n).map(|_| (0..features).map(|_| rng.gen_range(0..2) as f64).collect()).collect();
        let y: Vec<f64> =
            x.iter().map(|r| if r[0] + r[1] * r[2] + rng.gen_range(0.0..0.8) > 1.0 { 1.0 } else { -1.0 }).collect();
        let (mut sums, mut starts) = (vec![0.0; n * n], [None::<Vec<f64>>, None]);
        for f in 0..features {
            (0..n * n).for_each(|q| sums[q] += x[q / n][f] * x[q % n][f]);
            let k: Vec<f64> = sums.iter().map(|s| s * s).collect();
            let [portable, wide] = [Passes::Portable, Passes::detect()].map(|passes| {
                let start = starts[(passes != Passes::Portable) as usize].as_deref();
                solve_with(&k, &y, 0.1, 1e-3, start, &mut Vec::new(), passes)
            });
            assert_eq!(portable.iterations, wide.iterations, "iterations at {} features", f + 1);
            assert_eq!(portable.rho.to_bits(), wide.rho.to_bits(), "offset at {} features", f + 1);
            assert!(portable.alpha.iter().zip(&wide.alpha).all(|(a, b)| a.to_bits() == b.to_bits()));
            starts = [Some(portable.alpha), Some(wide.alpha)];
        }
    }
}
