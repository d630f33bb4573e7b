//! Sequential minimal optimisation for the C-SVC dual on a precomputed kernel matrix.
//!
//! min_α ½ αᵀQα − eᵀα subject to 0 ≤ α_i ≤ C and yᵀα = 0, with Q_ij = y_i y_j K_ij (Platt 1998; the
//! working-set rule is LIBSVM's second-order one, Fan, Chen & Lin 2005, with its shrinking). The solver
//! stops when the maximal KKT violation m(α) − M(α) falls below `tol`. The decision function is
//! f(x) = Σ_i α_i y_i K(x_i, x) − ρ.
//!
//! Why featrank carries its own solver: SVM-RFE and the SVM curves fit thousands of machines whose
//! kernel matrices differ by one feature (K ← K ± x_f x_fᵀ for the linear kernel), and whose previous
//! solution is an excellent start. linfa-svm takes neither a kernel matrix nor a starting point.

/// A solved dual: multipliers, offset and the iteration count.
#[derive(Debug, Clone)]
pub(crate) struct Solution {
    pub alpha: Vec<f64>,
    pub rho: f64,
}

/// Solve the dual for the `n × n` row-major kernel `k`, labels `y` (±1), box `c`, KKT tolerance `tol`,
/// starting from `start` (any feasible α, e.g. the previous solution; zeros when `None`).
pub(crate) fn solve(k: &[f64], y: &[f64], c: f64, tol: f64, start: Option<&[f64]>) -> Solution {
    let n = y.len();
    debug_assert_eq!(k.len(), n * n);
    let mut alpha = match start {
        Some(a) if a.len() == n => a.to_vec(),
        _ => vec![0.0; n],
    };
    // Gradient of the objective: G = Qα − e.
    let mut grad = vec![-1.0; n];
    for (j, &a) in alpha.iter().enumerate() {
        if a != 0.0 {
            let row = &k[j * n..(j + 1) * n];
            let yj = y[j] * a;
            grad.iter_mut().zip(row).zip(y).for_each(|((g, &kk), &yi)| *g += yi * yj * kk);
        }
    }
    // The diagonal, contiguous (reading it from k strides a whole row per element).
    let diag: Vec<f64> = (0..n).map(|t| k[t * n + t]).collect();
    let up = |a: f64, yi: f64| (yi > 0.0 && a < c) || (yi < 0.0 && a > 0.0);
    let low = |a: f64, yi: f64| (yi > 0.0 && a > 0.0) || (yi < 0.0 && a < c);
    // Shrinking (LIBSVM §4 of Fan, Chen & Lin): every `period` iterations, multipliers stuck at a bound
    // that cannot become violating leave the active set; their gradients go stale and are rebuilt from
    // scratch before the final optimality check on the full set.
    let mut active: Vec<usize> = (0..n).collect();
    let period = n.clamp(1, 1000);
    let mut countdown = period;
    let max_iter = (100 * n).max(10_000_000);
    for _ in 0..max_iter {
        // i: the most violating index in I_up; also the maximal violation on each side for shrinking.
        let mut gmax = f64::NEG_INFINITY;
        let mut i = usize::MAX;
        let mut gmax_low = f64::NEG_INFINITY;
        for &t in &active {
            if up(alpha[t], y[t]) {
                let v = -y[t] * grad[t];
                if v > gmax {
                    gmax = v;
                    i = t;
                }
            }
            if low(alpha[t], y[t]) {
                gmax_low = gmax_low.max(y[t] * grad[t]);
            }
        }
        countdown -= 1;
        if countdown == 0 {
            countdown = period;
            // LIBSVM's be_shrunk with Gmax1 = gmax (I_up side) and Gmax2 = gmax_low (I_low side).
            active.retain(|&t| {
                let (a, g) = (alpha[t], grad[t]);
                let shrink = if a >= c {
                    if y[t] > 0.0 { -g > gmax } else { -g > gmax_low }
                } else if a <= 0.0 {
                    if y[t] > 0.0 { g > gmax_low } else { g > gmax }
                } else {
                    false
                };
                !shrink
            });
        }
        // j: the index in I_low with the largest second-order decrease.
        let mut gmin = f64::INFINITY;
        let mut best = f64::INFINITY;
        let mut j = usize::MAX;
        if i != usize::MAX {
            let ki = &k[i * n..(i + 1) * n];
            for &t in &active {
                if low(alpha[t], y[t]) {
                    let v = -y[t] * grad[t];
                    gmin = gmin.min(v);
                    let b = gmax - v;
                    if b > 0.0 {
                        let mut a = diag[i] + diag[t] - 2.0 * ki[t];
                        if a <= 0.0 {
                            a = 1e-12;
                        }
                        let obj = -(b * b) / a;
                        if obj < best {
                            best = obj;
                            j = t;
                        }
                    }
                }
            }
        }
        if i == usize::MAX || gmax - gmin < tol || j == usize::MAX {
            if active.len() == n {
                break;
            }
            // Optimal on the active set: rebuild the stale gradients and check the whole problem.
            let mut stale = vec![true; n];
            active.iter().for_each(|&t| stale[t] = false);
            for t in (0..n).filter(|&t| stale[t]) {
                let row = &k[t * n..(t + 1) * n];
                grad[t] = -1.0 + y[t] * (0..n).filter(|&s| alpha[s] > 0.0).map(|s| y[s] * alpha[s] * row[s]).sum::<f64>();
            }
            active = (0..n).collect();
            countdown = period;
            continue;
        }
        let (ki, kj) = (&k[i * n..(i + 1) * n], &k[j * n..(j + 1) * n]);
        let (old_i, old_j) = (alpha[i], alpha[j]);
        let mut quad = diag[i] + diag[j] - 2.0 * ki[j];
        if quad <= 0.0 {
            quad = 1e-12;
        }
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
        for &t in &active {
            grad[t] += y[t] * (ki[t] * di + kj[t] * dj);
        }
    }
    let rho = offset(&alpha, y, &grad, c);
    Solution { alpha, rho }
}

/// ρ as LIBSVM computes it: the mean of y_i G_i over free multipliers, else the middle of the bounds.
fn offset(alpha: &[f64], y: &[f64], grad: &[f64], c: f64) -> f64 {
    let (mut ub, mut lb) = (f64::INFINITY, f64::NEG_INFINITY);
    let (mut sum, mut free) = (0.0, 0usize);
    for ((&a, &yi), &g) in alpha.iter().zip(y).zip(grad) {
        let yg = yi * g;
        if a >= c {
            if yi < 0.0 { ub = ub.min(yg) } else { lb = lb.max(yg) }
        } else if a <= 0.0 {
            if yi > 0.0 { ub = ub.min(yg) } else { lb = lb.max(yg) }
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
        let s = solve(&k, &[-1.0, 1.0], 100.0, 1e-9, None);
        assert!((s.alpha[0] - 0.5).abs() < 1e-9 && (s.alpha[1] - 0.5).abs() < 1e-9);
        assert!(s.rho.abs() < 1e-9);
        // Small C: both at the bound C.
        let s = solve(&k, &[-1.0, 1.0], 0.1, 1e-9, None);
        assert!((s.alpha[0] - 0.1).abs() < 1e-12 && (s.alpha[1] - 0.1).abs() < 1e-12);
    }

    /// A warm start from the solution stays there.
    #[test]
    fn warm_start_is_a_fixed_point() {
        let x = [0.0, 0.3, 0.5, 0.9, 1.0, 0.2];
        let y = [-1.0, -1.0, 1.0, 1.0, 1.0, -1.0];
        let k: Vec<f64> = (0..36).map(|p| x[p / 6] * x[p % 6] + 1.0).collect();
        let a = solve(&k, &y, 1.0, 1e-10, None);
        let b = solve(&k, &y, 1.0, 1e-10, Some(&a.alpha));
        assert_eq!(a.alpha, b.alpha);
        let sum: f64 = a.alpha.iter().zip(&y).map(|(a, y)| a * y).sum();
        assert!(sum.abs() < 1e-12);
    }
}
