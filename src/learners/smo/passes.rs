//! The two passes over the active set that make an SMO iteration, and the code that runs them.
//!
//! Each pass reads a few arrays of the active set and finds a maximum: choosing j (LIBSVM's second-order
//! gain, and the gap that decides when to stop) and updating the gradient (and the next i). The portable
//! passes are plain loops the compiler vectorises for the CPU `crate::simd::wide!` chose; they store the
//! pass's values and find the maximum in a second pass, as the compiler does not vectorise carrying a
//! position along with a maximum. Where the CPU has AVX-512F, the passes run as written for its registers
//! (module `avx512`): one pass each, the same arithmetic operation for operation (no fused multiply-add),
//! so the same results to the bit — the tests compare them — and 30 % less time per iteration on the
//! papers' SVM protocol.

/// LIBSVM's τ: the stand-in for a non-positive K_ii + K_jj − 2K_ij.
pub(super) const TAU: f64 = 1e-12;

/// Which code runs the passes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Passes {
    /// Loops the compiler vectorises.
    Portable,
    /// AVX-512F intrinsics, one pass each.
    #[cfg(target_arch = "x86_64")]
    Avx512,
}

impl Passes {
    /// The fastest this CPU runs.
    pub(super) fn detect() -> Passes {
        #[cfg(target_arch = "x86_64")]
        if crate::simd::level() == crate::simd::Level::Avx512 {
            return Passes::Avx512;
        }
        Passes::Portable
    }

    /// j's pass: the gains b_t² / quad_t of LIBSVM's second-order rule, b_t = v_i − v_t with
    /// v_t = −y_t G_t and quad_t = K_ii + K_tt − 2K_it (τ where not positive), −1 off I_low or where b_t ≤ 0;
    /// returns (the best gain, its first position, max_{I_low} y_t G_t). `scratch` is storage as long as the
    /// active set.
    #[inline(always)]
    pub(super) fn select_j(self, c: &Candidates<'_>, scratch: &mut [f64]) -> (f64, usize, f64) {
        match self {
            Passes::Portable => select_j(c, scratch),
            // SAFETY: `detect` chose it, so the CPU has AVX-512F.
            #[cfg(target_arch = "x86_64")]
            Passes::Avx512 => unsafe { avx512::select_j(c) },
        }
    }

    /// The gradient's pass: G_t += y_t (K_it d_i + K_jt d_j); returns the maximum of v_t = up_t − y_t G_t
    /// and its first position (the next i).
    #[inline(always)]
    pub(super) fn update(self, g: &mut [f64], s: &Step<'_>, scratch: &mut [f64]) -> (f64, usize) {
        match self {
            Passes::Portable => update(g, s, scratch),
            // SAFETY: `detect` chose it, so the CPU has AVX-512F.
            #[cfg(target_arch = "x86_64")]
            Passes::Avx512 => unsafe { avx512::update(g, s) },
        }
    }
}

/// What j's pass reads, over the active set: labels y, gradients G, `low` masking I_low (0 in it, +∞ out),
/// `diag` holding K_tt, the row `ki` = K_i of the chosen i and `gmax` = v_i.
#[derive(Clone, Copy)]
pub(super) struct Candidates<'a> {
    pub low: &'a [f64],
    pub y: &'a [f64],
    pub g: &'a [f64],
    pub diag: &'a [f64],
    pub ki: &'a [f64],
    pub i: usize,
    pub gmax: f64,
}

/// What the gradient pass reads, over the active set: labels y, `up` masking I_up (0 in it, −∞ out), the
/// rows K_i and K_j and the steps d_i = Δα_i y_i, d_j = Δα_j y_j.
#[derive(Clone, Copy)]
pub(super) struct Step<'a> {
    pub y: &'a [f64],
    pub up: &'a [f64],
    pub ki: &'a [f64],
    pub kj: &'a [f64],
    pub di: f64,
    pub dj: f64,
}

/// The portable j pass ([`Passes::select_j`]).
#[inline(always)]
fn select_j(c: &Candidates<'_>, scratch: &mut [f64]) -> (f64, usize, f64) {
    let Candidates { low, y, g, diag, ki, i, gmax } = *c;
    let (a, qdi) = (low.len(), diag[i]);
    // max_{I_low} y_t G_t, in eight lanes (exact: comparisons do not round).
    let mut lanes = [f64::NEG_INFINITY; 8];
    let whole = a / 8 * 8;
    for ((l, y), g) in low[..whole].chunks_exact(8).zip(y.chunks_exact(8)).zip(g.chunks_exact(8)) {
        let (l, y, g): (&[f64; 8], &[f64; 8], &[f64; 8]) =
            (l.try_into().expect("8"), y.try_into().expect("8"), g.try_into().expect("8"));
        for q in 0..8 {
            let v = y[q] * g[q] - l[q];
            lanes[q] = if v > lanes[q] { v } else { lanes[q] };
        }
    }
    let mut neg_gmin = f64::NEG_INFINITY;
    for p in whole..a {
        neg_gmin = neg_gmin.max(y[p] * g[p] - low[p]);
    }
    for m in lanes {
        neg_gmin = neg_gmin.max(m);
    }
    let vals = &mut scratch[..a];
    for (v, (((&l, &y), &g), (&d, &kt))) in vals.iter_mut().zip(low.iter().zip(y).zip(g).zip(diag.iter().zip(ki))) {
        let b = gmax - (l - y * g);
        let quad = qdi + d - 2.0 * kt;
        let quad = if quad > 0.0 { quad } else { TAU };
        *v = if b > 0.0 { b * b / quad } else { -1.0 };
    }
    let (best, j) = argmax(vals);
    (best, j, neg_gmin)
}

/// The portable gradient pass ([`Passes::update`]).
#[inline(always)]
fn update(g: &mut [f64], s: &Step<'_>, scratch: &mut [f64]) -> (f64, usize) {
    let Step { y, up, ki, kj, di, dj } = *s;
    let a = g.len();
    let (y, up, ki, kj, vals) = (&y[..a], &up[..a], &ki[..a], &kj[..a], &mut scratch[..a]);
    for p in 0..a {
        g[p] += y[p] * (ki[p] * di + kj[p] * dj);
        vals[p] = up[p] - y[p] * g[p];
    }
    argmax(vals)
}

/// The largest value of `v` (−∞ when empty) and its first position: the maximum of each block of 64
/// (eight independent lanes, so it vectorises), then a search of the winning block. Exact, as
/// comparisons do not round.
#[inline(always)]
pub(super) fn argmax(v: &[f64]) -> (f64, usize) {
    let (mut best, mut at) = (f64::NEG_INFINITY, None);
    for (b, block) in v.chunks(64).enumerate() {
        let mut m = [f64::NEG_INFINITY; 8];
        let chunks = block.chunks_exact(8);
        let mut top = chunks.remainder().iter().fold(f64::NEG_INFINITY, |m, &x| if x > m { x } else { m });
        for chunk in chunks {
            let chunk: &[f64; 8] = chunk.try_into().expect("chunks of 8");
            for l in 0..8 {
                m[l] = if chunk[l] > m[l] { chunk[l] } else { m[l] };
            }
        }
        top = m.iter().fold(top, |m, &x| if x > m { x } else { m });
        if top > best {
            best = top;
            at = Some(b);
        }
    }
    match at {
        Some(b) => (best, b * 64 + v[b * 64..].iter().position(|&x| x == best).expect("the block holds its maximum")),
        None => (f64::NEG_INFINITY, usize::MAX),
    }
}

/// The two passes of an iteration in AVX-512 registers, each finding its maximum as it goes: running
/// maxima per lane that keep their first maximum, merged at the end into the largest value at the lowest
/// position that holds it, which is [`argmax`]'s answer. The arithmetic is the portable passes' operation
/// for operation (no fused multiply-add), so the results are the same to the bit; what the portable passes
/// cannot do is carry a position along with a maximum without a second pass over a stored array (the
/// compiler does not vectorise that). Four groups of eight lanes take turns (positions p..p+32 in four
/// registers), so the comparisons of one group do not wait for the previous group's; the last, partial
/// group is masked.
#[cfg(target_arch = "x86_64")]
mod avx512 {
    use std::arch::x86_64::*;

    /// Running (value, position) maxima of eight lanes.
    #[derive(Clone, Copy)]
    struct Lanes {
        value: __m512d,
        at: __m512i,
    }

    impl Lanes {
        #[inline]
        #[target_feature(enable = "avx512f")]
        fn new() -> Lanes {
            Lanes { value: _mm512_set1_pd(f64::NEG_INFINITY), at: _mm512_set1_epi64(i64::MAX) }
        }

        /// Lanes in `live` take `v` (at positions `pos`) where it exceeds their maximum.
        #[inline]
        #[target_feature(enable = "avx512f")]
        fn push(&mut self, live: __mmask8, v: __m512d, pos: __m512i) {
            let more = _mm512_mask_cmp_pd_mask::<_CMP_GT_OQ>(live, v, self.value);
            self.value = _mm512_mask_blend_pd(more, self.value, v);
            self.at = _mm512_mask_blend_epi64(more, self.at, pos);
        }

        /// Lane by lane, the larger value, and of equal values the lower position.
        #[inline]
        #[target_feature(enable = "avx512f")]
        fn merge(self, other: Lanes) -> Lanes {
            let more = _mm512_cmp_pd_mask::<_CMP_GT_OQ>(other.value, self.value);
            let equal = _mm512_cmp_pd_mask::<_CMP_EQ_OQ>(other.value, self.value);
            let first = _mm512_mask_blend_epi64(equal, self.at, _mm512_min_epi64(self.at, other.at));
            Lanes {
                value: _mm512_mask_blend_pd(more, self.value, other.value),
                at: _mm512_mask_blend_epi64(more, first, other.at),
            }
        }

        /// (max, its first position); (−∞, `usize::MAX`) when nothing exceeded −∞. The value is one the
        /// lanes hold (of a maximum 0 reached as 0 and −0, either sign, as with the portable `argmax`).
        #[inline]
        #[target_feature(enable = "avx512f")]
        fn finish(self) -> (f64, usize) {
            let top = _mm512_reduce_max_pd(self.value);
            let holders = _mm512_cmp_pd_mask::<_CMP_EQ_OQ>(self.value, _mm512_set1_pd(top));
            let first = _mm512_mask_reduce_min_epi64(holders, self.at);
            let winner = _mm512_mask_cmpeq_epi64_mask(holders, self.at, _mm512_set1_epi64(first));
            let value = _mm512_mask_reduce_max_pd(winner, self.value);
            (value, if first == i64::MAX { usize::MAX } else { first as usize })
        }
    }

    /// The lanes of positions `p..p + 8` that exist in `0..n` (p < n).
    #[inline]
    fn live(p: usize, n: usize) -> __mmask8 {
        ((1u16 << (n - p).min(8)) - 1) as __mmask8
    }

    /// The positions `p..p + 8`.
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn positions(p: usize) -> __m512i {
        _mm512_add_epi64(_mm512_set1_epi64(p as i64), _mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0))
    }

    /// Eight positions from `p` of `v` (0 beyond `live`).
    ///
    /// # Safety
    /// The lanes in `live` must lie in `v`.
    #[inline]
    #[target_feature(enable = "avx512f")]
    unsafe fn load(v: &[f64], p: usize, live: __mmask8) -> __m512d {
        // SAFETY: the caller's.
        unsafe { _mm512_maskz_loadu_pd(live, v.as_ptr().wrapping_add(p)) }
    }

    /// [`Passes::select_j`]'s pass: j's gains b_t² / quad_t (−1 off the candidates) and their argmax,
    /// and max_{I_low} y_t G_t. Returns (best gain, j, max_{I_low} y_t G_t).
    ///
    /// # Safety
    /// The CPU must support AVX-512F.
    #[target_feature(enable = "avx512f")]
    pub(super) unsafe fn select_j(c: &super::Candidates<'_>) -> (f64, usize, f64) {
        let super::Candidates { low, y, g, diag, ki, i, gmax } = *c;
        let n = low.len();
        let qdi = diag[i];
        assert!(y.len() == n && g.len() == n && diag.len() == n && ki.len() == n);
        let (gmax, qdi, two) = (_mm512_set1_pd(gmax), _mm512_set1_pd(qdi), _mm512_set1_pd(2.0));
        let (zero, tau, minus_one) = (_mm512_setzero_pd(), _mm512_set1_pd(super::TAU), _mm512_set1_pd(-1.0));
        let group = |p: usize, m: __mmask8, best: &mut Lanes, low_max: &mut __m512d| {
            // SAFETY: the loads read only positions below n.
            let (l, yv, gv, d, kt) =
                unsafe { (load(low, p, m), load(y, p, m), load(g, p, m), load(diag, p, m), load(ki, p, m)) };
            let yg = _mm512_mul_pd(yv, gv);
            let above = _mm512_sub_pd(yg, l);
            let more = _mm512_mask_cmp_pd_mask::<_CMP_GT_OQ>(m, above, *low_max);
            *low_max = _mm512_mask_blend_pd(more, *low_max, above);
            let b = _mm512_sub_pd(gmax, _mm512_sub_pd(l, yg));
            let quad = _mm512_sub_pd(_mm512_add_pd(qdi, d), _mm512_mul_pd(two, kt));
            let quad = _mm512_mask_blend_pd(_mm512_cmp_pd_mask::<_CMP_GT_OQ>(quad, zero), tau, quad);
            let gain = _mm512_div_pd(_mm512_mul_pd(b, b), quad);
            let gain = _mm512_mask_blend_pd(_mm512_cmp_pd_mask::<_CMP_GT_OQ>(b, zero), minus_one, gain);
            best.push(m, gain, positions(p));
        };
        let mut best = [Lanes::new(); 4];
        let mut low_max = [_mm512_set1_pd(f64::NEG_INFINITY); 4];
        let whole = n / 32 * 32;
        for p in (0..whole).step_by(32) {
            group(p, 0xff, &mut best[0], &mut low_max[0]);
            group(p + 8, 0xff, &mut best[1], &mut low_max[1]);
            group(p + 16, 0xff, &mut best[2], &mut low_max[2]);
            group(p + 24, 0xff, &mut best[3], &mut low_max[3]);
        }
        for (u, p) in (whole..n).step_by(8).enumerate() {
            group(p, live(p, n), &mut best[u], &mut low_max[u]);
        }
        let (gain, j) = best[0].merge(best[1]).merge(best[2].merge(best[3])).finish();
        let low_max = _mm512_max_pd(_mm512_max_pd(low_max[0], low_max[1]), _mm512_max_pd(low_max[2], low_max[3]));
        (gain, j, _mm512_reduce_max_pd(low_max))
    }

    /// [`Passes::update`]'s pass: G_t += y_t (K_it d_i + K_jt d_j), and the argmax of v_t = up_t − y_t G_t.
    ///
    /// # Safety
    /// The CPU must support AVX-512F.
    #[target_feature(enable = "avx512f")]
    pub(super) unsafe fn update(g: &mut [f64], s: &super::Step<'_>) -> (f64, usize) {
        let super::Step { y, up, ki, kj, di, dj } = *s;
        let n = g.len();
        assert!(y.len() == n && up.len() == n && ki.len() == n && kj.len() == n);
        let (di, dj) = (_mm512_set1_pd(di), _mm512_set1_pd(dj));
        let mut group = |p: usize, m: __mmask8, best: &mut Lanes| {
            // SAFETY: the loads and the store touch only positions below n.
            unsafe {
                let yv = load(y, p, m);
                let step = _mm512_add_pd(_mm512_mul_pd(load(ki, p, m), di), _mm512_mul_pd(load(kj, p, m), dj));
                let gv = _mm512_add_pd(load(g, p, m), _mm512_mul_pd(yv, step));
                _mm512_mask_storeu_pd(g.as_mut_ptr().wrapping_add(p), m, gv);
                best.push(m, _mm512_sub_pd(load(up, p, m), _mm512_mul_pd(yv, gv)), positions(p));
            }
        };
        let mut best = [Lanes::new(); 4];
        let whole = n / 32 * 32;
        for p in (0..whole).step_by(32) {
            group(p, 0xff, &mut best[0]);
            group(p + 8, 0xff, &mut best[1]);
            group(p + 16, 0xff, &mut best[2]);
            group(p + 24, 0xff, &mut best[3]);
        }
        for (u, p) in (whole..n).step_by(8).enumerate() {
            group(p, live(p, n), &mut best[u]);
        }
        best[0].merge(best[1]).merge(best[2].merge(best[3])).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// Arrays of `n` active positions whose values repeat (ties in both maxima), with multipliers at
    /// both bounds and between them.
    fn active(n: usize, seed: u64) -> [Vec<f64>; 7] {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let level = |rng: &mut rand_chacha::ChaCha8Rng| [0.0, 0.5, 1.0, -2.0, 3.0][rng.gen_range(0..5)];
        let y: Vec<f64> = (0..n).map(|_| if rng.gen_bool(0.5) { 1.0 } else { -1.0 }).collect();
        let g: Vec<f64> = (0..n).map(|_| level(&mut rng)).collect();
        let up: Vec<f64> = (0..n).map(|_| if rng.gen_bool(0.7) { 0.0 } else { f64::NEG_INFINITY }).collect();
        let low: Vec<f64> = (0..n).map(|_| if rng.gen_bool(0.7) { 0.0 } else { f64::INFINITY }).collect();
        let diag: Vec<f64> = (0..n).map(|_| [1.0, 4.0][rng.gen_range(0..2)]).collect();
        let ki: Vec<f64> = (0..n).map(|_| [0.0, 0.5, 2.0, 4.0][rng.gen_range(0..4)]).collect();
        let kj: Vec<f64> = (0..n).map(|_| rng.gen_range(-1.0..1.0)).collect();
        [y, g, up, low, diag, ki, kj]
    }

    /// The register passes this CPU can run.
    fn wide() -> Vec<Passes> {
        let mut all = Vec::new();
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx512f") {
                all.push(Passes::Avx512);
            }
        }
        if all.is_empty() {
            eprintln!("skipped: this CPU has no AVX-512F, so only the portable passes run here");
        }
        all
    }

    /// A CPU with AVX-512F runs the register passes (the solver asks `detect`).
    #[test]
    fn avx512_cpus_get_the_register_passes() {
        if !wide().is_empty() {
            assert_eq!(Passes::detect(), Passes::Avx512);
        }
    }

    /// Every length around whole registers and their groups of four, ties everywhere: the same maxima,
    /// positions and gradients to the bit as the portable passes — the maxima compared as values, so 0 and
    /// −0 are equal: the portable argmax may return a maximum 0 with the sign of another lane than the
    /// first position's, and the sign of a maximum 0 changes nothing the solver does (i's value only enters
    /// b_t = v_i − v_t, used where b_t > 0, and the gap, only compared).
    #[test]
    fn the_register_passes_equal_the_portable_ones() {
        for wide in wide() {
            for n in (1..80).chain([391, 392, 900]) {
                for seed in 0..4 {
                    let [y, g, up, low, diag, ki, kj] = active(n, seed);
                    let mut scratch = vec![0.0; n];
                    let i = n / 2;
                    for gmax in [0.0, 1.5, 3.0] {
                        let portable = Passes::Portable.select_j(
                            &Candidates { low: &low, y: &y, g: &g, diag: &diag, ki: &ki, i, gmax },
                            &mut scratch,
                        );
                        let fast = wide.select_j(
                            &Candidates { low: &low, y: &y, g: &g, diag: &diag, ki: &ki, i, gmax },
                            &mut scratch,
                        );
                        assert_eq!(portable, fast, "{wide:?} select_j, n = {n}");
                    }
                    let (mut g1, mut g2) = (g.clone(), g.clone());
                    let portable = Passes::Portable.update(
                        &mut g1,
                        &Step { y: &y, up: &up, ki: &ki, kj: &kj, di: 0.25, dj: -0.75 },
                        &mut scratch,
                    );
                    let fast = wide.update(
                        &mut g2,
                        &Step { y: &y, up: &up, ki: &ki, kj: &kj, di: 0.25, dj: -0.75 },
                        &mut scratch,
                    );
                    assert_eq!(portable, fast, "{wide:?} update, n = {n}");
                    assert!(g1.iter().zip(&g2).all(|(a, b)| a.to_bits() == b.to_bits()), "{wide:?} gradients, n = {n}");
                }
            }
            // Nothing in I_up: (−∞, usize::MAX) from both.
            let none = vec![f64::NEG_INFINITY; 20];
            let (y, ki) = (vec![1.0; 20], vec![0.0; 20]);
            let (mut g1, mut g2, mut scratch) = (vec![0.0; 20], vec![0.0; 20], vec![0.0; 20]);
            assert_eq!(
                Passes::Portable.update(
                    &mut g1,
                    &Step { y: &y, up: &none, ki: &ki, kj: &ki, di: 0.0, dj: 0.0 },
                    &mut scratch
                ),
                wide.update(&mut g2, &Step { y: &y, up: &none, ki: &ki, kj: &ki, di: 0.0, dj: 0.0 }, &mut scratch)
            );
        }
    }

    /// A maximum 0 reached as −0 first and as 0 later, in other lanes and registers: the first position.
    #[test]
    fn a_maximum_zero_is_found_at_its_first_position() {
        for wide in wide() {
            for first in [3, 9, 17, 40] {
                let n = 48;
                let (y, ki) = (vec![1.0; n], vec![0.0; n]);
                let mut up = vec![-1.0; n];
                up[first] = -0.0;
                (first + 1..n).step_by(5).for_each(|p| up[p] = 0.0);
                let (mut g1, mut g2, mut scratch) = (vec![0.0; n], vec![0.0; n], vec![0.0; n]);
                let portable = Passes::Portable.update(
                    &mut g1,
                    &Step { y: &y, up: &up, ki: &ki, kj: &ki, di: 0.0, dj: 0.0 },
                    &mut scratch,
                );
                let fast =
                    wide.update(&mut g2, &Step { y: &y, up: &up, ki: &ki, kj: &ki, di: 0.0, dj: 0.0 }, &mut scratch);
                assert_eq!(portable, (0.0, first));
                assert_eq!(fast, (0.0, first), "{wide:?}, first {first}");
            }
        }
    }
}
